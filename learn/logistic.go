package learn

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Kernel logistic regression, as seed 003 ("Kernels in logistic
// regression") sets it up and leaves to derive:
//
//	P(Y = 0 | x, w, w₀) = 1 / (1 + exp(w₀ + Σⱼ αʲ K(xʲ, x)))        (seed 003)
//
// With the notes' signed αʲ written yⱼαⱼ (αⱼ ≥ 0, as every learner here
// writes its weights) and labels ±1 (Y = 0 is y = −1),
//
//	f(x)          = w₀ + Σⱼ αⱼ yⱼ K(xⱼ, x)
//	P(y = +1 | x) = σ(f(x)) = 1 / (1 + e^(−f(x))),   P(y | x) = σ(y·f(x)).
//
// The gradient rule the notes ask for. The log-likelihood of the data with
// an L2 penalty on w = Σⱼ αⱼ yⱼ φ(xⱼ) is
//
//	J(w, w₀) = Σᵢ log σ(yᵢ f(xᵢ)) − (λ/2) ‖w‖²,   f(x) = w·φ(x) + w₀,
//
// and since d/dz log σ(z) = 1 − σ(z), one example's term has the gradient
//
//	∇_w  [log σ(yᵢ fᵢ) − (λ/2)‖w‖²] = (1 − σ(yᵢ fᵢ)) yᵢ φ(xᵢ) − λ w
//	∂_w₀ [log σ(yᵢ fᵢ)]             = (1 − σ(yᵢ fᵢ)) yᵢ.
//
// A step of stochastic gradient ascent of size η on example i, with
// g = 1 − P(yᵢ | xᵢ) = 1 − σ(yᵢ fᵢ) = 1 / (1 + e^(yᵢ fᵢ)), is then
//
//	w  ← (1 − ηλ) w + η g yᵢ φ(xᵢ),    w₀ ← w₀ + η g yᵢ,
//
// and w = Σⱼ αⱼ yⱼ φ(xⱼ) stays in that form, the kernel trick's, if
//
//	every αⱼ ← (1 − ηλ) αⱼ     (when λ > 0; w₀ is not decayed)
//	then  αᵢ += η g,  w₀ += η g yᵢ.
//
// g > 0 always: the perceptron adds η to αᵢ only when it is wrong (seed
// 001); logistic regression adds η·(1 − P(yᵢ | xᵢ)) every time, nearly η
// when it is confidently wrong, almost nothing when it is confidently
// right. The steps visit the examples in the perceptron's order and the
// run takes exactly Config.Epochs passes: nothing here converges in a
// finite number of steps, so nothing claims to. The tie rule's prediction
// on fᵢ, and whether it is a mistake, are reported; they decide nothing.
//
// The decay is O(1): α is kept as αⱼ = s·ãⱼ with one scale s shared by
// every example, so that "every αⱼ ← (1 − ηλ) αⱼ" is s ← (1 − ηλ) s and
// "αᵢ += ηg" is ãᵢ += ηg/s. When s falls below 2⁻³⁰⁰ it is folded into ã
// by its power of two, which is exact both ways (undo unfolds it), and s
// is stored in each step's undo record, so a step goes back bit for bit.
// fᵢ is summed afresh at every step from the kernel row of xᵢ (n kernel
// values, as a perceptron's mistake costs), in dataset order, so it
// depends only on ã, s and w₀ and never on the rounding of kept sums.

// lrLambdaSetting is logistic regression's λ: the setting of the same name
// as Pegasos's (one flag, one session key), with its own default and
// range. It is also bounded with η (LearnerKind.Joint): ηλ < 1.
var lrLambdaSetting = &Setting{
	Name: "lambda", Symbol: "λ", Noun: "λ", InName: true, InHeader: true,
	Usage:   "logistic regression's L2 penalty λ in log-likelihood − λ/2·‖w‖²: each step decays every α by 1 − ηλ; ≥ 0, with ηλ < 1",
	Default: 0, Min: 0, Max: MaxLambda, Range: "≥ 0 (and at most 1e12), with ηλ < 1",
	// 0, then the 1-2-5 series up to 0.5: ηλ < 1 at the default η = 1.
	Ladder: []float64{0, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 1e-2, 2e-2, 5e-2, 0.1, 0.2, 0.5},
	Keys:   [2]string{"<", ">"},
}

// logisticKind is kernel logistic regression by stochastic gradient ascent.
var logisticKind = &LearnerKind{
	Name: "logistic", Aliases: []string{"logreg", "logistic-regression", "lr"},
	Title: "logistic regression", Short: "logistic",
	Summary: "kernel logistic regression: P(y = +1 | x) = σ(f(x)), f = w₀ + Σ αⱼ yⱼ K(xⱼ, ·); every step αᵢ += η·(1 − P(yᵢ | xᵢ)), w₀ += η·(1 − P(yᵢ | xᵢ))·yᵢ (decay 1 − ηλ first); runs exactly --epochs passes, never converges",
	Source:  "the lecture notes, \"Kernels in logistic regression\"",
	Intro: func(cfg Config) string {
		return fmt.Sprintf("learner: kernel logistic regression (the notes' \"Kernels in logistic regression\"), η = %s, λ = %s: P(y = +1 | x) = σ(f(x)); the perceptron adds η to αᵢ only when it is wrong, logistic regression adds η·(1 − P(yᵢ | xᵢ)) every time: nearly η when confidently wrong, almost nothing when confidently right; it runs all %s and never converges; < > change λ",
			etaSetting.Format(cfg.Params.Value(etaSetting)), lrLambdaSetting.Format(cfg.Params.Value(lrLambdaSetting)), countOf(cfg.Epochs, "pass", "passes"))
	},
	Settings: []*Setting{etaSetting, lrLambdaSetting}, Passes: true, RunsAll: true,
	Joint: func(cfg Config) error {
		eta, lambda := cfg.Params.Value(etaSetting), cfg.Params.Value(lrLambdaSetting)
		if eta*lambda >= 1 {
			return fmt.Errorf("ηλ must be < 1 (each step multiplies α by 1 − ηλ), not η·λ = %s·%s = %s", Num(eta), Num(lambda), Num(eta*lambda))
		}
		return nil
	},
	Quiz: Question{Long: "will the step on %s add more than η/2 to α (g = 1 − P(y | x) > ½)?", Short: "αᵢ += more than η/2?",
		Yes: "more than η/2", No: "η/2 or less", Noun: "g > ½",
		Truth: func(s Step) bool { return logisticGain(s.F, s.Y) > 0.5 }},
	New: func(cfg Config, data []Example) (Learner, error) { return newLogistic(cfg, data) },
}

// Logistic is kernel logistic regression. It is a Passer, an Explainer, a
// Probabilistic and a Dense learner.
type Logistic struct {
	cfg         Config
	eta, lambda float64
	decay       float64 // 1 − ηλ
	xs          []Vec
	ys          []int
	// a is ã: αⱼ = s·ãⱼ; s is the scale (1 while λ = 0). ay is ãⱼyⱼ
	// (exact: yⱼ = ±1), 0 for the examples not visited, so that fᵢ's sum
	// runs over every j with no index.
	a  []float64
	ay []float64
	s  float64
	w0 float64
	// g[k] is Σⱼ ãⱼ yⱼ K(xⱼ, xₖ), kept up to date by every step: f(xₖ) =
	// w₀ + s·g[k], for the scores, the accuracy and the loss (a step sums
	// its own f afresh).
	g   []float64
	svs []int // ãⱼ > 0, ascending: every example visited with g > 0
	// rows are kernel rows K(xᵢ, ·), within Config.RowCacheBytes (0: all
	// of them); uses[i] counts the steps on xᵢ, their eviction order (a
	// pass uses every row once: a row computed when the budget is spent
	// does not take the place of one cached as often).
	rows  rowCache
	uses  []float64
	row   []float64 // scratch: a kernel row for Undo
	terms []Term

	t, epoch, pos, mistakes, epochMistakes int
	state                                  State
	order                                  []int
	orderEpoch                             int
	hist                                   tape
	enc                                    []byte
	floorT, floorMistakes                  int
	observers
	err, bad error

	// drift bounds how much the observers' rounding has grown since they
	// were last given f whole: Undo divides their values by 1 − ηλ, which
	// multiplies their rounding errors; a step multiplies, and shrinks
	// them. Past maxDrift, Undo gives them f afresh (resync).
	drift float64

	// heavy caches Heavy's answer for the α it was computed from (heavyAt
	// is the change count changes had then).
	heavy            []bool
	heavyN           int
	changes, heavyAt int
}

var (
	_ Passer        = (*Logistic)(nil)
	_ Explainer     = (*Logistic)(nil)
	_ Narrator      = (*Logistic)(nil)
	_ Probabilistic = (*Logistic)(nil)
	_ Dense         = (*Logistic)(nil)
	_ CheckedRunner = (*Logistic)(nil)
)

// foldBelow is the scale below which s is folded into ã (2⁻³⁰⁰: ãⱼ is
// then about αⱼ·2³⁰⁰, far from overflow).
const foldBelow = 0x1p-300

// maxDrift is how far the observers' rounding may grow under undos
// before they are given f afresh: 10⁶ × the roundings of a step, about
// 10⁻¹⁰ of f, and at ηλ = 0.5 a resync every 20 undos.
const maxDrift = 1e6

func newLogistic(cfg Config, data []Example) (*Logistic, error) {
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
	l := &Logistic{cfg: cfg, eta: cfg.Params.Value(etaSetting), lambda: cfg.Params.Value(lrLambdaSetting), s: 1, drift: 1,
		xs: make([]Vec, n), ys: make([]int, n), a: make([]float64, n), ay: make([]float64, n), g: make([]float64, n), row: make([]float64, n),
		uses: make([]float64, n)}
	l.rows.init(n, cfg.RowCacheBytes)
	l.decay = 1 - l.eta*l.lambda
	l.hist.span = logisticSpan
	if l.lambda > 0 {
		l.hist.span = logisticSpanS // its records hold s
	}
	for i, e := range data {
		if math.IsNaN(e.X1) || math.IsInf(e.X1, 0) || math.IsNaN(e.X2) || math.IsInf(e.X2, 0) {
			return nil, fmt.Errorf("example %d has a coordinate that is not a finite number", i+1)
		}
		if e.Y != 1 && e.Y != -1 {
			return nil, fmt.Errorf("example %d has label %d; labels are −1 or +1", i+1, e.Y)
		}
		l.xs[i], l.ys[i] = cfg.Embed(e.X1, e.X2), e.Y
		if k := cfg.Kernel.Eval(l.xs[i], l.xs[i]); !kernelInRange(k) && l.bad == nil {
			l.bad = kernelRangeError("", "x"+Sub(i+1), "x"+Sub(i+1), k)
		}
	}
	l.settle()
	l.err = l.bad
	return l, nil
}

func (l *Logistic) settle() {
	var first bool
	l.state, first = startState(l.cfg.Epochs, len(l.xs))
	if first {
		// No examples: the one pass is empty, and ran; it converges to
		// nothing, as nothing here does.
		l.epoch, l.state = 1, Capped
	}
}

// logisticGain is g = 1 − P(y | x) = 1 − σ(y·f) = 1 / (1 + e^(y·f)),
// written so that neither form overflows: e^(−y·f)/(1 + e^(−y·f)) when
// y·f > 0.
func logisticGain(f float64, y int) float64 {
	z := float64(y) * f
	if z > 0 {
		e := math.Exp(-z)
		return e / (1 + e)
	}
	return 1 / (1 + math.Exp(z))
}

// sigma is σ(f) = 1 / (1 + e^(−f)) = P(y = +1 | x) where f(x) = f
// (seed 003), without overflow for any f.
func sigma(f float64) float64 { return logisticGain(f, -1) }

// logLoss is log(1 + e^(−y·f)) = −log P(y | x), without overflow:
// log1p(e^(−z)) for z = y·f > 0, −z + log1p(e^z) otherwise.
func logLoss(f float64, y int) float64 {
	z := float64(y) * f
	if z > 0 {
		return math.Log1p(math.Exp(-z))
	}
	return -z + math.Log1p(math.Exp(z))
}

// visit is the example at position pos of pass epoch.
func (l *Logistic) visit(epoch, pos int) int {
	if !l.cfg.Shuffle {
		return pos
	}
	if l.order == nil || l.orderEpoch != epoch {
		l.order, l.orderEpoch = epochOrder(l.cfg.Seed, epoch, len(l.xs)), epoch
	}
	return l.order[pos]
}

// logisticRecord is what Undo needs to put a step back exactly: the
// example, whether it was a mistake, the pass's mistakes with it, ãᵢ, w₀
// and s before it, and the power of two a fold took out of ã (0: none).
type logisticRecord struct {
	i             int
	mistake       bool
	epochMistakes int
	prevA, prevW0 float64
	prevS         float64 // only when λ > 0
	fold          int     // the exponent e of s = m·2ᵉ folded into ã
}

// encode writes r's body; decay says whether s is written (λ > 0).
func (l *Logistic) encode(r logisticRecord) []byte {
	key := r.i << 2
	if r.mistake {
		key |= 1
	}
	if r.fold != 0 {
		key |= 2
	}
	w := recWriter(l.enc[:0]).uint(key).uint(r.epochMistakes).float(r.prevA).float(r.prevW0)
	if l.lambda > 0 {
		w = w.float(r.prevS)
	}
	if r.fold != 0 {
		w = w.uint(-r.fold) // e < 0: s was below 2⁻³⁰⁰
	}
	l.enc = w
	return w
}

// decodeLogistic reads a record back, and the bytes it took; withS says
// the record holds s (λ > 0).
func decodeLogistic(body []byte, withS bool) (logisticRecord, int) {
	rd := recReader{b: body}
	key := rd.uint()
	r := logisticRecord{i: key >> 2, mistake: key&1 != 0}
	r.epochMistakes = rd.uint()
	r.prevA, r.prevW0 = rd.float(), rd.float()
	r.prevS = 1
	if withS {
		r.prevS = rd.float()
	}
	if key&2 != 0 {
		r.fold = -rd.uint()
	}
	return r, rd.off
}

// logisticSpan and logisticSpanS are the length of a record's body, for
// the tape: a learner with λ > 0 writes s in every record (the S form).
func logisticSpan(body []byte) int {
	_, n := decodeLogistic(body, false)
	return n
}

func logisticSpanS(body []byte) int {
	_, n := decodeLogistic(body, true)
	return n
}

// Step visits the next example: it sums fᵢ = w₀ + Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) in
// dataset order, decays every α by 1 − ηλ when λ > 0, and adds
// η·(1 − P(yᵢ | xᵢ)) to αᵢ and η·(1 − P(yᵢ | xᵢ))·yᵢ to w₀. It returns
// ErrStopped once the passes are done, and an error when a kernel value
// or f is not a finite number of a usable size.
func (l *Logistic) Step() (Step, error) {
	if l.err != nil {
		return Step{}, l.err
	}
	if l.state != Running {
		return Step{}, ErrStopped
	}
	pos, epoch, epochMistakes := l.pos, l.epoch, l.epochMistakes
	if pos == 0 {
		epoch, epochMistakes = epoch+1, 0
	}
	t := l.t + 1
	i := l.visit(epoch, pos)
	y := l.ys[i]
	row, err := l.rowOf(i)
	if err != nil {
		l.err = err
		return Step{}, err
	}
	// fᵢ = w₀ + s·Σⱼ ãⱼ yⱼ K(xⱼ, xᵢ), the sum in dataset order; each
	// product is rounded before it is added (no fused multiply-add), as
	// the kept sums are. K(xⱼ, xᵢ) = K(xᵢ, xⱼ), read from xᵢ's row; the
	// examples not visited add exact zeros.
	sum := 0.0
	l.terms = l.terms[:0]
	row = row[:len(l.ay)]
	for j, c := range l.ay {
		sum += float64(c * row[j])
	}
	kernelSum := l.s * sum
	f := l.w0 + kernelSum
	if !(math.Abs(f) <= maxScore) {
		l.err = fmt.Errorf("f(x%s) = %v at step %d: the kernel values are too large for float64 (rescale the data or use a smaller degree)", Sub(i+1), f, t)
		return Step{}, l.err
	}
	if l.cfg.Narrate {
		for _, j := range l.svs {
			l.terms = append(l.terms, Term{J: j, Alpha: l.s * l.a[j], Y: l.ys[j], K: row[j]})
		}
	}
	gain := logisticGain(f, y)
	prediction, mistake := l.cfg.Tie.Predict(f, y)
	step := l.eta * gain
	if next := l.decay*l.s*l.a[i] + step; !(next <= maxScore) || !(math.Abs(l.w0)+step <= maxScore) {
		l.err = fmt.Errorf("α%s = %v at step %d: too large for float64 (rescale the data, or use a smaller η)", Sub(i+1), next, t)
		return Step{}, l.err
	}
	rec := logisticRecord{i: i, mistake: mistake, prevA: l.a[i], prevW0: l.w0, prevS: l.s}
	// every αⱼ ← (1 − ηλ) αⱼ: the shared scale, O(1).
	decayed := l.lambda > 0 && len(l.svs) > 0
	if decayed {
		l.tellDecay(l.decay, l.w0)
		l.drift = max(1, l.drift*l.decay)
	}
	if l.lambda > 0 {
		l.s *= l.decay
		if l.s < foldBelow {
			rec.fold = l.fold()
		}
	}
	// αᵢ += ηg, w₀ += ηg·yᵢ.
	w := float64(y) * step
	if step > 0 {
		da := step / l.s
		was := l.a[i] > 0
		l.a[i] += da
		l.ay[i] = l.a[i] * float64(y)
		axpy(l.g, row, da*float64(y))
		if !was {
			at, _ := slices.BinarySearch(l.svs, i)
			l.svs = slices.Insert(l.svs, at, i)
		}
		l.w0 += w
		for _, ob := range l.observers {
			ob.Changed(l.xs[i], w)
			ob.Shifted(w)
		}
	}
	if mistake {
		epochMistakes++
		l.mistakes++
	}
	rec.epochMistakes = epochMistakes
	l.remember(t, rec)
	l.changes++
	l.t, l.epoch, l.pos, l.epochMistakes = t, epoch, pos+1, epochMistakes
	if l.pos == len(l.xs) {
		l.pos = 0
		if epoch >= l.cfg.Epochs {
			l.state = Capped
		}
	}
	st := Step{T: t, Epoch: epoch, I: i, F: f, Sum: kernelSum, Offset: rec.prevW0, Y: y, Prediction: prediction,
		Mistake: mistake, Update: step > 0 || decayed, Alpha: l.s * l.a[i]}
	if l.cfg.Narrate {
		st.Terms = l.terms
	}
	return st, nil
}

// rowOf is the kernel row K(xᵢ, ·), cached or computed, checked to be
// in range when it is computed. The same function on the same data gives
// the same bits, so a step is the same whatever the cache holds.
func (l *Logistic) rowOf(i int) ([]float64, error) {
	l.uses[i]++
	if r := l.rows.get(i, l.uses[i]); r != nil {
		return r, nil
	}
	r := l.rows.alloc(i, l.uses[i])
	KernelRow(l.cfg.Kernel, r, l.xs[i], l.xs)
	for j, v := range r {
		if !kernelInRange(v) {
			l.rows.drop(i)
			return nil, kernelRangeError("", "x"+Sub(i+1), "x"+Sub(j+1), v)
		}
	}
	return r, nil
}

// tellDecay tells the observers that every coefficient was multiplied by
// d and the offset w0 was not: Scaled multiplies both, so the offset is
// shifted back.
func (l *Logistic) tellDecay(d, w0 float64) {
	for _, ob := range l.observers {
		ob.Scaled(d)
		if w0 != 0 {
			ob.Shifted(w0 - d*w0)
		}
	}
}

// resync gives the observers f whole, from every coefficient: what undos
// that divide by 1 − ηλ cost in rounding is gone (O(n) of each observer's
// rows: a field's n lattice rows).
func (l *Logistic) resync() {
	l.drift = 1
	if len(l.observers) == 0 {
		return
	}
	for _, ob := range l.observers {
		ob.Cleared()
		for _, j := range l.svs {
			ob.Changed(l.xs[j], l.Coef(j))
		}
		if l.w0 != 0 {
			ob.Shifted(l.w0)
		}
	}
}

// fold takes s's power of two into ã and the kept sums, exactly (a
// product by a power of two rounds nothing), and returns its exponent.
func (l *Logistic) fold() int {
	m, e := math.Frexp(l.s)
	for _, j := range l.svs {
		l.a[j] = math.Ldexp(l.a[j], e)
		l.ay[j] = math.Ldexp(l.ay[j], e)
	}
	for k := range l.g {
		l.g[k] = math.Ldexp(l.g[k], e)
	}
	l.s = m
	return e
}

// unfold puts a fold of exponent e back.
func (l *Logistic) unfold(e int) {
	for _, j := range l.svs {
		l.a[j] = math.Ldexp(l.a[j], -e)
		l.ay[j] = math.Ldexp(l.ay[j], -e)
	}
	for k := range l.g {
		l.g[k] = math.Ldexp(l.g[k], -e)
	}
}

// remember keeps the step's record for Undo, within the budget.
func (l *Logistic) remember(t int, r logisticRecord) {
	if l.cfg.NoHistory {
		return
	}
	l.hist.push(t, l.encode(r), undoBudget(l.cfg), l.dropped)
}

// dropped is told of each record the budget drops, oldest first.
func (l *Logistic) dropped(at int, body []byte) {
	r, _ := decodeLogistic(body, l.lambda > 0)
	l.floorT, l.floorMistakes = at, r.epochMistakes
}

// HistoryBytes is the memory the undo history holds, in bytes.
func (l *Logistic) HistoryBytes() int { return l.hist.Bytes() }

// CanUndo reports whether there is a step to put back.
func (l *Logistic) CanUndo() bool { return !l.cfg.NoHistory && l.t > l.floorT }

// UndoFloor is the smallest T Undo can reach.
func (l *Logistic) UndoFloor() int {
	if l.cfg.NoHistory {
		return l.t
	}
	return l.floorT
}

// Undo puts the last step back: ã, s, w₀ and α bit for bit, the kept sums
// and the observers to within rounding, the schedule and the counts
// exactly.
func (l *Logistic) Undo() bool {
	if !l.CanUndo() {
		return false
	}
	at, body, ok := l.hist.newest()
	if !ok || at != l.t {
		return false // every step leaves a record
	}
	r, _ := decodeLogistic(body, l.lambda > 0)
	l.hist.pop()
	i := r.i
	// The observers: the add first (in the scale after the step), then
	// the decay.
	aNow := l.s * l.a[i]
	if r.fold != 0 {
		l.unfold(r.fold)
	}
	aMid := l.decay * (r.prevS * r.prevA)
	if l.lambda == 0 {
		aMid = r.prevA
	}
	y := float64(l.ys[i])
	if da := l.a[i] - r.prevA; da != 0 {
		row := l.rows.peek(i)
		if row == nil {
			KernelRow(l.cfg.Kernel, l.row, l.xs[i], l.xs)
			row = l.row
		}
		axpy(l.g, row, -da*y)
	}
	for _, ob := range l.observers {
		if d := aNow - aMid; d != 0 {
			ob.Changed(l.xs[i], -d*y)
		}
		if d := r.prevW0 - l.w0; d != 0 {
			ob.Shifted(d)
		}
	}
	l.a[i], l.w0, l.s = r.prevA, r.prevW0, r.prevS
	l.ay[i] = r.prevA * y
	if !(r.prevA > 0) {
		at, found := slices.BinarySearch(l.svs, i)
		if found {
			l.svs = slices.Delete(l.svs, at, at+1)
		}
	}
	if l.lambda > 0 && len(l.svs) > 0 {
		l.tellDecay(1/l.decay, l.w0)
		if l.drift /= l.decay; l.drift > maxDrift {
			l.resync()
		}
	}
	if len(l.svs) == 0 && l.w0 == 0 {
		// Every coefficient is exactly 0 again.
		clear(l.g)
		for _, ob := range l.observers {
			ob.Cleared()
		}
	}
	if r.mistake {
		l.mistakes--
	}
	q := l.pos - 1
	if l.pos == 0 {
		q = len(l.xs) - 1
	}
	l.t--
	if q == 0 {
		l.epoch, l.pos = l.epoch-1, 0
	} else {
		l.pos = q
	}
	l.epochMistakes = l.passMistakes()
	l.state, l.err = Running, l.bad
	l.changes++
	return true
}

// passMistakes are the mistakes of the current pass up to T: those its
// newest record counts when it lies in the pass, or the floor's, or none.
func (l *Logistic) passMistakes() int {
	start := l.t - l.pos
	if l.pos == 0 {
		start = l.t - len(l.xs)
	}
	if at, body, ok := l.hist.newest(); ok && at > start {
		r, _ := decodeLogistic(body, l.lambda > 0)
		return r.epochMistakes
	}
	if l.floorT > start {
		return l.floorMistakes
	}
	return 0
}

// Reset sets every α and w₀ back to 0 and forgets the history.
func (l *Logistic) Reset() {
	clear(l.a)
	clear(l.ay)
	clear(l.g)
	l.s, l.w0, l.drift = 1, 0, 1
	l.svs = l.svs[:0]
	for _, ob := range l.observers {
		ob.Cleared()
	}
	l.t, l.epoch, l.pos, l.mistakes, l.epochMistakes = 0, 0, 0, 0, 0
	l.order, l.err = nil, l.bad
	l.hist.clear()
	l.floorT, l.floorMistakes = 0, 0
	l.changes++
	l.settle()
}

// Run steps until the passes are done.
func (l *Logistic) Run() error { return l.RunChecked(nil) }

// RunChecked is Run that calls check (when not nil) every checkEvery/4
// steps (each costs a kernel row) and stops with its error.
func (l *Logistic) RunChecked(check func() error) error {
	for l.state == Running {
		if _, err := l.Step(); err != nil {
			return err
		}
		if check != nil && l.t%(checkEvery/4) == 0 {
			if err := check(); err != nil {
				return err
			}
		}
	}
	return l.err
}

// SetNarrate turns the terms of each step's sum on or off; f is the same
// either way.
func (l *Logistic) SetNarrate(on bool) { l.cfg.Narrate = on }

// SetEpochCap changes the most passes, keeping α.
func (l *Logistic) SetEpochCap(n int) error {
	if n < l.epoch || n < 0 {
		return fmt.Errorf("the epoch cap must be at least the %d passes begun, not %d", l.epoch, n)
	}
	l.cfg.Epochs = n
	if l.state == Capped && l.err == nil && l.epoch < n {
		l.state = Running
	}
	return nil
}

// The expansion f(x) = w₀ + Σⱼ αⱼ yⱼ K(xⱼ, x).

func (l *Logistic) Kernel() Kernel                { return l.cfg.Kernel }
func (l *Logistic) Embed(x1, x2 float64) Vec      { return l.cfg.Embed(x1, x2) }
func (l *Logistic) N() int                        { return len(l.xs) }
func (l *Logistic) X(j int) Vec                   { return l.xs[j] }
func (l *Logistic) Y(i int) int                   { return l.ys[i] }
func (l *Logistic) SupportVectors() []int         { return l.svs }
func (l *Logistic) Offset() float64               { return l.w0 }
func (l *Logistic) Coef(j int) float64            { return l.s * l.a[j] * float64(l.ys[j]) }
func (l *Logistic) Alpha(i int) float64           { return l.s * l.a[i] }
func (l *Logistic) Decide(x1, x2 float64) float64 { return decide(l, x1, x2) }
func (l *Logistic) K(i, j int) float64            { return l.cfg.Kernel.Eval(l.xs[i], l.xs[j]) }
func (l *Logistic) Gram() *mat.SymDense           { return Gram(l.cfg.Kernel, l.xs) }

// Alphas is α, a copy.
func (l *Logistic) Alphas() []float64 {
	out := make([]float64, len(l.a))
	for j, a := range l.a {
		out[j] = l.s * a
	}
	return out
}

// Score is f(xᵢ) = w₀ + s·g(xᵢ), from the kept sum.
func (l *Logistic) Score(i int) float64 { return l.w0 + l.s*l.g[i] }

// Next is the example the next step visits, −1 once stopped.
func (l *Logistic) Next() int {
	if l.state != Running {
		return -1
	}
	epoch := l.epoch
	if l.pos == 0 {
		epoch++
	}
	return l.visit(epoch, l.pos)
}

func (l *Logistic) AtPassStart() bool  { return l.pos == 0 }
func (l *Logistic) State() State       { return l.state }
func (l *Logistic) Err() error         { return l.err }
func (l *Logistic) T() int             { return l.t }
func (l *Logistic) Epoch() int         { return l.epoch }
func (l *Logistic) Mistakes() int      { return l.mistakes }
func (l *Logistic) EpochMistakes() int { return l.epochMistakes }
func (l *Logistic) Config() Config     { return l.cfg }

// Accuracy is the fraction of examples the tie rule classifies right by
// f now (1 for none).
func (l *Logistic) Accuracy() float64 {
	if len(l.xs) == 0 {
		return 1
	}
	right := 0
	for i := range l.xs {
		if _, mistake := l.cfg.Tie.Predict(l.Score(i), l.ys[i]); !mistake {
			right++
		}
	}
	return float64(right) / float64(len(l.xs))
}

// Probability is P(y = +1 | x) = σ(f) where f(x) = f.
func (l *Logistic) Probability(f float64) float64 { return sigma(f) }

// Logit is the f at which P(y = +1 | x) = p: ln(p / (1 − p)).
func (l *Logistic) Logit(p float64) float64 { return math.Log(p / (1 - p)) }

// Gain is g = 1 − P(yᵢ | xᵢ) of step s, what it added to αᵢ in steps of
// η.
func (l *Logistic) Gain(s Step) float64 { return logisticGain(s.F, s.Y) }

// LogLoss is the mean log-loss of f now, (1/n) Σᵢ log(1 + e^(−yᵢ f(xᵢ)))
// (0 with no examples): −1/n times the log-likelihood the steps ascend,
// without the penalty.
func (l *Logistic) LogLoss() float64 {
	if len(l.xs) == 0 {
		return 0
	}
	sum := 0.0
	for i := range l.xs {
		sum += logLoss(l.Score(i), l.ys[i])
	}
	return sum / float64(len(l.xs))
}

// Heavy reports whether example i is one of the examples f leans on most:
// the fewest whose α, largest first, make up half of Σⱼ αⱼ (ties broken
// by the lower index). Every example has α > 0 after one pass, so support
// vectors mean nothing here; these are what takes their place on screen.
func (l *Logistic) Heavy(i int) bool {
	l.weigh()
	return l.heavy[i]
}

// HeavyCount is how many examples Heavy marks.
func (l *Logistic) HeavyCount() int {
	l.weigh()
	return l.heavyN
}

// weigh computes Heavy's answer for α now, once per change.
func (l *Logistic) weigh() {
	if l.heavy != nil && l.heavyAt == l.changes {
		return
	}
	l.heavyAt = l.changes
	if len(l.heavy) != len(l.a) {
		l.heavy = make([]bool, len(l.a))
	}
	clear(l.heavy)
	l.heavyN = 0
	idx := slices.Clone(l.svs)
	slices.SortStableFunc(idx, func(i, j int) int {
		switch {
		case l.a[i] > l.a[j]:
			return -1
		case l.a[i] < l.a[j]:
			return 1
		}
		return 0
	})
	total := 0.0
	for _, j := range idx {
		total += l.a[j]
	}
	acc := 0.0
	for _, j := range idx {
		if acc >= total/2 {
			break
		}
		acc += l.a[j]
		l.heavy[j] = true
		l.heavyN++
	}
}

// Decision writes what step s made of its sum, in the words of the notes
// (seed 003's P(Y | x), with the tie rule's prediction reported):
//
//	f(x₃) = w₀ + Σ = 0.2 + 0.21 = 0.41, P(y=+1 | x₃) = σ(0.41) = 0.6; y₃ = −1, g = 1 − P(y₃ | x₃) = 0.6 (predicts +1 ✗)
func (l *Logistic) Decision(s Step) string {
	sub := Sub(s.I + 1)
	d := fmt.Sprintf("f(x%s) = w₀ + Σ = %s, P(y=+1 | x%s) = σ(%s) = %s; y%s = %s, g = 1 − P(y%s | x%s) = %s",
		sub, offsetSum(s.Offset, s.SumValue(), s.F), sub, Num(s.F), Num(sigma(s.F)), sub, Sign(s.Y), sub, sub, Num(logisticGain(s.F, s.Y)))
	what := "✓"
	if s.Mistake {
		what = "✗"
	}
	if s.Prediction == 0 {
		return d + " (y" + sub + "·f = 0 ≤ 0 " + what + ")"
	}
	return d + " (predicts " + Sign(s.Prediction) + " " + what + ")"
}

// offsetSum writes w₀ + Σ = f with the numbers: "0.2 + 0.21 = 0.41",
// "−0.5 − 0.3 = −0.8".
func offsetSum(w0, sum, f float64) string {
	op := " + "
	if sum < 0 {
		op, sum = " − ", -sum
	}
	return Num(w0) + op + Num(sum) + " = " + Num(f)
}

// Update writes the update of step s, after "every α ×= 1 − ηλ = 0.99,
// then" when λ > 0, with how sure f was when it was sure:
//
//	α₃ += η·g = 0.6, w₀ −= 0.6 (w₀ = −0.6)
//	α₄ += η·g = 0.0773 (confidently right: almost nothing), w₀ −= 0.0773 (w₀ = −0.06709)
func (l *Logistic) Update(s Step) string {
	g := logisticGain(s.F, s.Y)
	step := l.eta * g
	var b strings.Builder
	if l.lambda > 0 && s.T > 1 {
		fmt.Fprintf(&b, "every α ×= 1 − ηλ = %s, then ", Num(l.decay))
	}
	sub := Sub(s.I + 1)
	fmt.Fprintf(&b, "α%s += η·g = %s", sub, Num(step))
	switch {
	case g >= 0.9:
		b.WriteString(" (confidently wrong: nearly η)")
	case g <= 0.1:
		b.WriteString(" (confidently right: almost nothing)")
	}
	op := "+="
	if s.Y < 0 {
		op = "−="
	}
	fmt.Fprintf(&b, ", w₀ %s %s (w₀ = %s)", op, Num(step), Num(s.Offset+float64(s.Y)*step))
	return b.String()
}

// StepValues are the step's P(y = +1 | xᵢ) = σ(fᵢ), its g and w₀ after
// it.
func (l *Logistic) StepValues(s Step) []Value {
	g := logisticGain(s.F, s.Y)
	return []Value{{Key: "p", Symbol: "P(y=+1 | x)", V: sigma(s.F)}, {Key: "g", Symbol: "g", V: g},
		{Key: "w0", Symbol: "w₀", V: s.Offset + float64(s.Y)*l.eta*g}}
}

// RunValues are w₀ and the mean log-loss of f now.
func (l *Logistic) RunValues() []Value {
	return []Value{{Key: "w0", Symbol: "w₀", V: l.w0}, {Key: "loss", Symbol: "mean log-loss", V: l.LogLoss()}}
}

// Function writes f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) + w₀, as the perceptron's is
// written with the offset called w₀ (seed 003).
func (l *Logistic) Function() string {
	f := writeFunction(l, l.cfg.Bias)
	f = strings.Replace(f, "f(x) = b = ", "f(x) = w₀ = ", 1)
	return strings.Replace(f, "K(xⱼ, x) + b = ", "K(xⱼ, x) + w₀ = ", 1)
}

// Outcome says that logistic regression ran its passes: it has no
// convergence of its own.
func (l *Logistic) Outcome() string {
	if l.state == Running {
		return ""
	}
	if l.cfg.Epochs == 0 {
		return "no passes: --epochs 0 allows none"
	}
	return fmt.Sprintf("ran its %s (%s, %s by the tie rule, reported only): logistic regression runs every pass it is given and does not converge in a finite number of steps; mean log-loss %s, training accuracy %s",
		countOf(l.epoch, "pass", "passes"), countOf(l.t, "step", "steps"), countOf(l.mistakes, "mistake", "mistakes"),
		Num(l.LogLoss()), Num(100*l.Accuracy())+"%")
}
