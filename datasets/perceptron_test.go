package datasets

import (
	"fmt"
	"math"
	"testing"

	"kernelscope/learn"
)

// A reference kernel perceptron, independent of package learn, to check that
// each built-in's preset can learn it.

// testKernel parses the three kernel specs the presets use.
func testKernel(t testing.TB, spec string) func(a, b []float64) float64 {
	t.Helper()
	dot := func(a, b []float64) float64 {
		s := 0.0
		for i := range a {
			s += a[i] * b[i]
		}
		return s
	}
	var d, c, sigma float64
	switch {
	case spec == "linear":
		return dot
	case scan(spec, "poly(d=%g,c=%g)", &d, &c):
		// K(u, v) = (u·v + c)^d  (seed 000, "Inhomogenous Polynomial kernel")
		return func(a, b []float64) float64 { return math.Pow(dot(a, b)+c, d) }
	case scan(spec, "rbf(sigma=%g)", &sigma):
		// K(u, v) = exp(−‖u − v‖² / 2σ²)  (seed 000, "Radial Basis function kernel")
		return func(a, b []float64) float64 {
			s := 0.0
			for i := range a {
				s += (a[i] - b[i]) * (a[i] - b[i])
			}
			return math.Exp(-s / (2 * sigma * sigma))
		}
	}
	t.Fatalf("test kernel: cannot read spec %q", spec)
	return nil
}

func scan(s, format string, args ...any) bool {
	n, err := fmt.Sscanf(s, format, args...)
	return err == nil && n == len(args)
}

// trainEpochs runs the kernel perceptron cyclically over pts and returns the
// number of the first epoch without a mistake, or 0 if there is none within
// maxEpochs. Mistakes are decided by tie (TieMistake: yᵢ·f(xᵢ) ≤ 0), and on a
// mistake αᵢ += 1, with f(xᵢ) = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ)  (seed 001).
func trainEpochs(t testing.TB, pts []Point, p Preset, maxEpochs int) int {
	t.Helper()
	k := testKernel(t, p.Kernel)
	xs := make([][]float64, len(pts))
	for i, pt := range pts {
		if p.Bias {
			xs[i] = []float64{1, pt.X1, pt.X2}
		} else {
			xs[i] = []float64{pt.X1, pt.X2}
		}
	}
	n := len(pts)
	gram := make([]float64, n*n)
	for i := range n {
		for j := range n {
			gram[i*n+j] = k(xs[i], xs[j])
		}
	}
	alpha := make([]float64, n)
	for epoch := 1; epoch <= maxEpochs; epoch++ {
		mistakes := 0
		for i := range n {
			f := 0.0
			for j := range n {
				f += alpha[j] * float64(pts[j].Y) * gram[j*n+i]
			}
			if _, miss := p.Tie.Predict(f, pts[i].Y); miss {
				alpha[i]++
				mistakes++
			}
		}
		if mistakes == 0 {
			return epoch
		}
	}
	return 0
}

func TestTrainEpochsWorked4(t *testing.T) {
	// Seed 003 works the example by hand: with K(u, v) = (u·v)² and
	// sign(0) = −1, x¹ and x² are mistakes in the first pass, x³ and x⁴ are
	// then classified right, and the second pass makes no mistake.
	pts := []Point{{1, 1, 1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, -1}}
	got := trainEpochs(t, pts, Preset{Kernel: "poly(d=2,c=0)", Tie: learn.TieNeg}, 10)
	if got != 2 {
		t.Errorf("worked4: converged in epoch %d, want 2", got)
	}
}
