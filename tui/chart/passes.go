package chart

import (
	"math"
	"strconv"
)

// Passes is a training run's record, one entry per finished pass (epoch)
// over the data: the mistakes made in it as bars standing on the x axis,
// and the accuracies at its end as a strip above them (training ○ on a
// dotted line, test ● on a solid one). Accuracy entries missing or NaN
// leave points out.
//
// The two are different quantities and each has its own axis, beside its
// own strip: the mistakes, a count, on the left from 0 at the x axis up to
// the largest; the accuracies, in percent, on the right. Mistakes are
// counted during a pass while α changes, accuracy is measured after it,
// so one is not the complement of the other, and a shared scale would
// invite reading it so. The count answers the notes' question (a pass
// without a mistake: converged); the accuracy, with rows held out, how
// good the function is.
//
// The chart grows to the right as passes finish, each in a slot of up to
// maxSlot columns. When there are more passes than columns, consecutive
// passes share a column, as many to each as it takes, and the legend says
// so ("passes 1–240, 4 per column"): the bar is their mean number of
// mistakes, so it stays in mistakes per pass, and the accuracies are those
// at the end of the column's last pass, the state the run reached. The
// whole run stays in view, rather than only its latest passes, because
// the early passes are where the mistakes fall.
//
// A long run may come in groups of Per consecutive passes (the session
// keeps one so, lab.PassLog): an entry is then a group, its mistakes those
// of its passes together, its accuracies those at the end of its last. A
// column then holds whole groups, as many as it takes.
type Passes struct {
	Mistakes []int // mistakes made in each finished pass (or group)
	// Loss is the mean log-loss at the end of each pass (group), for a
	// learner that models P(y = +1 | x): the bars are then the loss, which
	// training drives down, rather than the mistakes, which only report
	// (nil for others).
	Loss  []float64
	Train []float64 // training accuracy at the end of each pass (group); nil for none
	Test  []float64 // test accuracy at the end of each pass (group); nil for none
	// Per is the passes in each entry (0 means 1), and Total the passes
	// in all (0 means Per for each entry): the last entry holds the
	// passes left over.
	Per, Total int
}

// per is the passes in an entry.
func (p Passes) per() int { return max(1, p.Per) }

// total is the passes in all.
func (p Passes) total() int {
	if p.Total > 0 {
		return p.Total
	}
	return len(p.Mistakes) * p.per()
}

// passesIn is the passes in entries [lo, hi): Per each, the last entry
// the rest (one at least).
func (p Passes) passesIn(lo, hi int) int {
	n := (hi - lo) * p.per()
	if hi == len(p.Mistakes) {
		n -= len(p.Mistakes)*p.per() - p.total()
	}
	return max(1, n)
}

// maxSlot is the widest a pass's column gets (a bar three cells wide and a
// gap): a short run reads as bars, not as a smear across the panel.
const maxSlot = 4

// accGutter is the width of the accuracy axis on the right: the line and
// a label ("├100%").
const accGutter = 5

