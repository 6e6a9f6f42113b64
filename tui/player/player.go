package player

import (
	"fmt"
	"math"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/setup"
	"kernelscope/tui/action"
)

// Speeds are the autoplay rates, in steps per second.
var Speeds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000}

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
	TickMsg struct{ ID int }
	RunMsg  struct{ ID int }
)

// Player runs training by itself: autoplay at a speed (p, + and -), a run
// to convergence (c) or to the end of the pass (e) in chunks of a few
// milliseconds, so the screen redraws and esc is read between them. In comparison
// mode it drives both learners in lockstep: a step, a run, an undo or a
// reset acts on each.
type Player struct {
	s          Session
	Twin       Session // the other learner in comparison mode, or nil
	Playing    bool
	Converging bool // c
	Finishing  bool // e
	Speed      int  // index into speeds
	Tick       int  // id of the live run; stale messages are dropped
	keys       playerKeys
	// Hold says why the player takes no key now ("": it does; the quiz
	// holds it until its question is answered).
	Hold func() string
	note string // what the last key did, for the root to show
	// Now is the clock autoplay is paced by (tests set it); frame the
	// shortest time between its ticks (1/--fps).
	Now   func() time.Time
	Frame time.Duration
	// After is how a tick is scheduled: tea.Tick, or a recorder's own
	// clock (tui's headless driver runs it without waiting).
	After func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	// origin is when autoplay started or last changed speed, played the
	// steps taken since: at time t, speed·(t − origin) − played steps are
	// due, so the rate is exact on average whatever a frame costs.
	origin time.Time
	played int
}

func New(s Session) *Player {
	return &Player{s: s, Speed: 3, Now: time.Now, Frame: time.Second / defaultFPS, After: tea.Tick}
}

// Sessions are the learners the player drives: the session's, and the
// twin's in comparison mode.
func (p *Player) Sessions() []Session {
	if p.Twin != nil {
		return []Session{p.s, p.Twin}
	}
	return []Session{p.s}
}

// Running reports whether a learner can still step: one that neither
// stopped nor failed.
func Running(s Stepper) bool { return s.Learner().State() == learn.Running && s.Err() == nil }

// Stepper is what Running reads of a session (a Session, or a
// component's narrow view of one).
type Stepper interface {
	Learner() learn.Learner
	Err() error
}

// AnyRunning reports whether any learner the player drives can step; with
// passes, only those that have passes (the perceptron: the SVM's
// iterations stand alone).
func (p *Player) AnyRunning(passes bool) bool {
	for _, s := range p.Sessions() {
		if Running(s) && (!passes || s.Passer() != nil) {
			return true
		}
	}
	return false
}

// any reports whether f holds for some learner the player drives.
func (p *Player) any(f func(s Session) bool) bool {
	return slices.ContainsFunc(p.Sessions(), f)
}

// TakeNote returns what the last key did, once.
func (p *Player) TakeNote() string {
	n := p.note
	p.note = ""
	return n
}

// Busy reports whether a run or autoplay is going on.
func (p *Player) Busy() bool { return p.Playing || p.Converging || p.Finishing }

// Stop ends autoplay and runs; their pending messages become stale.
func (p *Player) Stop() {
	if p.Busy() {
		p.Tick++
	}
	p.Playing, p.Converging, p.Finishing = false, false, false
}

// Update takes the player's own messages: its keys, the next tick of
// autoplay or the next chunk of a run (unless stale).
func (p *Player) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case TickMsg:
		if msg.ID == p.Tick && p.Playing {
			return p.playTick()
		}
	case RunMsg:
		if msg.ID == p.Tick && (p.Converging || p.Finishing) {
			return p.runChunk()
		}
	}
	return nil
}

// raisable reports whether E can raise s's cap: a perceptron stopped at
// its cap on passes (the SVM's cap on iterations is --max-iter).
func raisable(s Session) bool {
	return s.Learner().State() == learn.Capped && s.Err() == nil && s.Passer() != nil
}

