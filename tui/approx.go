package tui

import (
	"kernelscope/tui/region"

	"fmt"

	tea "charm.land/bubbletea/v2"

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

// approxCheck starts a job when the overlay is on, shown, and its result
// is not for the session as it is now; while training runs by itself at
// most one a frame. Update calls it after every message.
func (m *Model) approxCheck() tea.Cmd {
	a := m.region.Approx
	if !a.On || a.InFlight || m.compare.On() || m.featureOn || m.regionHidden() || m.cv.Open() {
		return nil
	}
	key := a.KeyFor(m.s)
	if a.Res != nil && a.Res.Key == key {
		return nil
	}
	now := m.player.Now()
	if m.player.Busy() && now.Sub(a.Started) < m.player.Frame {
		return nil // the next tick or chunk asks again
	}
	a.Started = now
	return a.Start(m.s, key)
}

// approxReady takes a job's result, unless it was asked for before a
// toggle or a change of D (then the next check asks again).
func (m *Model) approxReady(msg region.ApproxMsg) {
	a := m.region.Approx
	if msg.Owner != a {
		return
	}
	a.InFlight = false
	if r := msg.Res; r.Amap != nil {
		// Kept even from a stale result: the map's key says when it
		// serves (a Nyström map can take half a second to build).
		a.Amap, a.MapKey = r.Amap, r.MapKey
	}
	if msg.Gen == a.Gen {
		a.Res = msg.Res
	}
}

// approxToggle answers ~: the overlay on or off.
func (m *Model) approxToggle() {
	a := m.region.Approx
	a.On = !a.On
	a.Gen++ // a result in flight is for the overlay before
	a.Res = nil
	if !a.On {
		m.message = "the approximate boundary is hidden (~ shows it)"
		return
	}
	f := "f̃ = w·z(x)"
	if m.s.Dual() != nil {
		f += " + b"
	}
	m.message = fmt.Sprintf("%s %s, w = Σⱼ cⱼ z(xⱼ): this run's coefficients with z(x)·z(x') for K(x, x'); , and . halve and double D (%d now)",
		common.GlyphApprox, f, a.D)
}

// approxStepD answers , and . : D halved or doubled along 1, 2, 4, …, 4096.
func (m *Model) approxStepD(up bool) {
	a := m.region.Approx
	d, ok := region.StepApproxD(a.D, up)
	if !ok {
		m.message = fmt.Sprintf("D = %d is the end of the ladder 1, 2, 4, …, %d", a.D, region.ApproxMaxD)
		return
	}
	a.D = d
	a.Gen++
	m.message = fmt.Sprintf("f̃ with D = %d: the boundary %s moves toward the exact one as D grows", d, common.GlyphApprox)
}
