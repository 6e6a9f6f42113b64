package lab

import (
	"slices"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestPassLogWorked4: seed 003's worked example takes one mistake in its
// first pass (x₁, sign(0) = −1 ≠ +1; α₁ = 1 then gives f = 4, 0, 4, 0 at
// x₁…x₄, all four right under sign(0) = −1) and none in its second, so
// the log is two passes, ending at steps 4 and 8, each with training
// accuracy 1 and no test accuracy.
func TestPassLogWorked4(t *testing.T) {
	t.Parallel()
	s := open(t, builtin(t, "worked4", 0))
	for k := range 8 {
		if n := len(s.Passes()); n != k/4 {
			t.Fatalf("after %d steps %d passes logged, want %d", k, n, k/4)
		}
		s.Step()
	}
	want := []PassEnd{{T: 4, Mistakes: 1, Train: 1}, {T: 8, Mistakes: 0, Train: 1}}
	if !slices.Equal(s.Passes(), want) {
		t.Fatalf("pass log %+v, want %+v", s.Passes(), want)
	}
}

// TestPassLogFollowsSteps: stepping one step at a time through held-out
// moons (30 rows drawn from split seed 7; 3 passes of 70 steps), every
// pass end is logged at the step that ends it, with the mistakes the
// narration shows in that pass and the training and test accuracy counted
// here from Decide. Stepping back to the start drops the entries one by
// one as their steps are undone; running again logs the same entries.
func TestPassLogFollowsSteps(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Holdout = Holdout{Fraction: 0.3, Shuffled: true, Seed: 7}
	s := open(t, o)
	p := s.Learner()
	for p.State() == learn.Running {
		before := len(s.Passes())
		s.Step()
		ends := s.Passes()
		if len(ends) == before {
			if p.T()%70 == 0 {
				t.Fatalf("step %d ends pass %d but nothing was logged", p.T(), p.T()/70)
			}
			continue
		}
		if len(ends) != before+1 || p.T()%70 != 0 {
			t.Fatalf("step %d logged %d passes (had %d)", p.T(), len(ends), before)
		}
		e := ends[len(ends)-1]
		mistakes := 0
		for _, st := range s.Steps() {
			if st.Step.T > p.T()-70 && st.Step.Mistake {
				mistakes++
			}
		}
		train, test := countRight(p, trainingExamples(p)), countRight(p, s.Test().Points())
		want := PassEnd{T: p.T(), Mistakes: mistakes, Train: float64(train) / 70, Test: float64(test) / 30, HasTest: true}
		if e != want {
			t.Fatalf("pass %d logged %+v, want %+v", len(ends), e, want)
		}
	}
	full := slices.Clone(s.Passes())
	if p.State() != learn.Converged || len(full) != s.Passer().Epoch() || len(full) != 3 {
		t.Fatalf("%v after %d passes, %d logged; want converged after 3", p.State(), s.Passer().Epoch(), len(full))
	}
	sum := 0
	for _, e := range full {
		sum += e.Mistakes
	}
	if last := full[len(full)-1]; sum != p.Mistakes() || last.Mistakes != 0 || last.Train != 1 {
		t.Errorf("mistakes sum to %d (want %d); last pass %+v (want 0 mistakes, train 1)", sum, p.Mistakes(), last)
	}

	for p.T() > 0 {
		s.Back()
		kept := 0
		for _, e := range full {
			if e.T <= p.T() {
				kept++
			}
		}
		if !slices.Equal(s.Passes(), full[:kept]) {
			t.Fatalf("back to step %d: %d passes logged, want the first %d", p.T(), len(s.Passes()), kept)
		}
	}
	runOut(s)
	if !slices.Equal(s.Passes(), full) {
		t.Errorf("running again logs %+v, want %+v", s.Passes(), full)
	}
}

// TestPassLogCapped: moons with a linear kernel and no bias is not
// separable, so a run with a cap of 4 passes logs 4 entries, one every
// 100 steps (in a fresh order each pass with shuffle on), each with a
// mistake and training accuracy below 1; raising the cap and running on
// logs after the four already there.
func TestPassLogCapped(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs, o.Config.Shuffle = learn.Linear{}, 4, true
	s := open(t, o)
	runOut(s)
	ends := slices.Clone(s.Passes())
	if s.Learner().State() != learn.Capped || len(ends) != 4 {
		t.Fatalf("%v with %d passes logged; want capped with 4", s.Learner().State(), len(ends))
	}
	for k, e := range ends {
		if e.T != 100*(k+1) || e.Mistakes == 0 || e.Train >= 1 || e.HasTest {
			t.Errorf("pass %d: %+v; want ending at step %d with a mistake, training accuracy < 1, no test", k+1, e, 100*(k+1))
		}
	}
	if msg := s.RaiseCap(); msg != "the cap is now 8 passes: training goes on from the current α" {
		t.Errorf("raising the cap: %q", msg)
	}
	runOut(s)
	if got := s.Passes(); len(got) != 8 || !slices.Equal(got[:4], ends) {
		t.Errorf("raised and run on: %d passes logged (the first four kept: %v); want 8", len(got), len(got) >= 4 && slices.Equal(got[:4], ends))
	}
}

// TestPassLogCleared: a reset, a new kernel, holding rows out and a new
// dataset each start the log again with α (a cap of 3 passes keeps every
// run short).
func TestPassLogCleared(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Config.Epochs = 3
	s := open(t, o)
	circles, _ := datasets.Lookup("circles")
	for _, c := range []struct {
		what   string
		change func() error
	}{
		{"reset", func() error { s.Reset(); return nil }},
		{"a new kernel", func() error {
			cfg := s.Options().Config
			cfg.Kernel = learn.Poly{D: 2, C: 1}
			return s.SetConfig(cfg)
		}},
		{"rows held out", s.ToggleHoldout},
		{"a new dataset", func() error { return s.UseBuiltin(circles, false) }},
	} {
		runOut(s)
		if len(s.Passes()) == 0 {
			t.Fatalf("before %s: no pass logged after a run", c.what)
		}
		if err := c.change(); err != nil {
			t.Fatal(err)
		}
		if n := len(s.Passes()); n != 0 || s.Learner().T() != 0 {
			t.Errorf("%s: %d passes logged at step %d, want none at 0", c.what, n, s.Learner().T())
		}
	}
}

// TestPassLogSVM: the SVM makes no passes: its run logs none.
func TestPassLogSVM(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Config.Learner = "svm"
	s := open(t, o)
	runOut(s)
	if s.Learner().State() != learn.Converged || len(s.Passes()) != 0 {
		t.Errorf("the SVM: %v, %d passes logged", s.Learner().State(), len(s.Passes()))
	}
}
