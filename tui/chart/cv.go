package chart

import "math"

// CV is a cross-validation curve: accuracy against the value of one
// parameter, the mean validation accuracy over the folds (● on a solid
// line, with ± one standard deviation as error bars │ ┬ ┴), the mean
// training accuracy (○ on a dotted line), and the best value marked by ▲ on
// the x axis, a ┊ line up the plot and its label in the legend. Series
// shorter than Values, and NaN entries, leave points out.
type CV struct {
	Values []float64 // the parameter values tried, in increasing order
	LogX   bool      // place Values on a log axis (σ, γ, C); linear if any is ≤ 0
	Valid  []float64 // mean validation accuracy of each value, in [0, 1]
	Std    []float64 // standard deviation of validation accuracy over the folds; nil for none
	Train  []float64 // mean training accuracy of each value; nil for none
	Best   int       // index of the best value in Values; outside it for none
	XLabel string    // the parameter's name: "σ", "degree"
	fullY  bool      // show all of [0, 1], not a range fitted to the data
}

// Draw draws the curve into a w×h grid: the legend on top, percentages on
// the y axis, the values under the x axis, as many as fit, the best first.
func (c CV) Draw(w, h int) Grid {
	g := newGrid(w, h)
	if !g.ok() {
		return g
	}
	if len(c.Values) == 0 {
		center(g, "no cross-validation yet", inkLabel)
		return g
	}
	f := newFrame(w, h, 3)
	cols := c.columns(f.pw)
	ax := fitAcc(f.ph, c.fullY, c.least())
	f.yAxis(g, f.top, f.ph, ax.ticks(f.top))

	// Lines first, into the cells between points; training under
	// validation, so a cell they share shows the held-out one.
	d := newDots(f.pw, f.ph)
	c.line(d, cols, ax, c.Train, inkTrain, true)
	c.line(d, cols, ax, c.Valid, inkValid, false)
	d.flush(g, f.gx, f.top)

	best := -1
	if c.Best >= 0 && c.Best < len(cols) && cols[c.Best] >= 0 {
		best = cols[c.Best]
	}
	c.spread(g, f, cols, ax)
	if best >= 0 {
		for r := range f.ph {
			if g.blank(f.gx+best, f.top+r) {
				g.set(f.gx+best, f.top+r, '┊', inkBest)
			}
		}
	}
	c.points(g, f, cols, ax, c.Train, '○', inkTrain)
	c.points(g, f, cols, ax, c.Valid, '●', inkValid)

	var ticks []int
	for _, x := range cols {
		if x >= 0 {
			ticks = append(ticks, x)
		}
	}
	f.xAxis(g, ticks)
	if best >= 0 && f.axis >= 0 {
		g.set(f.gx+best, f.axis, '▲', inkBest)
	}
	f.xLabels(g, c.labels(cols), c.XLabel)
	c.legend(g, f)
	return g
}

