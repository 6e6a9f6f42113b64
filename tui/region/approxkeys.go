package region

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
	"kernelscope/tui/common"
)

// The approximate boundary (~, issue 14): the machine that shares the
// run's coefficients on an explicit feature map z,
//
//	f̃(x) = w·z(x) + b,  w = Σⱼ cⱼ z(xⱼ)   (f(x) = Σⱼ cⱼ K(xⱼ, x) + b)
//
// drawn as its zero contour over the exact region, with the share of the
// lattice where f̃ and f predict the same class. z is rff:D (Rahimi &
// Recht) for the RBF kernel and nystrom:D (Williams & Seeger) for the
// others, so the student sees seed 003's infinite-dimensional φ made finite
// and the approximation converge as D doubles (, and .).
//
// f̃ on the lattice costs lattice points × D cosines (up to 24,000 × 4096),
// so it is computed off the UI path on a frozen copy of the learner: one
// job at a time, each numbered (gen) so that a result asked for before a
// toggle or a change of D is dropped, and while training runs by itself
// at most one a frame.
//
// The overlay's keys and its jobs' life: ~ shows or hides f̃, , and .
// halve and double D; Check starts a job when the drawing needs one, and
// Ready takes its result.

// Actions are ~ , and . for the overlay on s's region; host says what
// they did.
func (a *ApproxOverlay) Actions(s Session, host common.Host) action.List {
	n := action.New
	line := &action.Line{Key: "~ , .", Desc: "f̃ on/off, D ÷2 ×2"}
	toggle := n(action.GroupApprox, "~", "approx. boundary f̃", "~")
	fewer := n(action.GroupApprox, ",", "f̃: D ÷ 2", ",")
	more := n(action.GroupApprox, ".", "f̃: D × 2", ".")
	toggle.Line, fewer.Line, more.Line = line, line, line
	toggle.Do = func(tea.KeyPressMsg) tea.Cmd { host.Say(a.toggle(s)); return nil }
	stepD := func(up bool) func() string {
		return func() string {
			if _, ok := stepApproxD(a.d, up); a.on && ok {
				return ""
			}
			if !a.on {
				return "~ shows the approximate boundary f̃ first; , and . then halve and double its D"
			}
			return fmt.Sprintf("D = %d is the end of the ladder 1, 2, 4, …, %d", a.d, approxMaxD)
		}
	}
	fewer.Off, more.Off = stepD(false), stepD(true)
	for _, k := range []*action.Action{fewer, more} {
		k.Do = func(msg tea.KeyPressMsg) tea.Cmd { host.Say(a.stepD(more.Has(msg))); return nil }
	}
	return action.List{toggle, fewer, more}
}

// toggle answers ~: the overlay on or off.
func (a *ApproxOverlay) toggle(s Session) string {
	a.on = !a.on
	a.gen++ // a result in flight is for the overlay before
	a.res = nil
	if !a.on {
		return "the approximate boundary is hidden (~ shows it)"
	}
	f := "f̃ = w·z(x)"
	if s.Dual() != nil {
		f += " + b"
	}
	return fmt.Sprintf("%s %s, w = Σⱼ cⱼ z(xⱼ): this run's coefficients with z(x)·z(x') for K(x, x'), drawn and counted where |f| is clearly away from 0; , and . halve and double D (%d now)",
		common.GlyphApprox, f, a.d)
}

// stepD answers , and . : D halved or doubled along 1, 2, 4, …, 4096.
func (a *ApproxOverlay) stepD(up bool) string {
	d, ok := stepApproxD(a.d, up)
	if !ok {
		return fmt.Sprintf("D = %d is the end of the ladder 1, 2, 4, …, %d", a.d, approxMaxD)
	}
	a.d = d
	a.gen++
	return fmt.Sprintf("f̃ with D = %d: as D grows, its boundary %s keeps out of the ground where f is clearly +1 or −1", d, common.GlyphApprox)
}

// Check starts a job when the overlay is on and shown and its result is
// not for the session as it is now; while training runs by itself
// (busy), at most one a frame, by the clock now. The program calls it
// after every message.
func (a *ApproxOverlay) Check(s Session, shown, busy bool, now time.Time, frame time.Duration) tea.Cmd {
	if !a.on || a.inFlight || !shown {
		return nil
	}
	key := a.KeyFor(s)
	if a.res != nil && a.res.key == key {
		return nil
	}
	if busy && now.Sub(a.started) < frame {
		return nil // the next tick or chunk asks again
	}
	a.started = now
	return a.Start(s, key)
}

// Ready takes a job's result, unless it was asked for before a toggle or
// a change of D (then the next check asks again).
func (a *ApproxOverlay) Ready(msg ApproxMsg) {
	if msg.owner != a {
		return
	}
	a.inFlight = false
	if r := msg.res; r.amap != nil {
		// Kept even from a stale result: the map's key says when it
		// serves (a Nyström map can take half a second to build).
		a.amap, a.mapKey = r.amap, r.mapKey
	}
	if msg.gen == a.gen {
		a.res = msg.res
	}
}

// UpdateAction is U: the update view, which draws the bump a mistake adds
// to f, η·yᵢ·K(xᵢ, x), with the boundary now and, faint, the boundary
// before it; host says what it shows.
func (r *RegionView) UpdateAction(host common.Host) *action.Action {
	a := action.New(action.GroupView, "U", "bump of a mistake", "U")
	a.Off = func() string {
		s := r.S
		switch {
		case s.Kind().Bump:
			return ""
		case s.Budgeted() != nil:
			return "the update view shows the bump η·yᵢ·K(xᵢ, x) of a perceptron's mistake; a budget learner's mistake also forgets, and the narration writes that out"
		case s.Pairs() != nil:
			return "the update view shows the bump a perceptron's mistake adds to f; an SVM iteration moves two α at once, and the narration writes it out"
		}
		return "the update view shows the bump η·yᵢ·K(xᵢ, x) of a perceptron's mistake; " + s.Kind().Title + " updates by a rule of its own, and the narration writes it out"
	}
	a.Do = func(tea.KeyPressMsg) tea.Cmd {
		r.ShowBump = !r.ShowBump
		switch _, ok := r.S.BumpOf(); {
		case !r.ShowBump:
			host.Say("update view off: the region shows f again")
		case !ok:
			host.Say("update view: no mistake to show, and no next example (training has stopped)")
		case r.S.OneD():
			host.Say("update view: the line shows f and, faint, f without the last mistake's term η·yᵢ·K(xᵢ, x) (before any mistake: f with the next example's)")
		default:
			host.Say("update view: the region shows the term a mistake adds to f, η·yᵢ·K(xᵢ, x), with the boundary now and, faint, the boundary before it")
		}
		return nil
	}
	return a
}
