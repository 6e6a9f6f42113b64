package tui

import (
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"kernelscope/internal/inputguard"
)

// terminalOn is the terminal the program draws on and reads keys from,
// with stdout out and stdin in: out must be one, and the keys come
// through guardedInput. done closes what was opened.
func terminalOn(out, in *os.File) ([]tea.ProgramOption, func(), error) {
	if !term.IsTerminal(out.Fd()) {
		// Bubble Tea would draw into the file or pipe and wait for keys
		// on a blank screen.
		return nil, func() {}, &NoTerminalError{Why: "stdout is not one"}
	}
	return guardedInput(in)
}

// openTTY opens the controlling terminal; a test puts a failure in its
// place.
var openTTY = tea.OpenTTY

// guardedInput is the terminal program's input through the input guard
// (package inputguard), which stands between every byte typed or pasted
// and Bubble Tea's decoder: stdin (in) when it is a terminal, else the
// controlling terminal, as Bubble Tea would open it itself. Where the
// guard cannot stand (Windows' console) there are no options and Bubble
// Tea reads as it does alone; where there is no terminal to open at all,
// a *NoTerminalError (Bubble Tea's own is a raw "could not open TTY").
// done closes what was opened.
func guardedInput(in *os.File) (opts []tea.ProgramOption, done func(), err error) {
	tty, done := in, func() {}
	if !term.IsTerminal(tty.Fd()) {
		t, _, err := openTTY()
		if err != nil {
			return nil, done, &NoTerminalError{Why: "stdin is not one, and there is no terminal to read keys from"}
		}
		tty, done = t, func() { t.Close() }
	}
	f, ok := inputguard.NewFile(tty)
	if !ok {
		done()
		return nil, func() {}, nil
	}
	return []tea.ProgramOption{tea.WithInput(f)}, done, nil
}

// NoTerminalError is the terminal program started without a terminal to
// draw on or to read keys from: from a script, a cron job, a pipe.
type NoTerminalError struct {
	Why string // "stdout is not one"
}

func (e *NoTerminalError) Error() string {
	return "kernelscope needs a terminal (" + e.Why + "); `kernelscope trace` or `kernelscope record` work without one"
}
