package learn

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// eigMinRef is the smallest eigenvalue by mat.EigenSym, the tests' reference.
func eigMinRef(t *testing.T, g mat.Symmetric) float64 {
	t.Helper()
	var es mat.EigenSym
	if !es.Factorize(g, false) {
		t.Fatal("EigenSym failed")
	}
	return es.Values(nil)[0]
}

// embed puts the symmetric block b at rows/columns at of an n×n identity.
func embedBlock(n int, at []int, b *mat.SymDense) *mat.SymDense {
	g := mat.NewSymDense(n, nil)
	for i := range n {
		g.SetSym(i, i, 1)
	}
	for p, i := range at {
		for q, j := range at {
			g.SetSym(i, j, b.At(p, q))
		}
	}
	return g
}

// TestCounterexampleSingle: tanh(x·z − 1) at x = 0 is K(0, 0) = tanh(−1) < 0,
// which no ‖φ(0)‖² can be: a one-point counter-example. Of two points at the
// origin the first is named.
func TestCounterexampleSingle(t *testing.T) {
	xs := []Vec{{0, 2, 0}, {0, 0.1, 0}, {0, 0, 0}, {0, 0, 0}}
	ce, err := MercerCounterexample(Gram(Sigmoid{Gamma: 1, C: -1}, xs))
	if err != nil {
		t.Fatal(err)
	}
	if !ce.Found || !slices.Equal(ce.Points, []int{2}) || ce.MinEig != math.Tanh(-1) {
		t.Errorf("got %+v, want point 2 with K = tanh(−1) = %v", ce, math.Tanh(-1))
	}
	if s := ce.String(); !strings.Contains(s, "x₃") {
		t.Errorf("String %q does not name x₃", s)
	}
}

// TestCounterexamplePair: tanh(x·z) at x₁ = (1, 0), x₂ = (2, 0) has
// K₁₁K₂₂ − K₁₂² = tanh1·tanh4 − tanh²2 ≈ −0.169 (seed 004, TestMercer), so
// the pair fails; its smaller eigenvalue is (a+d)/2 − √(((a−d)/2)² + b²).
// On random points of norm > 1 under tanh(x·z − 1) (positive diagonal) the
// pair returned is the most negative one, checked against EigenSym of every
// 2×2 submatrix.
func TestCounterexamplePair(t *testing.T) {
	g := Gram(Sigmoid{Gamma: 1}, []Vec{{0, 1, 0}, {0, 2, 0}})
	ce, err := MercerCounterexample(g)
	if err != nil {
		t.Fatal(err)
	}
	a, b, d := math.Tanh(1), math.Tanh(2), math.Tanh(4)
	want := (a+d)/2 - math.Sqrt((a-d)*(a-d)/4+b*b)
	if !ce.Found || !slices.Equal(ce.Points, []int{0, 1}) || math.Abs(ce.MinEig-want) > 1e-12 || a*d-b*b >= 0 {
		t.Errorf("got %+v, want [0 1] with λ = %v", ce, want)
	}
	if s := ce.String(); !strings.Contains(s, "Cauchy") || !strings.Contains(s, "x₁ and x₂") {
		t.Errorf("String %q", s)
	}

	r := rand.New(rand.NewPCG(21, 22))
	xs := make([]Vec, 30)
	for i := range xs {
		rad, ang := 1.2+0.8*r.Float64(), 2*math.Pi*r.Float64()
		xs[i] = Vec{0, rad * math.Cos(ang), rad * math.Sin(ang)}
	}
	g = Gram(Sigmoid{Gamma: 1, C: -1}, xs)
	ce, err = MercerCounterexample(g)
	if err != nil {
		t.Fatal(err)
	}
	best, bestIdx := 0.0, []int(nil)
	for i := range xs {
		if g.At(i, i) < 0 {
			t.Fatalf("K(x%d, x%d) = %v < 0: the data should need two points", i+1, i+1, g.At(i, i))
		}
		for j := i + 1; j < len(xs); j++ {
			sub := mat.NewSymDense(2, []float64{g.At(i, i), g.At(i, j), g.At(i, j), g.At(j, j)})
			if v := eigMinRef(t, sub); v < best {
				best, bestIdx = v, []int{i, j}
			}
		}
	}
	if bestIdx == nil {
		t.Fatal("no failing pair in the test data")
	}
	i, j := bestIdx[0], bestIdx[1]
	if !ce.Found || !slices.Equal(ce.Points, bestIdx) || math.Abs(ce.MinEig-best) > 1e-12 ||
		g.At(i, i)*g.At(j, j)-g.At(i, j)*g.At(i, j) >= 0 {
		t.Errorf("got %v λ = %v, want %v λ = %v", ce.Points, ce.MinEig, bestIdx, best)
	}
}

// tripleBlock is a 3×3 matrix whose 2×2 principal minors are all 1 − 0.81 >
// 0 but whose determinant is 1 + 2(0.9)(0.9)(−0.9) − 3(0.81) = −2.888 < 0: the
// smallest counter-example has three points.
var tripleBlock = mat.NewSymDense(3, []float64{1, 0.9, -0.9, 0.9, 1, 0.9, -0.9, 0.9, 1})

