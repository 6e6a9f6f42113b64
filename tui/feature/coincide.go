package feature

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"kernelscope/learn"
)

// coincideTol is how close two points' images must be to be one point of
// feature space:
//
//	‖φ(xᵢ) − φ(xⱼ)‖ ≤ coincideTol · max(‖φ(xᵢ)‖, ‖φ(xⱼ)‖).
//
// The worked example (seed 003, K = (x·z)²) has φ(x₁) = φ(x₃) exactly; a
// distance written as Kᵢᵢ − 2Kᵢⱼ + Kⱼⱼ has rounding of about 1e-16·K, whose
// root is 1e-8·√K, so 1e-6 is well above rounding and far below any gap a
// picture could show.
const coincideTol = 1e-6

// coincideTolText is coincideTol as the view states it.
const coincideTolText = "10⁻⁶"

// sameVector reports whether two explicit images φ coincide.
func sameVector(p, q [3]float64) bool {
	d := add3(p, scale3(q, -1))
	return dot3(d, d) <= coincideTol*coincideTol*max(dot3(p, p), dot3(q, q))
}

// sameByKernel reports whether φ(xᵢ) and φ(xⱼ) coincide, from the kernel
// alone: ‖φ(xᵢ) − φ(xⱼ)‖² = Kᵢᵢ − 2Kᵢⱼ + Kⱼⱼ (seed 003: K(u, v) = Φ(u)·Φ(v)).
func sameByKernel(kii, kjj, kij float64) bool {
	d := kii - 2*kij + kjj
	if math.IsNaN(d) || math.IsInf(d, 0) {
		return false
	}
	return math.Abs(d) <= coincideTol*coincideTol*max(kii, kjj, 0)
}

// candidateSlack is how far apart along a fixed direction the coordinates
// of two points may lie and still be compared, relative to the farthest
// point: generous, as a projection's coordinates carry the rounding of an
// eigendecomposition; same decides.
const candidateSlack = 1e-4

// generic is a direction no data set lines its points up across (its
// entries are powers of the plastic number's inverse): points that
// coincide have nearly the same coordinate along it, and few others do.
var generic = [3]float64{1, 0.7548776662466927, 0.5698402909980532}

// coinciding groups the points whose φ coincide by same(a, b) (indices
// into pts): the points are sorted along a generic direction and only
// neighbours within candidateSlack compared, so n points cost n log n
// plus the pairs that lie close. Groups are returned as examples' indices
// (index[a]), ascending, ordered by their first example.
func coinciding(pts [][3]float64, index []int, same func(a, b int) bool) [][]int {
	n := len(pts)
	big := 0.0
	for _, p := range pts {
		if v := norm3(p); v <= math.MaxFloat64 {
			big = max(big, v)
		}
	}
	key := make([]float64, n)
	order := make([]int, 0, n)
	for k, p := range pts {
		key[k] = dot3(p, generic)
		if !math.IsNaN(key[k]) && !math.IsInf(key[k], 0) {
			order = append(order, k)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(key[a], key[b]) })
	parent := make([]int, n)
	for k := range parent {
		parent[k] = k
	}
	var root func(int) int
	root = func(k int) int {
		for parent[k] != k {
			parent[k] = parent[parent[k]]
			k = parent[k]
		}
		return k
	}
	slack := candidateSlack * big * norm3(generic)
	for a, ka := range order {
		for _, kb := range order[a+1:] {
			if key[kb]-key[ka] > slack {
				break
			}
			if ra, rb := root(ka), root(kb); ra != rb && same(ka, kb) {
				parent[max(ra, rb)] = min(ra, rb)
			}
		}
	}
	size := make([]int, n)
	for k := range n {
		size[root(k)]++
	}
	byRoot := map[int][]int{}
	for k := range n {
		if r := root(k); size[r] > 1 {
			byRoot[r] = append(byRoot[r], index[k])
		}
	}
	groups := make([][]int, 0, len(byRoot))
	for _, g := range byRoot {
		slices.Sort(g)
		groups = append(groups, g)
	}
	slices.SortFunc(groups, func(a, b []int) int { return cmp.Compare(a[0], b[0]) })
	return groups
}

// groupLabel writes a group as an equation, φ(x₁)=φ(x₃).
func groupLabel(g []int) string {
	parts := make([]string, len(g))
	for k, i := range g {
		parts[k] = "φ(x" + learn.Sub(i+1) + ")"
	}
	return strings.Join(parts, "=")
}

// countLabel says how many points a group has: "5 points coincide".
func countLabel(g []int) string { return strconv.Itoa(len(g)) + " points coincide" }

// listedGroups and listedMembers bound the groups the note lists one by
// one; beyond them it counts.
const (
	listedGroups  = 4
	listedMembers = 3
)

// addCoincideNote says which points coincide in feature space, and to
// what tolerance: each group as an equation when there are few, else how
// many points in how many places.
func (fs *FeatureSpace) addCoincideNote() {
	if len(fs.groups) == 0 {
		return
	}
	list := len(fs.groups) <= listedGroups
	points := 0
	for _, g := range fs.groups {
		points += len(g)
		list = list && len(g) <= listedMembers
	}
	var text string
	if list {
		eqs := make([]string, len(fs.groups))
		for k, g := range fs.groups {
			eqs[k] = groupLabel(g)
		}
		text = strings.Join(eqs, ", ") + ": the same point of feature space"
	} else {
		text = strconv.Itoa(points) + " points coincide in feature space, at " + strconv.Itoa(len(fs.groups)) + " places"
	}
	text += " (to " + coincideTolText + "·‖φ‖)"
	fs.notes = append(fs.notes, note{text, rankCoincide})
}
