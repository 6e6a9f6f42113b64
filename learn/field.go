package learn

import (
	"runtime"
	"sync"
)

// Rect is the part of the input plane a field covers.
type Rect struct{ MinX1, MaxX1, MinX2, MaxX2 float64 }

// Field is a decision function f(x) = Σⱼ cⱼ K(xⱼ, x) + b (seed 001, "Kernel
// perceptron") on a W×H lattice over a rectangle. Lattice point (c, r) is the
// centre of cell c of W across and cell r of H down, so row 0 is the top
// (largest x₂), as a screen draws it.
//
// Recompute fills it from any Expansion. As an Observer of a Learner
// (Attach) it is kept up to date: a change of cⱼ by δ adds δ K(xⱼ, g) to
// every lattice point g, O(W·H) whatever the number of support vectors.
type Field struct {
	Rect Rect
	W, H int
	// Values[r*W + c] is f at lattice point (c, r).
	Values []float64
	kernel Kernel
	pts    []Vec
	row    []float64
	// at are the input points of a field made by NewFieldAt, in place of
	// the lattice.
	at [][2]float64
}

// NewField makes a field of w×h lattice points over r (w, h ≥ 0).
func NewField(r Rect, w, h int) *Field {
	w, h = max(w, 0), max(h, 0)
	return &Field{Rect: r, W: w, H: h, Values: make([]float64, w*h)}
}

// NewFieldAt makes a field at the given input points instead of a
// lattice, one row of len(at): f at held-out points, kept up to date by a
// learner the way a lattice is, O(len(at)) a mistake instead of
// O(len(at)·#SV) each time it is read.
func NewFieldAt(at [][2]float64) *Field {
	return &Field{W: len(at), H: min(1, len(at)), Values: make([]float64, len(at)), at: at}
}

// Point returns the input coordinates of lattice point (c, r).
func (fd *Field) Point(c, r int) (x1, x2 float64) {
	if fd.at != nil {
		p := fd.at[r*fd.W+c]
		return p[0], p[1]
	}
	x1 = fd.Rect.MinX1 + (float64(c)+0.5)*(fd.Rect.MaxX1-fd.Rect.MinX1)/float64(fd.W)
	x2 = fd.Rect.MaxX2 - (float64(r)+0.5)*(fd.Rect.MaxX2-fd.Rect.MinX2)/float64(fd.H)
	return x1, x2
}

// At returns f at lattice point (c, r).
func (fd *Field) At(c, r int) float64 { return fd.Values[r*fd.W+c] }

// Recompute sets every value to Σⱼ cⱼ K(xⱼ, g) + b, the support vectors of
// e taken in dataset order. The lattice is split across the cores; each
// point's sum is formed in the same order whatever the split, so the result
// is the same. It reads e only, so e may be a Frozen copy of a learner that
// goes on training meanwhile.
func (fd *Field) Recompute(e Expansion) { fd.recompute(e, runtime.GOMAXPROCS(0), nil) }

// RecomputeChecked is Recompute that calls check before each support
// vector's pass over the lattice (a kernel row of W·H points) and stops
// with check's error, the values half summed, when it returns one: a
// field of a million support vectors is minutes of work. check is called
// from each goroutine that shares the lattice, so it must be safe for
// that (a context's Err is).
func (fd *Field) RecomputeChecked(e Expansion, check func() error) error {
	return fd.recompute(e, runtime.GOMAXPROCS(0), check)
}

// RecomputeAside is Recompute on one core fewer than the program has
// (on one when it has one or two): a field computed off the UI path
// while training runs leaves the UI's goroutine a core, so keys are
// still read at once.
func (fd *Field) RecomputeAside(e Expansion) {
	fd.recompute(e, max(1, runtime.GOMAXPROCS(0)-1), nil)
}

