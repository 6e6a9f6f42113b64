package chart

import (
	"math"
	"strconv"
)

// accAxis maps accuracies to plot rows: 1 (100%) on the top row, lo on the
// bottom one, with ticks every step from 1 down to lo.
type accAxis struct {
	lo, step float64
	rows     int
}

// accSteps are the tick steps an accuracy axis may take, finest first:
// round percentages.
var accSteps = [...]float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1}

// fitAcc chooses the accuracy axis of a plot of rows rows for data whose
// smallest value is least (NaN: no data): the narrowest range [lo, 1]
// below least, lo a multiple of half a tick step, with ticks every step
// from 100% down, at most one every three rows and at least two. The
// range always spans at least 10 points: a range of 1% would turn the
// noise between folds into cliffs. full asks for all of [0, 1].
func fitAcc(rows int, full bool, least float64) accAxis {
	m := least
	if full || !(m >= 0) { // NaN or negative
		m = 0
	}
	m = min(m, 0.9)
	maxTicks := max(2, rows/3+1)
	best := accAxis{lo: 0, step: 1, rows: rows}
	for _, s := range accSteps {
		// The bottom may fall between two ticks: with ticks every 10%,
		// data down to 77% gets [75%, 1] rather than [70%, 1].
		k := max(1, int(math.Ceil((1-m)/(s/2)-1e-9)))
		lo := 1 - float64(k)*s/2
		ticks := int(math.Floor((1-lo)/s+1e-9)) + 1
		if lo < -1e-9 || ticks > maxTicks || ticks < 2 || float64(rows-1)*s < (1-lo)-1e-9 {
			continue
		}
		if lo = max(0, lo); lo > best.lo+1e-9 {
			best = accAxis{lo: lo, step: s, rows: rows}
		}
	}
	return best
}

// rowf is the row of accuracy v, continuous (0 is the top row's middle),
// clamped to the plot.
func (a accAxis) rowf(v float64) float64 {
	if a.rows <= 1 || a.lo >= 1 {
		return 0
	}
	r := (1 - v) / (1 - a.lo) * float64(a.rows-1)
	return max(0, min(float64(a.rows-1), r))
}

// row is the plot row accuracy v is drawn on.
func (a accAxis) row(v float64) int { return int(math.Round(a.rowf(v))) }

// ticks are the axis's labelled rows, from top+row: 100% down to lo, one
// label a row.
func (a accAxis) ticks(top int) []tick {
	var out []tick
	last := -1
	for k := 0; ; k++ {
		v := 1 - float64(k)*a.step
		if v < a.lo-1e-9 {
			break
		}
		if r := a.row(v); r != last {
			out = append(out, tick{row: top + r, s: pct(v)})
			last = r
		}
	}
	return out
}

// pct writes accuracy v as a whole percentage: 94%.
func pct(v float64) string {
	if !isFinite(v) {
		return num(v)
	}
	return strconv.Itoa(int(math.Round(v*100))) + "%"
}

// num writes v compactly for a tick label: whole numbers below 10⁴ as they
// are (degrees, pass counts), others to two significant digits (0.18, 5.6),
// thousands with k (1.8k) and the rest in exponent form (1e6, 3.2e−5),
// so no label is ever cut.
func num(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "−Inf"
	case v == 0:
		return "0"
	case v < 0:
		return "−" + num(-v)
	case v == math.Trunc(v) && v < 1e4:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	r := sig2(v)
	switch {
	case r >= 1e-3 && r < 1e3:
		return strconv.FormatFloat(r, 'f', -1, 64)
	case r >= 1e3 && r < 1e6:
		return strconv.FormatFloat(r/1e3, 'f', -1, 64) + "k"
	}
	e := math.Floor(math.Log10(r))
	m := math.Round(r/math.Pow(10, e)*10) / 10
	if m >= 10 { // 9.96e5 rounds to 10e5
		m, e = m/10, e+1
	}
	exp := strconv.Itoa(int(e))
	if e < 0 {
		exp = "−" + strconv.Itoa(int(-e))
	}
	return strconv.FormatFloat(m, 'f', -1, 64) + "e" + exp
}

// sig2 rounds v > 0 to two significant digits. Powers of ten are
// multiplied or divided by, never their inverse taken, so that 1e6 stays
// 1e6 and not 999999.9999999999.
func sig2(v float64) float64 {
	k := 1 - int(math.Floor(math.Log10(v)))
	if k >= 0 {
		p := math.Pow10(k)
		return math.Round(v*p) / p
	}
	p := math.Pow10(-k)
	return math.Round(v/p) * p
}

// isFinite reports whether v is a number other than ±Inf and NaN.
func isFinite(v float64) bool { return math.Abs(v) <= math.MaxFloat64 }

// at is xs[i], or NaN when xs has no entry i: series shorter than the
// x values are missing their tail.
func at(xs []float64, i int) float64 {
	if i < 0 || i >= len(xs) {
		return math.NaN()
	}
	return xs[i]
}
