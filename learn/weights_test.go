package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// trainConverged runs a perceptron to the end and fails the test unless it converged.
func trainConverged(t *testing.T, cfg Config, data []Example) *Perceptron {
	t.Helper()
	p, err := New(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil && !errors.Is(err, ErrStopped) {
		t.Fatal(err)
	}
	if p.State() != Converged {
		t.Fatalf("%s: %v, want converged", cfg.Kernel, p.State())
	}
	return p
}

// TestWeightsWorked4: seed 003's example converges to α = [1, 0, 0, 0], so
// w = 1·φ(x¹) = φ(1, 1) = (1, √2, 1) on seed 001's (x₁², √2·x₁x₂, x₂²), and
// "y = K([1,1], x) = (x₁ + x₂)²" expanded.
func TestWeightsWorked4(t *testing.T) {
	p := trainConverged(t, Config{Kernel: Poly{D: 2, C: 0}, Tie: TieNeg, Epochs: 100}, worked4)
	w, err := Weights(p)
	if err != nil {
		t.Fatal(err)
	}
	// φ(1, 1) = (1·1², √2·1·1, 1²) exactly: √2 is math.Sqrt(2) times 1.
	if want := []float64{1, math.Sqrt2, 1}; !slices.Equal(w.W, want) || w.B != 0 {
		t.Errorf("w = %v, b = %v; want %v, 0", w.W, w.B, want)
	}
	if got, want := w.String(), "w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := w.Function(), "f(x) = x₁² + 2·x₁x₂ + x₂²"; got != want {
		t.Errorf("Function() = %q, want %q", got, want)
	}
}

// TestWeightsWorked3: seed 004's example ends with "The result: x̃₂ − x̃₃" =
// (1, 2, 1) − (1, 1, 3) = (0, 1, −2) on (1, x₁, x₂).
func TestWeightsWorked3(t *testing.T) {
	p := trainConverged(t, Config{Kernel: Linear{}, Bias: true, Tie: TiePos, Epochs: 100}, worked3)
	w, err := Weights(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{0, 1, -2}; !slices.Equal(w.W, want) {
		t.Errorf("w = %v, want %v", w.W, want)
	}
	if got, want := w.String(), "w = (0, 1, −2) on (1, x₁, x₂)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := w.Function(), "f(x) = x₁ − 2·x₂"; got != want {
		t.Errorf("Function() = %q, want %q", got, want)
	}
}

// TestWeightsMatchScores: w·φ(xᵢ) + b is f(xᵢ) as the perceptron keeps it
// (Score) and computes it (Decide), for random data and random explicit
// kernels, bias on and off, converged or not; so is the w of a Frozen copy.
// The tolerance is 1e-9 relative to Σⱼ |cⱼ| Σₖ |φₖ(xⱼ) φₖ(xᵢ)|, which
// bounds the magnitude of every term either way of computing f adds.
func TestWeightsMatchScores(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 5))
	for trial := range 60 {
		k := randomExplicit(r, 2)
		cfg := Config{Kernel: k, Bias: trial%2 == 0, Tie: Ties[r.IntN(3)], Epochs: 1 + r.IntN(8), Params: NewParams("eta", 0.1+r.Float64())}
		p, err := New(cfg, randomData(r, 5+r.IntN(25)))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Run(); err != nil && !errors.Is(err, ErrStopped) {
			t.Fatal(err)
		}
		w, err := Weights(p)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		m := w.Map
		for i := range p.N() {
			xi := p.X(i)
			phi := m.Phi(xi)
			scale := 0.0
			for _, j := range p.SupportVectors() {
				pj := m.Phi(p.X(j))
				for q := range pj {
					scale += math.Abs(p.Coef(j) * pj[q] * phi[q])
				}
			}
			got := w.Decide(xi)
			if want := p.Score(i); math.Abs(got-want) > 1e-9*scale {
				t.Fatalf("%s bias=%v: w·φ(x%d) = %v, Score = %v (scale %v)", k, cfg.Bias, i+1, got, want, scale)
			}
			if want := p.Decide(xi.X1, xi.X2); math.Abs(got-want) > 1e-9*scale {
				t.Fatalf("%s bias=%v: w·φ(x%d) = %v, Decide = %v", k, cfg.Bias, i+1, got, want)
			}
		}
		fw, err := Weights(Freeze(p))
		if err != nil || !slices.Equal(fw.W, w.W) {
			t.Fatalf("%s: Frozen w = %v (%v), want %v", k, fw.W, err, w.W)
		}
	}
}

