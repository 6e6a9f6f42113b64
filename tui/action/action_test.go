package action

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func press(s string) tea.KeyPressMsg {
	if s == "space" {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

// TestHandle: the first action of a key that acts does; when every action
// of the key is off, the first one's reason is the answer; a key no action
// has is not handled.
func TestHandle(t *testing.T) {
	t.Parallel()
	var did []string
	off := func(why string) func() string { return func() string { return why } }
	mode := New("quiz", "+", "yes", "+")
	mode.Off = off("the quiz is off")
	mode.Do = func(tea.KeyPressMsg) tea.Cmd { did = append(did, "yes"); return nil }
	faster := New(GroupStepping, "+", "faster", "+", "=")
	faster.Do = func(tea.KeyPressMsg) tea.Cmd { did = append(did, "faster"); return nil }
	slower := New(GroupStepping, "-", "slower", "-")
	slower.Off = off("1 step a second is the slowest")
	l := List{mode, faster, slower}

	if _, why, ok := l.Handle(press("+")); !ok || why != "" || !slices.Equal(did, []string{"faster"}) {
		t.Errorf("+ with the quiz off: ok %v, why %q, did %v; want faster", ok, why, did)
	}
	mode.Off = nil
	if _, _, ok := l.Handle(press("+")); !ok || !slices.Equal(did, []string{"faster", "yes"}) {
		t.Errorf("+ with the quiz on: did %v; want the quiz's yes first", did)
	}
	if _, why, ok := l.Handle(press("-")); !ok || why != "1 step a second is the slowest" || len(did) != 2 {
		t.Errorf("- when off: ok %v, why %q, did %v", ok, why, did)
	}
	if _, why, ok := l.Handle(press("x")); ok || why != "" {
		t.Errorf("x, which no action has: ok %v, why %q", ok, why)
	}
}

// TestGuard: a guard holds the action before its own rule, and lets its
// own rule speak once it lets go.
func TestGuard(t *testing.T) {
	t.Parallel()
	a := New(GroupView, "X", "cross-validation", "X")
	own := "own rule"
	a.Off = func() string { return own }
	held := "quizzing"
	a.Guard(func() string { return held })
	if got := a.Why(); got != "quizzing" {
		t.Errorf("held: %q", got)
	}
	held = ""
	if got := a.Why(); got != "own rule" {
		t.Errorf("let go: %q, want the action's own rule", got)
	}
	own = ""
	if got := a.Why(); got != "" {
		t.Errorf("neither: %q", got)
	}
	b := New(GroupView, "M", "spectrum", "M")
	b.Guard(func() string { return "" })
	if got := b.Why(); got != "" {
		t.Errorf("a guard on an action with no rule: %q", got)
	}
}

// TestHelp: Sync enables exactly the actions that act; the one-line help
// lists the Short actions lowest first; the full help groups the actions
// under their headings in the order each heading first appears, with the
// actions that share a Line as one item, dimmed only when none of them
// acts.
func TestHelp(t *testing.T) {
	t.Parallel()
	speed := &Line{Key: "+ -", Desc: "faster / slower"}
	step := New(GroupStepping, "space", "step", "space")
	faster := New(GroupStepping, "+", "faster", "+")
	slower := New(GroupStepping, "-", "slower", "-")
	faster.Line, slower.Line = speed, speed
	slower.Off = func() string { return "slowest" }
	quit := New(GroupView, "q", "quit", "q")
	data := New(GroupData, "d", "next dataset", "d")
	hidden := New("", "↑", "turn", "up")
	step.Short, quit.Short, data.Short = 2, 13, 10
	l := List{step, faster, slower, data, hidden, quit}
	l.Sync()
	if !faster.Binding.Enabled() || slower.Binding.Enabled() {
		t.Errorf("Sync: faster %v, slower %v", faster.Binding.Enabled(), slower.Binding.Enabled())
	}
	var short []string
	for _, b := range l.ShortHelp() {
		short = append(short, b.Help().Key)
	}
	if !slices.Equal(short, []string{"space", "d", "q"}) {
		t.Errorf("one-line help %v", short)
	}
	groups := l.Groups()
	var names []string
	for _, g := range groups {
		names = append(names, g.Name)
	}
	if !slices.Equal(names, []string{GroupStepping, GroupData, GroupView}) {
		t.Fatalf("groups %v", names)
	}
	items := groups[0].Items
	if len(items) != 2 || items[1].Key != "+ -" || items[1].Desc != "faster / slower" || len(items[1].Actions) != 2 || items[1].Off() {
		t.Errorf("stepping's items %+v; want space, then + - as one item, on while + acts", items)
	}
	faster.Off = func() string { return "fastest" }
	l.Sync()
	if !l.Groups()[0].Items[1].Off() {
		t.Error("+ - is not dimmed with both off")
	}
	if cols := l.FullHelp(); len(cols) != 3 || len(cols[0]) != 2 {
		t.Errorf("full help columns %d", len(cols))
	}
}
