package region

import (
	"fmt"
	"math"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// describeBump says what the update view shows, for the region's title,
// longest first: the shorter forms shorten the words, then drop what the
// faint boundary is, never the term added.
func describeBump(b lab.Bump) []string {
	sub := learn.Sub(b.I + 1)
	term := fmt.Sprintf("%s·K(x%s, x)", learn.Num(b.Coef), sub)
	if b.T > 0 {
		return []string{
			fmt.Sprintf("U: the last mistake (step %d) added %s; faint: the boundary before", b.T, term),
			fmt.Sprintf("U: the last mistake (step %d) added %s; faint: before", b.T, term),
			fmt.Sprintf("U: step %d added %s; faint: before", b.T, term),
			fmt.Sprintf("U: step %d added %s", b.T, term),
			fmt.Sprintf("U: added %s", term),
			fmt.Sprintf("U: step %d", b.T),
		}
	}
	return []string{
		fmt.Sprintf("U: a mistake on x%s would add %s; faint: the boundary after", sub, term),
		fmt.Sprintf("U: a mistake on x%s would add %s; faint: after", sub, term),
		fmt.Sprintf("U: a mistake would add %s; faint: after", term),
		fmt.Sprintf("U: a mistake would add %s", term),
		fmt.Sprintf("U: would add %s", term),
	}
}

// computeUpdate colors the pixels for the update view: the bump's own
// field in the hue of its sign (shaded by its size), the boundary of f as
// always, and as a faint ghost the boundary of f without the bump (before
// the last mistake) or with it (after a mistake on the next example).
func (r *region) computeUpdate(fd *learn.Field, tie learn.Tie, e learn.Expansion, b lab.Bump) {
	r.base = r.base[:0]
	if fd == nil || fd.W == 0 || fd.H == 0 || r.w == 0 || r.h == 0 || b.I < 0 || b.I >= e.N() {
		return
	}
	k, xi := e.Kernel(), e.X(b.I)
	bv := make([]float64, len(fd.Values))
	other := make([]float64, len(fd.Values))
	peak := 0.0
	for row := range fd.H {
		for c := range fd.W {
			g := row*fd.W + c
			bv[g] = b.Coef * k.Eval(xi, e.Embed(fd.Point(c, row)))
			if b.T > 0 {
				other[g] = fd.Values[g] - bv[g] // f before the mistake
			} else {
				other[g] = fd.Values[g] + bv[g] // f after a mistake on xᵢ
			}
			if a := math.Abs(bv[g]); common.IsFinite(a) {
				peak = math.Max(peak, a)
			}
		}
	}
	edge := func(vals []float64, x, y int) bool { return signEdge(vals, fd.W, fd.H, tie, x, y) }
	touch := touchingZeros(fd, e)
	color := func(x, y int) uint8 {
		g := y*fd.W + x
		v := bv[g]
		switch {
		case !common.IsFinite(v) || !common.IsFinite(fd.Values[g]):
			return common.ColOverflow
		case edge(fd.Values, x, y) || touch[g]:
			return common.ColBoundary
		case edge(other, x, y):
			return common.ColGhost
		case peak == 0 || math.Abs(v) < 1e-3*peak:
			return common.ColNeutral
		}
		return shade(v, int(math.Copysign(1, v)), peak)
	}
	r.paint(fd, color)
}