// TestWeightsNoMap: a learner on an RBF kernel has no w; Weights says why.
func TestWeightsNoMap(t *testing.T) {
	p, err := New(Config{Kernel: RBF{Sigma: 1}, Epochs: 3}, worked4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Weights(p); !errors.Is(err, ErrInfinite) {
		t.Errorf("Weights on an RBF perceptron: err = %v, want ErrInfinite", err)
	}
}

// TestPrimalText: how weights, offsets and monomials are written.
func TestPrimalText(t *testing.T) {
	quad, _ := ExplicitMap(Poly{D: 2}, false)
	lin, _ := ExplicitMap(Linear{}, true)
	sc, _ := ExplicitMap(Scaled{A: 8, K: Poly{D: 2, C: 0.5}}, false)
	s2 := math.Sqrt2
	cases := []struct {
		p        Primal
		str, fun string
	}{
		{Primal{Map: quad, W: []float64{0, 0, 0}}, "w = (0, 0, 0) on (x₁², √2·x₁x₂, x₂²)", "f(x) = 0"},
		// −3√2 and 0.5√2 (not an integer multiple) on the √2 feature.
		{Primal{Map: quad, W: []float64{-1, -3 * s2, 0.25}}, "w = (−1, −3√2, 0.25) on (x₁², √2·x₁x₂, x₂²)", "f(x) = −x₁² − 6·x₁x₂ + 0.25·x₂²"},
		{Primal{Map: quad, W: []float64{2, 0.5 * s2, 0}}, "w = (2, 0.7071, 0) on (x₁², √2·x₁x₂, x₂²)", "f(x) = 2·x₁² + x₁x₂"},
		// Rounding noise below 1e-12 is no term, and an integer is an integer.
		{Primal{Map: quad, W: []float64{1e-17, s2 * (1 + 1e-15), 1}}, "w = (1e-17, √2, 1) on (x₁², √2·x₁x₂, x₂²)", "f(x) = 2·x₁x₂ + x₂²"},
		// The bias weight and an offset b both land in the constant term.
		{Primal{Map: lin, W: []float64{-2, 1, 0}, B: 0.5}, "w = (−2, 1, 0) on (1, x₁, x₂), b = 0.5", "f(x) = x₁ − 1.5"},
		{Primal{Map: lin, W: []float64{2, 0, 0}, B: -2}, "w = (2, 0, 0) on (1, x₁, x₂), b = −2", "f(x) = 0"},
		// 8(x·z + 0.5)²: λ = 2, 8, 8, 8, 16, 8 on 1, x₁, x₂, x₁², x₁x₂, x₂².
		// 2 on 2√2·x₂ is no integer multiple of √2: a number, as is f's 4√2.
		{Primal{Map: sc, W: []float64{s2, 4 * s2, 2, -2 * s2, 4, 0}}, "w = (√2, 4√2, 2, −2√2, 4, 0) on (√2, 2√2·x₁, 2√2·x₂, 2√2·x₁², 4·x₁x₂, 2√2·x₂²)",
			"f(x) = −8·x₁² + 16·x₁x₂ + 16·x₁ + 5.657·x₂ + 2"},
	}
	for _, c := range cases {
		if got := c.p.String(); got != c.str {
			t.Errorf("String() = %q, want %q", got, c.str)
		}
		if got := c.p.Function(); got != c.fun {
			t.Errorf("%s: Function() = %q, want %q", c.str, got, c.fun)
		}
	}
}
