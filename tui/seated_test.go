package tui

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/class"
	"kernelscope/lab"
	"kernelscope/learn"
)

// seatHarness runs one seat's model as its program would: every command
// in a goroutine, every message back into Update on the test's goroutine
// (settle), so the class's wake-ups arrive as they do over SSH.
type seatHarness struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	// inflight counts the commands running (one of them, at most, waits
	// for the class to change).
	inflight atomic.Int32
}

func seatIn(t *testing.T, c *class.Class, name string, role class.Role, w, h int) *seatHarness {
	t.Helper()
	t.Setenv("NO_COLOR", "")
	m, _, err := seated(context.Background(), c.Join(name, "SHA256:"+name, role), Display{})
	if err != nil {
		t.Fatalf("seating %s: %v", name, err)
	}
	hs := &seatHarness{t: t, m: m, msgs: make(chan tea.Msg, 256)}
	t.Cleanup(m.seat.Close)
	hs.run(m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

// run runs cmd off the test's goroutine; its message comes back to settle.
func (hs *seatHarness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	hs.inflight.Add(1)
	go func() {
		msg := cmd()
		hs.inflight.Add(-1)
		hs.msgs <- msg
	}()
}

func (hs *seatHarness) send(msg tea.Msg) {
	_, cmd := hs.m.Update(msg)
	hs.run(cmd)
	hs.settle()
}

func (hs *seatHarness) press(keys ...string) {
	for _, k := range keys {
		hs.send(keyMsg(k))
	}
}

// settle takes messages until the program is idle: no message waiting,
// no command running but the one that waits for the class (at most one),
// and the seat with nothing under way (a frame due, a run being opened, a
// catch-up), twice in a row a short while apart, so that a wake-up the
// class just sent has come in.
func (hs *seatHarness) settle() {
	const look = 25 * time.Millisecond
	deadline := time.After(20 * time.Second)
	idle := 0
	for idle < 2 {
		select {
		case msg := <-hs.msgs:
			idle = 0
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					hs.run(c)
				}
			default:
				_, cmd := hs.m.Update(msg)
				hs.run(cmd)
			}
		case <-time.After(look):
			if hs.inflight.Load() <= 1 && hs.m.seat.Idle() {
				idle++
			} else {
				idle = 0
			}
		case <-deadline:
			hs.t.Fatal("the program did not settle within 20 s")
		}
	}
}

func (hs *seatHarness) step() int { return hs.m.s.Learner().T() }

// TestFollowerFollowsPresenter: a follower shows the presenter's steps,
// undo and a new kernel (another run, opened off the UI path), and says
// whom it follows.
func TestFollowerFollowsPresenter(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	p.press("space", "space", "space")
	f.settle()
	if p.step() != 3 || f.step() != 3 {
		t.Fatalf("steps: presenter %d, follower %d; want 3 and 3", p.step(), f.step())
	}
	if !shows(f.m, "following lecturer · 1 watching") {
		t.Errorf("the follower's screen does not say whom it follows:\n%s", screen(f.m))
	}

	if !shows(p.m, "presenting · 1 watching") {
		t.Errorf("the presenter's screen does not say it presents:\n%s", screen(p.m))
	}
	// The narration is the step's, as the presenter's screen gives it.
	if got, want := words(f.m.narration.View()), words(p.m.narration.View()); got != want {
		t.Errorf("narration: follower %q, presenter %q", got, want)
	}
	p.press("b")
	f.settle()
	if f.step() != 2 {
		t.Errorf("after the presenter's b the follower is at step %d, want 2", f.step())
	}
	p.press("k", "space")
	f.settle()
	pk, fk := p.m.s.Learner().Config().Kernel.String(), f.m.s.Learner().Config().Kernel.String()
	if pk != fk || f.step() != p.step() {
		t.Errorf("after the presenter's k space: follower %s at %d, presenter %s at %d", fk, f.step(), pk, p.step())
	}
}

// words is s's words, one space apart: the same text wrapped at any width.
func words(s string) string { return strings.Join(strings.Fields(ansi.Strip(s)), " ") }

