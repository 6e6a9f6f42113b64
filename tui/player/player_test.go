package player

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/action"
	"kernelscope/tui/internal/tuitest"
)

// clock is a clock that moves only when a test says so, or by step at
// every reading when step is set (a run's chunk then ends after
// chunk/step readings, as if each step took that long).
type clock struct {
	t    time.Time
	step time.Duration
}

func (c *clock) now() time.Time {
	t := c.t
	c.t = c.t.Add(c.step)
	return t
}
func (c *clock) add(d time.Duration) { c.t = c.t.Add(d) }

// harness is the player alone on a session, paced by a clock of its own,
// its keys answered as the program answers them.
type harness struct {
	t     *testing.T
	s     *lab.Session
	p     *Player
	clock *clock
	keys  action.List
}

func newHarness(t *testing.T, o lab.Options) *harness {
	t.Helper()
	s := tuitest.Session(t, o)
	h := &harness{t: t, s: s, p: New(s), clock: &clock{t: time.Unix(1e9, 0)}}
	h.p.Now = h.clock.now
	h.keys = h.p.Actions()
	return h
}

// press answers key as the program does: the first of the player's
// actions for it that acts, else why none does; what the key did (the
// player's note) is said instead when there is one.
func (h *harness) press(key string) (tea.Cmd, string) {
	h.t.Helper()
	cmd, why, ok := h.keys.Handle(tuitest.Key(key))
	if !ok {
		h.t.Fatalf("the player has no key %s", key)
	}
	if note := h.p.TakeNote(); note != "" {
		why = note
	}
	return cmd, why
}

// run feeds a run's messages back until it asks for none, without the
// breath between chunks, and reports how many chunks it took.
func (h *harness) run(cmd tea.Cmd) int {
	h.t.Helper()
	chunks := 0
	for ; cmd != nil; chunks++ {
		if chunks > 1_000_000 {
			h.t.Fatal("the run never ends")
		}
		cmd = h.p.Update(RunMsg{ID: h.p.Tick})
	}
	return chunks
}

// T is the learner's step count.
func (h *harness) T() int { return h.s.Learner().T() }

// noisy is a built-in dataset of n points with the given noise (seed 1).
func noisy(t testing.TB, name string, n int, noise float64) lab.Options {
	o := tuitest.Builtin(t, name, n)
	b, _ := datasets.Lookup(name)
	o.Noise, o.Points = noise, b.Generate(n, noise, 1)
	return o
}

// svm is a built-in dataset with its preset kernel and the SVM (C = 1).
func svm(t testing.TB, name string) lab.Options {
	o := tuitest.Builtin(t, name, 0)
	o.Config.Learner = "svm"
	return o
}

// TestAutoplayPacedByElapsedTime: each tick takes the steps the time since
// play started calls for, whatever the ticks' spacing, so the rate is the
// nominal one on average; a speed change paces from then on.
func TestAutoplayPacedByElapsedTime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, noisy(t, "circles", 2000, 0.3))
	h.p.Speed = len(Speeds) - 1 // 5000/s
	if cmd, why := h.press("p"); cmd == nil || why != "" || !h.p.Playing {
		t.Fatalf("p: no tick asked for, or %q", why)
	}
	// p takes the first frame's steps at once: 5000/30 of them.
	if got := h.T(); got != 166 {
		t.Fatalf("p at 5000/s took %d steps at once, want 166", got)
	}
	// Ticks late and early, as frames that cost more or less: after 1.8 s
	// (and the first frame) 5000·(1.8 + 1/30) steps are due.
	for k := range 60 {
		h.clock.add(time.Duration(20+k%3*10) * time.Millisecond) // 20, 30, 40 ms
		h.p.Update(TickMsg{ID: h.p.Tick})
	}
	elapsed := 1.8 + 1.0/30
	want := int(5000 * elapsed)
	if got := h.T(); got < want-1 || got > want {
		t.Errorf("after 1.8 s at 5000/s: t = %d, want %d", got, want)
	}
	// Slower: 2000/s from the change on.
	at := h.T()
	h.press("-")
	for range 30 {
		h.clock.add(50 * time.Millisecond)
		h.p.Update(TickMsg{ID: h.p.Tick})
	}
	if got := h.T() - at; got != 3000 {
		t.Errorf("1.5 s at 2000/s took %d steps, want 3000", got)
	}
	// A tick with no time passed takes nothing.
	at = h.T()
	h.p.Update(TickMsg{ID: h.p.Tick})
	if h.T() != at {
		t.Errorf("a tick at the same instant took %d steps", h.T()-at)
	}
}

