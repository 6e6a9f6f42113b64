package cli

import (
	"bufio"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"kernelscope/crossval"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
)

// This file is cv's text format: what was swept, a table of the values, a
// chart of their accuracies, and the lesson of the gap. Plain characters
// only, so it reads the same in a pipe, a file or without colour.

// writeCVText writes the sweep as
//
//	moons: 100 points; kernel rbf(sigma=1), σ swept; no bias; tie mistake; perceptron, η = 1, at most 100 passes
//	5-fold cross-validation, folds contiguous in dataset order: 9 values × 5 folds = 45 trainings
//
//	       σ  validation %  train %    gap  fold 1  fold 2  …
//	     0.1    52.0 ± 9.1    100.0  +48.0    45.0    60.0  …
//	*      1    97.0 ± 2.7     99.0   +2.0   100.0    95.0  …
//
// then the chart and the lesson.
func writeCVText(w *bufio.Writer, s *lab.Options, plan crossval.Plan, r crossval.Report) error {
	cfg, p := plan.Config, r.Param
	kernel := "kernel " + learn.ShortSpec(cfg.Kernel)
	if !p.Setting() {
		kernel += ", " + p.Symbol() + " swept" // C's, η's and λ's sweep is the learner's
	}
	fmt.Fprintf(w, "%s: %d points; %s; %s; tie %s; %s\n",
		sourceName(s), len(plan.Data), kernel, biasText(cfg.Bias), cfg.Tie, learnerText(cfg, p))
	how := "contiguous in dataset order"
	if plan.ShuffleFolds {
		how = fmt.Sprintf("cut after shuffling the rows (seed %d)", plan.Seed)
	}
	if plan.Standardize {
		how += ", each standardized with its training rows' mean and sd"
	}
	fmt.Fprintf(w, "%d-fold cross-validation, folds %s: %s × %s = %s\n\n",
		r.Folds, how, plural(len(r.Results), "value"), plural(r.Folds, "fold"), plural(len(r.Results)*r.Folds, "training"))
	writeCVTable(w, r)
	w.WriteString("\n")
	writeCVChart(w, r)
	w.WriteString("\n")
	w.WriteString(cvLesson(r) + "\n")
	return nil
}

// learnerText says how each fold is trained: "perceptron, η = 1, at most
// 100 passes", "svm (SMO), C = 1, tol 0.001", "svm (SMO), C swept, …".
func learnerText(cfg learn.Config, p crossval.Param) string {
	kind := cfg.Kind()
	out := kind.Name
	for _, s := range kind.Settings {
		switch {
		case s.Name == p.String():
			out += ", " + s.Symbol + " swept"
		case s.InHeader:
			out += ", " + s.Symbol + " = " + s.Format(cfg.Params.Value(s))
		}
	}
	if !kind.Passes {
		return out
	}
	return out + ", at most " + notation.Passes(cfg.Epochs) + shuffleText(cfg)
}

// cvMaxWidth is the widest table that still lists each fold; past it the
// folds are left to --format json.
const cvMaxWidth = 100

// pct writes an accuracy as a percentage with one decimal: 0.975 → "97.5".
func pct(v float64) string { return strconv.FormatFloat(100*v, 'f', 1, 64) }

// points writes a difference of accuracies in percentage points, signed:
// "+48.0", "−2.5", "0.0".
func points(d float64) string {
	s := pct(math.Abs(d))
	switch {
	case s == "0.0":
		return s
	case d < 0:
		return "−" + s
	}
	return "+" + s
}

// writeCVTable writes one row a value: the mark of the best, the value,
// the mean validation accuracy ± its sample standard deviation, the mean
// training accuracy, the gap train − validation, and each fold's
// validation accuracy when the row fits in cvMaxWidth columns.
func writeCVTable(w *bufio.Writer, r crossval.Report) {
	rows := [][]string{{"", r.Param.Symbol(), "validation %", "train %", "gap"}}
	for k := range r.Folds {
		rows[0] = append(rows[0], "fold "+strconv.Itoa(k+1))
	}
	// The ± of every row in one column.
	mw, sw := 0, 0
	for _, res := range r.Results {
		mw, sw = max(mw, len(pct(res.Mean))), max(sw, len(pct(res.Std)))
	}
	for i, res := range r.Results {
		mark := ""
		if i == r.Best {
			mark = "*"
		}
		row := []string{mark, learn.Num(res.Value), fmt.Sprintf("%*s ± %*s", mw, pct(res.Mean), sw, pct(res.Std)),
			pct(res.TrainMean()), points(res.TrainMean() - res.Mean)}
		for _, f := range res.Folds {
			row = append(row, pct(f))
		}
		rows = append(rows, row)
	}
	table := formatTable(rows, "", alignRight)
	folded := tableWidth(table) > cvMaxWidth
	if folded {
		for i := range rows {
			rows[i] = rows[i][:5] // without the folds
		}
		table = formatTable(rows, "", alignRight)
	}
	w.WriteString(table)
	best := r.Results[r.Best]
	fmt.Fprintf(w, "* best: %s = %s, validation %s%% ± %s%% (the highest mean; on a tie, the smaller value)\n",
		r.Param.Symbol(), learn.Num(best.Value), pct(best.Mean), pct(best.Std))
	if folded {
		w.WriteString("(each fold's accuracy is in --format json)\n")
	}
}

// cvChartCells is the chart's width: 0% to 100% in 40 cells of 2.5%.
const cvChartCells = 40

