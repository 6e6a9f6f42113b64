package learn

import (
	"errors"
	"fmt"
)

// The averaged and voted perceptrons (Freund & Schapire, "Large Margin
// Classification Using the Perceptron Algorithm", 1999, Figure 1, in
// kernel form; seed 002's closing remark). Training is the perceptron's,
// step for step. Beside it:
//
//	v₁ = 0 (α⁽¹⁾ = 0), c₁ = 0, k = 1
//	a step that is not a mistake:  c_k += 1
//	a mistake on xᵢ:               α⁽ᵏ⁺¹⁾ = α⁽ᵏ⁾ + η eᵢ, c_{k+1} = 1, k += 1
//
// so the mistaken step counts toward the new vector and Σ c_k = T. Then
//
//	ᾱ = Σ_k c_k α⁽ᵏ⁾ / Σ_k c_k                         (the averaged perceptron)
//	V(x) = Σ_k c_k s_k(x),  s_k(x) = tie rule of f_k(x)  (the voted perceptron)
//
// ᾱ is the mean of α after each step; it is kept lazily: αⱼ changes only
// at mistakes on xⱼ, so accⱼ holds Σ αⱼ over the steps up to lastⱼ and
// Σ_{t ≤ T} αⱼ(t) = accⱼ + αⱼ·(T − lastⱼ). V is kept at the training
// points: when a mistake closes vector k, every s_k(xⱼ) is the sign of the
// kept score f(xⱼ), so V costs O(n) a mistake, as the update does.

// averaging is the averaged and voted perceptrons' bookkeeping.
type averaging struct {
	acc   []float64 // Σ αⱼ over the steps up to last[j]
	last  []int
	vote  []int64 // Σ c_k s_k(xⱼ) over the closed vectors k
	count int     // c_k of the current vector
}

func newAveraging(n int) *averaging {
	return &averaging{acc: make([]float64, n), last: make([]int, n), vote: make([]int64, n)}
}

// close adds (sign = +1) or takes back (−1) the votes c_k s_k(xⱼ) of the
// current vector k at every training point, from the kept scores.
func (a *averaging) close(p *Perceptron, sign int64) {
	if a.count == 0 {
		return
	}
	c := sign * int64(a.count)
	for j := range a.vote {
		a.vote[j] += c * int64(p.predictAt(j))
	}
}

// opened starts vector k + 1 after a mistake on xᵢ at step t that moved αᵢ
// from prev: αᵢ was prev over the steps (lastᵢ, t − 1].
func (a *averaging) opened(i, t int, prev float64) {
	a.acc[i] += prev * float64(t-1-a.last[i])
	a.last[i] = t - 1
	a.count = 1
}

// reopen undoes opened and close for the mistake on xᵢ of record r, once
// αᵢ is back: s_k(xⱼ) is a function of α (the kept score's sign, or the
// exact sum near a tie), so the votes taken back are the ones added.
func (a *averaging) reopen(p *Perceptron, i int, r relRecord) {
	a.acc[i], a.last[i], a.count = r.acc, r.last, r.count
	a.close(p, -1)
}

// predictAt is the tie rule's prediction of the kept score f(xⱼ), from the
// exact sum when it is within rounding of 0.
func (p *Perceptron) predictAt(j int) int {
	f := p.f[j]
	if p.nearTie(f) {
		f = p.exactScore(j)
	}
	pred, _ := p.cfg.Tie.Predict(f, p.ys[j])
	return pred
}

// errNotAveraging is returned by the averaged and voted perceptrons'
// methods on another learner.
var errNotAveraging = errors.New("learn: only the averaged and voted perceptrons keep averages and votes")

// AveragedAlpha is ᾱ = Σ_k c_k α⁽ᵏ⁾ / Σ_k c_k, the mean of α after each
// step (all zeros before the first step); nil for other learners.
func (p *Perceptron) AveragedAlpha() []float64 {
	a := p.rel.avg
	if a == nil {
		return nil
	}
	out := make([]float64, len(p.alpha))
	if p.t == 0 {
		return out
	}
	for _, j := range p.svs {
		out[j] = (a.acc[j] + p.alpha[j]*float64(p.t-a.last[j])) / float64(p.t)
	}
	return out
}

