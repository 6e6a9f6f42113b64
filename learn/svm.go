package learn

import (
	"errors"
	"fmt"
	"math"
)

// svmKind is the soft-margin SVM of seeds 001 and 004, solved by SMO.
var svmKind = &LearnerKind{
	Name: "svm", Title: "the SVM", Short: "SVM",
	Summary: "the soft-margin support vector machine, solved by SMO one pair of α at a time",
	Source:  "the lecture notes; LIBSVM's SMO (Fan, Chen & Lin 2005)",
	Intro: func(cfg Config) string {
		return fmt.Sprintf("learner: the SVM of the lecture notes, C = %s, solved by SMO one pair of α at a time", cSetting.Format(cfg.Params.Value(cSetting)))
	},
	Settings: []*Setting{cSetting, tolSetting, maxIterSetting},
	Versus:   "perceptron",
	New: func(cfg Config, data []Example) (Learner, error) {
		s, err := NewSVM(cfg, data)
		if err != nil {
			return nil, err
		}
		return s, nil
	},
}

// The SVM's settings: C (which PA-I shares), the tolerance and the cap on
// iterations.
var (
	cSetting = &Setting{
		Name: "C", Symbol: "C", Noun: "C", InfWord: "the hard margin", Range: "> 0 (or inf for the hard margin)", InName: true, InHeader: true,
		Usage:   "the SVM's C, the bound on every αᵢ (and PA-I's cap on a step τ): a number > 0, or inf for the hard margin and the classic PA",
		Default: DefaultC, Min: 0, MinOpen: true, Inf: true,
		// < and > step C along the 1-2-5 series from 0.01 to 1000, then ∞,
		// the hard margin: C scales what a point inside the margin costs,
		// so a log scale is the natural one.
		Ladder: []float64{1e-2, 2e-2, 5e-2, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, math.Inf(1)},
		Keys:   [2]string{"<", ">"},
	}
	tolSetting = &Setting{
		Name: "tol", Symbol: "tol", Noun: "the tolerance",
		Usage:   "the SVM stops when the largest KKT violation m(α) − M(α) is at most this; > 0",
		Default: DefaultTol, Min: 0, MinOpen: true,
	}
	maxIterSetting = &Setting{
		Name: "max-iter", Symbol: "max-iter", Noun: "the iteration cap", Range: "≥ 0",
		Usage:   "the most SMO iterations (pair updates), ≥ 0 (0: max(10⁷, 100·n), LIBSVM's)",
		Default: 0, Integer: true, Min: 0,
	}
)

// DefaultC and DefaultTol are the SVM's settings when none are given:
// LIBSVM's defaults (svm-train -c 1 -e 0.001).
const (
	DefaultC   = 1.0
	DefaultTol = 1e-3
)

// tau stands in for a pair's curvature a = Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ when it is not
// positive (LIBSVM's TAU, Fan, Chen & Lin 2005, section 3).
const tau = 1e-12

// ErrNotSeparable stops a hard-margin SVM (C = ∞) on data that no function
// of the kernel separates: the dual is then unbounded above and α grows
// without end.
var ErrNotSeparable = errors.New("not separable with this kernel: use a finite C")

// Bound says which end of the box [0, C] stopped a coefficient's move.
type Bound int

const (
	// Unclipped: the pair update's optimum lay inside the box.
	Unclipped Bound = iota
	// AtZero: the coefficient was clipped at 0.
	AtZero
	// AtC: the coefficient was clipped at C.
	AtC
)

// PairStep is one SMO iteration (seed 004: "decompose the optimization
// problem into a sequence of smaller ones"): the working set {i, j} chosen
// by LIBSVM's second-order rule, why, and what the update did. Indices are
// 0-based.
type PairStep struct {
	I, J int
	// Gap is m(α) − M(α) before the update, the largest violation of the
	// KKT conditions (the solver stops when it is at most Tol).
	Gap float64
	// AlphaI and AlphaJ are [before, after].
	AlphaI, AlphaJ [2]float64
	// ClipI and ClipJ say whether a bound of the box stopped αᵢ and αⱼ.
	ClipI, ClipJ Bound
	// Objective is the dual D(α) [before, after]; B the offset b after.
	Objective [2]float64
	B         float64
}

