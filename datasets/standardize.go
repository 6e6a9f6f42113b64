package datasets

import "math"

// Standardize returns the points with each coordinate rescaled to mean 0
// and standard deviation 1 (z = (x − mean)/sd, the population sd), so that
// features on different scales (income and age) weigh alike in a kernel. A
// coordinate that does not vary is only centred. Labels are kept; pts is
// not changed.
func Standardize(pts []Point) []Point {
	n := float64(len(pts))
	if len(pts) == 0 {
		return nil
	}
	var mean, sd [2]float64
	for _, p := range pts {
		mean[0] += p.X1 / n // divided as it goes, so huge coordinates do not overflow the sum
		mean[1] += p.X2 / n
	}
	for _, p := range pts {
		d1, d2 := (p.X1-mean[0])/math.Sqrt(n), (p.X2-mean[1])/math.Sqrt(n)
		sd[0] += d1 * d1
		sd[1] += d2 * d2
	}
	for k := range sd {
		sd[k] = math.Sqrt(sd[k])
		if !(sd[k] > 0) || math.IsInf(sd[k], 0) {
			sd[k] = 1
		}
	}
	out := make([]Point, len(pts))
	for i, p := range pts {
		out[i] = Point{X1: (p.X1 - mean[0]) / sd[0], X2: (p.X2 - mean[1]) / sd[1], Y: p.Y}
	}
	return out
}

// ScaleRatio is how many times one coordinate's typical size exceeds the
// other's: the ratio of their root mean squares √(mean x₁²) and
// √(mean x₂²), the larger over the smaller, so at least 1; 1 when there
// are no points or either is 0 or not finite. Raw units (income in
// dollars beside age in years) make it large: the kernel then sees mostly
// one coordinate, and the perceptron's steps are dominated by it, which
// Standardize undoes.
func ScaleRatio(pts []Point) float64 {
	if len(pts) == 0 {
		return 1
	}
	n := float64(len(pts))
	var ms [2]float64
	for _, p := range pts {
		// Each term divided as it goes: huge coordinates do not overflow.
		ms[0] += (p.X1 / n) * p.X1
		ms[1] += (p.X2 / n) * p.X2
	}
	a, b := math.Sqrt(ms[0]), math.Sqrt(ms[1])
	if !(a > 0) || !(b > 0) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return 1
	}
	return math.Max(a, b) / math.Min(a, b)
}
