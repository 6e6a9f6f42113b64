package learn

import (
	"fmt"
	"math"
)

// Append adds an example with α = 0 and keeps training where it was: the
// new point's score is computed from the current support vectors, and a
// perceptron that had converged runs again (its last pass did not see the
// new point). The new example is visited at the end of the current pass.
// Steps taken before cannot be undone afterwards: the history is cleared,
// since it described other data (UndoFloor becomes T).
func (p *Perceptron) Append(e Example) error {
	if math.IsNaN(e.X1) || math.IsInf(e.X1, 0) || math.IsNaN(e.X2) || math.IsInf(e.X2, 0) {
		return fmt.Errorf("the new example has a coordinate that is not a finite number")
	}
	if e.Y != 1 && e.Y != -1 {
		return fmt.Errorf("the new example has label %d; labels are −1 or +1", e.Y)
	}
	if p.rel.avg != nil {
		// V(x_new) = Σ_k c_k s_k(x_new) would need every vector so far.
		return fmt.Errorf("the %s perceptron cannot take a new example while training: its vote covers every vector so far", p.cfg.Learner)
	}
	x := p.cfg.Embed(e.X1, e.X2)
	n := len(p.xs)
	// f(x_new) = Σⱼ αⱼ yⱼ K(xⱼ, x_new), in dataset order; and the new entry
	// K(xⱼ, x_new) of every support vector's row, for its max. Everything is
	// checked before anything changes.
	f, scale := 0.0, 0.0
	col := make([]float64, len(p.svs))
	for k, j := range p.svs {
		v := p.cfg.Kernel.Eval(p.xs[j], x)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("K(x%d, new point) = %v: the kernel overflows on this point", j+1, v)
		}
		col[k] = v
		f += p.alpha[j] * float64(p.ys[j]) * v
		scale += p.alpha[j] * math.Abs(v)
	}
	for k, j := range p.svs {
		p.rowMax[j] = math.Max(p.rowMax[j], math.Abs(col[k]))
	}
	// The cached rows are dropped rather than lengthened (their storage is
	// carved again for rows of n+1): a support vector's row is computed
	// afresh, with the new entry, the next time a mistake needs it, and
	// until then a score reads K(xⱼ, xᵢ) from Eval, which gives the same bits.
	p.rows.grow()
	if p.cfg.Shuffle && p.pos > 0 {
		// Mid-pass: the new point goes last in this pass, after the order
		// the pass has followed so far, which (seed, epoch) no longer gives.
		if p.pinned == nil || p.pinnedEpoch != p.epoch {
			// The pass's first append pins its order (the permutation
			// visit draws, which no one else holds); later appends in the
			// pass lengthen it in place, so k of them cost O(n + k), not
			// a copy of the order each.
			p.visit(p.epoch, 0)
			p.pinned, p.pinnedEpoch = p.order, p.epoch
		}
		p.pinned = append(p.pinned, n)
	} else {
		p.pinned = nil
	}
	p.order = nil
	p.xs = append(p.xs, x)
	p.pts.add(x)
	p.ys = append(p.ys, e.Y)
	p.alpha = append(p.alpha, 0)
	p.f = append(p.f, f)
	p.rowMax = append(p.rowMax, 0)
	if p.rel.forgotten != nil {
		p.rel.forgotten = append(p.rel.forgotten, 0)
	}
	p.bound += scale
	p.err = nil
	switch {
	case n == 0:
		// Nothing was ever trained: start as a new perceptron would.
		p.epoch, p.pos = 0, 0
		p.settle()
	case p.state == Converged:
		// The pass that converged did not see the new point.
		p.state = Running
		if p.epoch >= p.cfg.Epochs {
			p.state = Capped
		}
	}
	p.forget()
	return nil
}
