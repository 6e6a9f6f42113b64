package learn

import (
	"fmt"
	"math"
)

// ApproxPerceptron is the perceptron run in the primal on an approximate feature map
// z (approx.go), for data too large for the dual's kernel rows:
//
//	w ← 0;  repeat: for i in order: f = w·z(xᵢ); if mistake(f, yᵢ): w ← w + η yᵢ z(xᵢ), αᵢ ← αᵢ + η
//
// (seed 002: "w = w + yᵢ φ(xᵢ)", with z for φ). Since w = Σⱼ αⱼ yⱼ z(xⱼ)
// throughout, it is the kernel perceptron of seed 001 on the kernel
// z(x)·z(x') ≈ K(x, x'), and it visits, decides ties and stops exactly as
// Perceptron does. A step costs one pass over the D features (z(xᵢ) and
// w·z(xᵢ) together, z kept in one buffer for the update), memory is
// O(D + n): w, z, and per example its point, label and α. No kernel row
// and no n×D matrix is ever built.
//
// It is not safe for concurrent use.
type ApproxPerceptron struct {
	cfg   Config
	eta   float64 // η, the step a mistake adds
	m     *ApproxMap
	xs    []Vec
	ys    []int
	alpha []float64
	w     []float64
	z     []float64 // z(xᵢ) of the last score
	svs   int       // #{i : αᵢ > 0}

	t, epoch, pos, epochMistakes, mistakes int
	state                                  State
	order                                  []int // visiting order of epoch orderEpoch
	orderEpoch                             int
	err                                    error
}

// NewApproxPerceptron makes a primal perceptron with w = 0 on the map a of
// cfg.Kernel, drawn with cfg.Seed. It fails, with New's wording, when η,
// the epoch cap or the kernel is outside its domain or an example is not
// finite or not labelled ±1, and when the map cannot be built (rff on a
// kernel other than RBF). Only the perceptron has a primal form here; the
// recording options (RunOptions) do not apply.
func NewApproxPerceptron(cfg Config, data []Example, a Approx) (*ApproxPerceptron, error) {
	if err := Validate(cfg.Kernel); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	eta := cfg.Params.Value(etaSetting)
	if err := etaSetting.Check(eta); err != nil {
		return nil, err
	}
	if cfg.Epochs < 0 {
		return nil, fmt.Errorf("the epoch cap must be ≥ 0, not %d", cfg.Epochs)
	}
	if cfg.Learner != "" && cfg.Learner != perceptronKind.Name {
		return nil, fmt.Errorf("approx %v trains the perceptron only, not the %s", a, cfg.Learner)
	}
	n := len(data)
	p := &ApproxPerceptron{cfg: cfg, eta: eta, xs: make([]Vec, n), ys: make([]int, n), alpha: make([]float64, n)}
	for i, e := range data {
		if math.IsNaN(e.X1) || math.IsInf(e.X1, 0) || math.IsNaN(e.X2) || math.IsInf(e.X2, 0) {
			return nil, fmt.Errorf("example %d has a coordinate that is not a finite number", i+1)
		}
		if e.Y != 1 && e.Y != -1 {
			return nil, fmt.Errorf("example %d has label %d; labels are −1 or +1", i+1, e.Y)
		}
		p.xs[i] = p.cfg.Embed(e.X1, e.X2)
		p.ys[i] = e.Y
	}
	m, err := NewApproxMap(a, cfg.Kernel, p.xs, cfg.Seed)
	if err != nil {
		return nil, err
	}
	p.m = m
	p.w = make([]float64, m.Dim())
	p.z = make([]float64, m.Dim())
	var first bool
	if p.state, first = startState(cfg.Epochs, n); first {
		p.epoch = 1
	}
	return p, nil
}

// vec maps an input point to augmented coordinates, as Perceptron.vec.
func (p *ApproxPerceptron) vec(x1, x2 float64) Vec {
	if p.cfg.Bias {
		return Vec{1, x1, x2}
	}
	return Vec{0, x1, x2}
}

// visit returns the example at position pos of the given epoch: Perceptron's
// order, dataset order or the permutation drawn from (seed, epoch).
func (p *ApproxPerceptron) visit(epoch, pos int) int {
	if !p.cfg.Shuffle {
		return pos
	}
	if p.order == nil || p.orderEpoch != epoch {
		p.order = epochOrder(p.cfg.Seed, epoch, len(p.xs))
		p.orderEpoch = epoch
	}
	return p.order[pos]
}

