package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// worked4 is the 4-point example of seed 003 ("x₁ x₂ y" table).
var worked4 = []Example{{1, 1, 1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, -1}}

// worked3 is the 3-point example of seed 004 ("D = {((2,−1),1), ((2,1),1), ((1,3),−1)}").
var worked3 = []Example{{2, -1, 1}, {2, 1, 1}, {1, 3, -1}}

type wantStep struct {
	i          int // 1-based, as the notes write it
	f          float64
	prediction int
	mistake    bool
	alpha      []float64 // after the step
}

func checkTrace(t *testing.T, p *Perceptron, want []wantStep) {
	t.Helper()
	for n, w := range want {
		s, err := p.Step()
		if err != nil {
			t.Fatalf("step %d: %v", n+1, err)
		}
		// Integer data and kernels: every value is exact, so tolerance 0.
		if s.T != n+1 || s.I+1 != w.i || s.F != w.f || s.Prediction != w.prediction || s.Mistake != w.mistake {
			t.Errorf("step %d: got t=%d i=%d f=%v pred=%d mistake=%v; want t=%d i=%d f=%v pred=%d mistake=%v",
				n+1, s.T, s.I+1, s.F, s.Prediction, s.Mistake, n+1, w.i, w.f, w.prediction, w.mistake)
		}
		if got := p.Alphas(); !slices.Equal(got, w.alpha) {
			t.Errorf("step %d: α = %v, want %v", n+1, got, w.alpha)
		}
	}
}

// TestWorked4 reproduces the worked example of seed 003 step for step:
// K(u, v) = (u·v)², sign(0) = −1, no bias. The notes list steps 1–5
// ("t=1, i=1" … "t=2, i=1") and then "..."; steps 6–8 follow from the same
// arithmetic with α = [1,0,0,0]: f(x₂) = K(x¹,x²) = 0, f(x₃) = 4, f(x₄) = 0.
func TestWorked4(t *testing.T) {
	p, err := New(Config{Kernel: Poly{D: 2, C: 0}, Tie: TieNeg, Epochs: 100, RunOptions: RunOptions{Narrate: true}}, worked4)
	if err != nil {
		t.Fatal(err)
	}
	a1 := []float64{1, 0, 0, 0}
	checkTrace(t, p, []wantStep{
		{1, 0, -1, true, a1},  // "0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1; a¹ += y¹"
		{2, 0, -1, false, a1}, // "1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
		{3, 4, 1, false, a1},  // "1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1"
		{4, 0, -1, false, a1}, // "1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
		{1, 4, 1, false, a1},  // "t=2, i=1: 1x4 + ... = 4, sign(4) = 1"
		{2, 0, -1, false, a1},
		{3, 4, 1, false, a1},
		{4, 0, -1, false, a1},
	})
	if p.State() != Converged || p.Epoch() != 2 || p.T() != 8 || p.Mistakes() != 1 {
		t.Errorf("end: state %v epoch %d t %d mistakes %d; want converged, 2, 8, 1", p.State(), p.Epoch(), p.T(), p.Mistakes())
	}
	if _, err := p.Step(); !errors.Is(err, ErrStopped) {
		t.Errorf("step after convergence: err = %v, want ErrStopped", err)
	}
	// The notes' Gram matrix ("K x¹ x² x³ x⁴" table).
	want := [][]float64{{4, 0, 4, 0}, {0, 4, 0, 4}, {4, 0, 4, 0}, {0, 4, 0, 4}}
	g := p.Gram()
	for i := range 4 {
		for j := range 4 {
			if g.At(i, j) != want[i][j] {
				t.Errorf("Gram(%d,%d) = %v, want %v", i, j, g.At(i, j), want[i][j])
			}
		}
	}
	// "= K([1,1], x) = (x₁ + x₂)²", expanded.
	if got, want := p.Function(), "f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₁, x) = (x₁ + x₂)² = x₁² + 2·x₁x₂ + x₂²"; got != want {
		t.Errorf("Function() = %q, want %q", got, want)
	}
}

