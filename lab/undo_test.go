package lab

import (
	"math"
	"slices"
	"testing"

	"kernelscope/learn"
	"kernelscope/notation"
)

// svmOn is a built-in dataset with its preset kernel and the SVM with C
// (0: its default, 1), its field on a lattice of 90×60 as a region of
// that size would ask for.
func svmOn(t *testing.T, name string, c float64) *Session {
	t.Helper()
	o := builtin(t, name, 0)
	if c != 0 {
		o.Config = o.Config.With("C", c)
	}
	o.Config.Learner = "svm"
	s := open(t, o)
	if job := s.Resize(90, 60); job != nil {
		t.Fatal("a field of 90×60 was put off the UI path")
	}
	return s
}

// TestSVMUndoExact: stepping back puts α back bit for bit, step by step to
// the start, and the field follows (to rounding, against a recomputation);
// the step now newest is narrated as notation.Pair writes it.
func TestSVMUndoExact(t *testing.T) {
	t.Parallel()
	s := svmOn(t, "moons", 0)
	var before [][]float64
	for range 40 {
		a := s.Learner().Alphas()
		if !s.Step() {
			break // converged
		}
		before = append(before, a)
	}
	if len(before) < 20 {
		t.Fatalf("only %d steps before convergence: the test wants 20", len(before))
	}
	for k := len(before) - 1; k >= 0; k-- {
		s.Back()
		if got := s.Learner().Alphas(); !slices.Equal(got, before[k]) {
			t.Fatalf("after undoing to t=%d: α differs from before the step", k)
		}
		if s.Learner().T() != k {
			t.Fatalf("after undoing to t=%d: T = %d", k, s.Learner().T())
		}
	}
	runOut(s)
	s.Back()
	s.Back()
	s.Back()
	fieldIsF(t, s, 1e-9)
	last, ok := s.Last()
	if steps := s.Steps(); !ok || last.Pair != notation.Pair(s.Learner().T(), *steps[len(steps)-1].Step.Pair, 1) {
		t.Errorf("after stepping back the narration is not the step now in effect: %q", last.Pair)
	}
}

// TestSVMNotSeparable: xor with a linear kernel and C = ∞ has no
// separating line: a run stops with the learner's error, the field shows
// the α it stopped at, a step back clears the error, and a finite C then
// converges.
func TestSVMNotSeparable(t *testing.T) {
	t.Parallel()
	o := builtin(t, "xor", 0)
	o.Config = o.Config.With("C", math.Inf(1))
	o.Config.Learner, o.Config.Kernel = "svm", learn.Linear{}
	s := open(t, o)
	s.Resize(90, 60)
	runOut(s)
	if s.Err() != learn.ErrNotSeparable {
		t.Fatalf("xor, linear, C = ∞: err %v, state %v", s.Err(), s.Learner().State())
	}
	fieldIsF(t, s, 1e-6)
	at := s.Learner().T()
	s.Back()
	if s.Learner().T() != at-1 || s.Err() != nil {
		t.Errorf("back after the error: t=%d (was %d), err %v", s.Learner().T(), at, s.Err())
	}
	if err := s.SetConfig(s.Options().Config.With("C", 1000)); err != nil {
		t.Fatal(err)
	}
	runOut(s)
	if sv := s.SMO(); sv.C() != 1000 || sv.State() != learn.Converged {
		t.Errorf("C = 1000: %v after %d iterations", sv.State(), sv.T())
	}
	fieldIsF(t, s, 1e-9)
}

// TestSVMNewC: an SVM solved at C = 1 and then at C = 2 converges again, to
// a margin no wider (a larger C penalizes slack more), and the field
// follows.
func TestSVMNewC(t *testing.T) {
	t.Parallel()
	s := svmOn(t, "moons", 0)
	runOut(s)
	before := s.SMO().Width()
	if err := s.SetConfig(s.Options().Config.With("C", 2)); err != nil {
		t.Fatal(err)
	}
	runOut(s)
	sv := s.SMO()
	if sv.C() != 2 || sv.State() != learn.Converged || sv.T() == 0 {
		t.Fatalf("C = 2: C = %v, %v after %d iterations", sv.C(), sv.State(), sv.T())
	}
	if !(sv.Width() <= before) {
		t.Errorf("a larger C widened the margin: %v → %v", before, sv.Width())
	}
	fieldIsF(t, s, 1e-9)
}

// TestBackNarratesStepsNotKept: the narration keeps the latest steps only
// (maxShownSteps), but stepping back to an older step narrates it as
// every step is narrated: after 50 000 steps of autoplay on xor (never
// separable with the linear kernel), 25 000 steps back each show the step
// now in effect written out, the same terms a fresh session narrates for
// it, never "an earlier step".
func TestBackNarratesStepsNotKept(t *testing.T) {
	t.Parallel()
	o := builtin(t, "xor", 40)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 1_000_000
	s := open(t, o)
	for range 50_000 {
		if !s.Take(false) {
			t.Fatalf("stopped at step %d", s.Learner().T())
		}
	}
	s.NarrateLast()
	for k := range 25_000 {
		if !s.Back() {
			t.Fatalf("step back %d refused at T = %d", k+1, s.Learner().T())
		}
		last, ok := s.Last()
		if !ok || last.Step.T != s.Learner().T() || last.Terms == "" {
			t.Fatalf("after %d steps back, at T = %d: narration kept %v for step %d (%q)", k+1, s.Learner().T(), ok, last.Step.T, last.Terms)
		}
		if k%5000 == 4999 {
			ref := open(t, o)
			for ref.Learner().T() < s.Learner().T()-1 {
				ref.Take(false)
			}
			ref.Take(true)
			want, _ := ref.Last()
			if last.Terms != want.Terms {
				t.Fatalf("at T = %d the narration is %q, a fresh session's %q", s.Learner().T(), last.Terms, want.Terms)
			}
		}
	}
}
