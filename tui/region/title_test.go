package region

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/tui/internal/tuitest"
)

// TestTitlesWhole: the region's title shortens by dropping parts whole,
// never by a cut: at every width from 34 cells (a plot's worth) to 160 the
// top border shows no "…", in each state that has a title of its own:
// the perceptron (plain and narrow, with held-out points), the SVM (plain
// and narrow), the update view after a mistake and before one, the
// averaged perceptron showing each of its three functions, projector
// mode, and a pane of comparison mode. Where a state's long form does not
// fit, what shows is a whole shorter form: the update view in the region
// of a 100×30 terminal (64 cells) keeps "faint: before" whole, where it
// was "U: the last mistake (t=…) added …; faint: the bou…".
func TestTitlesWhole(t *testing.T) {
	t.Parallel()
	type state struct {
		name  string
		setup func(t *testing.T) *harness
	}
	build := func(name, algo string, after func(hs *harness)) func(t *testing.T) *harness {
		return func(t *testing.T) *harness {
			o := tuitest.Builtin(t, name, 0)
			if algo != "" {
				o.Config.Learner = algo
			}
			hs := newHarness(t, o, 100, 30)
			if after != nil {
				after(hs)
			}
			return hs
		}
	}
	held := func(t *testing.T) *harness {
		o := tuitest.Builtin(t, "moons", 0)
		o.Holdout = lab.Holdout{Fraction: lab.DefaultTestFraction}
		hs := newHarness(t, o, 100, 30)
		hs.step(40)
		return hs
	}
	states := []state{
		{"perceptron", build("moons", "", func(hs *harness) { hs.step(40) })},
		{"perceptron narrow", build("moons", "", func(hs *harness) { hs.r.Narrow = true; hs.step(40) })},
		{"held-out points, narrow", func(t *testing.T) *harness { hs := held(t); hs.r.Narrow = true; return hs }},
		{"SVM", build("circles", "svm", func(hs *harness) { hs.step(-1) })},
		{"SVM narrow", build("circles", "svm", func(hs *harness) { hs.r.Narrow = true; hs.step(-1) })},
		{"update view after a mistake", build("moons", "", func(hs *harness) { hs.step(40); hs.press("U") })},
		{"update view before one", build("moons", "", func(hs *harness) { hs.press("U") })},
		{"averaged: final", build("xor", "averaged", func(hs *harness) { hs.step(300) })},
		{"averaged: average", build("xor", "averaged", func(hs *harness) { hs.s.CycleShown(); hs.step(300) })},
		{"averaged: vote", build("xor", "averaged", func(hs *harness) { hs.s.CycleShown(); hs.s.CycleShown(); hs.step(300) })},
		{"projector mode, SVM", build("circles", "svm", func(hs *harness) { hs.r.Big = true; hs.step(-1) })},
		{"comparison pane", build("circles", "svm", func(hs *harness) { hs.r.Compare = true; hs.step(-1) })},
	}
	for _, st := range states {
		t.Run(st.name, func(t *testing.T) {
			t.Parallel()
			hs := st.setup(t)
			for w := 34; w <= 160; w++ {
				hs.resize(w, 20)
				top := ansi.Strip(strings.SplitN(hs.r.View(), "\n", 2)[0])
				if strings.Contains(top, "…") {
					t.Errorf("width %d: the title is cut: %s", w, top)
				}
			}
		})
	}
	hs := build("moons", "", func(hs *harness) { hs.step(40); hs.press("U") })(t)
	hs.resize(64, 24)
	if top := ansi.Strip(strings.SplitN(hs.r.View(), "\n", 2)[0]); !strings.Contains(top, "faint: before") {
		t.Errorf("the update view at 64 cells: %s, want the form that ends \"faint: before\"", top)
	}
}
