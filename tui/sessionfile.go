package tui

import (
	"fmt"
	"io"
	"strings"

	"kernelscope/lab"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/setup"
)

// Sessions that reopen: w then s saves the whole state as a session file
// (package setup's format), --session FILE reopens it where it was, and R
// shows the command line that recreates the state, or names a session
// file when no command line can.
//
// The state of a run is its options and lab.Replay: the steps taken,
// and the steps at which points were appended while training went on
// (session.appendedAt, kept by addPoint; apply and reset clear it, since
// α is then 0 on every point, and undo cannot go below an append).

// sessionSavedMsg reports a session file written by w s or R.
type sessionSavedMsg struct {
	path      string
	t, n      int
	version   int             // the edit version of the points written
	at        lab.SessionMark // the state written
	reproduce bool
	err       error
}

// saveSession writes the session to a new file in the working directory,
// kernelscope-NAME-session.json or the first free -k name (never
// replacing one), in a command.
func (m *Model) saveSession(reproduce bool) tea.Cmd {
	o := m.s.Snapshot()
	stem := m.s.FileStem() + "-session"
	version, at := m.s.EditVersion(), m.s.Mark()
	return func() tea.Msg {
		path, err := datasets.SaveNewFile(".", stem, ".json", func(w io.Writer) error { return lab.WriteSession(w, o) })
		return sessionSavedMsg{path: path, t: o.Replay.Steps, n: len(o.Points), version: version, at: at, reproduce: reproduce, err: err}
	}
}

// sessionSaved says where the session went. The points are in it, so it
// counts as saving them (q no longer asks). After R it shows the command
// that reopens it, copied to the clipboard.
func (m *Model) sessionSaved(msg sessionSavedMsg) tea.Cmd {
	if msg.err != nil {
		m.message = "the session was not saved, nothing was written: " + msg.err.Error()
		return nil
	}
	m.s.Saved(msg.version)
	m.s.SetFile(msg.path, msg.at)
	args := []string{"kernelscope", "--session", msg.path}
	if msg.reproduce {
		return m.showReproduce(args, fmt.Sprintf("no flags recreate %s, so the session went to %s", m.whyNoLine(), safetext.Name(msg.path)))
	}
	// The command first: it names the file, and a narrow terminal cuts
	// what comes after it.
	m.message = fmt.Sprintf("session saved: %s reopens it (step %d, %d points)", setup.ShellQuote(args), msg.t, msg.n)
	return nil
}

// askSave is w's first press: which of the two to save. The next key
// answers, whatever else it does.
func (m *Model) askSave() {
	m.confirm = "save"
	// Short enough for one line of an 80-column terminal.
	m.message = "save: c = the points as CSV, s = the whole session · any other key cancels"
}

// saveChoice is the key after w.
func (m *Model) saveChoice(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "c":
		return m.save()
	case "s":
		return m.saveSession(false)
	}
	m.message = "nothing saved"
	return nil
}

// reproduce shows the command line that recreates the state and copies it
// to the clipboard. What no flags recreate (points edited by hand) needs a
// session file: the one that holds this state, or a new one.
func (m *Model) reproduce() tea.Cmd {
	o := m.s.Snapshot()
	if args, ok := setup.CommandLine(o); ok {
		return m.showReproduce(args, "")
	}
	if f := m.s.File(); f.Path != "" && f.At == m.s.Mark() {
		return m.showReproduce([]string{"kernelscope", "--session", f.Path}, fmt.Sprintf("no flags recreate %s; the session in %s holds it", m.whyNoLine(), safetext.Name(f.Path)))
	}
	return m.saveSession(true)
}

// showReproduce puts the command line args first in the message, so that
// a narrow terminal cuts the words after it rather than the line, and
// copies it to the clipboard: the very line shown. setup.ShellQuote makes
// it of characters that print as they read (a control or bidi character in
// a name is written out as a $'…' escape), so the clipboard carries nothing
// the screen does not show.
func (m *Model) showReproduce(args []string, why string) tea.Cmd {
	line := setup.ShellQuote(args)
	m.message = "to recreate this: " + line + "  (copied to the clipboard with OSC 52, if your terminal allows it)"
	for _, a := range args {
		if safetext.Clean(a) != a {
			why = strings.TrimPrefix(why+"; a name holds control or bidi characters, written out as $'…' escapes (bash, zsh, ksh)", "; ")
			break
		}
	}
	if why != "" {
		m.message += "; " + why
	}
	return tea.SetClipboard(line)
}

// whyNoLine says what no command line recreates.
func (m *Model) whyNoLine() string {
	o := m.s.Snapshot()
	switch {
	case o.Edited:
		return "points edited by hand"
	case o.Seed != o.Config.Seed:
		return "a shuffle seed that differs from the data's"
	case o.Session != "" && o.File != "":
		// The points are the session's: its data.file was never read.
		return "a session's points"
	}
	return "this data"
}
