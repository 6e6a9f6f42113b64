package panels

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// passesOf is the chart of mistakes per pass of s.
func passesOf(s *lab.Session) *PassesView {
	th := theme()
	return &PassesView{S: s, Th: th, Inks: common.NewChartInks(th)}
}

// capped is moons with a linear kernel and no bias, which is not
// separable, run in a fresh order each pass to its cap of 4 passes.
func capped(t testing.TB) *lab.Session {
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs, o.Config.Shuffle = learn.Linear{}, 4, true
	return trained(t, o, -1)
}

// TestPassesGoldens: the chart alone: seed 003's example converged (one
// mistake in pass 1, none in pass 2), moons at its cap of 4 passes, and
// the SVM, which makes no passes; at the size the program gives it beside
// the region of a 120×40 terminal, wider, and tiny.
func TestPassesGoldens(t *testing.T) {
	t.Parallel()
	golden(t, "passes_worked4", passesOf(trained(t, tuitest.Builtin(t, "worked4", 0), -1)), [2]int{43, 9}, [2]int{64, 9}, [2]int{20, 5})
	golden(t, "passes_capped", passesOf(capped(t)), [2]int{43, 9}, [2]int{64, 12})
	golden(t, "passes_svm", passesOf(trained(t, svmOptions(t, "moons", 0), -1)), [2]int{43, 9}, [2]int{20, 5})
}

// TestPassesTitle: the title gives the mistakes of the last pass and its
// number, from the session's pass log; an empty log says no pass has
// finished yet.
func TestPassesTitle(t *testing.T) {
	t.Parallel()
	v := passesOf(tuitest.Session(t, tuitest.Builtin(t, "moons", 0)))
	v.SetSize(43, 9)
	if out := ansi.Strip(v.View()); !strings.HasPrefix(out, "╭─ mistakes per pass ─") || !strings.Contains(out, "no pass finished yet") {
		t.Errorf("an empty log:\n%s", out)
	}
	s := capped(t)
	ends := s.Passes()
	if len(ends) != 4 {
		t.Fatalf("%d passes logged at the cap of 4", len(ends))
	}
	v = passesOf(s)
	v.SetSize(43, 9)
	if out := ansi.Strip(v.View()); !strings.HasPrefix(out, fmt.Sprintf("╭─ mistakes per pass: %d in pass 4 ─", ends[3].Mistakes)) {
		t.Errorf("the title does not give pass 4:\n%s", out)
	}
	w := passesOf(trained(t, tuitest.Builtin(t, "worked4", 0), -1))
	w.SetSize(43, 9)
	if out := ansi.Strip(w.View()); !strings.HasPrefix(out, "╭─ mistakes per pass: 0 in pass 2 ─") {
		t.Errorf("worked4 converged after 2 passes (seed 003):\n%s", out)
	}
}

// TestPassesAnySize: the chart draws exactly its size, with passes or
// without, down to 1×1, and nothing at 0.
func TestPassesAnySize(t *testing.T) {
	t.Parallel()
	v := passesOf(capped(t))
	fitsEverySize(t, "the chart", v, 70, 14)
	fitsEverySize(t, "the SVM's chart", passesOf(trained(t, svmOptions(t, "moons", 0), -1)), 70, 14)
	for _, sz := range [][2]int{{0, 0}, {0, 9}, {43, 0}} {
		v.SetSize(sz[0], sz[1])
		tuitest.Fits(t, v.View(), sz[0], sz[1])
	}
}
