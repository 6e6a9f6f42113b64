package edit

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/region"
)

// harness is editing alone on a session and a region panel of w×h (77×34:
// the region of a 120×40 terminal), its keys answered as the program
// answers them (every key seen first, then the first action of the key
// that acts now, or why none does), and a host that records what it says.
type harness struct {
	t    *testing.T
	s    Session
	lab  *lab.Session
	r    *region.RegionView
	e    *Model
	host *tuitest.Host
	keys action.List
	w, h int
}

func newHarness(t *testing.T, o lab.Options, w, h int) *harness {
	t.Helper()
	s := tuitest.Session(t, o)
	return newHarnessOn(t, s, s, w, h)
}

// newHarnessOn edits s, which is ls as editing sees it.
func newHarnessOn(t *testing.T, s Session, ls *lab.Session, w, h int) *harness {
	t.Helper()
	hs := &harness{t: t, s: s, lab: ls, host: &tuitest.Host{S: ls}, w: w, h: h}
	hs.r = &region.RegionView{S: ls, Th: common.NewTheme(true, true, colorprofile.Ascii), Approx: region.NewApproxOverlay()}
	hs.e = New(s, hs.r, hs.host)
	hs.keys = hs.e.Actions()
	hs.update()
	return hs
}

// update sizes the region, computes its field on the plot's grid and
// brings its drawing up to date, as the program does after every message.
func (hs *harness) update() {
	hs.keys.Sync()
	hs.r.SetSize(hs.w, hs.h)
	tuitest.RunField(hs.lab.Resize(hs.r.PlotW, 2*hs.r.PlotH))
	hs.r.Refresh()
}

// key is the key press of k, the shifted arrows ("shift+left") included.
func key(k string) tea.KeyPressMsg {
	arrows := map[string]rune{"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight}
	if dir, ok := strings.CutPrefix(k, "shift+"); ok && arrows[dir] != 0 {
		return tea.KeyPressMsg{Code: arrows[dir], Mod: tea.ModShift}
	}
	return tuitest.Key(k)
}

// press sends keys as the program does; a key that is not editing's only
// ends a number typed or a question asked.
func (hs *harness) press(keys ...string) {
	hs.t.Helper()
	for _, k := range keys {
		msg := key(k)
		if msg.String() != k {
			hs.t.Fatalf("the key %q is sent as %q", k, msg.String())
		}
		hs.host.Said = ""
		hs.e.Observe(msg)
		hs.keys.Sync()
		if _, why, _ := hs.keys.Handle(msg); why != "" {
			hs.host.Say(why)
		}
		hs.update()
	}
}

// click sends a mouse button on plot cell (cx, cy).
func (hs *harness) click(b tea.MouseButton, cx, cy int) {
	hs.host.Said = ""
	hs.e.Observe(tea.MouseClickMsg{Button: b})
	hs.e.Click(b, cx, cy)
	hs.update()
}

// enabled reports whether key's action acts now, as help shows it.
func (hs *harness) enabled(name string) bool {
	hs.keys.Sync()
	for _, a := range hs.keys {
		if a.Has(key(name)) {
			return a.Binding.Enabled()
		}
	}
	hs.t.Fatalf("editing has no key %s", name)
	return false
}

// n is the number of points.
func (hs *harness) n() int { return len(hs.s.Options().Points) }

// TestGoToExample: digits move the cursor to the example they name, at
// once, and further digits refine the number while it names an example;
// another key ends the number.
func TestGoToExample(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "circles", 200), 77, 34)
	hs.press("1")
	if got := hs.r.Under(); !slices.Contains(got, 0) {
		t.Errorf("after 1 the cursor's cell holds %v, want x₁ (index 0)", got)
	}
	if !strings.Contains(hs.host.Said, "another digit goes on to x₁₀…") {
		t.Errorf("after 1: %q, want the next digit announced", hs.host.Said)
	}
	hs.press("2")
	if got := hs.r.Under(); !slices.Contains(got, 11) || !strings.Contains(hs.host.Said, "x₁₂") {
		t.Errorf("after 1 2 the cursor's cell holds %v (message %q), want x₁₂", got, hs.host.Said)
	}
	hs.press("5") // 125 ≤ 200
	if got := hs.r.Under(); !slices.Contains(got, 124) || !strings.Contains(hs.host.Said, "x₁₂₅") {
		t.Errorf("after 1 2 5: %v, %q, want x₁₂₅", got, hs.host.Said)
	}
	hs.press("7") // 1257 > 200: a new number, x₇
	if got := hs.r.Under(); !slices.Contains(got, 6) || !strings.Contains(hs.host.Said, "cursor on x₇ ") {
		t.Errorf("after 1 2 5 7: %v, %q, want x₇", got, hs.host.Said)
	}
	hs.press("right", "3") // another key ends the number: 3, not 73
	if !strings.Contains(hs.host.Said, "cursor on x₃ ") {
		t.Errorf("after → 3: %q, want x₃", hs.host.Said)
	}
	hs.press("0") // 30 ≤ 200
	if !strings.Contains(hs.host.Said, "cursor on x₃₀ ") {
		t.Errorf("after 3 0: %q, want x₃₀", hs.host.Said)
	}
	hs.press("esc", "0")
	if !strings.Contains(hs.host.Said, "no example 0: they are numbered 1 to 200") {
		t.Errorf("0 after another key: %q, want the numbering explained", hs.host.Said)
	}
}