// TestWorked3 reproduces the augmented example of seed 004 step for step:
// linear kernel on x̃ = (1, x₁, x₂), sig(0) = +1. The notes show steps 1–8
// and "The result: x̃₂ − x̃₃"; step 9 is the rest of the pass that confirms
// convergence and repeats step 6's sum (α unchanged): −5.
func TestWorked3(t *testing.T) {
	p, err := New(Config{Kernel: Linear{}, Bias: true, Tie: TiePos, Epochs: 100}, worked3)
	if err != nil {
		t.Fatal(err)
	}
	a0, a3, a23 := []float64{0, 0, 0}, []float64{0, 0, 1}, []float64{0, 1, 1}
	checkTrace(t, p, []wantStep{
		{1, 0, 1, false, a0},    // "= 0, thus sig(…) = 1 = y₁"
		{2, 0, 1, false, a0},    // "= 0, thus … = 1 = y₂"
		{3, 0, 1, true, a3},     // "= 0, thus … = 1 ≠ y₃. Hence n⁽³⁾ = (0, 0, 1)"
		{1, 0, 1, false, a3},    // "−1·(1,1,3)·(1,2,−1) = 0"
		{2, -6, -1, true, a23},  // "−1·(1,1,3)·(1,2,1) = −6 … n⁽⁵⁾ = (0, 1, 1)"
		{3, -5, -1, false, a23}, // "= −5 … This is OK."
		{1, 4, 1, false, a23},   // "= 4 … This is OK."
		{2, 0, 1, false, a23},   // "= 0 … This is OK."
		{3, -5, -1, false, a23},
	})
	if p.State() != Converged || p.Epoch() != 3 || p.Mistakes() != 2 {
		t.Errorf("end: state %v epoch %d mistakes %d; want converged, 3, 2", p.State(), p.Epoch(), p.Mistakes())
	}
	// "The result: x̃₂ − x̃₃" = (1,2,1) − (1,1,3) = (0, 1, −2).
	if got, want := p.Function(), "f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₂, x) − 1·K(x₃, x) = 1·(2·x₁ + x₂ + 1) − 1·(x₁ + 3·x₂ + 1) = x₁ − 2·x₂"; got != want {
		t.Errorf("Function() = %q, want %q", got, want)
	}
}

func TestTieRules(t *testing.T) {
	// Definitions: seed 001 (y·f ≤ 0), seed 004 (sig(0) = 1), seed 003 (sign(0) = −1).
	cases := []struct {
		tie     Tie
		f       float64
		y       int
		pred    int
		mistake bool
	}{
		{TieMistake, 0, 1, 0, true},
		{TieMistake, 0, -1, 0, true},
		{TieMistake, 2, 1, 1, false},
		{TieMistake, -2, 1, -1, true},
		{TiePos, 0, 1, 1, false},
		{TiePos, 0, -1, 1, true},
		{TiePos, -1, -1, -1, false},
		{TieNeg, 0, 1, -1, true},
		{TieNeg, 0, -1, -1, false},
		{TieNeg, 3, 1, 1, false},
	}
	for _, c := range cases {
		pred, mistake := c.tie.Predict(c.f, c.y)
		if pred != c.pred || mistake != c.mistake {
			t.Errorf("%v.Predict(%v, %d) = %d, %v; want %d, %v", c.tie, c.f, c.y, pred, mistake, c.pred, c.mistake)
		}
	}
}

func TestEpochCapAndZero(t *testing.T) {
	// XOR is not linearly separable: the linear perceptron never converges.
	xor := []Example{{1, 1, 1}, {-1, -1, 1}, {1, -1, -1}, {-1, 1, -1}}
	p, _ := New(Config{Kernel: Linear{}, Bias: true, Epochs: 5}, xor)
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if p.State() != Capped || p.Epoch() != 5 || p.T() != 20 {
		t.Errorf("state %v epoch %d t %d, want capped after 5 epochs, 20 steps", p.State(), p.Epoch(), p.T())
	}
	p, _ = New(Config{Kernel: Linear{}, Epochs: 0}, xor)
	if p.State() != Capped || p.Next() != -1 {
		t.Errorf("epochs=0: state %v, want capped at once", p.State())
	}
	p, _ = New(Config{Kernel: Linear{}, Epochs: 3}, nil)
	if p.State() != Converged || p.Epoch() != 1 {
		t.Errorf("no data: state %v epoch %d, want converged after one empty pass", p.State(), p.Epoch())
	}
	// The last allowed pass without a mistake is convergence, not the cap.
	p, _ = New(Config{Kernel: Poly{D: 2}, Tie: TieNeg, Epochs: 2}, worked4)
	_ = p.Run()
	if p.State() != Converged {
		t.Errorf("worked4 with cap 2: %v, want converged", p.State())
	}
}

