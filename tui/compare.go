package tui

import (
	"kernelscope/tui/region"

	"kernelscope/tui/common"

	"fmt"
	"strings"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
)

// Comparison mode (|): two learners on the same data side by side, in two
// regions on one grid (lockstep layout), stepped together (space, c, b, r
// act on both). It compares the perceptron with the SVM on one kernel, or
// (L) one learner on this kernel and the next of the k cycle, with the same
// data and visiting order: the two questions a lecturer gets, "what does
// the margin buy?" and "what does the kernel change?".

// What comparison mode compares.
const (
	compareLearners = iota // the perceptron and the SVM, one kernel
	compareKernels         // one learner, this kernel and the next one
)

// comparison is the second learner of comparison mode and its region; the
// first is the session's, in the root's region.
type comparison struct {
	what  int
	twin  *lab.Session // nil when it could not be built (err says why)
	err   error
	key   twinKey // what the twin was built for
	tried bool    // a build was tried for key
	right *region.RegionView
	// label names the second pane, learner the second learner (for a
	// twin that could not be built).
	label, learner string
}

// twinKey is everything the twin is built from: when any of it changes
// (new data, another kernel, C), the twin is built again; a raised cap on
// passes (E) is not a reason to.
type twinKey struct {
	pts            *datasets.Point // the data: its first point and length
	n              int
	spec           string
	bias, shuffle  bool
	tie            learn.Tie
	seed           uint64
	learner        string
	params         string // every setting's value (learn.Params.Key)
	standardized   bool
	rowCacheBudget int64
}

func keyOf(o Options) twinKey {
	k := twinKey{n: len(o.Points), spec: o.Config.Kernel.Spec(), bias: o.Config.Bias, shuffle: o.Config.Shuffle,
		tie: o.Config.Tie, seed: o.Config.Seed, learner: o.Config.Kind().Name, params: o.Config.Params.Key(),
		standardized: o.Standardized, rowCacheBudget: int64(o.Config.RowCacheBytes)}
	if len(o.Points) > 0 {
		k.pts = &o.Points[0]
	}
	return k
}

// Smallest comparison panes: a plot of at least 25×4 cells under the
// border, the figures, the key line and the axis.
const minPaneW, minPaneH = 34, 9

// compareLayout is where the two panes go in the main area (w×h): side by
// side, or stacked when that leaves the plots squarer or is all that fits;
// ok is false when neither fits.
type compareLayout struct {
	ok, stacked  bool
	paneW, paneH int
	w, h         int
}

func compareGeometry(w, h int) compareLayout {
	g := compareLayout{w: w, h: h}
	// A plot's side in pixels: its cells across, two pixels per cell down.
	side := func(pw, ph int) int {
		x, y := region.PlotSize(common.Inner(pw, ph))
		return min(x, 2*(y-2))
	}
	beside := w/2 >= minPaneW && h >= minPaneH
	stacked := w >= minPaneW && h/2 >= minPaneH
	switch {
	case beside && (!stacked || side(w/2, h) >= side(w, h/2)):
		g.ok, g.paneW, g.paneH = true, w/2, h
	case stacked:
		g.ok, g.stacked, g.paneW, g.paneH = true, true, w, h/2
	}
	return g
}

// compareKey answers | (comparison on or off) and L (what it compares).
func (m *Model) compareKey(switchWhat bool) {
	if switchWhat {
		m.compareWhat = 1 - m.compareWhat
		if m.cmp != nil {
			m.cmp.what = m.compareWhat
		}
		m.message = "comparing " + m.compareName() + ": the right pane starts from α = 0"
		return
	}
	if m.cmp != nil {
		m.cmp = nil
		m.player.Twin = nil
		m.message = "comparison off"
		return
	}
	m.cmp = &comparison{what: m.compareWhat, right: &region.RegionView{S: m.s, Th: m.th}}
	// The views that replace the region have no place beside two regions.
	m.featureOn, m.region.ShowBump, m.show = false, false, showRegion
	other := "kernels (L)"
	if m.compareWhat == compareKernels {
		other = "the perceptron with the SVM (L)"
	}
	m.message = "comparing " + m.compareName() + " on the same data, side by side: space c b r act on both; | ends it, or compare " + other
}

// compareName says what is compared: "perceptron vs SVM C = 1" or
// "K = poly(d=2,c=1) vs K = rbf(sigma=0.5)".
func (m *Model) compareName() string {
	return paneLabel(m.s.Options(), m.compareWhat) + " vs " + paneLabel(m.twinOptions(), m.compareWhat)
}

