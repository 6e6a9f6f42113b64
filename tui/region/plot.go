package region

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// RegionView is the region panel: the decision field with the points, the
// cursor, the flash of the last mistake and the axes, in its box. It owns
// the plot's geometry, computed in one place (SetSize, SetOrigin), so a
// click lands on the cell that was drawn there.
type RegionView struct {
	S    Session
	Th   *common.Theme
	draw region      // the cached drawing of the field
	line lineDrawing // the drawing of points on a line, in place of draw (line.go)

	W, H           int  // the panel, border included
	Narrow         bool // the α and Gram panels are folded away behind g
	Big            bool // projector mode: big markers, thick boundary, key line
	ShowBump       bool // the update view: the bump of a mistake and the ghost boundary
	PlotX0, PlotY0 int  // screen position of the plot's top-left cell
	PlotW, PlotH   int  // the plot's cells (axes and border excluded)
	// Compare: one of the two panes of comparison mode, titled with its
	// learner and kernel, with figures, a line of the learner's margin,
	// support vectors and accuracy that the root writes (View only reads).
	Compare bool
	Figures string

	CursorOn      bool
	CursorX, CurY int
	memo          common.Memo[regionKey] // the drawing of the panel
	box           common.BoxCache        // its box, whose unchanged rows are kept
	// Approx is the approximate boundary's overlay (~), nil in the second
	// pane of comparison mode.
	Approx *ApproxOverlay
}

// SetSize sets the panel's size, border included, and from it the plot's.
func (r *RegionView) SetSize(w, h int) {
	r.W, r.H = w, h
	r.PlotW, r.PlotH = PlotSize(common.Inner(w, h))
	r.PlotH = max(0, r.PlotH-r.headerLines())
	if w <= 0 {
		r.PlotW, r.PlotH = 0, 0
	}
	if r.CursorOn {
		r.CursorX = max(0, min(r.PlotW-1, r.CursorX))
		r.CurY = r.onLine(max(0, min(r.PlotH-1, r.CurY)))
	}
}

// onLine is row cy of the plot, or for points on a line the row of the
// line, where the cursor keeps (line.go).
func (r *RegionView) onLine(cy int) int {
	if r.S.OneD() {
		_, line, _ := lineLayout(r.PlotH)
		return line
	}
	return cy
}

// SetOrigin places the panel's top-left corner at screen cell (x, y).
func (r *RegionView) SetOrigin(x, y int) {
	left, top := common.Border.GetBorderLeftSize(), common.Border.GetBorderTopSize()
	r.PlotX0, r.PlotY0 = x+left+gutter, y+top+r.headerLines()
}

// headerLines is how many lines go between the title and the plot: the
// figures of comparison mode, and the key line, which projector mode, the
// SVM's margins and glyphs, and comparison mode need.
func (r *RegionView) headerLines() int {
	n := 0
	if r.Compare {
		n++
	}
	if r.keyed() {
		n++
	}
	if r.approxShown() {
		n++ // the overlay's legend
	}
	return n
}

// keyed reports whether the plot has a key line under its title.
func (r *RegionView) keyed() bool {
	return r.Big || r.Compare || r.S.Boxed() != nil || common.HasRelativesKey(r.S) || r.probabilistic() != nil
}

// Hit maps a screen cell to a plot cell.
func (r *RegionView) Hit(x, y int) (cx, cy int, ok bool) {
	cx, cy = x-r.PlotX0, y-r.PlotY0
	return cx, cy, r.PlotW > 0 && cx >= 0 && cy >= 0 && cx < r.PlotW && cy < r.PlotH
}

// Cursor is the cursor's cell and whether it is shown.
func (r *RegionView) Cursor() (cx, cy int, on bool) { return r.CursorX, r.CurY, r.CursorOn }

// PlaceCursor shows the cursor at cell (cx, cy) of the plot.
func (r *RegionView) PlaceCursor(cx, cy int) { r.CursorOn, r.CursorX, r.CurY = true, cx, r.onLine(cy) }

