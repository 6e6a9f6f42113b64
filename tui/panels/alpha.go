package panels

import (
	"fmt"
	"math"
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

func (a *AlphaView) lines() []string {
	p, th, w, h := a.S.Learner(), a.Th, a.w, a.h
	svs := fmt.Sprintf("SV %d/%d", len(p.SupportVectors()), p.N())
	sv := a.S.Boxed()
	if sv != nil {
		free, bound := a.S.SVCounts()
		svs += fmt.Sprintf(" (%d free, %d at C = %s)", free, bound, notation.C(sv.C()))
	}
	if b := common.BudgetText(a.S); b != "" {
		svs += ", " + b
	}
	if what := a.S.Kind().Alpha; what != "" {
		// What α is for this learner: the Forgetron's is the sum of its
		// elements' weights σ.
		svs = "= " + what + "  " + svs
	}
	title := " α  " + svs + " "
	if a.onlySV {
		title = " α  " + svs + ", only SVs (V: all) "
	}
	iw, ih := common.Inner(w, h)
	if ih <= 0 {
		return common.Box(th, title, nil, w, h)
	}
	focus, focus2 := a.S.FocusPair()
	c1, c2 := a.S.Columns()
	head := th.Dim.Render(fmt.Sprintf("  %4s %7s %7s %3s %5s", "i", common.PadLeft(c1, 7), common.PadLeft(c2, 7), "y", "α"))
	rows := ih - 1
	lines := []string{head}
	// The bar's full length is the largest α, or the SVM's C when it is
	// finite: a bar that fills its column is a support vector at the
	// bound α = C.
	maxAlpha := 0.0
	for _, j := range p.SupportVectors() {
		maxAlpha = math.Max(maxAlpha, p.Alpha(j))
	}
	if sv != nil && common.IsFinite(sv.C()) {
		maxAlpha = sv.C()
	}
	barW := max(0, iw-36)
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
		text := fmt.Sprintf("%4d %7s %7s %3s %5s", i+1, common.Num(x.X1, 7), common.Num(x.X2, 7), learn.Sign(p.Y(i)), common.Num(al, 5))
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
