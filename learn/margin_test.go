package learn

import (
	"errors"
	"math"
	"testing"
)

// TestGeometricMargin: one margin, γ = min yᵢf(xᵢ)/‖w‖, for every learner,
// and the SVM's width 2/‖w‖ beside it; each expected value worked by hand.
//
// The SVM on the notes' 4-point XOR example, K = (x·z)², C = 1: α₃ = α₄ =
// ¼ (one SMO pair), f(x) = ¼(x₁ + x₂)² − ¼(x₁ − x₂)² = x₁x₂, so
// yᵢf(xᵢ) = 1 at all four corners (all on the margin). On
// φ(x) = (x₁², √2·x₁x₂, x₂²), w = (0, 1/√2, 0), ‖w‖ = 1/√2 (also
// ‖w‖² = c₃²K₃₃ + c₄²K₄₄ + 2c₃c₄K₃₄ = 4/16 + 4/16 − 0 = ½): γ = 1/‖w‖ =
// √2 and the width 2/‖w‖ = 2√2, twice γ, as at any hard-margin optimum.
//
// The perceptron on the same example converges to α = (1, 0, 0, 0), f(x) =
// K(x₁, x) = (x₁ + x₂)²: y·f = 4, 0, 4, 0 (x₂ and x₄ sit on the boundary,
// right only by the tie rule neg), ‖w‖ = √K₁₁ = 2, so γ = 0.
//
// On the notes' 3-point example with bias (x̃ = (1, x₁, x₂), tie pos) it
// converges to w = x̃₂ − x̃₃ = (0, 1, −2) (the notes: "the result:
// x̃₂ − x̃₃"): w·x̃ᵢ = 4, 0, −5, y·f = 4, 0, 5, ‖w‖ = √5: γ = 0 again.
// With α = 0 there is no w, and no margin (ErrNoW). Tolerance 1e-12: a
// handful of float64 operations on small numbers.
func TestGeometricMargin(t *testing.T) {
	const tol = 1e-12
	svm, err := NewLearner(svmConfig(Poly{D: 2}, 1), worked4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svm.Step(); err != nil {
		t.Fatal(err)
	}
	if g, err := GeometricMargin(svm); err != nil || math.Abs(g-math.Sqrt2) > tol {
		t.Errorf("SVM on the XOR example: γ = %v (%v), want √2", g, err)
	}
	if w := svm.(DualSolver).Width(); math.Abs(w-2*math.Sqrt2) > tol {
		t.Errorf("SVM on the XOR example: width 2/‖w‖ = %v, want 2√2", w)
	}

	p, err := NewLearner(Config{Kernel: Poly{D: 2}, Tie: TieNeg, Epochs: 100}, worked4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := GeometricMargin(p); !errors.Is(err, ErrNoW) {
		t.Errorf("α = 0: err %v, want ErrNoW", err)
	}
	for p.State() == Running {
		if _, err := p.Step(); err != nil {
			break
		}
	}
	if g, err := GeometricMargin(p); err != nil || g != 0 {
		t.Errorf("perceptron on the XOR example: γ = %v (%v), want 0", g, err)
	}

	three := []Example{{2, -1, 1}, {2, 1, 1}, {1, 3, -1}}
	p, err = NewLearner(Config{Kernel: Linear{}, Bias: true, Tie: TiePos, Epochs: 100}, three)
	if err != nil {
		t.Fatal(err)
	}
	for p.State() == Running {
		if _, err := p.Step(); err != nil {
			break
		}
	}
	if a := p.Alphas(); a[0] != 0 || a[1] != 1 || a[2] != 1 {
		t.Fatalf("3-point example: α = %v, want (0, 1, 1)", a)
	}
	if g, err := GeometricMargin(p); err != nil || g != 0 {
		t.Errorf("perceptron on the 3-point example: γ = %v (%v), want 0", g, err)
	}
}

// TestGeometricMarginNotPSD: a kernel that is not positive semi-definite
// can make ‖w‖² negative; then there is no ‖w‖ and no margin. With the
// sigmoid tanh(x·z − 1) and the one point x = (0, 0), y = +1, the first
// step is a mistake (f = 0), α = 1, and ‖w‖² = K(x, x) = tanh(−1) < 0.
func TestGeometricMarginNotPSD(t *testing.T) {
	p, err := NewLearner(Config{Kernel: Sigmoid{Gamma: 1, C: -1}, Tie: TieMistake, Epochs: 1}, []Example{{0, 0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Step(); err != nil {
		t.Fatal(err)
	}
	if g, err := GeometricMargin(p); err == nil || errors.Is(err, ErrNoW) {
		t.Errorf("‖w‖² = tanh(−1): γ = %v, err %v; want an error that is not ErrNoW", g, err)
	}
}
