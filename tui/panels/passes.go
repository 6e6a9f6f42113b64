package panels

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/chart"
	"kernelscope/tui/common"
)

// PassesView is the chart of mistakes per pass, with the training (and,
// with rows held out, test) accuracy at the end of each pass: it grows as
// training runs, so convergence, and cycling on data that is not
// separable, show at a glance.
type PassesView struct {
	S    Session
	Th   *common.Theme
	Inks *common.ChartInks
	w, h int
	memo common.Memo[passesKey]
}

// SetSize sets the panel's size, border included.
func (v *PassesView) SetSize(w, h int) { v.w, v.h = max(0, w), max(0, h) }

// Update does nothing: the session keeps the passes.
func (v *PassesView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the panel.
func (v *PassesView) View() string {
	if v.w <= 0 || v.h <= 0 {
		return ""
	}
	iw, ih := common.Inner(v.w, v.h)
	ends := v.S.Passes()
	title := " mistakes per pass "
	var lines []string
	switch {
	case v.S.Passer() == nil:
		lines = common.TextBlock(ih, iw, v.S.Kind().Title+" makes no passes: each step updates a pair (see the gap m − M in the status line)")
	default:
		c := chart.Passes{}
		for _, e := range ends {
			c.Mistakes = append(c.Mistakes, e.Mistakes)
			c.Train = append(c.Train, e.Train)
			if e.HasTest {
				c.Test = append(c.Test, e.Test)
			}
		}
		if len(c.Test) != len(c.Train) {
			c.Test = nil
		}
		if n := len(ends); n > 0 {
			title = passesTitle(ends[n-1].Mistakes, n, iw)
		}
		lines = strings.Split(v.Inks.Render(c.Draw(iw, ih)), "\n")
	}
	return strings.Join(common.Box(v.Th, title, lines, v.w, v.h), "\n")
}

// passesTitle is the chart's title in a panel of inner width iw, with the
// mistakes of the last pass, pass n: shortened by rule, never cut in a
// word or a number (a box cuts a title at iw − 2 cells): "per pass" goes
// first, then the last pass (the bars and the x axis's last label still
// show it), then all but the name.
func passesTitle(mistakes, n, iw int) string {
	last := fmt.Sprintf("%d in pass %d", mistakes, n)
	for _, t := range []string{
		" mistakes per pass: " + last + " ",
		" mistakes: " + last + " ",
		" mistakes per pass ",
		" mistakes ",
	} {
		if ansi.StringWidth(t) <= iw-2 {
			return t
		}
	}
	return ""
}

var _ common.Component = (*PassesView)(nil)

// Cached is the chart's lines.
func (v *PassesView) Cached() []string {
	key := passesKey{common.PanelKey{Trained: common.TrainedOf(v.S), W: v.w, H: v.h, Th: v.Th}, v.Inks, len(v.S.Passes())}
	return v.memo.Get(key, func() []string { return strings.Split(v.View(), "\n") })
}

type passesKey struct {
	common.PanelKey
	inks *common.ChartInks
	n    int
}
