package lab

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"kernelscope/learn"
)

// TestPeekLeavesTheRun: for every learner of the registry, Peek gives the
// step the next Step takes (the same example, prediction, mistake,
// update, pair and α after it), and leaves the session as it was: its
// Mark, every αᵢ bit for bit (math.Float64bits), the step shown last, the
// flashed point, the version the views redraw on and the pass record.
// Step by step through the first 150 steps (two and a half passes of
// 60 points), from the start (the undo history empty) on.
func TestPeekLeavesTheRun(t *testing.T) {
	t.Parallel()
	for _, kind := range learn.Learners() {
		t.Run(kind.Name, func(t *testing.T) {
			t.Parallel()
			o := builtin(t, "xor", 60)
			o.Config.Learner = kind.Name
			s := open(t, o)
			for k := range 150 {
				mark, alphas := s.Mark(), bits(s.Learner().Alphas())
				last, lastOK := s.Last()
				flash, version, passes := s.Flashing(), s.Version(), s.Passes().Ends()
				peek, ok := s.Peek()
				if got := s.Mark(); got != mark {
					t.Fatalf("step %d: Peek moved the mark: %+v → %+v", k, mark, got)
				}
				if got := bits(s.Learner().Alphas()); !slices.Equal(got, alphas) {
					t.Fatalf("step %d: Peek changed α", k)
				}
				if got, gotOK := s.Last(); gotOK != lastOK || !reflect.DeepEqual(got, last) {
					t.Fatalf("step %d: Peek changed the step shown last", k)
				}
				if s.Flashing() != flash || s.Version() != version || !slices.Equal(s.Passes().Ends(), passes) {
					t.Fatalf("step %d: Peek changed the flash (%d → %d), the version (%d → %d) or the passes",
						k, flash, s.Flashing(), version, s.Version())
				}
				if !s.Step() {
					if ok {
						t.Fatalf("step %d: Peek saw a step that Step does not take", k)
					}
					break
				}
				if !ok {
					t.Fatalf("step %d: Peek saw no step, Step took one", k)
				}
				st, _ := s.Last()
				if !sameStep(peek, st.Step) {
					t.Fatalf("step %d: Peek saw %+v, Step took %+v", k, peek, st.Step)
				}
			}
		})
	}
}

// bits is each value's IEEE 754 bits: equal bits are the same number,
// NaN and −0 included.
func bits(xs []float64) []uint64 {
	out := make([]uint64, len(xs))
	for i, x := range xs {
		out[i] = math.Float64bits(x)
	}
	return out
}

// sameStep reports whether two records are of the same step: what a quiz
// asks about it and what it did to α.
func sameStep(a, b learn.Step) bool {
	if a.T != b.T || a.I != b.I || a.Y != b.Y || a.Prediction != b.Prediction || a.Mistake != b.Mistake ||
		a.Update != b.Update || math.Float64bits(a.Alpha) != math.Float64bits(b.Alpha) {
		return false
	}
	if (a.Pair == nil) != (b.Pair == nil) {
		return false
	}
	return a.Pair == nil || *a.Pair == *b.Pair
}

// TestPeekWithoutUndo: with an undo history that keeps no record (a
// budget of one byte), the first step, a mistake (every α is 0), cannot
// be put back: it stands, recorded and narrated as Step records it, and
// Peek says it saw none. After a mistake nothing is undoable, and Peek
// takes no step: the run is where it was.
func TestPeekWithoutUndo(t *testing.T) {
	t.Parallel()
	o := builtin(t, "xor", 60)
	o.Config.UndoBytes = 1
	s := open(t, o)
	if _, ok := s.Peek(); ok {
		t.Fatal("Peek put back a step a one-byte undo history cannot hold")
	}
	if last, ok := s.Last(); s.Learner().T() != 1 || !ok || !last.Step.Mistake || last.Terms == "" {
		t.Fatalf("the step Peek could not put back: T = %d, shown %v %+v; want it standing, a mistake, narrated", s.Learner().T(), ok, last)
	}
	for s.Learner().CanUndo() && s.Step() {
		// A step that is no mistake is undone without a record.
	}
	if s.Learner().CanUndo() {
		t.Fatal("training stopped with a step still undoable")
	}
	mark := s.Mark()
	if _, ok := s.Peek(); ok || s.Mark() != mark {
		t.Errorf("Peek with no undo history: ok %v, mark %+v → %+v; want false and unchanged", ok, mark, s.Mark())
	}
}

// BenchmarkPeek is the presenter's cost of knowing a question's truth:
// one step taken and undone, 100 steps into issue 25's runs (n = 400),
// for the perceptron and the SVM (whose undo restores a checkpoint and
// replays the steps since).
func BenchmarkPeek(b *testing.B) {
	for _, name := range []string{"perceptron", "svm"} {
		b.Run(name, func(b *testing.B) {
			kind, _ := learn.LookupLearner(name)
			s := open(b, issueRun(b, kind))
			for range 100 {
				s.Step()
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := s.Peek(); !ok {
					b.Fatal("no step to peek at")
				}
			}
		})
	}
}
