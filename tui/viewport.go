package tui

import (
	"kernelscope/datasets"
	"kernelscope/figure"
	"kernelscope/learn"
)

// viewport is the data's bounding box with a margin (figure.ViewOf), so
// the region and a figure of it frame the data alike.
func viewport(pts []datasets.Point) learn.Rect { return figure.ViewOf(pts) }

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
