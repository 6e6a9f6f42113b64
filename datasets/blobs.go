package datasets

import "math/rand/v2"

// Centres of the two blobs, 1.5 apart, and the spread of each at noise 0.
var (
	blobPos = [2]float64{0.6, 0.5}   // labelled +1
	blobNeg = [2]float64{-0.6, -0.4} // labelled −1
)

const blobStd = 0.2

// genBlobs draws each class from an isotropic Gaussian around its centre with
// standard deviation 0.2 + noise. At the default noise the centres are three
// standard deviations from the midline, so the line between them usually
// separates the classes and the perceptron converges.
func genBlobs(r *rand.Rand, n int, noise float64) []Point {
	pts := make([]Point, n)
	std := blobStd + noise
	for i := range pts {
		y := label(i)
		c := blobNeg
		if y > 0 {
			c = blobPos
		}
		pts[i] = Point{X1: c[0] + std*r.NormFloat64(), X2: c[1] + std*r.NormFloat64(), Y: y}
	}
	return pts
}