// SVM is the soft-margin support vector machine of seeds 001 and 004,
// trained in the dual
//
//	maximise D(α) = Σᵢ αᵢ − ½ Σᵢ Σⱼ αᵢ αⱼ yᵢ yⱼ K(xᵢ, xⱼ)
//	subject to Σᵢ αᵢ yᵢ = 0 and 0 ≤ αᵢ ≤ C,
//
// by SMO with the second-order working-set selection of Fan, Chen & Lin
// (JMLR 6, 2005, "WSS 3"), as LIBSVM's Solver does it (svm.cpp:
// Solver::select_working_set, Solver::Solve, Solver::calculate_rho),
// without shrinking. One Step is one pair update. The decision function is
// f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) + b with b = −ρ.
//
// LIBSVM minimises the negated dual F(α) = ½ αᵀQα − Σᵢ αᵢ with
// Qᵢⱼ = yᵢ yⱼ K(xᵢ, xⱼ) and keeps its gradient Gᵢ = (Qα)ᵢ − 1; so does SVM
// (g), and yᵢ f(xᵢ) = Gᵢ + 1 + yᵢ b.
type SVM struct {
	cfg     Config
	c       float64 // C; +Inf for the hard margin
	tol     float64
	maxIter int
	xs      []Vec
	ys      []int
	yf      []float64 // yᵢ as a float, for the gradient loop
	// up and low say whether t ∈ I_up(α) (αₜ can move up for yₜ = +1,
	// down for −1) and t ∈ I_low(α) (the reverse), as LIBSVM's
	// alpha_status does.
	up, low []bool
	qd      []float64 // Kᵢᵢ
	alpha   []float64
	g       []float64 // ∇F = Qα − 1
	svs     []int     // αⱼ > 0, ascending
	b       float64   // b = −ρ, when fresh
	obj     float64   // D(α), when fresh
	fresh   bool      // b and obj are up to date
	t       int
	state   State
	err     error

	rows    rowCache
	uses    []float64 // how often each row was used, the cache's eviction count
	rowI    []float64 // a copy of row i while row j is fetched
	scale   float64   // max Kᵢᵢ, for the hard margin's separability bound
	next    selection // the working set of the next step, while Running
	checked []bool    // the kernel row of i was checked to be in range
	// bad is a diagonal value out of range (kernelInRange), which stops
	// every step.
	bad error

	observers
	ckpts     []svmCheckpoint // states to undo to, oldest first
	ckptBytes int             // what they take
	ckptBuf   []byte          // a checkpoint being written
	dropped   bool            // the budget dropped one since α = 0
	noUndo    bool
}

// selection is a working set chosen by WSS 3 (ok false: α is optimal to
// within the tolerance, or no pair can move).
type selection struct {
	i, j int
	gap  float64
	quad float64 // aᵢⱼ = Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ, before τ stands in for it
	ok   bool
}

