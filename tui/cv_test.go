package tui

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// cvDrain runs cmd as Bubble Tea would, batches included, feeding every
// message back and running what Update returns, until nothing is left;
// it returns the progress messages seen and fails unless the run is over.
func cvDrain(t *testing.T, m *Model, cmd tea.Cmd) []cvProgressMsg {
	t.Helper()
	var progress []cvProgressMsg
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 100_000 {
			t.Fatal("the cross-validation's commands never run out")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil:
			continue
		case tea.BatchMsg:
			queue = append(queue, msg...)
			continue
		case cvProgressMsg:
			progress = append(progress, msg)
		}
		_, next := m.Update(msg)
		queue = append(queue, next)
	}
	if m.cv.running {
		t.Fatal("the cross-validation did not finish")
	}
	return progress
}

// openCV presses X and returns the command that runs the sweep.
func openCV(t *testing.T, m *Model) tea.Cmd {
	t.Helper()
	_, cmd := m.Update(keyMsg("X"))
	if !m.cv.open {
		t.Fatal("X did not open the cross-validation view")
	}
	return cmd
}

// cvReference is crossval.Run called here on data with the view's sweep,
// one training at a time.
func cvReference(t *testing.T, cfg learn.Config, data []learn.Example, p crossval.Param, values []float64, folds int) crossval.Report {
	t.Helper()
	r, err := crossval.Run(t.Context(), crossval.Plan{Config: cfg, Data: data, Param: p, Values: values, Folds: folds, Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sameValues compares sweeps to a relative 1e-12.
func sameValues(got, want []float64) bool { return closeValues(got, want, 1e-12) }

// closeValues compares sweeps to a relative tol.
func closeValues(got, want []float64, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > tol*math.Abs(want[i]) {
			return false
		}
	}
	return true
}

// geom is m values from a to b with a constant ratio, written out.
func geom(a, b float64, m int) []float64 {
	out := make([]float64, m)
	for k := range out {
		out[k] = a * math.Pow(b/a, float64(k)/float64(m-1))
	}
	return out
}

// TestCVMoonsSigma: X on moons (rbf, σ = 0.5) sweeps σ over 9 values from
// 0.05 to 5 on a log scale (0.5/10 to 0.5·10), 5 folds of all 100 rows;
// the progress counts up to 45 = 9·5 trainings; the report is what
// crossval.Run gives on its own, its best the value with the highest mean
// validation accuracy (the smaller on a tie); the screen shows the chart
// and the lesson.
func TestCVMoonsSigma(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	cmd := openCV(t, m)
	v := m.cv
	if !v.running || v.param != crossval.Sigma || !sameValues(v.values, geom(0.05, 5, 9)) {
		t.Fatalf("X: running %v, sweeping %v over %v; want σ over 0.05…5 (9, log)", v.running, v.param, v.values)
	}
	if sc := screen(m); !strings.Contains(sc, "0/45 trainings") {
		t.Errorf("no progress bar before the first training:\n%s", sc)
	}
	progress := cvDrain(t, m, cmd)
	last := 0
	for _, p := range progress {
		if p.total != 45 || p.done <= last || p.done > 45 {
			t.Fatalf("progress %d/%d after %d", p.done, p.total, last)
		}
		last = p.done
	}
	r := v.report
	if r == nil {
		t.Fatalf("no report: %v", v.err)
	}
	want := cvReference(t, m.s.Options().Config, datasets.Examples(m.s.Options().Points), crossval.Sigma, crossval.Around(crossval.Sigma, 0.5), 5)
	if !reflect.DeepEqual(*r, want) {
		t.Fatalf("the view's report differs from crossval.Run's:\n%+v\nwant\n%+v", *r, want)
	}
	best := 0
	for i, res := range r.Results {
		if res.Mean > r.Results[best].Mean+1e-12 {
			best = i
		}
	}
	if r.Best != best {
		t.Errorf("best is value %d, want %d (highest mean, first on a tie)", r.Best, best)
	}
	b := r.Results[best]
	pc := func(f float64) string { return strconv.Itoa(int(math.Round(100*f))) + "%" }
	lowest := 0
	for i, res := range r.Results {
		if res.TrainMean() < r.Results[lowest].TrainMean() {
			lowest = i
		}
	}
	sc := screen(m)
	for _, s := range []string{
		"cross-validation of σ", "best σ", "σ from 0.05 to 5 (9 values, log) · 5 folds",
		fmt.Sprintf("Best σ = %s: validation %s ± %s (a uses it).", strconv.FormatFloat(b.Value, 'g', 3, 64), pc(b.Mean), pc(b.Std)),
		"cross-validation done: 45 trainings",
	} {
		if !strings.Contains(sc, s) {
			t.Errorf("the view lacks %q:\n%s", s, sc)
		}
	}
	// Every training fits better than σ = 5's does, which validates 10
	// points or more below the best: the lesson names underfitting there.
	if low := r.Results[lowest]; low.TrainMean() < b.Mean-0.05 {
		lesson := strings.Join(strings.Fields(v.lesson()), " ")
		if !strings.Contains(lesson, fmt.Sprintf("at σ = %s even training accuracy is only %s", strconv.FormatFloat(low.Value, 'g', 3, 64), pc(low.TrainMean()))) ||
			!strings.Contains(lesson, "underfitting") {
			t.Errorf("the lesson does not name underfitting at σ = %v: %s", low.Value, lesson)
		}
	}
	golden(t, "testdata/screens/cv_moons_all_rows_120x40.golden", sc)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	golden(t, "testdata/screens/cv_moons_all_rows_80x24.golden", screen(m))
}

// TestCVApply: a before the report says there is none yet; after it, a
// trains with the best σ (α from 0) and closes the view.
func TestCVApply(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	pressRun(m, "space", "space")
	cmd := openCV(t, m)
	press(m, "a")
	if !m.cv.open || m.message != "no result to use yet" || m.s.Options().Config.Kernel.Spec() != "rbf(sigma=0.5)" {
		t.Fatalf("a before the report: open %v, %q, %s", m.cv.open, m.message, m.s.Options().Config.Kernel.Spec())
	}
	cvDrain(t, m, cmd)
	best := m.cv.report.BestValue()
	press(m, "a")
	got, ok := crossval.Sigma.Current(m.s.Options().Config)
	if !ok || got != best || m.cv.open || m.s.Learner().T() != 0 {
		t.Fatalf("a: σ = %v, view open %v, t = %d; want σ = %v, closed, α from 0", got, m.cv.open, m.s.Learner().T(), best)
	}
	if got, _ := crossval.Sigma.Current(m.s.Learner().Config()); got != best {
		t.Errorf("the learner trains with σ = %v, want %v", got, best)
	}
	if !strings.Contains(m.message, "the best of cross-validation") || !strings.Contains(ansi.Strip(m.status.Line()), "K=rbf(sigma="+learn.Num(best)) {
		t.Errorf("a: message %q, status %s", m.message, ansi.Strip(m.status.Line()))
	}
}

// TestCVCancel: esc while a run is under way closes the view and stops
// the run: its command comes back at once, and nothing it says changes
// the view; a message of a run that enter replaced is dropped as well,
// and the new run's report is the one kept.
func TestCVCancel(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	cmd := openCV(t, m)
	old := m.cv.id
	press(m, "esc")
	if m.cv.open || m.cv.running || m.cv.cancel != nil {
		t.Fatal("esc left the view open or the run going")
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		if msg != nil {
			m.Update(msg)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled run's command does not return")
	}
	fake := crossval.Report{Param: crossval.Sigma, Folds: 5, Results: []crossval.Result{{Value: 9, Mean: 1}}}
	m.Update(cvProgressMsg{id: old, done: 44, total: 45})
	m.Update(cvDoneMsg{id: old, report: fake})
	if m.cv.report != nil || m.cv.running || m.cv.done != 0 || m.cv.err != nil {
		t.Fatalf("a cancelled run's messages changed the view: report %v, running %v, done %d", m.cv.report, m.cv.running, m.cv.done)
	}

	first := openCV(t, m)
	replaced := m.cv.id
	_, second := m.Update(keyMsg("enter"))
	if !m.cv.running || m.cv.id == replaced {
		t.Fatal("enter did not start a new run")
	}
	if msg := first(); msg != nil {
		m.Update(msg)
	}
	if _, next := m.Update(cvProgressMsg{id: replaced, done: 44, total: 45, next: first}); next != nil || m.cv.done != 0 {
		t.Error("a replaced run's progress was taken")
	}
	m.Update(cvDoneMsg{id: replaced, report: fake})
	m.Update(cvDoneMsg{id: replaced, err: errors.New("replaced")})
	if m.cv.report != nil || m.cv.err != nil || !m.cv.running {
		t.Fatalf("a replaced run's report or error was taken: %v, %v", m.cv.report, m.cv.err)
	}
	cvDrain(t, m, second)
	want := cvReference(t, m.s.Options().Config, datasets.Examples(m.s.Options().Points), crossval.Sigma, crossval.Around(crossval.Sigma, 0.5), 5)
	if m.cv.report == nil || !reflect.DeepEqual(*m.cv.report, want) {
		t.Error("the run enter started did not report what crossval.Run does")
	}
}

// TestCVParams: what X sweeps for each learner, and what tab moves to.
// poly(d=2, c=1): d over 1…max(6, d+2) = 1…6, then c over c ± 2 in 9
// steps, then d again; rbf has σ only; the SVM adds C, swept from C/10 to
// 10·C (1 by default), or 0.01…100 for the hard margin; the perceptron
// with a linear kernel has nothing to sweep, and no run starts.
func TestCVParams(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 0), 120, 40)
	openCV(t, m)
	steps := []struct {
		p      crossval.Param
		values []float64
	}{
		{crossval.Degree, []float64{1, 2, 3, 4, 5, 6}},
		{crossval.Coef0, []float64{-1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3}},
		{crossval.Degree, []float64{1, 2, 3, 4, 5, 6}},
	}
	for k, s := range steps {
		if k > 0 {
			id := m.cv.id
			if _, cmd := m.Update(keyMsg("tab")); cmd == nil || m.cv.id == id || !m.cv.running {
				t.Fatalf("tab #%d started no run", k)
			}
		}
		if m.cv.param != s.p || !sameValues(m.cv.values, s.values) {
			t.Fatalf("poly, step %d: %v over %v; want %v over %v", k, m.cv.param, m.cv.values, s.p, s.values)
		}
	}

	r := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	openCV(t, r)
	if _, cmd := r.Update(keyMsg("tab")); cmd != nil || r.cv.param != crossval.Sigma || !strings.Contains(r.message, "one parameter") {
		t.Errorf("tab with rbf: %v, %q, run %v", r.cv.param, r.message, cmd != nil)
	}

	s := newModel(t, svmOptions(t, "moons", 0), 120, 40)
	openCV(t, s)
	s.Update(keyMsg("tab"))
	if s.cv.param != crossval.C || !sameValues(s.cv.values, geom(0.1, 10, 9)) {
		t.Errorf("SVM, tab: %v over %v; want C over 0.1…10", s.cv.param, s.cv.values)
	}
	h := newModel(t, svmOptions(t, "blobs", math.Inf(1)), 120, 40)
	openCV(t, h)
	if h.cv.param != crossval.C || !sameValues(h.cv.values, geom(0.01, 100, 9)) {
		t.Errorf("hard-margin SVM, linear: %v over %v; want C over 0.01…100", h.cv.param, h.cv.values)
	}

	l := newModel(t, builtinOptions(t, "blobs", 0), 120, 40)
	if cmd := openCV(t, l); cmd != nil || l.cv.running || !strings.Contains(l.message, "nothing to tune") {
		t.Fatalf("X, linear perceptron: run %v, message %q", cmd != nil, l.message)
	}
	if sc := screen(l); !strings.Contains(sc, "nothing to tune: a linear kernel has no parameter") {
		t.Errorf("the view does not say there is nothing to tune:\n%s", sc)
	}
	for _, k := range []string{"enter", "tab", "]", "}", "+"} {
		if _, cmd := l.Update(keyMsg(k)); cmd != nil || l.cv.running {
			t.Errorf("%s with nothing to tune started a run", k)
		}
	}
}

// TestCVRangeKeys: on σ's log axis from 0.05 to 5 (a ratio of 100), ]
// and [ move the sweep by a third of its width, a factor 100^(1/3); } and
// { make it twice and half as wide on the log axis about its middle,
// √(0.05·5) = 0.5:
// 0.5·100^(±1) and 0.5·100^(±1/4); + and − change the folds, from 2 to 20.
// Each starts a run, and the run reports with the folds asked for.
func TestCVRangeKeys(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	openCV(t, m)
	third, quarter := math.Cbrt(100), math.Sqrt(math.Sqrt(100))
	for _, c := range []struct {
		key    string
		lo, hi float64
	}{
		{"]", 0.05 * third, 5 * third},
		{"[", 0.05, 5},
		{"[", 0.05 / third, 5 / third},
		{"]", 0.05, 5},
		{"}", 0.5 / 100, 0.5 * 100},
		{"{", 0.05, 5},
		{"{", 0.5 / quarter, 0.5 * quarter},
		{"}", 0.05, 5},
	} {
		id := m.cv.id
		if _, cmd := m.Update(keyMsg(c.key)); cmd == nil || m.cv.id == id || !m.cv.running {
			t.Fatalf("%s started no run", c.key)
		}
		if !closeValues(m.cv.values, geom(c.lo, c.hi, 9), 1e-9) {
			t.Fatalf("%s: σ over %v, want 9 from %v to %v", c.key, m.cv.values, c.lo, c.hi)
		}
	}

	_, cmd := m.Update(keyMsg("-"))
	if m.cv.folds != 4 {
		t.Fatalf("-: %d folds, want 4", m.cv.folds)
	}
	cvDrain(t, m, cmd)
	want := cvReference(t, m.s.Options().Config, datasets.Examples(m.s.Options().Points), crossval.Sigma, m.cv.values, 4)
	if m.cv.report == nil || !reflect.DeepEqual(*m.cv.report, want) {
		t.Fatal("with 4 folds the report is not crossval.Run's with 4")
	}
	if !strings.Contains(screen(m), "· 4 folds ·") {
		t.Errorf("the header does not say 4 folds:\n%s", screen(m))
	}
	press(m, "-", "-", "-", "-")
	if m.cv.folds != 2 {
		t.Errorf("- below 2 folds: %d", m.cv.folds)
	}
	for range 30 {
		press(m, "+")
	}
	if m.cv.folds != 20 {
		t.Errorf("+ above 20 folds: %d", m.cv.folds)
	}
	press(m, "esc")
}

// TestCVFewRows: worked4 has 4 rows, so 5 folds cannot be cut: the run
// uses 4 (leave one out), and the view says so.
func TestCVFewRows(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	cvDrain(t, m, openCV(t, m))
	r := m.cv.report
	if r == nil || r.Folds != 4 {
		t.Fatalf("worked4: report %+v (error %v); want 4 folds", r, m.cv.err)
	}
	want := cvReference(t, m.s.Options().Config, datasets.Examples(m.s.Options().Points), crossval.Degree, crossval.Around(crossval.Degree, 2), 4)
	if !reflect.DeepEqual(*r, want) {
		t.Errorf("worked4: report differs from crossval.Run with 4 folds")
	}
	if sc := screen(m); !strings.Contains(sc, "· 4 folds ·") {
		t.Fatal("with 4 rows the run cuts 4 folds but the header still says '5 folds' (cvView.header prints v.folds, runCV uses min(v.folds, len(data)))")
	}
}

// TestCVHeldOutRows: with rows held out the sweep runs on the training
// rows only: the 70 rows before the held-out 30, or, split by seed 7,
// exactly the rows the learner trains on; 5 folds of 70 rows validate on
// 14 rows each, so every fold's accuracy is a multiple of 1/14.
func TestCVHeldOutRows(t *testing.T) {
	for _, shuffled := range []bool{false, true} {
		m := newModel(t, moonsSplit(t, shuffled), 120, 40)
		cvDrain(t, m, openCV(t, m))
		r := m.cv.report
		if r == nil {
			t.Fatalf("no report: %v", m.cv.err)
		}
		want := cvReference(t, m.s.Options().Config, trainingExamples(m.s.Learner()), crossval.Sigma, crossval.Around(crossval.Sigma, 0.5), 5)
		if !reflect.DeepEqual(*r, want) {
			t.Errorf("shuffled %v: the report is not crossval.Run's on the 70 training rows", shuffled)
		}
		for _, res := range r.Results {
			for _, f := range res.Folds {
				if k := f * 14; math.Abs(k-math.Round(k)) > 1e-9 {
					t.Fatalf("shuffled %v: a fold accuracy of %v is not k/14", shuffled, f)
				}
			}
		}
		if !strings.Contains(screen(m), "70 rows") {
			t.Errorf("shuffled %v: the header does not say 70 rows:\n%s", shuffled, screen(m))
		}
	}
}

// TestCVNarrowShowsView: in an 80×24 terminal showing the α panel in the
// main area (g), X runs a cross-validation whose keys take over the help
// line, so its view should be what the main area shows.
func TestCVNarrowShowsView(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 80, 24)
	press(m, "g")
	cvDrain(t, m, openCV(t, m))
	if sc := screen(m); !strings.Contains(sc, "cross-validation of σ") {
		t.Fatal("at 80×24 after g (α panel shown) X opens and runs the cross-validation, and its keys are live, " +
			"but the main area still shows the α panel (render.go puts m.show before m.cv.open)")
	}
}

