package region

import (
	"math"
	"strings"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
)

// The region of points on a line (Session.OneD: the built-in interval, or
// one column of a file; seed 003, "Non-linear features: 1D input") is
// drawn as what it is, the line, and not as a plane of which one row
// holds data:
//
//	  f(x)     ▄▄██▄▄           the graph of f along the line: the area
//	     0 ───▀──────▀───        between it and 0 shaded in its class's
//	    −4 ▀▀▀          ▀▀▀      hue, deeper as |f| grows, the curve in ink
//	       −−−−−⊖+++⊕+−−−−       the line: the points, on cells in the
//	            ├f > 0┤          colour of the side f puts them; under it,
//	     −1     0      1   x     where f > 0, then the axis with its ticks
//
// The field of such data is one row of lattice points on the line
// (lab.Session.Resize), a value a column. The cursor keeps to the line,
// so a click over the graph or under it adds a point at its x.

// lineLayout is where the rows of a line's plot ph rows high go: the graph
// above (graph rows from the top, none when ph < 3), the line, and the
// marks of where f > 0 under it (−1: no room, ph = 1).
func lineLayout(ph int) (graph, line, marks int) {
	switch {
	case ph >= 3:
		return ph - 2, ph - 2, ph - 1
	case ph == 2:
		return 0, 0, 1
	}
	return 0, 0, -1
}

// lineDrawing is the cached drawing of a line's plot: the cells of the
// graph, the line and its marks, without the points and the cursor, until
// the field, the size or the theme changes.
type lineDrawing struct {
	rows region // writes the rows (region.row, gutterLabel): its cells are these
	key  lineKey
	gen  int // counts computations of base
	w, h int
	// vals is f at each column of the plot, on the line; other a second
	// curve drawn faint under it in otherCol (the update view's f before
	// or after the bump, ~'s f̃), nil for none.
	vals, other []float64
	// rivals are the averaged and voted perceptrons' other two functions
	// at each column, whose boundaries the marks row marks (A), by member;
	// nil for those not drawn.
	rivals   [common.NumShown][]float64
	otherCol uint8
	lo, hi   float64 // the graph's range of f
	base     []common.Cell
	cells    []common.Cell // scratch: base with the points
	placed   placement
	// where is where f > 0, written out for the title ("" for no field).
	where string
}

// lineKey is what the drawing of a line's plot is computed from.
type lineKey struct {
	w, h, version, t int
	th               *common.Theme
	big, ensemble    bool
	shown            learn.EnsembleMember
	bump             lab.Bump
	hasBump          bool
	approx           *approxResult
}

// refresh computes the cells again when what they show changed: the field
// (or the shown function of the averaged and voted perceptrons), the
// update view's bump, ~'s f̃, the size or the theme.
func (d *lineDrawing) refresh(s Session, th *common.Theme, pw, ph int, big bool, bump *lab.Bump, ensemble bool, approx *approxResult) {
	k := lineKey{w: pw, h: ph, version: s.Version(), th: th, big: big, ensemble: ensemble, approx: approx}
	if ensemble {
		k.t, k.shown = s.Learner().T(), s.Shown()
	}
	if bump != nil {
		k.bump, k.hasBump = *bump, true
	}
	if k == d.key && d.base != nil {
		return
	}
	d.key, d.w, d.h = k, pw, ph
	d.gen++
	d.vals, d.other, d.where = d.vals[:0], nil, ""
	d.rivals = [common.NumShown][]float64{}
	d.base = d.base[:0]
	fd := s.Field()
	if pw <= 0 || ph <= 0 {
		return
	}
	if fd == nil || fd.W == 0 || fd.H == 0 {
		d.base = append(d.base, make([]common.Cell, pw*ph)...)
		for i := range d.base {
			d.base[i] = blankCell
		}
		return
	}
	row := fd.H / 2 // the line's row of the lattice: its only one (lab.Session.Resize)
	src := fd.Values
	exact := true // f itself, whose positive set learn can find exactly
	col := func(vs []float64, c int) float64 { return vs[row*fd.W+min(fd.W-1, c*fd.W/pw)] }
	if ensemble {
		if ev, err := s.EnsembleValues(); err == nil {
			src, exact = ev[s.Shown()], s.Shown() == learn.FinalMember
			for k := range common.NumShown {
				if learn.EnsembleMember(k) != s.Shown() && len(ev[k]) == len(fd.Values) {
					for c := range pw {
						d.rivals[k] = append(d.rivals[k], col(ev[k], c))
					}
				}
			}
		}
	}
	for c := range pw {
		d.vals = append(d.vals, col(src, c))
	}
	switch {
	case bump != nil:
		// The update view: the bump's term at each column, and f without
		// it (before the last mistake) or with it (after a mistake on xᵢ).
		e := s.Learner()
		if bump.I >= 0 && bump.I < e.N() {
			xi := e.X(bump.I)
			for c := range pw {
				x1, x2 := fd.Point(min(fd.W-1, c*fd.W/pw), row)
				bv := bump.Coef * e.Kernel().Eval(xi, e.Embed(x1, x2))
				if bump.T > 0 {
					d.other = append(d.other, d.vals[c]-bv)
				} else {
					d.other = append(d.other, d.vals[c]+bv)
				}
			}
			d.otherCol = common.ColGhost
		}
	case approx != nil && len(approx.vals) == approx.key.fw*approx.key.fh && approx.key.fw > 0:
		// ~: the approximate f̃ on the same lattice.
		for c := range pw {
			d.other = append(d.other, approx.vals[min(approx.key.fw-1, c*approx.key.fw/pw)])
		}
		d.otherCol = common.ColApprox
	}
	d.compute(th, s.Learner().Config().Tie, s.Dual() != nil)
	name, _ := s.Columns()
	d.where = d.whereText(s, exact && bump == nil, name)
}