// writeCVChart draws each value's mean accuracies as a horizontal bar from
// 0% to 100%:
//
//	0.1 │██████████████████░░░░░░░░░░░░░░░░░░░░░░│  45.0%
//	  1 │██████████████████████████████████████░░│  97.0% *
//	     0%        25%       50%       75%      100%
//
// █ up to the mean validation accuracy; ░ on from there to the mean
// training accuracy, the gap; | where the training accuracy ends when it is
// below the validation accuracy.
func writeCVChart(w *bufio.Writer, r crossval.Report) {
	fmt.Fprintf(w, "mean accuracy for each %s: █ validation, ░ training above it (the gap), | training below it\n", r.Param.Symbol())
	labels := make([]string, len(r.Results))
	lw := 0
	for i, res := range r.Results {
		labels[i] = learn.Num(res.Value)
		lw = max(lw, utf8.RuneCountInString(labels[i]))
	}
	for i, res := range r.Results {
		mark := ""
		if i == r.Best {
			mark = " *"
		}
		fmt.Fprintf(w, "%s%s │%s│ %5s%%%s\n", strings.Repeat(" ", lw-utf8.RuneCountInString(labels[i])), labels[i],
			cvBar(res.Mean, res.TrainMean()), pct(res.Mean), mark)
	}
	// The labels start at their cells; 100% ends under the bar's end.
	axis := []rune(strings.Repeat(" ", cvChartCells+1))
	for k, label := range []string{"0%", "25%", "50%", "75%"} {
		copy(axis[k*cvChartCells/4:], []rune(label))
	}
	copy(axis[cvChartCells+1-len("100%"):], []rune("100%"))
	fmt.Fprintf(w, "%s  %s\n", strings.Repeat(" ", lw), string(axis))
}

// cvBar is one value's bar: val and train are accuracies in [0, 1].
func cvBar(val, train float64) string {
	cell := func(a float64) int { return min(cvChartCells, max(0, int(math.Round(a*cvChartCells)))) }
	nv, nt := cell(val), cell(train)
	bar := []rune(strings.Repeat(" ", cvChartCells))
	for i := range bar {
		switch {
		case i < nv:
			bar[i] = '█'
		case i < nt:
			bar[i] = '░'
		}
	}
	if nt < nv {
		bar[max(0, nt-1)] = '|'
	}
	return string(bar)
}

// cvOverfit is the gap, in accuracy, from which the lesson calls a value
// overfit: 5 percentage points; cvFits is the training accuracy below which
// a learner has not fitted its training folds either (it underfits), and
// the gap is not the lesson's.
const (
	cvOverfit = 0.05
	cvFits    = 0.9
)

// cvLesson is the chart's one-line lesson: where training accuracy runs
// furthest above validation accuracy, which is overfitting. A gap where
// training accuracy is low too (below cvFits) is underfitting, and said so.
func cvLesson(r crossval.Report) string {
	sym := r.Param.Symbol()
	const lesson = "Training accuracy far above validation accuracy is overfitting: "
	all := widestGap(r, 0)
	if all.gap <= 0 {
		return lesson + "here training accuracy is never above validation accuracy, at any " + sym + ": no sign of it."
	}
	fit := widestGap(r, cvFits)
	if fit.ok && fit.gap >= cvOverfit {
		return fmt.Sprintf("%sthe gap is largest at %s, where the learner fits its training folds far better than the fold it never saw.",
			lesson, fit.describe(sym))
	}
	if all.gap < cvOverfit {
		return fmt.Sprintf("%shere the two stay within %s points at every %s (the largest gap at %s = %s): no value overfits much.",
			lesson, pct(all.gap), sym, sym, all.values())
	}
	// The widest gap comes with a poor fit of the training folds.
	out := fmt.Sprintf("%sthe largest gap, at %s, comes with low training accuracy, which is underfitting rather than overfitting",
		lesson, all.describe(sym))
	switch {
	case fit.ok && fit.gap > 0:
		out += fmt.Sprintf("; where training accuracy is %s%% or more, the gap stays within %s points", pct(cvFits), pct(fit.gap))
	case fit.ok:
		out += fmt.Sprintf("; where training accuracy is %s%% or more, it is never above validation accuracy", pct(cvFits))
	}
	return out + "."
}

// gapAt is the widest gap train − validation among some values: the gap,
// the values that have it, and the first one's result; ok is false when
// no value qualified.
type gapAt struct {
	ok  bool
	gap float64
	at  []float64
	res crossval.Result
}

// widestGap is the widest gap among the values whose mean training
// accuracy is at least minTrain. Gaps within an ulp of the sum of the
// folds are the same gap.
func widestGap(r crossval.Report, minTrain float64) gapAt {
	var g gapAt
	for _, res := range r.Results {
		if res.TrainMean() < minTrain {
			continue
		}
		d := res.TrainMean() - res.Mean
		switch {
		case !g.ok || d > g.gap+1e-12:
			g = gapAt{ok: true, gap: d, at: []float64{res.Value}, res: res}
		case math.Abs(d-g.gap) <= 1e-12:
			g.at = append(g.at, res.Value)
		}
	}
	return g
}

// values writes the values that have the gap: "0.1", "0.1 and 0.3",
// "0.1, 0.3, 1 and 2 others".
func (g gapAt) values() string {
	names := make([]string, len(g.at))
	for i, v := range g.at {
		names[i] = learn.Num(v)
	}
	if len(names) > 3 {
		return strings.Join(names[:3], ", ") + " and " + plural(len(names)-3, "other")
	}
	return andList(names)
}

// describe writes "σ = 0.1 (training 100.0%, validation 82.0%: 18.0
// points)".
func (g gapAt) describe(sym string) string {
	return fmt.Sprintf("%s = %s (training %s%%, validation %s%%: %s points)",
		sym, g.values(), pct(g.res.TrainMean()), pct(g.res.Mean), pct(g.gap))
}
