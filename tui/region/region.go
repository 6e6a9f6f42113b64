package region

import (
	"math"
	"slices"
	"strings"

	"kernelscope/figure"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// gutter is the width of the x₂ axis labels left of the region.
const gutter = 7

// region draws the decision field f over the viewport with half blocks (▀:
// the upper pixel in the foreground color, the lower in the background), the
// boundary where the sign of f changes, the training points on top, and the
// axes. Its cell colors are cached until the field changes; the points and
// markers are laid over them on each draw.
type region struct {
	w, h    int     // cells of the plot (without axes)
	base    []uint8 // 2 colors per cell: upper, lower pixel
	gen     int     // counts computations of base
	version int     // session version the base was computed for
	theme   *common.Theme
	big     bool      // projector mode: the base has a thick boundary
	update  *lab.Bump // the update view's bump, nil when it is off
	// ensemble: the base shows one of the averaged and voted perceptrons'
	// functions, and marks the boundaries of the other two (a glyph per
	// cell, "" for none).
	ensemble bool
	// prob: the base shades P(y = +1 | x) of a learn.Probabilistic learner
	// rather than f, with the lines P = 0.9 and 0.1 in the margins' colours
	// (and, without colour, glyphs denser the surer P is).
	prob   bool
	marks  []string
	t      int           // the learner's T the ensemble's base was computed at
	cells  []common.Cell // scratch: base plus overlays
	placed placement     // scratch: the cells the points' markers hold
	out    rowBuf        // a row being drawn; its storage is kept from row to row
	// drawn is the rows of the last render, each from its gutter and its
	// cells in drawnCells, in drawnTheme (nil: none kept): a step moves a
	// marker or two, and the rows it did not touch are not written again.
	drawn      []drawnRow
	drawnCells []common.Cell
	drawnTheme *common.Theme
	// axis is the x₁ axis line as drawn for axisKey.
	axis    string
	axisKey axisKey
	lines   []string // scratch: the lines render returns
	// gutters are the y-axis labels as drawn in gutterTheme, by label: a
	// frame draws the same few again.
	gutters     map[string]string
	gutterTheme *common.Theme
}

// gutterLabel is label drawn in the y-axis gutter, dim and right-aligned.
func (r *region) gutterLabel(th *common.Theme, label string) string {
	if r.gutterTheme != th || r.gutters == nil {
		r.gutters, r.gutterTheme = map[string]string{}, th
	}
	g, ok := r.gutters[label]
	if !ok {
		g = th.Dim.Render(common.PadLeft(label, gutter-1) + " ")
		r.gutters[label] = g
	}
	return g
}

// PlotSize returns the plot's cells for an area of w×h (axes included).
func PlotSize(w, h int) (int, int) { return max(0, w-gutter), max(0, h-1) }

// pixel colors of the field: class side and |f| level, boundary on a sign
// change to the right or below, and with margins the SVM's margins f = ±1
// where f − 1 or f + 1 changes sign.
func (r *region) compute(fd *learn.Field, tie learn.Tie, e learn.Expansion, margins bool) {
	r.base = r.base[:0]
	pr, prob := e.(learn.Probabilistic)
	r.prob = prob
	if fd == nil || fd.W == 0 || fd.H == 0 || r.w == 0 || r.h == 0 {
		return
	}
	if prob {
		r.computeP(fd, tie, pr)
		return
	}
	vals := fd.Values
	scale := robustScale(vals)
	touch := touchingZeros(fd, e)
	// Each pixel shows the class the tie rule predicts there, so f = 0 takes
	// the color of sign(0) under pos and neg, and stays neutral under
	// the mistake rule.
	predict := func(v float64) int {
		pr, _ := tie.Predict(v, 1)
		return pr
	}
	color := func(x, y int) uint8 {
		v := vals[y*fd.W+x]
		if !common.IsFinite(v) {
			return common.ColOverflow
		}
		s := predict(v)
		if s == 0 {
			return common.ColNeutral
		}
		if (x+1 < fd.W && predict(vals[y*fd.W+x+1]) == -s) || (y+1 < fd.H && predict(vals[(y+1)*fd.W+x]) == -s) || touch[y*fd.W+x] {
			return common.ColBoundary
		}
		if margins {
			if c := levelAt(fd, x, y, [2]float64{1, -1}); c != 0 {
				return c
			}
		}
		return shade(v, s, scale)
	}
	r.paint(fd, color)
}

// PLevels are the probabilities whose level lines the region draws for a
// learner that models P(y = +1 | x), apart from the boundary P = ½: the
// +1 class's (in the f = +1 margin's colour) and the −1 class's.
var PLevels = [2]float64{0.9, 0.1}

// computeP colours each pixel by P(y = +1 | x) = σ(f(x)) (seed 003): the
// class's hue on its side of P = ½ (the tie rule's, as compute does), its
// strength by |P − ½| on the fixed scale 0 … ½, so that the same shade is
// the same probability whatever the run; the boundary where the predicted
// class changes, and the level lines P = 0.9 and P = 0.1, which are
// f = ln 9 and f = −ln 9, where they pass.
func (r *region) computeP(fd *learn.Field, tie learn.Tie, pr learn.Probabilistic) {
	vals := fd.Values
	touch := touchingZeros(fd, pr)
	levels := [2]float64{pr.Logit(PLevels[0]), pr.Logit(PLevels[1])}
	predict := func(v float64) int {
		p, _ := tie.Predict(v, 1)
		return p
	}
	color := func(x, y int) uint8 {
		v := vals[y*fd.W+x]
		if !common.IsFinite(v) {
			return common.ColOverflow
		}
		s := predict(v)
		if s == 0 {
			return common.ColNeutral
		}
		if (x+1 < fd.W && predict(vals[y*fd.W+x+1]) == -s) || (y+1 < fd.H && predict(vals[(y+1)*fd.W+x]) == -s) || touch[y*fd.W+x] {
			return common.ColBoundary
		}
		if c := levelAt(fd, x, y, levels); c != 0 {
			return c
		}
		level := int(min(common.Shades-1, math.Abs(pr.Probability(v)-0.5)*2*common.Shades))
		if s > 0 {
			return uint8(common.ColPos + level)
		}
		return uint8(common.ColNeg + level)
	}
	r.paint(fd, color)
}

// robustScale is the scale of |f| the shades are drawn against: twice the
// mean |f| over the finite values (figure.MeanAbs, which a figure's shades
// use too), so one peak does not wash the rest out. Values that overflowed
// (±Inf, NaN) are drawn as such and take no part in it.
func robustScale(vals []float64) float64 { return 2 * figure.MeanAbs(vals) }

// shade is the color of value v on side s (±1) of the boundary: the
// class's hue, darker the larger |v| is against scale.
func shade(v float64, s int, scale float64) uint8 {
	level := common.Shades - 1
	if scale > 0 && scale <= math.MaxFloat64 {
		level = int(min(common.Shades-1, math.Abs(v)/scale*common.Shades))
	}
	if s > 0 {
		return uint8(common.ColPos + level)
	}
	return uint8(common.ColNeg + level)
}

// paint sets every pixel's color to that of the lattice point it falls on
// (the lattice may be coarser than the plot's pixels: see maxFieldPixels).
func (r *region) paint(fd *learn.Field, color func(x, y int) uint8) {
	lx := func(px int) int { return min(fd.W-1, px*fd.W/r.w) }
	ly := func(py int) int { return min(fd.H-1, py*fd.H/(2*r.h)) }
	for cy := range r.h {
		for cx := range r.w {
			r.base = append(r.base, color(lx(cx), ly(2*cy)), color(lx(cx), ly(2*cy+1)))
		}
	}
}

// overlay is what is drawn on top of the field.
type overlay struct {
	// current is the example being visited, current2 the other of the
	// SVM's pair, flash the last mistake (example indices, −1: none).
	current, current2, flash int
	cursorX, curY            int  // cursor cell (−1: hidden)
	flashOn                  bool // the last mistake is flashing
	big                      bool // projector mode: markers several cells wide
	// approx marks the cells the approximate boundary f̃ = 0 crosses (~),
	// drawn over the field and under the points; nil for none.
	approx []bool
}

// refresh recomputes the cell colors when the field, the plot size or the
// theme changed.
func (r *region) refresh(s Session, th *common.Theme, pw, ph int, big bool, update *lab.Bump, ensemble bool) {
	same := (r.update == nil) == (update == nil) && (update == nil || *update == *r.update)
	// The averaged and voted perceptrons' functions move with every step,
	// not only with a mistake (the step counts toward c_k), so their
	// drawing is also kept for one T.
	stale := ensemble && r.t != s.Learner().T()
	if pw != r.w || ph != r.h || r.version != s.Version() || r.theme != th || r.big != big || !same || len(r.base) == 0 || r.ensemble != ensemble || stale {
		r.w, r.h, r.version, r.theme, r.big, r.update, r.ensemble, r.t = pw, ph, s.Version(), th, big, update, ensemble, s.Learner().T()
		r.gen++
		r.marks = r.marks[:0]
		if ensemble && update == nil {
			r.computeEnsemble(s)
		} else if update != nil {
			r.computeUpdate(s.Field(), s.Learner().Config().Tie, s.Learner(), *update)
		} else {
			r.compute(s.Field(), s.Learner().Config().Tie, s.Learner(), s.Dual() != nil)
		}
		if big {
			r.thicken()
		}
	}
}

// render draws the plot with axes into lines of exactly w cells each,
// between the sides of the panel's box (th.Side: so a row is written once,
// not written and copied into the box), from the cell colors of the last
// refresh. The lines are valid until the next render (r.lines, r.cells and
// r.out are scratch).
func (r *region) render(s Session, th *common.Theme, ov overlay, w, h int) []string {
	pw, ph := PlotSize(w, h)
	lines := r.lines[:0]
	if pw <= 0 || ph <= 0 || pw != r.w || ph != r.h || len(r.base) != 2*pw*ph {
		for range h {
			lines = append(lines, th.Side()+strings.Repeat(" ", w)+th.Side())
		}
		r.lines = lines
		return lines
	}
	// The last render's cells are kept to compare rows with (the two
	// buffers swap, so neither is allocated again); its rows are of no use
	// in another size or theme.
	r.cells, r.drawnCells = r.drawnCells[:0], r.cells
	if r.drawnTheme != th || len(r.drawnCells) != pw*ph || len(r.drawn) != ph {
		r.drawn, r.drawnTheme = make([]drawnRow, ph), th
	}
	for i := range pw * ph {
		c := common.Cell{FG: r.base[2*i], BG: r.base[2*i+1]}
		if c.FG == common.ColOverflow || c.BG == common.ColOverflow {
			c = common.Cell{FG: common.ColText, BG: common.ColOverflow, Glyph: common.GlyphOverflow}
		} else if i < len(r.marks) && r.marks[i] != "" {
			// Another function's boundary: its glyph in bold ink on the plain
			// background, cut out of the shades as f̃'s ≋ is. In the grey
			// of a ghost over the shades it could not be seen.
			c = common.Cell{FG: common.ColText, BG: common.ColNeutral, Glyph: r.marks[i], Bold: true}
		}
		if i < len(ov.approx) && ov.approx[i] && c.Glyph != common.GlyphOverflow {
			c = common.Cell{FG: common.ColApprox, BG: common.ColNeutral, Glyph: common.GlyphApprox, Bold: true}
		}
		r.cells = append(r.cells, c)
	}
	// Points, most important first (placement): the example being
	// visited, the other of the SVM's pair, the last mistake, the support
	// vectors, the rest, the held-out points. Within a group the later
	// example goes first, so a cell shared by two shows the one it always
	// showed.
	p := s.Learner()
	view := s.View()
	dual := s.Dual()
	r.placed.reset(pw, ph)
	put := func(i int, bgOverride int) {
		x := p.X(i)
		cx, cy, ok := cellOf(view, pw, ph, x.X1, x.X2)
		if !ok {
			return
		}
		kind := s.SVOf(i)
		sv := kind != lab.NotSV && kind != lab.ForgottenSV
		pos := p.Y(i) > 0
		ink := uint8(common.ColNegInk)
		if pos {
			ink = common.ColPosInk
		}
		// A support vector is a solid block of its class color with a
		// contrasting glyph: visible at a glance, and in print. Other
		// points are their class color cut out of the field.
		fg, bg := ink, uint8(common.ColNeutral)
		if sv {
			fg, bg = common.ColNeutral, ink
		}
		if kind == lab.ForgottenSV {
			fg = common.ColGhost // faint: it was a support vector
		}
		if bgOverride >= 0 {
			fg, bg = common.ColNeutral, uint8(bgOverride)
		}
		glyphs := []string{common.KindGlyph(pos, kind)}
		if ov.big {
			glyphs = bigMarker(pos, kind)
		}
		x0, n := r.placed.place(cx, cy, len(glyphs))
		if n < len(glyphs) {
			// No room for the big marker: the point's glyph alone.
			glyphs = []string{common.KindGlyph(pos, kind)}
		}
		under := common.OnMargin(dual, i)
		for k := range n {
			r.cells[cy*pw+x0+k] = common.Cell{FG: fg, BG: bg, Glyph: glyphs[k], Bold: true, Under: under}
		}
	}
	for _, c := range [2]int{ov.current, ov.current2} {
		if c >= 0 && c < p.N() {
			put(c, common.ColCurrent)
		}
	}
	if ov.flash >= 0 && ov.flash < p.N() && ov.flash != ov.current && ov.flash != ov.current2 {
		if ov.flashOn {
			put(ov.flash, common.ColFlash)
		} else {
			put(ov.flash, -1)
		}
	}
	for _, sv := range [2]bool{true, false} {
		for i := p.N() - 1; i >= 0; i-- {
			if k := s.SVOf(i); i != ov.current && i != ov.current2 && i != ov.flash && (k == lab.FreeSV || k == lab.BoundSV) == sv {
				put(i, -1)
			}
		}
	}
	// Held-out points last: under any training point that shares a cell.
	test := s.Test().Points()
	for k := len(test) - 1; k >= 0; k-- {
		e := test[k]
		cx, cy, ok := cellOf(view, pw, ph, e.X1, e.X2)
		if !ok {
			continue
		}
		if _, n := r.placed.place(cx, cy, 1); n == 0 {
			continue
		}
		ink, g := uint8(common.ColNegInk), common.GlyphNegTest
		if e.Y > 0 {
			ink, g = common.ColPosInk, common.GlyphPosTest
		}
		r.cells[cy*pw+cx] = common.Cell{FG: ink, BG: common.ColNeutral, Glyph: g, Bold: true}
	}
	if ov.cursorX >= 0 && ov.cursorX < pw && ov.curY >= 0 && ov.curY < ph {
		c := &r.cells[ov.curY*pw+ov.cursorX]
		if c.Glyph == "" {
			c.Glyph = common.GlyphCur
		}
		c.FG, c.BG, c.Bold = common.ColNeutral, common.ColCursor, true
	}

	// Axes: round ticks (1-2-5 steps) in the gutter for x₂ and under the
	// plot for x₁, each at the cell its value falls in; 0 is among them
	// whenever the origin is in view, with a tick either side of it where
	// they fit (x₂: two rows a tick, x₁: six cells).
	rowTicks := map[int]string{}
	for _, v := range common.AxisTicks(view.MinX2, view.MaxX2, max(2, ph/5), ph/2) {
		cy := int(math.Floor((view.MaxX2 - v) / (view.MaxX2 - view.MinX2) * float64(ph)))
		if cy >= 0 && cy < ph {
			rowTicks[cy] = common.Num(v, gutter-1)
		}
	}
	n1, n2 := s.Columns()
	nameRow := ph / 2
	for nameRow > 0 && rowTicks[nameRow] != "" {
		nameRow--
	}
	for cy := range ph {
		g := rowTicks[cy]
		if cy == nameRow && g == "" && ph > 4 {
			g = n2
		}
		lines = append(lines, r.keptRow(th, cy, r.gutterLabel(th, g)))
	}
	if k := (axisKey{view, pw, n1, th}); r.axis == "" || r.axisKey != k {
		r.axis, r.axisKey = xAxis(th, view, pw, n1), k
	}
	r.lines = append(lines, r.axis)
	return r.lines
}

// axisKey is what the x₁ axis line is drawn from.
type axisKey struct {
	view learn.Rect
	pw   int
	n1   string
	th   *common.Theme
}

// xAxis is the line under a plot pw cells wide over view, between the
// box's sides: round ticks at the cells their values fall in, and the
// column's name n1 at the right end (or the left, where a tick is).
func xAxis(th *common.Theme, view learn.Rect, pw int, n1 string) string {
	axis := []rune(strings.Repeat(" ", pw))
	free := func(at, n int) bool {
		for i := max(0, at-1); i < min(pw, at+n+1); i++ {
			if axis[i] != ' ' {
				return false
			}
		}
		return at >= 0 && at+n <= pw
	}
	place := func(s string, at int) bool {
		rs := []rune(s)
		if !free(at, len(rs)) {
			return false
		}
		copy(axis[at:], rs)
		return true
	}
	for _, v := range common.AxisTicks(view.MinX1, view.MaxX1, max(2, pw/12), pw/6) {
		t := common.Num(v, 10)
		cx := int(math.Floor((v - view.MinX1) / (view.MaxX1 - view.MinX1) * float64(pw)))
		place(t, cx-len([]rune(t))/2)
	}
	if w1 := len([]rune(n1)); !place(n1, pw-w1) {
		place(n1, 0)
	}
	return th.Side() + strings.Repeat(" ", gutter) + th.Dim.Render(string(axis)) + th.Side()
}

// drawnRow is a row as the last render wrote it, and its gutter label.
type drawnRow struct{ gutter, line string }

// keptRow is row cy as row writes it, the last render's string when the
// row's gutter and cells are the same as then.
func (r *region) keptRow(th *common.Theme, cy int, gutter string) string {
	d := &r.drawn[cy]
	row := r.cells[cy*r.w : (cy+1)*r.w]
	if d.line != "" && d.gutter == gutter && slices.Equal(row, r.drawnCells[cy*r.w:(cy+1)*r.w]) {
		return d.line
	}
	d.gutter, d.line = gutter, r.row(th, cy, gutter)
	return d.line
}

// row writes one row of cells between the box's sides, emitting a color
// change only where the colors change.
func (r *region) row(th *common.Theme, cy int, gutter string) string {
	r.out.reset()
	r.out.writeString(th.Side())
	r.out.writeString(gutter)
	if th.Mono {
		for cx := range r.w {
			c := r.cells[cy*r.w+cx]
			if c.Under && c.Glyph != "" {
				r.out.writeString(common.SGRUnder)
			}
			switch {
			case c.Glyph == common.GlyphOverflow:
				r.out.writeString(common.GlyphOverflow)
			case c.Glyph != "" && (c.BG == common.ColCurrent || c.BG == common.ColFlash || c.BG == common.ColCursor):
				r.out.writeString("\x1b[7m" + c.Glyph + common.Reset)
			case c.Glyph != "":
				r.out.writeString("\x1b[1m" + c.Glyph + common.Reset)
			case r.prob:
				r.out.writeString(probGlyph(c.FG, c.BG))
			default:
				r.out.writeString(monoGlyph(c.FG, c.BG))
			}
		}
		r.out.writeString(th.Side())
		return r.out.String()
	}
	var lastFg, lastBg uint8 = 255, 255
	lastBold, lastUnder := false, false
	for cx := range r.w {
		c := r.cells[cy*r.w+cx]
		if c.Bold != lastBold {
			if c.Bold {
				r.out.writeString("\x1b[1m")
			} else {
				r.out.writeString("\x1b[22m")
			}
			lastBold = c.Bold
		}
		if c.Under != lastUnder {
			if c.Under {
				r.out.writeString(common.SGRUnder)
			} else {
				r.out.writeString("\x1b[24m")
			}
			lastUnder = c.Under
		}
		if c.FG != lastFg || c.BG != lastBg {
			r.out.writeString(th.CellStyle(c.FG, c.BG))
			lastFg, lastBg = c.FG, c.BG
		}
		if c.Glyph == "" {
			r.out.writeString("▀")
		} else {
			r.out.writeString(c.Glyph)
		}
	}
	r.out.writeString(common.Reset)
	r.out.writeString(th.Side())
	return r.out.String()
}

// monoGlyph is the texture of a cell without color.
func monoGlyph(up, down uint8) string {
	switch {
	case up == common.ColBoundary || down == common.ColBoundary:
		return common.MonoBoundary
	case up == common.ColMarginP || down == common.ColMarginP:
		return common.MonoMarginP
	case up == common.ColMarginN || down == common.ColMarginN:
		return common.MonoMarginN
	case up == common.ColGhost || down == common.ColGhost:
		return common.MonoGhost
	case isPos(up) || isPos(down):
		return common.MonoPos
	}
	return common.MonoNeg
}

func isPos(c uint8) bool { return c >= common.ColPos && c < common.ColPos+common.Shades }

func isNeg(c uint8) bool { return c >= common.ColNeg && c < common.ColNeg+common.Shades }

// probGlyph is the texture of a cell without colour where the region
// shades P(y = +1 | x): the lines as monoGlyph draws them, the +1 side in
// dots and the −1 side in dashes, denser the surer P is (the stronger of
// the cell's two pixels on its side).
func probGlyph(up, down uint8) string {
	switch {
	case up == common.ColBoundary || down == common.ColBoundary:
		return common.MonoBoundary
	case up == common.ColMarginP || down == common.ColMarginP:
		return common.MonoMarginP
	case up == common.ColMarginN || down == common.ColMarginN:
		return common.MonoMarginN
	case isPos(up) || isPos(down):
		level := 0
		for _, c := range [2]uint8{up, down} {
			if isPos(c) {
				level = max(level, int(c-common.ColPos))
			}
		}
		return common.MonoPosDensity[level]
	case isNeg(up) || isNeg(down):
		level := 0
		for _, c := range [2]uint8{up, down} {
			if isNeg(c) {
				level = max(level, int(c-common.ColNeg))
			}
		}
		return common.MonoNegDensity[level]
	}
	return common.MonoNeg
}

// cellOf maps an input point to the plot cell it falls in (the inverse of
// cellAt), and reports whether that cell is in the plot. Drawing and
// hit-testing both use it, so a point is found where it was drawn.
func cellOf(view learn.Rect, pw, ph int, x1, x2 float64) (cx, cy int, ok bool) {
	cx = int(math.Floor((x1 - view.MinX1) / (view.MaxX1 - view.MinX1) * float64(pw)))
	cy = int(math.Floor((view.MaxX2 - x2) / (view.MaxX2 - view.MinX2) * float64(ph)))
	return cx, cy, cx >= 0 && cx < pw && cy >= 0 && cy < ph
}

// CellAt maps a plot cell to input coordinates (the cell's centre).
func CellAt(view learn.Rect, pw, ph, cx, cy int) (float64, float64) {
	x1 := view.MinX1 + (float64(cx)+0.5)*(view.MaxX1-view.MinX1)/float64(pw)
	x2 := view.MaxX2 - (float64(cy)+0.5)*(view.MaxX2-view.MinX2)/float64(ph)
	// A centre on an axis comes out as rounding noise (2.2e-16): it is 0.
	if math.Abs(x1) < 1e-9*(view.MaxX1-view.MinX1) {
		x1 = 0
	}
	if math.Abs(x2) < 1e-9*(view.MaxX2-view.MinX2) {
		x2 = 0
	}
	return x1, x2
}

// rowBuf builds one row of the region: like strings.Builder, but Reset
// keeps the storage, so a frame's rows cost one allocation each (the
// string) instead of a builder grown from nothing every row.
type rowBuf struct{ b []byte }

func (r *rowBuf) reset()               { r.b = r.b[:0] }
func (r *rowBuf) writeString(s string) { r.b = append(r.b, s...) }
func (r *rowBuf) String() string       { return string(r.b) }

// levelAt is the colour of lattice point (x, y) when one of two level
// sets of f passes between it and its right or lower neighbour: levels[0]
// in the +1 margin's colour, levels[1] in the −1 margin's; 0 when neither
// does. The SVM's are its margins f = ±1 (seed 004: the hyperplanes
// w·φ(x) + b = ±1 through the support vectors on the margin); logistic
// regression's the lines P(y = +1 | x) = 0.9 and 0.1.
func levelAt(fd *learn.Field, x, y int, levels [2]float64) uint8 {
	v := fd.Values[y*fd.W+x]
	for _, m := range [2]struct {
		level float64
		col   uint8
	}{{levels[0], common.ColMarginP}, {levels[1], common.ColMarginN}} {
		above := v >= m.level
		cross := func(u float64) bool { return common.IsFinite(u) && (u >= m.level) != above }
		if (x+1 < fd.W && cross(fd.Values[y*fd.W+x+1])) || (y+1 < fd.H && cross(fd.Values[(y+1)*fd.W+x])) {
			return m.col
		}
	}
	return 0
}