// TestAutoplayNextTick: the next tick is due a frame later above --fps
// steps a second, a step later below.
func TestAutoplayNextTick(t *testing.T) {
	t.Parallel()
	h := newHarness(t, noisy(t, "circles", 500, 0.3))
	for _, c := range []struct {
		speed int
		fps   int
		want  time.Duration
	}{{0, 30, time.Second}, {3, 30, 100 * time.Millisecond}, {11, 30, time.Second / 30}, {11, 5, time.Second / 5}} {
		h.p.Stop()
		h.p.Speed, h.p.Frame = c.speed, time.Second/time.Duration(c.fps)
		h.p.TogglePlay()
		if got := h.p.Interval(); got != c.want {
			t.Errorf("%d/s at %d fps: ticks %v apart, want %v", Speeds[c.speed], c.fps, got, c.want)
		}
	}
}

// TestStaleMessagesDropped: a tick or a chunk of a run that was stopped
// since (p again, another run, Stop as esc does) takes no step and asks
// for no more; the live one goes on.
func TestStaleMessagesDropped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	h.press("p")
	old := h.p.Tick
	h.press("p")
	h.clock.add(time.Second)
	at := h.T()
	if cmd := h.p.Update(TickMsg{ID: old}); cmd != nil || h.T() != at {
		t.Errorf("a tick of a paused autoplay took %d steps, asked for more %v", h.T()-at, cmd != nil)
	}
	h.press("p") // the first frame's step at once
	at = h.T()
	h.clock.add(time.Second) // 10 steps due at 10/s
	live := h.p.Update(TickMsg{ID: h.p.Tick})
	if live == nil || h.T() != at+10 {
		t.Errorf("the live tick after 1 s at 10/s: %d steps, asked for more %v; want 10", h.T()-at, live != nil)
	}
	h.clock.step = time.Millisecond // a chunk of 8 ms ends after a few steps
	playing := h.p.Tick
	cmd, _ := h.press("c")
	if h.p.Playing || !h.p.Converging || cmd == nil {
		t.Fatalf("c while playing: playing %v, converging %v, a chunk asked for %v", h.p.Playing, h.p.Converging, cmd != nil)
	}
	if more := h.p.Update(TickMsg{ID: playing}); more != nil {
		t.Error("autoplay's tick was taken by the run that replaced it")
	}
	run := h.p.Tick
	h.p.Stop()
	at = h.T()
	if more := h.p.Update(RunMsg{ID: run}); more != nil || h.T() != at || h.p.Busy() {
		t.Errorf("a chunk of a stopped run took %d steps, asked for more %v", h.T()-at, more != nil)
	}
}

// TestConvergeInChunks: c runs to convergence in chunks of about 1/120 s
// (here 8 steps of 1 ms each), each asking for the next; c again stops the
// run; a run that ends says so and asks for nothing.
func TestConvergeInChunks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	h.clock.step = time.Millisecond
	cmd, _ := h.press("c")
	if cmd == nil || !h.p.Converging || h.T() == 0 || h.T() > 10 {
		t.Fatalf("c: %d steps in the first chunk (want a few), converging %v", h.T(), h.p.Converging)
	}
	if h.p.Status() != "running to convergence (esc stops)" {
		t.Errorf("status while running: %q", h.p.Status())
	}
	h.p.Update(RunMsg{ID: h.p.Tick})
	at := h.T()
	if cmd, _ := h.press("c"); cmd != nil || h.p.Busy() {
		t.Fatal("c again did not stop the run")
	}
	if h.T() != at {
		t.Errorf("stopping took %d steps", h.T()-at)
	}
	cmd, _ = h.press("c")
	chunks := 1 + h.run(cmd)
	if l := h.s.Learner(); l.State() != learn.Converged || h.p.Busy() {
		t.Fatalf("after the run: %v, busy %v", l.State(), h.p.Busy())
	}
	if chunks < h.T()/10 {
		t.Errorf("%d steps in %d chunks: the chunks do not yield", h.T(), chunks)
	}
	if _, why := h.press("c"); !strings.HasPrefix(why, "training has converged after ") || !strings.HasSuffix(why, ": r resets α to watch it again") {
		t.Errorf("c after convergence: %q", why)
	}
}

