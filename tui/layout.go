package tui

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
