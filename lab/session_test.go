package lab

import (
	"math"
	"slices"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// fileOptions opens points as the command line opens a --data file: with
// the given kernel, tie rule mistake, learning rate eta.
func fileOptions(t testing.TB, name string, pts []datasets.Point, spec string, eta float64) Options {
	t.Helper()
	k, err := learn.ParseKernel(spec)
	if err != nil {
		t.Fatal(err)
	}
	return Options{File: name, Points: pts, Config: learn.Config{Kernel: k, Tie: learn.TieMistake, Epochs: 100, Seed: 1, Params: learn.NewParams("eta", eta)}}
}

// TestFailedChangeKeepsState: data that cannot be trained on (a point at
// +Inf) opens an empty plane with a linear kernel and the reason; a
// kernel the perceptron refuses (σ = 0) changes nothing, so the steps
// taken stay.
func TestFailedChangeKeepsState(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Points = append(o.Points, datasets.Point{X1: math.Inf(1), X2: 0, Y: 1})
	s, err := NewSession(o)
	if err == nil || s == nil || s.Learner() == nil || s.Learner().N() != 0 || s.Options().Dataset != "empty" {
		t.Fatalf("moons with a point at +Inf: error %v; want an empty session and the reason", err)
	}

	s = open(t, builtin(t, "worked4", 0))
	s.Step()
	s.Step()
	cfg := s.Options().Config
	cfg.Kernel = learn.RBF{Sigma: 0}
	if err := s.SetConfig(cfg); err == nil {
		t.Fatal("the perceptron took rbf(sigma=0)")
	}
	if s.Learner().T() != 2 || s.Options().Config.Kernel.Spec() != "poly(d=2,c=0)" {
		t.Errorf("a failed SetConfig changed the state: t=%d K=%s", s.Learner().T(), s.Options().Config.Kernel.Spec())
	}
	cfg = s.Options().Config.With("budget", 0.5)
	cfg.Learner = "stoptron"
	if err := s.SetConfig(cfg); err == nil || s.Learner().T() != 2 || s.Kind().Name != "perceptron" {
		t.Errorf("the stoptron with B = 0.5: %v, T = %d, %s; want refused and nothing changed", err, s.Learner().T(), s.Kind().Name)
	}
}

// TestAddPointKeepsOrStartsAgain: a point added to the averaged or voted
// perceptron's data starts training again on the new data (the vote at the
// new point would need every vector so far); the Forgetron keeps
// training where it was, as the perceptron does.
func TestAddPointKeepsOrStartsAgain(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		algo string
		kept bool
	}{{"voted", false}, {"averaged", false}, {"forgetron", true}, {"perceptron", true}} {
		o := builtin(t, "xor", 0)
		o.Config = o.Config.With("budget", 5)
		o.Config.Learner = c.algo
		s := open(t, o)
		s.Step()
		s.Step()
		n := s.Learner().N()
		kept, err := s.AddPoint(0.1, 0.2, 1)
		wantT := 0
		if c.kept {
			wantT = 2
		}
		if err != nil || kept != c.kept || s.Learner().N() != n+1 || s.Learner().T() != wantT || s.Learner().Config().Learner != c.algo {
			t.Errorf("%v: add a point: kept %v, err %v, n %d → %d, T = %d; want kept %v, n + 1, T = %d", c.algo, kept, err, n, s.Learner().N(), s.Learner().T(), c.kept, wantT)
		}
		if !s.OnYours() || !s.Unsaved() || !s.Edited() {
			t.Errorf("%v: the added point did not make the data yours, edited and unsaved", c.algo)
		}
	}
}

