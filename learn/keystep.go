package learn

import (
	"math"
	"strconv"
)

// A KeyStep is how an interactive key changes a parameter: along the
// 1-1.5-2-3-5-7 series when Series; v·Factor up and v/Factor down when
// Factor > 0, rounded to Digits significant digits; otherwise v ± By,
// rounded to Digits decimals; then clamped to [Min, Max].
// The interactive range is narrower than the valid one: it keeps the
// plotted region readable (and d small enough to step through).
type KeyStep struct {
	// Series steps along the mantissas 1, 1.5, 2, 3, 5, 7 of each decade
	// (0.5 → 0.7 → 1 → 1.5), so stepped values stay round; Factor
	// multiplies instead and By adds, rounded to Digits.
	Series   bool
	Factor   float64
	By       float64
	Digits   int
	Min, Max float64
}

// seriesMantissas are the round values of a decade a Series key steps through.
var seriesMantissas = []float64{1, 1.5, 2, 3, 5, 7}

// Apply returns v stepped once, up or down.
func (s KeyStep) Apply(v float64, up bool) float64 {
	if s.Series {
		return math.Max(s.Min, math.Min(s.Max, seriesStep(v, up)))
	}
	if s.Factor > 0 {
		f := s.Factor
		if !up {
			f = 1 / f
		}
		v = roundSig(v*f, s.Digits)
	} else {
		by := s.By
		if !up {
			by = -by
		}
		scale := math.Pow10(s.Digits)
		v = math.Round((v+by)*scale) / scale
	}
	return math.Max(s.Min, math.Min(s.Max, v))
}

// seriesStep is the next value of the 1-1.5-2-3-5-7 series above v (below
// v with !up), for v > 0; a value between series values goes to the
// nearest one in the direction of the step.
func seriesStep(v float64, up bool) float64 {
	if !(v > 0) {
		return v
	}
	exp := int(math.Floor(math.Log10(v)))
	var candidates []float64
	for _, e := range []int{exp - 1, exp, exp + 1} {
		for _, m := range seriesMantissas {
			// Parsed from decimal text, so 0.7 is the float nearest 0.7,
			// not 7 × 0.1.
			c, _ := strconv.ParseFloat(strconv.FormatFloat(m, 'f', -1, 64)+"e"+strconv.Itoa(e), 64)
			candidates = append(candidates, c)
		}
	}
	const eps = 1e-9
	if up {
		for _, c := range candidates {
			if c > v*(1+eps) {
				return c
			}
		}
		return v
	}
	for i := len(candidates) - 1; i >= 0; i-- {
		if candidates[i] < v*(1-eps) {
			return candidates[i]
		}
	}
	return v
}

// roundSig rounds v to n significant digits, so stepped parameters stay
// tidy: 0.5·1.25³ is 0.977, not 0.9765625.
func roundSig(v float64, n int) float64 {
	if v == 0 {
		return 0
	}
	e := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-float64(n-1))
	return math.Round(v/e) * e
}