// columns is the plot column of each value (−1: not a finite number). The values span the plot less a column at
// either side, so no point sits on an axis; equal values, or a single
// one, go in the middle.
func (c CV) columns(pw int) []int {
	log := c.LogX
	for _, v := range c.Values {
		if isFinite(v) && v <= 0 {
			log = false // log of v ≤ 0 is not a position
		}
	}
	pos := func(v float64) float64 {
		if log {
			return math.Log(v)
		}
		return v
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range c.Values {
		if isFinite(v) {
			lo, hi = min(lo, pos(v)), max(hi, pos(v))
		}
	}
	inset, span := 1, pw-3 // columns 1 … pw−2
	if span < 1 {
		inset, span = 0, pw-1
	}
	cols := make([]int, len(c.Values))
	for i, v := range c.Values {
		cols[i] = -1
		if !isFinite(v) || pw <= 0 {
			continue
		}
		t := 0.5
		if hi > lo {
			t = (pos(v) - lo) / (hi - lo)
		}
		cols[i] = inset + int(math.Round(t*float64(span)))
	}
	return cols
}

// spread draws validation accuracy ± one standard deviation as an error
// bar, capped ┬ ┴ where it reaches past the point's row.
func (c CV) spread(g Grid, f frame, cols []int, ax accAxis) {
	for i, x := range cols {
		v, s := at(c.Valid, i), math.Abs(at(c.Std, i))
		if x < 0 || !isFinite(v) || !isFinite(s) {
			continue
		}
		top, bot, mid := ax.row(v+s), ax.row(v-s), ax.row(v)
		for r := top; r <= bot; r++ {
			glyph := '│'
			switch {
			case r == top && r < mid:
				glyph = '┬'
			case r == bot && r > mid:
				glyph = '┴'
			}
			g.set(f.gx+x, f.top+r, glyph, inkSpread)
		}
	}
}

// least is the smallest accuracy the plot must show: the bottom of an
// error bar, or of a series.
func (c CV) least() float64 {
	m := math.NaN()
	low := func(v float64) {
		if isFinite(v) && !(v >= m) {
			m = v
		}
	}
	for i := range c.Values {
		v := at(c.Valid, i)
		low(v)
		low(v - math.Abs(at(c.Std, i)))
		low(at(c.Train, i))
	}
	return m
}

// line joins the series' consecutive points; a missing point breaks it.
func (c CV) line(d dots, cols []int, ax accAxis, ys []float64, ink Ink, dotted bool) {
	for i := 1; i < len(cols); i++ {
		a, b := at(ys, i-1), at(ys, i)
		if cols[i-1] < 0 || cols[i] < 0 || !isFinite(a) || !isFinite(b) {
			continue
		}
		d.segment(cols[i-1], centreY(ax.rowf(a)), cols[i], centreY(ax.rowf(b)), ink, dotted)
	}
}

// points draws the series' glyph at each of its points.
func (c CV) points(g Grid, f frame, cols []int, ax accAxis, ys []float64, glyph rune, ink Ink) {
	for i, x := range cols {
		if v := at(ys, i); x >= 0 && isFinite(v) {
			g.set(f.gx+x, f.top+ax.row(v), glyph, ink)
		}
	}
}

// labels are the x tick labels in the order they claim room: the best
// value, the ends, then the rest from the left.
func (c CV) labels(cols []int) []label {
	out := make([]label, 0, len(cols))
	add := func(i int, ink Ink) {
		if i >= 0 && i < len(cols) && cols[i] >= 0 {
			out = append(out, label{num(c.Values[i]), cols[i], ink})
		}
	}
	add(c.Best, inkBest)
	add(0, inkLabel)
	add(len(cols)-1, inkLabel)
	for i := 1; i < len(cols)-1; i++ {
		add(i, inkLabel)
	}
	return out
}

// legend names what is drawn, in words that get shorter as the chart
// narrows.
func (c CV) legend(g Grid, f frame) {
	has := func(ys []float64) bool {
		for i := range c.Values {
			if isFinite(at(ys, i)) {
				return true
			}
		}
		return false
	}
	var long, short []seg
	bestShort := ""
	add := func(glyph rune, ink Ink, l, s string) {
		long = append(long, seg{string(glyph), ink}, seg{l, inkLabel})
		short = append(short, seg{string(glyph), ink}, seg{s, inkLabel})
	}
	add('●', inkValid, "validation", "valid")
	if has(c.Std) && has(c.Valid) {
		add('│', inkSpread, "± 1 std", "±std")
	}
	if has(c.Train) {
		add('○', inkTrain, "training", "train")
	}
	if c.Best >= 0 && c.Best < len(c.Values) && isFinite(c.Values[c.Best]) {
		name := c.XLabel
		if name == "" {
			name = "x"
		}
		v := num(c.Values[c.Best])
		acc := at(c.Valid, c.Best)
		l, s := "best "+name+" = "+v, name+"="+v
		bestShort = s
		if isFinite(acc) {
			l += " (" + pct(acc) + ")"
			s += " " + pct(acc)
		}
		add('▲', inkBest, l, s)
	}
	// The tightest keeps what a narrow chart cannot show otherwise: the
	// series' glyphs and the best value.
	var tight []seg
	for i := 0; i+1 < len(short); i += 2 {
		switch short[i].s {
		case "│":
		case "▲":
			tight = append(tight, short[i], seg{bestShort, inkLabel})
		default:
			tight = append(tight, short[i], short[i+1])
		}
	}
	putLegend(g, f.legend,
		legend{left: items("   ", long...)},
		legend{left: items("  ", long...)},
		legend{left: items("  ", short...)},
		legend{left: items(" ", short...)},
		legend{left: items(" ", tight...)})
}