// TestFollowerBreaksAwayAndRejoins: a follower's space steps its own copy
// only and says how to rejoin; the presenter's steps leave it alone until
// j, which shows the presenter's run as it is now.
func TestFollowerBreaksAwayAndRejoins(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	p.press("space")
	f.settle()
	f.press("space", "space")
	if p.step() != 1 || f.step() != 3 {
		t.Fatalf("after the follower's two spaces: presenter at %d, follower at %d; want 1 and 3", p.step(), f.step())
	}
	if !shows(f.m, "on your own — j rejoins the lecture") {
		t.Errorf("the follower on its own does not say how to rejoin:\n%s", screen(f.m))
	}
	p.press("space", "space", "space", "space")
	f.settle()
	if f.step() != 3 {
		t.Errorf("the presenter moved a follower on its own: step %d, want 3", f.step())
	}
	p.press("W")
	if !shows(p.m, "student SHA256:student on their own") {
		t.Errorf("the presenter's list does not say the student is on their own:\n%s", screen(p.m))
	}
	p.press("esc")
	f.press("j")
	if f.step() != 5 || !shows(f.m, "following lecturer") {
		t.Errorf("after j the follower is at step %d (want 5):\n%s", f.step(), screen(f.m))
	}
}

// TestLateJoinerSeesNow: a follower that joins after the presenter
// stepped opens on the presenter's step, not the class's first.
func TestLateJoinerSeesNow(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	p.press("space", "space", "space", "space", "space")
	f := seatIn(t, c, "late", class.Follower, 80, 24)
	if f.step() != 5 {
		t.Errorf("a late joiner opens at step %d, want 5", f.step())
	}
	if !shows(f.m, "step 5") {
		t.Errorf("the late joiner's screen:\n%s", screen(f.m))
	}
}

// TestFollowerWritesNoFiles: w, F and R (on points edited by hand, which
// need a session file) write nothing in the server's working directory,
// and say why in one line.
func TestFollowerWritesNoFiles(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	c := class.New(builtinOptions(t, "xor", 40))
	f := seatIn(t, c, "student", class.Follower, 100, 30)
	for _, k := range [][]string{{"w"}, {"F"}, {"up", "o", "R"}} {
		f.press(k...)
		if !strings.Contains(flat(f.m), "would write a file on the lecturer's machine") {
			t.Errorf("%v: no refusal on screen:\n%s", k, screen(f.m))
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("a follower's key wrote %s", filepath.Join(dir, e.Name()))
	}
}

// TestPresentersShareOneRun: two presenter connections (the laptop and
// the projector) show one run: each follows the other's changes, and
// following publishes nothing back (no endless ping-pong).
func TestPresentersShareOneRun(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	a := seatIn(t, c, "laptop", class.Presenter, 100, 30)
	b := seatIn(t, c, "projector", class.Presenter, 160, 48)
	a.press("space", "space")
	b.settle()
	if b.step() != 2 {
		t.Fatalf("the second presenter is at step %d, want 2", b.step())
	}
	b.press("space")
	a.settle()
	if a.step() != 3 {
		t.Fatalf("the first presenter is at step %d after the second's space, want 3", a.step())
	}
	seq := a.m.seat.Seq()
	a.settle()
	b.settle()
	if got := a.m.seat.Seq(); got != seq {
		t.Errorf("publications went on with no key pressed: %d → %d", seq, got)
	}
}

// TestSessionNoColor: NO_COLOR in the session's environment (over SSH,
// the client's) turns colour off; the server's does not count.
func TestSessionNoColor(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	if f.m.noColor {
		t.Fatal("colour off before the session said NO_COLOR")
	}
	f.send(tea.EnvMsg{"TERM=xterm-256color", "NO_COLOR=1"})
	if !f.m.noColor || !f.m.th.Mono {
		t.Error("NO_COLOR in the session's environment left colour on")
	}
}

// TestFollowerCopyIsConfined: a follower's copy trains on one core (the
// run it follows and every run it opens or makes) and grows to
// lab.Follower.Points points at most; the presenter's is not confined.
func TestFollowerCopyIsConfined(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 100, 30)
	if !f.m.s.Learner().Config().OneCore || p.m.s.Learner().Config().OneCore {
		t.Fatalf("one core: follower %v, presenter %v; want true, false", f.m.s.Learner().Config().OneCore, p.m.s.Learner().Config().OneCore)
	}
	if got := f.m.s.Learner().Config().UndoBytes; got != lab.Follower.UndoBytes {
		t.Errorf("the follower's undo budget is %d bytes, want lab.Follower's %d", got, lab.Follower.UndoBytes)
	}
	p.press("k") // another run: the follower opens it off the UI path
	f.settle()
	if c := f.m.s.Learner().Config(); !c.OneCore || c.UndoBytes != lab.Follower.UndoBytes || c.RowCacheBytes != lab.Follower.RowCacheBytes {
		t.Errorf("the run the follower opened to follow is not confined: one core %v, undo %d, rows %d", c.OneCore, c.UndoBytes, c.RowCacheBytes)
	}
	f.press("k") // its own run
	if !f.m.s.Learner().Config().OneCore {
		t.Error("the follower's own run trains on more than one core")
	}
	if err := f.m.s.Regenerate(lab.Follower.Points+1, 0.1, 1); err == nil || !strings.Contains(err.Error(), "follower's own copy") {
		t.Errorf("a follower's copy grew past %d points: %v", lab.Follower.Points, err)
	}
	if err := p.m.s.Regenerate(lab.Follower.Points+1, 0.1, 1); err != nil {
		t.Errorf("the presenter's run is capped like a follower's: %v", err)
	}
}

