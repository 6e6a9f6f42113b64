package datasets

import "math"

// Standardize returns the points with each coordinate rescaled to mean 0
// and standard deviation 1 (z = (x − mean)/sd, the population sd), so that
// features on different scales (income and age) weigh alike in a kernel. A
// coordinate that does not vary is only centred. Labels are kept; pts is
// not changed. It is FitScale(pts).Apply(pts): the statistics of every
// point. With a held-out part, fit them on the training rows alone
// (lab.Options.Standardize, crossval.Plan.Standardize).
func Standardize(pts []Point) []Point { return FitScale(pts).Apply(pts) }

// Scale is what z-scores are made with: per coordinate k, the mean and
// the population standard deviation of the points it was fitted on, so
// that z_k = (x_k − Mean[k])/SD[k]. Fitted on training rows and applied to
// held-out ones too, the held-out rows are scaled as new data would be,
// without their values shaping the scale (scikit-learn's StandardScaler,
// fit on the training part, transform on both). The zero Scale is not
// valid; FitScale of no points is the identity (mean 0, sd 1).
type Scale struct {
	Mean, SD [2]float64
}

// FitScale is the Scale of pts: each coordinate's mean and population sd
// √(Σ(x − mean)²/n). A coordinate that does not vary is only centred: its
// sd is taken as 1. It does not vary when the sd is within the rounding
// of the two passes that compute it, var ≤ n·ε·var + (n·ε·mean)² (Chan,
// Golub & LeVeque's error bound, scikit-learn's _is_constant_feature):
// six rows of 0.1 have the mean 0.09999999999999999 and an sd of 1.4e-17,
// which would put a held-out 0.2 at z = 7e15. An sd that is not finite is
// taken as 1 too.
func FitScale(pts []Point) Scale {
	c := Scale{SD: [2]float64{1, 1}}
	if len(pts) == 0 {
		return c
	}
	n := float64(len(pts))
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
	// var ≤ nε·var + (nε·mean)², as var·(1 − nε) ≤ (nε·mean)² in sds, so
	// that no square overflows.
	neps := n * 0x1p-52
	for k := range sd {
		sd[k] = math.Sqrt(sd[k])
		if !(sd[k] > 0) || math.IsInf(sd[k], 0) || sd[k]*math.Sqrt(1-neps) <= neps*math.Abs(mean[k]) {
			sd[k] = 1
		}
	}
	c.Mean, c.SD = mean, sd
	return c
}

// Apply returns pts as z-scores with c's statistics, labels kept (nil for
// no points); pts is not changed.
func (c Scale) Apply(pts []Point) []Point {
	if len(pts) == 0 {
		return nil
	}
	out := make([]Point, len(pts))
	for i, p := range pts {
		out[i] = c.Point(p)
	}
	return out
}

// Point is p as a z-score with c's statistics.
func (c Scale) Point(p Point) Point {
	return Point{X1: (p.X1 - c.Mean[0]) / c.SD[0], X2: (p.X2 - c.Mean[1]) / c.SD[1], Y: p.Y}
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
