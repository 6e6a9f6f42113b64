package panels

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// TestStatusUndoFloor: for every learner, with a small undo budget (12K:
// one of the SVM's checkpoints at n = 400 and the space to write the next)
// on a run that never converges (issue 25's), once the
// budget drops steps the status line says how far back undo reaches,
// "steps 1–F can no longer be undone" with F the learner's floor; b goes
// back exactly to F and no further, and the line still says so there.
func TestStatusUndoFloor(t *testing.T) {
	t.Parallel()
	for _, kind := range learn.Learners() {
		o := noisy(t, "xor", 400, 0.6)
		o.Config.Kernel = learn.Linear{}
		if !kind.Passes {
			o = noisy(t, "moons", 400, 0.4)
			o.Config.Kernel = learn.Poly{D: 3, C: 1}
			o.Config = o.Config.With("C", 1000).With("tol", 1e-300)
		}
		o.Config.Learner, o.Config.Epochs, o.Config.UndoBytes = kind.Name, 1_000_000, 12<<10
		s := trained(t, o, 0)
		p := s.Learner()
		for p.UndoFloor() == 0 {
			if !s.Take(false) || p.T() > 200_000 {
				t.Fatalf("%s: the floor is still 0 at T = %d", kind.Name, p.T())
			}
		}
		for range 100 {
			s.Take(false)
		}
		s.NarrateLast()
		floor := p.UndoFloor()
		want := fmt.Sprintf("steps 1–%d can no longer be undone", floor)
		if line := ansi.Strip(statusOf(s).Line()); !strings.Contains(line, want) {
			t.Errorf("%s at T = %d: the status line lacks %q:\n%s", kind.Name, p.T(), want, line)
		}
		for s.Back() {
		}
		if p.T() != floor || p.UndoFloor() != floor {
			t.Errorf("%s: b stopped at T = %d, the floor %d (now %d)", kind.Name, p.T(), floor, p.UndoFloor())
		}
		if line := ansi.Strip(statusOf(s).Line()); !strings.Contains(line, want) {
			t.Errorf("%s at the floor: the status line lacks %q:\n%s", kind.Name, want, line)
		}
	}
}