func TestNewRejects(t *testing.T) {
	bad := []struct {
		name string
		cfg  Config
		data []Example
	}{
		{"eta 0", Config{Kernel: Linear{}, Epochs: 1, Params: NewParams("eta", 0)}, worked4},
		{"eta NaN", Config{Kernel: Linear{}, Epochs: 1, Params: NewParams("eta", math.NaN())}, worked4},
		{"negative epochs", Config{Kernel: Linear{}, Epochs: -1}, worked4},
		{"sigma 0", Config{Kernel: RBF{Sigma: 0}, Epochs: 1}, worked4},
		{"degree 0", Config{Kernel: Poly{D: 0}, Epochs: 1}, worked4},
		{"no kernel", Config{Epochs: 1}, worked4},
		{"label 0", Config{Kernel: Linear{}, Epochs: 1}, []Example{{0, 0, 0}}},
		{"NaN point", Config{Kernel: Linear{}, Epochs: 1}, []Example{{math.NaN(), 0, 1}}},
	}
	for _, b := range bad {
		if _, err := New(b.cfg, b.data); err == nil {
			t.Errorf("%s: New succeeded, want an error", b.name)
		}
	}
}

func TestOverflowIsAnError(t *testing.T) {
	p, _ := New(Config{Kernel: Poly{D: 30, C: 1}, Epochs: 3}, []Example{{1e20, 1e20, 1}, {1, 1, -1}})
	err := p.Run()
	if err == nil || errors.Is(err, ErrStopped) {
		t.Fatalf("Run on overflowing kernel: err = %v, want an overflow error", err)
	}
}

// randomData makes n points in [−1.5, 1.5]² with random labels.
func randomData(r *rand.Rand, n int) []Example {
	data := make([]Example, n)
	for i := range data {
		y := 1
		if r.IntN(2) == 0 {
			y = -1
		}
		data[i] = Example{r.Float64()*3 - 1.5, r.Float64()*3 - 1.5, y}
	}
	return data
}

var propertyKernels = []Kernel{
	Linear{},
	Poly{D: 2, C: 1},
	Poly{D: 3, C: 0},
	RBF{Sigma: 0.5},
	Sigmoid{Gamma: 1, C: -0.5},
	Sum{RBF{Sigma: 1}, Poly{D: 2, C: 0}},
	Product{Linear{}, RBF{Sigma: 2}},
	Scaled{A: 0.5, K: RBF{Sigma: 0.3}},
}

// TestUndoRestores: after any sequence of steps and undos, α is exactly what
// replaying only the kept steps gives, f and the field agree within 1e-9, and
// stepping again gives the same trace as a fresh run.
func TestUndoRestores(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for trial := range 40 {
		k := propertyKernels[trial%len(propertyKernels)]
		data := randomData(r, 5+r.IntN(30))
		cfg := Config{Kernel: k, Bias: r.IntN(2) == 0, Tie: Ties[r.IntN(3)], Epochs: 50, Shuffle: r.IntN(2) == 0, Seed: r.Uint64(), Params: NewParams("eta", 0.1+r.Float64())}
		p, err := New(cfg, data)
		if err != nil {
			t.Fatal(err)
		}
		fd := NewField(Rect{-2, 2, -2, 2}, 17, 9)
		p.Attach(fd)
		fresh, _ := New(cfg, data)
		var trace []Step
		for fresh.State() == Running && len(trace) < 400 {
			s, _ := fresh.Step()
			trace = append(trace, s)
		}
		// Random walk of steps and undos; depth tracks the position.
		depth := 0
		for range 300 {
			if r.IntN(3) == 0 && p.CanUndo() {
				p.Undo()
				depth--
				continue
			}
			s, err := p.Step()
			if errors.Is(err, ErrStopped) {
				continue
			}
			if s.I != trace[depth].I || s.Mistake != trace[depth].Mistake || s.Epoch != trace[depth].Epoch ||
				math.Abs(s.F-trace[depth].F) > 1e-9 {
				t.Fatalf("trial %d (%s): step %d differs from a fresh run: %+v vs %+v", trial, k.Spec(), depth+1, s, trace[depth])
			}
			depth++
		}
		// Compare with a perceptron that took exactly depth steps.
		ref, _ := New(cfg, data)
		for range depth {
			_, _ = ref.Step()
		}
		if !slices.Equal(p.Alphas(), ref.Alphas()) {
			t.Fatalf("trial %d: α after undos %v, want %v", trial, p.Alphas(), ref.Alphas())
		}
		if p.T() != ref.T() || p.Epoch() != ref.Epoch() || p.Mistakes() != ref.Mistakes() || p.State() != ref.State() || p.Next() != ref.Next() {
			t.Fatalf("trial %d: schedule differs after undos", trial)
		}
		assertScoresExact(t, p, 1e-9)
		assertFieldExact(t, p, fd, 1e-9)
		// Undo everything: back to the start.
		for p.Undo() {
		}
		for i := range p.N() {
			if p.Alpha(i) != 0 || p.Score(i) != 0 {
				t.Fatalf("trial %d: after undoing all, α%d = %v f = %v", trial, i, p.Alpha(i), p.Score(i))
			}
		}
	}
}

