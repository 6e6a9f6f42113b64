package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"kernelscope/learn"
)

// The chart of mistakes per pass in the program: where it goes, what its
// title says as training runs, and the keys that clear it or move it. The
// pass log itself is the session's (package lab tests it), the chart alone
// package panels'.

const passesTitle = "─ mistakes per pass"

// panelRows is how many rows the panel titled title takes on the screen,
// borders included: from its top border to the bottom border under the
// top's corner (0 when it is not on screen).
func panelRows(sc, title string) int {
	lines := strings.Split(sc, "\n")
	for i, l := range lines {
		at := strings.Index(l, "╭"+title)
		if at < 0 {
			continue
		}
		col := len([]rune(l[:at]))
		for j := i + 1; j < len(lines); j++ {
			if r := []rune(lines[j]); col < len(r) && r[col] == '╰' {
				return j - i + 1
			}
		}
	}
	return 0
}

// TestPassesTitle: the chart's title gives the last pass and its mistakes
// as seed 003's example runs: none before a pass ends, one mistake in pass
// 1 (x₁, sign(0) = −1 ≠ +1), none in pass 2.
func TestPassesTitle(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	if sc := screen(m); !strings.Contains(sc, passesTitle+" ─") || !strings.Contains(sc, "no pass finished yet") {
		t.Errorf("an empty log does not say so:\n%s", sc)
	}
	for _, want := range []string{"─ mistakes per pass: 1 in pass 1 ─", "─ mistakes per pass: 0 in pass 2 ─"} {
		press(m, "space", "space", "space")
		if sc := screen(m); strings.Contains(sc, want) {
			t.Errorf("a step before the pass ends the title is already %q:\n%s", want, sc)
		}
		press(m, "space")
		if sc := screen(m); !strings.Contains(sc, want) {
			t.Errorf("at step %d the panel's title is not %q:\n%s", stepShown(t, m), want, sc)
		}
	}
}

// TestPassesCapped: moons with a linear kernel and no bias is not
// separable, so a run with a cap of 4 passes ends with pass 4 in the
// title, with the mistakes the status line counts in that pass; E raises
// the cap and c goes on to pass 8.
func TestPassesCapped(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs, o.Config.Shuffle = learn.Linear{}, 4, true
	m := newModel(t, o, 120, 40)
	pressRun(m, "c")
	sc := flatScreen(m)
	this := regexp.MustCompile(`pass 4, step 400 (?:│ )?mistakes: (\d+) this pass`).FindStringSubmatch(sc)
	if this == nil || !strings.Contains(sc, "stopped at the cap of 4 passes") {
		t.Fatalf("c with a cap of 4 passes:\n%s", screen(m))
	}
	if want := fmt.Sprintf("%s: %s in pass 4 ─", passesTitle, this[1]); !strings.Contains(screen(m), want) {
		t.Errorf("the panel's title is not %q:\n%s", want, screen(m))
	}
	press(m, "E")
	pressRun(m, "c")
	if sc := screen(m); !regexp.MustCompile(passesTitle + `: \d+ in pass 8 ─`).MatchString(sc) {
		t.Errorf("E then c: the title does not give pass 8:\n%s", sc)
	}
}

// TestPassesCleared: r, a new kernel, h and a new dataset each start the
// chart again with α (a cap of 3 passes keeps every run short).
func TestPassesCleared(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Config.Epochs = 3
	m := newModel(t, o, 120, 40)
	for _, k := range []string{"r", "k", "h", "d"} {
		pressRun(m, "c")
		if !regexp.MustCompile(passesTitle + `: \d+ in pass \d+ ─`).MatchString(screen(m)) {
			t.Fatalf("before %s: no pass on the chart after c:\n%s", k, screen(m))
		}
		press(m, k)
		if sc := screen(m); !strings.Contains(sc, passesTitle+" ─") || !strings.Contains(sc, "no pass finished yet") || stepShown(t, m) != 0 {
			t.Errorf("%s: the chart is not empty at step 0:\n%s", k, sc)
		}
	}
}

