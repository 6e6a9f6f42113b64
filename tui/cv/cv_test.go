package cv

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
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// harness is the view alone on a session, sized as the region of a
// 120×40 screen, its host recording what it says and applying what it
// asks.
type harness struct {
	t    *testing.T
	s    *lab.Session
	v    *Model
	host *tuitest.Host
}

func newHarness(t *testing.T, o lab.Options) *harness {
	t.Helper()
	s := tuitest.Session(t, o)
	h := &harness{t: t, s: s, host: &tuitest.Host{S: s}}
	h.v = New(s, h.host)
	th := common.NewTheme(true, true, 0)
	h.v.SetTheme(th, common.NewChartInks(th))
	h.v.SetSize(78, 33)
	return h
}

// press answers key as the program does: the open view's keys first, X
// always.
func (h *harness) press(key string) tea.Cmd {
	msg := tuitest.Key(key)
	if h.v.Open() {
		if cmd, _, ok := h.v.Keys().Handle(msg); ok {
			return cmd
		}
	}
	if h.v.ToggleAction().Has(msg) {
		return h.v.ToggleAction().Do(msg)
	}
	return nil
}

// open presses X and returns the command that runs the sweep.
func (h *harness) open() tea.Cmd {
	h.t.Helper()
	cmd := h.press("X")
	if !h.v.Open() {
		h.t.Fatal("X did not open the cross-validation view")
	}
	return cmd
}

// drain runs cmd as Bubble Tea would, batches included, feeding every
// message back and running what Update returns, until nothing is left;
// it returns the progress messages seen and fails unless the run is over.
func (h *harness) drain(cmd tea.Cmd) []ProgressMsg {
	h.t.Helper()
	var progress []ProgressMsg
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 100_000 {
			h.t.Fatal("the cross-validation's commands never run out")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case ProgressMsg:
			progress = append(progress, msg)
			queue = append(queue, h.v.Update(msg))
		default:
			queue = append(queue, h.v.Update(msg))
		}
	}
	if h.v.running {
		h.t.Fatal("the cross-validation did not finish")
	}
	return progress
}

