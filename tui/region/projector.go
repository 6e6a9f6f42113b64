package region

import (
	"kernelscope/lab"
	"kernelscope/tui/common"
)

// bigMarker is a point's marker in projector mode, one glyph per cell: two
// cells for a point (++, −−) and three, in brackets, for a support vector
// ([+], [−]), so the two differ in shape from the back of a room, with
// or without color. The SVM's support vectors at α = C are braced ({+},
// {−}).
func bigMarker(pos bool, kind int) []string {
	g := common.GlyphNeg
	if pos {
		g = common.GlyphPos
	}
	switch kind {
	case lab.FreeSV:
		return []string{"[", g, "]"}
	case lab.BoundSV:
		return []string{"{", g, "}"}
	case lab.ForgottenSV:
		return []string{"(", g, ")"}
	}
	return []string{g, g}
}

// thicken widens the boundary for projector mode: every pixel next to a
// boundary pixel (left, right, above or below) becomes one, so the line is
// about three cells wide and has no gaps on a diagonal.
func (r *region) thicken() {
	pw, ph := r.w, 2*r.h // pixels: two per cell, one above the other
	if len(r.base) != pw*ph {
		return
	}
	px := func(x, y int) int { return (y/2*pw+x)*2 + y%2 }
	was := make([]bool, len(r.base))
	for y := range ph {
		for x := range pw {
			was[y*pw+x] = r.base[px(x, y)] == common.ColBoundary
		}
	}
	for y := range ph {
		for x := range pw {
			if was[y*pw+x] || r.base[px(x, y)] == common.ColOverflow {
				continue
			}
			if (x > 0 && was[y*pw+x-1]) || (x+1 < pw && was[y*pw+x+1]) || (y > 0 && was[(y-1)*pw+x]) || (y+1 < ph && was[(y+1)*pw+x]) {
				r.base[px(x, y)] = common.ColBoundary
			}
		}
	}
}
