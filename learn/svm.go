package learn

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// SVMOptions are the settings of the soft-margin SVM (seed 001: "soft
// margin … C"; seed 004: the hard margin is C = ∞) and of its solver.
type SVMOptions struct {
	// C bounds every αᵢ (0 ≤ αᵢ ≤ C); +Inf is the hard margin. 0 means
	// DefaultC.
	C float64
	// Tol stops the solver once the largest KKT violation m(α) − M(α) is
	// at most Tol; 0 means DefaultTol.
	Tol float64
	// MaxIter caps the pair updates; 0 means max(10⁷, 100·n), LIBSVM's.
	MaxIter int
}

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
	checked []bool    // the kernel row of i was checked to be finite

	observers []Observer
	ckpts     []svmCheckpoint // states to undo to, oldest first
	floorT    int
	noUndo    bool
}

// selection is a working set chosen by WSS 3 (ok false: α is optimal to
// within the tolerance, or no pair can move).
type selection struct {
	i, j int
	gap  float64
	ok   bool
}

// NewSVM makes an SVM with every αᵢ = 0 for the kernel, bias augmentation
// and tie rule of cfg and the SVM settings of cfg.SVM. It fails on C ≤ 0,
// Tol ≤ 0, a bad kernel, an example that is not finite or not labelled ±1,
// or data with one class only (Σ αᵢ yᵢ = 0 then forces every α = 0).
func NewSVM(cfg Config, data []Example) (*SVM, error) {
	if err := Validate(cfg.Kernel); err != nil {
		return nil, fmt.Errorf("learn: kernel: %w", err)
	}
	o := cfg.SVM
	if o.C == 0 {
		o.C = DefaultC
	}
	if o.Tol == 0 {
		o.Tol = DefaultTol
	}
	if !(o.C > 0) {
		return nil, fmt.Errorf("learn: C must be > 0 (or inf for the hard margin), not %v", o.C)
	}
	if !(o.Tol > 0) || math.IsInf(o.Tol, 0) {
		return nil, fmt.Errorf("learn: the tolerance must be a finite number > 0, not %v", o.Tol)
	}
	if o.MaxIter < 0 {
		return nil, fmt.Errorf("learn: the iteration cap must be ≥ 0 (0: max(10⁷, 100·n)), not %d", o.MaxIter)
	}
	if cfg.RowCacheBytes < 0 {
		return nil, fmt.Errorf("learn: the row cache budget must be ≥ 0 bytes (0: no limit), not %d", cfg.RowCacheBytes)
	}
	n := len(data)
	if o.MaxIter == 0 {
		o.MaxIter = max(10_000_000, 100*n)
	}
	cfg.SVM = o
	s := &SVM{
		cfg: cfg, c: o.C, tol: o.Tol, maxIter: o.MaxIter,
		xs: make([]Vec, n), ys: make([]int, n), yf: make([]float64, n), qd: make([]float64, n),
		up: make([]bool, n), low: make([]bool, n),
		alpha: make([]float64, n), g: make([]float64, n),
		uses: make([]float64, n), checked: make([]bool, n),
		noUndo: cfg.NoHistory,
	}
	pos, neg := 0, 0
	for i, e := range data {
		if math.IsNaN(e.X1) || math.IsInf(e.X1, 0) || math.IsNaN(e.X2) || math.IsInf(e.X2, 0) {
			return nil, fmt.Errorf("learn: example %d has a coordinate that is not a finite number", i+1)
		}
		switch e.Y {
		case 1:
			pos++
		case -1:
			neg++
		default:
			return nil, fmt.Errorf("learn: example %d has label %d; labels are −1 or +1", i+1, e.Y)
		}
		s.xs[i], s.ys[i], s.yf[i] = s.Embed(e.X1, e.X2), e.Y, float64(e.Y)
	}
	if n > 0 && (pos == 0 || neg == 0) {
		what := fmt.Sprintf("these %d examples are all %s", n, Sign(data[0].Y))
		if n == 1 {
			what = "the one example is " + Sign(data[0].Y)
		}
		return nil, fmt.Errorf("learn: the SVM needs examples of both classes; %s", what)
	}
	for i, x := range s.xs {
		k := cfg.Kernel.Eval(x, x)
		if !(math.Abs(k) <= math.MaxFloat64) {
			return nil, fmt.Errorf("learn: K(x%s, x%s) = %v: the kernel overflows on this data (use a smaller degree or rescale the data)", Sub(i+1), Sub(i+1), k)
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
	s.ckpts, s.floorT = s.ckpts[:0], 0
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
// margin it stops data that is not separable (separated).
func (s *SVM) settle() {
	s.next = s.selectPair()
	if s.err == nil && math.IsInf(s.c, 1) && s.next.ok && !s.separated() {
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

// row returns K(xᵢ, ·), from the cache or computed, checked to be finite
// the first time.
func (s *SVM) row(i int) ([]float64, error) {
	s.uses[i]++
	r := s.rows.get(i, s.uses[i])
	if r != nil {
		return r, nil
	}
	r = s.rows.alloc(i, s.uses[i])
	KernelRow(s.cfg.Kernel, r, s.xs[i], s.xs)
	if !s.checked[i] {
		if _, j := rowMax(r); j >= 0 {
			v := r[j]
			s.rows.drop(i)
			return nil, fmt.Errorf("learn: K(x%s, x%s) = %v: the kernel overflows on this data (use a smaller degree or rescale the data)", Sub(i+1), Sub(j+1), v)
		}
		s.checked[i] = true
	}
	return r, nil
}

// selectPair is WSS 3 (LIBSVM's Solver::select_working_set):
//
//	i ∈ argmax { −yₜ Gₜ : t ∈ I_up(α) }                       m(α) = −yᵢ Gᵢ
//	j ∈ argmin { −b²ᵢₜ / aᵢₜ : t ∈ I_low(α), −yₜ Gₜ < m(α) }
//	aᵢₜ = Kᵢᵢ + Kₜₜ − 2 Kᵢₜ (τ when ≤ 0),  bᵢₜ = m(α) + yₜ Gₜ > 0
//
// with I_up = {t : αₜ < C, yₜ = +1 or αₜ > 0, yₜ = −1} and I_low the same
// with the classes swapped. The gap is m(α) − M(α), M(α) = min over I_low
// of −yₜ Gₜ; the pair is not ok when the gap is at most Tol.
func (s *SVM) selectPair() selection {
	// With vₜ = −yₜGₜ: m(α) = max over I_up of vₜ, M(α) = min over I_low,
	// and bᵢₜ = m(α) − vₜ (LIBSVM's Gmax + G[t] or Gmax − G[t] by class).
	// Multiplying by yₜ = ±1 is exact, so this is LIBSVM's arithmetic.
	g, yf, up, low := s.g, s.yf[:len(s.g)], s.up[:len(s.g)], s.low[:len(s.g)]
	gmax, gmax2 := math.Inf(-1), math.Inf(-1)
	i := -1
	for t := range g {
		if v := -yf[t] * g[t]; up[t] && v >= gmax {
			gmax, i = v, t
		}
	}
	if i < 0 {
		return selection{i: -1, j: -1}
	}
	ri, err := s.row(i)
	if err != nil {
		s.err = err
		return selection{i: -1, j: -1}
	}
	// ri is the kernel row, not LIBSVM's Q row: its quad_coef
	// QD[i] + QD[t] ∓ 2·yᵢ·Q_it is Kᵢᵢ + Kₜₜ − 2Kᵢₜ for either class of t.
	ri, qd, qi := ri[:len(g)], s.qd[:len(g)], s.qd[i]
	j, best := -1, math.Inf(1)
	for t := range g {
		if !low[t] {
			continue
		}
		v := -yf[t] * g[t]
		if -v > gmax2 { // not max(): its NaN and ±0 rules cost a third of the loop
			gmax2 = -v
		}
		if diff := gmax - v; diff > 0 {
			quad := qi + qd[t] - 2*ri[t]
			if !(quad > 0) {
				quad = tau
			}
			if d := -diff * diff / quad; d <= best {
				j, best = t, d
			}
		}
	}
	gap := gmax + gmax2
	if gap < s.tol || j < 0 {
		return selection{i: i, j: j, gap: gap}
	}
	return selection{i: i, j: j, gap: gap, ok: true}
}

// Step is one SMO iteration: the pair chosen by WSS 3 moves along the line
// that keeps Σ αᵢ yᵢ fixed to the optimum of D on it, clipped to the box
// (LIBSVM's Solver::Solve); the gradient follows with the two kernel rows
// and b with calculate_rho. The returned Step has I = i and Pair set. It
// returns ErrStopped once the gap is below Tol or the cap is reached, and
// ErrNotSeparable once a hard margin is shown not to separate the data
// (separated), or α would pass maxScore.
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

// pairOptimum is LIBSVM's two-variable update: the optimum of D along the
// line through α that keeps yᵢαᵢ + yⱼαⱼ fixed, clipped to [0, C]².
//
//	yᵢ ≠ yⱼ: δ = (−Gᵢ − Gⱼ) / (Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ);  αᵢ += δ, αⱼ += δ
//	yᵢ = yⱼ: δ = (Gᵢ − Gⱼ) / (Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ);   αᵢ −= δ, αⱼ += δ
//
// (the denominator τ when it is not positive), then clipped to the box
// along the same line. kij is K(xᵢ, xⱼ).
func (s *SVM) pairOptimum(i, j int, kij float64) (ai, aj float64, ci, cj Bound) {
	c := s.c
	ai, aj = s.alpha[i], s.alpha[j]
	quad := s.qd[i] + s.qd[j] - 2*kij
	if !(quad > 0) {
		quad = tau
	}
	// The unclipped optimum, then the box: at most one coordinate hits a
	// bound, the other follows along the line.
	if s.ys[i] != s.ys[j] {
		delta := (-s.g[i] - s.g[j]) / quad
		diff := ai - aj
		ai += delta
		aj += delta
		if diff > 0 {
			if aj < 0 {
				aj, ai, cj = 0, diff, AtZero
			}
		} else if ai < 0 {
			ai, aj, ci = 0, -diff, AtZero
		}
		if diff > 0 {
			if ai > c {
				ai, aj, ci = c, c-diff, AtC
			}
		} else if aj > c {
			aj, ai, cj = c, c+diff, AtC
		}
		return ai, aj, ci, cj
	}
	delta := (s.g[i] - s.g[j]) / quad
	sum := ai + aj
	ai -= delta
	aj += delta
	if sum > c {
		if ai > c {
			ai, aj, ci = c, sum-c, AtC
		}
	} else if aj < 0 {
		aj, ai, cj = 0, sum, AtZero
	}
	if sum > c {
		if aj > c {
			aj, ai, cj = c, sum-c, AtC
		}
	} else if ai < 0 {
		ai, aj, ci = 0, sum, AtZero
	}
	return ai, aj, ci, cj
}

// separated reports whether the hard margin's dual is bounded as far as α
// tells: false once the data is shown not to be separable with a margin of
// at least hullEps·R in feature space, R² = max Kᵢᵢ.
//
// With s = Σ_{yᵢ=+1} αᵢ = Σ_{yᵢ=−1} αᵢ (Σ αᵢ yᵢ = 0), w/s = Σ₊ (αᵢ/s) φ(xᵢ)
// − Σ₋ (αᵢ/s) φ(xᵢ) joins a point of each class's convex hull in feature
// space, so ‖w‖/s is at least the distance between the hulls, which is the
// widest margin any separating plane has (the hard margin's 2/‖w*‖). When
// α grows without bound (the dual of data that is not separable is
// unbounded), ‖w‖/s falls like 1/s: on xor with a linear kernel below
// 1e-4·R after about 7 000 steps (1e-5·R: 65 000). A certificate the other way stops the
// test: if every f₀(xᵢ) = ⟨w, φ(xᵢ)⟩ of class +1 exceeds every one of
// class −1, w separates the data and the dual is bounded.
func (s *SVM) separated() bool {
	sum, minPos, maxNeg := 0.0, math.Inf(1), math.Inf(-1)
	for i, y := range s.ys {
		f0 := float64(y) * (s.g[i] + 1)
		if y == 1 {
			sum += s.alpha[i]
			minPos = min(minPos, f0)
		} else {
			maxNeg = max(maxNeg, f0)
		}
	}
	if sum == 0 || minPos > maxNeg {
		return true
	}
	return math.Sqrt(s.WNorm2()) >= hullEps*sum*math.Sqrt(s.scale)
}

// hullEps is the narrowest margin, relative to the data's radius in feature
// space, that the hard margin looks for before it calls the data not
// separable.
const hullEps = 1e-4

// setAlpha sets αₖ and keeps the support vectors and I_up, I_low in step.
func (s *SVM) setAlpha(k int, a float64) {
	was := s.alpha[k] > 0
	s.alpha[k] = a
	s.status(k)
	switch is := a > 0; {
	case is && !was:
		at, _ := slices.BinarySearch(s.svs, k)
		s.svs = slices.Insert(s.svs, at, k)
	case !is && was:
		at, _ := slices.BinarySearch(s.svs, k)
		s.svs = slices.Delete(s.svs, at, at+1)
	}
}

// rho is LIBSVM's Solver::calculate_rho, and b = −ρ: the mean of yᵢ Gᵢ over
// the free αᵢ (0 < αᵢ < C), or with none free the midpoint of the interval
// the KKT conditions leave for it.
func (s *SVM) rho() float64 {
	ub, lb := math.Inf(1), math.Inf(-1)
	free, sum := 0, 0.0
	for i, g := range s.g {
		yg := float64(s.ys[i]) * g
		switch {
		case !s.belowC(i):
			if s.ys[i] == -1 {
				ub = min(ub, yg)
			} else {
				lb = max(lb, yg)
			}
		case s.alpha[i] == 0:
			if s.ys[i] == 1 {
				ub = min(ub, yg)
			} else {
				lb = max(lb, yg)
			}
		default:
			free++
			sum += yg
		}
	}
	var r float64
	switch {
	case free > 0:
		r = sum / float64(free)
	case math.IsInf(ub, 0) || math.IsInf(lb, 0):
		// One side is empty (no examples, or all of one kind at a bound).
		r = 0
		if !math.IsInf(ub, 0) {
			r = ub
		} else if !math.IsInf(lb, 0) {
			r = lb
		}
	default:
		r = (ub + lb) / 2
	}
	return -r
}

// objective is D(α) = Σ αᵢ − ½ αᵀQα = −½ Σᵢ αᵢ (Gᵢ − 1), over the support
// vectors in dataset order (LIBSVM's objective value, negated).
func (s *SVM) objective() float64 {
	v := 0.0
	for _, i := range s.svs {
		v += s.alpha[i] * (1 - s.g[i])
	}
	return v / 2
}
