package learn

import (
	"fmt"
	"slices"
)

// The perceptron as an Expansion and a Learner: what views read of it (its
// data, α, scores and counters), the observers it tells of changes, and the
// cap on passes that can grow.

// Kernel is the kernel K the perceptron trains with.
func (p *Perceptron) Kernel() Kernel { return p.cfg.Kernel }

// Embed maps an input point to augmented coordinates, as training does.
func (p *Perceptron) Embed(x1, x2 float64) Vec { return p.cfg.Embed(x1, x2) }

// Coef is cⱼ = αⱼ yⱼ, example j's coefficient in f(x) = Σⱼ cⱼ K(xⱼ, x).
func (p *Perceptron) Coef(j int) float64 { return p.alpha[j] * float64(p.ys[j]) }

// Offset is 0: the perceptron learns a bias, if at all, through the
// augmented coordinate x₀ = 1 (seed 004), not as a separate b.
func (p *Perceptron) Offset() float64 { return 0 }

// SetEpochCap changes the most passes training may take, keeping α and the
// schedule: a perceptron stopped at the old cap goes on when the new one is
// larger. It refuses a cap below the passes already begun.
func (p *Perceptron) SetEpochCap(n int) error {
	if n < p.epoch || n < 0 {
		return fmt.Errorf("the epoch cap must be at least the %d passes begun, not %d", p.epoch, n)
	}
	p.cfg.Epochs = n
	if p.state == Capped && p.err == nil && p.epoch < n {
		p.state = Running
	}
	return nil
}

// Config returns the configuration the perceptron was made with.
func (p *Perceptron) Config() Config { return p.cfg }

// N is the number of examples.
func (p *Perceptron) N() int { return len(p.xs) }

// X returns example i in augmented coordinates.
func (p *Perceptron) X(i int) Vec { return p.xs[i] }

// Y returns the label of example i.
func (p *Perceptron) Y(i int) int { return p.ys[i] }

// Alpha returns αᵢ.
func (p *Perceptron) Alpha(i int) float64 { return p.alpha[i] }

// Alphas returns a copy of α.
func (p *Perceptron) Alphas() []float64 { return slices.Clone(p.alpha) }

// SupportVectors returns the 0-based indices with α > 0, ascending. The slice
// is the perceptron's own; do not modify it.
func (p *Perceptron) SupportVectors() []int { return p.svs }

// Score returns f(xᵢ) for training example i as kept incrementally.
func (p *Perceptron) Score(i int) float64 { return p.f[i] }

// T is the number of steps taken.
func (p *Perceptron) T() int { return p.t }

// Epoch is the pass the last step belonged to (0 before the first step).
func (p *Perceptron) Epoch() int { return p.epoch }

// Mistakes is the number of mistakes made so far.
func (p *Perceptron) Mistakes() int { return p.mistake }

// EpochMistakes is the number of mistakes in the current (or last finished) pass.
func (p *Perceptron) EpochMistakes() int { return p.epochMistakes }

// State says whether training goes on.
func (p *Perceptron) State() State { return p.state }

// Err is the numerical problem that stopped training, if any.
func (p *Perceptron) Err() error { return p.err }

// Accuracy is the fraction of training examples the current α classifies
// correctly under the tie rule (1 for no examples).
func (p *Perceptron) Accuracy() float64 {
	if len(p.xs) == 0 {
		return 1
	}
	right := 0
	for i, f := range p.f {
		if p.nearTie(f) {
			f = p.exactScore(i)
		}
		if _, mistake := p.cfg.Tie.Predict(f, p.ys[i]); !mistake {
			right++
		}
	}
	return float64(right) / float64(len(p.xs))
}

// Decide returns f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) at any point (x₁, x₂), summed over
// the support vectors in dataset order.
func (p *Perceptron) Decide(x1, x2 float64) float64 {
	x := p.cfg.Embed(x1, x2)
	f := 0.0
	for _, j := range p.svs {
		f += p.alpha[j] * float64(p.ys[j]) * p.cfg.Kernel.Eval(p.xs[j], x)
	}
	return f
}
