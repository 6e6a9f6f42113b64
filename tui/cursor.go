package tui

import (
	"fmt"
	"strconv"
	"strings"

	"kernelscope/learn"
	"kernelscope/notation"
)

// goTo answers a digit key: the digits typed in a row name an example, and
// the cursor jumps to it at once, so "1" then "2" visits x₁ and then x₁₂.
// A digit that would name an example past the last starts a new number, and
// any other key ends it (handleKey clears typed).
func (m *Model) goTo(digit string) {
	n := m.s.Learner().N()
	typed := m.typed + digit
	if i, err := strconv.Atoi(typed); err != nil || i < 1 || i > n {
		typed = digit
	}
	i, err := strconv.Atoi(typed)
	if err != nil || i < 1 || i > n {
		m.typed = ""
		m.message = fmt.Sprintf("no example %s: they are numbered 1 to %d", digit, n)
		return
	}
	m.typed = typed
	j := i - 1
	x, sub := m.s.Learner().X(j), learn.Sub(i)
	if !m.region.ToExample(j) {
		m.message = fmt.Sprintf("x%s = (%s, %s) is outside the plot's view", sub, learn.Num(x.X1), learn.Num(x.X2))
		return
	}
	m.message = fmt.Sprintf("cursor on x%s = (%s, %s), y = %s, α%s = %s",
		sub, learn.Num(x.X1), learn.Num(x.X2), learn.Sign(m.s.Learner().Y(j)), sub, learn.Num(m.s.Learner().Alpha(j)))
	if i*10 <= n {
		m.message += fmt.Sprintf("; another digit goes on to x%s…", learn.Sub(i*10))
	}
}

// probe answers "what does it predict here, and why?" for the cursor's
// cell: its point, f there as the sum of the notes, the prediction, and
// which examples share the cell.
func (m *Model) probe() string {
	x1, x2 := m.region.At(m.region.CursorX, m.region.CurY)
	text := "cursor: " + probeText(m.s.Learner(), m.s.Learner().Config().Tie, x1, x2)
	if here := m.region.Under(); len(here) > 0 {
		names := make([]string, len(here))
		for k, i := range here {
			names[k] = "x" + learn.Sub(i+1)
		}
		text += "   here: " + strings.Join(names, ", ")
	}
	return text
}

// probeText is what f says at (x1, x2), its sum written out with the
// offset b (notation.Probe).
func probeText(e learn.Expansion, tie learn.Tie, x1, x2 float64) string {
	return notation.Probe(e, tie, x1, x2)
}
