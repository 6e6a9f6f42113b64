package tui

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
)

// The cross-validation view's own tests are in package cv; these see it
// in the program, through Update and View only.

// openCV presses X and runs the sweep to its end as Bubble Tea would,
// feeding every message back.
func openCV(t *testing.T, m *Model) {
	t.Helper()
	_, cmd := m.Update(keyMsg("X"))
	run(m, cmd, 100_000)
	if !strings.Contains(screen(m), "cross-validation of") {
		t.Fatalf("X did not open the view:\n%s", screen(m))
	}
}

// TestCVScreen: X on moons opens the view in the region's place, with its
// keys on the help line, and says when the run is done; a uses the best σ
// (the status line says so) and closes it.
func TestCVScreen(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	openCV(t, m)
	sc := screen(m)
	for _, s := range []string{"cross-validation done: 45 trainings", "enter run", "a use the best", "esc close (cancels)"} {
		if !strings.Contains(sc, s) {
			t.Errorf("the screen lacks %q:\n%s", s, sc)
		}
	}
	golden(t, "testdata/screens/cv_moons_all_rows_120x40.golden", sc)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	golden(t, "testdata/screens/cv_moons_all_rows_80x24.golden", screen(m))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	press(m, "a")
	if sc := screen(m); strings.Contains(sc, "cross-validation of") || !strings.Contains(sc, "the best of cross-validation") || !strings.Contains(sc, "K=rbf(sigma=") {
		t.Errorf("a did not train with the best σ and close the view:\n%s", sc)
	}
}

// TestCVNarrowShowsView: in an 80×24 terminal showing the α panel in the
// main area (g), X runs a cross-validation whose keys take over the help
// line, so its view is what the main area shows.
func TestCVNarrowShowsView(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 80, 24)
	press(m, "g")
	openCV(t, m)
	if sc := screen(m); !strings.Contains(sc, "cross-validation of σ") {
		t.Fatalf("at 80×24 after g the main area does not show the view:\n%s", sc)
	}
}

// TestCVAnySize: the whole screen fits the terminal exactly at every size
// with the view open.
func TestCVAnySize(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	openCV(t, m)
	assertFits(t, m, [][2]int{{1, 1}, {20, 6}, {40, 12}, {80, 24}, {120, 40}})
}

// TestCVBestShortInStatus: a sets σ to the best of cross-validation's
// grid, σ₀·10^(k/4) from σ₀ = 2, whose digits run on (0.3557… on the
// circles); the status line writes the kernel with four significant
// digits, as every number on screen, and no screen line has them all,
// while the session keeps σ to the last bit, as the session file must to
// replay the run.
func TestCVBestShortInStatus(t *testing.T) {
	o := builtinOptions(t, "circles", 0)
	o.Config.Kernel = learn.RBF{Sigma: 2}
	m := newModel(t, o, 160, 48)
	openCV(t, m)
	press(m, "a")
	k, ok := m.s.Options().Config.Kernel.(learn.RBF)
	if !ok || k.Sigma == 2 {
		t.Fatalf("a: kernel %v", m.s.Options().Config.Kernel)
	}
	if full := strconv.FormatFloat(k.Sigma, 'g', -1, 64); len(full) <= 6 {
		t.Fatalf("σ = %s is short already: the case needs a long one", full)
	}
	short := "rbf(sigma=" + learn.Num(k.Sigma) + ")"
	sc := flat(m)
	if !strings.Contains(sc, "K="+short+" │") {
		t.Errorf("the status line does not write %s:\n%s", short, screen(m))
	}
	if strings.Contains(sc, k.Spec()) {
		t.Errorf("the screen writes σ with every digit, %s:\n%s", k.Spec(), screen(m))
	}
	if got, err := learn.ParseKernel(m.s.Snapshot().Config.Kernel.Spec()); err != nil || got != k {
		t.Errorf("the session's kernel %v (%v), want σ = %v exactly", got, err, k.Sigma)
	}
}
