package learn

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Mercer's condition as a counter-example. Seed 004 ("Věta (Mercer's)"): κ
// is a kernel iff every Gram matrix it makes is positive semi-definite. A
// Gram matrix that is not PSD has a principal submatrix that is not, and the
// smallest such set of training points is the clearest way to show it:
//
//   - one point: K(xᵢ, xᵢ) < 0, which no ‖φ(xᵢ)‖² can be;
//   - two points: Kᵢᵢ Kⱼⱼ < Kᵢⱼ², breaking Cauchy–Schwarz |φᵢ·φⱼ| ≤ ‖φᵢ‖‖φⱼ‖;
//   - three points: a 3×3 submatrix with a negative eigenvalue although all
//     its 2×2 ones are PSD.
//
// A matrix can pass every 3×3 test and still fail on a larger set; the
// search stops at three points.

// Triple search bounds: every triple up to CounterexampleAllTriples points
// (C(60, 3) = 34 220 closed-form 3×3 eigenvalues); beyond, triples among the
// CounterexampleCandidates points that weigh most in the eigenvector of the
// smallest eigenvalue (C(40, 3) = 9 880). That eigenvector comes from one
// mat.EigenSym of the matrix, or, above CounterexampleEigenLimit points, of
// the submatrix of that many evenly spaced points.
const (
	CounterexampleAllTriples = 60
	CounterexampleCandidates = 40
	CounterexampleEigenLimit = 1000
)

// Counterexample is the outcome of MercerCounterexample.
type Counterexample struct {
	// Found says whether a set of 1–3 points with a non-PSD Gram submatrix
	// was found. Points are those examples (0-based, ascending), Sub their
	// submatrix and MinEig its smallest eigenvalue (< −Tol).
	Found  bool
	Points []int
	Sub    *mat.SymDense
	MinEig float64
	// Tol is the rounding allowance 1e-9·max(1, max|Kᵢⱼ|).
	Tol float64
	// Exhaustive says every set of one, two and three points was searched.
	// Otherwise triples were searched among Candidates only.
	Exhaustive bool
	Candidates []int
	// Checked says GramMinEig is the smallest eigenvalue of the whole
	// matrix: when none is Found, a GramMinEig ≥ −Tol means the matrix is
	// PSD (no counter-example exists), and one below means it fails only on
	// sets larger than three.
	Checked    bool
	GramMinEig float64
}

// MercerCounterexample looks for the smallest set of training points (one,
// then two, then three) whose Gram submatrix has an eigenvalue below −tol,
// tol = 1e-9·max(1, max|Kᵢⱼ|). Among sets of the smallest size found it
// returns the one with the most negative eigenvalue, ties to the
// lexicographically smallest indices. Singles and pairs are searched in
// full (O(n²), as reading the matrix); triples as the Candidates
// constants say. It returns an error only if an eigendecomposition fails.
func MercerCounterexample(g *mat.SymDense) (Counterexample, error) {
	n := g.SymmetricDim()
	big := 1.0
	for i := range n {
		for j := i; j < n; j++ {
			big = max(big, math.Abs(g.At(i, j)))
		}
	}
	ce := Counterexample{Tol: 1e-9 * big, Exhaustive: n <= CounterexampleAllTriples}
	if n == 0 {
		ce.Checked = true
		return ce, nil
	}
	best, bestEig := []int(nil), -ce.Tol
	consider := func(eig float64, idx ...int) {
		if eig < bestEig {
			best, bestEig = slices.Clone(idx), eig
		}
	}
	for i := range n {
		consider(g.At(i, i), i)
	}
	if best == nil {
		for i := range n {
			for j := i + 1; j < n; j++ {
				consider(minEig2(g.At(i, i), g.At(i, j), g.At(j, j)), i, j)
			}
		}
	}
	if best != nil {
		return ce.found(g, best)
	}

	var cands []int
	var err error
	if ce.Exhaustive {
		cands = make([]int, n)
		for i := range cands {
			cands[i] = i
		}
		ce.GramMinEig, err = smallestEig(g)
		ce.Checked = true
	} else {
		cands, err = ce.candidates(g)
		ce.Candidates = cands
	}
	if err != nil {
		return Counterexample{}, err
	}
	if ce.Checked && ce.GramMinEig >= -ce.Tol {
		return ce, nil // PSD: no subset fails either
	}
	for a := range cands {
		for b := a + 1; b < len(cands); b++ {
			for c := b + 1; c < len(cands); c++ {
				i, j, k := cands[a], cands[b], cands[c]
				consider(minEig3(g.At(i, i), g.At(i, j), g.At(i, k), g.At(j, j), g.At(j, k), g.At(k, k)), i, j, k)
			}
		}
	}
	if best == nil {
		return ce, nil
	}
	return ce.found(g, best)
}

// found fills the answer for the points idx, the smallest eigenvalue taken
// again from mat.EigenSym of their submatrix.
func (ce Counterexample) found(g *mat.SymDense, idx []int) (Counterexample, error) {
	sub := mat.NewSymDense(len(idx), nil)
	for a, i := range idx {
		for b := a; b < len(idx); b++ {
			sub.SetSym(a, b, g.At(i, idx[b]))
		}
	}
	eig, err := smallestEig(sub)
	if err != nil {
		return Counterexample{}, err
	}
	if eig >= -ce.Tol {
		// The closed form said negative, the iterative solver not: only
		// possible within a hair of the tolerance. Believe the solver.
		return ce, nil
	}
	ce.Found, ce.Points, ce.Sub, ce.MinEig = true, idx, sub, eig
	return ce, nil
}

