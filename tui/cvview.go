package tui

import (
	"kernelscope/tui/common"

	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/chart"
)

// The cross-validation view (X): seed 001's way of choosing a kernel, "using
// cross-validation (randomly partitioning the experimental data into
// training and validation parts, repeatedly)", run on the session's
// training data for a range of one parameter, and drawn as validation
// accuracy (mean ± std over the folds) beside training accuracy: where
// the two part is where the model memorizes instead of learning.

// CVKeys are the keys of the cross-validation view, which has them while it
// is open.
type CVKeys struct {
	Run      key.Binding
	Param    key.Binding
	Lower    key.Binding
	Higher   key.Binding
	Narrower key.Binding
	Wider    key.Binding
	Fewer    key.Binding
	More     key.Binding
	Apply    key.Binding
	Close    key.Binding
}

// DefaultCVKeys returns the view's bindings.
func DefaultCVKeys() CVKeys {
	b := bind
	return CVKeys{
		Run:      b([]string{"enter"}, "enter", "run"),
		Param:    b([]string{"tab"}, "tab", "next parameter"),
		Lower:    b([]string{"["}, "[", "range lower"),
		Higher:   b([]string{"]"}, "]", "range higher"),
		Narrower: b([]string{"{"}, "{", "range narrower"),
		Wider:    b([]string{"}"}, "}", "range wider"),
		Fewer:    b([]string{"-"}, "-", "fewer folds"),
		More:     b([]string{"+", "="}, "+", "more folds"),
		Apply:    b([]string{"a"}, "a", "use the best"),
		Close:    b([]string{"esc", "X"}, "esc", "close (cancels)"),
	}
}

// ShortHelp is the view's keys on one line.
func (k CVKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Run, k.Apply, k.Close, k.Param, k.Lower, k.Higher, k.Narrower, k.Wider, k.Fewer, k.More}
}