// TestFollowerCatchesUpFarBehind: a presenter's run to convergence jumps
// far more steps than lab.TrackSteps; the follower catches up in chunks
// and ends at the presenter's step with the same α.
func TestFollowerCatchesUpFarBehind(t *testing.T) {
	o := builtinOptions(t, "xor", 400)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 60 // xor never converges with a line: c runs 60 passes, 24 000 steps
	c := class.New(o)
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	p.press("c")
	if p.step() <= lab.TrackSteps {
		t.Fatalf("the presenter is at step %d: not past lab.TrackSteps = %d", p.step(), lab.TrackSteps)
	}
	f.settle()
	if f.step() != p.step() {
		t.Fatalf("follower at %d, presenter at %d", f.step(), p.step())
	}
	pa, fa := p.m.s.Learner().Alphas(), f.m.s.Learner().Alphas()
	for i := range pa {
		if pa[i] != fa[i] {
			t.Fatalf("α%d: follower %v, presenter %v (exact)", i+1, fa[i], pa[i])
		}
	}
}

// TestFollowerStatusLeavesOutItsPlayer: a follower's run moves with the
// presenter's, so its status line (wide enough for every field) does not
// give its own player's state; on its own, it does again.
func TestFollowerStatusLeavesOutItsPlayer(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 200, 50)
	if shows(f.m, "paused") {
		t.Errorf("a follower's status line gives its own player's state:\n%s", screen(f.m))
	}
	f.press("space")
	if !shows(f.m, "paused") {
		t.Errorf("on its own, the follower's status line does not give its player's state:\n%s", screen(f.m))
	}
}

// TestFollowerShowsWhatThePresenterShows: the averaged perceptron's A
// (the final, averaged or voted function on the region) moves no step,
// yet every follower draws the function the presenter draws.
func TestFollowerShowsWhatThePresenterShows(t *testing.T) {
	o := builtinOptions(t, "xor", 40)
	o.Config.Learner = "averaged"
	c := class.New(o)
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	p.press("space", "space", "space")
	for range 2 {
		p.press("A")
		f.settle()
		if got, want := f.m.s.Shown(), p.m.s.Shown(); got != want {
			t.Errorf("after the presenter's A: the follower shows %v, the presenter %v", got, want)
		}
	}
	if f.m.seat.Away() {
		t.Error("the presenter's A left the follower on its own")
	}
}

