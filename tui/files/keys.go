package files

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
)

// keys are the writes' actions: Save (w), Reproduce (R) and Figure (F) are
// the program's, in its list; CSV, Session and Cancel answer w's question.
type keys struct {
	save, reproduce, figure, record *action.Action
	csv, session, cancel            *action.Action
}

// groupSave is the heading of the keys that answer w.
const groupSave = "save"

func newKeys(f *Model) keys {
	n := action.New
	k := keys{
		save:      n(action.GroupEdit, "w", "save data/session", "w"),
		reproduce: n(action.GroupEdit, "R", "reproduce command", "R"),
		figure:    n(action.GroupEdit, "F", "write figure (PNG)", "F"),
		record:    n(action.GroupEdit, "O", "record/stop a tape (.cast)", "O"),
		csv:       n(groupSave, "c", "the points as CSV", "c"),
		session:   n(groupSave, "s", "the whole session", "s"),
		cancel:    n(groupSave, "esc", "save nothing", "esc"),
	}
	// F and O share a line of the full help: at 80×24 it has no line to
	// spare.
	shots := &action.Line{Key: "F O", Desc: "figure PNG / tape"}
	k.figure.Line, k.record.Line = shots, shots
	k.save.Off = f.guestOff("w")
	k.figure.Off = f.guestOff("F")
	k.record.Off = f.guestOff("O")
	k.save.Do = func(tea.KeyPressMsg) tea.Cmd { f.askSave(); return nil }
	k.reproduce.Do = func(tea.KeyPressMsg) tea.Cmd { return f.reproduce() }
	k.figure.Do = func(tea.KeyPressMsg) tea.Cmd { return f.writeFigure() }
	k.record.Do = func(tea.KeyPressMsg) tea.Cmd { return f.toggleRecording() }
	k.csv.Do = func(tea.KeyPressMsg) tea.Cmd { return f.savePoints() }
	k.session.Do = func(tea.KeyPressMsg) tea.Cmd { return f.saveSession(false) }
	k.cancel.Do = func(tea.KeyPressMsg) tea.Cmd { f.host.Say("nothing saved"); return nil }
	for i, a := range k.choice() {
		a.Short = i + 1
	}
	return k
}

// guestOff is the rule that turns a writing key off in a follower's
// program (Guest).
func (f *Model) guestOff(key string) func() string {
	return func() string {
		if f.Guest {
			return fmt.Sprintf(guestRefusal, key)
		}
		return ""
	}
}

// choice are the keys that answer w (any other key cancels, as esc does).
func (k keys) choice() action.List { return action.List{k.csv, k.session, k.cancel} }

// Actions are w, R, F and O: the program lists them with its own keys, in
// the full help's cursor-and-editing group.
func (f *Model) Actions() action.List {
	return action.List{f.keys.save, f.keys.reproduce, f.keys.figure, f.keys.record}
}

// Keys are the keys that answer w while it waits (Asking); any other key
// cancels too.
func (f *Model) Keys() action.List { return f.keys.choice() }