// Step visits the next example: f = w·z(xᵢ), the tie rule decides whether
// it is a mistake, and a mistake adds η yᵢ z(xᵢ) to w and η to αᵢ. It
// returns ErrStopped once training has stopped, and an error if the score
// is not a finite number. Step.Terms, Pair and Forget are nil.
func (p *ApproxPerceptron) Step() (Step, error) {
	if p.err != nil {
		return Step{}, p.err
	}
	if p.state != Running {
		return Step{}, ErrStopped
	}
	pos, epoch, epochMistakes := p.pos, p.epoch, p.epochMistakes
	if pos == 0 {
		epoch, epochMistakes = epoch+1, 0
	}
	i := p.visit(epoch, pos)
	y := p.ys[i]
	// f(xᵢ) = w·z(xᵢ), z(xᵢ) left in p.z for the update.
	f := p.m.dot(p.z, p.w, p.xs[i])
	if !(math.Abs(f) <= math.MaxFloat64) {
		p.err = fmt.Errorf("the score w·z(x%d) is %v: η is too large for float64 (use a smaller η)", i+1, f)
		return Step{}, p.err
	}
	prediction, mistake := p.cfg.Tie.Predict(f, y)
	if mistake {
		// w ← w + η yᵢ z(xᵢ)  (seed 002), the primal image of αᵢ ← αᵢ + η.
		axpy(p.w, p.z, p.eta*float64(y))
		if p.alpha[i] == 0 {
			p.svs++
		}
		p.alpha[i] += p.eta
		p.mistakes++
		epochMistakes++
	}
	p.t++
	p.epoch, p.pos, p.epochMistakes = epoch, pos+1, epochMistakes
	if p.pos == len(p.xs) {
		p.pos, p.state = 0, passEnd(epochMistakes, epoch, p.cfg.Epochs)
	}
	return Step{T: p.t, Epoch: epoch, I: i, F: f, Y: y, Prediction: prediction, Mistake: mistake, Alpha: p.alpha[i]}, nil
}

// Run steps until training stops and returns the first error other than
// ErrStopped.
func (p *ApproxPerceptron) Run() error {
	for p.state == Running {
		if _, err := p.Step(); err != nil {
			return err
		}
	}
	return nil
}

// State says whether training goes on.
func (p *ApproxPerceptron) State() State { return p.state }

// T is the number of steps taken.
func (p *ApproxPerceptron) T() int { return p.t }

// Epoch is the current pass, 1-based (0 before the first step).
func (p *ApproxPerceptron) Epoch() int { return p.epoch }

// Mistakes is the number of mistakes so far.
func (p *ApproxPerceptron) Mistakes() int { return p.mistakes }

// EpochMistakes is the number of mistakes in the current pass.
func (p *ApproxPerceptron) EpochMistakes() int { return p.epochMistakes }

// Err is the numerical problem that stopped training, if any.
func (p *ApproxPerceptron) Err() error { return p.err }

// SupportVectors is the number of support vectors, #{i : αᵢ > 0}: the
// examples w is a combination of. (A count, not Perceptron's index list:
// at n = 10⁶ the list is what the primal form exists to avoid keeping.)
func (p *ApproxPerceptron) SupportVectors() int { return p.svs }

// Alpha is αᵢ, η times the mistakes made on example i (0-based).
func (p *ApproxPerceptron) Alpha(i int) float64 { return p.alpha[i] }

// N is the number of examples.
func (p *ApproxPerceptron) N() int { return len(p.xs) }

// Map is the feature map z.
func (p *ApproxPerceptron) Map() *ApproxMap { return p.m }

// W is the weight vector w = Σⱼ αⱼ yⱼ z(xⱼ). Read only; it changes with
// every mistake.
func (p *ApproxPerceptron) W() []float64 { return p.w }

// Decide returns f̃(x) = w·z(x) at any point (x₁, x₂), computed as a step
// computes it (the same bits for a training point).
func (p *ApproxPerceptron) Decide(x1, x2 float64) float64 {
	return p.m.dot(p.z, p.w, p.cfg.Embed(x1, x2))
}

// Accuracy is the fraction of training examples the current w classifies
// correctly under the tie rule (1 for no examples). It costs a pass over
// the data, as an epoch does.
func (p *ApproxPerceptron) Accuracy() float64 {
	if len(p.xs) == 0 {
		return 1
	}
	right := 0
	for i, x := range p.xs {
		if _, mistake := p.cfg.Tie.Predict(p.m.dot(p.z, p.w, x), p.ys[i]); !mistake {
			right++
		}
	}
	return float64(right) / float64(len(p.xs))
}
