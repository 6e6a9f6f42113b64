package learn

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// The engine of the online learners that update on a margin rather than on
// a mistake (the passive-aggressive learner, pa.go; Pegasos, pegasos.go).
// They visit the examples in the perceptron's order (dataset order, or a
// fresh permutation of (seed, pass) with Config.Shuffle) and learn
//
//	f(x) = c(T) Σⱼ αⱼ yⱼ K(xⱼ, x)
//
// after T steps, where the rule gives the scale c (1 for PA, 1/(λT) for
// Pegasos) and how much a step grows αᵢ. The engine keeps what every
// learner keeps: α, the support vectors, the sums g(xₖ) = Σⱼ αⱼ yⱼ K(xⱼ, xₖ)
// at every example (for the scores and accuracy, a kernel row per update),
// the schedule, the observers, and an undo history. A step that updates,
// or lies within rounding of the margin y·f = 1, is decided on the sum in
// dataset order, computed afresh (O(#SV), no more than the kernel row an
// update costs), so that a run grows α by the same bits whether it is
// narrated or not; a step the kept sum puts clearly past the margin
// (passive for both rules) takes it as it is, O(1), as the perceptron
// takes its kept score away from a tie.

// An onlineRule is what makes an online learner: how a step grows αᵢ and
// how the learned function is scaled.
type onlineRule interface {
	// decide is step t (1, 2, … over every pass) on example i with label
	// y: sum is Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) before the step, kii = K(xᵢ, xᵢ). It
	// returns f(xᵢ) as the learner defines it, the growth of αᵢ (0: none),
	// and whether the step keeps its pass from converging.
	decide(t int, sum float64, y int, kii float64) (f, grow float64, open bool)
	// scale is c(T); c(0) is 0 (every α is 0 then).
	scale(T int) float64
	// converges says a pass in which no step was open ends training; a
	// rule that never converges runs every pass up to Config.Epochs.
	converges() bool
}

// online is the engine (see above); a learner's kind embeds it and adds
// the words of its rule (Explainer).
type online struct {
	cfg   Config
	rule  onlineRule
	xs    []Vec
	ys    []int
	kii   []float64 // K(xᵢ, xᵢ)
	alpha []float64
	g     []float64 // Σⱼ αⱼ yⱼ K(xⱼ, xₖ), kept up to date by every update
	// bound is Σ |Δαᵢ yᵢ| max|K(xᵢ, ·)| over every update and undo so
	// far: no |g| exceeds it, so it scales g's rounding error.
	bound float64
	svs   []int     // αⱼ > 0, ascending
	row   []float64 // scratch for a kernel row
	terms []Term

	t, epoch, pos         int
	mistakes, updates     int
	epochMistakes, opened int // in the current (or last finished) pass
	state                 State
	order                 []int // visiting order of pass orderEpoch
	orderEpoch            int
	hist                  tape
	enc                   []byte // a record being written
	// floor is the earliest T Undo reaches, with the pass counts there.
	floorT, floorMistakes, floorOpened int
	observers
	err error
	// bad is a kernel value out of range on the data (kernelInRange),
	// found when the learner was made.
	bad error
}

// onlineRecord is what Undo needs to put back a step that changed α or a
// count; a step that did neither changed only the schedule, which is
// arithmetic. In bytes (tape.go): i with the three marks, the pass's two
// counts, and αᵢ before an update (Pegasos's a whole number: a byte or
// two; PA's 9 bytes); the growth is α − that, to within rounding, which
// is all the kept sums need (Undo).
type onlineRecord struct {
	t                     int
	i                     int
	mistake, open, update bool
	prevAlpha             float64 // αᵢ before the step, when it updated
	// epochMistakes and opened are the pass's counts with this step.
	epochMistakes, opened int
}

// The online record's marks, in the low bits of its first field beside i.
const (
	onlineMistake = 1 << iota
	onlineOpen
	onlineUpdate
	onlineFlags = iota
)

