package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// textBlock word-wraps texts into exactly n lines of width w: each text
// starts on a line of its own, the first gets the room the others leave,
// and text that does not fit ends in "…".
func textBlock(n, w int, texts ...string) []string {
	var parts [][]string
	for _, t := range texts {
		if t != "" {
			parts = append(parts, strings.Split(ansi.Wrap(t, w, " "), "\n"))
		}
	}
	out := make([]string, 0, n)
	for k, p := range parts {
		room := n - len(out) - (len(parts) - 1 - k) // leave a line for each later text
		if k == len(parts)-1 {
			room = n - len(out)
		}
		if room <= 0 {
			break
		}
		if len(p) > room {
			p = append(p[:room-1:room-1], ansi.Truncate(p[room-1], max(0, w-1), "")+"…")
		}
		out = append(out, p...)
	}
	for len(out) < n {
		out = append(out, "")
	}
	for i := range out {
		out[i] = fit(out[i], w)
	}
	return out
}

// screenLayout is where everything goes.
type screenLayout struct {
	regionX, regionY int
	regionW, regionH int
	sideW, alphaH    int
	// passesH is the height of the chart of mistakes per pass, between
	// the α and Gram panels (0: not shown).
	passesH        int
	narrationLines int
	statusLines    int
	// cmp is where comparison mode's two panes go, when it is on.
	cmp compareLayout
}

func (m *Model) computeLayout() screenLayout {
	w, h := m.width, m.height
	var l screenLayout
	l.statusLines = 1
	switch {
	case h >= 20:
		l.narrationLines, l.statusLines = 3, 2
	case h >= 16:
		l.narrationLines = 2
	case h >= 10:
		l.narrationLines = 1
	}
	bottom := l.narrationLines + l.statusLines + 1 // and help
	l.regionH = max(0, h-bottom)
	l.regionW = w
	if m.cmp != nil {
		l.cmp = compareGeometry(l.regionW, l.regionH)
		return l
	}
	if !m.narrow() {
		l.sideW = max(36, min(64, w*36/100))
		l.regionW = w - l.sideW
		l.alphaH = l.regionH / 2
		if n := m.s.Learner().N(); n+3 < l.alphaH {
			l.alphaH = max(n+3, 6)
		}
		if !m.noPasses && m.s.Passer() != nil {
			// The α panel gives up rows (down to 6) so that the chart
			// fits above a Gram panel of 8.
			if short := passesPanelH + 8 - (l.regionH - l.alphaH); short > 0 {
				l.alphaH = max(6, l.alphaH-short)
			}
			if l.regionH-l.alphaH >= passesPanelH+8 {
				l.passesH = passesPanelH
			}
		}
	}
	return l
}

// joinBeside puts block b to the right of block a, line by line. Every
// panel draws exactly its size, so the lines are joined as they are:
// lipgloss.JoinHorizontal measures and pads every line again, which made a
// frame four times slower (2.3 ms instead of 0.5 ms at 160×48, go test
// -bench BenchmarkView), most of it in the region's escape-heavy lines.
func joinBeside(a, b string) string {
	left, right := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range left {
		if i < len(right) {
			left[i] += right[i]
		}
	}
	return strings.Join(left, "\n")
}

// passesPanelH is the height of the chart of mistakes per pass beside the
// region, border included.
const passesPanelH = 9