// reference is crossval.Run called here on data with the view's sweep,
// one training at a time.
func reference(t *testing.T, cfg learn.Config, data []learn.Example, p crossval.Param, values []float64, folds int) crossval.Report {
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

// TestMoonsSigma: X on moons (rbf, σ = 0.5) sweeps σ over 9 values from
// 0.05 to 5 on a log scale (0.5/10 to 0.5·10), 5 folds of all 100 rows;
// the progress counts up to 45 = 9·5 trainings; the report is what
// crossval.Run gives on its own, its best the value with the highest mean
// validation accuracy (the smaller on a tie); the view shows the chart
// and the lesson.
func TestMoonsSigma(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	cmd := h.open()
	v := h.v
	if !v.running || v.param != crossval.Sigma || !sameValues(v.values, geom(0.05, 5, 9)) {
		t.Fatalf("X: running %v, sweeping %v over %v; want σ over 0.05…5 (9, log)", v.running, v.param, v.values)
	}
	if view := ansi.Strip(v.View()); !strings.Contains(view, "0/45 trainings") {
		t.Errorf("no progress bar before the first training:\n%s", view)
	}
	last := 0
	for _, p := range h.drain(cmd) {
		if p.total != 45 || p.done <= last || p.done > 45 {
			t.Fatalf("progress %d/%d after %d", p.done, p.total, last)
		}
		last = p.done
	}
	r := v.report
	if r == nil {
		t.Fatalf("no report: %v", v.err)
	}
	want := reference(t, h.s.Options().Config, datasets.Examples(h.s.Options().Points), crossval.Sigma, crossval.Around(crossval.Sigma, 0.5), 5)
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
	view := ansi.Strip(v.View())
	for _, s := range []string{
		"cross-validation of σ", "best σ", "σ from 0.05 to 5 (9 values, log) · 5 folds",
		fmt.Sprintf("Best σ = %s: validation %s ± %s (a uses it).", strconv.FormatFloat(b.Value, 'g', 3, 64), pc(b.Mean), pc(b.Std)),
	} {
		if !strings.Contains(view, s) {
			t.Errorf("the view lacks %q:\n%s", s, view)
		}
	}
	if h.host.Said != "cross-validation done: 45 trainings" {
		t.Errorf("the view said %q when done", h.host.Said)
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
	for _, size := range [][2]int{{78, 33}, {58, 17}, {38, 12}} {
		v.SetSize(size[0], size[1])
		tuitest.Golden(t, fmt.Sprintf("testdata/moons_%dx%d.golden", size[0], size[1]), v.View())
	}
}

// TestApply: a before the report says there is none yet; after it, a
// asks the program to train with the best σ (α from 0), stopping the
// player first, and closes the view.
func TestApply(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	cmd := h.open()
	h.press("a")
	if !h.v.Open() || h.host.Said != "no result to use yet" || len(h.host.Configs) != 0 {
		t.Fatalf("a before the report: open %v, %q, %d configurations asked", h.v.Open(), h.host.Said, len(h.host.Configs))
	}
	h.drain(cmd)
	best := h.v.report.BestValue()
	h.press("a")
	got, ok := crossval.Sigma.Current(h.s.Options().Config)
	if !ok || got != best || h.v.Open() || !h.host.Stopped || len(h.host.Configs) != 1 {
		t.Fatalf("a: σ = %v, view open %v, player stopped %v, %d configurations; want σ = %v, closed, stopped, 1", got, h.v.Open(), h.host.Stopped, len(h.host.Configs), best)
	}
	if !strings.Contains(h.host.Said, "the best of cross-validation") {
		t.Errorf("a: message %q", h.host.Said)
	}
}

// TestCancel: esc while a run is under way closes the view and stops the
// run: its command comes back at once, and nothing it says changes the
// view; a message of a run that enter replaced is dropped as well, and
// the new run's report is the one kept.
func TestCancel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	v := h.v
	cmd := h.open()
	old := v.id
	h.press("esc")
	if v.Open() || v.running || v.cancel != nil {
		t.Fatal("esc left the view open or the run going")
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		if msg != nil {
			v.Update(msg)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled run's command does not return")
	}
	fake := crossval.Report{Param: crossval.Sigma, Folds: 5, Results: []crossval.Result{{Value: 9, Mean: 1}}}
	v.Update(ProgressMsg{id: old, done: 44, total: 45})
	v.Update(DoneMsg{id: old, report: fake})
	if v.report != nil || v.running || v.done != 0 || v.err != nil {
		t.Fatalf("a cancelled run's messages changed the view: report %v, running %v, done %d", v.report, v.running, v.done)
	}

	first := h.open()
	replaced := v.id
	second := h.press("enter")
	if !v.running || v.id == replaced {
		t.Fatal("enter did not start a new run")
	}
	if msg := first(); msg != nil {
		v.Update(msg)
	}
	if next := v.Update(ProgressMsg{id: replaced, done: 44, total: 45, next: first}); next != nil || v.done != 0 {
		t.Error("a replaced run's progress was taken")
	}
	v.Update(DoneMsg{id: replaced, report: fake})
	v.Update(DoneMsg{id: replaced, err: errors.New("replaced")})
	if v.report != nil || v.err != nil || !v.running {
		t.Fatalf("a replaced run's report or error was taken: %v, %v", v.report, v.err)
	}
	h.drain(second)
	want := reference(t, h.s.Options().Config, datasets.Examples(h.s.Options().Points), crossval.Sigma, crossval.Around(crossval.Sigma, 0.5), 5)
	if v.report == nil || !reflect.DeepEqual(*v.report, want) {
		t.Error("the run enter started did not report what crossval.Run does")
	}
}

// TestParams: what X sweeps for each learner, and what tab moves to.
// poly(d=2, c=1): d over 1…max(6, d+2) = 1…6, then c over c ± 2 in 9
// steps, then d again; rbf has σ only; the SVM adds C, swept from C/10 to
// 10·C (1 by default), or 0.01…100 for the hard margin; the perceptron
// with a linear kernel has nothing to sweep, and no run starts.
func TestParams(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "circles", 0))
	h.open()
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
			id := h.v.id
			if cmd := h.press("tab"); cmd == nil || h.v.id == id || !h.v.running {
				t.Fatalf("tab #%d started no run", k)
			}
		}
		if h.v.param != s.p || !sameValues(h.v.values, s.values) {
			t.Fatalf("poly, step %d: %v over %v; want %v over %v", k, h.v.param, h.v.values, s.p, s.values)
		}
	}

	r := newHarness(t, tuitest.Builtin(t, "moons", 0))
	r.open()
	if cmd := r.press("tab"); cmd != nil || r.v.param != crossval.Sigma || !strings.Contains(r.host.Said, "one parameter") {
		t.Errorf("tab with rbf: %v, %q, run %v", r.v.param, r.host.Said, cmd != nil)
	}

	svm := func(name string, c float64) lab.Options {
		o := tuitest.Builtin(t, name, 0)
		if c != 0 {
			o.Config = o.Config.With("C", c)
		}
		o.Config.Learner = "svm"
		return o
	}
	s := newHarness(t, svm("moons", 0))
	s.open()
	s.press("tab")
	if s.v.param != crossval.C || !sameValues(s.v.values, geom(0.1, 10, 9)) {
		t.Errorf("SVM, tab: %v over %v; want C over 0.1…10", s.v.param, s.v.values)
	}
	hard := newHarness(t, svm("blobs", math.Inf(1)))
	hard.open()
	if hard.v.param != crossval.C || !sameValues(hard.v.values, geom(0.01, 100, 9)) {
		t.Errorf("hard-margin SVM, linear: %v over %v; want C over 0.01…100", hard.v.param, hard.v.values)
	}

	l := newHarness(t, tuitest.Builtin(t, "blobs", 0))
	if cmd := l.open(); cmd != nil || l.v.running || !strings.Contains(l.host.Said, "nothing to tune") {
		t.Fatalf("X, linear perceptron: run %v, message %q", cmd != nil, l.host.Said)
	}
	if view := ansi.Strip(l.v.View()); !strings.Contains(view, "nothing to tune: a linear kernel has no parameter") {
		t.Errorf("the view does not say there is nothing to tune:\n%s", view)
	}
	for _, k := range []string{"enter", "tab", "]", "}", "+"} {
		if cmd := l.press(k); cmd != nil || l.v.running {
			t.Errorf("%s with nothing to tune started a run", k)
		}
	}
}