// PlotWidth is the plot's width in cells (0: no plot at this size).
func (r *RegionView) PlotWidth() int { return r.PlotW }

// HasPlot reports whether there is a plot to put a cursor on.
func (r *RegionView) HasPlot() bool { return r.PlotW > 0 && r.PlotH > 0 }

// ShowCursor puts the cursor in the middle of the plot if it is hidden,
// and reports whether it was hidden.
func (r *RegionView) ShowCursor() bool {
	if r.CursorOn {
		return false
	}
	r.CursorOn = true
	r.CursorX, r.CurY = r.PlotW/2, r.onLine(r.PlotH/2)
	return true
}

// MoveCursor moves the cursor one cell ("up", "down", "left", "right");
// the first arrow only shows it.
func (r *RegionView) MoveCursor(dir string) {
	if !r.HasPlot() || r.ShowCursor() {
		return
	}
	step := 1
	if d, ok := strings.CutPrefix(dir, "shift+"); ok {
		dir, step = d, 5
	}
	switch dir {
	case "up":
		r.CurY -= step
	case "down":
		r.CurY += step
	case "left":
		r.CursorX -= step
	case "right":
		r.CursorX += step
	}
	r.CursorX = max(0, min(r.PlotW-1, r.CursorX))
	r.CurY = r.onLine(max(0, min(r.PlotH-1, r.CurY)))
}

// CellOf is the plot cell of an input point, and whether it is in view;
// for points on a line, the cell of x₁ on the line.
func (r *RegionView) CellOf(x1, x2 float64) (cx, cy int, ok bool) {
	if r.S.OneD() {
		cx, _, _ = cellOf(r.S.View(), r.PlotW, r.PlotH, x1, 0)
		cy = r.onLine(0)
		return cx, cy, cx >= 0 && cx < r.PlotW && cy < r.PlotH
	}
	return cellOf(r.S.View(), r.PlotW, r.PlotH, x1, x2)
}

// ToNextSupportVector moves the cursor to the support vector after the one
// under it (in dataset order), and reports which, −1 for none in view.
func (r *RegionView) ToNextSupportVector() int {
	svs := r.S.Learner().SupportVectors()
	if !r.HasPlot() || len(svs) == 0 {
		return -1
	}
	r.ShowCursor()
	start := 0
	for k, j := range svs {
		x := r.S.Learner().X(j)
		if cx, cy, ok := r.CellOf(x.X1, x.X2); ok && cx == r.CursorX && cy == r.CurY {
			start = k + 1
		}
	}
	for n := range svs {
		j := svs[(start+n)%len(svs)]
		x := r.S.Learner().X(j)
		if cx, cy, ok := r.CellOf(x.X1, x.X2); ok {
			r.CursorX, r.CurY = cx, cy
			return j
		}
	}
	return -1
}

// ToExample moves the cursor to example j's cell and reports whether the
// example is in view (the cursor stays where it was when it is not).
func (r *RegionView) ToExample(j int) bool {
	x := r.S.Learner().X(j)
	cx, cy, ok := r.CellOf(x.X1, x.X2)
	if !r.HasPlot() || !ok {
		return false
	}
	r.CursorOn, r.CursorX, r.CurY = true, cx, cy
	return true
}

// Under is the examples drawn in the cursor's cell.
func (r *RegionView) Under() []int {
	var here []int
	for i := range r.S.Learner().N() {
		x := r.S.Learner().X(i)
		if cx, cy, ok := r.CellOf(x.X1, x.X2); ok && cx == r.CursorX && cy == r.CurY {
			here = append(here, i)
		}
	}
	return here
}

// At is the input point at the centre of plot cell (cx, cy); for points
// on a line, the point of the line under it, (x₁, 0).
func (r *RegionView) At(cx, cy int) (x1, x2 float64) {
	x1, x2 = CellAt(r.S.View(), r.PlotW, r.PlotH, cx, cy)
	if r.S.OneD() {
		x2 = 0
	}
	return x1, x2
}