// recompute is Recompute split across at most cores goroutines, checked
// as RecomputeChecked says when check is not nil.
func (fd *Field) recompute(e Expansion, cores int, check func() error) error {
	fd.kernel = e.Kernel()
	fd.pts = fd.pts[:0]
	for r := range fd.H {
		for c := range fd.W {
			fd.pts = append(fd.pts, e.Embed(fd.Point(c, r)))
		}
	}
	b := e.Offset()
	for g := range fd.Values {
		fd.Values[g] = b
	}
	svs := e.SupportVectors()
	if len(svs) == 0 || len(fd.pts) == 0 {
		return nil
	}
	sum := func(part *Field) error {
		for _, j := range svs {
			if check != nil {
				if err := check(); err != nil {
					return err
				}
			}
			part.add(e.X(j), e.Coef(j))
		}
		return nil
	}
	parts := min(cores, max(1, len(fd.pts)*len(svs)/200_000))
	if parts <= 1 {
		return sum(fd)
	}
	var wg sync.WaitGroup
	size := (len(fd.pts) + parts - 1) / parts
	errs := make([]error, (len(fd.pts)+size-1)/size) // one a part
	for k := range errs {
		lo, hi := k*size, min((k+1)*size, len(fd.pts))
		part := &Field{Values: fd.Values[lo:hi], pts: fd.pts[lo:hi], kernel: fd.kernel}
		wg.Go(func() { errs[k] = sum(part) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Catch up moves a field computed from the expansion then to the one now:
// each support vector of either whose coefficient differs adds its change
// δⱼ K(xⱼ, g), and the offset its change. A field recomputed off the UI
// path from a Frozen copy catches up with the learner that went on
// training meanwhile, at a cost of the coefficients that changed.
func (fd *Field) CatchUp(then, now Expansion) {
	seen := make(map[int]bool, len(now.SupportVectors()))
	for _, j := range now.SupportVectors() {
		seen[j] = true
		if d := now.Coef(j) - then.Coef(j); d != 0 {
			fd.add(now.X(j), d)
		}
	}
	for _, j := range then.SupportVectors() {
		if !seen[j] {
			fd.add(then.X(j), -then.Coef(j))
		}
	}
	if d := now.Offset() - then.Offset(); d != 0 {
		for g := range fd.Values {
			fd.Values[g] += d
		}
	}
}

// Changed adds delta·K(x, g) to every lattice point: an Observer's news
// that a coefficient moved.
func (fd *Field) Changed(x Vec, delta float64) { fd.add(x, delta) }

// Shifted adds delta to every lattice point: the offset b moved.
func (fd *Field) Shifted(delta float64) {
	for g := range fd.Values {
		fd.Values[g] += delta
	}
}

// Scaled multiplies every value by factor: every coefficient was.
func (fd *Field) Scaled(factor float64) {
	for g := range fd.Values {
		fd.Values[g] *= factor
	}
}

// Cleared sets every value to exactly 0: every coefficient is 0 again.
func (fd *Field) Cleared() { clear(fd.Values) }

// Follow computes fd in full from l's support vectors and has l keep it up
// to date from then on, through steps, undos and resets.
func (fd *Field) Follow(l Learner) {
	fd.Recompute(l)
	l.Observe(fd)
}

// Attach is fd.Follow(p).
func (p *Perceptron) Attach(fd *Field) { fd.Follow(p) }

// Detach stops keeping fd up to date.
func (p *Perceptron) Detach(fd *Field) { p.Unobserve(fd) }

// add adds w·K(x, g) to every lattice point g.
func (fd *Field) add(x Vec, w float64) {
	if cap(fd.row) < len(fd.pts) {
		fd.row = make([]float64, len(fd.pts))
	}
	row := fd.row[:len(fd.pts)]
	KernelRow(fd.kernel, row, x, fd.pts)
	vals := fd.Values[:len(row)]
	for g, v := range row {
		vals[g] += w * v
	}
}

// Changes counts the support vectors of then or now whose coefficients
// differ, and 1 more when the offsets do: what CatchUp(then, now) costs,
// in passes over the lattice. Both lists of support vectors are
// ascending, so it is one merge, O(#SV).
func Changes(then, now Expansion) int {
	a, b := then.SupportVectors(), now.SupportVectors()
	n, i, k := 0, 0, 0
	for i < len(a) || k < len(b) {
		switch {
		case k == len(b) || i < len(a) && a[i] < b[k]:
			n, i = n+1, i+1 // gone from now
		case i == len(a) || b[k] < a[i]:
			n, k = n+1, k+1 // new in now
		default:
			if then.Coef(a[i]) != now.Coef(b[k]) {
				n++
			}
			i, k = i+1, k+1
		}
	}
	if then.Offset() != now.Offset() {
		n++
	}
	return n
}