// FullHelp is the view's keys in one column.
func (k CVKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// cvView is the cross-validation view: the sweep to run, the run under
// way, and its report.
type cvView struct {
	th   *common.Theme
	ink  *common.ChartInks
	keys CVKeys
	w, h int
	open bool

	param  crossval.Param
	values []float64
	folds  int
	// setFor is the session build the sweep was chosen for: a new kernel
	// or learner chooses it again.
	setFor int

	id          int
	cancel      context.CancelFunc
	running     bool
	done, total int
	report      *crossval.Report
	err         error
	// about says what the report is for ("perceptron, rbf(sigma=0.5), 70
	// rows, 5 folds"); reportFor is the build it was run on.
	about     string
	reportFor int
	// runFolds is k of the last run (folds, or n when there are fewer
	// rows); stale reports that the data or settings changed since.
	runFolds int
	stale    bool
}

func newCVView(th *common.Theme) *cvView {
	return &cvView{th: th, keys: DefaultCVKeys(), folds: 5, setFor: -1}
}

// SetSize sets the view's size, border included.
func (v *cvView) SetSize(w, h int) { v.w, v.h = max(0, w), max(0, h) }

// choose picks the sweep for s when it was chosen for another build: the
// current parameter if the learner still has it, else the main one, at
// crossval.Around its current value.
func (v *cvView) choose(s *lab.Session) {
	if v.setFor == s.Built() {
		return
	}
	v.setFor = s.Built()
	cfg := s.Options().Config
	if len(v.values) == 0 || !v.param.Has(cfg) {
		p, ok := crossval.Main(cfg)
		if !ok {
			v.values = nil
			return
		}
		v.param = p
	}
	cur, _ := v.param.Current(cfg)
	v.values = crossval.Around(v.param, cur)
}

// params are the parameters s's learner has.
func params(cfg learn.Config) []crossval.Param {
	var out []crossval.Param
	for _, p := range crossval.Params {
		if p.Has(cfg) {
			out = append(out, p)
		}
	}
	return out
}

// toggle opens the view (and starts a run) or closes it (and cancels one).
func (m *Model) toggleCV() tea.Cmd {
	v := m.cv
	if v.open {
		v.close()
		m.message = "the region again"
		return nil
	}
	v.open = true
	v.choose(m.s)
	if len(v.values) == 0 {
		m.message = "cross-validation: this learner has nothing to tune (a linear kernel has no parameter; the SVM's C, with l, has)"
		return nil
	}
	m.message = "cross-validation: each value trained on all folds but one and scored on that one; enter runs again, a uses the best"
	return m.runCV()
}

func (v *cvView) close() {
	v.open = false
	v.stop()
}

// stop cancels a run under way.
func (v *cvView) stop() {
	if v.cancel != nil {
		v.cancel()
		v.cancel = nil
	}
	v.running = false
}

// runCV starts the sweep on the session's training data (the held-out
// rows stay out of it: they are for the end).
func (m *Model) runCV() tea.Cmd {
	v, s := m.cv, m.s
	v.stop()
	v.choose(s)
	if len(v.values) == 0 {
		return nil
	}
	data := datasets.Examples(lab.TrainingPoints(s.Options()))
	plan := crossval.Plan{Config: s.Options().Config, Data: data, Param: v.param, Values: v.values, Folds: min(v.folds, len(data))}
	if err := plan.Check(); err != nil {
		v.err, v.report = err, nil
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	v.id++
	v.cancel, v.running, v.done, v.total, v.err = cancel, true, 0, plan.Jobs(), nil
	v.about = fmt.Sprintf("%s, K = %s, %d rows", s.LearnerName(), s.Options().Config.Kernel.Spec(), len(data))
	v.runFolds, v.stale = plan.Folds, false
	v.reportFor = s.Built()
	return startCV(ctx, v.id, plan)
}

// Update answers the view's keys and its run's messages.
func (m *Model) cvUpdate(msg tea.Msg) tea.Cmd {
	v := m.cv
	switch msg := msg.(type) {
	case cvProgressMsg:
		if msg.id != v.id || !v.running {
			return nil
		}
		v.done, v.total = msg.done, msg.total
		return msg.next
	case cvDoneMsg:
		if msg.id != v.id || !v.running {
			return nil
		}
		v.running, v.cancel = false, nil
		if msg.err != nil {
			v.err = msg.err
			return nil
		}
		r := msg.report
		v.report, v.err = &r, nil
		m.message = fmt.Sprintf("cross-validation done: %d trainings", r.Folds*len(r.Results))
	case tea.KeyPressMsg:
		return m.cvKey(msg)
	}
	return nil
}

func (m *Model) cvKey(msg tea.KeyPressMsg) tea.Cmd {
	v, k := m.cv, m.cv.keys
	switch {
	case key.Matches(msg, k.Close):
		v.close()
		m.message = "the region again"
	case key.Matches(msg, k.Run):
		return m.runCV()
	case key.Matches(msg, k.Param):
		ps := params(m.s.Options().Config)
		if len(ps) < 2 {
			m.message = "this learner has one parameter to tune"
			return nil
		}
		for i, p := range ps {
			if p == v.param {
				v.param = ps[(i+1)%len(ps)]
				break
			}
		}
		cur, _ := v.param.Current(m.s.Options().Config)
		v.values = crossval.Around(v.param, cur)
		return m.runCV()
	case key.Matches(msg, k.Lower), key.Matches(msg, k.Higher):
		v.values = shiftRange(v.param, v.values, key.Matches(msg, k.Higher))
		return m.runCV()
	case key.Matches(msg, k.Narrower), key.Matches(msg, k.Wider):
		v.values = scaleRange(v.param, v.values, key.Matches(msg, k.Wider))
		return m.runCV()
	case key.Matches(msg, k.Fewer), key.Matches(msg, k.More):
		f := v.folds - 1
		if key.Matches(msg, k.More) {
			f = v.folds + 1
		}
		v.folds = min(max(f, 2), 20)
		return m.runCV()
	case key.Matches(msg, k.Apply):
		m.applyBest()
	}
	return nil
}

// applyBest trains with the best value of the report.
func (m *Model) applyBest() {
	v := m.cv
	if v.report == nil {
		m.message = "no result to use yet"
		return
	}
	if v.stale {
		m.message = "this result is for an earlier learner, kernel or data: enter runs it again on the current ones"
		return
	}
	best := v.report.BestValue()
	cfg, err := v.param.Set(m.s.Options().Config, best)
	if err != nil {
		m.message = "cannot use it: " + err.Error()
		return
	}
	m.player.Stop()
	m.setConfig(cfg, fmt.Sprintf("%s = %s, the best of cross-validation", v.param.Symbol(), learn.Num(best)))
	v.close()
}

// shiftRange moves the sweep a third of its width down or up: by a factor
// on a log axis, by a step on a linear one.
func shiftRange(p crossval.Param, vs []float64, up bool) []float64 {
	if len(vs) == 0 {
		return vs
	}
	lo, hi := vs[0], vs[len(vs)-1]
	sign := -1.0
	if up {
		sign = 1
	}
	if logAxis(p, vs) {
		f := math.Pow(hi/lo, sign/3)
		return crossval.Geomspace(lo*f, hi*f, len(vs))
	}
	if p == crossval.Degree {
		d := sign * max(1, math.Round((hi-lo)/3))
		lo, hi = max(1, lo+d), min(learn.MaxDegree, hi+d)
		return crossval.Linspace(lo, hi, int(hi-lo)+1)
	}
	d := sign * (hi - lo) / 3
	return crossval.Linspace(lo+d, hi+d, len(vs))
}

// scaleRange makes the sweep twice as wide or half as wide about its
// middle.
func scaleRange(p crossval.Param, vs []float64, wider bool) []float64 {
	if len(vs) == 0 {
		return vs
	}
	lo, hi := vs[0], vs[len(vs)-1]
	f := 0.5
	if wider {
		f = 2
	}
	if logAxis(p, vs) {
		mid, half := math.Sqrt(lo*hi), math.Pow(hi/lo, f/2)
		return crossval.Geomspace(mid/half, mid*half, len(vs))
	}
	if p == crossval.Degree {
		lo2 := max(1, math.Round(lo))
		hi2 := min(learn.MaxDegree, max(lo2+1, math.Round(lo+(hi-lo)*f)))
		return crossval.Linspace(lo2, hi2, int(hi2-lo2)+1)
	}
	mid, half := (lo+hi)/2, (hi-lo)/2*f
	return crossval.Linspace(mid-half, mid+half, len(vs))
}

// logAxis reports whether the sweep is drawn on a log axis: a scale
// parameter with every value > 0.
func logAxis(p crossval.Param, vs []float64) bool {
	if !p.Log() {
		return false
	}
	for _, v := range vs {
		if !(v > 0) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// lesson is the line under the chart: where training and validation
// accuracy part (a value that fits the training rows at least as well as
// the best one, but validates 5 points or more below its training
// accuracy: overfitting), or where even training accuracy is low
// (underfitting), and the best value.
func (v *cvView) lesson() string {
	r := v.report
	if r == nil || len(r.Results) == 0 {
		return ""
	}
	sym := v.param.Symbol()
	best := r.Results[r.Best]
	over, under := -1, -1
	for i, res := range r.Results {
		gap := res.TrainMean() - res.Mean
		if gap >= 0.05 && res.TrainMean() >= best.TrainMean()-1e-9 && (over < 0 || gap > r.Results[over].TrainMean()-r.Results[over].Mean) {
			over = i
		}
		if res.TrainMean() < best.Mean-0.05 && (under < 0 || res.TrainMean() < r.Results[under].TrainMean()) {
			under = i
		}
	}
	var out string
	switch {
	case over >= 0:
		o := r.Results[over]
		out = fmt.Sprintf("At %s = %s training accuracy is %s but validation only %s: that gap is overfitting, the training rows learned instead of the pattern.", sym, short(o.Value), pct(o.TrainMean()), pct(o.Mean))
	case under >= 0:
		u := r.Results[under]
		out = fmt.Sprintf("No overfitting in this range (where training fits best, validation stays within 5 points of it); at %s = %s even training accuracy is only %s: too simple a boundary, underfitting.", sym, short(u.Value), pct(u.TrainMean()))
	default:
		out = "Training and validation accuracy stay within 5 points across this range: no sign of overfitting here."
	}
	return fmt.Sprintf("Best %s = %s: validation %s ± %s (a uses it). ", sym, short(best.Value), pct(best.Mean), pct(best.Std)) + out
}

// short writes a parameter value in 3 significant digits: 0.1732 → 0.173.
func short(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }

// pct writes a fraction as a whole percentage: 0.934 → "93%".
func pct(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

// header is the view's first line: the sweep and what it runs on.
func (v *cvView) header() string {
	if len(v.values) == 0 {
		return "nothing to tune: a linear kernel has no parameter (k picks another kernel, l the SVM with its C)"
	}
	vs := v.values
	spacing := "lin"
	if logAxis(v.param, vs) {
		spacing = "log"
	}
	folds := v.folds
	if v.runFolds > 0 {
		folds = v.runFolds
	}
	head := fmt.Sprintf("%s from %s to %s (%d values, %s) · %d folds · %s", v.param.Symbol(), learn.Num(vs[0]), learn.Num(vs[len(vs)-1]), len(vs), spacing, folds, v.about)
	if v.stale {
		head = "for an earlier setting (enter runs again): " + head
	}
	return head
}

// progressLine is the run's progress bar: "████████░░░░ 23/45 trainings".
func (v *cvView) progressLine(w int) string {
	label := fmt.Sprintf(" %d/%d trainings · esc cancels", v.done, v.total)
	bw := max(0, min(40, w-len([]rune(label))))
	fill := 0
	if v.total > 0 {
		fill = bw * v.done / v.total
	}
	return strings.Repeat("█", fill) + strings.Repeat("░", bw-fill) + label
}

// handles reports whether the open view answers msg.
func (v *cvView) handles(msg tea.KeyPressMsg) bool {
	for _, b := range v.keys.ShortHelp() {
		if key.Matches(msg, b) {
			return true
		}
	}
	return false
}

// Update is the component's: the root routes the view's messages through
// cvUpdate, which needs the model.
func (v *cvView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the view: the sweep, the progress or the chart, and the lesson.
func (v *cvView) View() string {
	if v.w <= 0 || v.h <= 0 {
		return ""
	}
	iw, ih := common.Inner(v.w, v.h)
	title := " cross-validation "
	if len(v.values) > 0 {
		title = fmt.Sprintf(" cross-validation of %s (X or esc closes) ", v.param.Symbol())
	}
	hl := 1
	if len([]rune(v.header())) > iw {
		hl = 2
	}
	head := common.TextBlock(min(ih, hl), iw, v.header())
	var body []string
	rest := max(0, ih-len(head))
	switch {
	case v.err != nil:
		body = common.TextBlock(rest, iw, "could not run it: "+v.err.Error())
	case v.running && v.report == nil:
		body = append([]string{common.Fit(v.progressLine(iw), iw)}, common.Blank(iw, rest-1)...)
	case v.report != nil:
		top := []string{}
		if v.running {
			top = []string{common.Fit(v.progressLine(iw), iw)}
		}
		// The whole lesson when the chart keeps 6 rows, up to 5 lines.
		need := len(strings.Split(ansi.Wrap(v.lesson(), max(1, iw), " "), "\n"))
		lesson := common.TextBlock(min(need, 5, max(0, rest-len(top)-6)), iw, v.lesson())
		ch := max(0, rest-len(top)-len(lesson))
		body = append(top, strings.Split(v.ink.Render(v.chart().Draw(iw, ch)), "\n")...)
		body = append(body[:len(top)+ch], lesson...)
	default:
		body = common.Blank(iw, rest)
	}
	return strings.Join(common.Box(v.th, title, append(head, body...), v.w, v.h), "\n")
}

// chart is the report as a chart: mean validation accuracy ± std and mean
// training accuracy against the parameter, the best value marked.
func (v *cvView) chart() chart.CV {
	r := v.report
	c := chart.CV{Best: r.Best, XLabel: v.param.Symbol()}
	for _, res := range r.Results {
		c.Values = append(c.Values, res.Value)
		c.Valid = append(c.Valid, res.Mean)
		c.Std = append(c.Std, res.Std)
		c.Train = append(c.Train, res.TrainMean())
	}
	c.LogX = logAxis(v.param, c.Values)
	return c
}
