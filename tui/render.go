package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/common"
)

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.frames.Draw(m.player, m.render))
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
		lines := common.Blank(w, h)
		for i, l := range msg {
			if i < h {
				lines[i] = common.Fit(l, w)
			}
		}
		return strings.Join(lines, "\n")
	}
	l := m.layout
	if m.showHelp {
		// Every key, on the whole screen but the last line (the panels,
		// narration and status step aside).
		iw, ih := common.Inner(w, h-1)
		keys := fullHelp(m.th, m.list.Groups(), iw, ih)
		box := common.Box(m.th, " keys (? or esc closes; dimmed: does nothing now) ", keys, w, h-1)
		return strings.Join(append(box, m.helpLine.view(m.help, m.list, 0, w, m.th)), "\n")
	}
	if who := m.seat.Who(); who.Open() {
		// Who is watching, on the whole screen but the key line, as the
		// help (its size is the layout's, sizePanels).
		keys := append(who.Keys(), m.keys.Help, m.keys.Quit) // they act over it too
		return who.View() + "\n" + m.helpLine.view(m.help, keys, 3, w, m.th)
	}
	var main []string
	switch {
	case m.compare.On():
		main = strings.Split(m.compare.View(), "\n")
	case m.cv.Open():
		// The view the user opened last, in place of any panel.
		main = strings.Split(m.cv.View(), "\n")
	case l.sideW == 0 && m.show == showAlpha:
		main = m.alpha.Cached()
	case l.sideW == 0 && m.show == showGram:
		main = m.gram.Lines()
	case l.sideW == 0 && m.show == showPasses:
		main = m.passes.Cached()
	case m.featureOn:
		main = strings.Split(m.feature.View(), "\n")
	default:
		main = m.region.Cached()
	}
	// Beside the main area: the α panel, the chart of passes and the Gram
	// panel (or the spectrum), their lines appended to the main area's.
	var side [3][]string
	if l.sideW > 0 {
		side[0] = m.alpha.Cached()
		if l.passesH > 0 {
			side[1] = m.passes.Cached()
		}
		side[2] = m.gram.Lines()
	}
	// Bottom lines: narration, status, help; long text wraps into the
	// lines the layout gives it.
	var bottom []string
	if l.narrationLines > 0 {
		bottom = strings.Split(m.narration.View(), "\n")
	}
	if l.statusLines > 0 {
		bottom = append(bottom, strings.Split(m.status.View(), "\n")...)
	}
	switch {
	case m.cv.Open():
		bottom = append(bottom, m.helpLine.view(m.help, m.cv.Keys(), 1, w, m.th))
	case m.quiz.On():
		bottom = append(bottom, m.helpLine.view(m.help, m.quiz.KeyLine(), 2, w, m.th))
	default:
		bottom = append(bottom, m.helpLine.view(m.help, m.list, 0, w, m.th))
	}
	if len(main) == 1 && main[0] == "" && l.sideW == 0 {
		main = nil
	}
	return m.compose(main, side, bottom)
}

// compose writes the screen: the main area's lines with the side panels'
// lines after them, then the bottom lines, cut or padded to exactly the
// screen's height, into one string sized in advance.
func (m *Model) compose(main []string, side [3][]string, bottom []string) string {
	w, h := m.width, m.height
	size, n := 0, 0
	for _, ls := range [][]string{main, side[0], side[1], side[2], bottom} {
		for _, l := range ls {
			size += len(l) + 1
		}
	}
	n = min(h, len(main)+len(bottom))
	var b strings.Builder
	b.Grow(size + (h-n)*(w+1))
	rows := 0
	newline := func() {
		if rows++; rows < h {
			b.WriteByte('\n')
		}
	}
	k, at := 0, 0 // the side panel and its line beside the next main line
	for _, line := range main {
		if rows == h {
			break
		}
		b.WriteString(line)
		for k < len(side) && at >= len(side[k]) {
			k, at = k+1, 0
		}
		if k < len(side) {
			b.WriteString(side[k][at])
			at++
		}
		newline()
	}
	for _, line := range bottom {
		if rows == h {
			break
		}
		b.WriteString(line)
		newline()
	}
	for rows < h {
		for range w {
			b.WriteByte(' ')
		}
		newline()
	}
	return b.String()
}
