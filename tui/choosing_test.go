package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// TestHoldoutKey: h holds out the last 30 % of moons (⌈0.3·100⌉ = 30
// rows), which training never visits; they are drawn △ ▽, the status
// gives both accuracies, and the test accuracy is the tie rule's count of
// f at those rows of a learner trained here on the first 70, computed
// from Decide; o and del say why they do nothing; h puts the rows back.
func TestHoldoutKey(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	m := newModel(t, o, 120, 40)
	press(m, "h")
	if !shows(m, "moons n=70+30 test") {
		t.Fatalf("h: want 70 rows trained on and 30 held out:\n%s", screen(m))
	}
	for _, k := range []string{"o", "delete"} {
		if press(m, k); !shows(m, "rows are held out as test data") || !shows(m, "moons n=70+30 test") {
			t.Errorf("%s stays on while rows are held out:\n%s", k, screen(m))
		}
	}
	pressRun(m, "c")
	all := datasets.Examples(o.Points)
	ref := trainedOn(t, o, all[:70])
	right := 0
	for _, e := range all[70:] {
		if _, mistake := ref.Config().Tie.Predict(ref.Decide(e.X1, e.X2), e.Y); !mistake {
			right++
		}
	}
	sc := screen(m)
	for _, want := range []string{"n=70+30 test", "accuracy: train 100%", testPercent("test", right, 30), "△/▽ test"} {
		if !shows(m, want) {
			t.Errorf("the screen lacks %q:\n%s", want, sc)
		}
	}
	if n := strings.Count(sc, common.GlyphPosTest) + strings.Count(sc, common.GlyphNegTest); n < 10 || n > 30+1 {
		t.Errorf("%d test glyphs on screen (the legend's included), want most of the 30 held-out points", n)
	}
	press(m, "h")
	if !shows(m, "moons n=100 noise") || strings.Contains(screen(m), "test") {
		t.Errorf("h again: want all 100 rows trained on and no test on screen:\n%s", screen(m))
	}
}

// TestHoldoutFromFlags: --test 0.2 opens held out, and --split-seed holds
// out another set, the same one each time: the plot draws the same
// screen twice, and another than with the last rows held out (package lab
// checks the rows).
func TestHoldoutFromFlags(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Holdout = lab.Holdout{Fraction: 0.2}
	m := newModel(t, o, 120, 40)
	if !shows(m, "moons n=80+20 test") {
		t.Fatalf("--test 0.2: want 80 trained on and 20 held out:\n%s", screen(m))
	}
	o.Holdout = lab.Holdout{Fraction: 0.2, Shuffled: true, Seed: 7}
	a, b := newModel(t, o, 120, 40), newModel(t, o, 120, 40)
	if screen(a) != screen(b) || screen(a) == screen(m) {
		t.Error("a split drawn from seed 7 is not the same twice, or is the last rows")
	}
}

// TestPassLog: the mistakes-per-pass panel is on screen at 120×40 and P
// hides it (package lab checks the log itself).
func TestPassLog(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	pressRun(m, "c")
	if !strings.Contains(screen(m), "─ mistakes per pass") {
		t.Error("no mistakes-per-pass panel at 120×40")
	}
	press(m, "P")
	if strings.Contains(screen(m), "─ mistakes per pass") {
		t.Error("P does not hide the panel")
	}
}

// TestCrossValidationView: X cross-validates σ on the training rows
// (the numbers are package cv's tests'); the screen shows the chart and
// the lesson; a trains with the best σ and closes the view.
func TestCrossValidationView(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Noise = 0.3
	b, _ := datasets.Lookup("moons")
	o.Points = b.Generate(100, 0.3, 1)
	o.Holdout = lab.Holdout{Fraction: 0.3}
	m := newModel(t, o, 120, 40)
	openCV(t, m)
	sc := screen(m)
	for _, s := range []string{"cross-validation of σ", "best σ", "Best σ = ", "(a uses it)", "70 rows"} {
		if !strings.Contains(sc, s) {
			t.Errorf("the view lacks %q:\n%s", s, sc)
		}
	}
	golden(t, "testdata/screens/cv_moons_120x40.golden", sc)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	golden(t, "testdata/screens/cv_moons_80x24.golden", screen(m))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	press(m, "a")
	if sc := screen(m); strings.Contains(sc, "cross-validation of σ") || !strings.Contains(sc, "the best of cross-validation") {
		t.Errorf("a did not train with the best σ and close the view:\n%s", sc)
	}
}

// TestCrossValidationCancel: esc while a run is under way closes the
// view; the perceptron with a linear kernel has nothing to tune.
func TestCrossValidationCancel(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	m.Update(keyMsg("X"))
	if !strings.Contains(screen(m), "trainings · esc cancels") {
		t.Fatalf("X shows no run under way:\n%s", screen(m))
	}
	press(m, "esc")
	if sc := screen(m); strings.Contains(sc, "cross-validation of") || !strings.Contains(sc, "the region again") {
		t.Fatalf("esc left the view open:\n%s", sc)
	}

	o := builtinOptions(t, "blobs", 0)
	o.Config.Kernel = learn.Linear{}
	l := newModel(t, o, 120, 40)
	if _, cmd := l.Update(keyMsg("X")); cmd != nil || !strings.Contains(screen(l), "nothing to tune") {
		t.Errorf("X with a linear perceptron: run %v, screen\n%s", cmd != nil, screen(l))
	}
}

// TestCrossValidationStale: a report stays on screen after the learner
// changes, marked as for an earlier setting, and a refuses to apply it.
func TestCrossValidationStale(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	openCV(t, m)
	press(m, "l") // the SVM: a new learner, the report is the perceptron's
	if !strings.Contains(screen(m), "for an earlier setting") {
		t.Errorf("after l the report is not marked as for an earlier setting:\n%s", screen(m))
	}
	press(m, "a")
	if !shows(m, "│ SVM C = 1 │ K=rbf(sigma=0.5) │") || !shows(m, "earlier") {
		t.Errorf("a applied a stale report: want σ = 0.5 kept, and why:\n%s", screen(m))
	}
}
