package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func svmConfig(k Kernel, c float64) Config {
	return Config{Kernel: k, Tie: TieMistake, Learner: "svm", Params: NewParams("C", c)}
}

func mustSVM(t *testing.T, cfg Config, data []Example) *SVM {
	t.Helper()
	s, err := NewSVM(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSVMHardMarginByHand solves a three-point hard margin by hand, the
// setting of seed 004's "SVM – Optimization": a linear kernel, w₀ = b kept
// apart from w, C = ∞.
//
//	x₁ = (0, 0), y₁ = −1;  x₂ = (2, 2), y₂ = +1;  x₃ = (2, 0), y₃ = +1
//
// The points closest across the classes are x₁ and x₃ (distance 2, and x₂
// lies beyond x₃ in the direction x₃ − x₁ = (2, 0): x₂·(1, 0) = 2), so the
// widest separating band is 0 ≤ x₁ ≤ 2 and the boundary x₁ = 1: w = (1, 0),
// b = −1, f(x) = x₁ − 1, with y·f = 1 at x₁ and x₃ (the support vectors)
// and y₂·f(x₂) = 1 as well, but x₂ is not needed. The margin is 2/‖w‖ = 2.
// In the dual, w = Σ αᵢ yᵢ xᵢ with α₂ = 0: w = α₃ (2, 0) − α₁ (0, 0) =
// (2α₃, 0) = (1, 0), so α₃ = ½, and Σ αᵢ yᵢ = 0 gives α₁ = ½.
// D(α) = Σ αᵢ − ½‖w‖² = 1 − ½ = ½.
//
// SMO gets there in one pair update: at α = 0 every Gᵢ = −1; i maximises
// −yₜGₜ over I_up = {2, 3} (both +1; ties go to the last, as LIBSVM's ≥
// does), i = 3; the only j in I_low is 1 (y = −1), a = K₃₃ + K₁₁ − 2K₁₃ =
// 4 + 0 − 0 = 4, and δ = (−G₃ − G₁)/a = 2/4 = ½: α₃ = α₁ = ½.
func TestSVMHardMarginByHand(t *testing.T) {
	data := []Example{{0, 0, -1}, {2, 2, 1}, {2, 0, 1}}
	s := mustSVM(t, svmConfig(Linear{}, math.Inf(1)), data)
	s.cfg.Narrate = true
	st, err := s.Step()
	if err != nil {
		t.Fatal(err)
	}
	want := PairStep{I: 2, J: 0, Gap: 2, AlphaI: [2]float64{0, 0.5}, AlphaJ: [2]float64{0, 0.5}, Objective: [2]float64{0, 0.5}, B: -1}
	if *st.Pair != want {
		t.Errorf("step 1 = %+v, want %+v", *st.Pair, want)
	}
	if _, err := s.Step(); err != ErrStopped {
		t.Fatalf("step 2: err = %v, want ErrStopped (converged)", err)
	}
	// Exact: every value above is a dyadic rational, computed without
	// rounding.
	if got := s.Alphas(); !slices.Equal(got, []float64{0.5, 0, 0.5}) {
		t.Errorf("α = %v, want [0.5 0 0.5]", got)
	}
	if s.Offset() != -1 || s.Width() != 2 || s.Objective() != 0.5 {
		t.Errorf("b = %v, margin = %v, D = %v; want −1, 2, 0.5", s.Offset(), s.Width(), s.Objective())
	}
	if f := s.Function(); !strings.HasSuffix(f, "= x₁ − 1") {
		t.Errorf("Function() = %q, want it to end in \"= x₁ − 1\"", f)
	}
	if !s.Free(0) || !s.Free(2) || s.Free(1) || s.AtBound(0) {
		t.Errorf("free = %v %v %v, want x₁ and x₃ free, x₂ not a support vector", s.Free(0), s.Free(1), s.Free(2))
	}
}

// randomProblem is n points in [−1.5, 1.5]² labelled by a noisy circle, so
// that both classes are present and overlap.
func randomProblem(r *rand.Rand, n int) []Example {
	data := make([]Example, n)
	for i := range data {
		x1, x2 := 3*r.Float64()-1.5, 3*r.Float64()-1.5
		y := 1
		if x1*x1+x2*x2+0.3*r.NormFloat64() > 1 {
			y = -1
		}
		data[i] = Example{x1, x2, y}
	}
	data[0].Y, data[1].Y = 1, -1
	return data
}

// svmCases are kernels and C values the property tests run on.
var svmCases = []struct {
	k    Kernel
	bias bool
	c    float64
}{
	{RBF{Sigma: 0.5}, false, 1},
	{RBF{Sigma: 0.3}, false, 100},
	{Linear{}, false, 0.1},
	{Linear{}, true, 10},
	{Poly{D: 2, C: 1}, false, 1},
	{Poly{D: 3, C: 1}, true, 0.5},
	{RBF{Sigma: 2}, false, math.Inf(1)},
}

// TestSVMKKT checks the optimality conditions of the solution on random
// data (Fan, Chen & Lin 2005, section 2; with f = Σ αⱼyⱼKⱼ· + b):
//
//	αᵢ = 0      ⇒ yᵢ f(xᵢ) ≥ 1 − ε
//	0 < αᵢ < C  ⇒ |yᵢ f(xᵢ) − 1| ≤ ε
//	αᵢ = C      ⇒ yᵢ f(xᵢ) ≤ 1 + ε
//
// and Σ αᵢ yᵢ = 0. The solver stops when m(α) − M(α) ≤ tol; every yᵢ f(xᵢ)
// − 1 is yᵢ(Gᵢ + yᵢ b) and b lies within [M, m] (its free mean or midpoint),
// so each condition holds to within tol: ε = tol = 1e-6, plus 1e-9 for
// the rounding of f recomputed from scratch below.
func TestSVMKKT(t *testing.T) {
	for n, tc := range svmCases {
		r := rand.New(rand.NewPCG(7, uint64(n)))
		data := randomProblem(r, 60)
		if math.IsInf(tc.c, 1) {
			// The hard margin needs separable data: a wide RBF on a clean
			// circle.
			for i := range data {
				data[i].Y = 1
				if data[i].X1*data[i].X1+data[i].X2*data[i].X2 > 1 {
					data[i].Y = -1
				}
			}
		}
		cfg := svmConfig(tc.k, tc.c)
		cfg.Bias = tc.bias
		cfg = cfg.With("tol", 1e-6)
		s := mustSVM(t, cfg, data)
		if err := s.Run(); err != nil {
			t.Fatalf("%v C=%v: %v", tc.k, tc.c, err)
		}
		if s.State() != Converged {
			t.Fatalf("%v C=%v: state %v after %d iterations", tc.k, tc.c, s.State(), s.T())
		}
		const eps = 1e-6 + 1e-9
		sum := 0.0
		for i, e := range data {
			a := s.Alpha(i)
			sum += a * float64(e.Y)
			// f from scratch, independent of the solver's gradient.
			f := s.Offset()
			for j, ej := range data {
				f += s.Alpha(j) * float64(ej.Y) * tc.k.Eval(s.X(j), s.X(i))
			}
			yf := float64(e.Y) * f
			switch {
			case a < 0 || a > tc.c:
				t.Errorf("%v C=%v: α%d = %v outside [0, C]", tc.k, tc.c, i+1, a)
			case a == 0 && yf < 1-eps:
				t.Errorf("%v C=%v: α%d = 0 but y·f = %v < 1", tc.k, tc.c, i+1, yf)
			case a > 0 && a < tc.c && math.Abs(yf-1) > eps:
				t.Errorf("%v C=%v: α%d = %v free but y·f = %v ≠ 1", tc.k, tc.c, i+1, a, yf)
			case a == tc.c && yf > 1+eps:
				t.Errorf("%v C=%v: α%d = C but y·f = %v > 1", tc.k, tc.c, i+1, yf)
			}
		}
		if math.Abs(sum) > 1e-9*max(1, tc.c) {
			t.Errorf("%v C=%v: Σ αᵢ yᵢ = %v, want 0", tc.k, tc.c, sum)
		}
	}
}

// TestSVMObjectiveRises checks that D(α) never decreases from one pair
// update to the next (each update maximises D along its line, and the box
// keeps the start of the line feasible), and that each step reports the D
// before it as the D after the previous one.
func TestSVMObjectiveRises(t *testing.T) {
	for n, tc := range svmCases[:6] {
		r := rand.New(rand.NewPCG(11, uint64(n)))
		cfg := svmConfig(tc.k, tc.c)
		cfg.Bias, cfg.Narrate = tc.bias, true
		s := mustSVM(t, cfg, randomProblem(r, 50))
		prev := 0.0
		for k := 0; ; k++ {
			st, err := s.Step()
			if err == ErrStopped {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			p := st.Pair
			// D is recomputed each step from the gradient: allow the
			// rounding of a sum of n terms of size |D|.
			tol := 1e-12 * max(1, math.Abs(p.Objective[1]))
			if p.Objective[1] < p.Objective[0]-tol {
				t.Fatalf("%v C=%v iteration %d: D %v → %v fell", tc.k, tc.c, k+1, p.Objective[0], p.Objective[1])
			}
			if p.Objective[0] != prev {
				t.Fatalf("%v C=%v iteration %d: D before = %v, the step before ended at %v", tc.k, tc.c, k+1, p.Objective[0], prev)
			}
			prev = p.Objective[1]
			for _, a := range []float64{p.AlphaI[1], p.AlphaJ[1]} {
				if a < 0 || a > tc.c {
					t.Fatalf("iteration %d: α = %v outside [0, %v]", k+1, a, tc.c)
				}
			}
		}
	}
}

// TestSVMClipsAtC checks that a step stopped by the box says so: with a
// small C on overlapping data, some update must end at C, and the step
// reports AtC for that coefficient; a coefficient reported clipped sits
// exactly on its bound.
func TestSVMClipsAtC(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	cfg := svmConfig(Linear{}, 0.1)
	cfg.Narrate = true
	s := mustSVM(t, cfg, randomProblem(r, 40))
	clippedAtC := 0
	for {
		st, err := s.Step()
		if err != nil {
			break
		}
		p := st.Pair
		for _, c := range []struct {
			b Bound
			a float64
		}{{p.ClipI, p.AlphaI[1]}, {p.ClipJ, p.AlphaJ[1]}} {
			switch c.b {
			case AtC:
				clippedAtC++
				if c.a != 0.1 {
					t.Errorf("clipped at C but α = %v", c.a)
				}
			case AtZero:
				if c.a != 0 {
					t.Errorf("clipped at 0 but α = %v", c.a)
				}
			}
		}
	}
	if clippedAtC == 0 {
		t.Error("no update was clipped at C = 0.1 on overlapping data")
	}
}

// TestSVMUndo checks that Undo restores α, b and D bit for bit (a checkpoint
// and a replay of the deterministic steps), and that a field following the
// SVM ends where a fresh computation puts it.
func TestSVMUndo(t *testing.T) {
	old := svmCheckpointsEvery
	svmCheckpointsEvery = 16 // checkpoints within the test's 70 steps
	t.Cleanup(func() { svmCheckpointsEvery = old })
	r := rand.New(rand.NewPCG(5, 5))
	data := randomProblem(r, 40)
	cfg := svmConfig(RBF{Sigma: 0.3}, 100)
	s := mustSVM(t, cfg, data)
	fd := NewField(Rect{MinX1: -1.5, MaxX1: 1.5, MinX2: -1.5, MaxX2: 1.5}, 16, 12)
	fd.Follow(s)
	type state struct {
		alpha    []float64
		b, d     float64
		next     [2]int
		accuracy float64
	}
	var states []state
	snap := func() state {
		i, j := s.NextPair()
		return state{s.Alphas(), s.Offset(), s.Objective(), [2]int{i, j}, s.Accuracy()}
	}
	for s.State() == Running && len(states) < 70 {
		states = append(states, snap())
		if _, err := s.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if len(states) < 40 {
		t.Fatalf("only %d steps: the test wants more than two checkpoints", len(states))
	}
	for k := len(states) - 1; k >= 0; k-- {
		if !s.Undo() {
			t.Fatalf("Undo to T = %d failed", k)
		}
		got, want := snap(), states[k]
		if !slices.Equal(got.alpha, want.alpha) || got.b != want.b || got.d != want.d || got.next != want.next || got.accuracy != want.accuracy {
			t.Fatalf("after undo to T = %d: %+v, want %+v", k, got, want)
		}
	}
	if s.Undo() || s.T() != 0 {
		t.Fatalf("Undo past the start: T = %d", s.T())
	}
	// Forward again, and the field agrees with one computed from scratch.
	for range 33 {
		if _, err := s.Step(); err != nil {
			t.Fatal(err)
		}
	}
	s.Undo()
	fresh := NewField(fd.Rect, fd.W, fd.H)
	fresh.Recompute(s)
	for g := range fd.Values {
		if math.Abs(fd.Values[g]-fresh.Values[g]) > 1e-9 {
			t.Fatalf("field at %d = %v, fresh %v", g, fd.Values[g], fresh.Values[g])
		}
	}
	s.Reset()
	if s.T() != 0 || len(s.SupportVectors()) != 0 {
		t.Fatal("Reset left support vectors")
	}
	for g, v := range fd.Values {
		if v != 0 {
			t.Fatalf("field at %d = %v after Reset, want 0", g, v)
		}
	}
}

// TestSVMHardMarginNotSeparable: xor with a linear kernel has no
// separating line, so the hard margin's dual is unbounded; the solver must
// stop with ErrNotSeparable, not loop until the cap or overflow.
func TestSVMHardMarginNotSeparable(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var xor []Example
	for range 100 {
		x1, x2 := 2*r.Float64()-1, 2*r.Float64()-1
		y := 1
		if x1*x2 < 0 {
			y = -1
		}
		xor = append(xor, Example{x1, x2, y})
	}
	for _, k := range []Kernel{Linear{}, Poly{D: 1, C: 1}} {
		s := mustSVM(t, svmConfig(k, math.Inf(1)), xor)
		err := s.Run()
		if !errors.Is(err, ErrNotSeparable) {
			t.Fatalf("%v: Run = %v after %d iterations, want ErrNotSeparable", k, err, s.T())
		}
		if s.T() > 20_000 {
			t.Errorf("%v: %d iterations to tell", k, s.T())
		}
		for _, a := range s.Alphas() {
			if math.IsInf(a, 0) || math.IsNaN(a) {
				t.Fatalf("α = %v", a)
			}
		}
	}
	// Two copies of one point with opposite labels: not separable by any
	// kernel.
	dup := []Example{{0, 0, 1}, {0, 0, -1}, {1, 1, 1}}
	s := mustSVM(t, svmConfig(RBF{Sigma: 1}, math.Inf(1)), dup)
	if err := s.Run(); !errors.Is(err, ErrNotSeparable) {
		t.Fatalf("duplicate point of both classes: Run = %v, want ErrNotSeparable", err)
	}
	// xor with the kernel (x·z + 1)² is separable (x₁x₂ is a feature):
	// the hard margin converges.
	s = mustSVM(t, svmConfig(Poly{D: 2, C: 1}, math.Inf(1)), xor)
	if err := s.Run(); err != nil || s.State() != Converged || s.Accuracy() != 1 {
		t.Fatalf("xor with poly(2, 1): err %v, state %v, accuracy %v", err, s.State(), s.Accuracy())
	}
}

// TestSVMHardMarginCoincident: two points of opposite labels at one point
// of feature space (aᵢⱼ = Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ = 0) are separated by no
// hard margin, whatever the kernel: the dual grows along eᵢ + eⱼ with slope
// −Gᵢ − Gⱼ = 2 (unbounded). The SVM must say so before its first
// iteration. At the origin with the linear kernel K(x, x) = 0, so the
// hull test's bound hullEps·R is 0 and could not tell: SMO stepped by
// 2/τ = 2·10¹² an iteration until the cap (issue 34). Exact: the check is
// aᵢⱼ ≤ 0 with aᵢⱼ = 0 computed exactly in float64 for these inputs.
func TestSVMHardMarginCoincident(t *testing.T) {
	for _, c := range []struct {
		name string
		k    Kernel
		data []Example
	}{
		{"origin, linear (K = 0)", Linear{}, []Example{{0, 0, 1}, {0, 0, -1}}},
		{"origin, poly(2, 0) (K = 0)", Poly{D: 2}, []Example{{0, 0, 1}, {0, 0, -1}}},
		{"(1,1), linear", Linear{}, []Example{{1, 1, 1}, {1, 1, -1}}},
		{"(1,1), rbf", RBF{Sigma: 1}, []Example{{1, 1, -1}, {1, 1, 1}}},
		// φ(x) = φ(−x) for (x·z)²: distinct points, one point of feature space.
		{"±x, poly(2, 0)", Poly{D: 2}, []Example{{1, 2, 1}, {-1, -2, -1}}},
		// Separable points around the pair: the pair of K = 0 is the one
		// WSS 3 picks first (its −b²/a with a = τ is the least).
		{"origin among others, linear", Linear{}, []Example{{2, 2, 1}, {0, 0, 1}, {0, 0, -1}, {-2, -2, -1}}},
	} {
		cfg := svmConfig(c.k, math.Inf(1))
		cfg.Params = cfg.Params.With("max-iter", 1000)
		s := mustSVM(t, cfg, c.data)
		if err := s.Err(); err != ErrNotSeparable {
			t.Errorf("%s: Err() = %v before any step, want ErrNotSeparable", c.name, err)
		}
		if _, err := s.Step(); err != ErrNotSeparable || s.T() != 0 {
			t.Errorf("%s: Step = %v at t = %d, want ErrNotSeparable and no step taken", c.name, err, s.T())
		}
		if err := s.Run(); err != ErrNotSeparable || s.T() != 0 {
			t.Errorf("%s: Run = %v after %d iterations, want ErrNotSeparable after 0", c.name, err, s.T())
		}
	}
	// A point at the origin opposite one that is not: a = K₂₂ = 2 > 0, the
	// hard margin converges. Expected by hand: α₁ = α₂ = 2/a = 1 (the pair's
	// optimum δ = (−G₁ − G₂)/a with G = −1), b = −1, so f(0) = −1 and
	// f(1,1) = 2·1 − 1 = +1; exact in float64.
	s := mustSVM(t, svmConfig(Linear{}, math.Inf(1)), []Example{{0, 0, -1}, {1, 1, 1}})
	if err := s.Run(); err != nil || s.State() != Converged {
		t.Fatalf("(0,0) −, (1,1) +: Run = %v, state %v", err, s.State())
	}
	if a := s.Alphas(); a[0] != 1 || a[1] != 1 || s.Offset() != -1 {
		t.Errorf("(0,0) −, (1,1) +: α = %v, b = %v; want [1 1], −1", a, s.Offset())
	}
}

// TestSVMErrors: the settings and data the SVM refuses, each with a
// message that names the problem.
func TestSVMErrors(t *testing.T) {
	two := []Example{{0, 0, 1}, {1, 1, -1}}
	for _, tc := range []struct {
		cfg  Config
		data []Example
		want string
	}{
		{svmConfig(Linear{}, -1), two, "C must be > 0"},
		{svmConfig(Linear{}, math.NaN()), two, "C must be > 0"},
		{Config{Kernel: Linear{}, Params: NewParams("tol", -1)}, two, "tolerance"},
		{Config{Kernel: Linear{}, Params: NewParams("max-iter", float64(-1))}, two, "iteration cap"},
		{svmConfig(Linear{}, 1), []Example{{0, 0, 1}, {1, 1, 1}}, "both classes"},
		{svmConfig(Linear{}, 1), []Example{{0, 0, 1}, {1, 1, 2}}, "label 2"},
		{svmConfig(Linear{}, 1), []Example{{math.Inf(1), 0, 1}, {1, 1, -1}}, "not a finite number"},
	} {
		_, err := NewSVM(tc.cfg, tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewSVM(%+v) = %v, want an error containing %q", tc.cfg.Params, err, tc.want)
		}
	}
	// No data: nothing to do, converged at once.
	s := mustSVM(t, svmConfig(Linear{}, 1), nil)
	if s.State() != Converged || s.Accuracy() != 1 {
		t.Errorf("empty SVM: state %v", s.State())
	}
}

// TestSVMIterationCap: a cap stops the solver in the Capped state with the
// gap still above the tolerance.
func TestSVMIterationCap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	cfg := svmConfig(RBF{Sigma: 0.3}, 100)
	cfg = cfg.With("max-iter", float64(5))
	s := mustSVM(t, cfg, randomProblem(r, 50))
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	if s.State() != Capped || s.T() != 5 || !(s.Gap() > s.Tol()) {
		t.Errorf("state %v after %d iterations, gap %v", s.State(), s.T(), s.Gap())
	}
}

// TestSVMRowCacheBudget: a budget of one row changes no result, only the
// time (the rows are recomputed with the same bits).
func TestSVMRowCacheBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	data := randomProblem(r, 80)
	run := func(budget int64) *SVM {
		cfg := svmConfig(RBF{Sigma: 0.4}, 3)
		cfg.RowCacheBytes = budget
		s := mustSVM(t, cfg, data)
		if err := s.Run(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := run(0), run(8*80)
	if a.T() != b.T() || !slices.Equal(a.Alphas(), b.Alphas()) || a.Offset() != b.Offset() {
		t.Errorf("budget changed the result: %d vs %d iterations", a.T(), b.T())
	}
}

// TestSVMStepUndoRandom: random runs of steps and undos end where a fresh
// SVM stepped straight to the same T does, bit for bit.
func TestSVMStepUndoRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	data := randomProblem(r, 30)
	cfg := svmConfig(Poly{D: 2, C: 1}, 5)
	s := mustSVM(t, cfg, data)
	for range 400 {
		if r.IntN(3) == 0 {
			s.Undo()
		} else if _, err := s.Step(); err != nil && err != ErrStopped {
			t.Fatal(err)
		}
		fresh := mustSVM(t, cfg, data)
		for fresh.T() < s.T() {
			if _, err := fresh.Step(); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(fresh.Alphas(), s.Alphas()) || fresh.Offset() != s.Offset() || fresh.State() != s.State() {
			t.Fatalf("at T = %d: α %v, want %v", s.T(), s.Alphas(), fresh.Alphas())
		}
	}
}

// TestSVMStuckIsAnError: a pair update whose move rounds to nothing leaves
// α, G and so the next choice of pair as they were: every later step would
// repeat it to the cap (10⁷ iterations). Such a step is an error instead,
// and changes nothing. The state is made by hand, as no short run reaches
// it: one point twice with opposite labels (K = 1 everywhere, so the
// curvature Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ = 0 is replaced by τ = 1e-12) at α = 1e30
// each, where G = Qα − 1 = −1 and the move (−Gᵢ − Gⱼ)/τ = 2e12 is far below
// half the spacing of floats near 1e30 (about 7e13).
func TestSVMStuckIsAnError(t *testing.T) {
	s := mustSVM(t, svmConfig(Linear{}, 1e300), []Example{{1, 0, 1}, {1, 0, -1}})
	for k := range 2 {
		s.setAlpha(k, 1e30)
	}
	s.settle() // G stays −1: Q₁₂ = −1 cancels the two α exactly
	if s.Err() != nil || s.State() != Running || s.Gap() != 2 {
		t.Fatalf("the state made by hand: err %v, state %v, gap %v; want running with m − M = 2", s.Err(), s.State(), s.Gap())
	}
	_, err := s.Step()
	if err == nil || !strings.Contains(err.Error(), "SMO is stuck: the update of the pair (x₁, x₂) rounds to no change in float64 though m − M = 2 > tol 0.001") {
		t.Fatalf("Step = %v; want the stuck pair named", err)
	}
	if s.T() != 0 || s.Alpha(0) != 1e30 || s.Alpha(1) != 1e30 {
		t.Errorf("the failed step changed the state: T %d, α %v", s.T(), s.Alphas())
	}
}