// NewSVM makes an SVM with every αᵢ = 0 for the kernel, bias augmentation
// and tie rule of cfg and its settings C, tol and max-iter. It fails on
// C ≤ 0, tol ≤ 0, a bad kernel, an example that is not finite or not
// labelled ±1, or data with one class only (Σ αᵢ yᵢ = 0 then forces every
// α = 0). A kernel value on the data that is out of range (kernelInRange:
// not finite, or past 1e300) is no failure to build: it is Err, and every
// Step returns it, as a perceptron's first mistake on such data does.
func NewSVM(cfg Config, data []Example) (*SVM, error) {
	if err := Validate(cfg.Kernel); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	c, tol, maxIter := cfg.Params.Value(cSetting), cfg.Params.Value(tolSetting), cfg.Params.Value(maxIterSetting)
	for _, v := range []struct {
		s *Setting
		v float64
	}{{cSetting, c}, {tolSetting, tol}, {maxIterSetting, maxIter}} {
		if err := v.s.Check(v.v); err != nil {
			return nil, err
		}
	}
	if cfg.RowCacheBytes < 0 {
		return nil, fmt.Errorf("the row cache budget must be ≥ 0 bytes (0: no limit), not %d", cfg.RowCacheBytes)
	}
	if cfg.UndoBytes < 0 {
		return nil, fmt.Errorf("the undo history's budget must be ≥ 0 bytes (0: %d), not %d", DefaultUndoBytes, cfg.UndoBytes)
	}
	n := len(data)
	if maxIter == 0 {
		maxIter = float64(max(10_000_000, 100*n))
	}
	cfg.Learner = "svm"
	cfg.Params = cfg.Params.With(cSetting.Name, c).With(tolSetting.Name, tol).With(maxIterSetting.Name, maxIter)
	s := &SVM{
		cfg: cfg, c: c, tol: tol, maxIter: int(maxIter),
		xs: make([]Vec, n), ys: make([]int, n), yf: make([]float64, n), qd: make([]float64, n),
		up: make([]bool, n), low: make([]bool, n),
		alpha: make([]float64, n), g: make([]float64, n),
		uses: make([]float64, n), checked: make([]bool, n),
		noUndo: cfg.NoHistory,
	}
	pos, neg := 0, 0
	for i, e := range data {
		if math.IsNaN(e.X1) || math.IsInf(e.X1, 0) || math.IsNaN(e.X2) || math.IsInf(e.X2, 0) {
			return nil, fmt.Errorf("example %d has a coordinate that is not a finite number", i+1)
		}
		switch e.Y {
		case 1:
			pos++
		case -1:
			neg++
		default:
			return nil, fmt.Errorf("example %d has label %d; labels are −1 or +1", i+1, e.Y)
		}
		s.xs[i], s.ys[i], s.yf[i] = s.Embed(e.X1, e.X2), e.Y, float64(e.Y)
	}
	if n > 0 && (pos == 0 || neg == 0) {
		what := fmt.Sprintf("these %d examples are all %s", n, Sign(data[0].Y))
		if n == 1 {
			what = "the one example is " + Sign(data[0].Y)
		}
		return nil, fmt.Errorf("the SVM needs examples of both classes; %s", what)
	}
	for i, x := range s.xs {
		k := cfg.Kernel.Eval(x, x)
		if !kernelInRange(k) && s.bad == nil {
			// As a perceptron's first mistake on such data does, the first
			// step fails (and so every step after a reset).
			s.bad = kernelRangeError("", "x"+Sub(i+1), "x"+Sub(i+1), k)
		}
		s.qd[i] = k
		s.scale = max(s.scale, math.Abs(k))
	}
	s.rows.init(n, cfg.RowCacheBytes)
	s.start()
	return s, nil
}

// status sets whether αₖ lies in I_up and in I_low.
func (s *SVM) status(k int) {
	below, above := s.alpha[k] < s.c, s.alpha[k] > 0
	if s.ys[k] == 1 {
		s.up[k], s.low[k] = below, above
	} else {
		s.up[k], s.low[k] = above, below
	}
}

// start sets α = 0, G = −1 and selects the first pair.
func (s *SVM) start() {
	clear(s.alpha)
	for i := range s.g {
		s.g[i] = -1
		s.status(i)
	}
	s.svs = s.svs[:0]
	s.t, s.err, s.fresh = 0, nil, false
	clear(s.ckpts)
	s.ckpts, s.ckptBytes, s.dropped = s.ckpts[:0], 0, false
	s.settle()
}

// refresh brings b and D(α) up to date: O(n), so a headless run that
// reports neither each step computes them once at the end.
func (s *SVM) refresh() {
	if !s.fresh {
		s.b, s.obj, s.fresh = s.rho(), s.objective(), true
	}
}

// settle selects the next working set and with it the state; for the hard
// margin it stops data that is not separable (unbounded, separated).
func (s *SVM) settle() {
	s.next = s.selectPair()
	if s.bad != nil {
		s.err = s.bad
	}
	if s.err == nil && math.IsInf(s.c, 1) && s.next.ok && (s.unbounded(s.next) || !s.separated()) {
		s.err = ErrNotSeparable
	}
	switch {
	case s.err != nil:
		// Stopped by an error, not converged: Step returns it.
		s.state = Running
	case !s.next.ok:
		s.state = Converged
	case s.t >= s.maxIter:
		s.state = Capped
	default:
		s.state = Running
	}
}

// belowC reports whether αₜ < C: it can grow.
func (s *SVM) belowC(t int) bool { return s.alpha[t] < s.c }

// row returns K(xᵢ, ·), from the cache or computed, checked to be in range
// (kernelInRange) the first time.
func (s *SVM) row(i int) ([]float64, error) {
	s.uses[i]++
	r := s.rows.get(i, s.uses[i])
	if r != nil {
		return r, nil
	}
	r = s.rows.alloc(i, s.uses[i])
	KernelRow(s.cfg.Kernel, r, s.xs[i], s.xs)
	if !s.checked[i] {
		for j, v := range r {
			if !kernelInRange(v) {
				s.rows.drop(i)
				return nil, kernelRangeError("", "x"+Sub(i+1), "x"+Sub(j+1), v)
			}
		}
		s.checked[i] = true
	}
	return r, nil
}

