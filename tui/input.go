package tui

import (
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"kernelscope/internal/inputguard"
)

// guardedInput is the terminal program's input through the input guard
// (package inputguard), which stands between every byte typed or pasted
// and Bubble Tea's decoder: stdin when it is a terminal, else the
// controlling terminal, as Bubble Tea would open it itself. Where the
// guard cannot stand (Windows' console) or there is no terminal to open,
// there are no options and Bubble Tea reads, or fails, as it does alone.
// done closes what was opened.
func guardedInput() (opts []tea.ProgramOption, done func()) {
	tty, done := os.Stdin, func() {}
	if !term.IsTerminal(tty.Fd()) {
		in, _, err := tea.OpenTTY()
		if err != nil {
			return nil, done
		}
		tty, done = in, func() { in.Close() }
	}
	f, ok := inputguard.NewFile(tty)
	if !ok {
		done()
		return nil, func() {}
	}
	return []tea.ProgramOption{tea.WithInput(f)}, done
}
