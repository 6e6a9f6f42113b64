package tui

import (
	"fmt"
	"math"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
)

// speeds are the autoplay rates, in steps per second.
var speeds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000}

// frame is the shortest time between redraws while playing: above 30 steps
// a second, each tick takes several steps.
const frame = time.Second / 30

// flashSteps is how many steps the point of a mistake stays flashed.
const flashSteps = 3

// tickMsg advances autoplay; runMsg advances a run to convergence or to the
// end of a pass. Both carry the id of the run that asked for them, so that
// stale ones (from a run stopped since) are dropped.
type (
	tickMsg struct{ id int }
	runMsg  struct{ id int }
)

// player runs training by itself: autoplay at a speed (p, + and -), a run
// to convergence (c) or to the end of the pass (e) in chunks of half a
// frame, so the screen redraws and esc is read between them; and it keeps
// the flash of the last mistake.
type player struct {
	s          *session
	playing    bool
	converging bool // c
	finishing  bool // e
	speed      int  // index into speeds
	tick       int  // id of the live run; stale messages are dropped
	flash      int  // example of the last mistake, −1 for none
	flashUntil int  // step count until which it flashes
	keys       PlayerKeys
	note       string // what the last key did, for the root to show
}

func newPlayer(s *session) *player {
	return &player{s: s, speed: 3, flash: -1, keys: DefaultPlayerKeys()}
}

// handles reports whether msg is one of the player's keys.
func (p *player) handles(msg tea.KeyPressMsg) bool {
	k := p.keys
	return key.Matches(msg, k.all()...)
}

// takeNote returns what the last key did, once.
func (p *player) takeNote() string {
	n := p.note
	p.note = ""
	return n
}

// syncKeys enables exactly the keys that do something now.
func (p *player) syncKeys() {
	k := &p.keys
	running := p.s.p.State() == learn.Running && p.s.err == nil
	k.Step.SetEnabled(running)
	k.Epoch.SetEnabled(running || p.finishing)
	k.Converge.SetEnabled(running || p.converging)
	k.Play.SetEnabled(running || p.playing)
	k.Back.SetEnabled(p.s.p.CanUndo())
	k.Reset.SetEnabled(p.s.p.T() > 0)
	k.RaiseCap.SetEnabled(p.s.p.State() == learn.Capped && p.s.err == nil)
	k.Faster.SetEnabled(p.speed < len(speeds)-1)
	k.Slower.SetEnabled(p.speed > 0)
}

// busy reports whether a run or autoplay is going on.
func (p *player) busy() bool { return p.playing || p.converging || p.finishing }

// stop ends autoplay and runs; their pending messages become stale.
func (p *player) stop() {
	if p.busy() {
		p.tick++
	}
	p.playing, p.converging, p.finishing = false, false, false
}

// Update takes the player's own messages: its keys, the next tick of
// autoplay or the next chunk of a run (unless stale).
func (p *player) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case tickMsg:
		if msg.id == p.tick && p.playing {
			return p.playTick()
		}
	case runMsg:
		if msg.id == p.tick && (p.converging || p.finishing) {
			return p.runChunk()
		}
	}
	return nil
}

// key does what one of the player's keys says.
func (p *player) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.Step):
		p.stop()
		p.step(1)
	case key.Matches(msg, k.Epoch):
		return p.toggleFinish()
	case key.Matches(msg, k.Converge):
		return p.toggleConverge()
	case key.Matches(msg, k.Play):
		return p.togglePlay()
	case key.Matches(msg, k.Faster):
		p.faster()
	case key.Matches(msg, k.Slower):
		p.slower()
	case key.Matches(msg, k.Back):
		p.stop()
		if !p.s.back() {
			p.note = "nothing to step back"
		}
	case key.Matches(msg, k.Reset):
		p.stop()
		p.s.reset()
		p.flash = -1
		p.note = "α reset to 0"
	case key.Matches(msg, k.RaiseCap):
		p.note = p.s.raiseCap()
	}
	return nil
}

// togglePlay starts or pauses autoplay.
func (p *player) togglePlay() tea.Cmd {
	if p.playing {
		p.stop()
		return nil
	}
	p.stop()
	p.playing = true
	p.tick++
	return p.playTick()
}

// toggleConverge starts or stops a run to convergence (or the epoch cap).
func (p *player) toggleConverge() tea.Cmd {
	if p.converging {
		p.stop()
		return nil
	}
	p.stop()
	p.converging = true
	p.tick++
	return p.runChunk()
}

// toggleFinish starts or stops a run to the end of the pass.
func (p *player) toggleFinish() tea.Cmd {
	if p.finishing {
		p.stop()
		return nil
	}
	p.stop()
	p.finishing = true
	p.tick++
	return p.runChunk()
}

func (p *player) faster() { p.speed = min(len(speeds)-1, p.speed+1) }
func (p *player) slower() { p.speed = max(0, p.speed-1) }

// step takes up to n steps and reports how many it took.
func (p *player) step(n int) int {
	taken := 0
	for range n {
		if !p.s.step() {
			break
		}
		taken++
		if ls, ok := p.s.last(); ok && ls.step.Mistake {
			p.flash, p.flashUntil = ls.step.I, p.s.p.T()+flashSteps
		}
	}
	if taken < n && p.s.p.State() != learn.Running {
		p.stop()
	}
	return taken
}

// flashing is the example flashed as the last mistake, −1 for none.
func (p *player) flashing() int {
	if p.flash >= 0 && p.s.p.T() <= p.flashUntil {
		return p.flash
	}
	return -1
}

// playTick takes the steps of one frame and schedules the next.
func (p *player) playTick() tea.Cmd {
	sps := speeds[p.speed]
	interval := max(frame, time.Second/time.Duration(sps))
	perTick := max(1, int(math.Round(float64(sps)*interval.Seconds())))
	p.step(perTick)
	if !p.playing {
		return nil
	}
	id := p.tick
	return tea.Tick(interval, func(time.Time) tea.Msg { return tickMsg{id} })
}

// runChunk steps for half a frame, then yields so the screen redraws and
// keys (esc, c, e) are read, then goes on: to convergence for c, to the end
// of the pass for e (a whole pass when the last step ended one).
func (p *player) runChunk() tea.Cmd {
	deadline := time.Now().Add(frame / 2)
	passEnded := false
	for p.s.p.State() == learn.Running && !passEnded {
		if p.finishing {
			// One step at a time: the pass may end at any of them.
			for range 64 {
				if p.step(1) == 0 || p.s.p.AtPassStart() {
					passEnded = true
					break
				}
			}
		} else if p.step(64) == 0 {
			break
		}
		if time.Now().After(deadline) {
			break
		}
	}
	if passEnded || p.s.p.State() != learn.Running || p.s.err != nil {
		p.converging, p.finishing = false, false
		return nil
	}
	id := p.tick
	return func() tea.Msg { return runMsg{id} }
}

// status says what the player is doing, for the status line.
func (p *player) status() string {
	switch {
	case p.converging:
		return "running to convergence (esc stops)"
	case p.finishing:
		return "finishing the pass (esc stops)"
	case p.playing:
		return fmt.Sprintf("playing %d/s", speeds[p.speed])
	}
	return fmt.Sprintf("paused (p plays at %d/s)", speeds[p.speed])
}
