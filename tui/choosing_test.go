package tui

import (
	"reflect"
	"strings"
	"testing"

	"kernelscope/lab"
	"kernelscope/tui/common"

	tea "charm.land/bubbletea/v2"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestHoldoutKey: h holds out the last 30 % of moons (⌈0.3·100⌉ = 30
// rows), which training never visits; they are drawn △ ▽, the status
// gives both accuracies, and the test accuracy is the tie rule's count of
// f at those rows, computed here from Decide; h puts them back.
func TestHoldoutKey(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	all := m.s.Options().Points
	press(m, "h")
	if n, held := m.s.Learner().N(), len(m.s.Test().Points()); n != 70 || held != 30 {
		t.Fatalf("h: the learner has %d examples and %d are held out; want 70 and 30", n, held)
	}
	for k, e := range m.s.Test().Points() {
		if p := all[70+k]; e.X1 != p.X1 || e.X2 != p.X2 || e.Y != p.Y {
			t.Fatalf("held-out point %d is %v, want row %d %v (the last rows in order)", k, e, 71+k, p)
		}
	}
	if keyAction(m, "o").Binding.Enabled() || keyAction(m, "delete").Binding.Enabled() {
		t.Error("adding and deleting points stay enabled while rows are held out")
	}
	pressRun(m, "c")
	right := 0
	for _, e := range m.s.Test().Points() {
		if _, mistake := m.s.Learner().Config().Tie.Predict(m.s.Learner().Decide(e.X1, e.X2), e.Y); !mistake {
			right++
		}
	}
	got, ok := m.s.TestAccuracy()
	if !ok || got != float64(right)/30 {
		t.Fatalf("test accuracy %v (ok %v), want %d/30 counted from Decide", got, ok, right)
	}
	sc := screen(m)
	for _, want := range []string{"n=70+30 test", "accuracy: train 100%", "△/▽ test"} {
		if !strings.Contains(sc, want) {
			t.Errorf("the screen lacks %q:\n%s", want, sc)
		}
	}
	if n := strings.Count(sc, common.GlyphPosTest) + strings.Count(sc, common.GlyphNegTest); n < 10 || n > 30+1 {
		t.Errorf("%d test glyphs on screen (the legend's included), want most of the 30 held-out points", n)
	}
	press(m, "h")
	if m.s.Learner().N() != 100 || len(m.s.Test().Points()) != 0 || strings.Contains(screen(m), "test") {
		t.Errorf("h again: N = %d, %d held out; want all 100 rows trained on and no test on screen", m.s.Learner().N(), len(m.s.Test().Points()))
	}
}

// TestHoldoutFromFlags: --test 0.2 opens held out, and --split-seed holds
// out another set, the same one each time.
func TestHoldoutFromFlags(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Holdout = lab.Holdout{Fraction: 0.2}
	m := newModel(t, o, 120, 40)
	if m.s.Learner().N() != 80 || len(m.s.Test().Points()) != 20 {
		t.Fatalf("--test 0.2: %d trained on, %d held out; want 80 and 20", m.s.Learner().N(), len(m.s.Test().Points()))
	}
	o.Holdout = lab.Holdout{Fraction: 0.2, Shuffled: true, Seed: 7}
	a, b := newModel(t, o, 120, 40), newModel(t, o, 120, 40)
	if !reflect.DeepEqual(a.s.Test().Points(), b.s.Test().Points()) || reflect.DeepEqual(a.s.Test().Points(), m.s.Test().Points()) {
		t.Error("a split drawn from seed 7 is not the same twice, or is the last rows")
	}
}

// TestPassLog: one entry per finished pass, whose mistakes add up to the
// run's; undoing a pass end drops its entry and redoing brings it back;
// a capped run on data the kernel cannot separate has a mistake in every
// pass; the SVM has no passes.
func TestPassLog(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	pressRun(m, "c")
	ends, p := m.s.Passes(), m.s.Learner()
	if len(ends) != epochOf(p) || p.State() != learn.Converged {
		t.Fatalf("%d passes logged, the run converged after %d (state %v)", len(ends), epochOf(p), p.State())
	}
	sum := 0
	for _, e := range ends {
		sum += e.Mistakes
	}
	if sum != p.Mistakes() || ends[len(ends)-1].Mistakes != 0 || ends[len(ends)-1].Train != 1 {
		t.Errorf("mistakes per pass sum to %d (want %d), the last pass %+v (want 0 mistakes, train 1)", sum, p.Mistakes(), ends[len(ends)-1])
	}
	last := ends[len(ends)-1]
	press(m, "b")
	if len(m.s.Passes()) != len(ends)-1 {
		t.Fatalf("a step back over the last pass end leaves %d passes, want %d", len(m.s.Passes()), len(ends)-1)
	}
	press(m, "space")
	if got := m.s.Passes()[len(m.s.Passes())-1]; got != last {
		t.Errorf("stepping again logs %+v, want %+v", got, last)
	}
	if !strings.Contains(screen(m), "─ mistakes per pass") {
		t.Error("no mistakes-per-pass panel at 120×40")
	}
	press(m, "P")
	if strings.Contains(screen(m), "─ mistakes per pass") {
		t.Error("P does not hide the panel")
	}

	o := builtinOptions(t, "xor", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 5
	x := newModel(t, o, 120, 40)
	pressRun(x, "c")
	if len(x.s.Passes()) != 5 {
		t.Fatalf("xor, linear, cap 5: %d passes logged", len(x.s.Passes()))
	}
	for k, e := range x.s.Passes() {
		if e.Mistakes == 0 {
			t.Errorf("pass %d of xor with a linear kernel made no mistake", k+1)
		}
	}
	press(x, "r")
	if len(x.s.Passes()) != 0 {
		t.Error("r keeps the pass log")
	}
	s := newModel(t, svmOptions(t, "moons", 0), 120, 40)
	press(s, "space", "space")
	if len(s.s.Passes()) != 0 {
		t.Error("the SVM logs passes")
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
	sigma, _ := crossval.Sigma.Current(m.s.Options().Config)
	press(m, "l") // the SVM: a new learner, the report is the perceptron's
	if !strings.Contains(screen(m), "for an earlier setting") {
		t.Errorf("after l the report is not marked as for an earlier setting:\n%s", screen(m))
	}
	press(m, "a")
	if got, _ := crossval.Sigma.Current(m.s.Options().Config); got != sigma || !strings.Contains(m.message, "earlier") {
		t.Errorf("a applied a stale report: σ %v → %v, message %q", sigma, got, m.message)
	}
}

// BenchmarkHeldOutStatus is a step and the status line with 1200 rows held
// out of moons at n = 4000 (537 support vectors after 3 passes): the test
// accuracy is read from f kept at the held-out points.
func BenchmarkHeldOutStatus(b *testing.B) {
	o := builtinOptions(b, "moons", 0)
	moons, _ := datasets.Lookup("moons")
	o.Points, o.N, o.Noise = moons.Generate(4000, 0.3, 1), 4000, 0.3
	o.Holdout = lab.Holdout{Fraction: 0.3}
	m := newModel(b, o, 160, 48)
	for range 3 * 2800 {
		m.s.Step()
	}
	for b.Loop() {
		m.s.Step()
		m.status.Line()
	}
}
