package learn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestExplicitMapNames checks each construction's features, in order, against
// the notes where they write one (the order is ours: degree ascending, then
// the power of x₁ descending).
func TestExplicitMapNames(t *testing.T) {
	cases := []struct {
		k    Kernel
		bias bool
		want string
	}{
		// Seed 001, "The kernel trick": z₁ = x₁², z₂ = x₂², z₃ = √2 x₁x₂.
		{Poly{D: 2}, false, "x₁², √2·x₁x₂, x₂²"},
		{Linear{}, false, "x₁, x₂"},
		// Seed 004: x̃ = (1, x₁, x₂).
		{Linear{}, true, "1, x₁, x₂"},
		// Seed 003, "The Kernel Trick": (1 + u·v)² has Φ(x) = [1, x₁², √2x₁x₂,
		// x₂², √2x₁, √2x₂]; seed 004's φ for (x̃ₖ·x̃ₗ)² is the same six.
		{Poly{D: 2, C: 1}, false, "1, √2·x₁, √2·x₂, x₁², √2·x₁x₂, x₂²"},
		{Poly{D: 2}, true, "1, √2·x₁, √2·x₂, x₁², √2·x₁x₂, x₂²"},
		// (x̃·z̃ + 1)² = (2 + x·z)² = 4 + 4x·z + (x·z)².
		{Poly{D: 2, C: 1}, true, "2, 2·x₁, 2·x₂, x₁², √2·x₁x₂, x₂²"},
		// Multinomial weights 1, 3, 3, 1.
		{Poly{D: 3}, false, "x₁³, √3·x₁²x₂, √3·x₁x₂², x₂³"},
		// (x·z + 0.5)²: c² = 0.25, 2c = 1.
		{Poly{D: 2, C: 0.5}, false, "0.5, x₁, x₂, x₁², √2·x₁x₂, x₂²"},
		// (x·z + 0.3)¹: √0.3 is written by its square.
		{Poly{D: 1, C: 0.3}, false, "√0.3, x₁, x₂"},
		// c = −1 with bias: x̃·z̃ − 1 = x·z.
		{Poly{D: 2, C: -1}, true, "x₁², √2·x₁x₂, x₂²"},
		// Seed 003, "Polynomials of degree exactly d", d = 2: (u₁², u₁u₂, u₂u₁, u₂²).
		{Product{Linear{}, Linear{}}, false, "x₁², x₁x₂, x₂x₁, x₂²"},
		{Product{Linear{}, Poly{D: 2}}, false, "x₁³, √2·x₁²x₂, x₁x₂², x₂x₁², √2·x₂x₁x₂, x₂³"},
		{Sum{Linear{}, Linear{}}, false, "x₁, x₂, x₁, x₂"},
		{Scaled{A: 2, K: Linear{}}, true, "√2, √2·x₁, √2·x₂"},
		{Scaled{A: 8, K: Linear{}}, false, "2√2·x₁, 2√2·x₂"},
		{Scaled{A: 0.5, K: Poly{D: 2}}, false, "√0.5·x₁², x₁x₂, √0.5·x₂²"},
	}
	for _, c := range cases {
		m, err := ExplicitMap(c.k, c.bias)
		if err != nil {
			t.Errorf("%s bias=%v: %v", c.k, c.bias, err)
			continue
		}
		if got := strings.Join(m.Names, ", "); got != c.want {
			t.Errorf("%s bias=%v: features (%s), want (%s)", c.k, c.bias, got, c.want)
		}
		if m.Dim() != len(m.Names) {
			t.Errorf("%s: Dim %d ≠ %d names", c.k, m.Dim(), len(m.Names))
		}
	}
}

// TestExplicitMapSeed001 evaluates seed 001's φ at the support vector of
// seed 003's example, x¹ = (1, 1): φ = (1, √2, 1).
func TestExplicitMapSeed001(t *testing.T) {
	m, err := ExplicitMap(Poly{D: 2}, false)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Phi(Vec{0, 1, 1}), []float64{1, math.Sqrt2, 1}; !slices.Equal(got, want) {
		t.Errorf("φ(1, 1) = %v, want %v", got, want)
	}
	if got, want := m.String(), "φ(x) = (x₁², √2·x₁x₂, x₂²)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if a, b := m.Powers(1); a != 1 || b != 1 || m.Const(1) != math.Sqrt2 || m.Bias() {
		t.Errorf("feature 2: powers (%d, %d), κ %v, bias %v", a, b, m.Const(1), m.Bias())
	}
}

