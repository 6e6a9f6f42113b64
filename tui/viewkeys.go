package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// viewKey answers the keys that change how things are shown, not what is
// trained: the α filter, the feature and update views, projector mode and
// color-free mode.
func (m *Model) viewKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Approx):
		m.approxToggle()
	case key.Matches(msg, k.ApproxFewer), key.Matches(msg, k.ApproxMore):
		m.approxStepD(key.Matches(msg, k.ApproxMore))
	case key.Matches(msg, k.Spectrum):
		m.showSpectrum = !m.showSpectrum
		m.message = "the Gram matrix again"
		if m.showSpectrum {
			m.message = "Mercer's condition as a picture: the Gram matrix's eigenvalues, the verdict, and when it fails the smallest set of points that shows it (seed 004)"
		}
	case key.Matches(msg, k.OnlySV):
		m.alpha.onlySV = !m.alpha.onlySV
		m.message = map[bool]string{true: "α panel: the support vectors only", false: "α panel: every example"}[m.alpha.onlySV]
	case key.Matches(msg, k.Feature):
		m.featureOn = !m.featureOn
		m.message = "the region again"
		if m.featureOn {
			m.message = "feature space: each point xᵢ as φ(xᵢ), the boundary as the plane w·φ = 0; ←→↑↓ or a mouse drag turn it, f shows the region again"
		}
	case key.Matches(msg, k.Update):
		m.region.update = !m.region.update
		m.message = "update view off: the region shows f again"
		if m.region.update {
			m.message = "update view: the region shows the term a mistake adds to f, η·yᵢ·K(xᵢ, x), with the boundary now and, faint, the boundary before it"
			if _, ok := m.s.BumpOf(); !ok {
				m.message = "update view: no mistake to show, and no next example (training has stopped)"
			}
		}
	case key.Matches(msg, k.Big):
		m.big = !m.big
		m.message = map[bool]string{true: "projector mode: big markers, [+] [−] support vectors, a thick boundary; g shows α and Gram", false: "projector mode off"}[m.big]
		if m.big && m.showsBoxed() {
			m.message = "projector mode: big markers, [+] [−] support vectors on the margin, {+} {−} at C, a thick boundary; g shows α and Gram"
		}
		return m.layout()
	case key.Matches(msg, k.Mono):
		if m.noColor {
			m.message = "color-free mode stays on: NO_COLOR is set or the terminal shows no colours (+ − are classes, ⊕ ⊖ support vectors, · the +1 side, • the boundary)"
			return nil
		}
		m.mono = !m.mono
		m.setTheme()
		m.message = map[bool]string{true: "color-free mode: + − are classes, ⊕ ⊖ support vectors, · the +1 side, • the boundary", false: "colors on"}[m.mono]
		if m.mono && m.showsBoxed() {
			m.message = "color-free mode: + − are classes, ⊕ ⊖ support vectors on the margin, ⊞ ⊟ at C, · the +1 side, • the boundary f = 0, ○ the margin f = +1, ◇ f = −1"
		}
	}
	return nil
}

// gramOrSpectrum is the Gram panel, or the Mercer spectrum in its place.
func (m *Model) gramOrSpectrum() string {
	if m.showSpectrum {
		return m.spectrum.View()
	}
	return m.gram.View()
}

// setSpectrum gives the spectrum panel the Gram panel's last Mercer check.
func (m *Model) setSpectrum() {
	g := m.gram
	note := ""
	switch {
	case g.mercerFor != m.s.Built():
		note = "checking Mercer's condition…"
	case g.mercer.mercer == nil:
		note = g.mercer.text
	}
	if g.mercerFor != m.s.Built() {
		m.spectrum.set(nil, nil, m.s.Learner().N(), note)
		return
	}
	m.spectrum.set(g.mercer.mercer, g.mercer.ce, m.s.Learner().N(), note)
}
