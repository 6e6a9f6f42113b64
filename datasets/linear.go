package datasets

import (
	"math"
	"math/rand/v2"
)

// The line that labels the linear set, w·x + b = 0 with ‖w‖ = 1 so that
// w·x + b is the signed distance to it, and the empty band on each side.
const (
	linearW1     = 0.8
	linearW2     = -0.6
	linearB      = 0.2
	linearMargin = 0.05
)

// genLinear draws points uniformly from [−1, 1]², labels them
// y = sign(0.8·x1 − 0.6·x2 + 0.2), rejects those within 0.05 of the line, and
// jitters the rest by N(0, noise²). The line misses the origin, so learning it
// needs the bias.
func genLinear(r *rand.Rand, n int, noise float64) []Point {
	pts := make([]Point, n)
	for i := range pts {
		y := label(i)
		// Rejection sampling conditioned on the label; each side of the line
		// covers over a third of the square, so this takes a few draws.
		var x1, x2 float64
		for {
			x1, x2 = 2*r.Float64()-1, 2*r.Float64()-1
			d := linearW1*x1 + linearW2*x2 + linearB
			if math.Abs(d) >= linearMargin && (d > 0) == (y > 0) {
				break
			}
		}
		pts[i] = Point{X1: x1 + noise*r.NormFloat64(), X2: x2 + noise*r.NormFloat64(), Y: y}
	}
	return pts
}
