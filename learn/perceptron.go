package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Example is one labelled training point; Y is −1 or +1.
type Example struct {
	X1, X2 float64
	Y      int
}

// Config is how a Perceptron trains: the settings of the algorithm (seed
// 001's kernel perceptron with the tie rule, η and schedule of the notes),
// which decide every step, and the RunOptions, which decide only what is
// recorded and how much memory that takes.
type Config struct {
	Kernel Kernel
	// Bias turns on augmentation x̃ = (1, x₁, x₂) before the kernel (seed 004).
	Bias bool
	Tie  Tie
	// Epochs caps the number of passes; ≥ 0 (learners that visit pass by
	// pass, LearnerKind.Passes).
	Epochs int
	// Shuffle visits each epoch in a fresh order drawn from Seed instead of
	// dataset order.
	Shuffle bool
	Seed    uint64

	// Learner names the learner (a LearnerKind's Name; "" is the
	// perceptron), Params the values of its settings (η, C, the budget
	// B, λ …; a setting not given has its default).
	Learner string
	Params  Params

	RunOptions
}

// RunOptions are how a run is recorded: they never change a step's
// outcome, only what is kept for narration and undo and how much memory
// the kernel rows take.
type RunOptions struct {
	// Narrate records, for every step, the terms αⱼ yⱼ K(xⱼ, xᵢ) of the sum
	// with αⱼ ≠ 0, and reports f as their sum in dataset order. It costs
	// O(#SV) per step instead of O(1).
	Narrate bool
	// NoHistory keeps no undo records at all (headless runs that never step
	// back). Otherwise the history holds what Undo needs of the latest
	// steps, within UndoBytes.
	NoHistory bool
	// UndoBytes is the most memory the undo history may take, in bytes; 0
	// means DefaultUndoBytes. The oldest steps are dropped first (the undo
	// floor rises); an interactive program that runs for hours keeps a
	// smaller budget than a headless one.
	UndoBytes int64
	// RowCacheBytes is the most bytes the cached kernel rows may take (one
	// row of 8n bytes is always allowed); rows beyond it are dropped and
	// computed again when needed, which changes no result, only the time.
	// 0 means no limit. Memory is otherwise O(n·#SV), and #SV grows with n
	// on noisy data.
	RowCacheBytes int64
	// OneCore trains on the caller's goroutine only: no helper takes half
	// of a large run's rows on another core (rowTeam). A follower's copy
	// in a class served to many (package serve) keeps to one core.
	OneCore bool
}

// State says whether training goes on.
type State int

const (
	// Running means there are steps left.
	Running State = iota
	// Converged means a whole pass made no mistake.
	Converged
	// Capped means the epoch cap was reached with mistakes in the last pass.
	Capped
)

func (s State) String() string {
	switch s {
	case Converged:
		return "converged"
	case Capped:
		return "epoch cap reached"
	}
	return "running"
}

// Perceptron is the kernel perceptron of seed 001 ("Algorithm
// KernelPerceptron"), stepped one example at a time:
//
//	αᵢ ← 0 for all i
//	repeat: for i in order: f = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ); if mistake(f, yᵢ): αᵢ ← αᵢ + η
//
// until a pass makes no mistake or the epoch cap is reached.
//
// For speed it keeps f(xᵢ) for every training example up to date: a mistake
// on xᵢ adds η yᵢ K(xᵢ, xₖ) to every f(xₖ), so a correct step costs O(1) and a
// mistaken one a kernel row, O(n). Kernel rows are kept only for support
// vectors, in a cache bounded by Config.RowCacheBytes; the n×n Gram matrix
// is never built to train.
type Perceptron struct {
	cfg   Config
	eta   float64 // η, the step a mistake adds to αᵢ
	xs    []Vec
	ys    []int
	alpha []float64
	f     []float64 // f(xₖ) kept up to date incrementally
	rows  rowCache  // kernel rows K(xᵢ, ·) of support vectors, some of them
	// rowMax[i] is max |K(xᵢ, ·)| for a support vector xᵢ, kept when its
	// row is evicted.
	rowMax []float64
	// pts are xs laid out coordinate by coordinate, for the vector RBF row.
	pts coords
	// team splits rows between two cores while Run runs (nil otherwise).
	team *rowTeam
	// bound is Σ |η yᵢ| max|K(xᵢ, ·)| over every update so far: no |f(xₖ)|
	// can exceed it, so it scales the rounding error of the kept scores.
	bound float64
	svs   []int // indices with αⱼ > 0, ascending

	t, epoch, pos          int
	epochMistakes, mistake int
	state                  State
	order                  []int // visiting order of epoch orderEpoch (nil: none yet)
	orderEpoch             int
	// pinned is the visiting order of pass pinnedEpoch, which Append
	// lengthened: it is not the permutation (seed, epoch) gives any more.
	pinned      []int
	pinnedEpoch int
	hist        tape
	// floorT is the earliest T Undo can reach, floorEpochMistakes the
	// EpochMistakes there.
	floorT, floorEpochMistakes int
	observers
	terms []Term
	rel   relatives // the relatives' state (relatives.go)
	err   error
	// Scratch space for the history: a record being written, the
	// Forgetron's φ and σ being computed back.
	enc          []byte
	phis, sigmas []float64
}

