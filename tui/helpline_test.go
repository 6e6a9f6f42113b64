package tui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/action"
)

// TestFitKeys: the key line's layout rule. A line that marks no key kept
// keeps its last two (? and q) and the keys before them that fit, in
// order; a line that marks keys kept (the quiz's answers) shows every one
// that acts, the others giving way first, then the kept keys all taking
// their brief help; a key that does not act is not shown.
func TestFitKeys(t *testing.T) {
	t.Parallel()
	key := func(k, desc, brief string, keep, on bool) *action.Action {
		a := action.New("", k, desc, k)
		a.Brief, a.Keep = brief, keep
		a.Binding.SetEnabled(on)
		return a
	}
	line := func(acts []*action.Action, w int) string {
		var out []string
		for _, b := range fitKeys(help.New(), acts, w) {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
		return strings.Join(out, " • ")
	}
	root := []*action.Action{
		key("space", "step", "", false, true),
		key("e", "finish epoch", "", false, true),
		key("?", "all keys", "", false, true),
		key("q", "quit", "", false, true),
	}
	quiz := func(yn bool) []*action.Action {
		return []*action.Action{
			key("+", "sign +1", "+1", true, true),
			key("−", "sign −1", "−1", true, true),
			key("y", "a mistake", "yes", true, yn),
			key("n", "not a mistake", "no", true, yn),
			key("b", "step back (score kept)", "", false, true),
			key("space", "reveal the step", "reveal", true, false),
			key("Q", "leave the quiz", "leave", true, true),
		}
	}
	for _, c := range []struct {
		name string
		acts []*action.Action
		w    int
		want string
	}{
		{"root, room for all", root, 80, "space step • e finish epoch • ? all keys • q quit"},
		{"root, short of room: the last two and what fits before", root, 32, "space step • ? all keys • q quit"},
		{"quiz, room for all", quiz(true), 120, "+ sign +1 • − sign −1 • y a mistake • n not a mistake • b step back (score kept) • Q leave the quiz"},
		// b would be one of the last two keys that act: it gives way, the
		// answers stay whole (issue 33: − was left out at 60 columns).
		{"quiz, the sign asked, b gives way", quiz(false), 60, "+ sign +1 • − sign −1 • Q leave the quiz"},
		{"quiz, the mistake asked: brief help", quiz(true), 60, "+ +1 • − −1 • y yes • n no • Q leave"},
	} {
		got := line(c.acts, c.w)
		if got != c.want {
			t.Errorf("%s at %d:\n got %q\nwant %q", c.name, c.w, got, c.want)
		}
		if ansi.StringWidth(got) > c.w {
			t.Errorf("%s: %d cells, wider than %d", c.name, ansi.StringWidth(got), c.w)
		}
	}
}
