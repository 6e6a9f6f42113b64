package tui

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/learn"
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/panels"
	"kernelscope/tui/player"
	"kernelscope/tui/region"
)

// builtinOptions sets up a built-in dataset with its preset, as the command
// line does.
func builtinOptions(t testing.TB, name string, n int) Options {
	t.Helper()
	return tuitest.Builtin(t, name, n)
}

func newModel(t testing.TB, o Options, w, h int) *Model {
	t.Helper()
	if tt, ok := t.(*testing.T); ok {
		tt.Setenv("NO_COLOR", "")
	}
	m := New(o)
	_, cmd := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	run(m, cmd, 10) // the field of a large set, the Mercer check
	return m
}

// press sends keys one at a time; a Mercer check a key starts is done at
// once (settle).
func press(m *Model, keys ...string) {
	for _, k := range keys {
		m.Update(keyMsg(k))
		settle(m)
	}
}

// settle does at once what the Gram panel's Mercer check command would do,
// so tests that press keys see its result without running timers.
func settle(m *Model) {
	if g := m.gram; g.Asked == m.s.Built() && g.MercerFor != m.s.Built() {
		m.Update(panels.MercerMsg{Built: m.s.Built(), Note: panels.MercerOf(m.s.Learner().Gram())})
	}
}

// pressRun sends keys and runs the commands they return to the end (a
// run to convergence or to the end of a pass goes in chunks).
func pressRun(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		run(m, cmd, 1_000_000)
	}
}

// keyMsg builds the key press that tea.KeyPressMsg.String() reports as k.
func keyMsg(k string) tea.KeyPressMsg { return tuitest.Key(k) }

// screen is what a person sees: the view without colors.
func screen(m *Model) string { return ansi.Strip(m.View().Content) }

// flat is the screen with every run of spaces and line breaks made one
// space, so that text the status line wraps reads whole.
func flat(m *Model) string { return strings.Join(strings.Fields(screen(m)), " ") }

// shows reports whether the screen shows text, wrapped or not.
func shows(m *Model, text string) bool {
	return strings.Contains(flat(m), strings.Join(strings.Fields(text), " "))
}

// statusRE finds the pass and step on the status line of a learner that
// makes passes (a field of its own, at a line's end or not).
var statusRE = regexp.MustCompile(`pass (\d+), step (\d+)(?: │|$| )`)

// stepOf is the step the status line gives ("pass 2, step 8").
func stepOf(t testing.TB, m *Model) int {
	t.Helper()
	_, step := passStep(t, m)
	return step
}

// passStep is the pass and the step the status line gives.
func passStep(t testing.TB, m *Model) (pass, step int) {
	t.Helper()
	got := statusRE.FindStringSubmatch(flat(m))
	if got == nil {
		t.Fatalf("no pass and step on the status line:\n%s", screen(m))
	}
	pass, _ = strconv.Atoi(got[1])
	step, _ = strconv.Atoi(got[2])
	return pass, step
}

// panelBox is the first panel whose top border begins with title ("α", or ""
// for the region at the top left), as the screen shows it: its lines,
// borders included, and its top-left corner.
func panelBox(t testing.TB, m *Model, title string) (lines []string, x0, y0 int) {
	t.Helper()
	rows := strings.Split(screen(m), "\n")
	for y, row := range rows {
		i := strings.Index(row, "╭─ "+title)
		if i < 0 {
			continue
		}
		x0 = ansi.StringWidth(row[:i])
		top := ansi.Cut(row, x0, ansi.StringWidth(row))
		w := ansi.StringWidth(top[:strings.Index(top, "╮")]) + 1
		for _, l := range rows[y:] {
			cell := ansi.Cut(l, x0, x0+w)
			lines = append(lines, cell)
			if strings.HasPrefix(cell, "╰") {
				return lines, x0, y
			}
		}
	}
	t.Fatalf("no panel %q on the screen:\n%s", title, screen(m))
	return nil, 0, 0
}

