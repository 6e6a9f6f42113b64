// Package action declares the terminal program's keys as actions. Each
// key is declared once, by the component it belongs to: its binding (keys
// and help text, a bubbles key.Binding), the rule that says why it does
// nothing now, and what it does. The one-line help, the full help, the
// answer to a key pressed while it does nothing, and the dispatch are all
// made from the actions, so no list of keys is kept by hand anywhere.
package action

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The full help's headings, in the order it lists them.
const (
	GroupStepping = "stepping"
	GroupData     = "data"
	GroupApprox   = "kernel approximation"
	GroupKernel   = "kernel"
	GroupEdit     = "cursor and editing"
	GroupView     = "view"
	GroupLearner  = "learner and comparison"
)

// An Action is one key of the program (or a few keys that do one thing).
type Action struct {
	// Binding is the keys and their help ("space", "step").
	Binding key.Binding
	// Group is the full help's heading the action is listed under.
	Group string
	// Line is the full help's line the action shares with the actions
	// next to it that have the same Line ("d D  next / prev dataset");
	// nil: a line of its own, from the binding's help.
	Line *Line
	// Short puts the action in the one-line help, the lowest first (0:
	// only in the full help).
	Short int
	// Keep keeps the action in the one-line help whenever it acts, short
	// of room or not (the quiz's answers): the others give way first, and
	// then the kept actions take their Brief.
	Keep bool
	// Brief is a kept action's text in the one-line help when the kept
	// actions do not fit with their full help ("leave" for "leave the
	// quiz"); "" for none.
	Brief string
	// Off says why the action does nothing now, "" when it acts; nil for
	// an action that always acts.
	Off func() string
	// Do acts on the key.
	Do func(msg tea.KeyPressMsg) tea.Cmd
}

// A Line is one line of the full help that several actions share.
type Line struct{ Key, Desc string }

// New makes an action of keys, its help key and its help text.
func New(group, helpKey, desc string, keys ...string) *Action {
	return &Action{Group: group, Binding: key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))}
}

// Why is why the action does nothing now, "" when it acts.
func (a *Action) Why() string {
	if a.Off == nil {
		return ""
	}
	return a.Off()
}

// Guard makes a do nothing while held says why (a rule of the program
// around the component that declared a: the quiz holds keys until its
// question is answered); a's own rule applies after it.
func (a *Action) Guard(held func() string) {
	own := a.Off
	a.Off = func() string {
		if why := held(); why != "" {
			return why
		}
		if own != nil {
			return own()
		}
		return ""
	}
}

// Has reports whether msg is one of the action's keys, whether it is
// enabled or not.
func (a *Action) Has(msg tea.KeyPressMsg) bool {
	s := msg.String()
	for _, k := range a.Binding.Keys() {
		if k == s {
			return true
		}
	}
	return false
}

// A List is actions in the order they are matched and listed.
type List []*Action

// Sync enables exactly the actions that act now, so that help shows the
// others dimmed and never offers a key that does nothing.
func (l List) Sync() {
	for _, a := range l {
		a.Binding.SetEnabled(a.Why() == "")
	}
}

// Handle answers a key: the first action of msg's key that acts now does
// (cmd), or, when none of them acts, the first one's reason is why. ok is
// false when no action has the key.
func (l List) Handle(msg tea.KeyPressMsg) (cmd tea.Cmd, why string, ok bool) {
	var off *Action
	for _, a := range l {
		if !a.Has(msg) {
			continue
		}
		if w := a.Why(); w != "" {
			if off == nil {
				off, why = a, w
			}
			continue
		}
		if a.Do == nil {
			return nil, "", true
		}
		return a.Do(msg), "", true
	}
	return nil, why, off != nil
}

// ShortHelp is the one-line help: the Short actions' bindings, lowest
// first.
func (l List) ShortHelp() []key.Binding {
	short := l.ShortActions()
	out := make([]key.Binding, len(short))
	for i, a := range short {
		out[i] = a.Binding
	}
	return out
}

// ShortActions are the one-line help's actions, the Short ones, lowest
// first.
func (l List) ShortActions() []*Action {
	var short []*Action
	for _, a := range l {
		if a.Short > 0 {
			short = append(short, a)
		}
	}
	slices.SortStableFunc(short, func(a, b *Action) int { return a.Short - b.Short })
	return short
}

// FullHelp is every action's binding, a column a group.
func (l List) FullHelp() [][]key.Binding {
	var cols [][]key.Binding
	for _, g := range l.Groups() {
		var col []key.Binding
		for _, it := range g.Items {
			col = append(col, it.Actions[0].Binding)
		}
		cols = append(cols, col)
	}
	return cols
}

// A Group is one heading of the full help and its lines.
type Group struct {
	Name  string
	Items []Item
}

// An Item is one line of the full help: its key and text, and the actions
// it stands for (dimmed when none of them acts now).
type Item struct {
	Key, Desc string
	Actions   []*Action
}

// Off reports whether none of the item's actions acts now.
func (it Item) Off() bool {
	for _, a := range it.Actions {
		if a.Binding.Enabled() {
			return false
		}
	}
	return true
}

// Groups are the actions by heading, in the order of each heading's first
// action; actions next to each other with the same Line are one item.
func (l List) Groups() []Group {
	var groups []Group
	at := map[string]int{}
	for _, a := range l {
		if a.Group == "" {
			continue
		}
		k, ok := at[a.Group]
		if !ok {
			k = len(groups)
			at[a.Group] = k
			groups = append(groups, Group{Name: a.Group})
		}
		g := &groups[k]
		if n := len(g.Items); a.Line != nil && n > 0 && g.Items[n-1].Actions[0].Line == a.Line {
			g.Items[n-1].Actions = append(g.Items[n-1].Actions, a)
			continue
		}
		it := Item{Key: a.Binding.Help().Key, Desc: a.Binding.Help().Desc, Actions: []*Action{a}}
		if a.Line != nil {
			it.Key, it.Desc = a.Line.Key, a.Line.Desc
		}
		g.Items = append(g.Items, it)
	}
	return groups
}