// assertScoresExact checks the incremental f(xᵢ) against Σⱼ αⱼ yⱼ K(xⱼ, xᵢ).
func assertScoresExact(t *testing.T, p *Perceptron, tol float64) {
	t.Helper()
	for i := range p.N() {
		want := 0.0
		for j := range p.N() {
			want += p.Alpha(j) * float64(p.Y(j)) * p.Config().Kernel.Eval(p.X(j), p.X(i))
		}
		if math.Abs(p.Score(i)-want) > tol {
			t.Fatalf("f(x%d) = %v, full recomputation %v", i+1, p.Score(i), want)
		}
	}
}

func assertFieldExact(t *testing.T, p *Perceptron, fd *Field, tol float64) {
	t.Helper()
	for r := range fd.H {
		for c := range fd.W {
			x1, x2 := fd.Point(c, r)
			if want := p.Decide(x1, x2); math.Abs(fd.At(c, r)-want) > tol {
				t.Fatalf("field(%d,%d) = %v, full recomputation %v", c, r, fd.At(c, r), want)
			}
		}
	}
}

// TestIncrementalMatchesFull trains to the end on random data and compares
// the incremental scores and field with full recomputations.
func TestIncrementalMatchesFull(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 3))
	for trial, k := range propertyKernels {
		data := randomData(r, 60)
		p, _ := New(Config{Kernel: k, Bias: trial%2 == 0, Epochs: 20}, data)
		fd := NewField(Rect{-2, 2, -1.5, 1.5}, 31, 13)
		p.Attach(fd)
		if err := p.Run(); err != nil {
			t.Fatal(err)
		}
		assertScoresExact(t, p, 1e-9)
		assertFieldExact(t, p, fd, 1e-9)
		// A field attached after training starts from the full sum.
		late := NewField(Rect{-1, 1, -1, 1}, 8, 8)
		p.Attach(late)
		assertFieldExact(t, p, late, 1e-9)
		p.Reset()
		assertFieldExact(t, p, fd, 0)
	}
}

// TestNarrateMatchesIncremental: the dataset-order sum of the narrated terms
// and the incrementally kept score describe the same steps.
func TestNarrateMatchesIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	data := randomData(r, 80)
	for _, k := range propertyKernels {
		a, _ := New(Config{Kernel: k, Epochs: 10, RunOptions: RunOptions{Narrate: true}}, data)
		b, _ := New(Config{Kernel: k, Epochs: 10, RunOptions: RunOptions{NoHistory: true}}, data)
		for a.State() == Running {
			sa, _ := a.Step()
			sb, _ := b.Step()
			sum := 0.0
			for _, term := range sa.Terms {
				if a.Alpha(term.J) == 0 && term.J != sa.I {
					t.Fatalf("term for x%d with α = 0", term.J+1)
				}
				sum += term.Value()
			}
			if sum != sa.F || sa.Mistake != sb.Mistake || math.Abs(sa.F-sb.F) > 1e-9 {
				t.Fatalf("%s t=%d: narrated f=%v (terms %v), incremental %v", k.Spec(), sa.T, sa.F, sum, sb.F)
			}
		}
	}
}