// TestFinishPass: e runs to the end of the pass the learner is in (40
// noisy moons in their order: a pass is 40 steps), then from a pass's
// start through a whole pass; the SVM has no passes, and e says so.
func TestFinishPass(t *testing.T) {
	t.Parallel()
	h := newHarness(t, noisy(t, "moons", 40, 0.4))
	h.press("space")
	h.press("space")
	cmd, _ := h.press("e")
	h.run(cmd)
	if h.T() != 40 || h.p.Busy() || !h.s.Passer().AtPassStart() {
		t.Fatalf("e after 2 steps: t = %d, busy %v; want the end of pass 1 at step 40", h.T(), h.p.Busy())
	}
	cmd, _ = h.press("e")
	h.run(cmd)
	if h.T() != 80 {
		t.Errorf("e at a pass's start: t = %d, want the end of pass 2 at step 80", h.T())
	}
	if st := h.p.Status(); st != "paused (p plays at 10/s)" {
		t.Errorf("status after e: %q", st)
	}

	s := newHarness(t, svm(t, "moons"))
	if cmd, why := s.press("e"); cmd != nil || why != "the SVM has no passes: space takes one pair update, c runs it to the tolerance" {
		t.Errorf("e with the SVM: %q", why)
	}
	if s.p.AnyRunning(true) || !s.p.AnyRunning(false) {
		t.Error("the SVM: running with passes, or not running at all")
	}
}

// TestStepBackReset: space takes one step and stops autoplay; b undoes one;
// r puts every α back to 0 and says so; b and r at the start say why they
// do nothing.
func TestStepBackReset(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	for _, c := range []struct{ key, why string }{
		{"b", "nothing to step back: this is the start"},
		{"r", "every α is 0 already"},
		{"E", "E raises the cap on passes when training stops at it; the cap is 100 passes"},
	} {
		if cmd, why := h.press(c.key); cmd != nil || why != c.why {
			t.Errorf("%s at the start: %q, want %q", c.key, why, c.why)
		}
	}
	h.press("p")
	h.press("space")
	if h.p.Playing || h.T() != 2 {
		t.Errorf("space while playing: playing %v, t = %d; want paused at 2", h.p.Playing, h.T())
	}
	h.press("space")
	if _, why := h.press("b"); why != "" || h.T() != 2 {
		t.Errorf("b: t = %d, %q", h.T(), why)
	}
	if _, why := h.press("r"); why != "α reset to 0" || h.T() != 0 || h.s.Learner().Alpha(0) != 0 {
		t.Errorf("r: t = %d, α₁ = %v, %q", h.T(), h.s.Learner().Alpha(0), why)
	}
}

// TestCapAndSpeed: at the cap of 2 passes (moons with a linear kernel does
// not separate) space says why and E doubles the cap, after which training
// goes on; + and − stop at 5000 and 1 steps a second and say so; the SVM's
// E names its own cap.
func TestCapAndSpeed(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 2
	h := newHarness(t, o)
	cmd, _ := h.press("c")
	h.run(cmd)
	if h.s.Learner().State() != learn.Capped || h.T() != 200 {
		t.Fatalf("c with a cap of 2 passes: %v at step %d", h.s.Learner().State(), h.T())
	}
	for _, k := range []string{"space", "c", "p"} {
		if _, why := h.press(k); why != "training stopped at the cap of 2 passes: E doubles the cap and goes on" {
			t.Errorf("%s at the cap: %q", k, why)
		}
	}
	if _, why := h.press("E"); why != "the cap is now 4 passes: training goes on from the current α" {
		t.Errorf("E: %q", why)
	}
	if _, why := h.press("space"); why != "" || h.T() != 201 {
		t.Errorf("space after E: t = %d, %q", h.T(), why)
	}

	for range len(Speeds) {
		h.press("+")
	}
	if _, why := h.press("+"); why != "5000 steps a second is the fastest" || h.p.Status() != "paused (p plays at 5000/s)" {
		t.Errorf("+ at the top: %q, %q", why, h.p.Status())
	}
	for range len(Speeds) {
		h.press("_") // - as well
	}
	if _, why := h.press("-"); why != "1 step a second is the slowest" || h.p.Speed != 0 {
		t.Errorf("- at the bottom: %q, speed %d", why, Speeds[h.p.Speed])
	}

	s := newHarness(t, svm(t, "moons"))
	if _, why := s.press("E"); !strings.HasPrefix(why, "E raises the perceptron's cap on passes; the SVM's cap is ") || !strings.HasSuffix(why, " (--max-iter)") {
		t.Errorf("E with the SVM: %q", why)
	}
}