// TestAddAfterConvergence: a point added after worked4 converged (seed
// 003: f = (x₁ + x₂)², α₁ = 1) that f gets wrong keeps α and reopens
// training (online learning), and training makes it a support vector.
func TestAddAfterConvergence(t *testing.T) {
	t.Parallel()
	s := open(t, builtin(t, "worked4", 0))
	train(s)
	if s.Learner().State() != learn.Converged || s.Learner().T() != 8 {
		t.Fatalf("worked4: %v after %d steps; want converged after 8", s.Learner().State(), s.Learner().T())
	}
	// A −1 point at (1, 0.1), where f = 1.1² > 0.
	kept, err := s.AddPoint(1, 0.1, -1)
	p := s.Learner()
	if err != nil || !kept || p.N() != 5 || p.Alpha(0) != 1 || p.State() != learn.Running {
		t.Fatalf("after adding: kept %v (%v), n=%d α₁=%v state %v; want α kept and training reopened", kept, err, p.N(), p.Alpha(0), p.State())
	}
	train(s)
	if p.Alpha(4) == 0 {
		t.Errorf("the new point never became a support vector: α₅ = 0 after %d steps", p.T())
	}
	if !s.DeletePoint(1, 0.1, 0.01) || s.Learner().N() != 4 || s.Learner().T() != 0 {
		t.Errorf("delete: n=%d t=%d; want 4 points and α reset", s.Learner().N(), s.Learner().T())
	}
}

// TestForgetronForgets: with a budget of 3 the Forgetron forgets on xor:
// some step removes a support vector, and there are never more than 3;
// stepping back is exact: α after undoing to T = 20 is what a fresh
// learner stepped as far has, bit for bit, forgotten marks included.
func TestForgetronForgets(t *testing.T) {
	t.Parallel()
	o := builtin(t, "xor", 0)
	o.Config = o.Config.With("budget", 3)
	o.Config.Learner = "forgetron"
	s := open(t, o)
	p := s.Budgeted()
	forgot := false
	for range 60 {
		s.Step()
		if ls, ok := s.Last(); ok && ls.Step.Forget != nil && ls.Step.Forget.Removed >= 0 {
			forgot = true
		}
		if n := len(p.SupportVectors()); n > 3 {
			t.Fatalf("T = %d: %d support vectors over the budget 3", p.T(), n)
		}
	}
	if !forgot {
		t.Fatal("no step forgot in 60 steps of xor with B = 3")
	}
	for p.T() > 20 {
		s.Back()
	}
	fresh, err := learn.New(p.Config(), datasets.Examples(s.Options().Points))
	if err != nil {
		t.Fatal(err)
	}
	for fresh.T() < 20 {
		if _, err := fresh.Step(); err != nil {
			t.Fatal(err)
		}
	}
	for j := range p.N() {
		if p.Alpha(j) != fresh.Alpha(j) || p.Forgotten(j) != (&learn.BudgetPerceptron{Perceptron: fresh}).Forgotten(j) {
			t.Fatalf("after undo to T = 20: α%d = %v (forgotten %v), fresh %v (%v)", j+1, p.Alpha(j), p.Forgotten(j), fresh.Alpha(j), (&learn.BudgetPerceptron{Perceptron: fresh}).Forgotten(j))
		}
	}
	if !slices.Equal(p.SupportVectors(), fresh.SupportVectors()) {
		t.Fatalf("support vectors after undo %v, fresh %v", p.SupportVectors(), fresh.SupportVectors())
	}
}

// TestGramOverflowStops: K(x₁, x₁) = (1e160)² is +Inf under the linear
// kernel; a step on x₁ stops training with the reason, not a panic.
func TestGramOverflowStops(t *testing.T) {
	t.Parallel()
	pts := []datasets.Point{{X1: 1e160, X2: 0, Y: 1}, {X1: 1, X2: 2, Y: -1}, {X1: -1, X2: 0.5, Y: 1}}
	s := open(t, fileOptions(t, "big.csv", pts, "linear", 1))
	s.Step()
	if s.Err() == nil || !strings.Contains(s.Err().Error(), "K(x1, x1) = +Inf: the kernel overflows") {
		t.Errorf("a step with an overflowing row: error %v", s.Err())
	}
}