// encode writes r's body (the step is on the tape).
func (o *online) encode(r onlineRecord) []byte {
	flags := 0
	if r.mistake {
		flags |= onlineMistake
	}
	if r.open {
		flags |= onlineOpen
	}
	if r.update {
		flags |= onlineUpdate
	}
	w := recWriter(o.enc[:0]).uint(r.i<<onlineFlags | flags).uint(r.epochMistakes).uint(r.opened)
	if r.update {
		w = w.float(r.prevAlpha)
	}
	o.enc = w
	return w
}

// decodeOnline reads a record's body back, and how many bytes it took.
func decodeOnline(at int, body []byte) (onlineRecord, int) {
	rd := recReader{b: body}
	key := rd.uint()
	r := onlineRecord{t: at, i: key >> onlineFlags, mistake: key&onlineMistake != 0, open: key&onlineOpen != 0, update: key&onlineUpdate != 0}
	r.epochMistakes, r.opened = rd.uint(), rd.uint()
	if r.update {
		r.prevAlpha = rd.float()
	}
	return r, rd.off
}

// onlineSpan is the length of a record's body, for the tape.
func onlineSpan(body []byte) int {
	_, n := decodeOnline(0, body)
	return n
}

// newOnline makes the engine for rule, every α = 0.
func newOnline(cfg Config, data []Example, rule onlineRule) (*online, error) {
	if err := Validate(cfg.Kernel); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	if cfg.Epochs < 0 {
		return nil, fmt.Errorf("the epoch cap must be ≥ 0, not %d", cfg.Epochs)
	}
	if cfg.UndoBytes < 0 {
		return nil, fmt.Errorf("the undo history's budget must be ≥ 0 bytes (0: %d), not %d", DefaultUndoBytes, cfg.UndoBytes)
	}
	n := len(data)
	o := &online{cfg: cfg, rule: rule, xs: make([]Vec, n), ys: make([]int, n), kii: make([]float64, n),
		alpha: make([]float64, n), g: make([]float64, n), row: make([]float64, n)}
	o.hist.span = onlineSpan
	for i, e := range data {
		if math.IsNaN(e.X1) || math.IsInf(e.X1, 0) || math.IsNaN(e.X2) || math.IsInf(e.X2, 0) {
			return nil, fmt.Errorf("example %d has a coordinate that is not a finite number", i+1)
		}
		if e.Y != 1 && e.Y != -1 {
			return nil, fmt.Errorf("example %d has label %d; labels are −1 or +1", i+1, e.Y)
		}
		o.xs[i], o.ys[i] = o.Embed(e.X1, e.X2), e.Y
		k := cfg.Kernel.Eval(o.xs[i], o.xs[i])
		if !kernelInRange(k) && o.bad == nil {
			// Known before any step: it is Err, and every step (after a
			// Reset too) returns it, as the SVM's does.
			o.bad = kernelRangeError("", "x"+Sub(i+1), "x"+Sub(i+1), k)
		}
		o.kii[i] = k
	}
	o.settle()
	o.err = o.bad
	return o, nil
}

func (o *online) settle() {
	var first bool
	o.state, first = startState(o.cfg.Epochs, len(o.xs))
	if first {
		o.epoch = 1
	}
}

// visit is the example at position pos of pass epoch.
func (o *online) visit(epoch, pos int) int {
	if !o.cfg.Shuffle {
		return pos
	}
	if o.order == nil || o.orderEpoch != epoch {
		o.order, o.orderEpoch = epochOrder(o.cfg.Seed, epoch, len(o.xs)), epoch
	}
	return o.order[pos]
}

// sum is Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) in dataset order, with its terms when
// narrating.
func (o *online) sum(i int) float64 {
	o.terms = o.terms[:0]
	s := 0.0
	for _, j := range o.svs {
		t := Term{J: j, Alpha: o.alpha[j], Y: o.ys[j], K: o.cfg.Kernel.Eval(o.xs[j], o.xs[i])}
		if o.cfg.Narrate {
			o.terms = append(o.terms, t)
		}
		s += t.Value()
	}
	return s
}

