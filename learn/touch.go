package learn

import "math"

// A Touch is a point near which f reaches 0 without changing sign: a zero
// set that only touches 0, such as the anti-diagonal of seed 003's
// f(x) = (x₁ + x₂)² after the first step, where the −1 points sit.
type Touch struct {
	// At is the lattice point it was found at, an index of Field.Values.
	At int
	// X1, X2 is where |f| is smallest near it: on the zero set, within
	// rounding.
	X1, X2 float64
}

// touchSteps is the number of ternary-search steps along a segment: it
// shrinks by (2/3)^45, to a hundred-millionth of a lattice cell.
const touchSteps = 45

// TouchingZeros finds the points of fd's lattice next to which the
// expansion e (whose values fd holds) reaches 0 without changing sign,
// which no sign change between lattice points can show and the lattice
// rarely falls on exactly. Where a lattice value is a local minimum of |f|
// across its row or its column, between neighbours of its own sign, the
// exact f is minimised along the segment between them by ternary search on
// e's own sum; a minimum within rounding of 0 (1e-9 of the field's largest
// |f|) is on the zero set. A lattice value that is itself within rounding
// of 0 between neighbours of one sign is one too. The searches stop after
// maxWork kernel evaluations (each costs 2·45 sums of #SV terms), so a
// large expansion costs at most that; the lattice values are still looked
// at. The terminal program's region and the figures of `kernelscope plot`
// both draw these points as boundary.
func TouchingZeros(fd *Field, e Expansion, maxWork int) []Touch {
	if e == nil {
		return nil
	}
	vals := fd.Values
	big := 0.0
	for _, v := range vals {
		if a := math.Abs(v); a <= math.MaxFloat64 {
			big = math.Max(big, a)
		}
	}
	if big == 0 {
		return nil
	}
	tol := 1e-9 * big
	work, perSum := 0, max(1, len(e.SupportVectors()))
	sign := func(v float64) float64 {
		if v < 0 {
			return -1
		}
		return 1
	}
	var out []Touch
	for r := range fd.H {
		for c := range fd.W {
			g := r*fd.W + c
			v := vals[g]
			if !(math.Abs(v) <= 0.25*big) { // NaN and ±Inf too
				continue
			}
			// across the row, then across the column
			for _, d := range [2][2]int{{1, 0}, {0, 1}} {
				c0, r0, c1, r1 := c-d[0], r-d[1], c+d[0], r+d[1]
				if c0 < 0 || r0 < 0 || c1 >= fd.W || r1 >= fd.H {
					continue
				}
				u, w := vals[r0*fd.W+c0], vals[r1*fd.W+c1]
				if math.Abs(v) <= tol {
					if math.Abs(u) > tol && math.Abs(w) > tol && sign(u) == sign(w) {
						x1, x2 := fd.Point(c, r)
						out = append(out, Touch{At: g, X1: x1, X2: x2})
						break
					}
					continue
				}
				s := sign(v)
				if !(s*u > 0 && s*w > 0 && s*u >= s*v && s*w >= s*v) || work > maxWork {
					continue
				}
				a1, a2 := fd.Point(c0, r0)
				b1, b2 := fd.Point(c1, r1)
				// Ternary search for the minimum of s·f on the segment
				// a + t(b − a), t ∈ [0, 1]: s·f is near its minimum there.
				f := func(t float64) float64 { return s * e.Decide(a1+t*(b1-a1), a2+t*(b2-a2)) }
				lo, hi := 0.0, 1.0
				for range touchSteps {
					m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
					if f(m1) < f(m2) {
						hi = m2
					} else {
						lo = m1
					}
				}
				work += 2 * touchSteps * perSum
				if t := (lo + hi) / 2; f(t) <= tol {
					out = append(out, Touch{At: g, X1: a1 + t*(b1-a1), X2: a2 + t*(b2-a2)})
					break
				}
			}
		}
	}
	return out
}
