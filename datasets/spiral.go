package datasets

import (
	"math"
	"math/rand/v2"
)

// Shape of the spirals: each arm runs from radius 0.1 to 1.4 through 1.75
// turns, so at any angle the two arms are about 0.37 apart.
const (
	spiralR0    = 0.1
	spiralR1    = 1.4
	spiralTurns = 1.75
)

// genSpiral draws two interleaved spirals the way the TensorFlow Playground
// does: the k-th of m points of a class sits at radius r = r0 + (r1 − r0)·k/m
// and angle t = 1.75·2π·k/m, plus π for the −1 arm, at
// (r·sin t, r·cos t) + N(0, noise²) per coordinate. Unlike the Playground the
// arms start at radius 0.1, not 0, so the two classes do not meet at the
// origin.
func genSpiral(r *rand.Rand, n int, noise float64) []Point {
	pts := make([]Point, n)
	nPos, nNeg := (n+1)/2, n/2
	for i := range pts {
		y := label(i)
		k, m := i/2, nPos
		delta := 0.0
		if y < 0 {
			m, delta = nNeg, math.Pi
		}
		frac := float64(k) / float64(m)
		radius := spiralR0 + (spiralR1-spiralR0)*frac
		sin, cos := math.Sincos(spiralTurns*2*math.Pi*frac + delta)
		pts[i] = Point{
			X1: radius*sin + noise*r.NormFloat64(),
			X2: radius*cos + noise*r.NormFloat64(),
			Y:  y,
		}
	}
	return pts
}
