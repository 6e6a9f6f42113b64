package tui

import (
	"kernelscope/tui/common"

	"strings"

	"kernelscope/lab"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// regionView is the region panel: the decision field with the points, the
// cursor, the flash of the last mistake and the axes, in its box. It owns
// the plot's geometry, computed in one place (SetSize, SetOrigin), so a
// click lands on the cell that was drawn there.
type regionView struct {
	s    *lab.Session
	th   *common.Theme
	draw region // the cached drawing of the field

	w, h           int  // the panel, border included
	narrow         bool // the α and Gram panels are folded away behind g
	big            bool // projector mode: big markers, thick boundary, key line
	update         bool // the update view: the bump of a mistake and the ghost boundary
	plotX0, plotY0 int  // screen position of the plot's top-left cell
	plotW, plotH   int  // the plot's cells (axes and border excluded)
	// compare: one of the two panes of comparison mode, titled with its
	// learner and kernel, with figures, a line of the learner's margin,
	// support vectors and accuracy that the root writes (View only reads).
	compare bool
	figures string

	cursorOn      bool
	cursorX, curY int
	memo          common.Memo[regionKey] // the drawing of the panel
	// approx is the approximate boundary's overlay (~), nil in the second
	// pane of comparison mode.
	approx *approxOverlay
}

// SetSize sets the panel's size, border included, and from it the plot's.
func (r *regionView) SetSize(w, h int) {
	r.w, r.h = w, h
	r.plotW, r.plotH = plotSize(common.Inner(w, h))
	r.plotH = max(0, r.plotH-r.headerLines())
	if w <= 0 {
		r.plotW, r.plotH = 0, 0
	}
	if r.cursorOn {
		r.cursorX = max(0, min(r.plotW-1, r.cursorX))
		r.curY = max(0, min(r.plotH-1, r.curY))
	}
}

// SetOrigin places the panel's top-left corner at screen cell (x, y).
func (r *regionView) SetOrigin(x, y int) {
	left, top := common.Border.GetBorderLeftSize(), common.Border.GetBorderTopSize()
	r.plotX0, r.plotY0 = x+left+gutter, y+top+r.headerLines()
}

// headerLines is how many lines go between the title and the plot: the
// figures of comparison mode, and the key line, which projector mode, the
// SVM's margins and glyphs, and comparison mode need.
func (r *regionView) headerLines() int {
	n := 0
	if r.compare {
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
func (r *regionView) keyed() bool {
	return r.big || r.compare || r.s.Boxed() != nil || common.HasRelativesKey(r.s)
}

// hit maps a screen cell to a plot cell.
func (r *regionView) hit(x, y int) (cx, cy int, ok bool) {
	cx, cy = x-r.plotX0, y-r.plotY0
	return cx, cy, r.plotW > 0 && cx >= 0 && cy >= 0 && cx < r.plotW && cy < r.plotH
}

// hasPlot reports whether there is a plot to put a cursor on.
func (r *regionView) hasPlot() bool { return r.plotW > 0 && r.plotH > 0 }

// showCursor puts the cursor in the middle of the plot if it is hidden,
// and reports whether it was hidden.
func (r *regionView) showCursor() bool {
	if r.cursorOn {
		return false
	}
	r.cursorOn = true
	r.cursorX, r.curY = r.plotW/2, r.plotH/2
	return true
}

// moveCursor moves the cursor one cell ("up", "down", "left", "right");
// the first arrow only shows it.
func (r *regionView) moveCursor(dir string) {
	if !r.hasPlot() || r.showCursor() {
		return
	}
	step := 1
	if d, ok := strings.CutPrefix(dir, "shift+"); ok {
		dir, step = d, 5
	}
	switch dir {
	case "up":
		r.curY -= step
	case "down":
		r.curY += step
	case "left":
		r.cursorX -= step
	case "right":
		r.cursorX += step
	}
	r.cursorX = max(0, min(r.plotW-1, r.cursorX))
	r.curY = max(0, min(r.plotH-1, r.curY))
}

// cellOf is the plot cell of an input point, and whether it is in view.
func (r *regionView) cellOf(x1, x2 float64) (cx, cy int, ok bool) {
	return cellOf(r.s.View(), r.plotW, r.plotH, x1, x2)
}

// toNextSupportVector moves the cursor to the support vector after the one
// under it (in dataset order), and reports which, −1 for none in view.
func (r *regionView) toNextSupportVector() int {
	svs := r.s.Learner().SupportVectors()
	if !r.hasPlot() || len(svs) == 0 {
		return -1
	}
	r.showCursor()
	start := 0
	for k, j := range svs {
		x := r.s.Learner().X(j)
		if cx, cy, ok := r.cellOf(x.X1, x.X2); ok && cx == r.cursorX && cy == r.curY {
			start = k + 1
		}
	}
	for n := range svs {
		j := svs[(start+n)%len(svs)]
		x := r.s.Learner().X(j)
		if cx, cy, ok := r.cellOf(x.X1, x.X2); ok {
			r.cursorX, r.curY = cx, cy
			return j
		}
	}
	return -1
}

// toExample moves the cursor to example j's cell and reports whether the
// example is in view (the cursor stays where it was when it is not).
func (r *regionView) toExample(j int) bool {
	x := r.s.Learner().X(j)
	cx, cy, ok := r.cellOf(x.X1, x.X2)
	if !r.hasPlot() || !ok {
		return false
	}
	r.cursorOn, r.cursorX, r.curY = true, cx, cy
	return true
}

// under is the examples drawn in the cursor's cell.
func (r *regionView) under() []int {
	var here []int
	for i := range r.s.Learner().N() {
		x := r.s.Learner().X(i)
		if cx, cy, ok := r.cellOf(x.X1, x.X2); ok && cx == r.cursorX && cy == r.curY {
			here = append(here, i)
		}
	}
	return here
}

// at is the input point at the centre of plot cell (cx, cy).
func (r *regionView) at(cx, cy int) (x1, x2 float64) {
	return cellAt(r.s.View(), r.plotW, r.plotH, cx, cy)
}

// refresh brings the cached drawing of the field up to date; Update calls
// it, so View only reads.
func (r *regionView) refresh() {
	var b *lab.Bump
	if r.update && r.s.Kind().Bump {
		if bu, ok := r.s.BumpOf(); ok {
			b = &bu
		}
	}
	r.draw.refresh(r.s, r.th, r.plotW, r.plotH, r.big, b, r.s.EnsembleOn() && !r.compare)
}

// Update has no messages of its own: keys and clicks come through the
// root, which knows which key means what.
func (r *regionView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the panel in exactly its size.
func (r *regionView) View() string { return strings.Join(r.lines(), "\n") }

func (r *regionView) lines() []string {
	sv := r.s.Dual()
	f := "f(x) = Σ αⱼ yⱼ K(xⱼ, x)"
	if r.s.Learner().Config().Bias {
		f = "f(x) = Σ αⱼ yⱼ K(x̃ⱼ, x̃)"
	}
	if sv != nil {
		f += " + b   " + r.s.LearnerName()
	}
	held := len(r.s.Test().Points()) > 0
	title := " " + f + "   " + legend(held) + " "
	if r.narrow {
		title = " " + f + " │ g: α, Gram, passes │ " + legend(held) + " "
	}
	if sv != nil && !r.big {
		title = " " + f + " "
		if r.narrow {
			title = " " + f + " │ g: α, Gram, passes "
		}
	}
	if r.draw.update != nil {
		title = " " + describeBump(*r.draw.update) + " "
	}
	if r.s.EnsembleOn() && !r.compare {
		title = " " + common.ShownTitles[r.s.Shown()] + "   A: final / average / vote "
	}
	if r.big {
		title = " " + f + "   projector mode (B) "
	}
	if r.compare {
		title = " " + r.s.LearnerName() + " · K = " + r.s.Options().Config.Kernel.Spec() + " "
	}
	if r.s.Computing() {
		title = " " + f + "   computing the field for the new size… "
	}
	iw, ih := common.Inner(r.w, r.h)
	i, j := r.s.FocusPair()
	ov := overlay{current: i, current2: j, flash: r.s.Flashing(), cursorX: -1, curY: -1, big: r.big}
	ov.flashOn = ov.flash >= 0
	if r.cursorOn {
		ov.cursorX, ov.curY = r.cursorX, r.curY
	}
	var head []string
	if r.compare {
		head = append(head, common.Fit(r.figures, iw))
	}
	if r.keyed() {
		kl := common.RelativesKey(r.th, r.s, iw)
		if kl == "" || r.big {
			kl = keyLine(r.th, sv != nil, r.big, iw)
		}
		head = append(head, common.Fit(kl, iw))
	}
	if r.approxShown() {
		head = append(head, common.Fit(r.approxLegend(iw), iw))
		ov.approx = r.approxMask()
	}
	if len(head) > 0 && ih > len(head) {
		lines := append(head, r.draw.render(r.s, r.th, ov, iw, ih-len(head))...)
		return common.DrawBox(r.th, title, lines, r.w, r.h, true)
	}
	return common.DrawBox(r.th, title, r.draw.render(r.s, r.th, ov, iw, ih), r.w, r.h, true)
}

// keyLine is the key under the title, at most w cells wide when it can
// be: each marker drawn as the plot draws it, in bold, with what it means.
// Projector mode's markers are the big ones; the SVM's key adds the bounded
// support vectors and the margins. Where the long labels do not fit,
// shorter ones do.
func keyLine(th *common.Theme, svm, big bool, w int) string {
	sample := func(fg, bg uint8, glyphs ...string) string {
		text := strings.Join(glyphs, "")
		if th.Mono {
			return "\x1b[1m" + text + common.Reset
		}
		return th.CellStyle(fg, bg) + "\x1b[1m" + text + common.Reset
	}
	label := func(s string) string { return "\x1b[1m" + s + common.Reset }
	point := func(pos bool, kind int) string {
		ink := uint8(common.ColNegInk)
		if pos {
			ink = common.ColPosInk
		}
		g := []string{common.KindGlyph(pos, kind)}
		if big {
			g = bigMarker(pos, kind)
		}
		if kind == lab.NotSV {
			return sample(ink, common.ColNeutral, g...)
		}
		return sample(common.ColNeutral, ink, g...)
	}
	line := func(col uint8, mono string, n int) string {
		if th.Mono {
			return sample(0, 0, strings.Repeat(mono, n))
		}
		return sample(col, col, strings.Repeat("▀", n))
	}
	if !svm && big {
		return " " + point(true, lab.NotSV) + label(" y = +1   ") + point(false, lab.NotSV) + label(" y = −1   ") +
			point(true, lab.FreeSV) + " " + point(false, lab.FreeSV) + label(" support vectors   ") +
			line(common.ColBoundary, common.MonoBoundary, 3) + label(" boundary f = 0")
	}
	// The key in up to four lengths, the longest that fits.
	type variant struct {
		sep, classes, free, bound, f0, fp, fn string
		n                                     int
	}
	variants := []variant{
		{"   ", " y = ±1", " free SV, on the margin", " SV at α = C", " f = 0", " f = +1", " f = −1", 3},
		{"  ", " y=±1", " SV on the margin", " SV at α=C", " f=0", " f=+1", " f=−1", 2},
		{"  ", "", " SV on margin", " SV at α=C", " f=0", " f=+1", " f=−1", 2},
		{" ", "", " on margin", " α=C", " 0", " +1", " −1", 1},
	}
	if !svm {
		variants = []variant{
			{"   ", " y = ±1", " support vectors", "", " boundary f = 0", "", "", 3},
			{"  ", " y=±1", " SV", "", " f=0", "", "", 2},
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
// held-out test points').
func legend(held bool) string {
	l := common.GlyphPos + "/" + common.GlyphNeg + " y=±1  " + common.GlyphPosSV + "/" + common.GlyphNegSV + " support vector"
	if held {
		l += "  " + common.GlyphPosTest + "/" + common.GlyphNegTest + " test"
	}
	return l
}

// cached is the region panel's lines, drawn again only when the field,
// the points, the markers or the panel changed.
func (r *regionView) cached() []string {
	key := regionKey{
		PanelKey: common.PanelKey{Trained: common.TrainedOf(r.s), W: r.w, H: r.h, Th: r.th},
		gen:      r.draw.gen, narrow: r.narrow, big: r.big, update: r.update, compare: r.compare,
		cursorOn: r.cursorOn, cursorX: r.cursorX, curY: r.curY, figures: r.figures,
		flash: r.s.Flashing(), held: len(r.s.Test().Points()), approx: r.approxState(),
	}
	key.focus, key.focus2 = r.s.FocusPair()
	return r.memo.Get(key, func() []string { return common.NonEmpty(r.lines()) })
}

type regionKey struct {
	common.PanelKey
	gen                          int
	narrow, big, update, compare bool
	cursorOn                     bool
	cursorX, curY, flash, held   int
	focus, focus2                int
	figures                      string
	approx                       approxState
}
