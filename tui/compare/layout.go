package compare

import (
	"kernelscope/tui/common"
	"kernelscope/tui/region"
)

// Smallest comparison panes: a plot of at least 25×4 cells under the
// border, the figures, the key line and the axis.
const minPaneW, minPaneH = 34, 9

// layout is where the two panes go in the main area (w×h): side by side,
// or stacked when that leaves the plots squarer or is all that fits; ok
// is false when neither fits.
type layout struct {
	ok, stacked  bool
	paneW, paneH int
	w, h         int
}

func geometry(w, h int) layout {
	g := layout{w: w, h: h}
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

// SetSize gives comparison mode the main area (w×h, from the screen's
// top left corner) and the two panes their sizes and places; both plots
// have the same size, so a point is in the same cell in both. The right
// pane draws as the left does (theme, projector mode).
func (v *Model) SetSize(w, h int) {
	g := geometry(max(0, w), max(0, h))
	v.g = g
	if !v.on {
		return
	}
	r := v.right
	v.left.Compare = true
	r.Th, r.Big, r.Compare, r.Narrow = v.left.Th, v.left.Big, true, true
	if !g.ok {
		v.left.SetSize(0, 0)
		r.SetSize(0, 0)
		return
	}
	v.left.SetSize(g.paneW, g.paneH)
	v.left.SetOrigin(0, 0)
	r.SetSize(g.paneW, g.paneH)
	if g.stacked {
		r.SetOrigin(0, g.paneH)
	} else {
		r.SetOrigin(g.paneW, 0)
	}
}
