package panels

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
	"kernelscope/tui/common"
)

// GramPanel is the Gram panel, or in its place (M) the spectrum of its
// Mercer check: the eigenvalues, the verdict, and when it fails the
// smallest set of points that shows it (seed 004).
type GramPanel struct {
	*GramView
	spectrum   *SpectrumView
	spectrumOn bool
}

// NewGramPanel makes the panel of s's Gram matrix, the matrix shown.
func NewGramPanel(s Session) *GramPanel {
	return &GramPanel{GramView: newGramView(s, nil), spectrum: &SpectrumView{}}
}

// SetTheme gives both views the program's theme.
func (p *GramPanel) SetTheme(th *common.Theme) { p.th, p.spectrum.th = th, th }

// SetSize sizes both views, and gives the spectrum the last Mercer check.
func (p *GramPanel) SetSize(w, h int) {
	p.GramView.SetSize(w, h)
	p.spectrum.SetSize(w, h)
	p.FeedSpectrum(p.spectrum)
}

// View draws the matrix, or the spectrum in its place.
func (p *GramPanel) View() string {
	if p.spectrumOn {
		return p.spectrum.View()
	}
	return p.GramView.View()
}

// Lines is View's lines, the matrix's kept until training, the panel or
// the Mercer check changes.
func (p *GramPanel) Lines() []string {
	if p.spectrumOn {
		return strings.Split(p.spectrum.View(), "\n")
	}
	return p.Cached()
}

// SpectrumAction is M: the spectrum in the matrix's place, or the matrix
// again; host says which.
func (p *GramPanel) SpectrumAction(host common.Host) *action.Action {
	a := action.New(action.GroupView, "M", "Mercer spectrum", "M")
	a.Do = func(tea.KeyPressMsg) tea.Cmd {
		p.spectrumOn = !p.spectrumOn
		if p.spectrumOn {
			host.Say("Mercer's condition as a picture: the Gram matrix's eigenvalues, the verdict, and when it fails the smallest set of points that shows it")
		} else {
			host.Say("the Gram matrix again")
		}
		return nil
	}
	return a
}

// OnlySVAction is V: the α panel lists the support vectors alone, or
// every example again.
func (a *AlphaView) OnlySVAction(host common.Host) *action.Action {
	k := action.New(action.GroupView, "V", "α: only SVs / all", "V")
	k.Do = func(tea.KeyPressMsg) tea.Cmd {
		a.onlySV = !a.onlySV
		host.Say(map[bool]string{true: "α panel: the support vectors only", false: "α panel: every example"}[a.onlySV])
		return nil
	}
	return k
}
