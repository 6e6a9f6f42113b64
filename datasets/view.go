package datasets

import (
	"math"

	"kernelscope/learn"
)

// ViewOf is the data's bounding box with a margin of a quarter of its
// size on each side, at least [−1, 1] around the data's centre so small
// sets are not blown up; the terminal program's region starts from it too.
func ViewOf(pts []Point) learn.Rect {
	if len(pts) == 0 {
		return learn.Rect{MinX1: -1.5, MaxX1: 1.5, MinX2: -1.5, MaxX2: 1.5}
	}
	r := learn.Rect{MinX1: math.Inf(1), MaxX1: math.Inf(-1), MinX2: math.Inf(1), MaxX2: math.Inf(-1)}
	for _, p := range pts {
		r.MinX1, r.MaxX1 = math.Min(r.MinX1, p.X1), math.Max(r.MaxX1, p.X1)
		r.MinX2, r.MaxX2 = math.Min(r.MinX2, p.X2), math.Max(r.MaxX2, p.X2)
	}
	pad := func(lo, hi float64) (float64, float64) {
		// Halves first, so that data near ±1.8e308 gives no Inf; the half
		// width is capped so that widths and aspect ratios stay finite.
		mid, half := lo/2+hi/2, (hi/2-lo/2)*1.25
		half = math.Min(math.Max(half, 1), MaxHalfView)
		if math.IsNaN(mid) || math.IsInf(mid, 0) || math.IsNaN(half) || math.IsInf(half, 0) {
			mid, half = 0, 1.5
		}
		return mid - half, mid + half
	}
	r.MinX1, r.MaxX1 = pad(r.MinX1, r.MaxX1)
	r.MinX2, r.MaxX2 = pad(r.MinX2, r.MaxX2)
	return r
}

// MaxHalfView caps a view's half width: far beyond any data worth
// plotting, and far enough below 1.8e308 that products of widths stay
// finite.
const MaxHalfView = 1e300
