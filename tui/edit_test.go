package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
)

// TestAddPointAtLimit: with data at the most points kernelscope trains on
// (made small here), o, x and a click add nothing and say why, naming the
// limit; del then makes room for one again. (That a session saved at
// the limit reopens with all its points is package files' test; editing's
// answers to a full session, package edit's.)
func TestAddPointAtLimit(t *testing.T) {
	o := builtinOptions(t, "moons", 60)
	defer func(n int) { lab.MaxPoints = n }(lab.MaxPoints)
	lab.MaxPoints = 62
	m := newModel(t, o, 120, 40)
	press(m, "space", "o", "right", "right", "x")
	if !screenSays(m, "with y = −1 (n = 62)") {
		t.Fatalf("two points added below the limit: want n = 62:\n%s", screen(m))
	}
	// o and x are off (help dims them): they say why, and are not tried.
	limit := "n = 62 is the most points kernelscope trains on"
	for _, k := range []string{"o", "x"} {
		press(m, "up", k)
		if !screenSays(m, limit) || screenSays(m, "could not add") || screenSays(m, "added (") {
			t.Errorf("%s at the limit: want it off, saying %q:\n%s", k, limit, screen(m))
		}
	}
	// The plot's cell (3, 2): the region at (0, 0), its border and the
	// 7 columns of x₂'s labels before the plot, its title above.
	m.Update(tea.MouseClickMsg{X: 1 + 7 + 3, Y: 1 + 2, Button: tea.MouseLeft})
	if !screenSays(m, "could not add the point: "+limit) {
		t.Errorf("a click at the limit: want nothing added and %q:\n%s", limit, screen(m))
	}
	// del on x₆ makes room: o adds again.
	press(m, "6", "delete")
	if !screenSays(m, "deleted the point nearest") || !screenSays(m, "α reset (n = 61)") {
		t.Fatalf("del on x₆ at the limit:\n%s", screen(m))
	}
	press(m, "o")
	if !screenSays(m, "with y = +1 (n = 62)") {
		t.Errorf("del then o at the limit: want n = 62:\n%s", screen(m))
	}
}

// TestCtrlHDeletes: ctrl+h (BS, what PuTTY's "Backspace key: Control-H"
// sends) deletes the point nearest the cursor as backspace and del do
// (issue 40).
func TestCtrlHDeletes(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 60), 120, 40)
	press(m, "6")
	m.Update(tea.KeyPressMsg{Code: 'h', Mod: tea.ModCtrl})
	if !screenSays(m, "deleted the point nearest") || !screenSays(m, "n = 59") {
		t.Errorf("ctrl+h on x₆: want it deleted:\n%s", screen(m))
	}
}
