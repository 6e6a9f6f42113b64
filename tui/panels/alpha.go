package panels

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

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
		return common.Box(th, title, nil, w, h)
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
	lines := append(inside, head)
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
	listed := make([]int, 0, p.N())
	if a.onlySV {
		listed = append(listed, p.SupportVectors()...)
	} else {
		for i := range p.N() {
			listed = append(listed, i)
		}
	}
	at := 0
	for k, i := range listed {
		if i <= focus {
			at = k
		}
	}
	start := common.Window(len(listed), rows, at)
	for _, i := range listed[start:min(len(listed), start+rows)] {
		x := p.X(i)
		al := p.Alpha(i)
		mark := "  "
		current := i == focus || i == focus2
		if current {
			mark = "▶ "
		}
		glyph := common.KindGlyph(p.Y(i) > 0, a.S.SVOf(i))
		ink := th.Pos
		if p.Y(i) < 0 {
			ink = th.Neg
		}
		text := fmt.Sprintf(row, strconv.Itoa(i+1), common.Num(x.X1, xW), common.Num(x.X2, xW), learn.Sign(p.Y(i)), common.Num(al, aW))
		bar := ""
		if al > 0 && barW > 0 && common.IsFinite(al) && common.IsFinite(maxAlpha) {
			n := max(1, int(min(float64(barW), math.Round(al/maxAlpha*float64(barW)))))
			bar = " " + ink.Render(strings.Repeat("█", min(n, barW)))
		}
		line := mark + text + " " + ink.Render(glyph) + bar
		switch {
		case current:
			line = th.Current.Render(mark+text+" "+glyph) + bar
		case al > 0:
			line = th.SV.Render(mark+text) + " " + ink.Render(glyph) + bar
		}
		lines = append(lines, line)
	}
	return common.Box(th, title, lines, w, h)
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