// TestCVAnySize: the whole screen fits the terminal exactly at every size,
// with the view running, done, and running again over a report; the view
// alone draws exactly its size down to 1×1.
func TestCVAnySize(t *testing.T) {
	sizes := [][2]int{{1, 1}, {20, 6}, {40, 12}, {80, 24}, {120, 40}}
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	cmd := openCV(t, m)
	assertFits(t, m, sizes)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	cvDrain(t, m, cmd)
	assertFits(t, m, sizes)
	_, cmd = m.Update(keyMsg("enter"))
	if !m.cv.running || m.cv.report == nil {
		t.Fatal("enter after a report: not running over it")
	}
	m.Update(cvProgressMsg{id: m.cv.id, done: 20, total: 45})
	assertFits(t, m, sizes)
	for w := 0; w <= 30; w += 3 {
		for h := 0; h <= 16; h++ {
			m.cv.SetSize(w, h)
			view := m.cv.View()
			if w == 0 || h == 0 {
				if view != "" {
					t.Errorf("%d×%d: %q", w, h, view)
				}
				continue
			}
			lines := strings.Split(view, "\n")
			if len(lines) != h {
				t.Errorf("%d×%d: %d lines", w, h, len(lines))
			}
			for i, l := range lines {
				if ansi.StringWidth(l) != w {
					t.Errorf("%d×%d: line %d is %d wide: %q", w, h, i, ansi.StringWidth(l), l)
					break
				}
			}
		}
	}
	press(m, "esc")
	if cmd == nil || m.cv.running {
		t.Error("esc did not stop the run enter started")
	}
}

// TestCVLessonShown: the lesson under the chart is the view's point, so
// at 120×40, where the chart has twenty rows, it is shown whole, not cut
// off with "…".
func TestCVLessonShown(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	cvDrain(t, m, openCV(t, m))
	words := strings.Fields(m.cv.lesson())
	var view []string
	for _, l := range strings.Split(ansi.Strip(m.cv.View()), "\n") {
		view = append(view, strings.Trim(l, "│ "))
	}
	shown := strings.Join(strings.Fields(strings.Join(view, " ")), " ")
	if !strings.Contains(shown, strings.Join(words, " ")) {
		t.Fatal(fmt.Sprintf("at 120×40 the lesson is cut to 3 lines and loses its conclusion (%q): cvView.View gives it at most 3 lines, the chart all the rest",
			strings.Join(words[max(0, len(words)-4):], " ")))
	}
}
