package learn

import (
	"math"
	"slices"
	"testing"
)

// interval is datasets' interval (seed 003, "Non-linear features: 1D
// input"), written out here as package learn cannot import datasets: x =
// k/19 for the odd k from −19 to 19 (linspace(−1, 1, 20)), x₂ = 0, y = +1
// iff |x| < 0.5.
func interval() []Example {
	var out []Example
	for k := -19; k <= 19; k += 2 {
		y := -1
		if 2*k < 19 && 2*k > -19 {
			y = 1
		}
		out = append(out, Example{float64(k) / 19, 0, y})
	}
	return out
}

// TestIntervalConverges trains the kernel perceptron with interval's
// preset, K = (x·z + 1)², no bias, y·f ≤ 0 a mistake, the points in
// order. The expected run was computed independently in exact rational
// arithmetic (Python's fractions.Fraction, the notes' loop "for t, for i:
// if y ≠ sign(Σₖ aᵏ K(xᵏ, xⁱ)): aⁱ += 1" with x = Fraction(2i − 19, 19)):
// 17 passes with mistakes (4, 4, 3, 2, 2, 3, 3, 4, 4, 4, 3, 2, 3, 1, 2, 2,
// 2: 48 in all), then pass 18 without one. By hand from that α, w = Σ αⱼ
// yⱼ φ(xⱼ) on φ(x) = (1, √2·x, x²) is w₀ = Σ αⱼyⱼ = −3 − 2 − 3 − 7 + 16 +
// 2 + 1 + 6 − 8 = 2, w₁/√2 = 2·Σ αⱼyⱼxⱼ = 2·(3 − 57/19) = 0, w₂ = Σ αⱼyⱼxⱼ²
// = −3 − 1083/361 = −6: f(x) = 2 − 6x², positive for |x| < 1/√3 ≈ 0.577,
// which holds the ten +1 points (|x| ≤ 9/19) and none of the −1 (|x| ≥ 11/19
// ≈ 0.579: f = 2 − 6·121/361 = −4/361, the closest call).
func TestIntervalConverges(t *testing.T) {
	p, err := New(Config{Kernel: Poly{D: 2, C: 1}, Tie: TieMistake, Epochs: 100}, interval())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if p.State() != Converged || p.Epoch() != 18 || p.T() != 360 || p.Mistakes() != 48 {
		t.Errorf("state %v after %d passes, %d steps, %d mistakes; want converged after 18, 360, 48", p.State(), p.Epoch(), p.T(), p.Mistakes())
	}
	want := []float64{3, 0, 2, 3, 7, 16, 2, 0, 0, 0, 1, 0, 0, 6, 0, 8, 0, 0, 0, 0}
	if got := p.Alphas(); !slices.Equal(got, want) {
		t.Errorf("α = %v\nwant %v", got, want)
	}
	c, ok := LinePoly(p)
	if !ok || !slices.Equal(c, []float64{2, 0, -6}) {
		t.Errorf("LinePoly = %v, %v; want [2 0 −6] (f(x) = 2 − 6x²)", c, ok)
	}
	if got, want := LineString(c), "−6·x² + 2"; got != want {
		t.Errorf("LineString = %q, want %q", got, want)
	}
	pos := PositiveOnLine(p, -1.25, 1.25)
	r := 1 / math.Sqrt(3)
	if !pos.Exact || len(pos.Set) != 1 || math.Abs(pos.Set[0].Lo+r) > 1e-15 || math.Abs(pos.Set[0].Hi-r) > 1e-15 {
		t.Errorf("PositiveOnLine = %+v, want exactly (−1/√3, 1/√3)", pos)
	}
	// The feature map on the line, and w on it: the notes' (1, √2·x, x²).
	prim, err := Weights(p)
	if err != nil {
		t.Fatal(err)
	}
	line := prim.OnLine()
	if got, want := line.Map.Names, []string{"1", "√2·x", "x²"}; !slices.Equal(got, want) {
		t.Errorf("φ on the line = %v, want %v", got, want)
	}
	if got, want := line.String(), "w = (2, 0, −6) on (1, √2·x, x²)"; got != want {
		t.Errorf("w on the line: %q, want %q", got, want)
	}
	if got, want := line.Function(), "f(x) = −6·x² + 2"; got != want {
		t.Errorf("f on the line: %q, want %q", got, want)
	}
	// The dropped weights (features with x₂) are exactly 0: the support
	// vectors lie on the line.
	for k, name := range prim.Map.Names {
		if _, b := prim.Map.Powers(k); b > 0 && prim.W[k] != 0 {
			t.Errorf("weight of %s = %v, want 0 for points on the line", name, prim.W[k])
		}
	}
	for _, x := range []float64{-1, -0.3, 0, 0.5, 1.2} {
		if got, want := line.Decide(Vec{X1: x}), p.Decide(x, 0); math.Abs(got-want) > 1e-12 {
			t.Errorf("w·φ(%v) = %v on the line, f = %v", x, got, want)
		}
	}
}