// TestCounterexampleTriple finds the triple inside an identity: in full
// (n = 5), among candidates from the bottom eigenvector (n = 100), and from
// the eigenvector of an evenly spaced sample (n = 1200 > the eigen limit).
func TestCounterexampleTriple(t *testing.T) {
	want := eigMinRef(t, tripleBlock)
	if want >= 0 {
		t.Fatalf("the test matrix has λmin = %v", want)
	}
	for _, tc := range []struct {
		n          int
		at         []int
		exhaustive bool
		checked    bool
	}{{5, []int{1, 3, 4}, true, true}, {100, []int{17, 55, 90}, false, true}, {1200, []int{0, 600, 1198}, false, false}} {
		if tc.n > CounterexampleEigenLimit && testing.Short() {
			continue
		}
		ce, err := MercerCounterexample(embedBlock(tc.n, tc.at, tripleBlock))
		if err != nil {
			t.Fatal(err)
		}
		if !ce.Found || !slices.Equal(ce.Points, tc.at) || math.Abs(ce.MinEig-want) > 1e-12 ||
			ce.Exhaustive != tc.exhaustive || ce.Checked != tc.checked || ce.Sub.SymmetricDim() != 3 {
			t.Errorf("n = %d: got %v λ = %v exhaustive %v checked %v; want %v λ = %v", tc.n, ce.Points, ce.MinEig, ce.Exhaustive, ce.Checked, tc.at, want)
		}
		if !tc.exhaustive && len(ce.Candidates) != CounterexampleCandidates {
			t.Errorf("n = %d: %d candidates", tc.n, len(ce.Candidates))
		}
	}
}

// TestCounterexampleNone: an RBF Gram matrix is PSD (seed 004), so there is
// nothing to find, and the answer says the matrix is PSD. The 4×4 matrix
// (1+s)I − s·11ᵀ with s = 0.4 has the eigenvalue 1 − 3s = −0.2 (along 1)
// while every 3×3 principal submatrix has 1 − 2s = 0.2 > 0: it fails only
// on all four points, which the answer must say.
func TestCounterexampleNone(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, n := range []int{0, 1, 2, 30, 100} {
		ce, err := MercerCounterexample(Gram(RBF{Sigma: 0.5}, planeVecs(r, n, 0)))
		if err != nil {
			t.Fatal(err)
		}
		if ce.Found || !ce.Checked || ce.GramMinEig < -ce.Tol || !strings.Contains(ce.String(), "positive semi-definite") {
			t.Errorf("RBF n = %d: %+v %q", n, ce, ce)
		}
	}
	const s = 0.4
	g := mat.NewSymDense(4, nil)
	for i := range 4 {
		for j := i; j < 4; j++ {
			g.SetSym(i, j, -s)
		}
		g.SetSym(i, i, 1)
	}
	ce, err := MercerCounterexample(g)
	if err != nil {
		t.Fatal(err)
	}
	if ce.Found || !ce.Exhaustive || !ce.Checked || math.Abs(ce.GramMinEig-(1-3*s)) > 1e-12 || !strings.Contains(ce.String(), "larger sets") {
		t.Errorf("4×4: %+v %q", ce, ce)
	}
}

// TestMinEig3 checks the closed forms for 2×2 and 3×3 matrices against
// EigenSym on random symmetric matrices, some with repeated eigenvalues.
func TestMinEig3(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for range 200 {
		a, b, d := r.NormFloat64()*10, r.NormFloat64()*10, r.NormFloat64()*10
		if r.IntN(4) == 0 {
			a, d = math.Abs(a), math.Abs(d) // m > 0, the det/(m + r) branch
		}
		m := mat.NewSymDense(2, []float64{a, b, b, d})
		if got, want := minEig2(a, b, d), eigMinRef(t, m); math.Abs(got-want) > 1e-12*max(1, mat.Norm(m, 2)) {
			t.Errorf("%v: minEig2 = %v, EigenSym %v", mat.Formatted(m), got, want)
		}
	}
	cases := []*mat.SymDense{mat.NewSymDense(3, nil), mat.NewSymDense(3, []float64{2, 0, 0, 0, 2, 0, 0, 0, 2}), tripleBlock}
	for range 200 {
		v := make([]float64, 9)
		for i := range 3 {
			for j := i; j < 3; j++ {
				v[3*i+j] = r.NormFloat64() * 10
				v[3*j+i] = v[3*i+j]
			}
		}
		cases = append(cases, mat.NewSymDense(3, v))
	}
	for _, m := range cases {
		got := minEig3(m.At(0, 0), m.At(0, 1), m.At(0, 2), m.At(1, 1), m.At(1, 2), m.At(2, 2))
		if want := eigMinRef(t, m); math.Abs(got-want) > 1e-10*max(1, mat.Norm(m, 2)) {
			t.Errorf("%v: minEig3 = %v, EigenSym %v", mat.Formatted(m), got, want)
		}
	}
}
