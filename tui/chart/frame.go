package chart

// gutter is the width of the y-axis labels ("100%") and the axis line.
const gutter = 5

// minPlotW is the narrowest plot worth a y axis: below it the gutter would
// take most of the width, so the plot gets it all.
const minPlotW = 8

// frame is where the parts of a chart go in its grid: the legend on top,
// the plot, the x axis and its labels below, the y axis on the left. Parts
// that do not fit are left out (their row is −1, the gutter 0), the labels
// last and the axis line first, so a small chart keeps its data.
type frame struct {
	gx, pw  int // plot columns [gx, gx+pw)
	top, ph int // plot rows [top, top+ph)
	legend  int // row of the legend, or −1
	axis    int // row of the x axis line, or −1
	labels  int // row of the x tick labels, or −1
}

// newFrame lays out a w×h chart whose plot needs minPlot rows before the
// other parts get any.
func newFrame(w, h, minPlot int) frame {
	f := frame{legend: -1, axis: -1, labels: -1, ph: h}
	take := func() bool {
		if f.ph-1 >= minPlot {
			f.ph--
			return true
		}
		return false
	}
	labels, legend, axis := take(), take(), take()
	if legend {
		f.legend, f.top = 0, 1
	}
	next := f.top + f.ph
	if axis {
		f.axis = next
		next++
	}
	if labels {
		f.labels = next
	}
	if w-gutter >= minPlotW {
		f.gx = gutter
	}
	f.pw = w - f.gx
	return f
}

// tick is a labelled row of the y axis.
type tick struct {
	row int // grid row
	s   string
}

// yAxis draws the axis line in the gutter beside plot rows [top, top+rows),
// with ┤ and a right-aligned label at each tick.
func (f frame) yAxis(g Grid, top, rows int, ticks []tick) {
	if f.gx == 0 {
		return
	}
	for y := top; y < top+rows; y++ {
		g.set(f.gx-1, y, '│', inkAxis)
	}
	for _, t := range ticks {
		if t.row < top || t.row >= top+rows {
			continue
		}
		g.set(f.gx-1, t.row, '┤', inkAxis)
		s := []rune(t.s)
		if len(s) > f.gx-1 {
			s = s[len(s)-(f.gx-1):]
		}
		g.text(f.gx-1-len(s), t.row, string(s), inkLabel)
	}
}

// rightAxis draws an axis line right of the plot beside plot rows [top,
// top+rows), with ├ and a left-aligned label at each tick: a second
// quantity's axis, apart from the one on the left.
func (f frame) rightAxis(g Grid, top, rows int, ticks []tick) {
	x := f.gx + f.pw
	for y := top; y < top+rows; y++ {
		g.set(x, y, '│', inkAxis)
	}
	for _, t := range ticks {
		if t.row < top || t.row >= top+rows {
			continue
		}
		g.set(x, t.row, '├', inkAxis)
		g.text(x+1, t.row, t.s, inkLabel)
	}
}

// xAxis draws the x axis line under the plot with ┬ at each of cols (plot
// columns).
func (f frame) xAxis(g Grid, cols []int) {
	if f.axis < 0 {
		return
	}
	if f.gx > 0 {
		g.set(f.gx-1, f.axis, '└', inkAxis)
	}
	for x := range f.pw {
		g.set(f.gx+x, f.axis, '─', inkAxis)
	}
	for _, c := range cols {
		g.set(f.gx+c, f.axis, '┬', inkAxis)
	}
}

// label is a tick label centred on a plot column.
type label struct {
	s   string
	col int
	ink Ink
}

// xLabels writes labels on the label row in the order given (most
// important first), each only where it keeps a blank cell from those
// already there, so none overlap or run together, and returns the columns
// of those written. A label may reach into the gutter and is shifted
// inward at the grid's edges. name (the x variable) goes last:
// right-aligned in the gutter, else after the last label.
func (f frame) xLabels(g Grid, labels []label, name string) []int {
	if f.labels < 0 {
		return nil
	}
	y := f.labels
	free := func(x0, n int) bool {
		if x0 < 0 || x0+n > g.w {
			return false
		}
		for x := max(0, x0-1); x < min(g.w, x0+n+1); x++ {
			if !g.blank(x, y) {
				return false
			}
		}
		return true
	}
	var placed []int
	for _, l := range labels {
		n := width(l.s)
		x0 := f.gx + l.col - (n-1)/2
		x0 = max(0, min(g.w-n, x0))
		if free(x0, n) {
			g.text(x0, y, l.s, l.ink)
			placed = append(placed, l.col)
		}
	}
	n := width(name)
	if n == 0 {
		return placed
	}
	if f.gx > 0 && n <= f.gx-1 && free(f.gx-1-n, n) {
		g.text(f.gx-1-n, y, name, inkLabel)
		return placed
	}
	last := -1
	for x := g.w - 1; x >= 0; x-- {
		if !g.blank(x, y) {
			last = x
			break
		}
	}
	if x0 := max(last+2, f.gx); free(x0, n) {
		g.text(x0, y, name, inkLabel)
	}
	return placed
}

// seg is a piece of legend text in one ink.
type seg struct {
	s   string
	ink Ink
}

// legend is one way of writing a chart's legend: left-aligned segments and
// a right-aligned note.
type legend struct{ left, right []seg }

func segsWidth(ss []seg) int {
	n := 0
	for _, s := range ss {
		n += width(s.s)
	}
	return n
}

// putLegend writes the first variant that fits in the row (the right part
// three cells clear of the left, so the two do not read as one), or the
// last one cut to the width, its right part only if it still fits.
func putLegend(g Grid, y int, variants ...legend) {
	if y < 0 || len(variants) == 0 {
		return
	}
	pick := variants[len(variants)-1]
	for _, v := range variants {
		wl, wr := segsWidth(v.left), segsWidth(v.right)
		if wl <= g.w && (wr == 0 || wl+3+wr <= g.w) {
			pick = v
			break
		}
	}
	left := pick.left
	if segsWidth(left) > g.w {
		// Drop whole entries from the end (cut at a gap) rather than a
		// word in half; clip only when not even the first one fits.
		for i := len(left) - 1; i > 0; i-- {
			if left[i].ink == inkBlank && segsWidth(left[:i]) <= g.w {
				left = left[:i]
				break
			}
		}
	}
	x := 0
	for _, s := range left {
		x += g.text(x, y, s.s, s.ink)
	}
	if wr := segsWidth(pick.right); wr > 0 && x+2+wr <= g.w {
		x = g.w - wr
		for _, s := range pick.right {
			x += g.text(x, y, s.s, s.ink)
		}
	}
}

// items builds a legend from (glyph, ink, text) entries separated by gap
// spaces.
func items(gap string, entries ...seg) []seg {
	out := make([]seg, 0, 3*len(entries)/2)
	for i := 0; i+1 < len(entries); i += 2 {
		if i > 0 {
			out = append(out, seg{gap, inkBlank})
		}
		out = append(out, entries[i], seg{" " + entries[i+1].s, inkLabel})
	}
	return out
}

// center writes s in the middle of the grid: the message of a chart with
// nothing to draw.
func center(g Grid, s string, ink Ink) {
	n := width(s)
	g.text(max(0, (g.w-n)/2), g.h/2, s, ink)
}
