package panels

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/learn"
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
	box  common.BoxCache
}

// SetSize sets the panel's size, border included.
func (v *PassesView) SetSize(w, h int) { v.w, v.h = max(0, w), max(0, h) }

// Update does nothing: the session keeps the passes.
func (v *PassesView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the panel.
func (v *PassesView) View() string { return strings.Join(v.lines(), "\n") }

func (v *PassesView) lines() []string {
	if v.w <= 0 || v.h <= 0 {
		return []string{""}
	}
	iw, ih := common.Inner(v.w, v.h)
	log := v.S.Passes()
	title := " mistakes per pass "
	var lines []string
	switch {
	case v.S.Passer() == nil:
		lines = common.TextBlock(ih, iw, v.S.Kind().Title+" makes no passes: each step updates a pair (see the gap m − M in the status line)")
	default:
		// A long run comes in groups of passes, which the chart keeps
		// whole (lab.PassLog).
		per, groups := log.Groups()
		c := chart.Passes{Per: per, Total: log.Len()}
		for _, g := range groups {
			c.Mistakes = append(c.Mistakes, g.Mistakes)
			c.Train = append(c.Train, g.Last.Train)
			if g.Last.HasTest {
				c.Test = append(c.Test, g.Last.Test)
			}
			if g.Last.HasLoss {
				c.Loss = append(c.Loss, g.Last.Loss)
			}
		}
		if len(c.Test) != len(c.Train) {
			c.Test = nil
		}
		if len(c.Loss) != len(c.Mistakes) {
			c.Loss = nil
		}
		if last, ok := log.Last(); ok {
			title = passesTitle(last.Mistakes, log.Len(), iw)
			if last.HasLoss {
				title = lossTitle(last.Loss, log.Len(), iw)
			}
		} else if _, ok := v.S.Learner().(learn.Probabilistic); ok {
			title = " log-loss per pass "
		}
		lines = strings.Split(v.Inks.Render(c.Draw(iw, ih)), "\n")
	}
	return v.box.Box(v.Th, title, lines, v.w, v.h)
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

// lossTitle is the chart's title for a learner whose bars are the mean
// log-loss (chart.Passes's Loss), with the loss after pass n, shortened as
// passesTitle is.
func lossTitle(loss float64, n, iw int) string {
	last := fmt.Sprintf("%s after pass %d", learn.Num(loss), n)
	for _, t := range []string{
		" mean log-loss per pass: " + last + " ",
		" log-loss: " + last + " ",
		" log-loss per pass ",
		" log-loss ",
	} {
		if ansi.StringWidth(t) <= iw-2 {
			return t
		}
	}
	return ""
}

var _ common.Component = (*PassesView)(nil)

// Cached is the chart's lines, drawn again when what View draws from
// changed: the pass log (its version moves when a pass ends, an undo takes
// one back or the log is cleared, not with every step), whether the
// learner makes passes (and its name, which says when it does not), the
// size and the inks.
func (v *PassesView) Cached() []string {
	key := passesKey{v.w, v.h, v.Th, v.Inks, v.S.Passer() != nil, v.S.Kind().Title, v.S.Passes(), v.S.Passes().Version()}
	return v.memo.Get(key, v.lines)
}

type passesKey struct {
	w, h   int
	th     *common.Theme
	inks   *common.ChartInks
	passer bool
	kind   string
	log    *lab.PassLog
	logs   int
}
