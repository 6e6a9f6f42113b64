package datasets

import "math/rand/v2"

// xorGap is the half-width of the band around each axis that xor leaves
// empty, so that no point sits on the boundary x1·x2 = 0.
const xorGap = 0.1

// genXOR draws points uniformly from [−1, 1]² outside the bands |x1| < 0.1 and
// |x2| < 0.1, labels them y = sign(x1·x2), and then jitters the coordinates by
// N(0, noise²).
func genXOR(r *rand.Rand, n int, noise float64) []Point {
	pts := make([]Point, n)
	for i := range pts {
		y := label(i)
		// A uniform point outside the bands, conditioned on its label, has
		// |x1| and |x2| uniform on [0.1, 1], a random sign for x1, and the
		// sign of x2 that makes sign(x1·x2) = y. Drawing it directly needs no
		// rejection loop.
		a := xorGap + (1-xorGap)*r.Float64()
		b := xorGap + (1-xorGap)*r.Float64()
		s := 1.0
		if r.IntN(2) == 0 {
			s = -1
		}
		pts[i] = Point{
			X1: s*a + noise*r.NormFloat64(),
			X2: s*float64(y)*b + noise*r.NormFloat64(),
			Y:  y,
		}
	}
	return pts
}