// AveragedPredictions is the tie rule applied to f̄(xᵢ) = Σⱼ ᾱⱼ yⱼ K(xⱼ, xᵢ)
// (in dataset order) at every training example; nil for other learners.
func (p *Perceptron) AveragedPredictions() []int {
	avg := p.AveragedAlpha()
	if avg == nil {
		return nil
	}
	out := make([]int, len(p.xs))
	for i := range out {
		f := 0.0
		for _, j := range p.svs {
			f += avg[j] * float64(p.ys[j]) * p.kAt(j, i)
		}
		out[i], _ = p.cfg.Tie.Predict(f, p.ys[i])
	}
	return out
}

// VotedPredictions is the tie rule applied to V(xᵢ) = Σ_k c_k s_k(xᵢ) at
// every training example; nil for other learners.
func (p *Perceptron) VotedPredictions() []int {
	a := p.rel.avg
	if a == nil {
		return nil
	}
	out := make([]int, len(p.xs))
	for i := range out {
		v := a.vote[i] + int64(a.count)*int64(p.predictAt(i))
		out[i], _ = p.cfg.Tie.Predict(float64(v), p.ys[i])
	}
	return out
}

// AveragedAccuracy and VotedAccuracy are the fractions of training
// examples the averaged and voted perceptrons classify right (0 with no
// examples or for other learners).
func (p *Perceptron) AveragedAccuracy() float64 { return p.accuracyOf(p.AveragedPredictions()) }

// VotedAccuracy is the voted perceptron's training accuracy.
func (p *Perceptron) VotedAccuracy() float64 { return p.accuracyOf(p.VotedPredictions()) }

func (p *Perceptron) accuracyOf(pred []int) float64 {
	if len(pred) == 0 {
		return 0
	}
	right := 0
	for i, v := range pred {
		if v == p.ys[i] {
			right++
		}
	}
	return float64(right) / float64(len(pred))
}

// Averaged is the averaged perceptron's function f̄(x) = Σⱼ ᾱⱼ yⱼ K(xⱼ, x)
// as an expansion, frozen now; nil for other learners.
func (p *Perceptron) Averaged() *Frozen {
	avg := p.AveragedAlpha()
	if avg == nil {
		return nil
	}
	f := &Frozen{kernel: p.cfg.Kernel, bias: p.cfg.Bias, n: len(p.xs), xs: make(map[int]Vec), coef: make(map[int]float64)}
	for _, j := range p.svs {
		if avg[j] != 0 {
			f.svs = append(f.svs, j)
			f.xs[j], f.coef[j] = p.xs[j], avg[j]*float64(p.ys[j])
		}
	}
	return f
}

// Vote writes V(x)/T, the voted perceptron's vote as a fraction of the
// steps (in [−1, 1]; 0 before any step), at every point of xs (embedded as
// Embed does) into out. It walks every vector α⁽ᵏ⁾ from the first, so it
// needs the whole undo history: it fails when the history does not reach
// back to the start (NoHistory, or more mistakes than it keeps) or for
// other learners. It costs one kernel row over xs per mistake.
func (p *Perceptron) Vote(xs []Vec, out []float64) error {
	switch {
	case p.rel.avg == nil:
		return errNotAveraging
	case p.cfg.NoHistory || p.floorT > 0:
		return fmt.Errorf("learn: the vote needs every vector since the start, and the undo history reaches back only to step %d", p.UndoFloor())
	}
	out = out[:len(xs)]
	clear(out)
	if p.t == 0 {
		return nil
	}
	f := make([]float64, len(xs))
	row := make([]float64, len(xs))
	vote := func(c int) {
		for g, v := range f {
			s, _ := p.cfg.Tie.Predict(v, 1)
			out[g] += float64(c * s)
		}
	}
	// Vector 1 (α = 0) lasts until the first mistake, vector k + 1 from
	// the k-th mistake (which counts toward it) until the next one.
	prevT := 1
	for n := 0; n < p.hist.len(); n++ {
		r := p.hist.buf[(p.hist.head+n)%len(p.hist.buf)]
		vote(int(r.t) - prevT)
		KernelRow(p.cfg.Kernel, row, p.xs[r.i], xs)
		axpy(f, row, p.cfg.Eta*float64(p.ys[r.i]))
		prevT = r.t
	}
	vote(p.t - prevT + 1) // with no mistake, c₁ = T
	for g := range out {
		out[g] /= float64(p.t)
	}
	return nil
}
