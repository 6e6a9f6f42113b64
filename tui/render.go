package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "kernelscope"
	return v
}

// render draws the screen as a string of exactly height lines.
func (m *Model) render() string {
	w, h := m.width, m.height
	if m.quitting || w <= 0 || h <= 0 {
		return ""
	}
	if w < tooSmallW || h < tooSmallH {
		// Word-wrapped, so it reads even in a sliver of a terminal.
		words := strings.Fields(fmt.Sprintf("terminal too small (%d×%d): needs at least %d×%d", w, h, tooSmallW, tooSmallH))
		var msg []string
		for _, word := range words {
			if n := len(msg); n > 0 && ansi.StringWidth(msg[n-1]+" "+word) <= w {
				msg[n-1] += " " + word
			} else {
				msg = append(msg, word)
			}
		}
		lines := blank(w, h)
		for i, l := range msg {
			if i < h {
				lines[i] = fit(l, w)
			}
		}
		return strings.Join(lines, "\n")
	}
	l := m.computeLayout()
	var main string
	if m.showHelp {
		// Every key, on the whole screen but the last line (the panels,
		// narration and status step aside).
		iw, ih := inner(w, h-1)
		keys := fullHelp(m.th, helpKeys{m.player.keys, m.keys}.groups(), iw, ih)
		box := box(m.th, " keys (? or esc closes; dimmed: does nothing now) ", keys, w, h-1)
		short := m.help
		short.SetWidth(w)
		return strings.Join(append(box, fit(short.View(helpKeys{m.player.keys, m.keys}), w)), "\n")
	} else {
		switch {
		case m.cmp != nil:
			main = m.compareView(l.cmp)
		case m.cv.open:
			// The view the user opened last, in place of any panel.
			main = m.cv.View()
		case l.sideW == 0 && m.show == showAlpha:
			main = m.alpha.View()
		case l.sideW == 0 && m.show == showGram:
			main = m.gramOrSpectrum()
		case l.sideW == 0 && m.show == showPasses:
			main = m.passes.View()
		case m.featureOn:
			main = m.feature.View()
		default:
			main = m.region.View()
		}
	}
	if l.sideW > 0 && !m.showHelp {
		side := m.alpha.View() + "\n"
		if l.passesH > 0 {
			side += m.passes.View() + "\n"
		}
		main = joinBeside(main, side+m.gramOrSpectrum())
	}
	// Bottom lines: narration, status, help; long text wraps into the
	// lines the layout gives it.
	var bottom []string
	if l.narrationLines > 0 {
		bottom = strings.Split(m.narration.View(), "\n")
	}
	bottom = append(bottom, strings.Split(m.status.View(), "\n")...)
	short := m.help
	short.SetWidth(w)
	switch {
	case m.cv.open:
		bottom = append(bottom, fit(short.View(m.cv.keys), w))
	case m.quiz != nil:
		bottom = append(bottom, fit(short.View(m.quiz.keys), w))
	default:
		bottom = append(bottom, fit(short.View(helpKeys{m.player.keys, m.keys}), w))
	}
	screen := append(strings.Split(main, "\n"), bottom...)
	if main == "" {
		screen = bottom
	}
	if len(screen) > h {
		screen = screen[:h]
	}
	for len(screen) < h {
		screen = append(screen, strings.Repeat(" ", w))
	}
	return strings.Join(screen, "\n")
}
