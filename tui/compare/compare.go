// Package compare is comparison mode (|): two learners on the same data
// side by side, in two regions on one grid (lockstep layout), stepped
// together (space, c, b, r act on both: the player drives the second
// learner with the first). It compares the perceptron with the SVM on one
// kernel, or (L) one learner on this kernel and the next of the k cycle,
// with the same data and visiting order: the two questions a lecturer
// gets, "what does the margin buy?" and "what does the kernel change?".
//
// The left pane is the program's region, which comparison mode sizes,
// places and titles while it is on; the right pane and its learner, the
// twin, are the mode's own.
package compare

import (
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/region"
)

// Session is what comparison mode reads of the training session: its
// data and settings, which the twin trains with.
type Session interface {
	Options() lab.Options
	// The grid the twin's field follows, so both regions are drawn on one.
	lab.Grid
}

// What comparison mode compares.
const (
	learners = iota // the perceptron and the SVM, one kernel
	kernels         // one learner, this kernel and the next one
)

// Model is comparison mode: off, or the second learner and its region
// beside the program's.
type Model struct {
	s    Session
	host common.Host
	keys keys
	// nextKernel is the kernel after k in the program's k cycle.
	nextKernel func(k learn.Kernel) learn.Kernel
	// what is what is compared (L), kept while the mode is off.
	what int
	on   bool

	left, right *region.RegionView
	g           layout

	twin  *lab.Session // nil when it could not be built (err says why)
	err   error
	key   twinKey // what the twin was built for
	tried bool    // a build was tried for key
	// label names the second pane, learner the second learner (for a
	// twin that could not be built).
	label, learner string
}

// New makes comparison mode, off, for s beside left, the program's
// region; host shows its messages and hears about the twin, and
// nextKernel is the kernel after a kernel in the program's k cycle (L
// compares a kernel with it).
func New(s Session, host common.Host, left *region.RegionView, nextKernel func(learn.Kernel) learn.Kernel) *Model {
	v := &Model{s: s, host: host, left: left, nextKernel: nextKernel}
	v.keys = newKeys(v)
	return v
}

// On reports whether comparison mode is on: it then shows two regions in
// place of the region and the panels.
func (v *Model) On() bool { return v.on }

// Twin is the second learner, nil when comparison mode is off or the
// learner could not be built.
func (v *Model) Twin() *lab.Session {
	if !v.on {
		return nil
	}
	return v.twin
}

// toggle turns comparison mode on or off (|).
func (v *Model) toggle() {
	if v.on {
		v.on, v.twin, v.err, v.tried = false, nil, nil, false
		v.host.Say("comparison off")
		return
	}
	v.on = true
	v.right = &region.RegionView{S: v.left.S, Th: v.left.Th}
	// The update view has no place beside two regions.
	v.left.ShowBump = false
	other := "kernels (L)"
	if v.what == kernels {
		other = "the perceptron with the SVM (L)"
	}
	v.host.Say("comparing " + v.name() + " on the same data, side by side: space c b r act on both; | ends it, or compare " + other)
}

// switchWhat switches what is compared (L).
func (v *Model) switchWhat() {
	v.what = 1 - v.what
	v.host.Say("comparing " + v.name() + ": the right pane starts from α = 0")
}

// name says what is compared: "perceptron vs SVM C = 1" or
// "K = poly(d=2,c=1) vs K = rbf(sigma=0.5)".
func (v *Model) name() string {
	return paneLabel(v.s.Options(), v.what) + " vs " + paneLabel(v.twinOptions(), v.what)
}

// paneLabel names a pane's learner for what is compared: the learner, or
// the kernel.
func paneLabel(o lab.Options, what int) string {
	if what == kernels {
		return "K = " + learn.ShortSpec(o.Config.Kernel)
	}
	return o.Config.Kind().Label(o.Config)
}

// Hit is the plot cell at screen position (x, y) of the right pane, on
// the left pane's grid; ok is false outside it or when the mode is off.
func (v *Model) Hit(x, y int) (cx, cy int, ok bool) {
	if !v.on {
		return 0, 0, false
	}
	return v.right.Hit(x, y)
}