// blankCell is a cell of nothing: a space on the plain background.
var blankCell = common.Cell{FG: common.ColNeutral, BG: common.ColNeutral, Glyph: " "}

// compute lays out the cells: the graph (with the SVM's margins f = ±1),
// the line, the marks.
func (d *lineDrawing) compute(th *common.Theme, tie learn.Tie, margins bool) {
	pw, ph := d.w, d.h
	graph, line, marks := lineLayout(ph)
	d.base = append(d.base, make([]common.Cell, pw*ph)...)
	for i := range d.base {
		d.base[i] = blankCell
	}
	predict := func(v float64) int {
		pr, _ := tie.Predict(v, 1)
		return pr
	}
	scale := robustScale(d.vals)
	// The graph's range holds 0, f and the second curve.
	d.lo, d.hi = 0, 0
	for _, vs := range [][]float64{d.vals, d.other} {
		for _, v := range vs {
			if common.IsFinite(v) {
				d.lo, d.hi = math.Min(d.lo, v), math.Max(d.hi, v)
			}
		}
	}
	if margins {
		d.lo, d.hi = math.Min(d.lo, -1), math.Max(d.hi, 1)
	}
	if d.hi-d.lo == 0 || !common.IsFinite(d.hi-d.lo) {
		d.lo, d.hi = -1, 1 // f ≡ 0 (no support vectors yet): 0 in the middle
	}
	if graph > 0 {
		d.drawGraph(th, graph, scale, margins)
	}
	for c, v := range d.vals {
		cell := &d.base[line*pw+c]
		s := predict(v)
		switch {
		case !common.IsFinite(v):
			*cell = common.Cell{FG: common.ColText, BG: common.ColOverflow, Glyph: common.GlyphOverflow}
		case s == 0:
			*cell = common.Cell{FG: common.ColNeutral, BG: common.ColNeutral}
		case c+1 < pw && predict(d.vals[c+1]) == -s, c > 0 && predict(d.vals[c-1]) == -s:
			// A boundary cell either side of the sign change, so the
			// change reads as a mark on the line, not as a shade.
			*cell = common.Cell{FG: common.ColBoundary, BG: common.ColBoundary}
		default:
			col := shade(v, s, scale)
			*cell = common.Cell{FG: col, BG: col}
		}
	}
	if marks >= 0 {
		// The averaged and voted perceptrons' other functions: their
		// boundaries marked on the same row, in their glyphs (A's key),
		// where "f > 0" then leaves room for them.
		rival := map[int]string{}
		for k, vs := range d.rivals {
			for c := 0; c+1 < len(vs); c++ {
				if s := predict(vs[c]); s != 0 && predict(vs[c+1]) == -s {
					rival[c+1] = common.ShownGlyphs[k]
				}
			}
		}
		d.drawMarks(marks, predict, rival)
		for c, g := range rival {
			d.base[marks*pw+c] = common.Cell{FG: common.ColText, BG: common.ColNeutral, Glyph: g, Bold: true}
		}
	}
}

