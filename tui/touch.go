package tui

import (
	"kernelscope/tui/common"

	"math"

	"kernelscope/learn"
)

// touchingZeros marks the lattice points next to which f reaches 0 without
// changing sign: a zero set that only touches 0, such as the anti-diagonal
// of seed 003's f(x) = (x₁ + x₂)² after the first step, where the −1
// points sit. A sign change between neighbours cannot see it, and the
// lattice rarely falls exactly on it. So where a lattice value is a local
// minimum of |f| across its row or its column, the exact f is minimised
// along the segment between the two neighbours (ternary search on the
// learner's own sum); if it comes within rounding of 0 (1e-9 of the
// field's largest |f|), the point is on the boundary. The search stops
// after maxTouchWork kernel evaluations, so a large expansion costs at
// most that.
func touchingZeros(fd *learn.Field, e learn.Expansion) []bool {
	touch := make([]bool, len(fd.Values))
	if e == nil {
		return touch
	}
	exact, perSum := e.Decide, max(1, len(e.SupportVectors()))
	vals := fd.Values
	big := 0.0
	for _, v := range vals {
		if a := math.Abs(v); a <= math.MaxFloat64 {
			big = math.Max(big, a)
		}
	}
	if big == 0 {
		return touch
	}
	tol := 1e-9 * big
	work := 0
	// onZero reports whether s·f has a minimum within rounding of 0 on the
	// segment from (a1, a2) to (b1, b2), where s·f > 0 at both ends.
	onZero := func(s, a1, a2, b1, b2 float64) bool {
		lo, hi := 0.0, 1.0
		at := func(t float64) float64 { return s * exact(a1+t*(b1-a1), a2+t*(b2-a2)) }
		for range touchSteps {
			m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
			if at(m1) < at(m2) {
				hi = m2
			} else {
				lo = m1
			}
		}
		work += 2 * touchSteps * perSum
		return at((lo+hi)/2) <= tol
	}
	sign := func(v float64) float64 {
		if v < 0 {
			return -1
		}
		return 1
	}
	for y := range fd.H {
		for x := range fd.W {
			if work > maxTouchWork {
				return touch
			}
			v := vals[y*fd.W+x]
			if !common.IsFinite(v) || math.Abs(v) > 0.25*big {
				continue
			}
			s := sign(v)
			// across the row, then across the column
			for _, d := range [2][2]int{{1, 0}, {0, 1}} {
				x0, y0, x1, y1 := x-d[0], y-d[1], x+d[0], y+d[1]
				if x0 < 0 || y0 < 0 || x1 >= fd.W || y1 >= fd.H {
					continue
				}
				u, w := vals[y0*fd.W+x0], vals[y1*fd.W+x1]
				if !(s*u > 0 && s*w > 0 && s*u >= s*v && s*w >= s*v) {
					continue
				}
				a1, a2 := fd.Point(x0, y0)
				b1, b2 := fd.Point(x1, y1)
				if onZero(s, a1, a2, b1, b2) {
					touch[y*fd.W+x] = true
					break
				}
			}
		}
	}
	return touch
}

// touchSteps is the number of ternary-search steps along a segment: the
// segment shrinks by (2/3)^touchSteps, to a hundred-millionth of a pixel.
const touchSteps = 45

// maxTouchWork bounds the kernel evaluations spent on touching zeros per
// redraw: a few milliseconds.
const maxTouchWork = 1_000_000
