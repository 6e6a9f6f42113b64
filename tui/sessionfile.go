package tui

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/setup"
)

// Sessions that reopen: w then s saves the whole state as a session file
// (package setup's format), --session FILE reopens it where it was, and R
// shows the command line that recreates the state, or names a session
// file when no command line can.

// openSession opens o and replays o.Replay on it: the steps, and the
// points appended mid-run where they were appended, through the same
// paths as space and o/x, so the narration, the pass log and the undo
// floor come out as they were.
func openSession(o setup.Options) (*session, error) {
	replay := o.Replay
	if replay.Steps == 0 && len(replay.AppendedAt) == 0 {
		return newSession(o)
	}
	s, err := newSession(o.ReplayBase())
	if err != nil {
		return s, err
	}
	step := func() (bool, error) {
		if s.step() {
			return true, nil
		}
		return false, s.err
	}
	add := func(p datasets.Point) error {
		kept, err := s.addPoint(p.X1, p.X2, p.Y)
		if err == nil && !kept {
			err = fmt.Errorf("the %s cannot take a point mid-run", s.learnerName())
		}
		return err
	}
	if err := setup.ReplayOn(o, s.p, step, add); err != nil {
		return s, err
	}
	if replay.Edited {
		// The points are the session file's: yours, and saved in it.
		s.edited, s.onYours, s.yoursEdited = true, true, true
		y := s.opts
		s.yours = &y
	}
	s.unsaved = false
	return s, nil
}

// snapshot is the session's state as a session file holds it.
func (s *session) snapshot() setup.Options {
	o := s.opts
	o.Config.Epochs = s.p.Config().Epochs // E raises the cap in place
	o.Config.RunOptions = s.p.Config().RunOptions
	o.Config.Narrate, o.Config.NoHistory, o.Config.UndoMistakes = false, false, 0
	o.Replay = setup.Replay{Steps: s.p.T(), AppendedAt: slices.Clone(s.appendedAt), Edited: s.edited || s.raw != nil}
	return o
}

// sessionSavedMsg reports a session file written by w s or R.
type sessionSavedMsg struct {
	path      string
	t, n      int
	version   int // the edit version of the points written
	reproduce bool
	err       error
}

// saveSession writes the session to a new file in the working directory,
// kernelscope-NAME-session.json or the first free -k name, in a command.
func (m *Model) saveSession(reproduce bool) tea.Cmd {
	o := m.s.snapshot()
	stem := strings.TrimSuffix(filepath.Base(m.s.name()), "*")
	stem = strings.TrimSuffix(stem, filepath.Ext(stem)) + "-session"
	version := m.s.editVersion
	return func() tea.Msg {
		path, err := datasets.SaveNewFile(".", stem, ".json", func(w io.Writer) error { return setup.WriteSession(w, o) })
		return sessionSavedMsg{path: path, t: o.Replay.Steps, n: len(o.Points), version: version, reproduce: reproduce, err: err}
	}
}

// sessionSaved says where the session went; after R, with the command
// that reopens it, copied to the clipboard.
func (m *Model) sessionSaved(msg sessionSavedMsg) tea.Cmd {
	if msg.err != nil {
		m.message = "the session was not saved: " + msg.err.Error()
		return nil
	}
	m.s.saved(msg.version) // the points are in the file
	line := setup.ShellQuote([]string{"kernelscope", "--session", msg.path})
	if msg.reproduce {
		m.message = "these points were edited, so no flags recreate them; this reopens the saved session (copied to the clipboard with OSC 52, where the terminal allows): " + safetext.Clean(line)
		return tea.SetClipboard(line)
	}
	m.message = fmt.Sprintf("session saved to %s (step %d, %d points); %s reopens it", safetext.Clean(msg.path), msg.t, msg.n, safetext.Clean(line))
	return nil
}

// askSave is w's first press: which of the two to save.
func (m *Model) askSave() {
	m.confirm = "save"
	m.message = "save what? c: the points as CSV · s: the whole session (points, kernel, learner, steps) to reopen with --session · any other key: nothing"
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
// to the clipboard; edited points need a session file, which it writes.
func (m *Model) reproduce() tea.Cmd {
	o := m.s.snapshot()
	args, ok := setup.CommandLine(o)
	if !ok {
		return m.saveSession(true)
	}
	line := setup.ShellQuote(args)
	m.message = "this command recreates what you see (copied to the clipboard with OSC 52, where the terminal allows): " + safetext.Clean(line)
	return tea.SetClipboard(line)
}