func TestFeatureMapOnLine(t *testing.T) {
	for _, tt := range []struct {
		k     Kernel
		bias  bool
		names []string
	}{
		{Poly{D: 2, C: 1}, false, []string{"1", "√2·x", "x²"}},
		{Poly{D: 2, C: 0}, false, []string{"x²"}},
		{Linear{}, false, []string{"x"}},
		{Linear{}, true, []string{"1", "x"}},
		{Poly{D: 3, C: 1}, false, []string{"1", "√3·x", "√3·x²", "x³"}},
	} {
		m, err := ExplicitMap(tt.k, tt.bias)
		if err != nil {
			t.Fatal(err)
		}
		line := m.OnLine()
		if !slices.Equal(line.Names, tt.names) || !line.IsOnLine() {
			t.Errorf("%s (bias %v) on the line: %v, want %v", tt.k, tt.bias, line.Names, tt.names)
		}
		// φ(x)·φ(z) = K(x, z) for points on the line.
		embed := func(x float64) Vec {
			v := Vec{X1: x}
			if tt.bias {
				v.X0 = 1
			}
			return v
		}
		for _, xz := range [][2]float64{{0.5, -2}, {1, 1}, {-0.3, 0.7}} {
			a, b := line.Phi(embed(xz[0])), line.Phi(embed(xz[1]))
			dot := 0.0
			for k := range a {
				dot += a[k] * b[k]
			}
			if want := tt.k.Eval(embed(xz[0]), embed(xz[1])); math.Abs(dot-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Errorf("%s: φ(%v)·φ(%v) = %v on the line, K = %v", tt.k, xz[0], xz[1], dot, want)
			}
		}
	}
}

func TestPositivePoly(t *testing.T) {
	inf := math.Inf(1)
	for _, tt := range []struct {
		name string
		c    []float64
		want []Interval
	}{
		{"0", nil, nil},
		{"constant +", []float64{3}, []Interval{{-inf, inf}}},
		{"constant −", []float64{-3}, nil},
		{"threshold", []float64{-1, 2}, []Interval{{0.5, inf}}},
		{"threshold, other way", []float64{1, -2}, []Interval{{-inf, 0.5}}},
		{"outside ±1", []float64{-1, 0, 1}, []Interval{{-inf, -1}, {1, inf}}},
		{"inside ±1", []float64{1, 0, -1}, []Interval{{-1, 1}}},
		{"no real root, +", []float64{1, 0, 1}, []Interval{{-inf, inf}}},
		{"no real root, −", []float64{-1, 0, -1}, nil},
		{"double root at 1", []float64{1, -2, 1}, []Interval{{-inf, 1}, {1, inf}}},
		// x³ − x = x(x − 1)(x + 1), by bisection within Cauchy's bound 2.
		{"cubic", []float64{0, -1, 0, 1}, []Interval{{-1, 0}, {1, inf}}},
	} {
		got := positivePoly(tt.c)
		ok := len(got) == len(tt.want)
		for k := range min(len(got), len(tt.want)) {
			for _, pair := range [][2]float64{{got[k].Lo, tt.want[k].Lo}, {got[k].Hi, tt.want[k].Hi}} {
				if pair[0] != pair[1] && !(math.Abs(pair[0]-pair[1]) <= 1e-12) {
					ok = false
				}
			}
		}
		if !ok {
			t.Errorf("%s: where %v > 0 = %v, want %v", tt.name, tt.c, got, tt.want)
		}
	}
}

// TestPositiveScan checks the sampled search on a function that is no
// polynomial: cos(πx) > 0 on (−½, ½) and (3/2, 2] within [−1, 2].
func TestPositiveScan(t *testing.T) {
	got := positiveScan(func(x float64) float64 { return math.Cos(math.Pi * x) }, -1, 2)
	want := []Interval{{-0.5, 0.5}, {1.5, 2}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k := range got {
		if math.Abs(got[k].Lo-want[k].Lo) > 1e-12 || math.Abs(got[k].Hi-want[k].Hi) > 1e-12 {
			t.Errorf("got %v, want %v", got, want)
		}
	}
}
