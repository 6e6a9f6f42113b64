package figure

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"

	"kernelscope/learn"
)

// tick is a mark on an axis at value: a major one with its label, a minor
// one (half as long) without.
type tick struct {
	value float64
	label string
}

// offset is where a tick's line starts, from the tick labels' side: a
// minor tick is the half nearer the axis line.
func (t tick) offset() vg.Length {
	if t.label == "" {
		return tickLength / 2
	}
	return 0
}

// ticks puts major ticks at round numbers, steps of 1, 2 or 5 times a
// power of ten, at most eight of them across the axis, each labelled with as
// many decimals as its step needs and a true minus sign; and unlabelled
// minor ticks between them (a fifth of a step of 1 or 5, a quarter of a
// step of 2). A step set in advance is used instead (both axes take the
// same one, as they have the same scale).
type ticks struct{ step float64 }

// sharedStep is the tick step for both sides of v: the shorter side's,
// unless the longer would then have more than 16 labels (0: each axis its
// own).
func sharedStep(v learn.Rect) float64 {
	short, long := v.MaxX1-v.MinX1, v.MaxX2-v.MinX2
	if short > long {
		short, long = long, short
	}
	if step := niceStep(short / 8); step > 0 && long/step <= 16 {
		return step
	}
	return 0
}

// Ticks are the ticks over [lo, hi].
func (t ticks) Ticks(lo, hi float64) []tick {
	step := t.step
	if step == 0 {
		step = niceStep((hi - lo) / 8)
	}
	if !(step > 0) || math.IsInf(step, 0) || !(hi > lo) || (hi-lo)/step > 100 {
		return nil
	}
	minor := step / 5
	if m := step / math.Pow(10, math.Floor(math.Log10(step))); math.Abs(m-2) < 1e-9 {
		minor = step / 4
	}
	var out []tick
	for k := math.Ceil(lo / minor); k*minor <= hi && len(out) < 200; k++ {
		v := k * minor
		t := tick{value: v}
		if q := v / step; math.Abs(q-math.Round(q)) < 1e-6 {
			t.value = math.Round(q) * step
			t.label = tickLabel(t.value, step)
		}
		out = append(out, t)
	}
	return out
}

// niceStep is the smallest of 1, 2 or 5 times a power of ten that is at
// least x.
func niceStep(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}

// tickLabel writes v with the decimals its axis's step needs ("−0.5",
// "0.0", "1.5"), in exponent form beyond 10⁶; never "−0".
func tickLabel(v, step float64) string {
	if math.Abs(v) < step*1e-9 {
		v = 0
	}
	var s string
	if a := math.Abs(v); a >= 1e6 || (a < 1e-4 && a > 0) {
		s = strconv.FormatFloat(v, 'g', 3, 64)
	} else {
		decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
		s = strconv.FormatFloat(v, 'f', decimals, 64)
	}
	return strings.Replace(s, "-", "−", 1)
}

// fitAspect widens one side of v so that it has the width-to-height ratio
// of the area it is drawn in: a unit of x₁ is then as long as a unit of
// x₂ on the page, and circles are round. v stays centred. (Views are at
// most 2e300 wide (datasets.MaxHalfView) and sizes at most 80:1, so this stays
// finite.)
func fitAspect(v learn.Rect, area vg.Rectangle) learn.Rect {
	w, h := float64(area.Max.X-area.Min.X), float64(area.Max.Y-area.Min.Y)
	if !(w > 0) || !(h > 0) {
		return v
	}
	want := w / h
	dx, dy := v.MaxX1-v.MinX1, v.MaxX2-v.MinX2
	switch {
	case dx/dy < want:
		grow := (dy*want - dx) / 2
		v.MinX1, v.MaxX1 = v.MinX1-grow, v.MaxX1+grow
	default:
		grow := (dx/want - dy) / 2
		v.MinX2, v.MaxX2 = v.MinX2-grow, v.MaxX2+grow
	}
	return v
}