// TestRangeKeys: on σ's log axis from 0.05 to 5 (a ratio of 100), ] and
// [ move the sweep by a third of its width, a factor 100^(1/3); } and {
// make it twice and half as wide on the log axis about its middle,
// √(0.05·5) = 0.5: 0.5·100^(±1) and 0.5·100^(±1/4); + and − change the
// folds, from 2 to 20. Each starts a run, and the run reports with the
// folds asked for.
func TestRangeKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	v := h.v
	h.open()
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
		id := v.id
		if cmd := h.press(c.key); cmd == nil || v.id == id || !v.running {
			t.Fatalf("%s started no run", c.key)
		}
		if !closeValues(v.values, geom(c.lo, c.hi, 9), 1e-9) {
			t.Fatalf("%s: σ over %v, want 9 from %v to %v", c.key, v.values, c.lo, c.hi)
		}
	}

	cmd := h.press("-")
	if v.folds != 4 {
		t.Fatalf("-: %d folds, want 4", v.folds)
	}
	h.drain(cmd)
	want := reference(t, h.s.Options().Config, datasets.Examples(h.s.Options().Points), crossval.Sigma, v.values, 4)
	if v.report == nil || !reflect.DeepEqual(*v.report, want) {
		t.Fatal("with 4 folds the report is not crossval.Run's with 4")
	}
	if !strings.Contains(ansi.Strip(v.View()), "· 4 folds ·") {
		t.Errorf("the header does not say 4 folds:\n%s", ansi.Strip(v.View()))
	}
	for range 4 {
		h.press("-")
	}
	if v.folds != 2 {
		t.Errorf("- below 2 folds: %d", v.folds)
	}
	for range 30 {
		h.press("+")
	}
	if v.folds != 20 {
		t.Errorf("+ above 20 folds: %d", v.folds)
	}
	h.press("esc")
}

