package feature

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestCoinciding: seed 003's worked example under K = (x·z)², whose φ is
// (x₁², √2·x₁x₂, x₂²) (seed 001): x₁ = (1, 1) and x₃ = (−1, −1) both go to
// (1, √2, 1), x₂ = (−1, 1) and x₄ = (1, −1) both to (1, −√2, 1). The
// tolerance is relative: 5·10⁻⁷ of |φ| apart is one point, 2·10⁻⁶ two.
func TestCoinciding(t *testing.T) {
	t.Parallel()
	r2 := math.Sqrt2
	phi := [][3]float64{{1, r2, 1}, {1, -r2, 1}, {1, r2, 1}, {1, -r2, 1}}
	same := func(pts [][3]float64) func(a, b int) bool {
		return func(a, b int) bool { return sameVector(pts[a], pts[b]) }
	}
	if got := fmt.Sprint(coinciding(phi, []int{0, 1, 2, 3}, same(phi))); got != "[[0 2] [1 3]]" {
		t.Errorf("worked4: groups %s, want [[0 2] [1 3]] (φ(x₁) = φ(x₃), φ(x₂) = φ(x₄))", got)
	}
	p := [3]float64{1e3, -2e3, 3e3}
	for _, c := range []struct {
		rel  float64
		want string
	}{{5e-7, "[[7 9]]"}, {2e-6, "[]"}} {
		pts := [][3]float64{p, scale3(p, 1+c.rel)}
		if got := fmt.Sprint(coinciding(pts, []int{7, 9}, same(pts))); got != c.want {
			t.Errorf("points %g of |φ| apart: %s, want %s", c.rel, got, c.want)
		}
	}
	// The kernel's form: seed 003's Gram matrix has K₁₁ = K₃₃ = K₁₃ = 4 and
	// K₁₂ = 0.
	if !sameByKernel(4, 4, 4) || sameByKernel(4, 4, 0) || sameByKernel(4, 4, math.NaN()) {
		t.Error("‖φ(xᵢ) − φ(xⱼ)‖² = Kᵢᵢ − 2Kᵢⱼ + Kⱼⱼ: want x₁, x₃ one point and x₁, x₂ two")
	}
	if !sameByKernel(0, 0, 0) {
		t.Error("two points at φ = 0 are one point")
	}
	// Points in general position: no group, and each close pair found.
	rng := rand.New(rand.NewPCG(1, 2))
	var pts [][3]float64
	var index []int
	for k := range 1000 {
		pts = append(pts, [3]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
		index = append(index, k)
	}
	if got := coinciding(pts, index, same(pts)); len(got) != 0 {
		t.Errorf("1000 random points: groups %v", got)
	}
	pts = append(pts, pts[17], pts[500], pts[17])
	index = append(index, 1000, 1001, 1002)
	if got := fmt.Sprint(coinciding(pts, index, same(pts))); got != "[[17 1000 1002] [500 1001]]" {
		t.Errorf("copies of points 17 and 500: groups %s", got)
	}
}

// BenchmarkCoinciding: 10,000 points (circles at its largest) in an
// explicit φ, none coinciding.
func BenchmarkCoinciding(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	pts := make([][3]float64, 10000)
	index := make([]int, len(pts))
	for k := range pts {
		pts[k] = [3]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		index[k] = k
	}
	same := func(a, c int) bool { return sameVector(pts[a], pts[c]) }
	b.ReportAllocs()
	for b.Loop() {
		coinciding(pts, index, same)
	}
}
