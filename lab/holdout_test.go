package lab

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// moonsSplit is moons (n = 100, noise 0.1, seed 1) with 30 % held out,
// the last rows or, shuffled, the rows drawn from split seed 7.
func moonsSplit(t *testing.T, shuffled bool) Options {
	o := builtin(t, "moons", 0)
	o.Holdout = Holdout{Fraction: 0.3, Shuffled: shuffled, Seed: 7}
	return o
}

// TestHoldoutTrainsOnTheRestOnly: ToggleHoldout (h) holds out the last
// ⌈0.3·100⌉ = 30 rows of moons: the learner holds rows 1–70 in order and
// the test part rows 71–100; a run to convergence visits only rows < 70,
// and ends with exactly the α of a learner built here on rows 1–70 alone
// and stepped to the end (so training saw nothing else).
func TestHoldoutTrainsOnTheRestOnly(t *testing.T) {
	t.Parallel()
	s := open(t, builtin(t, "moons", 0))
	all := datasets.Examples(s.Options().Points)
	if err := s.ToggleHoldout(); err != nil {
		t.Fatal(err)
	}
	p := s.Learner()
	if p.N() != 70 || len(s.Test().Points()) != 30 {
		t.Fatalf("h: %d rows trained on, %d held out; want ⌈0.3·100⌉ = 30 held out, 70 trained on", p.N(), len(s.Test().Points()))
	}
	if got := trainingExamples(p); !reflect.DeepEqual(got, all[:70]) {
		t.Fatalf("the learner's examples are not rows 1–70 in order:\n%v", got)
	}
	if !reflect.DeepEqual(s.Test().Points(), all[70:]) {
		t.Fatalf("the held-out points are not rows 71–100 in order:\n%v", s.Test().Points())
	}
	train(s)
	if p.State() != learn.Converged {
		t.Fatalf("moons with rbf(σ = 0.5) on 70 rows did not converge: %v after %d steps", p.State(), p.T())
	}
	if len(s.Steps()) != p.T() {
		t.Fatalf("%d steps narrated of %d: cannot check every one", len(s.Steps()), p.T())
	}
	for _, st := range s.Steps() {
		if st.Step.I < 0 || st.Step.I >= 70 {
			t.Fatalf("step %d visited row %d, a held-out row", st.Step.T, st.Step.I+1)
		}
	}
	for i := range p.N() {
		if slices.Contains(s.Test().Points(), learn.Example{X1: p.X(i).X1, X2: p.X(i).X2, Y: p.Y(i)}) {
			t.Fatalf("training example %d is a held-out point", i+1)
		}
	}

	ref, err := learn.NewLearner(s.Options().Config, all[:70])
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := ref.Step(); errors.Is(err, learn.ErrStopped) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if ref.T() != p.T() || ref.Mistakes() != p.Mistakes() {
		t.Fatalf("the session took %d steps and %d mistakes, a learner on rows 1–70 alone %d and %d", p.T(), p.Mistakes(), ref.T(), ref.Mistakes())
	}
	for i := range 70 {
		if ref.Alpha(i) != p.Alpha(i) {
			t.Fatalf("α%d = %v, want %v (a learner on rows 1–70 alone)", i+1, p.Alpha(i), ref.Alpha(i))
		}
	}
	if err := s.ToggleHoldout(); err != nil || s.Learner().N() != 100 || len(s.Test().Points()) != 0 || s.Learner().T() != 0 {
		t.Errorf("h again: %v, N = %d, %d held out, T = %d; want all 100 rows trained on from α = 0", err, s.Learner().N(), len(s.Test().Points()), s.Learner().T())
	}
}

