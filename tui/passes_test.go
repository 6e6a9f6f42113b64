package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"kernelscope/lab"
	"kernelscope/learn"
)

// TestPassesLogWorked4: seed 003's worked example takes one mistake in its
// first pass (x₁, sign(0) = −1 ≠ +1; α₁ = 1 then gives f = 4, 0, 4, 0 at
// x₁…x₄, all four right under sign(0) = −1) and none in its second, so
// the log is two passes, ending at steps 4 and 8, each with training
// accuracy 1 and no test accuracy.
func TestPassesLogWorked4(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	for k := range 8 {
		if n := len(m.s.Passes()); n != k/4 {
			t.Fatalf("after %d steps %d passes logged, want %d", k, n, k/4)
		}
		press(m, "space")
	}
	want := []lab.PassEnd{{T: 4, Mistakes: 1, Train: 1}, {T: 8, Mistakes: 0, Train: 1}}
	if !slices.Equal(m.s.Passes(), want) {
		t.Fatalf("pass log %+v, want %+v", m.s.Passes(), want)
	}
	if sc := screen(m); !strings.Contains(sc, "─ mistakes per pass: 0 in pass 2 ─") {
		t.Errorf("the panel's title does not give the last pass:\n%s", sc)
	}
}

// TestPassesFollowSteps: stepping one step at a time through held-out
// moons (30 rows drawn from split seed 7; 3 passes of 70 steps), every
// pass end is logged at the step that ends it, with the mistakes the
// narration shows in that pass and the training and test accuracy counted
// here from Decide. Stepping back to the start drops the entries one by
// one as their steps are undone; running again logs the same entries.
func TestPassesFollowSteps(t *testing.T) {
	m := newModel(t, moonsSplit(t, true), 120, 40)
	p := m.s.Learner()
	for p.State() == learn.Running {
		before := len(m.s.Passes())
		press(m, "space")
		ends := m.s.Passes()
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
		for _, st := range m.s.Steps() {
			if st.Step.T > p.T()-70 && st.Step.Mistake {
				mistakes++
			}
		}
		train, test := countRight(p, trainingExamples(p)), countRight(p, m.s.Test().Points())
		want := lab.PassEnd{T: p.T(), Mistakes: mistakes, Train: float64(train) / 70, Test: float64(test) / 30, HasTest: true}
		if e != want {
			t.Fatalf("pass %d logged %+v, want %+v", len(ends), e, want)
		}
	}
	full := slices.Clone(m.s.Passes())
	if p.State() != learn.Converged || len(full) != epochOf(p) || len(full) != 3 {
		t.Fatalf("%v after %d passes, %d logged; want converged after 3", p.State(), epochOf(p), len(full))
	}
	sum := 0
	for _, e := range full {
		sum += e.Mistakes
	}
	if last := full[len(full)-1]; sum != p.Mistakes() || last.Mistakes != 0 || last.Train != 1 {
		t.Errorf("mistakes sum to %d (want %d); last pass %+v (want 0 mistakes, train 1)", sum, p.Mistakes(), last)
	}

	for p.T() > 0 {
		press(m, "b")
		kept := 0
		for _, e := range full {
			if e.T <= p.T() {
				kept++
			}
		}
		if !slices.Equal(m.s.Passes(), full[:kept]) {
			t.Fatalf("back to step %d: %d passes logged, want the first %d", p.T(), len(m.s.Passes()), kept)
		}
	}
	pressRun(m, "c")
	if !slices.Equal(m.s.Passes(), full) {
		t.Errorf("running again logs %+v, want %+v", m.s.Passes(), full)
	}
}

// TestPassesCapped: moons with a linear kernel and no bias is not
// separable, so a run with a cap of 4 passes logs 4 entries, one every
// 100 steps (in a fresh order each pass with shuffle on), each with a
// mistake and training accuracy below 1; E raises the cap and c goes on,
// logging after the four already there.
func TestPassesCapped(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs, o.Config.Shuffle = learn.Linear{}, 4, true
	m := newModel(t, o, 120, 40)
	pressRun(m, "c")
	ends := slices.Clone(m.s.Passes())
	if m.s.Learner().State() != learn.Capped || len(ends) != 4 {
		t.Fatalf("%v with %d passes logged; want capped with 4", m.s.Learner().State(), len(ends))
	}
	for k, e := range ends {
		if e.T != 100*(k+1) || e.Mistakes == 0 || e.Train >= 1 || e.HasTest {
			t.Errorf("pass %d: %+v; want ending at step %d with a mistake, training accuracy < 1, no test", k+1, e, 100*(k+1))
		}
	}
	if sc := screen(m); !strings.Contains(sc, fmt.Sprintf("─ mistakes per pass: %d in pass 4 ─", ends[3].Mistakes)) {
		t.Errorf("the panel's title does not give pass 4:\n%s", sc)
	}
	press(m, "E")
	pressRun(m, "c")
	if got := m.s.Passes(); len(got) != 8 || !slices.Equal(got[:4], ends) {
		t.Errorf("E then c: %d passes logged (the first four kept: %v); want 8", len(got), len(got) >= 4 && slices.Equal(got[:4], ends))
	}
}

