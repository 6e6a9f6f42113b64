package tui

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/internal/progress"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
	"kernelscope/setup"
)

// Sessions that reopen: w then s saves the whole state as a session file
// (package setup's format), --session FILE reopens it where it was, and R
// shows the command line that recreates the state, or names a session
// file when no command line can.
//
// The state of a run is its options and setup.Replay: the steps taken,
// and the steps at which points were appended while training went on
// (session.appendedAt, kept by addPoint; apply and reset clear it, since
// α is then 0 on every point, and undo cannot go below an append).

// openSession opens o and replays o.Replay on it: the steps, and the
// points appended mid-run where they were appended, through the same
// paths as c and o/x, so the narration, the pass log, the undo floor and
// the edits come out as they were. As c does, it narrates only the steps
// the screen shows (the last, and the last before each append): millions
// of steps replay in seconds, not minutes. bar (nil: none) counts them,
// and once ctx is done it stops with ctx's error, within a step.
func openSession(ctx context.Context, o setup.Options, bar *progress.Bar) (*session, error) {
	s, err := newSession(o.ReplayBase())
	if err != nil {
		return s, err
	}
	n := 0
	step := func() (bool, error) {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if n++; n%replayTick == 0 {
			bar.Update(s.p.T(), o.Replay.Steps)
		}
		if s.take(false) {
			return true, nil
		}
		return false, s.err
	}
	add := func(p datasets.Point) error {
		s.narrateLast() // what the screen showed when the point went in
		// The file's points are the session's and the appended ones in
		// order: the session's grow as a prefix of them, never copied.
		var kept bool
		var err error
		if n := len(s.opts.Points); n < len(o.Points) && o.Points[n] == p {
			kept, err = s.addLast(o.Points[: n+1 : n+1])
		} else {
			kept, err = s.addPoint(p.X1, p.X2, p.Y)
		}
		if err == nil && !kept {
			err = fmt.Errorf("the %s cannot take a point while it trains", s.learnerName())
		}
		return err
	}
	if err := setup.ReplayOn(o, s.p, step, add); err != nil {
		return s, err
	}
	s.narrateLast()
	if o.Edited {
		// Points edited by hand: yours, and saved, in the session file.
		s.edited, s.onYours, s.yoursEdited = true, true, true
		y := s.opts
		s.yours = &y
	}
	s.unsaved = false
	if o.Session != "" {
		s.file = savedSession{path: o.Session, at: s.mark()}
	}
	return s, nil
}

// replayTick is how many steps openSession replays between updates of
// its progress line (a look at the clock).
const replayTick = 256

// savedSession is the session file written last, and the state it holds.
type savedSession struct {
	path string
	at   sessionMark
}

// sessionMark tells states apart: a rebuild, a step, an edit, a raised
// cap or a reset changes it.
type sessionMark struct{ built, t, epochs, edits, appends int }

func (s *session) mark() sessionMark {
	return sessionMark{s.built, s.p.T(), s.p.Config().Epochs, s.editVersion, len(s.appendedAt)}
}

// snapshot is the session's state as a session file holds it.
func (s *session) snapshot() setup.Options {
	o := s.opts
	o.Config.Epochs = s.p.Config().Epochs    // E raises the cap in place
	o.Config.RunOptions = learn.RunOptions{} // how it is recorded, not what it is
	o.Edited = s.edited
	if _, ok := datasets.Lookup(o.Dataset); !ok {
		o.Dataset, o.N, o.Noise = "", 0, 0 // the empty plane of data that could not open
	}
	o.Replay = setup.Replay{Steps: s.p.T(), AppendedAt: slices.Clone(s.appendedAt)}
	return o
}

// stemSuffix is what a name of kernelscope's own adds to its data's.
var stemSuffix = regexp.MustCompile(`-session(-[0-9]+)?$|-[0-9]+$`)

// fileStem is the data's name as a saved file's name holds it: moons for
// moons, points for points.csv, and moons again for
// kernelscope-moons-session-2.json, not kernelscope-kernelscope-….
func (s *session) fileStem() string {
	base := strings.TrimSuffix(filepath.Base(s.name()), "*")
	base = strings.TrimSuffix(base, filepath.Ext(base))
	if b, ok := strings.CutPrefix(base, "kernelscope-"); ok {
		base = stemSuffix.ReplaceAllString(b, "")
	}
	return base
}

// sessionSavedMsg reports a session file written by w s or R.
type sessionSavedMsg struct {
	path      string
	t, n      int
	version   int         // the edit version of the points written
	at        sessionMark // the state written
	reproduce bool
	err       error
}

// saveSession writes the session to a new file in the working directory,
// kernelscope-NAME-session.json or the first free -k name (never
// replacing one), in a command.
func (m *Model) saveSession(reproduce bool) tea.Cmd {
	o := m.s.snapshot()
	stem := m.s.fileStem() + "-session"
	version, at := m.s.editVersion, m.s.mark()
	return func() tea.Msg {
		path, err := datasets.SaveNewFile(".", stem, ".json", func(w io.Writer) error { return setup.WriteSession(w, o) })
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
	m.s.saved(msg.version)
	m.s.file = savedSession{path: msg.path, at: msg.at}
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
	o := m.s.snapshot()
	if args, ok := setup.CommandLine(o); ok {
		return m.showReproduce(args, "")
	}
	if f := m.s.file; f.path != "" && f.at == m.s.mark() {
		return m.showReproduce([]string{"kernelscope", "--session", f.path}, fmt.Sprintf("no flags recreate %s; the session in %s holds it", m.whyNoLine(), safetext.Name(f.path)))
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
	o := m.s.snapshot()
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
