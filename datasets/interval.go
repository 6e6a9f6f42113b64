package datasets

// interval is the 1-D example of lecture notes seed 003, "Non-linear
// features: 1D input": points on a line, the +1 class in the middle and
// the −1 class on both sides, so that no threshold on the line separates
// them; lifted to (x, x²) a line does.
//
// The n = intervalN points are evenly spread over [−1, 1], both ends
// included (numpy's linspace(−1, 1, 20)): xᵢ = (2i − 19)/19 for i = 0 … 19,
// the odd multiples of 1/19 from −19/19 to 19/19, 2/19 apart. Written
// as an odd numerator over 19, x₁₉₋ᵢ = −xᵢ exactly, in float64 too. The
// label is y = +1 where |x| < 0.5, that is |2i − 19| ≤ 9, i = 5 … 14: the
// ten points ±1/19 … ±9/19 are +1, the ten ±11/19 … ±1 are −1. No point is
// within 0.5/19 of ±0.5, so the labels do not hang on rounding.
var interval = intervalPoints()

// intervalN is the number of points of interval.
const intervalN = 20

func intervalPoints() []Point {
	pts := make([]Point, intervalN)
	for i := range pts {
		k := 2*i - (intervalN - 1) // −19, −17, …, 19
		y := -1
		if 2*abs(k) < intervalN-1 { // |k/19| < 0.5
			y = 1
		}
		pts[i] = Point{X1: float64(k) / float64(intervalN-1), Y: y}
	}
	return pts
}

func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}
