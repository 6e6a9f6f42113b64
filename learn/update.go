package learn

import (
	"fmt"
	"math"
	"slices"
)

// How a change of one αᵢ moves the kept scores f(xₖ) (seed 001's update,
// in the dual): the kernel row of xᵢ, from the row cache or computed, times
// the change, added to every score. updateRBF (rbfupdate.go) is the RBF
// kernel's fused form of the same.

// update sets αᵢ to alpha and moves every f(xₖ) and every attached field by
// delta·yᵢ·K(xᵢ, ·), where delta is the change of αᵢ (+η for a perceptron's
// step, −η for its undo; written apart from alpha because alpha − old αᵢ
// need not round to it), computing the kernel row of xᵢ when it is not
// cached (a new support vector, or one whose row was evicted) and dropping
// it when xᵢ stops being a support vector. grow says the change is a step
// forward, which must keep every score finite; an undo goes back towards a
// state that was.
func (p *Perceptron) update(i int, alpha, delta float64, grow bool) error {
	// f(xₖ) += η yᵢ K(xᵢ, xₖ)  (seed 002: "w = w + yᵢ φ(xᵢ)", in the dual)
	w := delta * float64(p.ys[i])
	if c, ok := p.rbfFactor(); ok {
		return p.updateRBF(i, alpha, w, c, grow)
	}
	row := p.rows.get(i, alpha)
	if row == nil {
		row = p.rows.alloc(i, alpha)
		KernelRow(p.cfg.Kernel, row, p.xs[i], p.xs)
		if p.alpha[i] == 0 {
			// A new support vector: its row is checked before anything
			// changes, so that an error leaves the state as it was. (An
			// evicted row comes back with the same, checked, values.)
			m, j := rowMax(row)
			if j >= 0 {
				v := row[j]
				p.rows.drop(i)
				return fmt.Errorf("K(x%d, x%d) = %v: the kernel overflows on this data (use a smaller degree or rescale the data)", i+1, j+1, v)
			}
			p.rowMax[i] = m
		}
	}
	// bound ≥ every |f(xₖ)|; refusing to pass maxScore keeps every score
	// and α a finite number. (An undo only moves back towards the start.)
	bound := p.bound + math.Abs(w)*p.rowMax[i]
	if grow && !(bound <= maxScore && alpha <= maxScore) {
		if p.alpha[i] == 0 {
			p.rows.drop(i)
		}
		return fmt.Errorf("the scores f(x) could grow past %g after a mistake on x%d: η or the kernel values are too large for float64 (use a smaller η, degree or scale)", maxScore, i+1)
	}
	axpy(p.f, row, w)
	p.bound = bound
	p.updated(i, alpha, w)
	return nil
}

// updated finishes an update once the scores have moved: the attached
// fields, αᵢ and the support vectors.
func (p *Perceptron) updated(i int, alpha, w float64) {
	for _, o := range p.observers {
		o.Changed(p.xs[i], w)
	}
	wasSV := p.alpha[i] > 0
	p.alpha[i] = alpha
	switch isSV := alpha > 0; {
	case isSV && !wasSV:
		at, _ := slices.BinarySearch(p.svs, i)
		p.svs = slices.Insert(p.svs, at, i)
	case !isSV && wasSV:
		at, _ := slices.BinarySearch(p.svs, i)
		p.svs = slices.Delete(p.svs, at, at+1)
		p.rows.drop(i)
		if len(p.svs) == 0 {
			// No support vectors: every score is exactly zero again.
			p.clearScores()
		}
	}
}

// maxScore is the largest score or α training accepts, far below the
// float64 overflow at 1.8e308 so that sums of a few such terms stay finite.
// It is also the largest |K(xᵢ, xⱼ)| that the SVM and the Nyström map take
// (kernelInRange), for the same reason.
const maxScore = 1e300

// kernelInRange reports whether a kernel value is one that sums of a few
// can be formed from: a finite number of size at most maxScore. Past it,
// 1e308·rbf say, the SVM's curvature Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ is +Inf, every pair
// update a move of 0, and SMO would spin to its cap.
func kernelInRange(v float64) bool { return math.Abs(v) <= maxScore }

// kernelRangeError says why the kernel value v = K(xᵢ, xⱼ), i and j as the
// caller writes them ("x₃", "l2"), is out of range (kernelInRange), after
// prefix ("approx rff:100: ", or "").
func kernelRangeError(prefix, i, j string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%sK(%s, %s) = %v: the kernel overflows on this data (use a smaller degree or rescale the data)", prefix, i, j, v)
	}
	return fmt.Errorf("%sK(%s, %s) = %v: kernel values past %g are too large for float64 (use a smaller scale or degree, or rescale the data)", prefix, i, j, v, maxScore)
}

// rowMax returns max |row[k]|, and the index of the first entry that is not
// a finite number (−1 if none).
func rowMax(row []float64) (float64, int) {
	m := 0.0
	for k, v := range row {
		a := math.Abs(v)
		if !(a <= math.MaxFloat64) {
			return 0, k
		}
		if a > m {
			m = a
		}
	}
	return m, -1
}

// clearScores sets every kept score and field value to exactly zero.
func (p *Perceptron) clearScores() {
	clear(p.f)
	p.bound = 0
	for _, o := range p.observers {
		o.Cleared()
	}
}

// axpy is f += w·row: it runs once per mistake over all n scores. The
// vector path (rbfrow_amd64.s) rounds each product and each sum as the
// scalar loop, unrolled by four, does.
func axpy(f, row []float64, w float64) {
	f = f[:len(row)]
	k := 0
	if useSIMD {
		k = axpyVec(f, row, w)
	}
	for ; k+4 <= len(row); k += 4 {
		r, g := row[k:k+4:k+4], f[k:k+4:k+4]
		g[0] += float64(w * r[0]) // rounded before the sum: no fused multiply-add
		g[1] += float64(w * r[1])
		g[2] += float64(w * r[2])
		g[3] += float64(w * r[3])
	}
	for ; k < len(row); k++ {
		f[k] += float64(w * row[k])
	}
}