// TestTieDecidedExactly: when the dataset-order sum is exactly 0 but the
// incrementally kept one is not (its terms were added in mistake order, and
// floating-point addition is not associative), the tie rule must see 0.
// x₅ = 0 is equidistant from x₁, x₂ (labels +, −) and from x₃, x₄ (+, −), so
// in dataset order f(x₅) = ((K₁ − K₁) + K₃) − K₃ = 0 exactly.
func TestTieDecidedExactly(t *testing.T) {
	for _, r3 := range []float64{0.1, 0.2, 0.3, 0.45, 0.6, 0.77} {
		data := []Example{{0.5, 0, 1}, {0, -0.5, -1}, {r3, 0, 1}, {0, r3, -1}, {0, 0, 1}}
		p, _ := New(Config{Kernel: RBF{Sigma: 0.37}, Tie: TieNeg, Epochs: 1}, data)
		// Mistakes in the order x₁, x₃, x₂, x₄, then the pass reaches x₅.
		for _, i := range []int{0, 2, 1, 3} {
			if err := p.update(i, 1, 1, true); err != nil {
				t.Fatal(err)
			}
		}
		p.pos, p.epoch = 4, 1
		if p.Score(4) == 0 {
			continue // this radius happens to round to 0 in mistake order too
		}
		s, _ := p.Step()
		if s.F != 0 || s.Prediction != -1 || !s.Mistake {
			t.Errorf("r₃=%v: incremental f(x₅) = %g; step saw f = %g, prediction %d; want exactly 0 and sign(0) = −1 (a mistake for y = +1)", r3, p.Score(4)-1, s.F, s.Prediction)
		}
		return
	}
	t.Fatal("no radius gave a rounding residual; the test needs other numbers")
}

func TestShuffleVisitsEachOncePerEpoch(t *testing.T) {
	data := randomData(rand.New(rand.NewPCG(1, 2)), 23)
	p, _ := New(Config{Kernel: RBF{Sigma: 0.2}, Epochs: 4, Shuffle: true, Seed: 99}, data)
	seen := map[int]map[int]bool{}
	orders := map[int][]int{}
	for p.State() == Running {
		next := p.Next()
		s, _ := p.Step()
		if s.I != next {
			t.Fatalf("Next() = %d, step visited %d", next, s.I)
		}
		if seen[s.Epoch] == nil {
			seen[s.Epoch] = map[int]bool{}
		}
		if seen[s.Epoch][s.I] {
			t.Fatalf("epoch %d visits %d twice", s.Epoch, s.I)
		}
		seen[s.Epoch][s.I] = true
		orders[s.Epoch] = append(orders[s.Epoch], s.I)
	}
	if slices.Equal(orders[1], orders[2]) {
		t.Errorf("epochs 1 and 2 have the same order %v; want a reshuffle", orders[1])
	}
	if slices.IsSorted(orders[1]) {
		t.Errorf("epoch 1 is in dataset order despite Shuffle")
	}
}

// TestOverflowLeavesStateIntact: a step whose kernel row overflows fails
// without touching the kept scores, so stepping back and on again meets
// the same error instead of training on NaN (reviewer's reproduction).
func TestOverflowLeavesStateIntact(t *testing.T) {
	p, _ := New(Config{Kernel: Poly{D: 2}, Epochs: 10}, []Example{{0, 1, 1}, {0, 1, 1}, {1e200, 0, 1}})
	var err error
	for err == nil {
		_, err = p.Step()
	}
	if errors.Is(err, ErrStopped) {
		t.Fatal("training stopped without the overflow error")
	}
	for i := range p.N() {
		if math.IsNaN(p.Score(i)) || math.IsInf(p.Score(i), 0) {
			t.Fatalf("after the error f(x%d) = %v", i+1, p.Score(i))
		}
	}
	p.Undo()
	if err := p.Run(); err == nil || p.State() == Converged {
		t.Errorf("after undo, Run: err %v state %v; want the overflow again", err, p.State())
	}
}

// TestScoresStayFinite: an η so large that scores would overflow is an
// error, not NaN read as "correct" (reviewer: --eta 1e308 "converged").
func TestScoresStayFinite(t *testing.T) {
	data := randomData(rand.New(rand.NewPCG(4, 4)), 30)
	p, _ := New(Config{Kernel: Poly{D: 2, C: 1}, Epochs: 20, Params: NewParams("eta", 1e308)}, data)
	if err := p.Run(); err == nil {
		t.Fatalf("η = 1e308 trained to %v without an error", p.State())
	}
}

