// Package cv is the cross-validation view (X): seed 001's way of
// choosing a kernel, "using cross-validation (randomly partitioning the
// experimental data into training and validation parts, repeatedly)", run
// on the session's training data for a range of one parameter, and drawn
// as validation accuracy (mean ± std over the folds) beside training
// accuracy: where the two part is where the model memorizes instead of
// learning. The view owns its keys (X, and while it is open enter, tab,
// [ ] { } - + a esc) and runs off the UI path (run.go).
package cv

import (
	"context"
	"fmt"
	"math"

	tea "charm.land/bubbletea/v2"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// Session is what the view reads of the training session: its data and
// configuration, which build of the learner it is, and the learner's name.
type Session interface {
	Options() lab.Options
	Built() int
	LearnerName() string
}

// Model is the cross-validation view: the sweep to run, the run under
// way, and its report.
type Model struct {
	s    Session
	host common.Host
	th   *common.Theme
	ink  *common.ChartInks
	keys keys
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

// New makes the view, closed, for s; host shows its messages and trains
// with the best value.
func New(s Session, host common.Host) *Model {
	v := &Model{s: s, host: host, folds: 5, setFor: -1}
	v.keys = newKeys(v)
	return v
}

// SetTheme gives the view the program's theme and chart inks.
func (v *Model) SetTheme(th *common.Theme, ink *common.ChartInks) { v.th, v.ink = th, ink }

// SetSize sets the view's size, border included.
func (v *Model) SetSize(w, h int) { v.w, v.h = max(0, w), max(0, h) }

// Open reports whether the view is open: it then takes the region's place
// and its keys.
func (v *Model) Open() bool { return v.open }

// Refresh marks a report made for another build of the learner as stale.
func (v *Model) Refresh() { v.stale = v.report != nil && v.reportFor != v.s.Built() }

// choose picks the sweep for s when it was chosen for another build: the
// current parameter if the learner still has it, else the main one, at
// crossval.Around its current value.
func (v *Model) choose() {
	s := v.s
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

// params are the parameters s's learner has that the view sweeps: the
// kernel's, and the learner's settings that keys step (C, λ). η, which
// the perceptron's predictions do not depend on, is swept by the cv
// command alone (cv --param eta).
func params(cfg learn.Config) []crossval.Param {
	var out []crossval.Param
	for _, p := range crossval.Params {
		if !p.Has(cfg) {
			continue
		}
		if p.Setting() {
			if s, ok := cfg.Kind().Setting(p.String()); !ok || s.Ladder == nil {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// toggle opens the view (and starts a run) or closes it (and cancels one).
func (v *Model) toggle() tea.Cmd {
	if v.open {
		v.close()
		v.host.Say("the region again")
		return nil
	}
	v.open = true
	v.choose()
	if len(v.values) == 0 {
		v.host.Say("cross-validation: this learner has nothing to tune (a linear kernel has no parameter; the SVM's C, with l, has)")
		return nil
	}
	v.host.Say("cross-validation: each value trained on all folds but one and scored on that one; enter runs again, a uses the best")
	return v.run()
}

func (v *Model) close() {
	v.open = false
	v.stop()
}

// stop cancels a run under way.
func (v *Model) stop() {
	if v.cancel != nil {
		v.cancel()
		v.cancel = nil
	}
	v.running = false
}

// run starts the sweep on the session's training rows, replacing a run
// under way.
func (v *Model) run() tea.Cmd {
	s := v.s
	v.stop()
	v.choose()
	if len(v.values) == 0 {
		return nil
	}
	o := s.Options()
	data := datasets.Examples(lab.FoldPoints(o))
	plan := crossval.Plan{Config: o.Config, Data: data, Param: v.param, Values: v.values, Folds: min(v.folds, len(data)), Standardize: o.Standardized}
	if err := plan.Check(); err != nil {
		v.err, v.report = err, nil
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	v.id++
	v.cancel, v.running, v.done, v.total, v.err = cancel, true, 0, plan.Jobs(), nil
	v.about = fmt.Sprintf("%s, K = %s, %d rows", s.LearnerName(), learn.ShortSpec(o.Config.Kernel), len(data))
	if plan.Standardize {
		v.about += ", z-scores per fold"
	}
	v.runFolds, v.stale = plan.Folds, false
	v.reportFor = s.Built()
	return start(ctx, v.id, plan)
}

// Update takes the messages of the view's run.
func (v *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case ProgressMsg:
		if msg.id != v.id || !v.running {
			return nil
		}
		v.done, v.total = msg.done, msg.total
		return msg.next
	case DoneMsg:
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
		v.host.Say(fmt.Sprintf("cross-validation done: %d trainings", r.Folds*len(r.Results)))
	}
	return nil
}

// nextParam sweeps the learner's next parameter, about its current value.
func (v *Model) nextParam() tea.Cmd {
	cfg := v.s.Options().Config
	ps := params(cfg)
	if len(ps) < 2 {
		v.host.Say("this learner has one parameter to tune")
		return nil
	}
	for i, p := range ps {
		if p == v.param {
			v.param = ps[(i+1)%len(ps)]
			break
		}
	}
	cur, _ := v.param.Current(cfg)
	v.values = crossval.Around(v.param, cur)
	return v.run()
}

// apply trains with the best value of the report.
func (v *Model) apply() {
	if v.report == nil {
		v.host.Say("no result to use yet")
		return
	}
	if v.stale {
		v.host.Say("this result is for an earlier learner, kernel or data: enter runs it again on the current ones")
		return
	}
	best := v.report.BestValue()
	cfg, err := v.param.Set(v.s.Options().Config, best)
	if err != nil {
		v.host.Say("cannot use it: " + err.Error())
		return
	}
	v.host.StopPlayer()
	v.host.SetConfig(cfg, fmt.Sprintf("%s = %s, the best of cross-validation", v.param.Symbol(), learn.Num(best)))
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