// New makes the perceptron, or the relative of it that cfg.Learner names
// (averaged, voted, stoptron, forgetron, budget), with every αᵢ = 0, as
// the engine they share; NewLearner makes it as its registered kind, with
// the capabilities that kind has. It fails when the configuration is
// outside its domain (η ≤ 0, negative epochs, a bad kernel), when
// cfg.Learner is not a relative of the perceptron, or when an example is
// not finite or not labelled ±1.
func New(cfg Config, data []Example) (*Perceptron, error) {
	l, err := NewLearner(cfg, data)
	if err != nil {
		return nil, err
	}
	e, ok := l.(interface{ engine() *Perceptron })
	if !ok {
		return nil, fmt.Errorf("New makes the perceptron and its relatives; NewLearner makes the %s", cfg.Kind().Short)
	}
	return e.engine(), nil
}

// perceptronKind is the kernel perceptron of the lecture notes.
var perceptronKind = &LearnerKind{
	Name: "perceptron", Title: "the kernel perceptron", Short: "perceptron",
	Summary:  "the kernel perceptron of the lecture notes: a mistake adds η to αᵢ",
	Source:   "the lecture notes",
	Intro:    func(Config) string { return "learner: the kernel perceptron (the lecture notes)" },
	Settings: []*Setting{etaSetting}, Passes: true, Appends: true, Bump: true,
	New: func(cfg Config, data []Example) (Learner, error) {
		p, err := newPerceptron(cfg, data, relPlain)
		if err != nil {
			return nil, err
		}
		return p, nil
	},
}

// etaSetting is η, the step a mistake adds to αᵢ (seed 000: "aₐ = aₐ + η").
var etaSetting = &Setting{
	Name: "eta", Symbol: "η", Noun: "η", InHeader: true,
	Usage:   "step size: η is added to αᵢ on a mistake (logistic regression: η·(1 − P(yᵢ | xᵢ)) at every step); > 0",
	Default: 1, Min: 0, MinOpen: true,
}

// engine is the Perceptron itself (a relative's kind wraps it).
func (p *Perceptron) engine() *Perceptron { return p }

// newPerceptron makes the perceptron engine training as relative kind.
func newPerceptron(cfg Config, data []Example, kind relKind) (*Perceptron, error) {
	if err := Validate(cfg.Kernel); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	eta := cfg.Params.Value(etaSetting)
	if kind == relForgetron {
		eta = 1 // the Forgetron appends σ = 1; it reads no η
	}
	if err := etaSetting.Check(eta); err != nil {
		return nil, err
	}
	if cfg.Epochs < 0 {
		return nil, fmt.Errorf("the epoch cap must be ≥ 0, not %d", cfg.Epochs)
	}
	if cfg.UndoBytes < 0 {
		return nil, fmt.Errorf("the undo history's budget must be ≥ 0 bytes (0: %d), not %d", DefaultUndoBytes, cfg.UndoBytes)
	}
	if cfg.RowCacheBytes < 0 {
		return nil, fmt.Errorf("the row cache budget must be ≥ 0 bytes (0: no limit), not %d", cfg.RowCacheBytes)
	}
	budget := 0
	if kind.budgeted() {
		b := cfg.Params.Value(budgetSetting)
		if err := budgetSetting.Check(b); err != nil {
			return nil, fmt.Errorf("the %s needs %w", cfg.Learner, err)
		}
		budget = int(b)
	}
	n := len(data)
	p := &Perceptron{
		cfg:    cfg,
		eta:    eta,
		xs:     make([]Vec, n),
		ys:     make([]int, n),
		alpha:  make([]float64, n),
		f:      make([]float64, n),
		rowMax: make([]float64, n),
	}
	p.rows.init(n, p.rowBudget())
	p.rel.init(kind, budget, n)
	p.hist.span = p.span
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
	p.pts = makeCoords(p.xs)
	p.settle()
	return p, nil
}