// TestPassesPanel: at 120×40 the chart sits between the α and Gram
// panels (passesPanelH rows); P gives its rows to the Gram panel and P
// again takes them back. The SVM makes no passes: no panel.
func TestPassesPanel(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	sc := screen(m)
	a, pp, g := strings.Index(sc, "─ α "), strings.Index(sc, passesTitle), strings.Index(sc, "─ Gram ")
	if a < 0 || pp < 0 || g < 0 || !(a < pp && pp < g) {
		t.Fatalf("want the α panel, the passes chart and the Gram panel in that order:\n%s", sc)
	}
	gramH := panelRows(sc, "─ Gram ")
	if h := panelRows(sc, passesTitle); h != passesPanelH || gramH == 0 {
		t.Fatalf("the chart is %d rows, want %d (the Gram panel %d):\n%s", h, passesPanelH, gramH, sc)
	}
	alphaH := panelRows(sc, "─ α ")
	press(m, "P")
	relayout(m) // the answer to P off the narration, which kept its line
	// The chart's rows go to the Gram panel (and back to the α panel
	// the rows it had given up for the chart).
	if sc := screen(m); strings.Contains(sc, passesTitle) || panelRows(sc, "─ Gram ")+panelRows(sc, "─ α ") != gramH+alphaH+passesPanelH {
		t.Errorf("P: chart still on screen, or the Gram and α panels %d + %d rows (want %d in all):\n%s", panelRows(sc, "─ Gram "), panelRows(sc, "─ α "), gramH+alphaH+passesPanelH, sc)
	}
	press(m, "P")
	relayout(m)
	if sc := screen(m); !strings.Contains(sc, passesTitle) || panelRows(sc, "─ Gram ") != gramH {
		t.Errorf("P again does not bring the chart back:\n%s", sc)
	}

	s := newModel(t, svmOptions(t, "moons", 0), 120, 40)
	pressRun(s, "c")
	if sc := screen(s); strings.Contains(sc, passesTitle) || !strings.Contains(sc, "converged ✓") {
		t.Errorf("the SVM: chart on screen, or not converged:\n%s", sc)
	}
}

// TestPassesNarrow: at 80×24 the panels take turns in the main area: g
// goes region → α → Gram → passes → region; the SVM's turn says why it has
// no chart.
func TestPassesNarrow(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 80, 24)
	pressRun(m, "c")
	order := []string{"─ α ", "─ Gram ", passesTitle, ""}
	for k, want := range order {
		press(m, "g")
		sc := screen(m)
		if want == "" {
			if strings.Contains(sc, passesTitle) || strings.Contains(sc, "─ Gram ") || !strings.HasPrefix(sc, "╭─ f(x) = Σ αⱼ yⱼ K(xⱼ, x)") {
				t.Errorf("g %d times: not the region again:\n%s", k+1, sc)
			}
			continue
		}
		if !strings.Contains(sc, want) {
			t.Errorf("g %d times: no %q:\n%s", k+1, want, sc)
		}
		if (want == passesTitle) != strings.Contains(sc, passesTitle) {
			t.Errorf("g %d times: the passes chart shown %v", k+1, strings.Contains(sc, passesTitle))
		}
	}
	press(m, "g", "g", "g")
	golden(t, "testdata/screens/passes_moons_80x24.golden", screen(m))

	s := newModel(t, svmOptions(t, "moons", 0), 80, 24)
	press(s, "g", "g", "g")
	if sc := screen(s); !strings.Contains(sc, "the SVM makes no passes") {
		t.Errorf("the SVM's turn of the passes chart:\n%s", sc)
	}
}

// TestPassesWideButShort: at 120×30 there is no room for the chart beside
// the region, and g does nothing in a wide terminal, so P's message that
// the chart is on should not be all there is: the chart should be on
// screen somewhere.
func TestPassesWideButShort(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 30)
	pressRun(m, "c")
	press(m, "P", "P")
	pSays := screen(m)
	reached := strings.Contains(pSays, passesTitle)
	for range 4 {
		press(m, "g")
		reached = reached || strings.Contains(screen(m), passesTitle)
	}
	if !reached {
		t.Fatal(fmt.Sprintf("at 120×30 (any width ≥ 100 and height below about 39) the passes chart is never shown: "+
			"layout.passesH needs regionH − alphaH ≥ %d and g is disabled in a wide terminal, yet P says (under the panels)\n%s\nand g\n%s",
			passesPanelH+8, pSays, screen(m)))
	}
}