// TestPassesCleared: r, a new kernel, h and a new dataset each start the
// log again with α (a cap of 3 passes keeps every run short).
func TestPassesCleared(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Config.Epochs = 3
	m := newModel(t, o, 120, 40)
	for _, k := range []string{"r", "k", "h", "d"} {
		pressRun(m, "c")
		if len(m.s.Passes()) == 0 {
			t.Fatalf("before %s: no pass logged after c", k)
		}
		press(m, k)
		if n := len(m.s.Passes()); n != 0 || m.s.Learner().T() != 0 {
			t.Errorf("%s: %d passes logged at step %d, want none at 0", k, n, m.s.Learner().T())
		}
	}
}

// TestPassesPanel: at 120×40 the chart sits between the α and Gram
// panels (passesPanelH rows); P gives its rows to the Gram panel and P
// again takes them back. The SVM makes no passes: no entries, no panel.
func TestPassesPanel(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	const title = "─ mistakes per pass"
	sc := screen(m)
	a, pp, g := strings.Index(sc, "─ α "), strings.Index(sc, title), strings.Index(sc, "─ Gram ")
	if a < 0 || pp < 0 || g < 0 || !(a < pp && pp < g) {
		t.Fatalf("want the α panel, the passes chart and the Gram panel in that order:\n%s", sc)
	}
	if !strings.Contains(sc, "no pass finished yet") {
		t.Errorf("an empty log does not say so:\n%s", sc)
	}
	gramH := m.gram.H
	if m.passes.H != passesPanelH {
		t.Fatalf("the chart is %d rows, want %d", m.passes.H, passesPanelH)
	}
	press(m, "P")
	if strings.Contains(screen(m), title) || m.gram.H != gramH+passesPanelH {
		t.Errorf("P: chart still on screen, or the Gram panel %d rows (want %d)", m.gram.H, gramH+passesPanelH)
	}
	press(m, "P")
	if !strings.Contains(screen(m), title) || m.gram.H != gramH {
		t.Error("P again does not bring the chart back")
	}

	s := newModel(t, svmOptions(t, "moons", 0), 120, 40)
	pressRun(s, "c")
	if len(s.s.Passes()) != 0 || strings.Contains(screen(s), title) {
		t.Errorf("the SVM: %d passes logged, chart on screen %v", len(s.s.Passes()), strings.Contains(screen(s), title))
	}
}

// TestPassesNarrow: at 80×24 the panels take turns in the main area: g
// goes region → α → Gram → passes → region; the SVM's turn says why it has
// no chart.
func TestPassesNarrow(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 80, 24)
	pressRun(m, "c")
	const title = "─ mistakes per pass"
	order := []string{"─ α ", "─ Gram ", title, ""}
	for k, want := range order {
		press(m, "g")
		sc := screen(m)
		if want == "" {
			if strings.Contains(sc, title) || strings.Contains(sc, "─ Gram ") || m.show != showRegion {
				t.Errorf("g %d times: not the region again:\n%s", k+1, sc)
			}
			continue
		}
		if !strings.Contains(sc, want) {
			t.Errorf("g %d times: no %q:\n%s", k+1, want, sc)
		}
		if (want == title) != strings.Contains(sc, title) {
			t.Errorf("g %d times: the passes chart shown %v", k+1, strings.Contains(sc, title))
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
	pSays := m.message
	reached := strings.Contains(screen(m), "─ mistakes per pass")
	for range 4 {
		press(m, "g")
		reached = reached || strings.Contains(screen(m), "─ mistakes per pass")
	}
	if !reached {
		t.Fatal(fmt.Sprintf("at 120×30 (any width ≥ 100 and height below about 39) the passes chart is never shown: "+
			"layout.passesH needs regionH − alphaH ≥ %d and g is disabled in a wide terminal, yet P says %q and g %q",
			passesPanelH+8, pSays, m.message))
	}
}
