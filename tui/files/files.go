// Package files is what the program writes outside the screen: w saves
// the points as CSV (w c) or the whole state as a session file (w s),
// which --session FILE reopens where it was; R shows the command line
// that recreates the state and copies it to the clipboard, or names a
// session file when no command line can; F writes the state as a PNG
// figure, drawn as `kernelscope plot` draws it. Every file is new in the
// working directory (kernelscope-NAME….EXT or the first free -k name,
// never replacing one) and is written off the UI path, by a command whose
// message Update takes; O's recording is written as it records, a few KB
// at a time, to a temporary file that takes its name in such a command.
//
// The state of a run is its options and lab.Replay: the steps taken, and
// the steps at which points were appended while training went on (the
// session keeps them as it adds points; a reset clears them, since α is
// then 0 on every point, and undo cannot go below an append).
package files

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// Session is what the writes read of the training session (and the two
// things a save tells it): its data and learner as they are now, the
// state as a session file holds it, the names a file takes from it, and
// which edit and which state were written last.
type Session interface {
	Options() lab.Options
	Snapshot() lab.Options
	Learner() learn.Learner
	TestAccuracy() (float64, bool)
	Name() string
	FileStem() string
	EditVersion() int
	Mark() lab.SessionMark
	File() lab.SavedSession
	// SetFile records the session file just written and the state it
	// holds; Saved that the points of an edit version are written.
	SetFile(path string, at lab.SessionMark)
	Saved(version int)
}

// Model is the program's writes: its keys, and whether w waits for its
// choice.
type Model struct {
	s    Session
	host common.Host
	keys keys
	// asking is true after w: the next key says which save, whatever
	// else it does.
	asking bool
	// Guest is set for a follower's program in a class served over SSH:
	// the files would be written on the server, in the lecturer's
	// directory, so w and F are refused, and R shows (and copies to the
	// follower's own clipboard) a command line only when one recreates
	// the state without a file.
	Guest bool
	// Class is set for every seat's program in a class served over SSH,
	// a presenter's too: its data file is the lecturer's, on the server,
	// and the class names it by its base name (package class), so R says
	// that a line with --data needs the lecturer's file.
	Class bool
	// Screen is the terminal's size now, and Now the clock, for O's
	// recording (the root sets them).
	Screen func() (w, h int)
	Now    func() time.Time
	// rec is the recording O started, or nil; stopped are those stopped
	// whose files a command is naming.
	rec     *recording
	stopped []*recording
}

// now is the recording's clock.
func (f *Model) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

// guestRefusal is why a follower's program writes no file.
const guestRefusal = "you follow a lecture served over SSH: %s would write a file on the lecturer's machine, so it is off here; run kernelscope on your own machine to save"

// New makes the writes of s; host says where each went.
func New(s Session, host common.Host) *Model {
	f := &Model{s: s, host: host}
	f.keys = newKeys(f)
	return f
}

// Asking reports whether w waits for its choice: the next key goes to
// Answer, before any other.
func (f *Model) Asking() bool { return f.asking }

// Answer is the key after w: c saves the points, s the session, and any
// other key cancels; it answers the question and does nothing else.
func (f *Model) Answer(msg tea.KeyPressMsg) tea.Cmd {
	f.asking = false
	if cmd, _, ok := f.keys.choice().Handle(msg); ok {
		return cmd
	}
	return f.keys.cancel.Do(msg)
}

// Forget drops w's question without a word (a click does).
func (f *Model) Forget() { f.asking = false }

// askSave is w's first press: which of the two to save.
func (f *Model) askSave() {
	f.asking = true
	// Short enough for one line of an 80-column terminal.
	f.host.Say("save: c = the points as CSV, s = the whole session · any other key cancels")
}

// Update takes the messages of the writes: where each file went, or why
// it was not written. After R it returns the command that copies the line
// to the clipboard.
func (f *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case PointsSavedMsg:
		f.pointsSaved(msg)
	case SessionSavedMsg:
		return f.sessionSaved(msg)
	case FigureMsg:
		f.figureWritten(msg)
	case RecordingMsg:
		f.recordingWritten(msg)
	}
	return nil
}
