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

// AxisTicks is NiceTicks(lo, hi, n) with a tick kept on either side of 0:
// when the range reaches past 0 both ways but the round step leaves a side
// bare (a span of 4.6 in about 2 ticks is a step of 5, so 0 alone), n
// grows until each side has a tick, or as many sides as can have one
// without more than most ticks. An axis with 0 alone says neither which
// way is up nor how far the plot reaches.
func AxisTicks(lo, hi float64, n, most int) []float64 {
	ticks := NiceTicks(lo, hi, n)
	if !(lo < 0 && hi > 0) {
		return ticks
	}
	best := sides(ticks)
	for k := n + 1; k <= most && best < 2; k++ {
		t := NiceTicks(lo, hi, k)
		if len(t) > most {
			break
		}
		if s := sides(t); s > best {
			ticks, best = t, s
		}
	}
	return ticks
}

// sides counts the sides of 0 (below, above) that have a tick.
func sides(ticks []float64) int {
	below, above := 0, 0
	for _, v := range ticks {
		if v < 0 {
			below = 1
		} else if v > 0 {
			above = 1
		}
	}
	return below + above
}