// settle sets the state for a perceptron at a pass boundary with no steps
// taken: an epoch cap of 0 stops at once; with no examples the first pass is
// empty, so it has no mistake and converges.
func (p *Perceptron) settle() {
	var first bool
	p.state, first = startState(p.cfg.Epochs, len(p.xs))
	if first {
		p.epoch = 1
	}
}

// startState is the state of a learner that visits as the perceptron does,
// before its first step: an epoch cap of 0 stops at once; with no examples
// the first pass is empty, so it has no mistake and converges (passed: that
// pass counts).
func startState(epochs, n int) (s State, passed bool) {
	switch {
	case epochs == 0:
		return Capped, false
	case n == 0:
		return Converged, true
	}
	return Running, false
}

// passEnd is the state after a whole pass that made epochMistakes
// mistakes (seed 001: repeat until a pass makes no mistake), with epoch
// the pass's number and epochs the cap.
func passEnd(epochMistakes, epoch, epochs int) State {
	switch {
	case epochMistakes == 0:
		return Converged
	case epoch >= epochs:
		return Capped
	}
	return Running
}

// K returns K(xᵢ, xⱼ), from a cached row when there is one. (A row and Eval
// give the same bits, and K(xᵢ, xⱼ) = K(xⱼ, xᵢ) exactly: see kAt.)
func (p *Perceptron) K(i, j int) float64 {
	if r := p.rows.peek(i); r != nil {
		return r[j]
	}
	return p.kAt(j, i)
}

// kAt is K(xⱼ, xᵢ): entry i of the row of xⱼ if it is cached, or one kernel
// evaluation. Both give the same bits: KernelRow's special cases are the
// Eval expressions, and Dot and dist2 are symmetric in IEEE arithmetic
// (products commute; (a−b)² = (b−a)²). TestKernelRowMatchesEval checks it.
func (p *Perceptron) kAt(j, i int) float64 {
	if r := p.rows.peek(j); r != nil {
		return r[i]
	}
	return p.cfg.Kernel.Eval(p.xs[j], p.xs[i])
}

// AtPassStart reports whether the next step begins a pass (also before the
// first step).
func (p *Perceptron) AtPassStart() bool { return p.pos == 0 }

// Next returns the example the next step will visit, or −1 when training
// has stopped.
func (p *Perceptron) Next() int {
	if p.state != Running {
		return -1
	}
	epoch := p.epoch
	if p.pos == 0 {
		epoch++
	}
	return p.visit(epoch, p.pos)
}

// visit returns the example at position pos of the given epoch.
func (p *Perceptron) visit(epoch, pos int) int {
	if !p.cfg.Shuffle {
		return pos
	}
	if p.pinned != nil && epoch == p.pinnedEpoch {
		return p.pinned[pos]
	}
	if p.order == nil || p.orderEpoch != epoch {
		// The order of an epoch depends only on (seed, epoch), so stepping
		// back across an epoch boundary needs no stored permutations.
		p.order = epochOrder(p.cfg.Seed, epoch, len(p.xs))
		p.orderEpoch = epoch
	}
	return p.order[pos]
}

// epochOrder is the visiting order of an epoch with Config.Shuffle: a
// permutation of n drawn from (seed, epoch) alone. Every learner that
// visits as the perceptron does (ApproxPerceptron too) draws it here.
func epochOrder(seed uint64, epoch, n int) []int {
	return rand.New(rand.NewPCG(seed, uint64(epoch))).Perm(n)
}