// candidates picks the points triples are searched among: those with the
// largest |vᵢ| in the eigenvector v of the smallest eigenvalue of g (or of
// an evenly spaced submatrix of CounterexampleEigenLimit points), ties to
// smaller indices, ascending. When g itself was decomposed it also records
// its smallest eigenvalue.
func (ce *Counterexample) candidates(g *mat.SymDense) ([]int, error) {
	n := g.SymmetricDim()
	pts := make([]int, min(n, CounterexampleEigenLimit))
	for k := range pts {
		pts[k] = k * n / len(pts)
	}
	sub := g
	if len(pts) < n {
		sub = mat.NewSymDense(len(pts), nil)
		for a, i := range pts {
			for b := a; b < len(pts); b++ {
				sub.SetSym(a, b, g.At(i, pts[b]))
			}
		}
	}
	var es mat.EigenSym
	if !es.Factorize(sub, true) {
		return nil, fmt.Errorf("Mercer counter-example: %w", ErrEigen)
	}
	if len(pts) == n {
		ce.Checked, ce.GramMinEig = true, es.Values(nil)[0]
	}
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	order := make([]int, len(pts))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(math.Abs(vecs.At(b, 0)), math.Abs(vecs.At(a, 0)))
	})
	out := make([]int, 0, CounterexampleCandidates)
	for _, k := range order[:min(len(order), CounterexampleCandidates)] {
		out = append(out, pts[k])
	}
	slices.Sort(out)
	return out, nil
}

// smallestEig is the smallest eigenvalue of a symmetric matrix.
func smallestEig(g *mat.SymDense) (float64, error) {
	var es mat.EigenSym
	if !es.Factorize(g, false) {
		return 0, fmt.Errorf("Mercer counter-example: %w", ErrEigen)
	}
	return es.Values(nil)[0], nil
}

// minEig2 is the smaller eigenvalue of [[a, b], [b, d]]: m − r with m the
// mean of the diagonal and r = √(((a−d)/2)² + b²); when m > 0 it is taken as
// det/(m + r), which keeps its digits when it is small.
func minEig2(a, b, d float64) float64 {
	m, r := (a+d)/2, math.Hypot((a-d)/2, b)
	if m > 0 {
		return (a*d - b*b) / (m + r)
	}
	return m - r
}

// minEig3 is the smallest eigenvalue of the symmetric 3×3 matrix
// [[a, b, c], [b, d, e], [c, e, f]] by the trigonometric closed form (Smith
// 1961, "Eigenvalues of a symmetric 3 × 3 matrix"): with q = tr/3, p² =
// (Σ(Aᵢᵢ − q)² + 2(b² + c² + e²))/6 and B = (A − qI)/p, the eigenvalues are
// q + 2p cos(θ + 2πk/3), θ = acos(det(B)/2)/3; the smallest is k = 1.
func minEig3(a, b, c, d, e, f float64) float64 {
	off := b*b + c*c + e*e
	q := (a + d + f) / 3
	p := math.Sqrt(((a-q)*(a-q) + (d-q)*(d-q) + (f-q)*(f-q) + 2*off) / 6)
	if p == 0 {
		return q
	}
	a, d, f, b, c, e = (a-q)/p, (d-q)/p, (f-q)/p, b/p, c/p, e/p
	det := a*(d*f-e*e) - b*(b*f-e*c) + c*(b*e-d*c)
	theta := math.Acos(max(-1, min(1, det/2))) / 3
	return q + 2*p*math.Cos(theta+2*math.Pi/3)
}

// String says what was found, for people (1-based points, as the notes
// number them).
func (ce Counterexample) String() string {
	if !ce.Found {
		switch {
		case ce.Checked && ce.GramMinEig >= -ce.Tol:
			return fmt.Sprintf("no counter-example: the Gram matrix is positive semi-definite (smallest eigenvalue %s)", Num(ce.GramMinEig))
		case ce.Checked:
			return fmt.Sprintf("none among single points, pairs and triples searched: the Gram matrix is not PSD (smallest eigenvalue %s), but only larger sets of points show it", Num(ce.GramMinEig))
		}
		return fmt.Sprintf("none among single points, pairs and triples of %d candidate points searched: the matrix may still fail on other or larger sets", len(ce.Candidates))
	}
	names := make([]string, len(ce.Points))
	for k, i := range ce.Points {
		names[k] = "x" + Sub(i+1)
	}
	at := func(a, b int) string { return Num(ce.Sub.At(a, b)) }
	switch len(ce.Points) {
	case 1:
		return fmt.Sprintf("K(%s, %s) = %s < 0, but it would be ‖φ(%s)‖² ≥ 0", names[0], names[0], at(0, 0), names[0])
	case 2:
		det := ce.Sub.At(0, 0)*ce.Sub.At(1, 1) - ce.Sub.At(0, 1)*ce.Sub.At(0, 1)
		k := func(a, b int) string { return "K(" + names[a] + ", " + names[b] + ")" }
		return fmt.Sprintf("points %s and %s: %s·%s − %s² = %s·%s − %s² = %s < 0 (smallest eigenvalue %s), against Cauchy–Schwarz",
			names[0], names[1], k(0, 0), k(1, 1), k(0, 1), at(0, 0), at(1, 1), at(0, 1), Num(det), Num(ce.MinEig))
	}
	return fmt.Sprintf("points %s: their 3×3 Gram matrix has the eigenvalue %s < 0", strings.Join(names, ", "), Num(ce.MinEig))
}