// Step takes the next step: it computes the sum at xᵢ, lets the rule decide
// the update, and grows αᵢ. It returns ErrStopped once training has
// stopped, and an error when the update would not keep every value finite.
func (o *online) Step() (Step, error) {
	if o.err != nil {
		return Step{}, o.err
	}
	if o.state != Running {
		return Step{}, ErrStopped
	}
	pos, epoch, mistakes, opened := o.pos, o.epoch, o.epochMistakes, o.opened
	if pos == 0 {
		epoch, mistakes, opened = epoch+1, 0, 0
	}
	t := o.t + 1
	i := o.visit(epoch, pos)
	y := o.ys[i]
	sum, f, grow, open := o.g[i], 0.0, 0.0, false
	if c := o.rule.scale(t - 1); o.cfg.Narrate || o.bound < minBound || float64(y)*c*sum < 1+tieBand*c*o.bound {
		sum = o.sum(i)
	}
	f, grow, open = o.rule.decide(t, sum, y, o.kii[i])
	prediction, mistake := o.cfg.Tie.Predict(f, y)
	prev := o.alpha[i]
	if !(math.Abs(f) <= maxScore) || !(grow >= 0) || !(prev+grow <= maxScore) {
		o.err = fmt.Errorf("f(x%s) = %v at step %d: the kernel values are too large for float64 (rescale the data or use a smaller degree)", Sub(i+1), f, t)
		return Step{}, o.err
	}
	if mistake {
		mistakes++
		o.mistakes++
	}
	if open {
		opened++
	}
	// The observers hold c(t−1)·g; after the step they hold c(t)·g′: the
	// change of the sum at c(t−1), then the rescaling (at t = 1 every α is
	// 0, so the change goes in at c(t)).
	c0, c1 := o.rule.scale(t-1), o.rule.scale(t)
	if grow > 0 {
		if err := o.grow(i, prev+grow, grow, cmp.Or(c0, c1)); err != nil {
			o.err = err
			return Step{}, err
		}
		o.updates++
	}
	if c0 != 0 && c1 != c0 {
		for _, ob := range o.observers {
			ob.Scaled(c1 / c0)
		}
	}
	if grow > 0 || mistake || open {
		o.remember(onlineRecord{t: t, i: i, mistake: mistake, open: open, update: grow > 0, prevAlpha: prev,
			epochMistakes: mistakes, opened: opened})
	}
	o.t, o.epoch, o.pos, o.epochMistakes, o.opened = t, epoch, pos+1, mistakes, opened
	if o.pos == len(o.xs) {
		o.pos = 0
		switch {
		case opened == 0 && o.rule.converges():
			o.state = Converged
		case epoch >= o.cfg.Epochs:
			o.state = Capped
		}
	}
	st := Step{T: t, Epoch: epoch, I: i, F: f, Sum: sum, Y: y, Prediction: prediction, Mistake: mistake,
		Update: grow > 0, Alpha: o.alpha[i]}
	if o.cfg.Narrate {
		st.Terms = o.terms
	}
	return st, nil
}

// grow sets αᵢ to alpha, adding delta·yᵢ·K(xᵢ, ·) to every kept sum, and
// tells the observers of the coefficient's change delta·yᵢ·c; it changes
// nothing when the kernel row is not finite.
func (o *online) grow(i int, alpha, delta, c float64) error {
	KernelRow(o.cfg.Kernel, o.row, o.xs[i], o.xs)
	top := 0.0
	for j, v := range o.row {
		if !kernelInRange(v) {
			return kernelRangeError("", "x"+Sub(i+1), "x"+Sub(j+1), v)
		}
		top = math.Max(top, math.Abs(v))
	}
	w := delta * float64(o.ys[i])
	o.addRow(w, top)
	o.set(i, alpha, w*c)
	return nil
}

// addRow adds w times the kernel row in o.row to every kept sum, and
// |w|·top to their bound, top being max|row|.
func (o *online) addRow(w, top float64) {
	axpy(o.g, o.row, w)
	o.bound += math.Abs(w) * top
}

