package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// toggleUpdateView turns the update view on or off (U).
func (m *Model) toggleUpdateView() {
	m.region.ShowBump = !m.region.ShowBump
	m.message = "update view off: the region shows f again"
	if m.region.ShowBump {
		m.message = "update view: the region shows the term a mistake adds to f, η·yᵢ·K(xᵢ, x), with the boundary now and, faint, the boundary before it"
		if _, ok := m.s.BumpOf(); !ok {
			m.message = "update view: no mistake to show, and no next example (training has stopped)"
		}
	}
}

// toggleBig turns projector mode on or off (B).
func (m *Model) toggleBig() tea.Cmd {
	m.big = !m.big
	m.message = map[bool]string{true: "projector mode: big markers, [+] [−] support vectors, a thick boundary; g shows α and Gram", false: "projector mode off"}[m.big]
	if m.big && m.controls.ShowsBoxed() {
		m.message = "projector mode: big markers, [+] [−] support vectors on the margin, {+} {−} at C, a thick boundary; g shows α and Gram"
	}
	return m.layout()
}

// toggleMono turns color-free mode on or off (m), unless the terminal
// shows no colours.
func (m *Model) toggleMono() {
	if m.noColor {
		m.message = "color-free mode stays on: NO_COLOR is set or the terminal shows no colours (+ − are classes, ⊕ ⊖ support vectors, · the +1 side, • the boundary)"
		return
	}
	m.mono = !m.mono
	m.setTheme()
	m.message = map[bool]string{true: "color-free mode: + − are classes, ⊕ ⊖ support vectors, · the +1 side, • the boundary", false: "colors on"}[m.mono]
	if m.mono && m.controls.ShowsBoxed() {
		m.message = "color-free mode: + − are classes, ⊕ ⊖ support vectors on the margin, ⊞ ⊟ at C, · the +1 side, • the boundary f = 0, ○ the margin f = +1, ◇ f = −1"
	}
}

// gramOrSpectrum is the Gram panel, or the Mercer spectrum in its place.
func (m *Model) gramOrSpectrum() string {
	if m.showSpectrum {
		return m.spectrum.View()
	}
	return m.gram.View()
}

// setSpectrum gives the spectrum panel the Gram panel's last Mercer check.
func (m *Model) setSpectrum() { m.gram.FeedSpectrum(m.spectrum) }

// gramOrSpectrumLines is gramOrSpectrum's lines.
func (m *Model) gramOrSpectrumLines() []string {
	if m.showSpectrum {
		return strings.Split(m.spectrum.View(), "\n")
	}
	return m.gram.Cached()
}
