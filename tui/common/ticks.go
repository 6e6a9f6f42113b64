package common

import "math"

// NiceTicks returns round values (multiples of 1, 2 or 5 times a power of
// ten) inside [lo, hi], about n of them at most; 0 is one of them when it
// is in the range.
func NiceTicks(lo, hi float64, n int) []float64 {
	span := hi - lo
	if !(span > 0) || !IsFinite(span) || n < 1 {
		return nil
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * p
	for _, m := range []float64{1, 2, 5} {
		if m*p >= raw*(1-1e-9) { // 0.2 is a step of 0.6/3 despite rounding
			step = m * p
			break
		}
	}
	var ticks []float64
	for k := math.Ceil(lo / step); k*step <= hi && len(ticks) <= n+1; k++ {
		v := k * step
		if math.Abs(v) < step*1e-9 {
			v = 0 // −0 and rounding residue
		}
		ticks = append(ticks, v)
	}
	return ticks
}