// plotArea is where the region's plot is on the screen: its top-left
// cell and its size in cells. It takes the region's box (the first panel,
// at the top left) and, inside it, the cells drawn as half blocks ▀ (the
// field, two pixels a cell, in color), so it needs the field on screen
// and the points to leave the plot's edges some ▀.
func plotArea(t testing.TB, m *Model) (x0, y0, w, h int) {
	t.Helper()
	lines, bx, by := panelBox(t, m, "")
	x0, y0 = -1, -1
	x1, y1 := -1, -1
	for y, l := range lines {
		for x, r := range []rune(l) {
			if r != '▀' {
				continue
			}
			if x0 < 0 || x < x0 {
				x0 = x
			}
			if y0 < 0 {
				y0 = y
			}
			x1, y1 = max(x1, x), y
		}
	}
	if x0 < 0 {
		t.Fatalf("no field in the region:\n%s", strings.Join(lines, "\n"))
	}
	return bx + x0, by + y0, x1 - x0 + 1, y1 - y0 + 1
}

// screenCell is the cell of the screen at column x, row y.
func screenCell(m *Model, x, y int) string {
	rows := strings.Split(screen(m), "\n")
	if y < 0 || y >= len(rows) {
		return ""
	}
	return ansi.Cut(rows[y], x, x+1)
}

// click sends a mouse button at the screen cell (x, y).
func click(m *Model, x, y int, b tea.MouseButton) {
	m.Update(tea.MouseClickMsg{X: x, Y: y, Button: b})
}

// refView is the data's viewport as the program frames it for a plot of
// pw×ph cells (two lattice pixels a cell vertically): that of a session
// opened here on the same options, so a test can say where a point is
// drawn without asking the program.
func refView(t testing.TB, o Options, pw, ph int) learn.Rect {
	t.Helper()
	s := tuitest.Session(t, o)
	s.Resize(pw, 2*ph)
	return s.View()
}

// cellOf is the plot cell of (x1, x2) in a plot of pw×ph cells framing
// view, written out here: the viewport cut in pw columns and ph rows,
// x₂ growing upwards.
func cellOf(view learn.Rect, pw, ph int, x1, x2 float64) (cx, cy int, ok bool) {
	cx = int(math.Floor((x1 - view.MinX1) / (view.MaxX1 - view.MinX1) * float64(pw)))
	cy = int(math.Floor((view.MaxX2 - x2) / (view.MaxX2 - view.MinX2) * float64(ph)))
	return cx, cy, cx >= 0 && cx < pw && cy >= 0 && cy < ph
}

// deliver runs cmd as Bubble Tea would, batches included, hands Update
// each message, and returns what Update returned, batched.
func deliver(m *Model, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		var next []tea.Cmd
		for _, c := range batch {
			next = append(next, deliver(m, c))
		}
		return tea.Batch(next...)
	}
	if msg == nil {
		return nil
	}
	_, next := m.Update(msg)
	return next
}

func TestKeyMessagesSpellAsBound(t *testing.T) {
	for _, k := range []string{"space", "esc", "up", "delete", "backspace", "ctrl+c", "?", "+", "[", "{", "K"} {
		if got := keyMsg(k).String(); got != k {
			t.Errorf("keyMsg(%q).String() = %q", k, got)
		}
	}
}

