package learn

import (
	"fmt"
	"math"
)

// rbfFactor returns c = −1/(2σ²) when the kernel is the RBF kernel and c is
// a finite negative number, so that every argument d²·c is in [−∞, 0] and
// every kernel value in [0, 1], with K(xᵢ, xᵢ) = expFast(0) = 1: a row needs
// no check, and its max is 1 without a scan.
func (p *Perceptron) rbfFactor() (float64, bool) {
	k, ok := p.cfg.Kernel.(RBF)
	if !ok {
		return 0, false
	}
	c := k.factor()
	return c, c < 0 && !math.IsInf(c, -1)
}

// updateRBF is update for the RBF kernel: a row that is not cached is
// computed and added to the scores in one pass (rbfRow), four values at a
// time; the scores and α come out bit for bit as update's would.
func (p *Perceptron) updateRBF(i int, alpha, w, c float64, grow bool) error {
	// Every |K(xᵢ, ·)| ≤ 1, and K(xᵢ, xᵢ) = 1.
	bound := p.bound + math.Abs(w)
	if grow && !(bound <= maxScore && alpha <= maxScore) {
		return fmt.Errorf("learn: the scores f(x) could grow past %g after a mistake on x%d: η or the kernel values are too large for float64 (use a smaller η, degree or scale)", maxScore, i+1)
	}
	if row := p.rows.get(i, alpha); row != nil {
		axpy(p.f, row, w)
	} else {
		rbfRow(p.rows.alloc(i, alpha), p.f, p.xs[i], &p.pts, c, w)
	}
	p.rowMax[i] = 1
	p.bound = bound
	p.updated(i, alpha, w)
	return nil
}
