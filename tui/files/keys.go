package files

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
)

// keys are the writes' actions: Save (w), Reproduce (R) and Figure (F) are
// the program's, in its list; CSV, Session and Cancel answer w's question.
type keys struct {
	Save, Reproduce, Figure *action.Action
	CSV, Session, Cancel    *action.Action
}

// groupSave is the heading of the keys that answer w.
const groupSave = "save"

func newKeys(f *Model) keys {
	n := action.New
	k := keys{
		Save:      n(action.GroupEdit, "w", "save data/session", "w"),
		Reproduce: n(action.GroupEdit, "R", "reproduce command", "R"),
		Figure:    n(action.GroupEdit, "F", "write figure (PNG)", "F"),
		CSV:       n(groupSave, "c", "the points as CSV", "c"),
		Session:   n(groupSave, "s", "the whole session", "s"),
		Cancel:    n(groupSave, "esc", "save nothing", "esc"),
	}
	k.Save.Do = func(tea.KeyPressMsg) tea.Cmd { f.askSave(); return nil }
	k.Reproduce.Do = func(tea.KeyPressMsg) tea.Cmd { return f.reproduce() }
	k.Figure.Do = func(tea.KeyPressMsg) tea.Cmd { return f.writeFigure() }
	k.CSV.Do = func(tea.KeyPressMsg) tea.Cmd { return f.savePoints() }
	k.Session.Do = func(tea.KeyPressMsg) tea.Cmd { return f.saveSession(false) }
	k.Cancel.Do = func(tea.KeyPressMsg) tea.Cmd { f.host.Say("nothing saved"); return nil }
	for i, a := range k.choice() {
		a.Short = i + 1
	}
	return k
}

// choice are the keys that answer w (any other key cancels, as esc does).
func (k keys) choice() action.List { return action.List{k.CSV, k.Session, k.Cancel} }

// Actions are w, R and F: the program lists them with its own keys, in the
// full help's cursor-and-editing group.
func (f *Model) Actions() action.List {
	return action.List{f.keys.Save, f.keys.Reproduce, f.keys.Figure}
}

// Keys are the keys that answer w while it waits (Asking); any other key
// cancels too.
func (f *Model) Keys() action.List { return f.keys.choice() }