// TestHoldoutAccuracy: with 30 rows drawn from split seed 7 held out,
// moons converges, and the test accuracy is the count, made here from
// Decide under the tie rule, of held-out points classified right (a test
// set that is not fitted perfectly, so the figure says something); after a
// reset (every α = 0) it is the count at α = 0. With the last 30 rows held
// out it is the count by the tie rule's Predict.
func TestHoldoutAccuracy(t *testing.T) {
	t.Parallel()
	s := open(t, moonsSplit(t, true))
	train(s)
	if s.Learner().State() != learn.Converged {
		t.Fatalf("did not converge: %v", s.Learner().State())
	}
	right := countRight(s.Learner(), s.Test().Points())
	if right == 30 || right == 0 {
		t.Fatalf("%d of 30 held-out points right: pick data whose test accuracy is informative", right)
	}
	if got, ok := s.TestAccuracy(); !ok || got != float64(right)/30 {
		t.Errorf("test accuracy %v (ok %v), want %d/30", got, ok, right)
	}
	if s.Accuracy() != 100 {
		t.Errorf("training accuracy %v%% after convergence", s.Accuracy())
	}
	s.Reset()
	if got, ok := s.TestAccuracy(); !ok || got != float64(countRight(s.Learner(), s.Test().Points()))/30 {
		t.Errorf("after a reset: test accuracy %v, want the count at α = 0", got)
	}

	last := open(t, moonsSplit(t, false))
	train(last)
	right = 0
	for _, e := range last.Test().Points() {
		if _, mistake := last.Learner().Config().Tie.Predict(last.Learner().Decide(e.X1, e.X2), e.Y); !mistake {
			right++
		}
	}
	if got, ok := last.TestAccuracy(); !ok || got != float64(right)/30 {
		t.Errorf("the last 30 rows held out: test accuracy %v (ok %v), want %d/30 counted from Decide", got, ok, right)
	}
	if _, ok := open(t, builtin(t, "moons", 0)).TestAccuracy(); ok {
		t.Error("a test accuracy with no rows held out")
	}
}

// TestHoldoutAverageAndVote: the averaged and voted perceptrons score the
// held-out points with their own classifier; the session keeps the vote
// by an Ensemble that catches up step by step, which must agree with
// crossval.Accuracy walking every vector afresh, going forward and back.
func TestHoldoutAverageAndVote(t *testing.T) {
	t.Parallel()
	for _, algo := range []string{"averaged", "voted"} {
		o := moonsSplit(t, true)
		o.Config.Learner = algo
		s := open(t, o)
		check := func(when string) {
			t.Helper()
			want, err := crossval.Accuracy(t.Context(), s.Learner(), s.Test().Points())
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := s.TestAccuracy(); !ok || got != want {
				t.Errorf("%v %s (t = %d): test accuracy %v (ok %v), want %v", algo, when, s.Learner().T(), got, ok, want)
			}
		}
		for range 5 {
			for range 17 {
				s.Step()
			}
			check("forward")
		}
		for range 3 {
			for range 11 {
				s.Back()
			}
			check("back")
		}
		train(s)
		check("converged")
	}
}

// TestHoldoutFromOptions: --test 0.2 opens with the last ⌈0.2·100⌉ = 20
// rows held out; --split-seed 7 holds out 20 other rows, the same ones
// every time, training and test parts partitioning the data in dataset
// order; another seed draws another set; h twice comes back to the split
// the session started with, not h's default 30 %.
func TestHoldoutFromOptions(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	all := datasets.Examples(o.Points)
	o.Holdout = Holdout{Fraction: 0.2}
	m := open(t, o)
	if m.Learner().N() != 80 || !reflect.DeepEqual(m.Test().Points(), all[80:]) {
		t.Fatalf("--test 0.2: N = %d, held out %d; want 80 and rows 81–100", m.Learner().N(), len(m.Test().Points()))
	}

	shuffled := func(seed uint64) *Session {
		o.Holdout = Holdout{Fraction: 0.2, Shuffled: true, Seed: seed}
		return open(t, o)
	}
	a, b, c := shuffled(7), shuffled(7), shuffled(8)
	if !reflect.DeepEqual(a.Test().Points(), b.Test().Points()) {
		t.Fatal("split seed 7 holds out different rows twice")
	}
	if reflect.DeepEqual(a.Test().Points(), m.Test().Points()) || reflect.DeepEqual(a.Test().Points(), c.Test().Points()) {
		t.Fatal("split seed 7 holds out the last rows, or the rows of seed 8")
	}
	// Training part and test part are the data, each in dataset order.
	train, test := trainingExamples(a.Learner()), a.Test().Points()
	if len(train) != 80 || len(test) != 20 {
		t.Fatalf("seed 7: %d + %d rows", len(train), len(test))
	}
	i, j := 0, 0
	for _, e := range all {
		switch {
		case i < len(train) && train[i] == e:
			i++
		case j < len(test) && test[j] == e:
			j++
		default:
			t.Fatalf("row %v is in neither part, or out of order", e)
		}
	}
	heldBefore := slices.Clone(a.Test().Points())
	if err := a.ToggleHoldout(); err != nil || a.Learner().N() != 100 || len(a.Test().Points()) != 0 {
		t.Fatalf("h: %v, N = %d, held out %d", err, a.Learner().N(), len(a.Test().Points()))
	}
	if err := a.ToggleHoldout(); err != nil || !reflect.DeepEqual(a.Test().Points(), heldBefore) {
		t.Errorf("h twice holds out %d other rows (%v), want the --test 0.2 --split-seed 7 split back", len(a.Test().Points()), err)
	}
}

