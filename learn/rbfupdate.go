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

// rbfRowBytes is the most the RBF kernel's rows take, whatever
// RowCacheBytes allows: a row is computed again (rbfRow, 0.9 ns a value on
// eight lanes) about as fast as a cached one streams back from main memory
// (0.3 to 0.5 ns a value) once the rows outgrow the caches, and every
// megabyte of rows first costs 256 page faults and the zeroing of fresh
// memory. Measured whole-process, 10 epochs on circles at noise 0.2 (σ =
// 0.5): n = 8000, 113 ms with 1 GiB of rows against 83 ms with 16 MiB;
// n = 4000, 33 against 28 ms; n = 2000 the same.
const rbfRowBytes = 16 << 20

// rowBudget is the row cache's budget: RowCacheBytes (0: no limit), and for
// the RBF kernel at most rbfRowBytes.
func (p *Perceptron) rowBudget() int64 {
	b := p.cfg.RowCacheBytes
	if _, ok := p.rbfFactor(); ok && (b == 0 || b > rbfRowBytes) {
		b = rbfRowBytes
	}
	return b
}

// updateRBF is update for the RBF kernel: a row that is not cached is
// computed and added to the scores in one pass (rbfRow), four values at a
// time; the scores and α come out bit for bit as update's would.
func (p *Perceptron) updateRBF(i int, alpha, w, c float64, grow bool) error {
	// Every |K(xᵢ, ·)| ≤ 1, and K(xᵢ, xᵢ) = 1.
	bound := p.bound + math.Abs(w)
	if grow && !(bound <= maxScore && alpha <= maxScore) {
		return fmt.Errorf("the scores f(x) could grow past %g after a mistake on x%d: η or the kernel values are too large for float64 (use a smaller η, degree or scale)", maxScore, i+1)
	}
	row := p.rows.get(i, alpha)
	cached := row != nil
	if !cached {
		row = p.rows.alloc(i, alpha)
	}
	if p.team != nil {
		// (The closure is made only here: it escapes to the helper.)
		p.team.split(len(row), func(lo, hi int) { p.moveScores(i, row, cached, c, w, lo, hi) })
	} else {
		p.moveScores(i, row, cached, c, w, 0, len(row))
	}
	p.rowMax[i] = 1
	p.bound = bound
	p.updated(i, alpha, w)
	return nil
}

// moveScores adds w·K(xᵢ, xₖ) to f(xₖ) for lo ≤ k < hi: from the cached row,
// or computing the row into row as it goes.
func (p *Perceptron) moveScores(i int, row []float64, cached bool, c, w float64, lo, hi int) {
	if cached {
		axpy(p.f[lo:hi], row[lo:hi], w)
		return
	}
	pts := coords{p.pts.x0[lo:hi], p.pts.x1[lo:hi], p.pts.x2[lo:hi]}
	rbfRow(row[lo:hi], p.f[lo:hi], p.xs[i], &pts, c, w)
}