// drawGraph draws f over the line in graph rows, two pixels a cell: the
// zero line, the area between it and f shaded by the value at each pixel
// as the plane's region shades f, the SVM's margins f = ±1 (with
// margins), the second curve faint, and f's curve in its class's ink,
// joined from column to column so that a steep curve has no gaps. Without
// colour the curves alone are drawn, in blocks, over the lines.
func (d *lineDrawing) drawGraph(th *common.Theme, graph int, scale float64, margins bool) {
	pw, px := d.w, 2*graph
	pix := func(v float64) int {
		return max(0, min(px-1, int(math.Floor((d.hi-v)/(d.hi-d.lo)*float64(px)))))
	}
	at := func(p int) float64 { return d.hi - (float64(p)+0.5)/float64(px)*(d.hi-d.lo) }
	colors := make([]uint8, pw*px)
	curve := make([]bool, pw*px) // a pixel of either curve, for the blocks without colour
	p0 := pix(0)
	// curveAt marks column c's stretch of the curve vs in ink: from its
	// pixel halfway to each neighbour's.
	curveAt := func(vs []float64, c int, ink func(v float64) uint8) {
		v := vs[c]
		if !common.IsFinite(v) {
			return
		}
		pv := pix(v)
		top, bot := pv, pv
		for _, n := range [2]int{c - 1, c + 1} {
			if n < 0 || n >= pw || !common.IsFinite(vs[n]) {
				continue
			}
			mid := (pv + pix(vs[n])) / 2
			top, bot = min(top, mid), max(bot, mid)
		}
		for p := top; p <= bot; p++ {
			colors[p*pw+c], curve[p*pw+c] = ink(v), true
		}
	}
	for c, v := range d.vals {
		if !common.IsFinite(v) {
			continue
		}
		pv := pix(v)
		for p := min(p0, pv) + 1; p < max(p0, pv); p++ {
			if u := at(p); u != 0 && (u > 0) == (v > 0) {
				s := 1
				if u < 0 {
					s = -1
				}
				colors[p*pw+c] = shade(u, s, scale)
			}
		}
		colors[p0*pw+c] = common.ColAxis
	}
	var pp, pn int // the margins' pixel rows
	if margins {
		pp, pn = pix(1), pix(-1)
		for c := range pw {
			colors[pp*pw+c], colors[pn*pw+c] = common.ColMarginP, common.ColMarginN
		}
	}
	if d.other != nil {
		for c := range pw {
			curveAt(d.other, c, func(float64) uint8 { return d.otherCol })
		}
	}
	for c := range pw {
		curveAt(d.vals, c, func(v float64) uint8 {
			switch {
			case v > 0:
				return common.ColPosInk
			case v < 0:
				return common.ColNegInk
			}
			return common.ColAxis // f = 0 here: on the zero line
		})
	}
	for cy := range graph {
		for c := range pw {
			up, down := (2*cy)*pw+c, (2*cy+1)*pw+c
			cell := common.Cell{FG: colors[up], BG: colors[down]}
			if !common.IsFinite(d.vals[c]) {
				cell = common.Cell{FG: common.ColText, BG: common.ColOverflow, Glyph: common.GlyphOverflow}
			} else if th.Mono {
				gl := monoBlock(curve[up], curve[down], 2*cy == p0 || 2*cy+1 == p0)
				if gl == " " && margins && (2*cy == pp || 2*cy+1 == pp) {
					gl = common.MonoMarginP
				} else if gl == " " && margins && (2*cy == pn || 2*cy+1 == pn) {
					gl = common.MonoMarginN
				}
				cell = common.Cell{FG: common.ColNeutral, BG: common.ColNeutral, Glyph: gl}
			}
			d.base[cy*pw+c] = cell
		}
	}
}

// monoBlock is a graph cell without colour: the curve's pixels as half
// blocks, else the zero line, else nothing.
func monoBlock(up, down, zero bool) string {
	switch {
	case up && down:
		return "█"
	case up:
		return "▀"
	case down:
		return "▄"
	case zero:
		return "─"
	}
	return " "
}

