package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
)

// TestAddPointAtLimit: with data at the most points kernelscope trains on
// (made small here), o, x and a click add nothing and say why, naming the
// limit; del then makes room for one again. (That a session saved at
// the limit reopens with all its points is package files' test.)
func TestAddPointAtLimit(t *testing.T) {
	o := builtinOptions(t, "moons", 60)
	defer func(n int) { lab.MaxPoints = n }(lab.MaxPoints)
	lab.MaxPoints = 62
	m := newModel(t, o, 120, 40)
	press(m, "space", "o", "right", "right", "x")
	if n := len(m.s.Options().Points); n != 62 {
		t.Fatalf("two points added below the limit: n = %d, want 62: %q", n, m.message)
	}
	limit := "n = 62 is the most points kernelscope trains on"
	for _, k := range []string{"o", "x"} {
		press(m, "up", k)
		if n := len(m.s.Options().Points); n != 62 || !strings.Contains(m.message, limit) {
			t.Errorf("%s at the limit: n = %d, message %q; want n = 62 and %q", k, n, m.message, limit)
		}
	}
	m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + 3, Y: m.region.PlotY0 + 2, Button: tea.MouseLeft})
	if n := len(m.s.Options().Points); n != 62 || !strings.Contains(m.message, limit) {
		t.Errorf("a click at the limit: n = %d, message %q; want n = 62 and %q", n, m.message, limit)
	}
	if keyAction(m, "o").Binding.Enabled() || keyAction(m, "x").Binding.Enabled() {
		t.Errorf("o and x are in the help at the limit")
	}
	// del makes room: o adds again.
	p := m.s.Options().Points[5]
	m.region.CursorOn = true
	m.region.CursorX, m.region.CurY, _ = m.region.CellOf(p.X1, p.X2)
	press(m, "delete", "o")
	if n := len(m.s.Options().Points); n != 62 {
		t.Errorf("del then o at the limit: n = %d, want 62: %q", n, m.message)
	}
}