// Step visits the next example: it computes f(xᵢ), decides with the tie rule
// whether it is a mistake, and if so adds η to αᵢ. It returns ErrStopped once
// training has stopped, and an error if a kernel value is not finite.
func (p *Perceptron) Step() (Step, error) {
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
	f := p.f[i]
	if p.cfg.Narrate {
		f = p.narrate(i)
	}
	if p.cfg.Narrate && p.rel.fifo != nil || p.nearTie(f) {
		// f is within rounding error of 0, where the tie rule decides: use the
		// sum the definition gives (in dataset order; the Forgetron's over
		// its active set, oldest first).
		f = p.exactScore(i)
	}
	prediction, mistake := p.cfg.Tie.Predict(f, y)
	var forget *Forgetting
	if mistake {
		r, fg, err := p.learnFrom(i, p.t+1)
		if err != nil {
			p.err = err
			return Step{}, err
		}
		forget = fg
		p.mistake++
		epochMistakes++
		r.t, r.i, r.epochMistakes = p.t+1, i, epochMistakes
		p.remember(r)
	} else {
		p.rel.correct()
	}
	p.t++
	p.epoch, p.pos, p.epochMistakes = epoch, pos+1, epochMistakes
	if p.pos == len(p.xs) {
		p.pos, p.state = 0, passEnd(epochMistakes, epoch, p.cfg.Epochs)
	}
	return Step{T: p.t, Epoch: epoch, I: i, F: f, Y: y, Prediction: prediction, Mistake: mistake, Alpha: p.alpha[i], Terms: p.termsIf(), Forget: forget}, nil
}

func (p *Perceptron) termsIf() []Term {
	if p.cfg.Narrate {
		return p.terms
	}
	return nil
}

// tieBand is the relative size under which an incrementally kept score is
// recomputed exactly: far above the rounding error of n additions (n·2⁻⁵³),
// far below any score that is not meant to be zero.
const tieBand = 1e-9

// nearTie reports whether a kept score is within rounding of 0, where the
// tie rule decides and the exact dataset-order sum must be used. Below
// minBound the rounding error is no longer relative (subnormal numbers),
// so every score counts as near a tie there.
func (p *Perceptron) nearTie(f float64) bool {
	return math.Abs(f) <= tieBand*p.bound || p.bound < minBound
}

// minBound is where relative rounding stops being a safe assumption.
const minBound = 1e-280

// exactScore is f(xᵢ) = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) summed in dataset order (the
// Forgetron's sum over its active set, oldest first).
func (p *Perceptron) exactScore(i int) float64 {
	if p.rel.fifo != nil {
		return p.fifoScore(i)
	}
	f := 0.0
	for _, j := range p.svs {
		f += p.alpha[j] * float64(p.ys[j]) * p.kAt(j, i)
	}
	return f
}

// narrate records the nonzero terms of f(xᵢ) and returns their sum in
// dataset order.
func (p *Perceptron) narrate(i int) float64 {
	p.terms = p.terms[:0]
	f := 0.0
	for _, j := range p.svs {
		t := Term{J: j, Alpha: p.alpha[j], Y: p.ys[j], K: p.kAt(j, i)}
		p.terms = append(p.terms, t)
		f += t.Value()
	}
	return f
}

// Reset sets every α back to 0 and forgets the history, keeping the data,
// the configuration and attached fields.
func (p *Perceptron) Reset() {
	clear(p.alpha)
	p.rel.init(p.rel.kind, p.rel.budget, len(p.xs))
	p.rows.dropAll()
	p.clearScores()
	p.svs = p.svs[:0]
	p.t, p.epoch, p.pos, p.epochMistakes, p.mistake = 0, 0, 0, 0, 0
	p.order, p.pinned, p.err = nil, nil, nil
	p.hist.clear()
	p.forget()
	p.settle()
}

// Run steps until training stops and returns the first error other than
// ErrStopped.
func (p *Perceptron) Run() error { return p.RunChecked(nil) }

// checkEvery is how many steps RunChecked takes between checks when none
// is a mistake: a correct step is O(1), so 1024 of them are microseconds.
const checkEvery = 1024

// RunChecked is Run that calls check (when not nil) after every mistake,
// which costs a kernel row (O(n): milliseconds at a million points), and
// after every checkEvery steps, and stops with check's error when it
// returns one. A command passes its context's Err there, and draws its
// progress from T and Epoch, which check may read.
func (p *Perceptron) RunChecked(check func() error) error {
	if _, rbf := p.rbfFactor(); rbf && p.state == Running {
		if p.team = startTeam(len(p.xs), p.cfg.OneCore); p.team != nil {
			defer func() { p.team.stop(); p.team = nil }()
		}
	}
	for p.state == Running {
		m := p.mistake
		if _, err := p.Step(); err != nil {
			return err
		}
		if check != nil && (p.mistake != m || p.t%checkEvery == 0) {
			if err := check(); err != nil {
				return err
			}
		}
	}
	return nil
}