// TestWorked4OneStep: after one step of seed 003's example the α panel shows
// α₁ = 1 (a¹ += y¹), the Gram panel the notes' rows 4 0 4 0 / 0 4 0 4, and
// the narration the first line of the notes' trace.
func TestWorked4OneStep(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space")
	out := screen(m)
	if !regexp.MustCompile(`1\s+1\s+1\s+\+1\s+1 ⊕`).MatchString(out) {
		t.Errorf("α panel lacks the row of x₁ with α₁ = 1:\n%s", out)
	}
	for _, row := range []string{`x₁\s+4\s+0\s+4\s+0`, `x₂\s+0\s+4\s+0\s+4`, `x₃\s+4\s+0\s+4\s+0`, `x₄\s+0\s+4\s+0\s+4`} {
		if !regexp.MustCompile(row).MatchString(out) {
			t.Errorf("Gram panel lacks row %s:\n%s", row, out)
		}
	}
	for _, want := range []string{
		"t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)   [step 1]",
		"mistake → α₁ += 1, new α = [1, 0, 0, 0]",
		"SV 1/4",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
}

// TestWorked4Converges: eight steps reproduce the notes to convergence, and
// stepping back undoes them one at a time.
func TestWorked4Converges(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	for range 8 {
		press(m, "space")
	}
	out := screen(m)
	for _, want := range []string{
		"t=2, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₄ ✓ (tie rule neg)   [step 8]",
		"converged ✓",
		"(x₁ + x₂)²",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
	press(m, "space") // converged: space does nothing
	if stepOf(t, m) != 8 || !shows(m, "converged ✓ after 2 passes") {
		t.Errorf("a step after convergence was taken:\n%s", screen(m))
	}
	press(m, "b", "b", "b")
	if stepOf(t, m) != 5 || !shows(m, "│ training │") {
		t.Errorf("after 3 steps back the status is not step 5, training:\n%s", screen(m))
	}
	if !strings.Contains(screen(m), "t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]") {
		t.Errorf("after stepping back the narration is not step 5's:\n%s", screen(m))
	}
	press(m, "b", "b", "b", "b", "b", "b")
	// The α panel's row of x₁ = (1, 1), y₁ = +1: α₁ = 0, no support vector.
	if stepOf(t, m) != 0 || !regexp.MustCompile(`1\s+1\s+1\s+\+1\s+0 \+`).MatchString(screen(m)) {
		t.Errorf("after stepping back to the start: not step 0 with α₁ = 0:\n%s", screen(m))
	}
}

// run executes a command and feeds its messages back, up to depth commands.
func run(m *Model, cmd tea.Cmd, depth int) {
	for ; cmd != nil && depth > 0; depth-- {
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				run(m, c, depth)
			}
			return
		}
		_, cmd = m.Update(msg)
	}
}

// TestConvergeAndPlay: c runs xor to convergence; at 1000 steps a
// second each tick of autoplay takes several steps; p pauses and the
// pending tick, arriving late, takes none; esc stops a run.
func TestConvergeAndPlay(t *testing.T) {
	m := newModel(t, builtinOptions(t, "xor", 0), 120, 40)
	_, cmd := m.Update(keyMsg("c"))
	run(m, cmd, 10000)
	if !shows(m, "converged ✓") || shows(m, "running to convergence") {
		t.Fatalf("after c the status does not say converged:\n%s", screen(m))
	}
	// Play at 1000 steps a second: each tick takes several steps.
	press(m, "r")
	for !shows(m, "p plays at 1000/s") {
		if press(m, "+"); shows(m, "p plays at 5000/s") {
			t.Fatal("+ never reaches 1000 steps a second")
		}
	}
	_, cmd = m.Update(keyMsg("p"))
	if !shows(m, "playing 1000/s") || stepOf(t, m) < 2 {
		t.Fatalf("p at 1000/s: not playing, or %d steps:\n%s", stepOf(t, m), screen(m))
	}
	// Two ticks: the screen is drawn at most once a frame while playing,
	// and the second comes a frame after the first.
	before := stepOf(t, m)
	cmd = deliver(m, deliver(m, cmd))
	if stepOf(t, m) <= before {
		t.Error("the ticks took no steps")
	}
	// Pause drops the pending tick.
	if _, c := m.Update(keyMsg("p")); c != nil || !shows(m, "paused (p plays at 1000/s)") {
		t.Errorf("p did not pause:\n%s", screen(m))
	}
	at := stepOf(t, m)
	deliver(m, cmd) // the tick that was pending
	if stepOf(t, m) != at {
		t.Error("a stale tick took steps")
	}
	// esc stops a run to convergence: circles with a linear kernel never
	// converges, so the run is 100 passes over 4000 points with a mistake
	// on about half the steps, far more than a chunk's work on any machine
	// (with the preset kernel the whole run fit in one chunk here).
	o := builtinOptions(t, "circles", 4000)
	o.Config.Kernel = learn.Linear{}
	m = newModel(t, o, 120, 40)
	m.Update(keyMsg("c"))
	if !shows(m, "running to convergence (esc stops)") {
		t.Fatalf("c on 4000 points finished in one chunk: no run to stop:\n%s", screen(m))
	}
	press(m, "esc")
	if shows(m, "running to convergence") {
		t.Error("esc did not stop the run")
	}
}

