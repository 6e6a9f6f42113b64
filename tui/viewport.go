package tui

import (
	"math"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// viewport is the data's bounding box with a margin, at least [−1.5, 1.5]²
// around the data's centre so small sets are not blown up.
func viewport(pts []datasets.Point) learn.Rect {
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
		half = math.Min(math.Max(half, 1), maxHalfView)
		if !isFinite(mid) || !isFinite(half) {
			mid, half = 0, 1.5
		}
		return mid - half, mid + half
	}
	r.MinX1, r.MaxX1 = pad(r.MinX1, r.MaxX1)
	r.MinX2, r.MaxX2 = pad(r.MinX2, r.MaxX2)
	return r
}

// maxHalfView caps the viewport's half width: far beyond any data worth
// plotting, and far enough below 1.8e308 that fitView's products stay finite.
const maxHalfView = 1e300

// fitView widens one axis of the viewport so that lattice pixels are square
// (a half-block pixel is about as wide as it is tall), so circles look round.
func (s *session) fitView() {
	if s.fieldW <= 0 || s.fieldH <= 0 {
		return
	}
	r := &s.view
	dx, dy := r.MaxX1-r.MinX1, r.MaxX2-r.MinX2
	want := float64(s.fieldW) / float64(s.fieldH) // dx/dy for square pixels
	if dx/dy < want {
		grow := (dy*want - dx) / 2
		r.MinX1, r.MaxX1 = r.MinX1-grow, r.MaxX1+grow
	} else {
		grow := (dx/want - dy) / 2
		r.MinX2, r.MaxX2 = r.MinX2-grow, r.MaxX2+grow
	}
}
