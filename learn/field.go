package learn

import (
	"runtime"
	"slices"
	"sync"
)

// Rect is the part of the input plane a field covers.
type Rect struct{ MinX1, MaxX1, MinX2, MaxX2 float64 }

// Field is the decision function f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) (seed 001, "Kernel
// perceptron") on a W×H lattice over a rectangle. Lattice point (c, r) is the
// centre of cell c of W across and cell r of H down, so row 0 is the top
// (largest x₂), as a screen draws it.
//
// A field attached to a Perceptron is kept up to date by it: a mistake on xᵢ
// adds η yᵢ K(xᵢ, g) to every lattice point g, O(W·H) whatever the number of
// support vectors, and Undo subtracts it again.
type Field struct {
	Rect Rect
	W, H int
	// Values[r*W + c] is f at lattice point (c, r).
	Values []float64
	pts    []Vec
	row    []float64
}

// NewField makes a field of w×h lattice points over r (w, h ≥ 0).
func NewField(r Rect, w, h int) *Field {
	w, h = max(w, 0), max(h, 0)
	return &Field{Rect: r, W: w, H: h, Values: make([]float64, w*h)}
}

// Point returns the input coordinates of lattice point (c, r).
func (fd *Field) Point(c, r int) (x1, x2 float64) {
	x1 = fd.Rect.MinX1 + (float64(c)+0.5)*(fd.Rect.MaxX1-fd.Rect.MinX1)/float64(fd.W)
	x2 = fd.Rect.MaxX2 - (float64(r)+0.5)*(fd.Rect.MaxX2-fd.Rect.MinX2)/float64(fd.H)
	return x1, x2
}

// At returns f at lattice point (c, r).
func (fd *Field) At(c, r int) float64 { return fd.Values[r*fd.W+c] }

// Attach computes fd in full from p's support vectors and keeps it up to date
// from then on, through steps, undos and resets.
func (p *Perceptron) Attach(fd *Field) {
	fd.pts = make([]Vec, 0, fd.W*fd.H)
	for r := range fd.H {
		for c := range fd.W {
			fd.pts = append(fd.pts, p.vec(fd.Point(c, r)))
		}
	}
	fd.recompute(p)
	if !slices.Contains(p.fields, fd) {
		p.fields = append(p.fields, fd)
	}
}

// Detach stops keeping fd up to date.
func (p *Perceptron) Detach(fd *Field) {
	p.fields = slices.DeleteFunc(p.fields, func(x *Field) bool { return x == fd })
}

// recompute sets every value to Σⱼ αⱼ yⱼ K(xⱼ, g), the support vectors taken
// in dataset order. The lattice is split across the cores; each point's sum
// is formed in the same order whatever the split, so the result is the same.
func (fd *Field) recompute(p *Perceptron) {
	clear(fd.Values)
	if len(p.svs) == 0 || len(fd.pts) == 0 {
		return
	}
	parts := min(runtime.GOMAXPROCS(0), max(1, len(fd.pts)*len(p.svs)/200_000))
	if parts <= 1 {
		for _, j := range p.svs {
			fd.add(p.cfg.Kernel, p.xs[j], p.alpha[j]*float64(p.ys[j]))
		}
		return
	}
	var wg sync.WaitGroup
	size := (len(fd.pts) + parts - 1) / parts
	for lo := 0; lo < len(fd.pts); lo += size {
		hi := min(lo+size, len(fd.pts))
		part := &Field{Values: fd.Values[lo:hi], pts: fd.pts[lo:hi]}
		wg.Go(func() {
			for _, j := range p.svs {
				part.add(p.cfg.Kernel, p.xs[j], p.alpha[j]*float64(p.ys[j]))
			}
		})
	}
	wg.Wait()
}

// add adds w·K(x, g) to every lattice point g.
func (fd *Field) add(k Kernel, x Vec, w float64) {
	if cap(fd.row) < len(fd.pts) {
		fd.row = make([]float64, len(fd.pts))
	}
	row := fd.row[:len(fd.pts)]
	KernelRow(k, row, x, fd.pts)
	vals := fd.Values[:len(row)]
	for g, v := range row {
		vals[g] += w * v
	}
}