// TogglePlay starts or pauses autoplay.
func (p *Player) TogglePlay() tea.Cmd {
	if p.Playing {
		p.Stop()
		return nil
	}
	p.Stop()
	p.Playing = true
	p.Tick++
	// The first frame's steps are due at once, so p answers at once.
	p.origin, p.played = p.Now().Add(-p.Interval()), 0
	return p.playTick()
}

// ToggleConverge starts or stops a run to convergence (or the epoch cap).
func (p *Player) ToggleConverge() tea.Cmd {
	if p.Converging {
		p.Stop()
		return nil
	}
	p.Stop()
	p.Converging = true
	p.Tick++
	return p.runChunk()
}

// toggleFinish starts or stops a run to the end of the pass.
func (p *Player) toggleFinish() tea.Cmd {
	if p.Finishing {
		p.Stop()
		return nil
	}
	p.Stop()
	p.Finishing = true
	p.Tick++
	return p.runChunk()
}

func (p *Player) faster() { p.setSpeed(min(len(Speeds)-1, p.Speed+1)) }
func (p *Player) slower() { p.setSpeed(max(0, p.Speed-1)) }

// setSpeed changes the speed; autoplay paces itself from now on.
func (p *Player) setSpeed(i int) {
	if i != p.Speed {
		p.Speed = i
		p.origin, p.played = p.Now(), 0
	}
}

// Interval is the time between autoplay's ticks: one step, or one frame
// when several steps fit in one.
func (p *Player) Interval() time.Duration {
	return max(p.Frame, time.Second/time.Duration(Speeds[p.Speed]))
}