// TestTinyEtaMatchesNarrated: with a subnormal η rounding is absolute, not
// relative; the fast path must still decide as the dataset-order sum does.
func TestTinyEtaMatchesNarrated(t *testing.T) {
	data := randomData(rand.New(rand.NewPCG(8, 8)), 12)
	a, _ := New(Config{Kernel: Linear{}, Epochs: 60, RunOptions: RunOptions{Narrate: true}, Params: NewParams("eta", 1e-320)}, data)
	b, _ := New(Config{Kernel: Linear{}, Epochs: 60, RunOptions: RunOptions{NoHistory: true}, Params: NewParams("eta", 1e-320)}, data)
	_, _ = a.Run(), b.Run()
	if a.Mistakes() != b.Mistakes() || !slices.Equal(a.Alphas(), b.Alphas()) {
		t.Errorf("η = 1e-320: narrated %d mistakes, fast path %d", a.Mistakes(), b.Mistakes())
	}
}

// TestSetEpochCap: raising the cap of a perceptron stopped at it goes on
// exactly as a run with the larger cap from the start (same steps, same α).
func TestSetEpochCap(t *testing.T) {
	data := []Example{{1, 1, 1}, {-1, -1, 1}, {1, -1, -1}, {-1, 1, -1}} // xor: never separable by x·z
	cfg := Config{Kernel: Linear{}, Tie: TieMistake, Epochs: 2}
	p, _ := New(cfg, data)
	if err := p.Run(); err != nil || p.State() != Capped {
		t.Fatalf("first run: %v, state %v", err, p.State())
	}
	if err := p.SetEpochCap(1); err == nil {
		t.Error("a cap below the passes begun was accepted")
	}
	if err := p.SetEpochCap(5); err != nil || p.State() != Running {
		t.Fatalf("raising the cap: %v, state %v", err, p.State())
	}
	p.Run()
	cfg.Epochs = 5
	q, _ := New(cfg, data)
	q.Run()
	if p.T() != q.T() || p.Mistakes() != q.Mistakes() || !slices.Equal(p.Alphas(), q.Alphas()) || p.State() != q.State() {
		t.Errorf("after raising the cap: T=%d mistakes=%d α=%v %v; a run capped at 5 from the start: T=%d mistakes=%d α=%v %v",
			p.T(), p.Mistakes(), p.Alphas(), p.State(), q.T(), q.Mistakes(), q.Alphas(), q.State())
	}
}

// TestRunChecked: check is asked after every mistake and at least every
// checkEvery steps, and its error stops the run at once: stopped at the
// third mistake, T is that mistake's step and α holds three updates. Run
// from where it stopped, it ends where an unchecked run ends (α exactly).
func TestRunChecked(t *testing.T) {
	b := randomData(rand.New(rand.NewPCG(7, 8)), 300)
	cfg := Config{Kernel: RBF{Sigma: 0.5}, Tie: TieMistake, Params: NewParams("eta", 1), Epochs: 100}
	p, err := New(cfg, b)
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	lastT, longest := 0, 0
	err = p.RunChecked(func() error {
		longest = max(longest, p.T()-lastT)
		lastT = p.T()
		if p.Mistakes() == 3 {
			return stop
		}
		return nil
	})
	if err != stop || p.Mistakes() != 3 || p.State() != Running {
		t.Fatalf("RunChecked: %v after %d mistakes (state %v), want the check's error at the third", err, p.Mistakes(), p.State())
	}
	sum := 0.0
	for _, a := range p.Alphas() {
		sum += a
	}
	if eta, _ := cfg.Params.Lookup("eta"); sum != 3*eta {
		t.Errorf("Σα = %v after three mistakes, want 3η = %v", sum, 3*eta)
	}
	if err := p.RunChecked(func() error {
		longest = max(longest, p.T()-lastT)
		lastT = p.T()
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if longest > checkEvery {
		t.Errorf("%d steps without a check, want at most %d", longest, checkEvery)
	}
	whole, _ := New(cfg, b)
	if err := whole.Run(); err != nil {
		t.Fatal(err)
	}
	if whole.T() != p.T() || !slices.Equal(whole.Alphas(), p.Alphas()) {
		t.Errorf("stopped and run on: T = %d, α differs %v; an unchecked run: T = %d", p.T(), !slices.Equal(whole.Alphas(), p.Alphas()), whole.T())
	}
}