// TestFollowerToldPresenterLeft: when the last presenter leaves (its
// program quit), every follower's message and status say so, its run
// staying as the presenter left it; a follower on its own is told how to
// see that state. When a presenter comes back, the followers are told
// who presents again and follow it.
func TestFollowerToldPresenterLeft(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	away := seatIn(t, c, "own", class.Follower, 80, 24)
	p.press("space", "space")
	away.settle()
	away.press("space")
	f.settle()
	if f.step() != 2 || !shows(f.m, "following lecturer") {
		t.Fatalf("before the presenter left: step %d, want 2:\n%s", f.step(), screen(f.m))
	}

	p.m.seat.Close() // the presenter's program ended (q): its seat leaves
	f.settle()
	away.settle()
	for _, want := range []string{"the presenter left; you see the last state of the lecture", "lecturer left · their last state · 2 watching"} {
		if !shows(f.m, want) {
			t.Errorf("the follower's screen does not say %q:\n%s", want, screen(f.m))
		}
	}
	if f.step() != 2 {
		t.Errorf("the follower moved to step %d when the presenter left, want 2", f.step())
	}
	if !shows(away.m, "the presenter left; j shows the last state of the lecture") || !shows(away.m, "on your own") {
		t.Errorf("the follower on its own is not told:\n%s", screen(away.m))
	}

	// Another key of the follower's clears the message; the status keeps
	// saying it.
	f.press("?")
	f.press("?")
	if !shows(f.m, "lecturer left · their last state") {
		t.Errorf("the status forgot the presenter left:\n%s", screen(f.m))
	}

	back := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	back.press("space")
	f.settle()
	for _, want := range []string{"lecturer is presenting again", "following lecturer · 2 watching"} {
		if !shows(f.m, want) {
			t.Errorf("the follower's screen does not say %q:\n%s", want, screen(f.m))
		}
	}
	if f.step() != 3 {
		t.Errorf("the follower is at step %d after the returning presenter's space, want 3", f.step())
	}
}

// TestFollowerToldFirstPresenter: a follower seated before any presenter
// is told who presents when one comes, without "again".
func TestFollowerToldFirstPresenter(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	if f.m.seat.Left() || !shows(f.m, "following the lecture") {
		t.Fatalf("with no presenter yet:\n%s", screen(f.m))
	}
	seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f.settle()
	if !shows(f.m, "lecturer is presenting") || shows(f.m, "again") {
		t.Errorf("the follower is not told who presents:\n%s", screen(f.m))
	}
}

// TestColorsKeyStaysWithLecture: C is a view: a follower who tries
// another colour profile still follows the lecture (the presenter's next
// step comes), and is told the choice is its screen's only; a presenter's
// C publishes nothing.
func TestColorsKeyStaysWithLecture(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	f.send(tea.ColorProfileMsg{Profile: colorprofile.ANSI}) // plink: TERM=xterm
	p.press("space")
	f.settle()
	for i, want := range []colorprofile.Profile{colorprofile.Ascii, colorprofile.TrueColor} {
		f.press("C")
		if f.m.profile != want || f.m.seat.Away() || !shows(f.m, "following lecturer") {
			t.Fatalf("C to %v: profile %v, away %v:\n%s", want, f.m.profile, f.m.seat.Away(), screen(f.m))
		}
		if !shows(f.m, ", on your screen only; C tries") {
			t.Errorf("C to %v: the message does not say it is this screen's only:\n%s", want, screen(f.m))
		}
		p.press("space")
		f.settle()
		if f.step() != i+2 {
			t.Errorf("after C the follower is at step %d, not the presenter's %d", f.step(), i+2)
		}
	}
	seq := p.m.seat.Seq()
	p.press("C")
	f.settle()
	if p.m.seat.Seq() != seq || f.m.seat.Seq() != seq {
		t.Errorf("the presenter's C published: %d → %d (the follower shows %d)", seq, p.m.seat.Seq(), f.m.seat.Seq())
	}
}

// asksRGB reports whether cmd, run as Bubble Tea runs it, asks the
// terminal whether it takes 24-bit colour.
func asksRGB(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		return slices.ContainsFunc(msg, asksRGB)
	default:
		return msg == tea.RequestCapability("RGB")()
	}
}

// TestSeatAsksRGB: over SSH no COLORTERM comes, so a seat whose terminal
// says fewer than 24-bit colours asks it, once, at start; not after a
// C (a yes would undo the student's choice), and not when the class set
// the colours (serve --colors): the class's profile is drawn.
func TestSeatAsksRGB(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	t.Setenv("NO_COLOR", "")
	for _, d := range []Display{{}, {Colors: colorprofile.ANSI256}} {
		m, _, err := seated(context.Background(), c.Join("student", "SHA256:student", class.Follower), d)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(m.seat.Close)
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		_, cmd := m.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
		if asked := asksRGB(cmd); asked != (d.Colors == colorprofile.Unknown) {
			t.Errorf("class colours %v: the seat asked for 24-bit colour: %v", d.Colors, asked)
		}
		m.Update(keyMsg("C"))
		if _, cmd := m.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI}); asksRGB(cmd) {
			t.Errorf("class colours %v: the seat asked for 24-bit colour again after C", d.Colors)
		}
	}
}