// TestSettingsKeys: the data and kernel keys in the program, as the
// status line and the message line show them (package controls tests
// what each changes in the session): k goes from poly to rbf with α from
// 0, ] steps σ from 0.5 to 0.7, a t s turn the bias on, the tie rule to
// mistake and the shuffle on; d reaches worked3 with its preset, d
// interval, d N xor with 200 points; Z and S change its noise and seed; ? lists the keys and
// m turns color off.
func TestSettingsKeys(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "space")
	press(m, "k") // poly → rbf
	if !shows(m, "│ K=rbf(sigma=0.5) │") || stepOf(t, m) != 0 || !shows(m, "α reset") {
		t.Fatalf("k: want rbf and α reset:\n%s", screen(m))
	}
	press(m, "]")
	if !shows(m, "│ K=rbf(sigma=0.7) │") {
		t.Errorf("] on σ=0.5 does not give 0.7 (the 1-1.5-2-3-5-7 series):\n%s", screen(m))
	}
	press(m, "a", "t", "s")
	if !shows(m, "│ bias on │ tie mistake │ shuffle (seed 1) │") {
		t.Errorf("a t s: want bias on, tie mistake, shuffle on:\n%s", screen(m))
	}
	press(m, "d") // worked3
	if !shows(m, "worked3 n=3 │") || !shows(m, "│ K=linear │ bias on │ tie pos") || !shows(m, "worked3: preset K = x·z, bias on, tie pos") {
		t.Errorf("d: want worked3 with its preset:\n%s", screen(m))
	}
	press(m, "d") // interval, the notes' 1-D input
	if !shows(m, "interval n=20 │") || !shows(m, "interval: preset K = (x·z + 1)²") {
		t.Errorf("d d: want interval with its preset:\n%s", screen(m))
	}
	press(m, "d", "N")
	if !shows(m, "xor n=200 noise=0.03 seed=1 │") {
		t.Errorf("d N: want xor with 200 points:\n%s", screen(m))
	}
	press(m, "Z")
	if !shows(m, "xor n=200 noise=0.08 seed=1 │") || !shows(m, "noise = 0.08: α reset") {
		t.Errorf("Z: want the noise up from 0.03 to 0.08:\n%s", screen(m))
	}
	press(m, "S")
	if !shows(m, "xor n=200 noise=0.08 seed=2 │") || !shows(m, "seed = 2: new points and shuffle order: α reset") {
		t.Errorf("S: want seed 2:\n%s", screen(m))
	}
	press(m, "?")
	if !strings.Contains(screen(m), "keys (? or esc closes") {
		t.Error("? does not show the key list")
	}
	press(m, "?", "m")
	// Without color the field is drawn with marks (· the +1 side), not
	// with colored half blocks.
	if !shows(m, "color-free mode: + − are classes") || strings.Contains(screen(m), "▀") {
		t.Errorf("m does not turn color off:\n%s", screen(m))
	}
}