// Step takes up to n steps of each learner, in lockstep, and reports the
// most any took.
func (p *Player) Step(n int) int {
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
func (p *Player) advance(n int, deadline time.Time, stop func() bool) (taken int, stopped bool) {
	var start time.Time
	if !deadline.IsZero() {
		start = p.Now()
	}
	for taken < n && !stopped {
		last := taken == n-1
		if !deadline.IsZero() && taken > 0 {
			t := p.Now()
			mean := t.Sub(start) / time.Duration(taken)
			if !t.Add(mean).Before(deadline) {
				last = true
			}
		}
		any := false
		for _, s := range p.Sessions() {
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
	for _, s := range p.Sessions() {
		s.NarrateLast()
	}
	if taken < n && !stopped && !p.AnyRunning(false) {
		p.Stop()
	}
	return taken, stopped
}

// passEnded reports whether a learner with passes that still runs just
// began a new pass, or none still runs, for e.
func (p *Player) passEnded() bool {
	live := false
	for _, s := range p.Sessions() {
		if ps := s.Passer(); ps != nil && Running(s) {
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
func (p *Player) playTick() tea.Cmd {
	sps := float64(Speeds[p.Speed])
	now := p.Now()
	if due := int(sps*now.Sub(p.origin).Seconds()) - p.played; due > 0 {
		deadline := now.Add(chunk)
		taken, _ := p.advance(due, deadline, nil)
		p.played += taken
		if t := p.Now(); taken < due && !t.Before(deadline) {
			// Steps cost more than this speed allows (a large n): drop the
			// backlog rather than catch up in bursts that keys wait for.
			p.origin, p.played = t, 0
		}
	}
	if !p.Playing {
		return nil
	}
	next := p.origin.Add(time.Duration(float64(p.played+1) / sps * float64(time.Second)))
	wait := max(p.Frame, next.Sub(p.Now()))
	id := p.Tick
	return p.After(wait, func(time.Time) tea.Msg { return TickMsg{id} })
}

// runChunk steps for a chunk, then yields so the screen redraws and keys
// (esc, c, e) are read, then goes on: to convergence for c, to the end of
// the pass for e (a whole pass when the last step ended one).
func (p *Player) runChunk() tea.Cmd {
	var stop func() bool
	if p.Finishing {
		stop = p.passEnded // the pass may end at any step
	}
	passEnded := false
	if p.AnyRunning(p.Finishing) {
		_, passEnded = p.advance(math.MaxInt, p.Now().Add(chunk), stop)
	}
	if passEnded || !p.AnyRunning(p.Finishing) {
		p.Converging, p.Finishing = false, false
		return nil
	}
	// A breath between chunks: the terminal, Bubble Tea's reader and
	// renderer and a field computed aside get a core (on two cores a key
	// took twice as long to show without it), for a tenth of the steps.
	id := p.Tick
	return p.After(breath, func(time.Time) tea.Msg { return RunMsg{id} })
}

// Status says what the player is doing, for the status line.
func (p *Player) Status() string {
	switch {
	case p.Converging && p.s.Dual() != nil && p.Twin == nil:
		return "running SMO to the tolerance (esc stops)"
	case p.Converging:
		return "running to convergence (esc stops)"
	case p.Finishing:
		return "finishing the pass (esc stops)"
	case p.Playing:
		return fmt.Sprintf("playing %d/s", Speeds[p.Speed])
	}
	return fmt.Sprintf("paused (p plays at %d/s)", Speeds[p.Speed])
}

// StatusParts is Status in two parts: what the player is doing, and the
// hint that says what p would do ("" when there is none), which the
// status line leaves out first.
func (p *Player) StatusParts() (state, hint string) {
	if p.Converging || p.Finishing || p.Playing {
		return p.Status(), ""
	}
	return "paused", fmt.Sprintf("p plays at %d/s", Speeds[p.Speed])
}

// playerKeys are the player's actions by name.
type playerKeys struct {
	step, epoch, converge, play, faster, slower, back, reset, raiseCap *action.Action
}

// Actions are the player's keys: stepping, runs, autoplay, undo. While
// hold says why (the quiz asks first), the stepping keys do nothing.
func (p *Player) Actions() []*action.Action {
	k := &p.keys
	if k.step != nil {
		return []*action.Action{k.step, k.epoch, k.converge, k.play, k.faster, k.slower, k.back, k.reset, k.raiseCap}
	}
	n := action.New
	k.step = n(action.GroupStepping, "space", "step", "space")
	k.epoch = n(action.GroupStepping, "e", "finish epoch", "e")
	k.converge = n(action.GroupStepping, "c", "run to convergence", "c")
	k.play = n(action.GroupStepping, "p", "play/pause", "p")
	speed := &action.Line{Key: "+ -", Desc: "faster / slower"}
	k.faster = n(action.GroupStepping, "+", "faster", "+", "=")
	k.slower = n(action.GroupStepping, "-", "slower", "-", "_")
	k.faster.Line, k.slower.Line = speed, speed
	k.back = n(action.GroupStepping, "b", "step back", "b")
	k.reset = n(action.GroupStepping, "r", "reset α", "r")
	k.raiseCap = n(action.GroupStepping, "E", "double the pass cap", "E")
	for i, a := range []*action.Action{k.step, k.epoch, k.converge, k.play, k.faster, k.slower, k.back, k.reset} {
		a.Short = 2 + i
	}
	held := func() string {
		if p.Hold != nil {
			return p.Hold()
		}
		return ""
	}
	stopped := func(run bool) string {
		if why := held(); why != "" {
			return why
		}
		if run {
			return ""
		}
		return p.whyStopped()
	}
	k.step.Off = func() string { return stopped(p.AnyRunning(false)) }
	k.epoch.Off = func() string {
		if why := held(); why != "" {
			return why
		}
		if p.AnyRunning(true) || p.Finishing {
			return ""
		}
		if p.s.Passer() == nil && Running(p.s) {
			return p.s.Kind().Title + " has no passes: space takes one pair update, c runs it to the tolerance"
		}
		return p.whyStopped()
	}
	k.converge.Off = func() string { return stopped(p.AnyRunning(false) || p.Converging) }
	k.play.Off = func() string { return stopped(p.AnyRunning(false) || p.Playing) }
	k.faster.Off = func() string {
		if why := held(); why != "" {
			return why
		}
		if p.Speed < len(Speeds)-1 {
			return ""
		}
		return fmt.Sprintf("%d steps a second is the fastest", Speeds[len(Speeds)-1])
	}
	k.slower.Off = func() string {
		if why := held(); why != "" {
			return why
		}
		if p.Speed > 0 {
			return ""
		}
		return "1 step a second is the slowest"
	}
	k.back.Off = func() string {
		l := p.s.Learner()
		switch {
		case p.any(func(s Session) bool { return s.Learner().CanUndo() }):
			return ""
		case l.T() == 0:
			return "nothing to step back: this is the start"
		}
		return fmt.Sprintf("steps 1–%d can no longer be undone (a point was added, or the history keeps only the latest mistakes); r starts over", l.UndoFloor())
	}
	k.reset.Off = func() string {
		if p.any(func(s Session) bool { return s.Learner().T() > 0 }) {
			return ""
		}
		return "every α is 0 already"
	}
	k.raiseCap.Off = func() string {
		if p.any(raisable) {
			return ""
		}
		if sv := p.s.SMO(); sv != nil {
			return fmt.Sprintf("E raises the perceptron's cap on passes; the SVM's cap is %s (--max-iter)", notation.Iterations(sv.MaxIter()))
		}
		return fmt.Sprintf("E raises the cap on passes when training stops at it; the cap is %s", notation.Passes(p.s.Learner().Config().Epochs))
	}
	k.step.Do = func(tea.KeyPressMsg) tea.Cmd { p.Stop(); p.Step(1); return nil }
	k.epoch.Do = func(tea.KeyPressMsg) tea.Cmd { return p.toggleFinish() }
	k.converge.Do = func(tea.KeyPressMsg) tea.Cmd { return p.ToggleConverge() }
	k.play.Do = func(tea.KeyPressMsg) tea.Cmd { return p.TogglePlay() }
	k.faster.Do = func(tea.KeyPressMsg) tea.Cmd { p.faster(); return nil }
	k.slower.Do = func(tea.KeyPressMsg) tea.Cmd { p.slower(); return nil }
	k.back.Do = func(tea.KeyPressMsg) tea.Cmd {
		p.Stop()
		back := false
		for _, s := range p.Sessions() {
			back = s.Back() || back
		}
		if !back {
			p.note = "nothing to step back"
		}
		return nil
	}
	k.reset.Do = func(tea.KeyPressMsg) tea.Cmd {
		p.Stop()
		for _, s := range p.Sessions() {
			s.Reset()
		}
		p.note = "α reset to 0"
		return nil
	}
	k.raiseCap.Do = func(tea.KeyPressMsg) tea.Cmd {
		for _, s := range p.Sessions() {
			if raisable(s) {
				p.note = s.RaiseCap()
			}
		}
		return nil
	}
	return p.Actions()
}

// whyStopped says why the session's learner takes no step: it has
// converged, stopped at a cap, or stopped on an error.
func (p *Player) whyStopped() string {
	s, l := p.s, p.s.Learner()
	sv := s.SMO()
	switch {
	case sv != nil && (s.Err() == learn.ErrNotSeparable || sv.Err() == learn.ErrNotSeparable):
		return "the hard margin (C = ∞) cannot separate this data with this kernel: < gives C a finite value, or k another kernel"
	case sv != nil && l.State() == learn.Converged:
		return fmt.Sprintf("SMO has converged after %s (m − M ≤ tol): r resets α to watch it again, < > change C", notation.Iterations(l.T()))
	case sv != nil && l.State() == learn.Capped:
		return fmt.Sprintf("SMO stopped at its cap of %s (--max-iter sets it)", notation.Iterations(sv.MaxIter()))
	case s.Err() != nil:
		return "training stopped on a numerical problem: r resets α, or change the kernel or data"
	case l.State() == learn.Converged:
		return fmt.Sprintf("training has converged after %s: r resets α to watch it again", notation.Passes(s.Passer().Epoch()))
	case l.State() == learn.Capped:
		if _, dense := l.(learn.Dense); dense {
			// It has no convergence of its own: the passes are its end.
			return fmt.Sprintf("%s ran all %s (it never converges): E doubles the passes and goes on", l.Config().Kind().Title, notation.Passes(l.Config().Epochs))
		}
		return fmt.Sprintf("training stopped at the cap of %s: E doubles the cap and goes on", notation.Passes(l.Config().Epochs))
	}
	return "no learner can step now"
}