// paneLabel names a pane's learner for what is compared: the learner, or
// the kernel.
func paneLabel(o Options, what int) string {
	if what == compareKernels {
		return "K = " + o.Config.Kernel.Spec()
	}
	return o.Config.Kind().Label(o.Config)
}

// twinOptions are the second learner's: the session's data and settings
// with the other learner, or with the kernel after this one in the k cycle.
func (m *Model) twinOptions() Options {
	o := m.s.Options()
	if m.compareWhat == compareKernels {
		o.Config.Kernel = m.controls.NextKernel(o.Config.Kernel)
		return o
	}
	o.Config.Learner = o.Config.Kind().Rival()
	return o
}

// syncTwin builds the second learner when comparison mode needs one for
// other data or settings than it has; the player steps it with the first.
func (m *Model) syncTwin() {
	c := m.cmp
	if c == nil {
		m.player.Twin, m.narration.Twin, m.status.Note = nil, nil, ""
		return
	}
	o := m.twinOptions()
	if k := keyOf(o); k != c.key || !c.tried {
		c.key, c.tried = k, true
		if t, err := lab.NewSession(o); err != nil {
			c.twin, c.err = nil, err
		} else {
			c.twin, c.err = t, nil
			c.right.S = t
		}
	}
	c.label, c.learner = paneLabel(o, c.what), paneLabel(o, compareLearners)
	m.player.Twin = c.twin
	m.narration.Twin = c.twin
	m.narration.Labels = [2]string{paneLabel(m.s.Options(), c.what), c.label}
	m.status.Note = "comparing " + m.compareName() + " (| ends it, L compares " + map[int]string{compareLearners: "kernels", compareKernels: "learners"}[c.what] + ")"
}

// sizeCompare gives the two panes their sizes and places; both plots have
// the same size, so a point is in the same cell in both.
func (m *Model) sizeCompare(g compareLayout) {
	r := m.cmp.right
	r.Th, r.Big, r.Compare, r.Narrow = m.th, m.big, true, true
	if !g.ok {
		m.region.SetSize(0, 0)
		r.SetSize(0, 0)
		return
	}
	m.region.SetSize(g.paneW, g.paneH)
	m.region.SetOrigin(0, 0)
	r.SetSize(g.paneW, g.paneH)
	if g.stacked {
		r.SetOrigin(0, g.paneH)
	} else {
		r.SetOrigin(g.paneW, 0)
	}
}

// refreshCompare brings the panes' figures and the second region's drawing
// up to date; the cursor shows in both.
func (m *Model) refreshCompare() {
	c := m.cmp
	if c == nil {
		return
	}
	iw, _ := common.Inner(m.region.W, m.region.H)
	m.region.Figures = common.Figures(m.s, iw)
	r := c.right
	r.CursorOn, r.CursorX, r.CurY = m.region.CursorOn, m.region.CursorX, m.region.CurY
	if c.twin != nil {
		r.Figures = common.Figures(c.twin, iw)
		r.Refresh()
	}
}

// compareView draws the main area of comparison mode: the two panes, or a
// box that asks for a wider terminal.
func (m *Model) compareView(g compareLayout) string {
	if g.w <= 0 || g.h <= 0 {
		return ""
	}
	if !g.ok {
		iw, ih := common.Inner(g.w, g.h)
		// A no-break space keeps the key with what it does.
		text := fmt.Sprintf("widen the terminal to compare: two regions need %d×%d cells side by side or %d×%d stacked, and here are %d×%d. |\u00a0ends comparison mode.",
			2*minPaneW, minPaneH, minPaneW, 2*minPaneH, g.w, g.h)
		return strings.Join(common.Box(m.th, " comparison ", common.WrapLines(text, iw, ih), g.w, g.h), "\n")
	}
	left := strings.Split(m.region.View(), "\n")
	var right []string
	if c := m.cmp; c.twin != nil {
		right = strings.Split(c.right.View(), "\n")
	} else {
		iw, ih := common.Inner(g.paneW, g.paneH)
		why := fmt.Sprintf("the %s cannot train on this data: %v", c.learner, c.err)
		right = common.Box(m.th, " "+c.label+" ", common.WrapLines(why, iw, ih), g.paneW, g.paneH)
	}
	var out []string
	if g.stacked {
		out = append(left, right...)
	} else {
		pad := strings.Repeat(" ", max(0, g.w-2*g.paneW))
		for i := range left {
			out = append(out, left[i]+right[i]+pad)
		}
	}
	for len(out) < g.h {
		out = append(out, strings.Repeat(" ", g.w))
	}
	return strings.Join(out[:g.h], "\n")
}