func TestEditPoints(t *testing.T) {
	o := builtinOptions(t, "worked4", 0)
	m := newModel(t, o, 120, 40)
	x0, y0, pw, ph := plotArea(t, m)
	view := refView(t, o, pw, ph)
	// The α panel's row of example i, label y.
	row := func(i int, y string) *regexp.Regexp {
		return regexp.MustCompile(fmt.Sprintf(`│▶?\s+%d\s+\S+\s+\S+\s+%s\s`, i, regexp.QuoteMeta(y)))
	}
	press(m, "o") // shows the cursor and adds at its centre
	if !shows(m, "worked4* n=5 │") || !row(5, "+1").MatchString(screen(m)) {
		t.Fatalf("o: want a fifth point, +1:\n%s", screen(m))
	}
	press(m, "right", "right", "x")
	if !shows(m, "worked4* n=6 │") || !row(6, "−1").MatchString(screen(m)) {
		t.Fatalf("x: want a sixth point, −1:\n%s", screen(m))
	}
	press(m, "delete")
	if !shows(m, "worked4* n=5 │") || !shows(m, "deleted the point nearest") {
		t.Errorf("delete at the cursor: want 5 points:\n%s", screen(m))
	}
	// A left click on the plot adds +1, a right click −1, where clicked:
	// at the centre of the cell (region.CellAt), drawn in that cell.
	click(m, x0+3, y0+2, tea.MouseLeft)
	x1, x2 := region.CellAt(view, pw, ph, 3, 2)
	if want := fmt.Sprintf("added (%s, %s) with y = +1 (n = 6)", learn.Num(x1), learn.Num(x2)); !shows(m, want) {
		t.Errorf("a click at cell (3,2) does not say %q:\n%s", want, screen(m))
	}
	click(m, x0+5, y0+2, tea.MouseRight)
	if !shows(m, "worked4* n=7 │") || !row(6, "+1").MatchString(screen(m)) || !row(7, "−1").MatchString(screen(m)) {
		t.Fatalf("clicks: want a +1 and a −1 point added:\n%s", screen(m))
	}
	if screenCell(m, x0+3, y0+2) != "+" || screenCell(m, x0+5, y0+2) != "−" {
		t.Errorf("the clicked points are drawn %q %q at the cells clicked, want + −:\n%s", screenCell(m, x0+3, y0+2), screenCell(m, x0+5, y0+2), screen(m))
	}
	// A click outside the plot does nothing.
	click(m, 0, 0, tea.MouseLeft)
	if !shows(m, "worked4* n=7 │") {
		t.Error("a click on the border added a point")
	}
}

// TestFileStringsArePrinted: a file name and CSV header with control
// characters (an escape sequence, a bell) are shown without them.
func TestFileStringsArePrinted(t *testing.T) {
	o := builtinOptions(t, "worked3", 0)
	o.Dataset, o.File, o.Header = "", "evil\x1b[31m\a.csv", []string{"len\x1b[2Jgth", "wid\x07th", "y"}
	m := newModel(t, o, 120, 40)
	raw := m.View().Content
	for _, bad := range []string{"\x1b[31m\a", "\x1b[2J", "\x07"} {
		if strings.Contains(raw, bad) {
			t.Errorf("view contains %q from the file", bad)
		}
	}
	out := screen(m)
	if !strings.Contains(out, "evil[31m.csv") || !strings.Contains(out, "len[2Jg") || !strings.Contains(out, "width") {
		t.Errorf("file name or header not shown:\n%s", out)
	}
}

// commands runs the commands Update returns as Bubble Tea does, each in
// a goroutine of its own, and hands their messages back when they are
// ready: the ticks of autoplay when their timers fire, the chunks of a
// run, the results of work done off the UI path.
type commands struct{ msgs chan tea.Msg }

func newCommands() *commands { return &commands{msgs: make(chan tea.Msg, 1<<14)} }

// start runs cmd (nil: none) in a goroutine of its own.
func (c *commands) start(cmd tea.Cmd) {
	if cmd != nil {
		go func() { c.msgs <- cmd() }()
	}
}

// next hands Update the first message that is ready within wait, if any,
// and starts what it returns; a batch starts each of its commands
// instead.
func (c *commands) next(m *Model, wait time.Duration) {
	select {
	case msg := <-c.msgs:
		switch msg := msg.(type) {
		case tea.BatchMsg:
			for _, cmd := range msg {
				c.start(cmd)
			}
		case nil:
		default:
			_, cmd := m.Update(msg)
			c.start(cmd)
		}
	case <-time.After(wait):
	}
}