// TestExplicitMapDim: (x·z + c)^d has C(d+2, 2) features for c > 0 and the
// d+1 of degree d for c = 0 (seed 003, "num. terms = C(d+m−1, d)" with
// m = 2 inputs; seed 004, "in R^C(n+m, m)"); with bias, c + 1 > 0 always.
func TestExplicitMapDim(t *testing.T) {
	for d := 1; d <= MaxDegree; d++ {
		for _, c := range []float64{0, 1, 2.5} {
			for _, bias := range []bool{false, true} {
				m, err := ExplicitMap(Poly{D: d, C: c}, bias)
				if err != nil {
					t.Fatalf("d=%d c=%v bias=%v: %v", d, c, bias, err)
				}
				want := (d + 1) * (d + 2) / 2
				if c == 0 && !bias {
					want = d + 1
				}
				if m.Dim() != want {
					t.Errorf("d=%d c=%v bias=%v: Dim %d, want %d", d, c, bias, m.Dim(), want)
				}
			}
		}
	}
}

// TestExplicitMapErrors: no map for the Gaussian or sigmoid kernels, or any
// kernel with one as a part, or an indefinite polynomial part, and none
// past MaxFeatures.
func TestExplicitMapErrors(t *testing.T) {
	p20 := Poly{D: 20, C: 1}
	cases := []struct {
		k    Kernel
		bias bool
		want error
	}{
		{RBF{Sigma: 1}, false, ErrInfinite},
		{Sum{Linear{}, Scaled{A: 2, K: RBF{Sigma: 1}}}, true, ErrInfinite},
		{Sigmoid{Gamma: 1}, false, ErrIndefinite},
		{Product{Poly{D: 2, C: 1}, Sigmoid{Gamma: 1, C: 1}}, true, ErrIndefinite},
		// (x·z − 1)² = (x·z)² − 2x·z + 1: x₁ and x₂ weigh −2.
		{Poly{D: 2, C: -1}, false, ErrIndefinite},
		{Poly{D: 3, C: -2}, true, ErrIndefinite},
		// A kernel, (x·z)² + 3x·z, but its part x·z − 1 is not.
		{Sum{Poly{D: 1, C: -1}, Poly{D: 2, C: 1}}, false, ErrIndefinite},
		// C(22, 2)² = 231² = 53361 features.
		{Product{p20, p20}, true, ErrTooLarge},
		{Scaled{A: 2, K: Sum{Linear{}, Product{p20, Poly{D: 20, C: 2}}}}, false, ErrTooLarge},
	}
	for _, c := range cases {
		_, err := ExplicitMap(c.k, c.bias)
		if !errors.Is(err, c.want) {
			t.Errorf("%s bias=%v: err = %v, want %v", c.k, c.bias, err, c.want)
		}
		if err != nil && strings.HasPrefix(err.Error(), "learn: ") {
			t.Errorf("%s: error %q starts with the package's name, which means nothing to a user (issue 34)", c.k, err)
		}
	}
	for _, k := range []Kernel{nil, Poly{D: 0}, Sum{}, Scaled{A: -1, K: Linear{}}} {
		if _, err := ExplicitMap(k, false); err == nil {
			t.Errorf("%v: ExplicitMap succeeded on an invalid kernel", k)
		}
	}
	// 66·66·2 = 8712 features: just within the cap.
	p10 := Poly{D: 10, C: 1}
	m, err := ExplicitMap(Product{p10, p10, Linear{}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if m.Dim() != 8712 {
		t.Errorf("poly(10)²·linear: Dim %d, want 8712", m.Dim())
	}
	checkPhiIdentity(t, m, rand.New(rand.NewPCG(3, 3)), 5)
}

// TestExplicitMapIdentity is the defining property φ(x)·φ(z) = K(x, z)
// (seed 003, "K(u, v) = Φ(u)·Φ(v)") for random explicit kernels, nested
// sums, products and scales, with bias on and off, at random points.
func TestExplicitMapIdentity(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		k := randomExplicit(r, 3)
		bias := trial%2 == 0
		m, err := ExplicitMap(k, bias)
		if errors.Is(err, ErrTooLarge) {
			continue
		}
		if err != nil {
			t.Fatalf("%s bias=%v: %v", k, bias, err)
		}
		checkPhiIdentity(t, m, r, 10)
	}
}

// checkPhiIdentity compares φ(x)·φ(z) with K(x, z) at n random pairs of points
// in [−2, 2]². The tolerance is 1e-9 relative to Σₖ |φₖ(x) φₖ(z)|: both sides
// add up those terms (K in closed form adds the same magnitudes), so their
// rounding is bounded by a multiple of it, however much the terms cancel.
func checkPhiIdentity(t *testing.T, m *FeatureMap, r *rand.Rand, n int) {
	t.Helper()
	x0 := 0.0
	if m.Bias() {
		x0 = 1
	}
	for range n {
		x := Vec{x0, 4*r.Float64() - 2, 4*r.Float64() - 2}
		z := Vec{x0, 4*r.Float64() - 2, 4*r.Float64() - 2}
		px, pz := m.Phi(x), m.Phi(z)
		dot, scale := 0.0, 0.0
		for k := range px {
			dot += px[k] * pz[k]
			scale += math.Abs(px[k] * pz[k])
		}
		if want := m.Kernel().Eval(x, z); math.Abs(dot-want) > 1e-9*scale {
			t.Errorf("%s bias=%v at %v, %v: φ(x)·φ(z) = %v, K = %v (scale %v)", m.Kernel(), m.Bias(), x, z, dot, want, scale)
			return
		}
	}
}

// randomExplicit draws a kernel of linear and polynomial parts (c ≥ 0),
// nested up to depth levels of sums, products and scales.
func randomExplicit(r *rand.Rand, depth int) Kernel {
	if depth == 0 || r.IntN(3) == 0 {
		switch r.IntN(3) {
		case 0:
			return Linear{}
		case 1:
			return Poly{D: 1 + r.IntN(4), C: []float64{0, 0.5, 1, 2}[r.IntN(4)]}
		}
		return Poly{D: 1 + r.IntN(3), C: 3 * r.Float64()}
	}
	switch r.IntN(3) {
	case 0:
		s := make(Sum, 2+r.IntN(2))
		for i := range s {
			s[i] = randomExplicit(r, depth-1)
		}
		return s
	case 1:
		return Product{randomExplicit(r, depth-1), randomExplicit(r, depth-1)}
	}
	return Scaled{A: 0.1 + 3*r.Float64(), K: randomExplicit(r, depth-1)}
}

// TestPhiPanicsOnOtherBias: a map read at a point embedded for the other
// bias setting would compute another kernel; that is a programming error.
func TestPhiPanicsOnOtherBias(t *testing.T) {
	for _, bias := range []bool{false, true} {
		m, _ := ExplicitMap(Linear{}, bias)
		x := Vec{1, 2, 3}
		if bias {
			x.X0 = 0
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("bias=%v: Phi(%v) did not panic", bias, x)
				}
			}()
			m.Phi(x)
		}()
	}
}

func ExampleExplicitMap() {
	// Seed 001's map for K(x, z) = (x·z)², at x = (1, 1).
	m, _ := ExplicitMap(Poly{D: 2, C: 0}, false)
	fmt.Println(m)
	fmt.Printf("%.4f\n", m.Phi(Vec{0, 1, 1}))
	_, err := ExplicitMap(RBF{Sigma: 1}, false)
	fmt.Println(errors.Is(err, ErrInfinite))
	// Output:
	// φ(x) = (x₁², √2·x₁x₂, x₂²)
	// [1.0000 1.4142 1.0000]
	// true
}

func BenchmarkAppendPhi(b *testing.B) {
	for _, k := range []Kernel{Linear{}, Poly{D: 2, C: 1}, Poly{D: 6, C: 1}, Product{Poly{D: 3, C: 1}, Poly{D: 3, C: 1}}} {
		m, err := ExplicitMap(k, true)
		if err != nil {
			b.Fatal(err)
		}
		dst := make([]float64, 0, m.Dim())
		b.Run(fmt.Sprintf("%s/dim=%d", k.Spec(), m.Dim()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dst = m.AppendPhi(dst[:0], Vec{1, 0.3, -0.7})
			}
		})
	}
}