// TestCursor: the first arrow shows the cursor in the middle of the plot,
// the next move it a cell (⇧: five), within the plot; v visits the
// support vectors in turn.
func TestCursor(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 77, 34)
	if hs.enabled("v") {
		t.Error("v is enabled with no support vectors")
	}
	hs.press("up")
	cx, cy, on := hs.r.Cursor()
	if !on || cx != hs.r.PlotW/2 || cy != hs.r.PlotH/2 {
		t.Fatalf("the first arrow: cursor (%d, %d) on %v, want the middle (%d, %d)", cx, cy, on, hs.r.PlotW/2, hs.r.PlotH/2)
	}
	hs.press("up", "shift+left")
	if x, y, _ := hs.r.Cursor(); x != cx-5 || y != cy-1 {
		t.Errorf("↑ ⇧←: cursor (%d, %d), want (%d, %d)", x, y, cx-5, cy-1)
	}
	for range 40 {
		hs.press("shift+right")
	}
	if x, _, _ := hs.r.Cursor(); x != hs.r.PlotW-1 {
		t.Errorf("the cursor left the plot: column %d of %d", x, hs.r.PlotW)
	}
	// Seed 003 to convergence: x₁ alone is a support vector (α₁ = 1).
	for hs.lab.Step() {
	}
	hs.update()
	hs.press("v")
	if got := hs.r.Under(); !slices.Contains(got, 0) || hs.host.Said != "cursor on support vector x₁ (α₁ = 1)" {
		t.Errorf("v: the cursor's cell holds %v, %q; want x₁", got, hs.host.Said)
	}
}

