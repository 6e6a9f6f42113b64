package datasets

import (
	"math"
	"math/rand/v2"
)

// Radii of the two circles rings.
const (
	circlesInner = 0.5 // labelled +1
	circlesOuter = 1.0 // labelled −1
)

// genCircles draws points at a uniform angle on a ring of radius 0.5 (+1) or
// 1.0 (−1), with the radius jittered by N(0, noise²). No quadratic separates
// them better than x1² + x2² = 0.75², which poly(d=2,c=1) contains.
func genCircles(r *rand.Rand, n int, noise float64) []Point {
	pts := make([]Point, n)
	for i := range pts {
		y := label(i)
		radius := circlesOuter
		if y > 0 {
			radius = circlesInner
		}
		radius += noise * r.NormFloat64()
		sin, cos := math.Sincos(2 * math.Pi * r.Float64())
		pts[i] = Point{X1: radius * cos, X2: radius * sin, Y: y}
	}
	return pts
}
