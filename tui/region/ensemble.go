package region

import (
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// signEdge reports whether the prediction of vals (a W×H lattice) at
// (x, y) is ±1 and the opposite one to its right or below: a pixel of
// that function's boundary.
func signEdge(vals []float64, w, h int, tie learn.Tie, x, y int) bool {
	return signEdgeAmong(vals, nil, w, h, tie, x, y)
}

// signEdgeAmong is signEdge between lattice points that only marks (nil:
// all of them): both ends of the sign change must be among them.
func signEdgeAmong(vals []float64, only []bool, w, h int, tie learn.Tie, x, y int) bool {
	predict := func(v float64) int {
		pr, _ := tie.Predict(v, 1)
		return pr
	}
	in := func(i int) bool { return only == nil || only[i] }
	i := y*w + x
	s := predict(vals[i])
	return s != 0 && in(i) && ((x+1 < w && in(i+1) && predict(vals[i+1]) == -s) || (y+1 < h && in(i+w) && predict(vals[i+w]) == -s))
}

// computeEnsemble colors the pixels for the averaged and voted
// perceptrons: the function s.shown (the final f, the average f̄ or the
// vote V/T) as the region always draws f, its boundary solid, and the
// boundaries of the other two as marks (shownGlyphs) over the cells they
// cross, so the student sees the average's boundary sit between the
// classes with more room than the final one's.
func (r *region) computeEnsemble(s Session) {
	r.base = r.base[:0]
	fd := s.Field()
	if fd == nil || fd.W == 0 || fd.H == 0 || r.w == 0 || r.h == 0 {
		return
	}
	vals, err := s.EnsembleValues()
	if err != nil {
		// The vote needs every vector since the start: without them the
		// final f is all there is to draw.
		r.compute(fd, s.Learner().Config().Tie, s.Learner(), false)
		return
	}
	tie := s.Learner().Config().Tie
	shown := vals[s.Shown()]
	predict := func(v float64) int {
		pr, _ := tie.Predict(v, 1)
		return pr
	}
	edge := func(vs []float64, x, y int) bool { return signEdge(vs, fd.W, fd.H, tie, x, y) }
	scale := robustScale(shown)
	color := func(x, y int) uint8 {
		v := shown[y*fd.W+x]
		switch sg := predict(v); {
		case !common.IsFinite(v):
			return common.ColOverflow
		case sg == 0:
			return common.ColNeutral
		case edge(shown, x, y):
			return common.ColBoundary
		default:
			return shade(v, sg, scale)
		}
	}
	r.paint(fd, color)
	// A cell takes the mark of another function's boundary where that
	// boundary crosses it and the shown one does not.
	r.marks = r.marks[:0]
	for cy := range r.h {
		for cx := range r.w {
			i := cy*r.w + cx
			mark := ""
			if r.base[2*i] != common.ColBoundary && r.base[2*i+1] != common.ColBoundary {
				lx, ly := min(fd.W-1, cx*fd.W/r.w), min(fd.H-1, 2*cy*fd.H/(2*r.h))
				for k := range common.NumShown {
					if learn.EnsembleMember(k) != s.Shown() && edge(vals[k], lx, ly) {
						mark = common.ShownGlyphs[k]
						break
					}
				}
			}
			r.marks = append(r.marks, mark)
		}
	}
}