// set puts αᵢ at alpha and tells the observers that cᵢ moved by dc.
func (o *online) set(i int, alpha, dc float64) {
	for _, ob := range o.observers {
		ob.Changed(o.xs[i], dc)
	}
	was := o.alpha[i] > 0
	o.alpha[i] = alpha
	at, _ := slices.BinarySearch(o.svs, i)
	switch is := alpha > 0; {
	case is && !was:
		o.svs = slices.Insert(o.svs, at, i)
	case !is && was:
		o.svs = slices.Delete(o.svs, at, at+1)
	}
	if len(o.svs) == 0 {
		clear(o.g)
		o.bound = 0
		for _, ob := range o.observers {
			ob.Cleared()
		}
	}
}

// remember keeps r for Undo, within the budget.
func (o *online) remember(r onlineRecord) {
	if o.cfg.NoHistory {
		return
	}
	o.hist.push(r.t, o.encode(r), undoBudget(o.cfg), o.dropped)
}

// dropped is told of each record the budget drops, oldest first.
func (o *online) dropped(at int, body []byte) {
	d, _ := decodeOnline(at, body)
	o.floorT, o.floorMistakes, o.floorOpened = d.t, d.epochMistakes, d.opened
}

// HistoryBytes is the memory the undo history holds, in bytes.
func (o *online) HistoryBytes() int { return o.hist.Bytes() }

// CanUndo reports whether there is a step to put back.
func (o *online) CanUndo() bool { return !o.cfg.NoHistory && o.t > o.floorT }

// UndoFloor is the smallest T Undo can reach.
func (o *online) UndoFloor() int {
	if o.cfg.NoHistory {
		return o.t
	}
	return o.floorT
}

// Undo puts the last step back: α exactly, the sums and the observers to
// within rounding, the schedule and the counts exactly (as the
// perceptron's Undo does).
func (o *online) Undo() bool {
	if !o.CanUndo() {
		return false
	}
	q := o.pos - 1
	if o.pos == 0 {
		q = len(o.xs) - 1
	}
	t := o.t
	c0, c1 := o.rule.scale(t-1), o.rule.scale(t)
	if c0 != 0 && c1 != c0 {
		for _, ob := range o.observers {
			ob.Scaled(c0 / c1)
		}
	}
	if at, body, ok := o.hist.newest(); ok && at == t {
		r, _ := decodeOnline(at, body)
		o.hist.pop()
		i := r.i
		if r.update {
			w := -(o.alpha[i] - r.prevAlpha) * float64(o.ys[i])
			KernelRow(o.cfg.Kernel, o.row, o.xs[i], o.xs)
			top, _ := rowMax(o.row)
			o.addRow(w, top)
			o.set(i, r.prevAlpha, w*cmp.Or(c0, c1))
			o.updates--
		}
		if r.mistake {
			o.mistakes--
		}
	}
	o.t--
	if q == 0 {
		o.epoch, o.pos = o.epoch-1, 0
	} else {
		o.pos = q
	}
	o.epochMistakes, o.opened = o.passCounts()
	o.state, o.err = Running, o.bad
	return true
}

// passCounts are the mistakes and open steps of the current pass up to T:
// those of its newest record, or of the floor when it lies in the pass, or
// none.
func (o *online) passCounts() (int, int) {
	start := o.t - o.pos
	if o.pos == 0 {
		start = o.t - len(o.xs)
	}
	if at, body, ok := o.hist.newest(); ok && at > start {
		r, _ := decodeOnline(at, body)
		return r.epochMistakes, r.opened
	}
	if o.floorT > start {
		return o.floorMistakes, o.floorOpened
	}
	return 0, 0
}

// Reset sets every α back to 0 and forgets the history.
func (o *online) Reset() {
	clear(o.alpha)
	clear(o.g)
	o.bound = 0
	o.svs = o.svs[:0]
	for _, ob := range o.observers {
		ob.Cleared()
	}
	o.t, o.epoch, o.pos, o.mistakes, o.updates, o.epochMistakes, o.opened = 0, 0, 0, 0, 0, 0, 0
	o.order, o.err = nil, o.bad
	o.hist.clear()
	o.floorT, o.floorMistakes, o.floorOpened = 0, 0, 0
	o.settle()
}

