package panels

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
)

// AlphaView is the α panel: every example with its index, (x₁, x₂), y, α
// and a bar, support vectors highlighted, the example about to be visited
// (or just visited) marked; it scrolls to keep that row in view.
type AlphaView struct {
	S    Session
	Th   *common.Theme
	w, h int
	// onlySV lists the support vectors alone (after convergence the
	// window around the current example often shows none of them).
	onlySV bool
	memo   common.Memo[alphaKey]
	box    common.BoxCache
	// kept is the rows the last draw wrote, by what each was drawn from
	// (drawing: this draw's): a step moves ▶ by one row and scrolls the
	// rest, which are not written again.
	kept, drawing map[alphaRow]string
}

// SetSize sets the panel's size, border included.
func (a *AlphaView) SetSize(w, h int) { a.w, a.h = w, h }

// View draws the panel in exactly its size.
func (a *AlphaView) View() string { return strings.Join(a.lines(), "\n") }

// Need is the panel's height, border included, that lists every example
// at width w (with the title's detail inside when it does not fit the
// border): what the layout gives a small example.
func (a *AlphaView) Need(w int) int {
	iw, _ := common.Inner(w, 3)
	name, detail := a.title()
	_, inside := common.FitTitle(iw, name, detail)
	return a.S.Learner().N() + 3 + len(inside)
}

// title is the panel's title in two parts: the name with the support
// vectors, and the detail that moves inside when the border has no room.
func (a *AlphaView) title() (name, detail string) {
	p := a.S.Learner()
	name = fmt.Sprintf("α  SV %d/%d", len(p.SupportVectors()), p.N())
	if _, dense := p.(learn.Dense); dense {
		// Every example visited has α > 0 (the marked rows are the
		// fewest that hold half of Σα, which the region's key counts):
		// the title is what the last step added to its α, in steps of η.
		name = "α"
		if last, ok := a.S.Last(); ok {
			if _, g := common.GainText(p, last.Step); g != "" {
				name = "α  last " + g
			}
		}
	}
	sv := a.S.Boxed()
	if sv != nil {
		free, bound := a.S.SVCounts()
		detail += fmt.Sprintf(" (%d free, %d at C = %s)", free, bound, notation.C(sv.C()))
	}
	if b := common.BudgetText(a.S); b != "" {
		detail += ", " + b
	}
	if what := a.S.Kind().Alpha; what != "" {
		// What α is for this learner: the Forgetron's is the sum of its
		// elements' weights σ.
		name = "α  = " + what + "  " + name[len("α  "):]
	}
	if a.onlySV {
		detail += ", only SVs (V: all)"
	}
	return name, detail
}

