package tui

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/common"
)

// screenLayout is where everything goes.
type screenLayout struct {
	regionW, regionH int
	sideW, alphaH    int
	// passesH is the height of the chart of mistakes per pass, between
	// the α and Gram panels (0: not shown).
	passesH        int
	narrationLines int
	statusLines    int
}

// The layout rule: the bottom block (narration, status, one key line)
// takes the lines its text needs, whole, up to half the screen; the main
// area (the region and the panels beside it) has the rest. In projector
// mode the status is one line, of the fields that must show.
func (m *Model) computeLayout() screenLayout {
	w, h := m.width, m.height
	var l screenLayout
	switch {
	case h >= 20 && !m.big:
		l.statusLines = 2
	default:
		// Projector mode keeps one line: the learner, the step, the
		// accuracy and the state.
		l.statusLines = 1
	}
	floor := 0 // the narration's lines whatever it says
	switch {
	case h >= 40:
		floor = 5 // a converged run's step and learned f, at 160 columns
	case h >= 24:
		floor = 4 // the same at 80–100 columns, so the region keeps its size
	case h >= 20:
		floor = 3
	case h >= 16:
		floor = 2
	case h >= 10:
		floor = 1
	}
	const keyLines = 1
	ceiling := max(floor, h-keyLines-l.statusLines-max(minMainH, h/2))
	l.narrationLines = min(ceiling, max(floor, m.narrationNeed(w, h)))
	l.regionH = max(0, h-l.narrationLines-l.statusLines-keyLines)
	l.regionW = w
	switch {
	case m.compare.On():
		return l // the two panes share the main area (package compare)
	case m.strip():
		// A small example at 80 columns: α and the whole Gram matrix in
		// a strip beside the region, the lecture notes' picture on one
		// screen.
		l.sideW = stripW
		l.regionW = w - l.sideW
		// Every row of α, the Gram matrix's rows below it (its Mercer
		// line gives way first).
		n := m.s.Learner().N()
		l.alphaH = min(m.alpha.Need(l.sideW), max(l.regionH/2, l.regionH-(n+3)))
		return l
	case m.narrow():
		return l
	}
	l.sideW = max(36, min(64, w*36/100))
	l.regionW = w - l.sideW
	l.alphaH = l.regionH / 2
	// A small example lists every row (the notes' α = [1, 0, 0, 0] whole);
	// a larger one gives up rows down to 6 for the chart of passes.
	least := 6
	if n := m.s.Learner().N(); n <= stripMaxN {
		least = min(l.regionH/2, max(6, m.alpha.Need(l.sideW)))
	}
	if need := m.alpha.Need(l.sideW); need < l.alphaH {
		l.alphaH = max(need, 6)
	}
	if !m.noPasses && m.s.Passer() != nil {
		// The α panel gives up rows (down to least) so that the chart
		// fits above a Gram panel of 8.
		if short := passesPanelH + 8 - (l.regionH - l.alphaH); short > 0 {
			l.alphaH = max(least, l.alphaH-short)
		}
		if l.regionH-l.alphaH >= passesPanelH+8 {
			l.passesH = passesPanelH
		}
	}
	return l
}

// minMainH is the fewest lines the main area keeps however long the
// narration is (half the screen when that is more).
const minMainH = 6

// The strip beside the region for small examples: its width, the most
// examples it lists, and the smallest screen it is drawn on (the region
// keeps 44 columns and the Gram rows their lines).
const (
	stripW               = 30
	stripMaxN            = 8
	stripMinW, stripMinH = 74, 20
)

// strip reports whether the α and Gram panels go in a narrow strip
// beside the region: a small example (n ≤ 8, the notes' worked examples)
// in a terminal too narrow for the full side panels, out of projector
// mode.
func (m *Model) strip() bool {
	return m.width < wideW && m.width >= stripMinW && m.height >= stripMinH && !m.big &&
		m.s.Learner().N() <= stripMaxN && m.s.Learner().N() > 0
}

// narrationNeed is the lines the narration takes at width w, wrapped
// whole. It only grows while the size, the data and the kernel stay, so
// that the region does not jump (and recompute) as the lines of one step
// and the next differ.
func (m *Model) narrationNeed(w, h int) int {
	key := [3]int{w, h, m.s.Built()}
	if key != m.narrationKey {
		m.narrationKey, m.narrationH = key, 0
	}
	m.narrationH = max(m.narrationH, m.narration.Need(w))
	return m.narrationH
}

// passesPanelH is the height of the chart of mistakes per pass beside the
// region, border included.
const passesPanelH = 9

// sizePanels gives the panels their sizes and the region its place (the
// α and Gram panels go beside the region when the terminal is wide, in its
// place when not), and brings the region's drawing up to date.
func (m *Model) sizePanels() screenLayout {
	l := m.computeLayout()
	m.layout = l
	m.region.Big = m.big
	m.region.Compare = m.compare.On()
	if m.compare.On() {
		m.compare.SetSize(l.regionW, l.regionH)
	} else {
		m.region.SetSize(l.regionW, l.regionH)
		m.region.SetOrigin(0, 0) // the main area starts the screen
	}
	m.region.Narrow = l.sideW == 0
	m.narration.SetSize(m.width, l.narrationLines)
	m.status.SetSize(m.width, l.statusLines)
	m.cv.SetSize(l.regionW, l.regionH)
	m.quiz.SetSize(m.width, 1)
	m.seat.Who().SetSize(m.width, max(0, m.height-1)) // the key line below it
	if l.sideW > 0 {
		m.feature.SetSize(l.regionW, l.regionH)
		m.alpha.SetSize(l.sideW, l.alphaH)
		m.passes.SetSize(l.sideW, l.passesH)
		m.gram.SetSize(l.sideW, l.regionH-l.alphaH-l.passesH)
		return l
	}
	m.alpha.SetSize(l.regionW, l.regionH)
	m.passes.SetSize(l.regionW, l.regionH)
	m.gram.SetSize(l.regionW, l.regionH)
	m.feature.SetSize(l.regionW, l.regionH)
	return l
}

// resizeFields sizes the field to the plot area (in comparison mode the
// twin's follows it, on the same grid); a large field is computed by the
// command it returns.
func (m *Model) resizeFields() tea.Cmd {
	cmd := fieldCmd(m.s.Resize(m.region.PlotW, 2*m.region.PlotH))
	return common.Batch(cmd, fieldCmd(m.compare.Follow()))
}

// regionHidden reports whether the narrow layout shows a panel instead of
// the region.
func (m *Model) regionHidden() bool {
	return m.narrow() && m.show != showRegion
}

// narrow reports whether the α and Gram panels are folded away behind g:
// in a small terminal (but for the strip of a small example), and in
// projector mode, where the region takes the whole width.
func (m *Model) narrow() bool {
	return (m.width < wideW || m.height < wideH || m.big) && !m.strip()
}