// Run steps until training stops.
func (o *online) Run() error {
	for o.state == Running {
		if _, err := o.Step(); err != nil {
			return err
		}
	}
	return o.err
}

// SetNarrate turns the terms of each step's sum on or off (Config.Narrate);
// the decisions are the same either way.
func (o *online) SetNarrate(on bool) { o.cfg.Narrate = on }

// SetEpochCap changes the most passes, keeping α.
func (o *online) SetEpochCap(n int) error {
	if n < o.epoch || n < 0 {
		return fmt.Errorf("the epoch cap must be at least the %d passes begun, not %d", o.epoch, n)
	}
	o.cfg.Epochs = n
	if o.state == Capped && o.err == nil && o.epoch < n {
		o.state = Running
	}
	return nil
}

// The expansion f(x) = c(T) Σⱼ αⱼ yⱼ K(xⱼ, x).

func (o *online) Kernel() Kernel { return o.cfg.Kernel }

// Embed is an input point as the kernel sees it (Config.Embed).
func (o *online) Embed(x1, x2 float64) Vec { return o.cfg.Embed(x1, x2) }

func (o *online) N() int                { return len(o.xs) }
func (o *online) X(j int) Vec           { return o.xs[j] }
func (o *online) Y(i int) int           { return o.ys[i] }
func (o *online) SupportVectors() []int { return o.svs }
func (o *online) Offset() float64       { return 0 }

// Coef is cⱼ = c(T) αⱼ yⱼ.
func (o *online) Coef(j int) float64 { return o.rule.scale(o.t) * o.alpha[j] * float64(o.ys[j]) }

// Alpha is αᵢ (for Pegasos a count of updates, before the scale).
func (o *online) Alpha(i int) float64 { return o.alpha[i] }

// Alphas is a copy of α.
func (o *online) Alphas() []float64 { return slices.Clone(o.alpha) }

// Score is f(xᵢ) = c(T)·g(xᵢ), from the kept sum.
func (o *online) Score(i int) float64 { return o.rule.scale(o.t) * o.g[i] }

// Decide is f(x), summed over the support vectors in dataset order.
func (o *online) Decide(x1, x2 float64) float64 { return decide(o, x1, x2) }

func (o *online) K(i, j int) float64  { return o.cfg.Kernel.Eval(o.xs[i], o.xs[j]) }
func (o *online) Gram() *mat.SymDense { return Gram(o.cfg.Kernel, o.xs) }

// Next is the example the next step visits, −1 once stopped.
func (o *online) Next() int {
	if o.state != Running {
		return -1
	}
	epoch := o.epoch
	if o.pos == 0 {
		epoch++
	}
	return o.visit(epoch, o.pos)
}

func (o *online) AtPassStart() bool  { return o.pos == 0 }
func (o *online) State() State       { return o.state }
func (o *online) Err() error         { return o.err }
func (o *online) T() int             { return o.t }
func (o *online) Epoch() int         { return o.epoch }
func (o *online) Mistakes() int      { return o.mistakes }
func (o *online) EpochMistakes() int { return o.epochMistakes }
func (o *online) Config() Config     { return o.cfg }

// Updates is the number of steps that changed α.
func (o *online) Updates() int { return o.updates }

// Accuracy is the fraction of examples the tie rule classifies right by
// the kept scores (1 for none).
func (o *online) Accuracy() float64 {
	if len(o.xs) == 0 {
		return 1
	}
	right := 0
	c := o.rule.scale(o.t)
	for i, g := range o.g {
		if _, mistake := o.cfg.Tie.Predict(c*g, o.ys[i]); !mistake {
			right++
		}
	}
	return float64(right) / float64(len(o.xs))
}

// updatesValue is the run's count of updates, as JSON and the screen name
// it.
func (o *online) updatesValue() Value {
	return Value{Key: "updates", Symbol: "updates", V: float64(o.updates), Int: true}
}
