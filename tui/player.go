package tui

import (
	"fmt"
	"math"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/setup"
)

// speeds are the autoplay rates, in steps per second.
var speeds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000}

// defaultFPS is the most frames a second autoplay draws unless --fps says
// otherwise: above it, each tick takes several steps.
const defaultFPS = setup.DefaultFPS

// chunk is the longest a tick of autoplay or a chunk of a run steps before
// it yields, so that keys are read between chunks (a key waits for at most
// one), whatever --fps is; the screen is drawn after the chunks that end a
// frame (see frames).
const chunk = time.Second / 120

// breath is the pause between chunks of a run (see runChunk).
const breath = time.Millisecond

// tickMsg advances autoplay; runMsg advances a run to convergence or to the
// end of a pass. Both carry the id of the run that asked for them, so that
// stale ones (from a run stopped since) are dropped.
type (
	tickMsg struct{ id int }
	runMsg  struct{ id int }
)

// player runs training by itself: autoplay at a speed (p, + and -), a run
// to convergence (c) or to the end of the pass (e) in chunks of a few
// milliseconds, so the screen redraws and esc is read between them. In comparison
// mode it drives both learners in lockstep: a step, a run, an undo or a
// reset acts on each.
type player struct {
	s          *lab.Session
	twin       *lab.Session // the other learner in comparison mode, or nil
	playing    bool
	converging bool // c
	finishing  bool // e
	speed      int  // index into speeds
	tick       int  // id of the live run; stale messages are dropped
	keys       playerKeys
	// hold says why the player takes no key now ("": it does; the quiz
	// holds it until its question is answered).
	hold func() string
	note string // what the last key did, for the root to show
	// now is the clock autoplay is paced by (tests set it); frame the
	// shortest time between its ticks (1/--fps).
	now   func() time.Time
	frame time.Duration
	// origin is when autoplay started or last changed speed, played the
	// steps taken since: at time t, speed·(t − origin) − played steps are
	// due, so the rate is exact on average whatever a frame costs.
	origin time.Time
	played int
}

func newPlayer(s *lab.Session) *player {
	return &player{s: s, speed: 3, now: time.Now, frame: time.Second / defaultFPS}
}

// sessions are the learners the player drives: the session's, and the
// twin's in comparison mode.
func (p *player) sessions() []*lab.Session {
	if p.twin != nil {
		return []*lab.Session{p.s, p.twin}
	}
	return []*lab.Session{p.s}
}

// running reports whether a learner can still step: one that neither
// stopped nor failed.
func running(s *lab.Session) bool { return s.Learner().State() == learn.Running && s.Err() == nil }

// anyRunning reports whether any learner the player drives can step; with
// passes, only those that have passes (the perceptron: the SVM's
// iterations stand alone).
func (p *player) anyRunning(passes bool) bool {
	for _, s := range p.sessions() {
		if running(s) && (!passes || s.Passer() != nil) {
			return true
		}
	}
	return false
}

// any reports whether f holds for some learner the player drives.
func (p *player) any(f func(s *lab.Session) bool) bool {
	return slices.ContainsFunc(p.sessions(), f)
}

