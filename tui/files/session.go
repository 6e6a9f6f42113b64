package files

import (
	"fmt"
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/notation"
	"kernelscope/setup"
)

// SessionSavedMsg reports a session file written by w s or R.
type SessionSavedMsg struct {
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
func (f *Model) saveSession(reproduce bool) tea.Cmd {
	o := f.s.Snapshot()
	stem := f.s.FileStem() + "-session"
	version, at := f.s.EditVersion(), f.s.Mark()
	return func() tea.Msg {
		path, err := datasets.SaveNewFile(".", stem, ".json", func(w io.Writer) error { return lab.WriteSession(w, o) })
		return SessionSavedMsg{path: path, t: o.Replay.Steps, n: len(o.Points), version: version, at: at, reproduce: reproduce, err: err}
	}
}

// sessionSaved says where the session went. The points are in it, so it
// counts as saving them (q no longer asks). After R it shows the command
// that reopens it, copied to the clipboard.
func (f *Model) sessionSaved(msg SessionSavedMsg) tea.Cmd {
	if msg.err != nil {
		f.host.Say("the session was not saved, nothing was written: " + msg.err.Error())
		return nil
	}
	f.s.Saved(msg.version)
	f.s.SetFile(msg.path, msg.at)
	args := []string{"kernelscope", "--session", msg.path}
	if msg.reproduce {
		return f.showReproduce(args, fmt.Sprintf("no flags recreate %s, so the session went to %s", f.whyNoLine(), safetext.Name(msg.path)))
	}
	// The command first: it names the file, and a narrow terminal cuts
	// what comes after it.
	f.host.Say(fmt.Sprintf("session saved: %s reopens it (step %d, %s)", setup.ShellQuote(args), msg.t, notation.Count(msg.n, "point")))
	return nil
}

// reproduce shows the command line that recreates the state and copies it
// to the clipboard. What no flags recreate (points edited by hand) needs a
// session file: the one that holds this state, or a new one.
func (f *Model) reproduce() tea.Cmd {
	o := f.s.Snapshot()
	if args, ok := setup.CommandLine(o); ok {
		return f.showReproduce(args, f.whoseFile(o))
	}
	// The session file written or opened last, while nothing changed
	// since: never a path the program did not write or read (a session's
	// data.file, never read, is not offered as --data).
	if f.Guest {
		f.host.Say(fmt.Sprintf("no flags recreate %s, and "+guestRefusal, f.whyNoLine(), "R (a session file)"))
		return nil
	}
	if file := f.s.File(); file.Path != "" && file.At == f.s.Mark() {
		return f.showReproduce([]string{"kernelscope", "--session", file.Path}, fmt.Sprintf("no flags recreate %s; the session in %s holds it", f.whyNoLine(), safetext.Name(file.Path)))
	}
	return f.saveSession(true)
}

// showReproduce puts the command line args first in the message, so that
// a narrow terminal cuts the words after it rather than the line, and
// copies it to the clipboard: the very line shown. setup.ShellQuote makes
// it of characters that print as they read (a control or bidi character in
// a name is written out as a $'…' escape), so the clipboard carries nothing
// the screen does not show.
func (f *Model) showReproduce(args []string, why string) tea.Cmd {
	line := setup.ShellQuote(args)
	msg := "to recreate this: " + line + "  (copied to the clipboard with OSC 52, if your terminal allows it)"
	for _, a := range args {
		if safetext.Clean(a) != a {
			why = strings.TrimPrefix(why+"; a name holds control or bidi characters, written out as $'…' escapes (bash, zsh, ksh)", "; ")
			break
		}
	}
	if why != "" {
		msg += "; " + why
	}
	f.host.Say(msg)
	return tea.SetClipboard(line)
}

// whoseFile says, in a class, that the file a --data line names is the
// lecturer's: the line holds its base name, not where it is, and a
// student's machine has no such file until the lecturer hands it out.
// Outside a class the file is the user's own: "".
func (f *Model) whoseFile(o lab.Options) string {
	if !f.Class || o.File == "" {
		return ""
	}
	return "--data " + setup.ShellQuote([]string{o.File}) + " is the lecturer's file: ask for it"
}

// whyNoLine says what no command line recreates.
func (f *Model) whyNoLine() string {
	o := f.s.Snapshot()
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
