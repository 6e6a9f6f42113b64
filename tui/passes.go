package tui

import (
	"kernelscope/tui/common"

	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/tui/chart"
)

// passesView is the chart of mistakes per pass, with the training (and,
// with rows held out, test) accuracy at the end of each pass: it grows as
// training runs, so convergence, and cycling on data that is not
// separable, show at a glance.
type passesView struct {
	s    *lab.Session
	th   *common.Theme
	inks *common.ChartInks
	w, h int
	memo common.Memo[passesKey]
}

// SetSize sets the panel's size, border included.
func (v *passesView) SetSize(w, h int) { v.w, v.h = max(0, w), max(0, h) }

// Update does nothing: the session keeps the passes.
func (v *passesView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the panel.
func (v *passesView) View() string {
	if v.w <= 0 || v.h <= 0 {
		return ""
	}
	iw, ih := common.Inner(v.w, v.h)
	ends := v.s.Passes()
	title := " mistakes per pass "
	var lines []string
	switch {
	case v.s.Passer() == nil:
		lines = common.TextBlock(ih, iw, v.s.Kind().Title+" makes no passes: each step updates a pair (see the gap m − M in the status line)")
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
			title = fmt.Sprintf(" mistakes per pass: %d in pass %d ", ends[n-1].Mistakes, n)
		}
		lines = strings.Split(v.inks.Render(c.Draw(iw, ih)), "\n")
	}
	return strings.Join(common.Box(v.th, title, lines, v.w, v.h), "\n")
}

var _ common.Component = (*passesView)(nil)

// cached is the chart's lines.
func (v *passesView) cached() []string {
	key := passesKey{common.PanelKey{Trained: common.TrainedOf(v.s), W: v.w, H: v.h, Th: v.th}, v.inks, len(v.s.Passes())}
	return v.memo.Get(key, func() []string { return strings.Split(v.View(), "\n") })
}

type passesKey struct {
	common.PanelKey
	inks *common.ChartInks
	n    int
}
