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
	if m.act.AddPos.Binding.Enabled() || m.act.Delete.Binding.Enabled() {
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

// finishCV runs the command X or enter returned, feeding each message
// back, until the run's report arrives.
func finishCV(t *testing.T, m *Model, cmd tea.Cmd) {
	t.Helper()
	for range 10_000 {
		if cmd == nil {
			break
		}
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				finishCV(t, m, c)
			}
			return
		}
		_, cmd = m.Update(msg)
	}
	if m.cv.running {
		t.Fatal("the cross-validation did not finish")
	}
}

// TestCrossValidationView: X cross-validates σ around the kernel's 0.5 on
// the training rows, with the results crossval.Run gives on its own; the
// screen shows the chart and the lesson; a trains with the best σ.
func TestCrossValidationView(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Noise = 0.3
	b, _ := datasets.Lookup("moons")
	o.Points = b.Generate(100, 0.3, 1)
	o.Holdout = lab.Holdout{Fraction: 0.3}
	m := newModel(t, o, 120, 40)
	_, cmd := m.Update(keyMsg("X"))
	if !m.cv.open || !m.cv.running {
		t.Fatal("X did not open the view and start a run")
	}
	finishCV(t, m, cmd)
	r := m.cv.report
	if r == nil {
		t.Fatalf("no report: %v", m.cv.err)
	}
	train, _ := optsOf(m.s).Split()
	want, err := crossval.Run(t.Context(), crossval.Plan{Config: m.s.Options().Config, Data: datasets.Examples(train),
		Param: crossval.Sigma, Values: crossval.Around(crossval.Sigma, 0.5), Folds: 5, Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Results, want.Results) || r.Best != want.Best {
		t.Fatalf("the view's report differs from crossval.Run on the 70 training rows:\n%+v\nwant\n%+v", r.Results, want.Results)
	}
	sc := screen(m)
	for _, s := range []string{"cross-validation of σ", "best σ", "Best σ = ", "(a uses it)"} {
		if !strings.Contains(sc, s) {
			t.Errorf("the view lacks %q:\n%s", s, sc)
		}
	}
	golden(t, "testdata/screens/cv_moons_120x40.golden", sc)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	golden(t, "testdata/screens/cv_moons_80x24.golden", screen(m))

	press(m, "a")
	if got, _ := crossval.Sigma.Current(m.s.Options().Config); got != r.BestValue() || m.cv.open {
		t.Errorf("a: σ = %v (view open %v), want the best, %v, and the view closed", got, m.cv.open, r.BestValue())
	}
}

// TestCrossValidationCancel: esc while a run is under way stops it, and
// its command then returns nothing; the perceptron with a linear kernel has
// nothing to tune; tab goes from the degree to the offset of poly.
func TestCrossValidationCancel(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	_, cmd := m.Update(keyMsg("X"))
	press(m, "esc")
	if m.cv.open || m.cv.running {
		t.Fatal("esc left the view open or running")
	}
	if cmd != nil {
		if msg := cmd(); msg != nil {
			if _, ok := msg.(cvDoneMsg); ok {
				m.Update(msg)
			}
		}
	}
	if m.cv.report != nil {
		t.Error("a cancelled run left a report")
	}

	o := builtinOptions(t, "blobs", 0)
	o.Config.Kernel = learn.Linear{}
	l := newModel(t, o, 120, 40)
	if _, cmd := l.Update(keyMsg("X")); cmd != nil || !strings.Contains(l.message, "nothing to tune") {
		t.Errorf("X with a linear perceptron: message %q, command %v; want nothing to tune and no run", l.message, cmd != nil)
	}

	p := newModel(t, builtinOptions(t, "circles", 0), 120, 40)
	p.Update(keyMsg("X"))
	if p.cv.param != crossval.Degree {
		t.Fatalf("X on poly sweeps %v, want the degree", p.cv.param)
	}
	p.Update(keyMsg("tab"))
	if p.cv.param != crossval.Coef0 {
		t.Errorf("tab on poly sweeps %v, want coef0", p.cv.param)
	}
}

// TestCrossValidationStale: a report stays on screen after the learner
// changes, marked as for an earlier setting, and a refuses to apply it.
func TestCrossValidationStale(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	_, cmd := m.Update(keyMsg("X"))
	finishCV(t, m, cmd)
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