// TestFewRows: worked4 has 4 rows, so 5 folds cannot be cut: the run uses
// 4 (leave one out), and the view says so.
func TestFewRows(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	h.drain(h.open())
	r := h.v.report
	if r == nil || r.Folds != 4 {
		t.Fatalf("worked4: report %+v (error %v); want 4 folds", r, h.v.err)
	}
	want := reference(t, h.s.Options().Config, datasets.Examples(h.s.Options().Points), crossval.Degree, crossval.Around(crossval.Degree, 2), 4)
	if !reflect.DeepEqual(*r, want) {
		t.Errorf("worked4: report differs from crossval.Run with 4 folds")
	}
	if !strings.Contains(ansi.Strip(h.v.View()), "· 4 folds ·") {
		t.Fatal("with 4 rows the run cuts 4 folds but the header still says '5 folds'")
	}
}

// TestHeldOutRows: with rows held out the sweep runs on the training rows
// only: the 70 rows before the held-out 30, or, split by seed 7, exactly
// the rows the learner trains on; 5 folds of 70 rows validate on 14 rows
// each, so every fold's accuracy is a multiple of 1/14.
func TestHeldOutRows(t *testing.T) {
	t.Parallel()
	for _, shuffled := range []bool{false, true} {
		o := tuitest.Builtin(t, "moons", 0)
		o.Holdout = lab.Holdout{Fraction: 0.3, Shuffled: shuffled, Seed: 7}
		h := newHarness(t, o)
		h.drain(h.open())
		r := h.v.report
		if r == nil {
			t.Fatalf("no report: %v", h.v.err)
		}
		l := h.s.Learner()
		train := make([]learn.Example, l.N())
		for i := range train {
			x := l.X(i)
			train[i] = learn.Example{X1: x.X1, X2: x.X2, Y: l.Y(i)}
		}
		want := reference(t, h.s.Options().Config, train, crossval.Sigma, crossval.Around(crossval.Sigma, 0.5), 5)
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
		if !strings.Contains(ansi.Strip(h.v.View()), "70 rows") {
			t.Errorf("shuffled %v: the header does not say 70 rows:\n%s", shuffled, ansi.Strip(h.v.View()))
		}
	}
}

// TestAnySize: the view draws exactly its size down to 1×1 (nothing at 0),
// running, done, and running again over a report.
func TestAnySize(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	v := h.v
	sizes := func() {
		t.Helper()
		for w := 0; w <= 30; w += 3 {
			for ht := 0; ht <= 16; ht++ {
				v.SetSize(w, ht)
				tuitest.Fits(t, v.View(), w, ht)
			}
		}
	}
	cmd := h.open()
	sizes()
	h.drain(cmd)
	sizes()
	cmd = h.press("enter")
	if !v.running || v.report == nil {
		t.Fatal("enter after a report: not running over it")
	}
	v.Update(ProgressMsg{id: v.id, done: 20, total: 45})
	sizes()
	h.press("esc")
	if cmd == nil || v.running {
		t.Error("esc did not stop the run enter started")
	}
}

// TestLessonShown: the lesson under the chart is the view's point, so at
// the region's size in a 120×40 terminal, where the chart has twenty
// rows, it is shown whole, not cut off with "…".
func TestLessonShown(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	h.drain(h.open())
	words := strings.Fields(h.v.lesson())
	var view []string
	for _, l := range strings.Split(ansi.Strip(h.v.View()), "\n") {
		view = append(view, strings.Trim(l, "│ "))
	}
	shown := strings.Join(strings.Fields(strings.Join(view, " ")), " ")
	if !strings.Contains(shown, strings.Join(words, " ")) {
		t.Fatalf("the lesson is cut and loses its conclusion (%q)", strings.Join(words[max(0, len(words)-4):], " "))
	}
}
