package seat

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/class"
	"kernelscope/tui/action"
)

// keys are the seat's actions: j rejoins, W opens the list of who is
// watching (the program lists both with its own keys).
type keys struct{ rejoin, who *action.Action }

func newKeys(m *Model) keys {
	k := keys{
		rejoin: action.New(action.GroupView, "j", "rejoin the lecture", "j"),
		who:    action.New(action.GroupView, "W", "who is watching", "W"),
	}
	k.rejoin.Off = func() string {
		switch {
		case m.role == class.Presenter:
			return "j rejoins a lecture you follow; you are presenting it"
		case !m.away:
			return "you are following the lecture; j rejoins it after you go your own way"
		}
		return ""
	}
	k.rejoin.Short = 1
	k.rejoin.Do = func(tea.KeyPressMsg) tea.Cmd { return m.rejoin() }
	k.who.Off = func() string {
		if m.role != class.Presenter {
			return "W lists who is watching, on the presenter's screen"
		}
		return ""
	}
	k.who.Do = func(tea.KeyPressMsg) tea.Cmd { m.who.Toggle(); return nil }
	return k
}

// Actions are the seat's keys (none outside a class).
func (m *Model) Actions() action.List {
	if m == nil {
		return nil
	}
	return action.List{m.keys.rejoin, m.keys.who}
}

// whoKeys are the keys the list of who is watching answers while it is
// open, before the program's: its one-line help (pgup and pgdn page too;
// the help names the arrows, so that the line fits in 80 columns with the
// program's ? and q).
type whoKeys struct{ prev, next, order, close *action.Action }

// groupWho is the heading of the list's keys.
const groupWho = "who is watching"

func newWhoKeys(v *Who) whoKeys {
	n := action.New
	k := whoKeys{
		prev:  n(groupWho, "←", "prev page", "left", "pgup"),
		next:  n(groupWho, "→", "next page", "right", "pgdown"),
		order: n(groupWho, "s", "sort by score", "s"),
		close: n(groupWho, "esc/W", "close", "esc", "W"),
	}
	k.prev.Off = func() string {
		if v.shownPage() == 0 {
			return "this is the first page"
		}
		return ""
	}
	k.prev.Do = func(tea.KeyPressMsg) tea.Cmd { v.page = v.shownPage() - 1; return nil }
	k.next.Off = func() string {
		if v.shownPage() == v.pages()-1 {
			return "this is the last page"
		}
		return ""
	}
	k.next.Do = func(tea.KeyPressMsg) tea.Cmd { v.page = v.shownPage() + 1; return nil }
	k.order.Off = func() string {
		if v.quiz == "" {
			return "no quiz scores to sort by: Q starts the quiz"
		}
		return ""
	}
	k.order.Do = func(tea.KeyPressMsg) tea.Cmd {
		v.byScore = !v.byScore
		v.page = 0
		v.refresh()
		return nil
	}
	k.close.Do = func(tea.KeyPressMsg) tea.Cmd { v.Close(); return nil }
	for i, a := range k.list() {
		a.Short = i + 1
	}
	return k
}

// list are the keys in the one-line help's order (the last two always
// shown while they act).
func (k whoKeys) list() action.List { return action.List{k.prev, k.next, k.order, k.close} }