// Step is one SMO iteration: the pair chosen by WSS 3 moves along the line
// that keeps Σ αᵢ yᵢ fixed to the optimum of D on it, clipped to the box
// (LIBSVM's Solver::Solve); the gradient follows with the two kernel rows
// and b with calculate_rho. The returned Step has I = i and Pair set. It
// returns ErrStopped once the gap is below Tol or the cap is reached, and
// ErrNotSeparable once a hard margin is shown not to separate the data
// (separated) or α would pass maxScore. A step that returns an error has
// changed nothing: the problems are found before the update or, after it,
// stop the next step.
func (s *SVM) Step() (Step, error) {
	if s.err != nil {
		return Step{}, s.err
	}
	if s.state != Running {
		return Step{}, ErrStopped
	}
	report := s.cfg.Narrate || len(s.observers) > 0
	if report {
		s.refresh()
	}
	ps, err := s.update(s.next, report)
	if err != nil {
		s.err = err
		return Step{}, err
	}
	for _, o := range s.observers {
		if d := ps.AlphaI[1] - ps.AlphaI[0]; d != 0 {
			o.Changed(s.xs[ps.I], d*float64(s.ys[ps.I]))
		}
		if d := ps.AlphaJ[1] - ps.AlphaJ[0]; d != 0 {
			o.Changed(s.xs[ps.J], d*float64(s.ys[ps.J]))
		}
		if d := s.b - ps.B; d != 0 {
			o.Shifted(d)
		}
	}
	if report {
		ps.B = s.b
	}
	s.remember()
	i := ps.I
	st := Step{T: s.t, Epoch: s.t, I: i, Y: s.ys[i], Alpha: s.alpha[i], Pair: &ps}
	if report {
		st.F = s.Score(i)
		st.Prediction, _ = s.cfg.Tie.Predict(st.F, st.Y)
	}
	return st, nil
}

// update applies one pair update for sel and selects the next pair. With
// report, b and D(α) are brought up to date after it and ps holds D before
// and after and b before (Step reports the one after); b and D must be up to
// date before it then.
func (s *SVM) update(sel selection, report bool) (PairStep, error) {
	i, j := sel.i, sel.j
	ri, err := s.row(i)
	if err != nil {
		return PairStep{}, err
	}
	if s.rows.budget > 0 {
		// Row j may evict row i (or share the scratch row): keep a copy.
		s.rowI = append(s.rowI[:0], ri...)
		ri = s.rowI
	}
	rj, err := s.row(j)
	if err != nil {
		return PairStep{}, err
	}
	ai, aj := s.alpha[i], s.alpha[j]
	ps := PairStep{I: i, J: j, Gap: sel.gap, AlphaI: [2]float64{ai, ai}, AlphaJ: [2]float64{aj, aj}, Objective: [2]float64{s.obj, s.obj}, B: s.b}
	newI, newJ, clipI, clipJ := s.pairOptimum(i, j, ri[j])
	if !(newI <= maxScore && newJ <= maxScore) {
		return PairStep{}, ErrNotSeparable
	}
	if newI == ai && newJ == aj {
		// A move that rounds to nothing leaves the state as it was, so the
		// next step would choose this pair again, and so on to the cap.
		return PairStep{}, fmt.Errorf("SMO is stuck: the update of the pair (x%s, x%s) rounds to no change in float64 though m − M = %s > tol %s (rescale the data, or use a larger tol)",
			Sub(i+1), Sub(j+1), Num(sel.gap), Num(s.tol))
	}
	di, dj := newI-ai, newJ-aj
	// Gₖ += Qᵢₖ Δαᵢ + Qⱼₖ Δαⱼ, Qᵢₖ = yᵢ yₖ Kᵢₖ.
	wi, wj := s.yf[i]*di, s.yf[j]*dj
	g, yf := s.g, s.yf[:len(s.g)]
	ri, rj = ri[:len(g)], rj[:len(g)]
	for k := range g {
		g[k] += yf[k] * (wi*ri[k] + wj*rj[k])
	}
	s.setAlpha(i, newI)
	s.setAlpha(j, newJ)
	s.t++
	s.fresh = false
	if report {
		s.refresh()
	}
	ps.AlphaI[1], ps.AlphaJ[1], ps.ClipI, ps.ClipJ = newI, newJ, clipI, clipJ
	ps.Objective[1] = s.obj
	// The update is done; an error settle finds (the hard margin shown not
	// separable, a kernel row that overflows) stops the next step.
	s.settle()
	return ps, nil
}