func (a *AlphaView) lines() []string {
	p, th, w, h := a.S.Learner(), a.Th, a.w, a.h
	name, detail := a.title()
	iw, ih := common.Inner(w, h)
	// What does not fit the title is the panel's first lines.
	title, inside := common.FitTitle(iw, name, detail)
	if ih <= 0 {
		return a.box.Box(th, title, nil, w, h)
	}
	if len(inside) >= ih-1 {
		inside = nil // no room for it and a row: the rows first
	}
	for i := range inside {
		inside[i] = th.Dim.Render(inside[i])
	}
	focus, focus2 := a.S.FocusPair()
	c1, c2 := a.S.Columns()
	// The columns: i, x₁, x₂, y, α, then a bar; narrower (and no bar) in
	// the strip beside the region at 80 columns.
	iW, xW, yW, aW := 4, 7, 3, 5
	if iw < 34 {
		iW, xW, yW, aW = max(1, len(strconv.Itoa(p.N()))), 5, 2, 4
	}
	row := fmt.Sprintf("%%%ds %%%ds %%%ds %%%ds %%%ds", iW, xW, xW, yW, aW)
	head := th.Dim.Render("  " + fmt.Sprintf(row, "i", common.PadLeft(c1, xW), common.PadLeft(c2, xW), "y", "α"))
	rows := ih - 1 - len(inside)
	lines := make([]string, 0, ih)
	lines = append(append(lines, inside...), head)
	// The bar's full length is the largest α, or the SVM's C when it is
	// finite: a bar that fills its column is a support vector at the
	// bound α = C.
	maxAlpha := 0.0
	for _, j := range p.SupportVectors() {
		maxAlpha = math.Max(maxAlpha, p.Alpha(j))
	}
	if sv := a.S.Boxed(); sv != nil && common.IsFinite(sv.C()) {
		maxAlpha = sv.C()
	}
	barW := max(0, iw-(2+iW+2*xW+yW+aW+8))
	// The examples listed: all, or the support vectors; a window of them
	// that keeps the focused one in view.
	listed, nth := p.N(), func(k int) int { return k }
	if a.onlySV {
		svs := p.SupportVectors()
		listed, nth = len(svs), func(k int) int { return svs[k] }
	}
	at := 0
	for k := range listed {
		if nth(k) <= focus {
			at = k
		}
	}
	if a.kept == nil {
		a.kept, a.drawing = map[alphaRow]string{}, map[alphaRow]string{}
	}
	start := common.Window(listed, rows, at)
	for k := start; k < min(listed, start+rows); k++ {
		i := nth(k)
		x := p.X(i)
		r := alphaRow{
			th: th, format: row, i: i, x1: x.X1, x2: x.X2, y: p.Y(i), alpha: p.Alpha(i), kind: a.S.SVOf(i),
			current: i == focus || i == focus2, maxAlpha: maxAlpha, xW: xW, aW: aW, barW: barW,
		}
		line, ok := a.kept[r]
		if !ok {
			line = r.draw()
		}
		a.drawing[r] = line
		lines = append(lines, line)
	}
	// This draw's rows are the next one's to keep (the maps keep their
	// storage).
	a.kept, a.drawing = a.drawing, a.kept
	clear(a.drawing)
	return a.box.Box(th, title, lines, w, h)
}

// alphaRow is everything a row of the α panel is drawn from: example i's
// index, inputs, label, α and kind of support vector, whether it is the
// one visited, the bar's scale and the columns' widths.
type alphaRow struct {
	th            *common.Theme
	format        string // the row's columns: i, x₁, x₂, y, α
	i, y, kind    int
	x1, x2, alpha float64
	current       bool
	maxAlpha      float64
	xW, aW, barW  int
}

// draw writes the row.
func (r alphaRow) draw() string {
	th, al := r.th, r.alpha
	mark := "  "
	if r.current {
		mark = "▶ "
	}
	glyph := common.KindGlyph(r.y > 0, r.kind)
	ink := th.Pos
	if r.y < 0 {
		ink = th.Neg
	}
	text := fmt.Sprintf(r.format, strconv.Itoa(r.i+1), common.Num(r.x1, r.xW), common.Num(r.x2, r.xW), learn.Sign(r.y), common.Num(al, r.aW))
	bar := ""
	if al > 0 && r.barW > 0 && common.IsFinite(al) && common.IsFinite(r.maxAlpha) {
		n := max(1, int(min(float64(r.barW), math.Round(al/r.maxAlpha*float64(r.barW)))))
		bar = " " + ink.Render(strings.Repeat("█", min(n, r.barW)))
	}
	switch {
	case r.current:
		return th.Current.Render(mark+text+" "+glyph) + bar
	case r.kind != lab.NotSV && r.kind != lab.ForgottenSV:
		return th.SV.Render(mark+text) + " " + ink.Render(glyph) + bar
	}
	return mark + text + " " + ink.Render(glyph) + bar
}

// Update has no messages of its own: the panel follows the session.
func (a *AlphaView) Update(tea.Msg) tea.Cmd { return nil }

// Cached is the α panel's lines.
func (a *AlphaView) Cached() []string {
	key := alphaKey{common.PanelKey{Trained: common.TrainedOf(a.S), W: a.w, H: a.h, Th: a.Th}, a.onlySV}
	return a.memo.Get(key, func() []string { return common.NonEmpty(a.lines()) })
}

type alphaKey struct {
	common.PanelKey
	onlySV bool
}
