package compare

import (
	"fmt"
	"slices"
	"strings"

	"kernelscope/tui/common"
)

// Refresh brings the panes' figures and the right region's drawing up to
// date (the program refreshes the left one); the cursor shows in both.
func (v *Model) Refresh() {
	if !v.on {
		return
	}
	l, r := v.left, v.right
	iw, _ := common.Inner(l.W, l.H)
	r.CursorOn, r.CursorX, r.CurY = l.CursorOn, l.CursorX, l.CurY
	if v.twin == nil {
		l.Figures = common.Figures(iw, l.S)[0]
		return
	}
	f := common.Figures(iw, l.S, v.twin)
	l.Figures, r.Figures = f[0], f[1]
	r.Refresh()
}

// View draws the main area of comparison mode: the two panes, or a box
// that asks for a wider terminal.
func (v *Model) View() string {
	g := v.g
	if !v.on || g.w <= 0 || g.h <= 0 {
		return ""
	}
	th := v.left.Th
	if !g.ok {
		iw, ih := common.Inner(g.w, g.h)
		// A no-break space keeps the key with what it does.
		text := fmt.Sprintf("widen the terminal to compare: two regions need %d×%d cells side by side or %d×%d stacked, and here are %d×%d. |\u00a0ends comparison mode.",
			2*minPaneW, minPaneH, minPaneW, 2*minPaneH, g.w, g.h)
		return strings.Join(common.Box(th, " comparison ", common.WrapLines(text, iw, ih), g.w, g.h), "\n")
	}
	// The panes' drawings are kept until what they show changes (Cached):
	// read, never written to.
	left := v.left.Cached()
	var right []string
	if v.twin != nil {
		right = v.right.Cached()
	} else {
		iw, ih := common.Inner(g.paneW, g.paneH)
		why := fmt.Sprintf("the %s cannot train on this data: %v", v.learner, v.err)
		right = common.Box(th, " "+v.label+" ", common.WrapLines(why, iw, ih), g.paneW, g.paneH)
	}
	var out []string
	if g.stacked {
		out = slices.Concat(left, right)
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