// drawMarks marks each stretch of columns where f > 0 on row y, under the
// line: a rule in the +1 ink from the first column to the last, its ends
// ticked where f changes sign there (├ ┤; an end at the plot's edge goes
// on past it), and "f > 0" in its middle when there is room.
func (d *lineDrawing) drawMarks(y int, predict func(float64) int, taken map[int]string) {
	pw := d.w
	ink := common.Cell{FG: common.ColPosInk, BG: common.ColNeutral, Bold: true}
	for a := 0; a < pw; a++ {
		if predict(d.vals[a]) <= 0 || !common.IsFinite(d.vals[a]) {
			continue
		}
		b := a
		for b+1 < pw && predict(d.vals[b+1]) > 0 && common.IsFinite(d.vals[b+1]) {
			b++
		}
		for c := a; c <= b; c++ {
			cell := ink
			switch {
			case c == a && a > 0:
				cell.Glyph = "├"
			case c == b && b < pw-1:
				cell.Glyph = "┤"
			default:
				cell.Glyph = "─"
			}
			d.base[y*pw+c] = cell
		}
		const label = " f > 0 "
		if n := len([]rune(label)); b-a+1 >= n+4 && !takenIn(taken, a+(b-a+1-n)/2, n) {
			at := a + (b-a+1-n)/2
			for k, r := range []rune(label) {
				cell := ink
				cell.Glyph = string(r)
				d.base[y*pw+at+k] = cell
			}
		}
		a = b
	}
}

// whereText writes where f > 0 for the title. For the learner's own f
// (exact) when it is a polynomial on the line of not too many support
// vectors, the roots are learn's, exact (learn.PositiveOnLine); otherwise
// they are read off the columns, the crossing of 0 between two
// interpolated, and rounded to what a column resolves. A stretch that
// reaches the plot's edge is written open there.
func (d *lineDrawing) whereText(s Session, exact bool, name string) string {
	const maxExact = 2000 // support vectors: beyond, LinePoly is more than a frame's work
	e := s.Learner()
	view := s.View()
	if exact && len(e.SupportVectors()) <= maxExact {
		if _, ok := learn.LinePoly(e); ok {
			return notation.Where(learn.PositiveOnLine(e, view.MinX1, view.MaxX1).Set, name)
		}
	}
	tie := e.Config().Tie
	pw := len(d.vals)
	if pw == 0 {
		return ""
	}
	step := (view.MaxX1 - view.MinX1) / float64(pw)
	x := func(c int) float64 { return view.MinX1 + (float64(c)+0.5)*step }
	round := func(v float64) float64 {
		q := math.Pow(10, math.Floor(math.Log10(step)))
		return math.Round(v/q) * q
	}
	pos := func(c int) bool { pr, _ := tie.Predict(d.vals[c], 1); return pr > 0 && common.IsFinite(d.vals[c]) }
	cross := func(a, b int) float64 {
		va, vb := d.vals[a], d.vals[b]
		if !common.IsFinite(va) || !common.IsFinite(vb) || va == vb {
			return round((x(a) + x(b)) / 2)
		}
		return round(x(a) + (x(b)-x(a))*va/(va-vb))
	}
	var set []learn.Interval
	for a := 0; a < pw; a++ {
		if !pos(a) {
			continue
		}
		b := a
		for b+1 < pw && pos(b+1) {
			b++
		}
		iv := learn.Interval{Lo: math.Inf(-1), Hi: math.Inf(1)}
		if a > 0 {
			iv.Lo = cross(a-1, a)
		}
		if b < pw-1 {
			iv.Hi = cross(b, b+1)
		}
		set = append(set, iv)
		a = b
	}
	return notation.Where(set, name)
}

