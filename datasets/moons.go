package datasets

import (
	"math"
	"math/rand/v2"
)

// moonsScale shrinks make_moons' span of 3 in x1 to 2.7, so that noisy points
// still fall inside the shared viewport [−1.5, 1.5]².
const moonsScale = 0.9

// genMoons follows scikit-learn's make_moons: the upper moon (+1) is
// (cos t, sin t) and the lower moon (−1) is (1 − cos t, 1 − sin t − 0.5), for t
// evenly spaced on [0, π]; each coordinate gets N(0, noise²), as in
// make_moons' noise. The result is centred by subtracting (0.5, 0.25), the
// middle of the two moons' bounding box, and scaled by 0.9.
func genMoons(r *rand.Rand, n int, noise float64) []Point {
	pts := make([]Point, n)
	nPos, nNeg := (n+1)/2, n/2
	for i := range pts {
		y := label(i)
		k, m := i/2, nPos // k-th point of its moon, of m
		if y < 0 {
			m = nNeg
		}
		t := 0.0
		if m > 1 {
			t = math.Pi * float64(k) / float64(m-1)
		}
		sin, cos := math.Sincos(t)
		x1, x2 := cos, sin
		if y < 0 {
			x1, x2 = 1-cos, 1-sin-0.5
		}
		x1 += noise * r.NormFloat64()
		x2 += noise * r.NormFloat64()
		pts[i] = Point{X1: moonsScale * (x1 - 0.5), X2: moonsScale * (x2 - 0.25), Y: y}
	}
	return pts
}