// TestNoPanics feeds thousands of random keys, clicks and window sizes
// (1×1 to 400×150), and the ticks of autoplay and the chunks of runs when
// they are ready, and renders after each; any panic fails the test, and
// so does quitting (no q is pressed).
func TestNoPanics(t *testing.T) {
	keys := []string{"space", "e", "c", "p", "+", "-", "b", "r", "?", "d", "D", "n", "N", "z", "Z", "S",
		"k", "K", "[", "]", "{", "}", "a", "t", "s", "up", "down", "left", "right", "o", "x", "delete",
		"backspace", "g", "m", "esc", "enter", "Q", "1", "ß", "l", "<", ">", "|", "L", "f", "B", "U", "h", "X", "P", "tab", "F"}
	r := rand.New(rand.NewPCG(42, 42))
	opens := map[string]func() *Model{}
	for _, name := range []string{"worked4", "xor", "circles", "spiral"} {
		opens[name] = func() *Model { return newModel(t, builtinOptions(t, name, 0), 80, 24) }
	}
	// Kernels and data that overflow float64, and data that cannot be
	// trained on at all (issue 6).
	for name, open := range overflowCases(t) {
		opens[name] = func() *Model { m, _ := open(); return m }
	}
	// The SVM, and comparison mode (issue 10).
	opens["circles svm"] = func() *Model { return newModel(t, svmOptions(t, "circles", 0), 80, 24) }
	opens["moons compare"] = func() *Model {
		m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
		press(m, "|")
		return m
	}
	opens["moons noise 1e308"] = func() *Model {
		o := builtinOptions(t, "moons", 0)
		o.Points = append(o.Points, datasets.Point{X1: math.Inf(-1), X2: 8e307, Y: 1})
		return newModel(t, o, 80, 24)
	}
	names := make([]string, 0, len(opens))
	for name := range opens {
		names = append(names, name)
	}
	slices.Sort(names)
	messages := 2000
	if raceDetector {
		messages = 500
	}
	for _, name := range names {
		m := opens[name]()
		cmds, pending := newCommands(), false
		for i := range messages {
			var msg tea.Msg
			switch r.IntN(10) {
			case 0:
				msg = tea.WindowSizeMsg{Width: 1 + r.IntN(400), Height: 1 + r.IntN(150)}
			case 1:
				msg = tea.MouseClickMsg{X: r.IntN(420) - 10, Y: r.IntN(160) - 5, Button: []tea.MouseButton{tea.MouseLeft, tea.MouseRight, tea.MouseMiddle}[r.IntN(3)]}
			case 2:
				// After a key that returned work, a tick or the next
				// chunk of a run (a millisecond's breath), if one is
				// ready.
				if pending {
					cmds.next(m, 2*time.Millisecond)
				}
			default:
				k := keys[r.IntN(len(keys))]
				_, cmd := m.Update(keyMsg(k))
				pending = cmd != nil
				if k == "p" || k == "c" || k == "e" {
					// Autoplay's ticks and a run's chunks; the other
					// keys' work (a field, a sweep, a figure) is not
					// waited for.
					cmds.start(cmd)
				}
			}
			if msg != nil {
				m.Update(msg)
			}
			// The program draws nothing once it quits.
			if m.View().Content == "" {
				t.Fatalf("%s: quit at message %d without q", name, i)
			}
		}
	}
	m := newModel(t, builtinOptions(t, "worked4", 0), 1, 1)
	if got := m.View().Content; strings.Count(got, "\n") != 0 {
		t.Errorf("1×1 view has %d lines", strings.Count(got, "\n")+1)
	}
}

// TestViewFitsTerminal: every line of the view is exactly as wide as the
// terminal, and there are exactly as many lines, at every size.
func TestViewFitsTerminal(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 80, 24)
	pressRun(m, "e")
	assertFits(t, m, [][2]int{{1, 1}, {19, 5}, {20, 6}, {40, 12}, {80, 24}, {99, 29}, {100, 24}, {120, 36}, {200, 60}, {400, 150}})
	m.Update(tea.WindowSizeMsg{Width: 19, Height: 5})
	if !strings.Contains(screen(m), "too small") {
		t.Error("no 'too small' message at 19×5")
	}
}

// assertFits resizes m to each size and checks that the view has exactly
// as many lines as the terminal, each exactly as wide.
func assertFits(t *testing.T, m *Model, sizes [][2]int) {
	t.Helper()
	for _, size := range sizes {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(screen(m), "\n")
		if len(lines) != size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != size[0] {
				t.Errorf("%dx%d: line %d is %d wide: %q", size[0], size[1], i, w, l)
				break
			}
		}
	}
}

// TestGolden compares the screen (colors stripped) of worked4 after 0, 1
// and 8 steps at three sizes with testdata/*.golden (go test -update
// rewrites them).
// golden compares got (colors stripped) with the golden file at path, or
// rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	tuitest.Golden(t, path, got)
}

func TestGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		for _, steps := range []int{0, 1, 8} {
			name := fmt.Sprintf("worked4_%dx%d_%dsteps", size[0], size[1], steps)
			t.Run(name, func(t *testing.T) {
				m := newModel(t, builtinOptions(t, "worked4", 0), size[0], size[1])
				for range steps {
					press(m, "space")
				}
				golden(t, filepath.Join("testdata", name+".golden"), screen(m))
			})
		}
	}
}

// BenchmarkView is one View() of a trained model: the region is cached, so
// this is the cost of a frame while autoplay advances one correct step.
func BenchmarkView(b *testing.B) {
	for _, size := range [][2]int{{160, 48}, {240, 70}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := newModel(b, builtinOptions(b, "moons", 200), size[0], size[1])
			press(m, "e", "e")
			_ = m.View()
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkViewStep is a frame of autoplay at one step a frame: a step
// (space) moves the markers, so the region, α and Gram panels are drawn
// again. Every 200 frames r starts again, before moons converges.
func BenchmarkViewStep(b *testing.B) {
	m := newModel(b, builtinOptions(b, "moons", 200), 160, 48)
	pressRun(m, "e", "e")
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if n++; n%200 == 0 {
			m.Update(keyMsg("r"))
		}
		m.Update(keyMsg("space"))
		_ = m.View()
	}
}

// BenchmarkViewAfterMistake includes redrawing the region after the field
// changed: a mistake undone (b) and taken again (space), a frame each.
func BenchmarkViewAfterMistake(b *testing.B) {
	m := newModel(b, builtinOptions(b, "moons", 200), 160, 48)
	pressRun(m, "e")
	for range 1000 {
		if shows(m, "mistake → α") {
			break
		}
		press(m, "space")
	}
	if !shows(m, "mistake → α") {
		b.Fatal("no mistake in 1000 steps of moons")
	}
	b.ReportAllocs()
	for b.Loop() {
		m.Update(keyMsg("b"))
		_ = m.View()
		m.Update(keyMsg("space"))
		_ = m.View()
	}
}

// liveTick is the id of autoplay's live tick: the one of the ids up to 64
// whose tick takes steps (the others are stale, and dropped), so a
// benchmark can deliver ticks without waiting for their timers. Each is
// sent a frame after the screen was last drawn, so it is drawn at once.
func liveTick(b *testing.B, m *Model) int {
	b.Helper()
	at := stepOf(b, m)
	for id := range 64 {
		time.Sleep(50 * time.Millisecond) // steps are due, and a frame
		m.Update(player.TickMsg{ID: id})
		if stepOf(b, m) > at {
			return id
		}
	}
	b.Fatal("no tick of autoplay takes steps")
	return 0
}

// BenchmarkAutoplay2000 is one frame of autoplay at 5000 steps/s on a
// 2000-point set: the steps of a 1/30 s tick and a redraw.
func BenchmarkAutoplay2000(b *testing.B) {
	m := newModel(b, builtinOptions(b, "circles", 2000), 160, 48)
	for !shows(m, "p plays at 5000/s") {
		press(m, "+")
	}
	m.Update(keyMsg("p"))
	id := liveTick(b, m)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if n++; n%1024 == 0 && !shows(m, "playing 5000/s") {
			press(m, "r")
			m.Update(keyMsg("p"))
			id = liveTick(b, m)
		}
		m.Update(player.TickMsg{ID: id})
		_ = m.View()
	}
}

