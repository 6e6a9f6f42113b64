package learn

import (
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Expansion is a decision function written over training examples,
//
//	f(x) = Σⱼ cⱼ K(xⱼ, x) + b
//
// (seed 001: "f(x) = Σᵢ αᵢ yᵢ K(xᵢ, x)", so cⱼ = αⱼ yⱼ for the perceptron;
// the SVM of seed 004 adds the offset b). Views draw expansions; they never
// reach into a learner's fields.
type Expansion interface {
	// Kernel is K.
	Kernel() Kernel
	// Embed maps an input point to the coordinates K is evaluated on (the
	// augmented x̃ = (1, x₁, x₂) when the learner uses a bias).
	Embed(x1, x2 float64) Vec
	// N is the number of training examples; X(j) example j, embedded.
	N() int
	X(j int) Vec
	// SupportVectors are the j with cⱼ ≠ 0, ascending. The slice is the
	// expansion's own: do not modify it.
	SupportVectors() []int
	// Coef is cⱼ.
	Coef(j int) float64
	// Offset is b.
	Offset() float64
	// Decide is f(x) at an input point, summed over the support vectors in
	// dataset order.
	Decide(x1, x2 float64) float64
}

// Learner is an Expansion that training steps, one step at a time, and
// steps back. The perceptron is one; an SMO solver is another.
type Learner interface {
	Expansion
	// Y is the label of example i (±1); Alpha its dual weight αᵢ.
	Y(i int) int
	Alpha(i int) float64
	// Alphas is every αᵢ, a copy.
	Alphas() []float64
	// Score is f(xᵢ) at training example i.
	Score(i int) float64
	// K is K(xᵢ, xⱼ) between training examples.
	K(i, j int) float64
	// Gram is the matrix K(xᵢ, xⱼ) of every pair (for small sets).
	Gram() *mat.SymDense

	// Step takes one step; ErrStopped once training has stopped.
	Step() (Step, error)
	// Run steps until training stops, and returns the error that stopped
	// it (nil when it converged or reached its cap).
	Run() error
	// Undo puts the last step back; false when it cannot (see UndoFloor).
	Undo() bool
	CanUndo() bool
	// UndoFloor is the smallest T that Undo can reach.
	UndoFloor() int
	// HistoryBytes is the memory the undo history holds, within
	// Config.UndoBytes.
	HistoryBytes() int
	// Reset starts training again from every α = 0.
	Reset()
	// Next is the example the next step visits (−1 when stopped).
	Next() int

	State() State
	// Err is the numerical problem that stopped training, if any.
	Err() error
	T() int
	// Mistakes is the number of mistakes made so far (the SVM: the
	// training examples the current f classifies wrongly).
	Mistakes() int
	// Accuracy is the fraction of training examples classified right.
	Accuracy() float64
	// Function writes the learned function the way the notes do.
	Function() string
	// Config is how the learner trains: its kind, kernel, bias, tie rule,
	// settings and schedule.
	Config() Config

	// Observe has o told of every change of a coefficient from now on;
	// Unobserve stops that.
	Observe(o Observer)
	Unobserve(o Observer)
}

// Appender is a Learner that takes a new example and keeps training where
// it was (online learning, seed 002), rather than starting over.
type Appender interface {
	Learner
	Append(e Example) error
}

// Observer is told of every change of an expansion's coefficients: Changed
// when cⱼ moves by delta for the example embedded at x, Shifted when the
// offset b moves by delta, Scaled when all of them are multiplied by a
// factor, Cleared when every coefficient and b are exactly
// zero again. A Field is one: it follows f without
// recomputing it.
type Observer interface {
	Changed(x Vec, delta float64)
	Cleared()
	// Shifted is told that the offset b moved by delta (the SVM's b).
	Shifted(delta float64)
	// Scaled is told that every coefficient and b were multiplied by
	// factor (the Forgetron's shrink).
	Scaled(factor float64)
}

// Interface checks: the perceptron is a Learner, a Frozen an Expansion.
var (
	_ Appender  = (*Perceptron)(nil)
	_ Passer    = (*Perceptron)(nil)
	_ Narrator  = (*Perceptron)(nil)
	_ Expansion = (*Frozen)(nil)

	_ PairStepper = (*SVM)(nil)
	_ Boxed       = (*SVM)(nil)
	_ DualSolver  = (*SVM)(nil)
)

// Frozen is a copy of an expansion's support vectors and coefficients at
// one moment: safe to read from another goroutine while the learner goes
// on (a field recomputed off the UI path reads one).
type Frozen struct {
	kernel Kernel
	bias   bool
	n      int
	svs    []int
	xs     map[int]Vec
	coef   map[int]float64
	offset float64
}

// Freeze copies what e's function depends on: the support vectors, their
// coefficients and points, the kernel and the offset.
func Freeze(e Expansion) *Frozen {
	svs := slices.Clone(e.SupportVectors())
	f := &Frozen{kernel: e.Kernel(), n: e.N(), svs: svs, xs: make(map[int]Vec, len(svs)), coef: make(map[int]float64, len(svs)), offset: e.Offset()}
	f.bias = e.Embed(0, 0).X0 == 1
	for _, j := range svs {
		f.xs[j], f.coef[j] = e.X(j), e.Coef(j)
	}
	return f
}

// Kernel is K.
func (f *Frozen) Kernel() Kernel { return f.kernel }

// Embed maps an input point as the frozen learner did.
func (f *Frozen) Embed(x1, x2 float64) Vec {
	if f.bias {
		return Vec{1, x1, x2}
	}
	return Vec{0, x1, x2}
}

// N is the number of training examples when frozen.
func (f *Frozen) N() int { return f.n }

// X is support vector j's point (the zero Vec for other examples, whose
// coefficient is 0).
func (f *Frozen) X(j int) Vec { return f.xs[j] }

// SupportVectors are the j with cⱼ ≠ 0 when frozen, ascending.
func (f *Frozen) SupportVectors() []int { return f.svs }

// Coef is cⱼ when frozen.
func (f *Frozen) Coef(j int) float64 { return f.coef[j] }

// Offset is b when frozen.
func (f *Frozen) Offset() float64 { return f.offset }

// Decide is f(x) = Σⱼ cⱼ K(xⱼ, x) + b, in dataset order.
func (f *Frozen) Decide(x1, x2 float64) float64 { return decide(f, x1, x2) }

// decide is Σⱼ cⱼ K(xⱼ, x) + b over e's support vectors in dataset order.
func decide(e Expansion, x1, x2 float64) float64 {
	x := e.Embed(x1, x2)
	k := e.Kernel()
	v := 0.0
	for _, j := range e.SupportVectors() {
		v += e.Coef(j) * k.Eval(e.X(j), x)
	}
	return v + e.Offset()
}

// NormW2 is ‖w‖² for f(x) = Σⱼ cⱼ K(xⱼ, x) + b, cⱼ = αⱼ yⱼ, w = Σⱼ cⱼ φ(xⱼ)
// (seed 001):
//
//	‖w‖² = Σᵢ Σⱼ cᵢ cⱼ K(xᵢ, xⱼ) = Σᵢ cᵢ (f(xᵢ) − b)
//
// from the scores the learner keeps: O(#SV), not a double sum. It is not
// clamped: a kernel that is not positive semi-definite on the data (the
// sigmoid) can make it negative, and then there is no feature space.
func NormW2(l Learner) float64 {
	b, v := l.Offset(), 0.0
	for _, i := range l.SupportVectors() {
		v += l.Coef(i) * (l.Score(i) - b)
	}
	return v
}

// observers are the Observers a learner tells of every change of a
// coefficient; a learner embeds them.
type observers []Observer

// Observe has o told of every change of a coefficient from now on.
func (l *observers) Observe(o Observer) {
	if !slices.Contains(*l, o) {
		*l = append(*l, o)
	}
}

// Unobserve stops telling o of changes.
func (l *observers) Unobserve(o Observer) {
	*l = slices.DeleteFunc(*l, func(x Observer) bool { return x == o })
}

// Embed is an input point as the kernel sees it: x̃ = (1, x₁, x₂) with the
// bias (seed 004's augmented coordinate), (0, x₁, x₂) without.
func (cfg Config) Embed(x1, x2 float64) Vec {
	if cfg.Bias {
		return Vec{1, x1, x2}
	}
	return Vec{0, x1, x2}
}