// render draws the plot and its axis into h lines of exactly w cells
// between the box's sides, as region.render does for a plane: the cached
// cells, the points on the line (most important first, as there), the
// cursor, the gutter's values of f, and the x axis.
func (d *lineDrawing) render(s Session, th *common.Theme, ov overlay, w, h int) []string {
	pw, ph := PlotSize(w, h)
	var lines []string
	if pw <= 0 || ph <= 0 || pw != d.w || ph != d.h || len(d.base) != pw*ph {
		for range h {
			lines = append(lines, th.Side()+strings.Repeat(" ", w)+th.Side())
		}
		return lines
	}
	graph, line, _ := lineLayout(ph)
	d.cells = append(d.cells[:0], d.base...)
	p := s.Learner()
	view := s.View()
	dual := s.Dual()
	col := func(x1 float64) (int, bool) {
		c := int(math.Floor((x1 - view.MinX1) / (view.MaxX1 - view.MinX1) * float64(pw)))
		return c, c >= 0 && c < pw
	}
	d.placed.reset(pw, ph)
	put := func(i int, bgOverride int) {
		cx, ok := col(p.X(i).X1)
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
		fg, bg := ink, uint8(common.ColNeutral)
		if sv {
			fg, bg = common.ColNeutral, ink
		}
		if kind == lab.ForgottenSV {
			fg = common.ColGhost
		}
		if bgOverride >= 0 {
			fg, bg = common.ColNeutral, uint8(bgOverride)
		}
		glyphs := []string{common.KindGlyph(pos, kind)}
		if ov.big {
			glyphs = bigMarker(pos, kind)
		}
		x0, n := d.placed.place(cx, line, len(glyphs))
		if n < len(glyphs) {
			glyphs = []string{common.KindGlyph(pos, kind)}
		}
		under := common.OnMargin(dual, i)
		for k := range n {
			d.cells[line*pw+x0+k] = common.Cell{FG: fg, BG: bg, Glyph: glyphs[k], Bold: true, Under: under}
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
			if i != ov.current && i != ov.current2 && i != ov.flash && (p.Alpha(i) > 0) == sv {
				put(i, -1)
			}
		}
	}
	test := s.Test().Points()
	for k := len(test) - 1; k >= 0; k-- {
		e := test[k]
		cx, ok := col(e.X1)
		if !ok {
			continue
		}
		if _, n := d.placed.place(cx, line, 1); n == 0 {
			continue
		}
		ink, g := uint8(common.ColNegInk), common.GlyphNegTest
		if e.Y > 0 {
			ink, g = common.ColPosInk, common.GlyphPosTest
		}
		d.cells[line*pw+cx] = common.Cell{FG: ink, BG: common.ColNeutral, Glyph: g, Bold: true}
	}
	if ov.cursorX >= 0 && ov.cursorX < pw {
		c := &d.cells[line*pw+ov.cursorX]
		if c.Glyph == "" || c.Glyph == " " {
			c.Glyph = common.GlyphCur
		}
		c.FG, c.BG, c.Bold = common.ColNeutral, common.ColCursor, true
	}
	// The gutter: values of f at their rows of the graph, and its name in
	// the row nearest the middle that has none.
	labels := map[int]string{}
	if graph > 0 {
		for _, v := range common.AxisTicks(d.lo, d.hi, max(2, graph/2), graph) {
			cy := int(math.Floor((d.hi - v) / (d.hi - d.lo) * float64(graph)))
			if cy >= 0 && cy < graph && labels[cy] == "" {
				labels[cy] = common.Num(v, gutter-1)
			}
		}
		// Named f(x) when it is f (A may show the average or the vote,
		// which the title names).
		if cy, ok := freeRow(labels, graph); ok && graph > 2 && (!d.key.ensemble || d.key.shown == learn.FinalMember) {
			labels[cy] = "f(x)"
		}
	}
	d.rows.w, d.rows.cells = pw, d.cells
	for cy := range ph {
		lines = append(lines, d.rows.row(th, cy, d.rows.gutterLabel(th, labels[cy])))
	}
	n1, _ := s.Columns()
	return append(lines, xAxis(th, view, pw, n1))
}

// freeRow is the row of rows nearest the middle with no label and none
// next to it, so that a name does not read as a value.
func freeRow(labels map[int]string, rows int) (int, bool) {
	for k := range rows {
		for _, cy := range [2]int{rows/2 - k, rows/2 + k} {
			if cy >= 0 && cy < rows && labels[cy] == "" && labels[cy-1] == "" && labels[cy+1] == "" {
				return cy, true
			}
		}
	}
	return 0, false
}

// lineTitle is the region's title for points on a line, longest first,
// in the order title drops parts: where f > 0 is the last to go but the
// formula, as it is what the line is for.
func (r *RegionView) lineTitle(f, full string, held bool) []string {
	where := r.line.where
	if where == "" {
		return []string{full, f}
	}
	on := "f > 0 for " + where
	if where == "nowhere" || where == "everywhere" {
		on = "f > 0 " + where
	}
	const g, gShort = " │ g: α, Gram, passes", " │ g: α, Gram"
	var forms []string
	if r.Narrow {
		forms = append(forms, full+" │ "+on+g, full+" │ "+on+gShort)
	}
	return append(forms, full+" │ "+on+"   "+legend(held, false), full+" │ "+on+"   "+legend(held, true),
		full+" │ "+on, f+" │ "+on, on, f)
}

// lineBump is the update view's title on a line, as describeBump's: the
// faint curve there is f before the bump (or after it), not a boundary.
func lineBump(b lab.Bump) []string {
	forms := describeBump(b)
	for k, f := range forms {
		f = strings.Replace(f, "faint: the boundary before", "faint: f before", 1)
		forms[k] = strings.Replace(f, "faint: the boundary after", "faint: f after", 1)
	}
	return forms
}

// takenIn reports whether any of the n columns from at is taken.
func takenIn(taken map[int]string, at, n int) bool {
	for c := at; c < at+n; c++ {
		if taken[c] != "" {
			return true
		}
	}
	return false
}
