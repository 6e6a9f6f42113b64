package cv

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/internal/progress"
	"kernelscope/learn"
	"kernelscope/tui/chart"
	"kernelscope/tui/common"
)

// lesson is the line under the chart: where training and validation
// accuracy part (a value that fits the training rows at least as well as
// the best one, but validates 5 points or more below its training
// accuracy: overfitting), or where even training accuracy is low
// (underfitting), and the best value.
func (v *Model) lesson() string {
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
func (v *Model) header() string {
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

// progressLine is the run's progress bar: "████████░░░░ 23/45 trainings",
// the bar the command line draws too (package progress).
func (v *Model) progressLine(w int) string {
	label := fmt.Sprintf(" %d/%d trainings · esc cancels", v.done, v.total)
	bw := max(0, min(40, w-len([]rune(label))))
	return progress.Cells(bw, v.done, v.total, progress.Plain) + label
}

// View draws the view: the sweep, the progress or the chart, and the lesson.
func (v *Model) View() string {
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
func (v *Model) chart() chart.CV {
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
