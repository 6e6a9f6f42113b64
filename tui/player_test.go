package tui

import (
	"kernelscope/tui/panels"

	"kernelscope/tui/player"

	"fmt"
	"testing"
	"time"

	"kernelscope/datasets"
	"kernelscope/lab"
)

// fakeClock is a clock that moves only when a test says so.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time      { return c.t }
func (c *fakeClock) add(d time.Duration) { c.t = c.t.Add(d) }
func newFakeClock(m *Model) *fakeClock {
	c := &fakeClock{t: time.Unix(1e9, 0)}
	m.player.Now = c.now
	return c
}
func noisyOptions(t testing.TB, name string, n int, noise float64) Options {
	o := builtinOptions(t, name, n)
	b, _ := datasets.Lookup(name)
	o.Noise, o.Points = noise, b.Generate(n, noise, 1)
	return o
}

// TestAutoplayPacedByElapsedTime: each tick takes the steps the time since
// play started calls for, whatever the ticks' spacing, so the rate is the
// nominal one on average; a speed change paces from then on.
func TestAutoplayPacedByElapsedTime(t *testing.T) {
	m := newModel(t, noisyOptions(t, "circles", 2000, 0.3), 160, 48)
	clock := newFakeClock(m)
	m.player.Speed = len(player.Speeds) - 1 // 5000/s
	m.Update(keyMsg("p"))
	// p takes the first frame's steps at once: 5000/30 of them.
	if got := m.s.Learner().T(); got != 166 {
		t.Fatalf("p at 5000/s took %d steps at once, want 166", got)
	}
	// Ticks late and early, as frames that cost more or less: after 1.8 s
	// (and the first frame) 5000·(1.8 + 1/30) steps are due.
	for k := range 60 {
		clock.add(time.Duration(20+k%3*10) * time.Millisecond) // 20, 30, 40 ms
		m.Update(player.TickMsg{ID: m.player.Tick})
	}
	elapsed := 1.8 + 1.0/30
	want := int(5000 * elapsed)
	if got := m.s.Learner().T(); got < want-1 || got > want {
		t.Errorf("after 1.8 s at 5000/s: t = %d, want %d", got, want)
	}
	// Slower: 2000/s from the change on.
	at := m.s.Learner().T()
	m.Update(keyMsg("-"))
	for range 30 {
		clock.add(50 * time.Millisecond)
		m.Update(player.TickMsg{ID: m.player.Tick})
	}
	if got := m.s.Learner().T() - at; got != 3000 {
		t.Errorf("1.5 s at 2000/s took %d steps, want 3000", got)
	}
	// A tick with no time passed takes nothing.
	at = m.s.Learner().T()
	m.Update(player.TickMsg{ID: m.player.Tick})
	if m.s.Learner().T() != at {
		t.Errorf("a tick at the same instant took %d steps", m.s.Learner().T()-at)
	}
}

// TestAutoplayNextTick: the next tick is due a frame later above --fps
// steps a second, a step later below.
func TestAutoplayNextTick(t *testing.T) {
	m := newModel(t, noisyOptions(t, "circles", 500, 0.3), 120, 40)
	newFakeClock(m)
	for _, c := range []struct {
		speed int
		fps   int
		want  time.Duration
	}{{0, 30, time.Second}, {3, 30, 100 * time.Millisecond}, {11, 30, time.Second / 30}, {11, 5, time.Second / 5}} {
		m.player.Stop()
		m.player.Speed, m.player.Frame = c.speed, time.Second/time.Duration(c.fps)
		m.player.TogglePlay()
		if got := m.player.Interval(); got != c.want {
			t.Errorf("%d/s at %d fps: ticks %v apart, want %v", player.Speeds[c.speed], c.fps, got, c.want)
		}
	}
}

// TestQuietStepsNarrateAsEveryStep: steps taken by a tick or a chunk are
// narrated only when shown, yet what the screen shows (the narration, the
// pass log) is what stepping one by one shows, and so is each step that b
// brings back.
func TestQuietStepsNarrateAsEveryStep(t *testing.T) {
	for _, algo := range []string{"perceptron", "forgetron", "budget", "svm"} {
		t.Run(algo, func(t *testing.T) {
			o := noisyOptions(t, "moons", 150, 0.4)
			o.Config = o.Config.With("budget", 20).With("C", 1).With("tol", 1e-3)
			o.Config.Learner = algo
			fast := newModel(t, o, 160, 48)
			clock := newFakeClock(fast)
			if algo != "svm" {
				pressRun(fast, "e") // a chunk to the end of the pass
			}
			fast.player.Speed = len(player.Speeds) - 1
			fast.Update(keyMsg("p"))
			for range 5 {
				clock.add(37 * time.Millisecond)
				fast.Update(player.TickMsg{ID: fast.player.Tick})
			}
			press(fast, "p")
			quiet := 0
			for _, st := range fast.s.Steps() {
				if st.Quiet {
					quiet++
				}
			}
			if quiet < fast.s.Learner().T()/2 {
				t.Fatalf("%d of %d steps were quiet", quiet, fast.s.Learner().T())
			}
			slow := newModel(t, o, 160, 48)
			for slow.s.Learner().T() < fast.s.Learner().T() {
				press(slow, "space")
			}
			if fast.s.Learner().T() < 80 {
				t.Fatalf("only %d steps", fast.s.Learner().T())
			}
			for k := range 40 {
				if err := sameShown(fast.s, slow.s); err != nil {
					t.Fatalf("%d steps back: %v", k, err)
				}
				press(fast, "b")
				press(slow, "b")
			}
		})
	}
}

// sameShown compares what the narration and the pass log show.
func sameShown(a, b *lab.Session) error {
	if a.Learner().T() != b.Learner().T() {
		return fmt.Errorf("t %d and %d", a.Learner().T(), b.Learner().T())
	}
	a1, a2 := panels.Describe(a)
	b1, b2 := panels.Describe(b)
	if a1 != b1 || a2 != b2 {
		return fmt.Errorf("narration at t=%d:\n%s\n%s\nstepping one by one:\n%s\n%s", a.Learner().T(), a1, a2, b1, b2)
	}
	if fmt.Sprint(a.Passes()) != fmt.Sprint(b.Passes()) {
		return fmt.Errorf("pass log %v, stepping one by one %v", a.Passes(), b.Passes())
	}
	for j := range a.Learner().N() {
		if a.Learner().Alpha(j) != b.Learner().Alpha(j) {
			return fmt.Errorf("α%d = %v, stepping one by one %v", j+1, a.Learner().Alpha(j), b.Learner().Alpha(j))
		}
	}
	return nil
}