// eighths are the bar tops, by height in eighths of a cell.
var eighths = [9]rune{' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// Draw draws the record into a w×h grid: the legend on top, the accuracy
// strip with its axis on the right, the bars below it on the x axis with
// their count axis on the left (0 at the x axis, the largest, rounded, at
// the top), the pass numbers under the x axis.
func (p Passes) Draw(w, h int) Grid {
	g := newGrid(w, h)
	if !g.ok() {
		return g
	}
	if len(p.Mistakes) == 0 {
		center(g, "no pass finished yet", inkLabel)
		return g
	}
	f, ha, hb, axis := p.layout(w, h)
	s := p.slots(f.pw)
	if ha > 0 {
		p.accuracy(g, f, s, f.top, ha, axis)
	}
	p.bars(g, f, s, f.top+ha, hb)
	// Tick marks only where a label fitted: a bare ┬ names no pass.
	f.xAxis(g, f.xLabels(g, p.ticks(s), "pass"))
	if f.gx > 0 && f.axis >= 0 {
		g.text(f.gx-2, f.axis, "0", inkLabel) // the bars' zero, at the x axis
	}
	p.legend(g, f, s)
	return g
}

// layout places the parts of a w×h chart: the frame (its gutter the
// count axis's), the accuracy strip's ha rows on top of the plot and the
// bars' hb rows below them, and whether the accuracy axis has its gutter
// on the right. The count axis needs its largest label (a slot's mean is
// no larger than the largest entry's, a pass's count or a group's mean)
// and its line; too narrow for both axes, the chart has neither.
func (p Passes) layout(w, h int) (f frame, ha, hb int, axis bool) {
	acc := p.has(p.Train) || p.has(p.Test)
	f = newFrame(w, h, 2+btoi(acc))
	most := 0
	for k, m := range p.Mistakes {
		// An entry's mean, rounded up: a pass's count when it is one.
		in := p.passesIn(k, k+1)
		most = max(most, (m+in-1)/in)
	}
	gl, gr := width(num(float64(most)))+1, 0
	if p.Loss != nil {
		gl = width(num(p.peakLoss())) + 1
	}
	if acc {
		gr = accGutter
	}
	f.gx, f.pw = gl, w-gl-gr
	if f.pw < minPlotW {
		f.gx, f.pw, gr = 0, w, 0
	}
	hb = f.ph
	if acc && f.ph >= 2 {
		ha = f.ph / 2
		hb = f.ph - ha
	}
	return f, ha, hb, gr > 0
}

// slots is how the passes share the plot's columns: each entries entries
// (per passes) to a slot, n slots, each w cells wide; passes in all, in
// entries entries.
type slots struct{ passes, entries, each, per, n, w int }

// slots shares the entries among pw columns.
func (p Passes) slots(pw int) slots {
	e := len(p.Mistakes)
	each := 1
	if e > pw {
		each = (e + pw - 1) / pw
	}
	n := (e + each - 1) / each
	return slots{passes: p.total(), entries: e, each: each, per: each * p.per(), n: n, w: max(1, min(maxSlot, pw/n))}
}

// mid is the plot column of slot k's points: its bar's middle (the left
// one of two).
func (s slots) mid(k int) int { return k*s.w + min(s.w-1, s.w/2) }

// last is the index of slot k's last entry.
func (s slots) last(k int) int { return min(s.entries, (k+1)*s.each) - 1 }

// peakLoss is the largest finite loss logged, the top of its bars.
func (p Passes) peakLoss() float64 {
	peak := 0.0
	for _, v := range p.Loss {
		if isFinite(v) {
			peak = max(peak, v)
		}
	}
	return peak
}

// bars draws the mean mistakes of each slot's passes in eighth blocks,
// over hb rows from row top down to the x axis, scaled to the largest;
// with Loss, the loss at the end of each slot's last pass instead.
func (p Passes) bars(g Grid, f frame, s slots, top, hb int) {
	means := make([]float64, s.n)
	peak := 0.0
	for k := range means {
		if p.Loss != nil {
			if v := at(p.Loss, s.last(k)); isFinite(v) {
				means[k] = v
			}
			continue
		}
		sum, lo, hi := 0, k*s.each, s.last(k)+1
		for _, m := range p.Mistakes[lo:hi] {
			sum += max(0, m)
		}
		means[k] = float64(sum) / float64(p.passesIn(lo, hi))
		peak = max(peak, means[k])
	}
	top0 := num(math.Round(peak))
	if p.Loss != nil {
		peak = p.peakLoss()
		top0 = num(peak)
	}
	f.yAxis(g, top, hb, []tick{{row: top, s: top0}})
	for k, v := range means {
		if peak == 0 || v == 0 {
			continue
		}
		// A pass with any mistake shows at least an eighth: one mistake
		// is not none.
		units := max(1, int(math.Round(v/peak*float64(8*hb))))
		x0 := k * s.w
		if s.w > 1 {
			x0++ // the slot's first cell is the gap before its bar
		}
		for r := hb - 1; r >= 0 && units > 0; r-- {
			for x := x0; x < (k+1)*s.w; x++ {
				g.set(f.gx+x, top+r, eighths[min(8, units)], inkBars)
			}
			units -= 8
		}
	}
}

// accuracy draws the strip of rows [top, top+rows): training and test
// accuracy at the end of each slot's last pass, joined by lines, over a
// range fitted to them, with its axis right of the plot when axis is set.
func (p Passes) accuracy(g Grid, f frame, s slots, top, rows int, axis bool) {
	least := math.NaN()
	for k := range s.n {
		for _, v := range [2]float64{at(p.Train, s.last(k)), at(p.Test, s.last(k))} {
			if isFinite(v) && !(v >= least) {
				least = v
			}
		}
	}
	ax := fitAcc(rows, false, least)
	if axis {
		f.rightAxis(g, top, rows, ax.ticks(top))
	}
	series := [2]struct {
		ys     []float64
		glyph  rune
		ink    Ink
		dotted bool
	}{{p.Train, '○', inkTrain, true}, {p.Test, '●', inkTest, false}}
	// Test last, so that where the two meet the held-out one shows.
	d := newDots(f.pw, rows)
	for _, sr := range series {
		for k := 1; k < s.n; k++ {
			a, b := at(sr.ys, s.last(k-1)), at(sr.ys, s.last(k))
			if isFinite(a) && isFinite(b) {
				d.segment(s.mid(k-1), centreY(ax.rowf(a)), s.mid(k), centreY(ax.rowf(b)), sr.ink, sr.dotted)
			}
		}
	}
	d.flush(g, f.gx, top)
	for _, sr := range series {
		for k := range s.n {
			if v := at(sr.ys, s.last(k)); isFinite(v) {
				g.set(f.gx+s.mid(k), top+ax.row(v), sr.glyph, sr.ink)
			}
		}
	}
}

// ticks are the x axis's labelled passes: the last (how far the run has
// got) and the first, then every step passes, the step a round number
// that leaves room between labels.
func (p Passes) ticks(s slots) []label {
	n, b, sw := s.passes, s.per, s.w
	room := width(strconv.Itoa(n)) + 1 // columns a label needs
	// step: 1, 2, 5, 10, 20, 50, … passes.
	step := 1
	for i, pow := 0, 1; step*sw < room*b; i++ {
		if i > 0 && i%3 == 0 {
			pow *= 10
		}
		step = [...]int{1, 2, 5}[i%3] * pow
	}
	var labels []label
	add := func(pass int) {
		labels = append(labels, label{strconv.Itoa(pass), s.mid((pass - 1) / b), inkLabel})
	}
	add(n)
	if n > 1 {
		add(1)
	}
	for pass := step; pass < n; pass += step {
		if pass > 1 {
			add(pass)
		}
	}
	return labels
}

// legend names the bars and strips, and says which passes are shown and
// how many share a column.
func (p Passes) legend(g Grid, f frame, s slots) {
	n, b := s.passes, s.per
	var long, short []seg
	add := func(glyph rune, ink Ink, l, sh string) {
		long = append(long, seg{string(glyph), ink}, seg{l, inkLabel})
		short = append(short, seg{string(glyph), ink}, seg{sh, inkLabel})
	}
	if p.Loss != nil {
		add('▇', inkBars, "mean log-loss after each pass", "log-loss")
	} else {
		add('▇', inkBars, "mistakes per pass", "mistakes")
	}
	if p.has(p.Train) {
		add('○', inkTrain, "training accuracy", "train")
	}
	if p.has(p.Test) {
		add('●', inkTest, "test accuracy", "test")
	}
	rl, rs := "passes 1–"+strconv.Itoa(n), strconv.Itoa(n)+" passes"
	if n == 1 {
		rl, rs = "pass 1", "1 pass"
	}
	if b > 1 {
		rl += ", " + strconv.Itoa(b) + " per column"
		rs += ", " + strconv.Itoa(b) + "/col"
	}
	right := func(s string) []seg { return []seg{{s, inkLabel}} }
	putLegend(g, f.legend,
		legend{items("   ", long...), right(rl)},
		legend{items("  ", long...), right(rl)},
		legend{items("  ", short...), right(rl)},
		legend{items("  ", short...), right(rs)},
		legend{items(" ", short...), right(rs)})
}

// has reports whether ys has a number for any finished pass.
func (p Passes) has(ys []float64) bool {
	for i := range min(len(ys), len(p.Mistakes)) {
		if isFinite(ys[i]) {
			return true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