// Refresh brings the cached drawing of the field up to date; Update calls
// it, so View only reads.
func (r *RegionView) Refresh() {
	if !r.S.Kind().Bump {
		// The update view draws a perceptron's bump: a learner without
		// one (l went on to it) ends the view.
		r.ShowBump = false
	}
	var b *lab.Bump
	if r.ShowBump {
		if bu, ok := r.S.BumpOf(); ok {
			b = &bu
		}
	}
	if r.S.OneD() {
		var approx *approxResult
		if r.approxShown() {
			approx = r.Approx.Current(r.S)
		}
		r.line.refresh(r.S, r.Th, r.PlotW, r.PlotH, r.Big, b, r.S.EnsembleOn() && !r.Compare, approx)
		return
	}
	r.draw.refresh(r.S, r.Th, r.PlotW, r.PlotH, r.Big, b, r.S.EnsembleOn() && !r.Compare)
}

// Update has no messages of its own: keys and clicks come through the
// root, which knows which key means what.
func (r *RegionView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the panel in exactly its size.
func (r *RegionView) View() string { return strings.Join(r.lines(), "\n") }

func (r *RegionView) lines() []string {
	sv := r.S.Dual()
	iw, ih := common.Inner(r.W, r.H)
	// DrawBox fits " title " in iw − 2 cells.
	title := " " + r.title(iw-4) + " "
	i, j := r.S.FocusPair()
	ov := overlay{current: i, current2: j, flash: r.S.Flashing(), cursorX: -1, curY: -1, big: r.Big}
	ov.flashOn = ov.flash >= 0
	if r.CursorOn {
		ov.cursorX, ov.curY = r.CursorX, r.CurY
	}
	// Every line between the box's sides, as render writes the plot's.
	var head []string
	if r.Compare {
		head = append(head, r.Th.Sided(r.Figures, iw))
	}
	if r.keyed() {
		kl := common.RelativesKey(r.Th, r.S, iw)
		switch {
		case r.probabilistic() != nil:
			kl = probKey(r.Th, r.S, r.Big, iw)
		case kl == "" || r.Big:
			kl = keyLine(r.Th, sv != nil, r.Big, iw)
		}
		head = append(head, r.Th.Sided(kl, iw))
	}
	if r.approxShown() {
		head = append(head, r.Th.Sided(r.approxLegend(iw), iw))
		ov.approx = r.approxMask()
	}
	render := r.draw.render
	if r.S.OneD() {
		render = r.line.render
	}
	if len(head) > 0 && ih > len(head) {
		lines := append(head, render(r.S, r.Th, ov, iw, ih-len(head))...)
		return r.box.DrawSided(r.Th, title, lines, r.W, r.H)
	}
	return r.box.DrawSided(r.Th, title, render(r.S, r.Th, ov, iw, ih), r.W, r.H)
}

// title is the panel's title in at most w cells where it can be: the
// longest of its forms that fits, each shorter form dropping the least
// important part whole (the legend, which the key line repeats where there
// is one; the hint of g; what a formula means; the learner's name), so a
// title is never cut mid-word. The last form is the formula alone, which
// only a box too narrow for any plot cuts.
func (r *RegionView) title(w int) string {
	sv := r.S.Dual()
	f := "f(x) = Σ αⱼ yⱼ K(xⱼ, x)"
	if r.S.Learner().Config().Bias {
		f = "f(x) = Σ αⱼ yⱼ K(x̃ⱼ, x̃)"
	}
	full := f
	if sv != nil {
		f += " + b"
		full = f + "   " + r.S.LearnerName()
	}
	held := len(r.S.Test().Points()) > 0
	const g, gShort = " │ g: α, Gram, passes", " │ g: α, Gram"
	var forms []string
	switch {
	case r.S.Computing():
		forms = []string{full + "   computing the field for the new size…", f + "   computing…", "computing…"}
	case r.Compare:
		forms = []string{r.S.LearnerName() + " · K = " + learn.ShortSpec(r.S.Options().Config.Kernel), r.S.LearnerName()}
	case r.Big:
		forms = []string{full + "   projector mode (B)", full, f}
	case r.S.EnsembleOn():
		t := common.ShownTitles[r.S.Shown()]
		formula, _, _ := strings.Cut(t, ", ")
		const a = "   A: final / average / vote"
		forms = []string{t + a, t, formula + a, formula, "the " + common.ShownShort[r.S.Shown()]}
	case r.S.OneD() && r.line.key.hasBump:
		forms = lineBump(r.line.key.bump)
	case r.draw.update != nil && !r.S.OneD():
		forms = describeBump(*r.draw.update)
	case r.S.OneD():
		forms = r.lineTitle(f, full, held)
	case r.probabilistic() != nil:
		forms = probTitles(r.S.Learner().Config().Bias, r.Narrow)
	case sv != nil && r.Narrow:
		forms = []string{full + g, full + gShort, full, f}
	case sv != nil:
		forms = []string{full, f}
	case r.Narrow:
		forms = []string{f + g + " │ " + legend(held, false), f + g + " │ " + legend(held, true), f + g, f + gShort, f}
	default:
		forms = []string{f + "   " + legend(held, false), f + "   " + legend(held, true), f}
	}
	return fitTitle(w, forms)
}

// fitTitle is the first of forms at most w cells wide, or the last.
func fitTitle(w int, forms []string) string {
	for _, t := range forms {
		if ansi.StringWidth(t) <= w {
			return t
		}
	}
	return forms[len(forms)-1]
}

// keyLine is the key under the title, at most w cells wide when it can
// be: each marker drawn as the plot draws it, in bold, with what it means.
// Projector mode's markers are the big ones; the SVM's key adds the bounded
// support vectors, the points on the margin (underlined, apart from α:
// common.OnMargin) and the margins. Where the long labels do not fit,
// shorter ones do.
func keyLine(th *common.Theme, svm, big bool, w int) string {
	sample := func(fg, bg uint8, under bool, glyphs ...string) string {
		text := strings.Join(glyphs, "")
		if under {
			text = common.SGRUnder + text
		}
		if th.Mono {
			return "\x1b[1m" + text + common.Reset
		}
		return th.CellStyle(fg, bg) + "\x1b[1m" + text + common.Reset
	}
	label := func(s string) string { return "\x1b[1m" + s + common.Reset }
	marker := func(pos bool, kind int, under bool) string {
		ink := uint8(common.ColNegInk)
		if pos {
			ink = common.ColPosInk
		}
		g := []string{common.KindGlyph(pos, kind)}
		if big {
			g = bigMarker(pos, kind)
		}
		if kind == lab.NotSV {
			return sample(ink, common.ColNeutral, under, g...)
		}
		return sample(common.ColNeutral, ink, under, g...)
	}
	point := func(pos bool, kind int) string { return marker(pos, kind, false) }
	line := func(col uint8, mono string, n int) string {
		if th.Mono {
			return sample(0, 0, false, strings.Repeat(mono, n))
		}
		return sample(col, col, false, strings.Repeat("▀", n))
	}
	if !svm && big {
		long := " " + point(true, lab.NotSV) + label(" y = +1   ") + point(false, lab.NotSV) + label(" y = −1   ") +
			point(true, lab.FreeSV) + " " + point(false, lab.FreeSV) + label(" support vectors   ") +
			line(common.ColBoundary, common.MonoBoundary, 3) + label(" boundary f = 0")
		if ansi.StringWidth(long) <= w {
			return long
		}
		return " " + point(true, lab.NotSV) + " " + point(false, lab.NotSV) + label(" y=±1  ") +
			point(true, lab.FreeSV) + " " + point(false, lab.FreeSV) + label(" SV  ") +
			line(common.ColBoundary, common.MonoBoundary, 2) + label(" f=0")
	}
	// The key in up to six lengths, the longest that fits.
	type variant struct {
		sep, classes, free, bound, margin, f0, fp, fn string
		n                                             int
	}
	variants := []variant{
		{"   ", " y = ±1", " free SV", " SV at α = C", " on the margin", " f = 0", " f = +1", " f = −1", 3},
		{"  ", " y=±1", " free SV", " SV at α=C", " on margin", " f=0", " f=+1", " f=−1", 2},
		{"  ", "", " free SV", " SV at α=C", " on margin", " f=0", " f=+1", " f=−1", 2},
		{"  ", "", " SV", " α=C", " on margin", " f=0", " f=+1", " f=−1", 2},
		{" ", "", " SV", " α=C", " margin", " f=0", " +1", " −1", 1},
		{" ", "", " SV", " C", " margin", " 0", " +1", " −1", 1},
	}
	if !svm {
		variants = []variant{
			{"   ", " y = ±1", " support vectors", "", "", " boundary f = 0", "", "", 3},
			{"  ", " y=±1", " SV", "", "", " f=0", "", "", 2},
		}
	}
	var out string
	for _, v := range variants {
		out = " " + point(true, lab.NotSV) + " " + point(false, lab.NotSV) + label(v.classes+v.sep)
		if v.classes == "" {
			out = " "
		}
		out += point(true, lab.FreeSV) + " " + point(false, lab.FreeSV) + label(v.free+v.sep)
		if svm {
			out += point(true, lab.BoundSV) + " " + point(false, lab.BoundSV) + label(v.bound+v.sep)
			out += marker(true, lab.NotSV, true) + " " + marker(false, lab.NotSV, true) + label(v.margin+v.sep)
		}
		out += line(common.ColBoundary, common.MonoBoundary, v.n) + label(v.f0)
		if svm {
			out += label(v.sep) + line(common.ColMarginP, common.MonoMarginP, v.n) + label(v.fp+v.sep) +
				line(common.ColMarginN, common.MonoMarginN, v.n) + label(v.fn)
		}
		if ansi.StringWidth(out) <= w {
			break
		}
	}
	return out
}

// legend names the point glyphs in the region's title (held: with the
// held-out test points'; short: "SV" for "support vector").
func legend(held, short bool) string {
	sv := " support vector"
	if short {
		sv = " SV"
	}
	l := common.GlyphPos + "/" + common.GlyphNeg + " y=±1  " + common.GlyphPosSV + "/" + common.GlyphNegSV + sv
	if held {
		l += "  " + common.GlyphPosTest + "/" + common.GlyphNegTest + " test"
	}
	return l
}

// Cached is the region panel's lines, drawn again only when the field,
// the points, the markers or the panel changed.
func (r *RegionView) Cached() []string {
	key := regionKey{
		PanelKey: common.PanelKey{Trained: common.TrainedOf(r.S), W: r.W, H: r.H, Th: r.Th},
		gen:      r.draw.gen, lineGen: r.line.gen, narrow: r.Narrow, big: r.Big, update: r.ShowBump, compare: r.Compare,
		cursorOn: r.CursorOn, cursorX: r.CursorX, curY: r.CurY, figures: r.Figures,
		flash: r.S.Flashing(), held: len(r.S.Test().Points()), approx: r.approxState(),
	}
	key.focus, key.focus2 = r.S.FocusPair()
	return r.memo.Get(key, func() []string { return common.NonEmpty(r.lines()) })
}

type regionKey struct {
	common.PanelKey
	gen, lineGen                 int
	narrow, big, update, compare bool
	cursorOn                     bool
	cursorX, curY, flash, held   int
	focus, focus2                int
	figures                      string
	approx                       approxState
}