// TestAddAndDelete: o and x add a +1 and a −1 point at the cursor's cell,
// rounded to 3 decimals; the perceptron keeps α and visits it this pass;
// the points become yours; del deletes the nearest within two cells;
// clicks add (left, right) and delete (middle) where they land.
func TestAddAndDelete(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 60), 77, 34)
	hs.press("space")
	hs.press("delete") // no cursor yet: it shows it
	if hs.n() != 60 || hs.host.Said != "move the cursor to a point and press del again" {
		t.Errorf("del with no cursor: n = %d, %q", hs.n(), hs.host.Said)
	}
	hs.press("o")
	cx, cy, _ := hs.r.Cursor()
	x1, x2 := hs.r.At(cx, cy)
	p := hs.s.Options().Points[60]
	if hs.n() != 61 || p.Y != 1 || p.X1 != roundCoord(x1) || p.X2 != roundCoord(x2) {
		t.Fatalf("o: n = %d, point %+v; want +1 at (%v, %v)", hs.n(), p, roundCoord(x1), roundCoord(x2))
	}
	want := fmt.Sprintf("added (%s, %s) with y = +1 (n = 61): α kept, training goes on and visits it this pass", learn.Num(p.X1), learn.Num(p.X2))
	if hs.host.Said != want || !hs.host.Stopped {
		t.Errorf("o says %q (player stopped %v), want %q", hs.host.Said, hs.host.Stopped, want)
	}
	if !hs.lab.OnYours() || !hs.lab.Unsaved() {
		t.Error("the edited points are not yours, unsaved")
	}
	hs.press("down", "down", "x")
	if hs.n() != 62 || hs.s.Options().Points[61].Y != -1 {
		t.Fatalf("x: n = %d, want a −1 point", hs.n())
	}
	hs.press("delete")
	if hs.n() != 61 || !strings.HasPrefix(hs.host.Said, "deleted the point nearest") || !strings.HasSuffix(hs.host.Said, "α reset (n = 61)") {
		t.Errorf("del on the −1 point: n = %d, %q", hs.n(), hs.host.Said)
	}
	for range 3 {
		hs.press("right")
	}
	hs.press("delete")
	if hs.n() != 61 || hs.host.Said != "no point within two cells of the cursor" {
		t.Errorf("del three cells away: n = %d, %q", hs.n(), hs.host.Said)
	}
	for _, c := range []struct {
		b    tea.MouseButton
		n, y int
	}{{tea.MouseLeft, 62, 1}, {tea.MouseRight, 63, -1}, {tea.MouseMiddle, 62, 0}} {
		hs.click(c.b, 3, 2)
		if x, y, on := hs.r.Cursor(); hs.n() != c.n || x != 3 || y != 2 || !on {
			t.Fatalf("%v at (3, 2): n = %d, cursor (%d, %d) %v; want n = %d, the cursor there", c.b, hs.n(), x, y, on, c.n)
		}
		if c.y != 0 && hs.s.Options().Points[c.n-1].Y != c.y {
			t.Errorf("%v added y = %d", c.b, hs.s.Options().Points[c.n-1].Y)
		}
	}
}

// TestAskBeforeEdit: with unsaved points of yours, editing other data
// (which makes it yours) asks for a second press first; any other input
// drops the question.
func TestAskBeforeEdit(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 60), 77, 34)
	hs.press("up", "o") // 61 unsaved points of yours
	b, _ := datasets.Lookup("circles")
	if err := hs.lab.UseBuiltin(b, false); err != nil {
		t.Fatal(err)
	}
	hs.update()
	n := hs.n()
	hs.press("o")
	if hs.n() != n || !strings.Contains(hs.host.Said, "drops your 61 unsaved points: press o again to go on") {
		t.Fatalf("o on other data: n = %d (was %d), %q", hs.n(), n, hs.host.Said)
	}
	hs.press("left", "o")
	if hs.n() != n || !strings.Contains(hs.host.Said, "press o again") {
		t.Errorf("o after another key: n = %d, %q; want the question again", hs.n(), hs.host.Said)
	}
	hs.press("o")
	if hs.n() != n+1 || !strings.HasPrefix(hs.host.Said, "added") {
		t.Errorf("o again: n = %d, %q; want the point added", hs.n(), hs.host.Said)
	}
	hs.click(tea.MouseLeft, 1, 1) // the circles are yours now: no question
	if hs.n() != n+2 {
		t.Errorf("a click on your own points asked again: %q", hs.host.Said)
	}
}

// full is a session that holds the most points it may.
type full struct{ *lab.Session }

func (full) Full() bool        { return true }
func (full) ErrFullNow() error { return lab.ErrFull() }
func (full) AddPoint(float64, float64, int) (bool, error) {
	return false, lab.ErrFull()
}