// TestFieldOverflowCounted: the field holds ±Inf/NaN where (x·g)^30
// passes float64 on the lattice. K(xᵢ, xⱼ) ≤ (1.44e10)³⁰ ≈ 5.7e304 on the
// data, so training converges (x₅ becomes a support vector); on the
// lattice, which reaches ±1.5e5, (x₅·g)³⁰ passes 1.8e308 wherever
// x₅·g > 1.88e10, near the corner g₁ + g₂ > 2.35e5.
func TestFieldOverflowCounted(t *testing.T) {
	t.Parallel()
	far := []datasets.Point{{X1: 1.2e5, X2: 0, Y: 1}, {X1: 0, X2: 1.2e5, Y: -1}, {X1: -1.2e5, X2: 0, Y: 1}, {X1: 0, X2: -1.2e5, Y: -1}, {X1: 8e4, X2: 8e4, Y: -1}}
	s := open(t, fileOptions(t, "far.csv", far, "poly(d=30,c=0)", 1e-6))
	if job := s.Resize(70, 64); job != nil {
		s.FieldReady(job())
	}
	train(s)
	bad, all := s.FieldOverflow()
	if bad == 0 || all != 70*64 || s.Learner().State() != learn.Converged {
		t.Fatalf("%d of %d lattice values overflowed, state %v: want some of 70·64, after convergence", bad, all, s.Learner().State())
	}
	if s.Learner().Alpha(4) == 0 {
		t.Error("x₅ is not a support vector")
	}
}

// circles4000 is circles with 4000 points at noise 0.3, trained for three
// passes: about a thousand support vectors, whose field is too much work
// for one frame.
func circles4000(t *testing.T) *Session {
	t.Helper()
	o := builtin(t, "circles", 4000)
	b, _ := datasets.Lookup("circles")
	o.Noise, o.Points = 0.3, b.Generate(4000, 0.3, 1)
	s := open(t, o)
	if job := s.Resize(140, 64); job != nil {
		s.FieldReady(job())
	}
	for s.Passer().Epoch() < 3 {
		s.Step()
	}
	if n := len(s.Learner().SupportVectors()); n*maxFieldPixels/10 < SyncFieldWork {
		t.Fatalf("only %d support vectors: not enough work to leave the UI path", n)
	}
	return s
}

// TestResizeOffTheUIPath: with about a thousand support vectors a resize
// does not compute the field at once: it returns a job, the old field
// stays meanwhile, steps taken before the result arrives are caught up,
// and a result for an older size is dropped. One job runs at a time: a
// size asked for while one runs waits for it.
func TestResizeOffTheUIPath(t *testing.T) {
	t.Parallel()
	s := circles4000(t)
	old := s.Field()
	job := s.Resize(200, 110)
	if job == nil || s.Field() != old || !s.Computing() {
		t.Fatalf("the resize computed the field at once (job %v)", job != nil)
	}
	r := job()
	s.Step() // steps taken meanwhile
	s.Step()
	s.Step()
	if next := s.FieldReady(r); next != nil || s.Computing() || s.Field() == old {
		t.Fatalf("the computed field did not replace the old one (another job %v, computing %v)", next != nil, s.Computing())
	}
	fieldIsF(t, s, 1e-9)

	job = s.Resize(160, 90)
	if job == nil {
		t.Fatal("no job for a new size")
	}
	if again := s.Resize(180, 100); again != nil {
		t.Fatal("two fields computed at once")
	}
	fresh := s.FieldReady(job())
	if !s.Computing() || fresh == nil {
		t.Fatal("a stale field was taken, or the newest size was not computed next")
	}
	if w, h := s.FieldSize(); s.FieldReady(fresh()) != nil || s.Computing() || s.Field().W != w || s.Field().H != h {
		t.Error("the field of the newest size was not taken")
	}
	fieldIsF(t, s, 1e-9)
}

// TestLongCatchUpOffTheUIPath: when the learner changed many coefficients
// while the field was computed, catching up is a job too, and the field
// it gives is the learner's.
func TestLongCatchUpOffTheUIPath(t *testing.T) {
	t.Parallel()
	s := circles4000(t)
	r := s.Resize(200, 110)()
	for range 4000 { // a pass of mistakes meanwhile
		s.Step()
	}
	job := s.FieldReady(r)
	if job == nil || !s.Computing() {
		t.Fatal("a long catch-up ran at once")
	}
	if next := s.FieldReady(job()); next != nil || s.Computing() {
		t.Fatal("the field never arrived")
	}
	fieldIsF(t, s, 1e-9)
}
