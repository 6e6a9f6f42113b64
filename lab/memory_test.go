package lab

import (
	"runtime"
	"testing"

	"kernelscope/learn"
)

// TestSessionMemoryBounded: a session of each learner on issue 25's runs,
// which never converge, stepped 250 000 times as autoplay steps (quiet),
// holds at most 6 MiB more live heap than when it opened: room for the
// undo history's default budget of 2 MiB, the narration kept for stepping
// back (half a MB), the kernel rows of n = 400 (1.3 MB) and the learner's
// own state. (Issue 25 measured the history in mistakes or steps instead:
// the Forgetron's copies of every σ took 240 bytes a mistake, the SVM's
// checkpoints 400 bytes a step, the averaged, voted, stoptron and budget
// perceptrons 80 bytes a mistake, and 20 000 narrated steps 3 to 5 MB.)
// The heap is measured after a collection, so the bound is on what is
// kept, not on garbage.
func TestSessionMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("steps a quarter of a million times for each learner")
	}
	const steps, bound = 250_000, 6 << 20
	for _, kind := range learn.Learners() {
		o := issueRun(t, kind)
		before := heapAlloc()
		s := open(t, o)
		for range steps {
			if !s.Take(false) {
				t.Fatalf("%s stopped at step %d: %v", kind.Name, s.Learner().T(), s.Err())
			}
		}
		grown := int64(heapAlloc()) - int64(before)
		t.Logf("%s: the session grew by %.1f MB in %d steps", kind.Name, float64(grown)/1e6, steps)
		if grown > bound {
			t.Errorf("%s: the session grew by %.1f MB in %d steps, more than %d MiB", kind.Name, float64(grown)/1e6, steps, bound>>20)
		}
		runtime.KeepAlive(s)
	}
}

// TestSessionUndoBudget: a session's learner keeps its undo history within
// Options.Config.UndoBytes (--undo-memory), UndoBytes when it is 0, and
// the floor rises once the steps no longer fit.
func TestSessionUndoBudget(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ set, want int }{{64 << 10, 64 << 10}, {0, UndoBytes}} {
		o := issueRun(t, learn.Learners()[0])
		o.Config.UndoBytes = int64(c.set)
		s := open(t, o)
		for range 100_000 {
			s.Take(false)
		}
		l := s.Learner()
		if got := l.HistoryBytes(); got > c.want || got == 0 {
			t.Errorf("UndoBytes %d: the history holds %d bytes, want at most %d", c.set, got, c.want)
		}
		if floor := l.UndoFloor(); (floor > 0) != (c.set != 0) {
			t.Errorf("UndoBytes %d: floor %d after %d steps", c.set, floor, l.T())
		}
	}
}