// TestFullAndHeldOut: at the most points the data may hold, o and x are
// off and say why (naming the limit), and a click says it could not add;
// del still deletes. With rows held out as test data every edit is off,
// for the same reason a click gives.
func TestFullAndHeldOut(t *testing.T) {
	t.Parallel()
	s := tuitest.Session(t, tuitest.Builtin(t, "moons", 60))
	hs := newHarnessOn(t, full{s}, s, 77, 34)
	limit := lab.ErrFull().Error()
	for _, k := range []string{"o", "x"} {
		hs.press("up", k)
		if hs.enabled(k) || hs.n() != 60 || hs.host.Said != limit {
			t.Errorf("%s when full: enabled %v, n = %d, %q; want %q", k, hs.enabled(k), hs.n(), hs.host.Said, limit)
		}
	}
	hs.click(tea.MouseLeft, 3, 2)
	if hs.n() != 60 || hs.host.Said != "could not add the point: "+limit {
		t.Errorf("a click when full: n = %d, %q", hs.n(), hs.host.Said)
	}
	hs.press("1", "delete")
	if hs.n() != 59 {
		t.Errorf("del when full: n = %d, %q", hs.n(), hs.host.Said)
	}

	o := tuitest.Builtin(t, "moons", 0)
	o.Holdout = lab.Holdout{Fraction: 0.3}
	held := newHarness(t, o, 77, 34)
	held.press("1")
	for _, k := range []string{"o", "x", "delete"} {
		held.press(k)
		if held.enabled(k) || held.n() != 100 || held.host.Said != holdoutWhy {
			t.Errorf("%s with rows held out: enabled %v, n = %d, %q", k, held.enabled(k), held.n(), held.host.Said)
		}
	}
	held.click(tea.MouseLeft, 3, 2)
	if held.n() != 100 || held.host.Said != holdoutWhy {
		t.Errorf("a click with rows held out: n = %d, %q", held.n(), held.host.Said)
	}
}

// TestNoPlot: in a region too small for a plot the cursor keys are off
// and say why.
func TestNoPlot(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 8, 3)
	for _, k := range []string{"up", "o", "1"} {
		hs.press(k)
		if hs.enabled(k) || !strings.Contains(hs.host.Said, "make the terminal larger") {
			t.Errorf("%s with no plot: enabled %v, %q", k, hs.enabled(k), hs.host.Said)
		}
	}
	if hs.e.Probe() != "" {
		t.Errorf("a probe with no plot: %q", hs.e.Probe())
	}
}

// TestProbe: the cursor's cell answers what f predicts there and why
// (notation.Probe at the cell's centre) and names the examples drawn in
// it, on the region as editing leaves it (the cursor on x₁ after seed
// 003's first step), at the region's size in a 120×40 terminal, a small
// one and a tiny one.
func TestProbe(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 77, 34)
	if hs.e.Probe() != "" {
		t.Errorf("a probe with the cursor hidden: %q", hs.e.Probe())
	}
	hs.lab.Step()
	for _, size := range [][2]int{{77, 34}, {40, 12}, {14, 5}} {
		hs.w, hs.h = size[0], size[1]
		hs.update()
		hs.press("1")
		cx, cy, _ := hs.r.Cursor()
		x1, x2 := hs.r.At(cx, cy)
		l := hs.lab.Learner()
		want := "cursor: " + notation.Probe(l, l.Config().Tie, x1, x2)
		got := hs.e.Probe()
		if !strings.HasPrefix(got, want) || !strings.Contains(got, "here: x₁") {
			t.Errorf("%dx%d: probe %q, want %q and x₁ here", size[0], size[1], got, want)
		}
		view := hs.r.View()
		tuitest.Fits(t, view, size[0], size[1])
		tuitest.Golden(t, filepath.Join("testdata", fmt.Sprintf("worked4_cursor_%dx%d.golden", size[0], size[1])), ansi.Strip(view)+"\n"+got)
	}
}