// TestHold: while the program holds the player (the quiz asks first), the
// stepping keys say why and do nothing; b and r still act.
func TestHold(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	h.press("space")
	h.p.Hold = func() string { return "quiz: answer first" }
	for _, k := range []string{"space", "e", "c", "p", "+", "-"} {
		if cmd, why := h.press(k); cmd != nil || why != "quiz: answer first" || h.T() != 1 {
			t.Errorf("%s while held: %q at t = %d", k, why, h.T())
		}
	}
	if _, why := h.press("b"); why != "" || h.T() != 0 {
		t.Errorf("b while held: %q at t = %d", why, h.T())
	}
}

// TestStatus: what the status line says the player does.
func TestStatus(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	h.clock.step = time.Millisecond
	for _, c := range []struct{ key, want string }{
		{"", "paused (p plays at 10/s)"},
		{"+", "paused (p plays at 20/s)"},
		{"p", "playing 20/s"},
		{"e", "finishing the pass (esc stops)"},
		{"c", "running to convergence (esc stops)"},
		{"c", "paused (p plays at 20/s)"},
	} {
		if c.key != "" {
			h.press(c.key)
		}
		if got := h.p.Status(); got != c.want {
			t.Errorf("after %q: %q, want %q", c.key, got, c.want)
		}
	}
	s := newHarness(t, svm(t, "moons"))
	s.clock.step = time.Millisecond
	s.press("c")
	if got := s.p.Status(); got != "running SMO to the tolerance (esc stops)" {
		t.Errorf("the SVM's run: %q", got)
	}
}

// TestLockstep: with a twin (comparison mode) space, b and r act on both
// learners, and a run goes on while either can step.
func TestLockstep(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	twin := tuitest.Session(t, svm(t, "worked4"))
	h.p.Twin = twin
	h.press("space")
	if h.T() != 1 || twin.Learner().T() != 1 {
		t.Fatalf("space: t = %d and %d, want 1 and 1", h.T(), twin.Learner().T())
	}
	cmd, _ := h.press("c")
	h.run(cmd)
	// worked4 converges after 8 steps (seed 003), the SVM after 1.
	if h.T() != 8 || twin.Learner().State() != learn.Converged || h.p.AnyRunning(false) {
		t.Errorf("c: t = %d, the twin %v", h.T(), twin.Learner().State())
	}
	h.press("b")
	if h.T() != 7 || twin.Learner().T() != 0 {
		t.Errorf("b: t = %d and %d, want 7 and 0", h.T(), twin.Learner().T())
	}
	h.press("r")
	if h.T() != 0 || twin.Learner().T() != 0 {
		t.Errorf("r: t = %d and %d", h.T(), twin.Learner().T())
	}
}

// TestFrames: while a run or autoplay goes on, its ticks and chunks draw
// the screen at most once a frame; any other message, or a tick once the
// player stopped, draws at once.
func TestFrames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	var f Frames
	draws := 0
	render := func() string { draws++; return strings.Repeat("x", draws) }
	draw := func(msg tea.Msg) string {
		f.Due(msg, h.p)
		return f.Draw(h.p, render)
	}
	if got := draw(TickMsg{}); got != "x" {
		t.Fatalf("the first screen: %q", got)
	}
	h.press("p")
	if got := draw(TickMsg{ID: h.p.Tick}); got != "x" || draws != 1 {
		t.Errorf("a tick within the frame drew %d screens", draws)
	}
	if got := draw(tuitest.Key("x")); got != "xx" {
		t.Errorf("a key within the frame: %q", got)
	}
	h.clock.add(h.p.Frame / 2)
	draw(RunMsg{ID: h.p.Tick})
	h.clock.add(h.p.Frame - h.p.Frame/2)
	if got := draw(TickMsg{ID: h.p.Tick}); got != "xxx" {
		t.Errorf("a tick a frame after the last screen: %q", got)
	}
	h.press("p")
	if got := draw(TickMsg{ID: h.p.Tick}); got != "xxxx" {
		t.Errorf("a tick once paused: %q", got)
	}
}