// TestEmptyData: no points at all (kernelscope --dataset xor --n 0) still
// draws, steps (nothing) and takes clicks.
func TestEmptyData(t *testing.T) {
	o := builtinOptions(t, "xor", 0)
	o.Points, o.N = nil, 0
	m := newModel(t, o, 120, 40)
	x0, y0, _, _ := plotArea(t, m)
	press(m, "space", "e", "c", "b", "r", "o", "g", "right", "delete", "k", "]", "a", "t", "s")
	click(m, x0+1, y0+1, tea.MouseRight)
	if !shows(m, "(n = 1)") {
		t.Errorf("a right click on empty data: want one point:\n%s", screen(m))
	}
	for _, size := range [][2]int{{120, 40}, {60, 20}, {1, 1}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		_ = m.View()
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	// o added a point, del (one cell away) removed it, the click added one:
	// the α panel lists one example, labelled −1.
	if !shows(m, "n=1 │") || !regexp.MustCompile(`│▶?\s+1\s+\S+\s+\S+\s+−1\s`).MatchString(screen(m)) {
		t.Errorf("empty data after o, del and a right click: want one −1 point:\n%s", screen(m))
	}
}

// TestAddKeepsTraining: a point added after convergence keeps α and
// reopens training (online learning); deleting one starts over.
func TestAddKeepsTraining(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	for range 8 {
		press(m, "space")
	}
	// A −1 point where f = (x₁ + x₂)² > 0: the click's cell, whatever it is,
	// lies in the +1 region except on the line x₁ = −x₂.
	x0, y0, pw, ph := plotArea(t, m)
	click(m, x0+pw-2, y0+ph/2, tea.MouseRight)
	// The α panel's row of x₁ = (1, 1), y₁ = +1, keeps α₁ = 1.
	if !shows(m, "n=5 │") || !shows(m, "│ training │") || !regexp.MustCompile(`1\s+1\s+1\s+\+1\s+1 ⊕`).MatchString(screen(m)) {
		t.Fatalf("after adding: want 5 points, α kept and training reopened:\n%s", screen(m))
	}
	if !strings.Contains(screen(m), "α kept") {
		t.Errorf("no message that α was kept:\n%s", screen(m))
	}
	_, cmd := m.Update(keyMsg("c"))
	run(m, cmd, 1000)
	// The new point's row: a support vector (⊖), α₅ > 0.
	if !regexp.MustCompile(`│▶?\s+5\s+\S+\s+\S+\s+−1\s+\S+ ⊖`).MatchString(screen(m)) {
		t.Errorf("the new point never became a support vector:\n%s", screen(m))
	}
	press(m, "delete") // cursor is on the new point
	if !shows(m, "n=4 │") || stepOf(t, m) != 0 {
		t.Errorf("delete: want 4 points and α reset:\n%s", screen(m))
	}
}

// TestFinishEpochAfterAdd: e ends the pass even when a point added mid-pass
// made it one step longer than n was.
func TestFinishEpochAfterAdd(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "space")
	x0, y0, _, _ := plotArea(t, m)
	click(m, x0+3, y0+3, tea.MouseLeft)
	if !shows(m, "α kept") || stepOf(t, m) != 2 {
		t.Fatalf("a point added mid-pass: want α kept at step 2:\n%s", screen(m))
	}
	pressRun(m, "e")
	if pass, step := passStep(t, m); pass != 1 || step != 5 || !strings.Contains(screen(m), "next: i=1") {
		t.Errorf("after e: pass %d, step %d; want the 5-step first pass finished, x₁ next:\n%s", pass, step, screen(m))
	}
}

// TestHelpCoversTheScreen: while the key list covers the screen, a key
// acts on nothing behind it (an arrow used to move the cursor unseen, a
// click to add a point): it closes the list; ? and esc close it too.
func TestHelpCoversTheScreen(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "right") // the cursor appears
	cx, cy, on := m.region.Cursor()
	if !on {
		t.Fatal("an arrow did not show the cursor")
	}
	press(m, "?", "right")
	if x, y, _ := m.region.Cursor(); x != cx || y != cy {
		t.Errorf("behind the key list the cursor moved: (%d, %d) → (%d, %d)", cx, cy, x, y)
	}
	if strings.Contains(screen(m), "keys (? or esc closes") {
		t.Error("a key other than ? and esc left the key list open")
	}
	x0, y0, pw, ph := plotArea(t, m)
	press(m, "?")
	click(m, x0+pw/2, y0+ph/2, tea.MouseLeft)
	if n := len(m.s.Options().Points); n != 4 {
		t.Errorf("a click behind the key list added a point: n = %d", n)
	}
	press(m, "esc")
	for _, k := range []string{"?", "esc"} {
		press(m, "?")
		if press(m, k); strings.Contains(screen(m), "keys (? or esc closes") {
			t.Errorf("%s did not close the key list", k)
		}
	}
}
