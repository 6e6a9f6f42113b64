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
	if m.compare.On() {
		return l // the two panes share the main area (package compare)
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

// passesPanelH is the height of the chart of mistakes per pass beside the
// region, border included.
const passesPanelH = 9

// sizePanels gives the panels their sizes and the region its place (the
// α and Gram panels go beside the region when the terminal is wide, in its
// place when not), and brings the region's drawing up to date.
func (m *Model) sizePanels() screenLayout {
	l := m.computeLayout()
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
// in a small terminal, and in projector mode, where the region takes the
// whole width.
func (m *Model) narrow() bool {
	return m.width < wideW || m.height < wideH || m.big
}
