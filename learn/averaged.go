package learn

import (
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
	a.acc[i] += float64(prev * float64(t-1-a.last[i]))
	a.last[i] = t - 1
	a.count = 1
}

// reopen undoes opened and close for the mistake on xᵢ of record r, once
// αᵢ is back at prev: accᵢ as it was (written out, or computed back where
// that is exact), lastᵢ = t − 1 − sinceLast, and c_k = count, the vector
// closed; s_k(xⱼ) is a function of α (the kept score's sign, or the exact
// sum near a tie), so the votes taken back are the ones added.
func (a *averaging) reopen(p *Perceptron, r record, prev float64, count int) {
	i := r.i
	acc := r.acc
	if !r.more {
		acc = a.acc[i] - float64(prev*float64(r.sinceLast))
	}
	a.acc[i], a.last[i], a.count = acc, r.t-1-r.sinceLast, count
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

// AveragedPerceptron is the averaged or the voted perceptron (Freund &
// Schapire 1999) on the perceptron's engine: it trains as the perceptron
// and keeps the average and the vote beside it. It is Averaging.
type AveragedPerceptron struct {
	*Perceptron
	predicts EnsembleMember
}

var _ Averaging = (*AveragedPerceptron)(nil)

// Predicts is the function the learner predicts with: the average (the
// averaged perceptron) or the vote (the voted perceptron).
func (p *AveragedPerceptron) Predicts() EnsembleMember { return p.predicts }

// newAveraged makes the averaged or the voted perceptron. (The kinds call
// it from a function literal of their own rather than take a closure it
// returns: a closure would be made at start.)
func newAveraged(kind relKind, predicts EnsembleMember, cfg Config, data []Example) (Learner, error) {
	if predicts == VotedMember {
		// The vote walks every vector since the first step through the
		// undo history: the voted perceptron keeps it, whatever
		// NoHistory asks (trace, plot and cv ask for none).
		cfg.NoHistory = false
	}
	p, err := newPerceptron(cfg, data, kind)
	if err != nil {
		return nil, err
	}
	return &AveragedPerceptron{p, predicts}, nil
}

// averagedKind and votedKind are the averaged and voted perceptrons of
// Freund & Schapire (1999), seed 002's closing remark.
var (
	averagedKind = &LearnerKind{
		Name: "averaged", Title: "the averaged perceptron", Short: "averaged perceptron",
		Summary: "trains as the perceptron, predicts with α averaged over every step",
		Source:  "Freund & Schapire 1999",
		Intro: func(Config) string {
			return "learner: the averaged perceptron (Freund & Schapire 1999): trains as the perceptron, predicts with α averaged over every step; A shows the final, the average or the vote"
		},
		Settings: []*Setting{etaSetting}, Passes: true, Bump: true,
		New: func(cfg Config, data []Example) (Learner, error) {
			return newAveraged(relAveraged, AveragedMember, cfg, data)
		},
	}
	votedKind = &LearnerKind{
		Name: "voted", Title: "the voted perceptron", Short: "voted perceptron",
		Summary: "every α⁽ᵏ⁾ along the way votes, weighted by the steps it survived",
		Source:  "Freund & Schapire 1999",
		Intro: func(Config) string {
			return "learner: the voted perceptron (Freund & Schapire 1999): every α⁽ᵏ⁾ along the way votes, weighted by the steps it survived; A shows the final, the average or the vote"
		},
		Settings: []*Setting{etaSetting}, Passes: true, Bump: true,
		New: func(cfg Config, data []Example) (Learner, error) {
			return newAveraged(relVoted, VotedMember, cfg, data)
		},
	}
)

// AveragedAlpha is ᾱ = Σ_k c_k α⁽ᵏ⁾ / Σ_k c_k, the mean of α after each
// step (all zeros before the first step).
func (p *AveragedPerceptron) AveragedAlpha() []float64 {
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
func (p *AveragedPerceptron) AveragedPredictions() []int {
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
func (p *AveragedPerceptron) VotedPredictions() []int {
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
func (p *AveragedPerceptron) AveragedAccuracy() float64 { return p.accuracyOf(p.AveragedPredictions()) }

// VotedAccuracy is the voted perceptron's training accuracy.
func (p *AveragedPerceptron) VotedAccuracy() float64 { return p.accuracyOf(p.VotedPredictions()) }

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
// as an expansion, frozen now.
func (p *AveragedPerceptron) Averaged() *Frozen {
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
// Embed does) into out. It walks every vector α⁽ᵏ⁾ from the first (an
// Ensemble), so it needs the whole undo history.
func (p *AveragedPerceptron) Vote(xs []Vec, out []float64) error {
	e := NewEnsemble(xs)
	if err := e.Update(p); err != nil {
		return err
	}
	e.Vote(out)
	return nil
}

// An Ensemble is the averaged and voted perceptrons at a fixed set of
// points (a view's lattice): f̄(x) = Σ_k c_k f_k(x) / T and V(x)/T with
// V = Σ_k c_k s_k(x). It walks the vectors α⁽ᵏ⁾ from the perceptron's undo
// history, keeping f_k at the points: each new mistake costs one kernel
// row over them, and Update catches up from where it was, so following a
// run costs what following f does.
type Ensemble struct {
	xs   []Vec
	f    []float64 // f_k at xs, k the newest vector walked
	sum  []float64 // Σ c_k f_k over the closed vectors
	vote []float64 // Σ c_k s_k over the closed vectors
	row  []float64
	// owner is the learner walked, done the place on its history up to
	// which the mistakes were walked (records from the oldest) and gen the
	// history's generation then, doneT the step of the last one (1 before
	// any: vector 1 starts with c₁ = 0), t the learner's T at Update.
	owner *Perceptron
	done  mark
	gen   int
	doneT int
	t     int
	tie   Tie
}

// NewEnsemble makes an Ensemble at points xs (embedded as the learner's
// Embed does).
func NewEnsemble(xs []Vec) *Ensemble {
	n := len(xs)
	return &Ensemble{xs: xs, f: make([]float64, n), sum: make([]float64, n), vote: make([]float64, n), row: make([]float64, n)}
}

// Update catches up with p: it walks the mistakes made since the last
// Update, or starts again from the first vector when p is another learner
// or stepped back past them. It fails for learners other than the averaged
// and voted perceptrons, and when the undo history no longer reaches back
// to the first step.
//
// While the history reaches the first step, it holds the records of every
// mistake since α = 0, and a run from α = 0 is always the same run: the
// records walked are still there, byte for byte, unless Undo took them
// off, which leaves the history shorter than the place reached, or Reset
// started a new generation.
func (e *Ensemble) Update(l Averaging) error {
	p := l.engine()
	switch {
	case p.cfg.NoHistory || p.floorT > 0:
		return fmt.Errorf("the averaged and voted perceptrons need every vector since the start, and the undo history reaches back only to step %d", p.UndoFloor())
	}
	h := &p.hist
	if e.owner != p || e.gen != h.gen || e.done.off > h.size {
		e.owner, e.done, e.gen, e.doneT, e.tie = p, h.start(), h.gen, 1, p.cfg.Tie
		clear(e.f)
		clear(e.sum)
		clear(e.vote)
	}
	for {
		at, body, ok := h.next(&e.done)
		if !ok {
			break
		}
		r, _ := p.decode(at, body)
		// The mistake at step r.t closes vector k, which lasted
		// c_k = r.t − doneT steps (vector 1: t₁ − 1), and opens k + 1.
		e.close(float64(r.t - e.doneT))
		KernelRow(p.cfg.Kernel, e.row, p.xs[r.i], e.xs)
		axpy(e.f, e.row, p.eta*float64(p.ys[r.i]))
		e.doneT = r.t
	}
	e.t = p.t
	return nil
}

// close adds c·f_k and c·s_k at every point.
func (e *Ensemble) close(c float64) {
	if c == 0 {
		return
	}
	for g, v := range e.f {
		e.sum[g] += c * v
		s, _ := e.tie.Predict(v, 1)
		e.vote[g] += c * float64(s)
	}
}

// open is the count of the newest vector, still open at step t:
// c = t − doneT + 1 (the mistake that opened it counts), or c₁ = t.
func (e *Ensemble) open() float64 {
	if e.done.off == 0 {
		return float64(e.t)
	}
	return float64(e.t - e.doneT + 1)
}

// Averaged writes f̄ = Σ_k c_k f_k / T at the points into out (0 before
// any step).
func (e *Ensemble) Averaged(out []float64) {
	c := e.open()
	for g := range out[:len(e.f)] {
		if e.t == 0 {
			out[g] = 0
			continue
		}
		out[g] = (e.sum[g] + c*e.f[g]) / float64(e.t)
	}
}

// Vote writes V/T = Σ_k c_k s_k / T at the points into out: +1 where every
// step's vector says +1, −1 where every one says −1 (0 before any step).
func (e *Ensemble) Vote(out []float64) {
	c := e.open()
	for g := range out[:len(e.f)] {
		if e.t == 0 {
			out[g] = 0
			continue
		}
		s, _ := e.tie.Predict(e.f[g], 1)
		out[g] = (e.vote[g] + c*float64(s)) / float64(e.t)
	}
}