// TestPassLog: one entry per finished pass, whose mistakes add up to the
// run's; undoing a pass end drops its entry and redoing brings it back;
// a capped run on data the kernel cannot separate has a mistake in every
// pass, and a reset empties the log; the SVM has no passes.
func TestPassLog(t *testing.T) {
	t.Parallel()
	s := open(t, builtin(t, "moons", 0))
	train(s)
	ends, p := s.Passes().Ends(), s.Learner()
	pass, ok := p.(learn.Passer)
	if !ok || len(ends) != pass.Epoch() || p.State() != learn.Converged {
		t.Fatalf("%d passes logged, the run converged (state %v) after %d", len(ends), p.State(), pass.Epoch())
	}
	sum := 0
	for _, e := range ends {
		sum += e.Mistakes
	}
	if sum != p.Mistakes() || ends[len(ends)-1].Mistakes != 0 || ends[len(ends)-1].Train != 1 {
		t.Errorf("mistakes per pass sum to %d (want %d), the last pass %+v (want 0 mistakes, train 1)", sum, p.Mistakes(), ends[len(ends)-1])
	}
	last := ends[len(ends)-1]
	s.Back()
	if len(s.Passes().Ends()) != len(ends)-1 {
		t.Fatalf("a step back over the last pass end leaves %d passes, want %d", len(s.Passes().Ends()), len(ends)-1)
	}
	s.Step()
	if got := s.Passes().Ends()[len(s.Passes().Ends())-1]; got != last {
		t.Errorf("stepping again logs %+v, want %+v", got, last)
	}

	o := builtin(t, "xor", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 5
	x := open(t, o)
	train(x)
	if len(x.Passes().Ends()) != 5 {
		t.Fatalf("xor, linear, cap 5: %d passes logged", len(x.Passes().Ends()))
	}
	for k, e := range x.Passes().Ends() {
		if e.Mistakes == 0 {
			t.Errorf("pass %d of xor with a linear kernel made no mistake", k+1)
		}
	}
	x.Reset()
	if len(x.Passes().Ends()) != 0 {
		t.Error("a reset keeps the pass log")
	}
	o = builtin(t, "moons", 0)
	o.Config.Learner = "svm"
	v := open(t, o)
	v.Step()
	v.Step()
	if len(v.Passes().Ends()) != 0 {
		t.Error("the SVM logs passes")
	}
}

// BenchmarkHeldOutAccuracy is a step and the test accuracy with 1200 rows
// held out of moons at n = 4000 (537 support vectors after 3 passes): it
// is read from f kept at the held-out points, as the status line reads it
// after every step.
func BenchmarkHeldOutAccuracy(b *testing.B) {
	o := builtin(b, "moons", 0)
	moons, _ := datasets.Lookup("moons")
	o.Points, o.N, o.Noise = moons.Generate(4000, 0.3, 1), 4000, 0.3
	o.Holdout = Holdout{Fraction: 0.3}
	s := open(b, o)
	for range 3 * 2800 {
		s.Step()
	}
	for b.Loop() {
		s.Step()
		s.TestAccuracy()
	}
}
