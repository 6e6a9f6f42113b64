package learn

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// phi2 is the explicit feature map of K(x, z) = (x·z)² on (x₁, x₂), written
// here and nowhere else: φ(x) = (x₁², √2 x₁x₂, x₂²), so φ(x)·φ(z) = (x·z)²
// (seed 004, "consider a mapping ϕ").
func phi2(x Vec) [3]float64 { return [3]float64{x.X1 * x.X1, math.Sqrt2 * x.X1 * x.X2, x.X2 * x.X2} }

func dot3(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func planeVecs(r *rand.Rand, n int, x0 float64) []Vec {
	xs := make([]Vec, n)
	for i := range xs {
		xs[i] = Vec{x0, r.Float64()*3 - 1.5, r.Float64()*3 - 1.5}
	}
	return xs
}

// trained is a perceptron on data stepped until it stops, or steps steps.
func trained(t *testing.T, cfg Config, data []Example, steps int) *Perceptron {
	t.Helper()
	p, err := New(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	for range steps {
		if _, err := p.Step(); errors.Is(err, ErrStopped) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// mustProject is Project, failing the test on an error.
func mustProject(t *testing.T, g *mat.SymDense, coef []float64, offset float64) Projection {
	t.Helper()
	pr, err := Project(g, coef, offset)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// checkProjFinite fails on any NaN or ±Inf in p, and checks that it marshals.
func checkProjFinite(t *testing.T, name string, p Projection) {
	t.Helper()
	nums := append([]float64{p.NormW, p.PlaneAt, p.EigenSum}, p.Eigen[:]...)
	for _, u := range p.U {
		nums = append(nums, u[:]...)
	}
	if _, err := json.Marshal(p); err != nil || slices.ContainsFunc(nums, func(v float64) bool { return !finite(v) }) {
		t.Fatalf("%s: a number is not finite (%v): %+v", name, err, p)
	}
}

// TestProjectScoreIdentity: u₁·‖w‖ = w·φ(xᵢ) = f(xᵢ) − b, the learner's own
// incrementally kept score (seed 001, f(xᵢ) = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ)).
func TestProjectScoreIdentity(t *testing.T) {
	data := randomData(rand.New(rand.NewPCG(5, 6)), 80)
	for _, cfg := range []Config{
		{Kernel: RBF{Sigma: 0.5}, Epochs: 3},
		{Kernel: Poly{D: 2, C: 1}, Bias: true, Params: NewParams("eta", 0.25), Epochs: 3},
		{Kernel: Sum{RBF{Sigma: 1}, Linear{}}, Epochs: 2},
	} {
		p := trained(t, cfg, data, 1000)
		pr, err := ProjectLearner(p, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !pr.AlongW || !pr.HasNorm || pr.Indefinite || pr.Subsampled || len(pr.Index) != p.N() {
			t.Fatalf("%s: %+v", cfg.Kernel.Spec(), pr)
		}
		for k, i := range pr.Index {
			scale := 0.0
			for _, j := range p.SupportVectors() {
				scale += math.Abs(p.Coef(j) * p.K(j, i))
			}
			if got := pr.U[k][0] * pr.NormW; math.Abs(got-p.Score(i)) > 1e-9*max(1, scale) {
				t.Errorf("%s: u₁‖w‖ = %v at x%d, f = %v", cfg.Kernel.Spec(), got, i+1, p.Score(i))
			}
		}
		checkProjFinite(t, cfg.Kernel.Spec(), pr)
	}
}

// TestProjectExplicitPoly2 computes the projection of seed 004's (x·z)²
// directly in R³ with φ written out: e₁ = w/‖w‖, rᵢ = φᵢ − (φᵢ·e₁)e₁,
// centred, and PCA by the eigenvectors of the 3×3 scatter Σ r̃ᵢ r̃ᵢᵀ, each
// column signed so that its largest-magnitude entry is positive.
func TestProjectExplicitPoly2(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 10 {
		n := 5 + r.IntN(30)
		xs := planeVecs(r, n, 0)
		c := make([]float64, n)
		for j := range c {
			c[j] = r.NormFloat64()
		}
		b := r.NormFloat64()
		pr := mustProject(t, Gram(Poly{D: 2}, xs), c, b)
		phi := make([][3]float64, n)
		var w [3]float64
		for j, x := range xs {
			phi[j] = phi2(x)
			for a := range 3 {
				w[a] += c[j] * phi[j][a]
			}
		}
		norm := math.Sqrt(dot3(w, w))
		e1 := [3]float64{w[0] / norm, w[1] / norm, w[2] / norm}
		res := make([][3]float64, n)
		var mean [3]float64
		for i := range n {
			u1 := dot3(phi[i], e1)
			if math.Abs(pr.U[i][0]-u1) > 1e-9*max(1, dot3(phi[i], phi[i])) {
				t.Errorf("trial %d: u₁ of x%d = %v, want φ·e₁ = %v", trial, i+1, pr.U[i][0], u1)
			}
			for a := range 3 {
				res[i][a] = phi[i][a] - u1*e1[a]
				mean[a] += res[i][a] / float64(n)
			}
		}
		centred := mat.NewDense(n, 3, nil)
		for i := range n {
			for a := range 3 {
				res[i][a] -= mean[a]
				centred.Set(i, a, res[i][a])
			}
		}
		var scatter mat.SymDense // Σᵢ r̃ᵢ r̃ᵢᵀ
		scatter.SymOuterK(1, centred.T())
		var es mat.EigenSym
		if !es.Factorize(&scatter, true) {
			t.Fatal("3×3 eigen failed")
		}
		vals, vecs := es.Values(nil), mat.NewDense(3, 3, nil)
		es.VectorsTo(vecs)
		if math.Abs(pr.NormW-norm) > 1e-9*norm || math.Abs(pr.PlaneAt+b/norm) > 1e-9*(1+math.Abs(b/norm)) {
			t.Errorf("trial %d: ‖w‖ = %v, plane at %v; want %v, %v", trial, pr.NormW, pr.PlaneAt, norm, -b/norm)
		}
		for k, want := range []float64{vals[2], vals[1]} {
			if math.Abs(pr.Eigen[k+1]-want) > 1e-9*max(1, vals[2]) {
				t.Errorf("trial %d: eigenvalue %d = %v, want %v", trial, k+1, pr.Eigen[k+1], want)
			}
		}
		for axis, col := range []int{2, 1} {
			want := make([]float64, n)
			for i := range n {
				want[i] = res[i][0]*vecs.At(0, col) + res[i][1]*vecs.At(1, col) + res[i][2]*vecs.At(2, col)
			}
			signLargest(want)
			for i := range n {
				if got := pr.U[i][axis+1]; math.Abs(got-want[i]) > 1e-8*max(1, math.Sqrt(vals[2])) {
					t.Errorf("trial %d: u%d of x%d = %v, want %v", trial, axis+2, i+1, got, want[i])
				}
			}
		}
	}
}

// signLargest flips v so that its largest-magnitude entry is positive.
func signLargest(v []float64) {
	k := 0
	for i := range v {
		if math.Abs(v[i]) > math.Abs(v[k]) {
			k = i
		}
	}
	if v[k] < 0 {
		for i := range v {
			v[i] = -v[i]
		}
	}
}

// TestProjectIsometry: when span{φ(xⱼ)} has dimension ≤ 3 (here (x·z)² on
// the plane, φ in R³, and the linear kernel on augmented x̃ in R³), the
// coordinates are an orthonormal frame of it up to a translation (u₂, u₃
// are centred, u₁ is not), so distances are kept exactly:
// ‖uᵢ − uⱼ‖² = ‖φᵢ − φⱼ‖² = Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ. In a larger span (RBF) the
// map is an orthogonal projection: distances can only shrink, the columns
// u₂, u₃ are orthogonal, centred, and Σᵢ uᵢₖ² is their eigenvalue.
func TestProjectIsometry(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, tc := range []struct {
		k     Kernel
		x0    float64 // 1: augmented x̃
		exact bool    // span{φ} ≤ 3-D
	}{{Poly{D: 2}, 0, true}, {Linear{}, 1, true}, {RBF{Sigma: 0.7}, 0, false}, {Poly{D: 3, C: 1}, 1, false}} {
		for _, zero := range []bool{false, true} {
			n := 25
			xs := planeVecs(r, n, tc.x0)
			g := Gram(tc.k, xs)
			c := make([]float64, n)
			if !zero {
				for j := range c {
					c[j] = float64(r.IntN(3)) * (2*float64(r.IntN(2)) - 1)
				}
			}
			pr := mustProject(t, g, c, 0)
			name := fmt.Sprintf("%s w=0:%v", tc.k.Spec(), zero)
			if pr.AlongW == zero || !pr.HasNorm || pr.Indefinite {
				t.Fatalf("%s: %+v", name, pr)
			}
			big := mat.Max(g)                    // a diagonal entry: |Kᵢⱼ|² ≤ KᵢᵢKⱼⱼ
			tol := 1e-9 * max(1, float64(n)*big) // for sums over the points
			for i := range n {
				for j := range i {
					d := g.At(i, i) + g.At(j, j) - 2*g.At(i, j)
					du := dist2(Vec{pr.U[i][0], pr.U[i][1], pr.U[i][2]}, Vec{pr.U[j][0], pr.U[j][1], pr.U[j][2]})
					if tc.exact && math.Abs(du-d) > 1e-9*big || du > d+1e-9*big {
						t.Errorf("%s: ‖u%d − u%d‖² = %v, ‖φ%d − φ%d‖² = %v", name, i+1, j+1, du, i+1, j+1, d)
					}
				}
			}
			for a := range 3 {
				if a == 0 && !zero {
					continue // u₁ along w is not centred
				}
				var sum, sq, cross float64
				for i := range n {
					sum += pr.U[i][a]
					sq += pr.U[i][a] * pr.U[i][a]
					if a < 2 {
						cross += pr.U[i][a] * pr.U[i][a+1]
					}
				}
				if math.Abs(sum) > tol || math.Abs(sq-pr.Eigen[a]) > tol || math.Abs(cross) > tol {
					t.Errorf("%s: axis %d: Σu = %v, Σu² = %v (λ = %v), Σ uₐuₐ₊₁ = %v", name, a+1, sum, sq, pr.Eigen[a], cross)
				}
			}
		}
	}
}

// TestProjectZeroW: before the first mistake w = 0; axis 1 is then the top
// kernel-PCA direction, and ‖w‖ = 0 is a norm. Coefficients that cancel (the
// same point with opposite c) give w = 0 in feature space too.
func TestProjectZeroW(t *testing.T) {
	xs := []Vec{{0, 1, 0}, {0, 0, 1}, {0, 1, 1}, {0, -1, 2}}
	pr := mustProject(t, Gram(Poly{D: 2}, xs), make([]float64, 4), 3)
	if pr.AlongW || !pr.HasNorm || pr.NormW != 0 || !strings.Contains(pr.Reason, "no mistake yet") || pr.Eigen[0] < pr.Eigen[1] || pr.Eigen[0] <= 0 {
		t.Errorf("w = 0: %+v", pr)
	}
	if js, _ := json.Marshal(pr); !strings.Contains(string(js), `"norm_w":0`) || !strings.Contains(string(js), `"plane_at":null`) {
		t.Errorf("w = 0 JSON: %s", js)
	}
	// w = 0 is a vector even when K is not PSD: tanh(x·z) on (1, 0), (2, 0)
	// has HKH = ¼(K₁₁ + K₂₂ − 2K₁₂)·[[1, −1], [−1, 1]], whose eigenvalue
	// ½(tanh1 + tanh4 − 2tanh2) ≈ −0.084 < 0 shows K indefinite; ‖w‖ = 0.
	pr = mustProject(t, Gram(Sigmoid{Gamma: 1}, []Vec{{0, 1, 0}, {0, 2, 0}}), []float64{0, 0}, 0)
	if pr.AlongW || !pr.HasNorm || pr.NormW != 0 || !pr.Indefinite || !strings.Contains(pr.Reason, "no mistake yet") || pr.U[0] != [3]float64{} {
		t.Errorf("w = 0, sigmoid: %+v", pr)
	}
	same := []Vec{{0, 1, 2}, {0, 1, 2}, {0, 0, 1}}
	pr = mustProject(t, Gram(RBF{Sigma: 1}, same), []float64{1, -1, 0}, 0)
	if pr.AlongW || !pr.HasNorm || pr.NormW != 0 || !strings.Contains(pr.Reason, "cancel") {
		t.Errorf("cancelling coefficients: %+v", pr)
	}
}

// TestProjectSigmoid: tanh(γ x·z + c) is not PSD on x₁ = (1, 0), x₂ = (2, 0)
// with γ = 1, c = 0: det K = tanh1·tanh4 − tanh²2 ≈ −0.169 (seed 004: Mercer's
// condition fails). With a = (tanh2, −tanh1), aᵀKa = tanh1·det K < 0: no
// feature space, no ‖w‖, JSON "norm_w": null, and no NaN anywhere. With
// a = (1, 0), aᵀKa = tanh1 > 0 but |f(x₂)| = tanh2 > √(tanh1·tanh4): Cauchy–
// Schwarz fails, so the matrix is reported indefinite.
func TestProjectSigmoid(t *testing.T) {
	xs := []Vec{{0, 1, 0}, {0, 2, 0}}
	g := Gram(Sigmoid{Gamma: 1}, xs)
	pr := mustProject(t, g, []float64{math.Tanh(2), -math.Tanh(1)}, 0.5)
	checkProjFinite(t, "aᵀKa < 0", pr)
	if pr.HasNorm || pr.AlongW || !pr.Indefinite || !strings.Contains(pr.Reason, "no feature space") {
		t.Errorf("aᵀKa < 0: %+v", pr)
	}
	if js, _ := json.Marshal(pr); !strings.Contains(string(js), `"norm_w":null`) || strings.Contains(string(js), "NaN") {
		t.Errorf("aᵀKa < 0 JSON: %s", js)
	}
	pr = mustProject(t, g, []float64{1, 0}, 0)
	checkProjFinite(t, "aᵀKa > 0", pr)
	if !pr.HasNorm || !pr.AlongW || !pr.Indefinite || math.Abs(pr.NormW-math.Sqrt(math.Tanh(1))) > 1e-15 {
		t.Errorf("aᵀKa > 0: %+v", pr)
	}
	// A trained sigmoid perceptron on random data: whatever it meets, no NaN.
	data := randomData(rand.New(rand.NewPCG(11, 12)), 60)
	for _, k := range []Kernel{Sigmoid{Gamma: 1, C: -1}, Sigmoid{Gamma: 2, C: 1}, Sigmoid{Gamma: 0.5}} {
		for steps := 0; steps <= 120; steps += 15 {
			pr, err := ProjectLearner(trained(t, Config{Kernel: k, Epochs: 2}, data, steps), 0)
			if err != nil {
				t.Fatal(err)
			}
			checkProjFinite(t, k.Spec(), pr)
			if !pr.HasNorm && pr.Reason == "" {
				t.Errorf("%s: no norm and no reason", k.Spec())
			}
		}
	}
}

// TestProjectTiny: n = 0, 1, 2 do not panic. For one point u₁ = (c K₁₁)/(|c|
// √K₁₁) = sign(c)·√K₁₁, and a single point has no spread.
func TestProjectTiny(t *testing.T) {
	pr, err := Project(&mat.SymDense{}, nil, 0)
	if err != nil || len(pr.U) != 0 || !pr.HasNorm {
		t.Errorf("n = 0: %+v, %v", pr, err)
	}
	one := Gram(RBF{Sigma: 1}, []Vec{{0, 1, 2}})
	for c, u1 := range map[float64]float64{0: 0, 2: 1, -3: -1} { // K₁₁ = 1
		if pr := mustProject(t, one, []float64{c}, 0); pr.U[0] != [3]float64{u1} {
			t.Errorf("n = 1, c = %v: u = %v, want (%v, 0, 0)", c, pr.U[0], u1)
		}
	}
	for _, xs := range [][]Vec{{{0, 1, 2}, {0, 1, 2}}, {{0, 1, 2}, {0, -1, 0}}} {
		for _, c := range [][]float64{{0, 0}, {1, 0}, {1, -1}, {2, 1}} {
			for _, k := range []Kernel{RBF{Sigma: 1}, Poly{D: 2}, Sigmoid{Gamma: 1, C: -1}} {
				pr := mustProject(t, Gram(k, xs), c, 1)
				checkProjFinite(t, fmt.Sprintf("n = 2 %s %v %v", k.Spec(), xs, c), pr)
			}
		}
	}
}

// TestProjectNotFinite: values that overflow are an error, and a coefficient
// count that does not fit is a panic.
func TestProjectNotFinite(t *testing.T) {
	inf := math.Inf(1)
	for k, g := range []*mat.SymDense{mat.NewSymDense(2, []float64{1, inf, inf, 1}), mat.NewSymDense(1, []float64{1}), mat.NewSymDense(1, []float64{1e300})} {
		// K with an Inf, a NaN coefficient, cᵀKc overflowing.
		if _, err := Project(g, [][]float64{{1, 1}, {math.NaN()}, {1e300}}[k], 0); err == nil {
			t.Errorf("case %d: no error", k+1)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("2 coefficients for a 1×1 Gram matrix: no panic")
		}
	}()
	_, _ = Project(mat.NewSymDense(1, []float64{1}), []float64{1, 2}, 0)
}

// TestProjectSubsample: n = 2500 > ProjectionLimit. With few support vectors
// (a circle learned with RBF) all of them are projected and the rest evenly
// spaced; with more than the limit (random labels) the support vectors are
// spaced. Either way, with the learner's scores as margins or without them
// (kernel sums), u₁‖w‖ is the learner's score f(xᵢ) and ‖w‖² = Σⱼ cⱼ f(xⱼ)
// over all support vectors (b = 0).
func TestProjectSubsample(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	circle := randomData(r, 2500)
	for i, e := range circle {
		circle[i].Y = 1
		if e.X1*e.X1+e.X2*e.X2 < 1 {
			circle[i].Y = -1
		}
	}
	for _, tc := range []struct {
		data  []Example
		limit int
	}{{circle, 0}, {randomData(r, 2500), 300}} {
		p := trained(t, Config{Kernel: RBF{Sigma: 0.5}, Epochs: 1}, tc.data, 2500)
		limit, svs := cmp.Or(tc.limit, ProjectionLimit), p.SupportVectors()
		if (len(svs) > limit) != (tc.limit == 300) {
			t.Fatalf("test data: %d support vectors for limit %d", len(svs), limit)
		}
		q := 0.0
		for _, j := range svs {
			q += p.Coef(j) * p.Score(j)
		}
		in := ProjectionInputOf(p)
		bare := in
		bare.Margin = nil
		for _, in := range []ProjectionInput{in, bare} {
			pr, err := in.Project(tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			checkProjFinite(t, "subsample", pr)
			if !pr.Subsampled || pr.N != 2500 || len(pr.Index) != limit || len(pr.U) != limit || pr.Sample == "" ||
				!slices.IsSorted(pr.Index) || len(slices.Compact(slices.Clone(pr.Index))) != limit {
				t.Fatalf("limit %d, %d SVs: N=%d, %d indices, sample %q", limit, len(svs), pr.N, len(pr.Index), pr.Sample)
			}
			projected := 0
			for _, j := range svs {
				if _, ok := slices.BinarySearch(pr.Index, j); ok {
					projected++
				}
			}
			if math.Abs(pr.NormW*pr.NormW-q) > 1e-9*q || projected != min(len(svs), limit) {
				t.Errorf("‖w‖² = %v, Σ cⱼ f(xⱼ) = %v; %d of %d support vectors projected", pr.NormW*pr.NormW, q, projected, len(svs))
			}
			for k, i := range pr.Index {
				if got := pr.U[k][0] * pr.NormW; math.Abs(got-p.Score(i)) > 1e-9*max(1, float64(len(svs))) {
					t.Errorf("u₁‖w‖ = %v at x%d, f = %v (margins %v)", got, i+1, p.Score(i), in.Margin != nil)
					break
				}
			}
		}
	}
}

// TestProjectionSample checks the sampling rule on small numbers: SVs
// {1, 5} of n = 10 with limit 4 keep both and take rest[⌊k·8/2⌋], k = 0, 1,
// of rest = {0, 2, 3, 4, 6, 7, 8, 9}: 0 and 6.
func TestProjectionSample(t *testing.T) {
	idx, all := projectionSample(10, []int{1, 5}, 4)
	if !all || !slices.Equal(idx, []int{0, 1, 5, 6}) {
		t.Errorf("got %v %v, want [0 1 5 6] true", idx, all)
	}
	idx, all = projectionSample(10, []int{0, 2, 3, 5, 7, 9}, 3) // svs[⌊k·6/3⌋]
	if all || !slices.Equal(idx, []int{0, 3, 7}) {
		t.Errorf("got %v %v, want [0 3 7] false", idx, all)
	}
}

// ExampleProject projects seed 004's worked example, where the dual
// perceptron ends with w = x̃₂ − x̃₃ = (0, 1, −2): ‖w‖ = √5 and u₁ = w·x̃ᵢ/√5
// = 4/√5, 0, −5/√5.
func ExampleProject() {
	p, _ := New(Config{Kernel: Linear{}, Bias: true, Tie: TiePos, Epochs: 10}, worked3)
	for p.State() == Running {
		p.Step()
	}
	pr, _ := ProjectLearner(p, 0)
	fmt.Printf("α = %v, ‖w‖ = %.4f\n", p.Alphas(), pr.NormW)
	for k, u := range pr.U {
		fmt.Printf("x%d: u₁ = %.4f\n", pr.Index[k]+1, u[0])
	}
	// Output:
	// α = [0 1 1], ‖w‖ = 2.2361
	// x1: u₁ = 1.7889
	// x2: u₁ = 0.0000
	// x3: u₁ = -2.2361
}