// takeNote returns what the last key did, once.
func (p *player) takeNote() string {
	n := p.note
	p.note = ""
	return n
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

// raisable reports whether E can raise s's cap: a perceptron stopped at
// its cap on passes (the SVM's cap on iterations is --max-iter).
func raisable(s *lab.Session) bool {
	return s.Learner().State() == learn.Capped && s.Err() == nil && s.Passer() != nil
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
	// The first frame's steps are due at once, so p answers at once.
	p.origin, p.played = p.now().Add(-p.interval()), 0
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

func (p *player) faster() { p.setSpeed(min(len(speeds)-1, p.speed+1)) }
func (p *player) slower() { p.setSpeed(max(0, p.speed-1)) }

// setSpeed changes the speed; autoplay paces itself from now on.
func (p *player) setSpeed(i int) {
	if i != p.speed {
		p.speed = i
		p.origin, p.played = p.now(), 0
	}
}

// interval is the time between autoplay's ticks: one step, or one frame
// when several steps fit in one.
func (p *player) interval() time.Duration {
	return max(p.frame, time.Second/time.Duration(speeds[p.speed]))
}

// step takes up to n steps of each learner, in lockstep, and reports the
// most any took.
func (p *player) step(n int) int {
	taken, _ := p.advance(n, time.Time{}, nil)
	return taken
}

// advance takes up to n steps of each learner, in lockstep, and reports
// the most any took. It stops early after a step when stop (if not nil)
// says so, reported as stopped, and at the deadline (if not zero): the
// step it expects to reach the deadline, from the mean cost of those
// before, is the last. Only the last step is narrated (the one the
// screen shows): the others cost O(1) instead of O(#SV), and when the
// last step taken was quiet (training stopped, or stop said so) its
// narration is written afterwards.
func (p *player) advance(n int, deadline time.Time, stop func() bool) (taken int, stopped bool) {
	var start time.Time
	if !deadline.IsZero() {
		start = p.now()
	}
	for taken < n && !stopped {
		last := taken == n-1
		if !deadline.IsZero() && taken > 0 {
			t := p.now()
			mean := t.Sub(start) / time.Duration(taken)
			if !t.Add(mean).Before(deadline) {
				last = true
			}
		}
		any := false
		for _, s := range p.sessions() {
			if s.Take(last) {
				any = true
			}
		}
		if !any {
			break
		}
		taken++
		stopped = stop != nil && stop()
		if last {
			break
		}
	}
	for _, s := range p.sessions() {
		s.NarrateLast()
	}
	if taken < n && !stopped && !p.anyRunning(false) {
		p.stop()
	}
	return taken, stopped
}

// passEnded reports whether a learner with passes that still runs just
// began a new pass, or none still runs, for e.
func (p *player) passEnded() bool {
	live := false
	for _, s := range p.sessions() {
		if ps := s.Passer(); ps != nil && running(s) {
			if ps.AtPassStart() {
				return true
			}
			live = true
		}
	}
	return !live
}

// playTick takes the steps due by now (see player.origin), for at most a
// chunk, and schedules the next tick for when the next step is due, but
// no sooner than a frame from now.
func (p *player) playTick() tea.Cmd {
	sps := float64(speeds[p.speed])
	now := p.now()
	if due := int(sps*now.Sub(p.origin).Seconds()) - p.played; due > 0 {
		deadline := now.Add(chunk)
		taken, _ := p.advance(due, deadline, nil)
		p.played += taken
		if t := p.now(); taken < due && !t.Before(deadline) {
			// Steps cost more than this speed allows (a large n): drop the
			// backlog rather than catch up in bursts that keys wait for.
			p.origin, p.played = t, 0
		}
	}
	if !p.playing {
		return nil
	}
	next := p.origin.Add(time.Duration(float64(p.played+1) / sps * float64(time.Second)))
	wait := max(p.frame, next.Sub(p.now()))
	id := p.tick
	return tea.Tick(wait, func(time.Time) tea.Msg { return tickMsg{id} })
}

// runChunk steps for a chunk, then yields so the screen redraws and keys
// (esc, c, e) are read, then goes on: to convergence for c, to the end of
// the pass for e (a whole pass when the last step ended one).
func (p *player) runChunk() tea.Cmd {
	var stop func() bool
	if p.finishing {
		stop = p.passEnded // the pass may end at any step
	}
	passEnded := false
	if p.anyRunning(p.finishing) {
		_, passEnded = p.advance(math.MaxInt, p.now().Add(chunk), stop)
	}
	if passEnded || !p.anyRunning(p.finishing) {
		p.converging, p.finishing = false, false
		return nil
	}
	// A breath between chunks: the terminal, Bubble Tea's reader and
	// renderer and a field computed aside get a core (on two cores a key
	// took twice as long to show without it), for a tenth of the steps.
	id := p.tick
	return tea.Tick(breath, func(time.Time) tea.Msg { return runMsg{id} })
}

// status says what the player is doing, for the status line.
func (p *player) status() string {
	switch {
	case p.converging && p.s.Dual() != nil && p.twin == nil:
		return "running SMO to the tolerance (esc stops)"
	case p.converging:
		return "running to convergence (esc stops)"
	case p.finishing:
		return "finishing the pass (esc stops)"
	case p.playing:
		return fmt.Sprintf("playing %d/s", speeds[p.speed])
	}
	return fmt.Sprintf("paused (p plays at %d/s)", speeds[p.speed])
}
