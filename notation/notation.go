// Package notation writes the kernel perceptron the way the lecture notes
// write it: a step, the sum f(xᵢ) = Σ αₖ yₖ K(xₖ, xᵢ) term by term, the
// update after a mistake, a run's summary and the learned function. Both
// `kernelscope trace --format text` and the terminal program's narration
// call it, so they write every step the same way by construction.
//
// One step is one line, as seed 003 writes its worked example ("t=2, i=1
// … Σₖ aᵏ K(xᵏ, x¹) = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1"):
//
//	t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]
//
// t counts passes, as in the notes, and the step number follows at the end.
// Each term is the coefficient αₖyₖ times K(xₖ, xᵢ) ("0x4" in seed 003,
// "−1 · 0" in seed 004), its sign folded into the operator and a negative
// kernel value in parentheses. A mistake is followed by its update, as
// seed 003's "a¹ += y¹ → a¹ += 1, new a = [1,0,0,0]":
//
//	mistake → α₁ += 1, new α = [1, 0, 0, 0]
//
// The package does no I/O and needs no concrete learner: anything with the
// methods of Learner (today *learn.Perceptron) can be written.
package notation

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kernelscope/learn"
)

// Learner is what the notation reads from a kernel perceptron.
// *learn.Perceptron satisfies it.
type Learner interface {
	// N is the number of examples.
	N() int
	// Y is the label (±1) of example i (0-based).
	Y(i int) int
	// Alpha is αᵢ.
	Alpha(i int) float64
	// K is K(xᵢ, xⱼ).
	K(i, j int) float64
	// SupportVectors are the indices with α > 0, ascending.
	SupportVectors() []int
	// Config gives the tie rule and η.
	Config() learn.Config
}

// Run is a Learner with its progress, for the summary at the end of a run.
// *learn.Perceptron satisfies it.
type Run interface {
	Learner
	State() learn.State
	Epoch() int
	T() int
	Mistakes() int
	EpochMistakes() int
	// Function writes the learned decision function (learn's notation).
	Function() string
}

// AllTermsUpTo is the largest n for which a sum is written term by term,
// zeros included, as the notes do.
const AllTermsUpTo = 8

// ManyTerms is the number of nonzero terms beyond which a larger sum is
// written as "Σ over k support vectors".
const ManyTerms = 8

// Step writes step s as one line. Call it right after the step: its zero
// terms read K from l, and s.Terms must have been recorded
// (learn.Config.Narrate).
func Step(l Learner, s learn.Step) string {
	return Line(l, s, Sum(l, s))
}

// Line writes step s as one line around its sum, written earlier by Sum
// (for a caller that keeps the sum and drops s.Terms):
//
//	t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)   [step 1]
//
// A learner with a rule of its own (learn.Explainer) writes what follows
// the arrow.
func Line(l Learner, s learn.Step, sum string) string {
	return fmt.Sprintf("t=%d, i=%d: Σ αₖ yₖ K(xₖ, x%s) = %s → %s   [step %d]",
		s.Epoch, s.I+1, learn.Sub(s.I+1), sum, Decision(l, s), s.T)
}

// Sum writes the sum f(xᵢ) = Σ αₖ yₖ K(xₖ, xᵢ) of step s and its value:
//
//	n ≤ AllTermsUpTo:  every term, zeros included: "1·4 + 0·0 + 0·4 + 0·0 = 4"
//	larger n:          the nonzero terms: "1·0.3679 − 2·(−0.5) = 1.368"
//	                   or, beyond ManyTerms of them, "Σ over 27 support vectors = 0.3571"
//	                   or, with none, "0 (every α is 0)"
//
// The terms are s.Terms (learn.Config.Narrate); the zero ones read
// K(xₖ, xᵢ) from l.
func Sum(l Learner, s learn.Step) string {
	f := learn.Num(s.SumValue())
	if n := l.N(); n <= AllTermsUpTo {
		var b strings.Builder
		next := 0
		for k := range n {
			coef, kv := 0.0, 0.0
			if next < len(s.Terms) && s.Terms[next].J == k {
				t := s.Terms[next]
				coef, kv = t.Alpha*float64(t.Y), t.K
				next++
			} else {
				kv = l.K(k, s.I)
			}
			writeTerm(&b, coef, kv, k == 0)
		}
		return b.String() + " = " + f
	}
	switch {
	case len(s.Terms) == 0:
		return "0 (every α is 0)"
	case len(s.Terms) > ManyTerms:
		if _, dense := l.(learn.Dense); dense {
			// Every example visited weighs in: "support vectors" would
			// say otherwise.
			return fmt.Sprintf("Σ over %d examples = %s", len(s.Terms), f)
		}
		return fmt.Sprintf("Σ over %d support vectors = %s", len(s.Terms), f)
	}
	var b strings.Builder
	for n, t := range s.Terms {
		writeTerm(&b, t.Alpha*float64(t.Y), t.K, n == 0)
	}
	return b.String() + " = " + f
}

// writeOffset writes " + b" or " − |b|" with b's value, nothing for b = 0.
func writeOffset(b *strings.Builder, off float64) {
	switch {
	case off > 0:
		b.WriteString(" + " + learn.Num(off))
	case off < 0:
		b.WriteString(" − " + learn.Num(-off))
	}
}

// writeTerm writes the term "c·K" with the sign of c folded into the
// operator ("1·4 − 1·6", as seed 004 writes "1 · x̃₂·x̃₃ − 1 · x̃₃·x̃₃") and
// a negative K in parentheses.
func writeTerm(b *strings.Builder, coef, k float64, first bool) {
	switch {
	case first && coef < 0:
		b.WriteString("−")
	case !first && coef < 0:
		b.WriteString(" − ")
	case !first:
		b.WriteString(" + ")
	}
	b.WriteString(learn.Num(math.Abs(coef)) + "·")
	if k < 0 {
		b.WriteString("(" + learn.Num(k) + ")")
	} else {
		b.WriteString(learn.Num(k))
	}
}

// Decision writes what the step made of f(xᵢ): a learner with a rule of
// its own (learn.Explainer) writes it; for the others, the tie rule's
// prediction and whether it was right (Predicted).
func Decision(l Learner, s learn.Step) string {
	if e, ok := l.(learn.Explainer); ok {
		return e.Decision(s)
	}
	return Predicted(s, l.Config().Tie)
}

// Predicted writes what the tie rule made of f(xᵢ), and whether it was right:
//
//	sign(4) = +1 = y₁ ✓
//	sign(−6) = −1 ≠ y₂ = +1 ✗
//	sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)      f = 0 under sign(0) = −1 (seed 003)
//	sign(0) = +1 = y₁ ✓ (tie rule pos)           f = 0 under sign(0) = +1 (seed 004)
//	y₁·f = 0 ≤ 0 ✗ (tie rule mistake)            f = 0 under yᵢ·f ≤ 0 (seed 001)
func Predicted(s learn.Step, tie learn.Tie) string {
	sub := learn.Sub(s.I + 1)
	var d string
	switch {
	case s.Prediction == 0:
		d = fmt.Sprintf("y%s·f = 0 ≤ 0 ✗", sub)
	case s.Prediction == s.Y:
		d = fmt.Sprintf("sign(%s) = %s = y%s ✓", learn.Num(s.F), learn.Sign(s.Prediction), sub)
	default:
		d = fmt.Sprintf("sign(%s) = %s ≠ y%s = %s ✗", learn.Num(s.F), learn.Sign(s.Prediction), sub, learn.Sign(s.Y))
	}
	if s.F == 0 {
		d += " (tie rule " + tie.String() + ")"
	}
	return d
}

// Update writes the update a mistaken step made, or "" for a correct step,
// as seed 003 writes "a¹ += y¹ → a¹ += 1, new a = [1,0,0,0]":
//
//	mistake → α₁ += 1, new α = [1, 0, 0, 0]     n ≤ AllTermsUpTo
//	mistake → α₁₂ += 1, new α₁₂ = 3             larger n
//
// and, for a budget learner that forgot on the mistake, what it forgot in
// the order it happened: after the add for the Forgetron (α after the
// shrink last), before it for the budget perceptron,
//
//	mistake → budget 5 full: forget x₁₂ (drawn at random), α₁₂ 2 → 0
//	then α₇ += 1, new α₇ = 1
//
// (α counts updates of size η; the label is yₖ in the sum.) Call it while
// l's α is as step s left it.
func Update(l Learner, s learn.Step) string {
	tail := func(s learn.Step) string {
		if l.N() <= AllTermsUpTo {
			return Alphas(l)
		}
		return "α" + learn.Sub(s.I+1) + " = " + learn.Num(s.Alpha)
	}
	if e, ok := l.(learn.Explainer); ok {
		// "update → α₁ += τ = 0.25, new α = [0.25, 0, 0, 0]"
		if u := e.Update(s); u != "" {
			return "update → " + u + ", new " + tail(s)
		}
		return ""
	}
	if !s.Mistake {
		return ""
	}
	sub := learn.Sub(s.I + 1)
	fg := s.Forget
	if fg != nil && fg.Frozen {
		return fmt.Sprintf("mistake, but the budget of %s is full: the stoptron has stopped, α stays", plural(fg.Budget, "support vector"))
	}
	// A learner whose α is a sum of weights σ appends an element (i,
	// σ = 1) to its active set (the Forgetron); the others add η.
	step, grow := "1", "+= σ ="
	if l.Config().Kind().Alpha == "" {
		step, grow = learn.Num(l.Config().Param("eta")), "+="
	}
	head := fmt.Sprintf("mistake → α%s %s %s, new ", sub, grow, step)
	switch {
	case fg != nil && fg.Removed >= 0 && fg.Random:
		// The budget perceptron forgets first, to make room, then adds:
		// in that order, as it happened (the one forgotten may be xᵢ).
		return "mistake → " + Forget(*fg) + "\nthen α" + sub + " " + grow + " " + step + ", new " + tail(s)
	case fg != nil && fg.Removed >= 0:
		// The Forgetron adds, then shrinks and forgets what exceeds the
		// budget: α after the step is the added σ shrunk, so it comes
		// last ("α₅₁ += σ = 1" … "shrink every σ by φ = 0.93", "new α₅₁ =
		// 0.93").
		return fmt.Sprintf("mistake → α%s %s %s", sub, grow, step) + "\n" + Forget(*fg) + ", new " + tail(s)
	}
	return head + tail(s)
}

// Alphas writes the α vector: "α = [1, 0, 0, 0]".
func Alphas(l Learner) string {
	parts := make([]string, l.N())
	for j := range parts {
		parts[j] = learn.Num(l.Alpha(j))
	}
	return "α = [" + strings.Join(parts, ", ") + "]"
}

// Outcome writes how a run ended:
//
//	converged after 2 passes (8 steps, 1 mistake): every example is classified correctly
func Outcome(r Run) string {
	if e, ok := r.(learn.Explainer); ok && r.State() != learn.Running {
		if o := e.Outcome(); o != "" {
			return o
		}
	}
	switch {
	case r.Config().Epochs == 0:
		return "no passes: --epochs 0 allows none"
	case r.State() == learn.Converged:
		return fmt.Sprintf("converged after %s (%s, %s): every example is classified correctly",
			plural(r.Epoch(), "pass"), plural(r.T(), "step"), plural(r.Mistakes(), "mistake"))
	case r.State() == learn.Capped:
		return fmt.Sprintf("not converged: stopped at the cap of %s (%s, %s; %d in the last pass). %s",
			plural(r.Config().Epochs, "pass"), plural(r.T(), "step"), plural(r.Mistakes(), "mistake"), r.EpochMistakes(), CapReason(r))
	}
	return fmt.Sprintf("running: %s (%s, %s) so far",
		plural(r.Epoch(), "pass"), plural(r.T(), "step"), plural(r.Mistakes(), "mistake"))
}

// separableEvidence is the number of passes after which mistakes that go
// on are taken as a sign that the data may not be separable with the
// kernel. The perceptron convergence theorem (seed 002, Novikoff) bounds
// the mistakes on separable data by (R/γ)², which a small cap can simply
// not reach; only a long run with mistakes in every pass hints otherwise.
const separableEvidence = 20

// CapReason says why training stopped at the cap, and suggests that the
// data may not be separable only when the cap was long enough to say so.
func CapReason(r Run) string {
	if b, ok := r.(interface {
		StopsWhenFull() bool
		BudgetFull() bool
	}); ok && b.StopsWhenFull() && b.BudgetFull() {
		// The Stoptron: its budget is full, so α no longer changes and
		// the mistakes it still makes go on for ever, separable or not.
		return "The budget is full, so α stopped changing: the mistakes that remain are the Stoptron's, not the data's."
	}
	if r.EpochMistakes() == 0 {
		// A learner that updates without a mistake (passive-aggressive,
		// Pegasos: whenever yᵢf(xᵢ) < 1) can classify every point and
		// still update in every pass.
		return "No mistake in the last pass, but updates go on where yᵢf(xᵢ) < 1 (inside the margin): read the accuracy; more passes only refine f."
	}
	if r.Config().Epochs < separableEvidence {
		return fmt.Sprintf("The cap of %s stopped it, not the data: allow more passes to go on.", plural(r.Config().Epochs, "pass"))
	}
	return fmt.Sprintf("Mistakes in every one of %s: the data may not be separable with this kernel (or the margin is tiny).", plural(r.Config().Epochs, "pass"))
}

// ScaleHint suggests z-scores for data in raw units that stopped at the
// cap, with how to get them (try: "--standardize", or a key):
//
//	The columns differ in scale ×922: try --standardize (z-scores: mean 0, sd 1 each).
func ScaleHint(ratio float64, try string) string {
	return fmt.Sprintf("The columns differ in scale ×%s: try %s (z-scores: mean 0, sd 1 each).", learn.Num(math.Round(ratio)), try)
}

// maxListedSupportVectors is how many support vectors SupportVectors names.
const maxListedSupportVectors = 20

// SupportVectors writes the support vectors and their α:
//
//	support vectors: 2 of 3 (α₂ = 1, α₃ = 1)
func SupportVectors(l Learner) string {
	if d, ok := l.(learn.Dense); ok {
		return Heavy(d)
	}
	svs := l.SupportVectors()
	s := fmt.Sprintf("support vectors: %d of %d", len(svs), l.N())
	if len(svs) == 0 || len(svs) > maxListedSupportVectors {
		return s
	}
	parts := make([]string, len(svs))
	for n, j := range svs {
		parts[n] = "α" + learn.Sub(j+1) + " = " + learn.Num(l.Alpha(j))
	}
	return s + " (" + strings.Join(parts, ", ") + ")"
}

// Heavy writes what takes the support vectors' place for a learner that
// gives every example weight (learn.Dense): how many have α > 0, and the
// fewest that hold half of Σα, the examples f leans on most:
//
//	α > 0 for 4 of 4 (no support vectors: every example weighs in f); half of Σα is on 2: α₁ = 0.58, α₂ = 0.68
func Heavy(d learn.Dense) string {
	s := fmt.Sprintf("α > 0 for %d of %d (no support vectors: every example visited weighs in f)", len(d.SupportVectors()), d.N())
	n := d.HeavyCount()
	if n == 0 {
		return s
	}
	s += fmt.Sprintf("; half of Σα is on %s", plural(n, "example"))
	if n > maxListedSupportVectors {
		return s
	}
	var parts []string
	for j := range d.N() {
		if d.Heavy(j) {
			parts = append(parts, "α"+learn.Sub(j+1)+" = "+learn.Num(d.Alpha(j)))
		}
	}
	return s + ": " + strings.Join(parts, ", ")
}

// Function writes the learned decision function; it is learn's
// (seed 003: "y = Σₖ aᵏ K(xᵏ, x) = 1 × K(x¹, x) + … = (x₁ + x₂)²").
func Function(r Run) string { return r.Function() }

// Summary closes a run in three lines, each ending in a newline: the
// Outcome, the SupportVectors and the Function.
func Summary(r Run) string {
	return Outcome(r) + "\n" + SupportVectors(r) + "\n" + Function(r) + "\n"
}

// Passes writes a number of passes over the data: "1 pass", "100 passes"
// (the notes' word for what the code calls an epoch).
func Passes(n int) string { return plural(n, "pass") }

// Iterations writes a count of SMO iterations: "1 iteration", "2 iterations".
func Iterations(n int) string { return plural(n, "iteration") }

// Count writes a count and its noun, singular for one: "1 mistake",
// "2 mistakes", "1 point", "3 passes".
func Count(n int, word string) string { return plural(n, word) }

// plural writes a count and its noun: "1 step", "2 steps", "2 passes".
func plural(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "s"):
		return strconv.Itoa(n) + " " + word + "es" // passes
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// Probe writes what the learned function says at an input point, the
// exam question "what does it predict here, and why?":
//
//	f(0.5, −0.2) = Σ αₖ yₖ K(xₖ, x) = 1·0.09 = 0.09 → sign(0.09) = +1: predicts +1
//
// the terms are those of the support vectors in dataset order, summed in
// that order (as learn's Decide does), collapsed beyond ManyTerms.
//
// A learner that models P(y = +1 | x) (learn.Probabilistic) adds it, and
// calls its offset w₀ as seed 003 does:
//
//	f(0.5, −0.2) = Σ αₖ yₖ K(xₖ, x) + w₀ = … = 0.41 → P(y=+1 | x) = σ(0.41) = 0.6: predicts +1
func Probe(e learn.Expansion, tie learn.Tie, x1, x2 float64) string {
	x := e.Embed(x1, x2)
	k := e.Kernel()
	off := e.Offset()
	pr, probabilistic := e.(learn.Probabilistic)
	offName := "b"
	if probabilistic {
		offName = "w₀"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "f(%s, %s) = Σ αₖ yₖ K(xₖ, x)", learn.Num(x1), learn.Num(x2))
	if off != 0 {
		// The SVM's offset (seed 004's w₀), written so the sum adds up.
		b.WriteString(" + " + offName)
	}
	b.WriteString(" = ")
	svs := e.SupportVectors()
	f := 0.0
	for n, j := range svs {
		c, kv := e.Coef(j), k.Eval(e.X(j), x)
		f += c * kv
		if len(svs) <= ManyTerms {
			writeTerm(&b, c, kv, n == 0)
		}
	}
	f += off
	switch {
	case len(svs) == 0 && off != 0:
		b.WriteString(learn.Num(off) + " (every α is 0: f = " + offName + ")")
	case len(svs) == 0:
		b.WriteString("0 (every α is 0)")
	case len(svs) > ManyTerms && probabilistic:
		fmt.Fprintf(&b, "Σ over %d examples", len(svs))
		writeOffset(&b, off)
		b.WriteString(" = " + learn.Num(f))
	case len(svs) > ManyTerms:
		fmt.Fprintf(&b, "Σ over %d support vectors", len(svs))
		writeOffset(&b, off)
		b.WriteString(" = " + learn.Num(f))
	default:
		writeOffset(&b, off)
		b.WriteString(" = " + learn.Num(f))
	}
	if probabilistic {
		fmt.Fprintf(&b, " → P(y=+1 | x) = σ(%s) = %s", learn.Num(f), learn.Num(pr.Probability(f)))
	}
	pred, _ := tie.Predict(f, 1)
	if pred == 0 {
		fmt.Fprintf(&b, " → f = 0: no class (tie rule %s: a mistake whatever the label)", tie)
		return b.String()
	}
	if probabilistic {
		fmt.Fprintf(&b, ", sign(%s) = %s", learn.Num(f), learn.Sign(pred))
	} else {
		fmt.Fprintf(&b, " → sign(%s) = %s", learn.Num(f), learn.Sign(pred))
	}
	if f == 0 {
		fmt.Fprintf(&b, " (tie rule %s)", tie)
	}
	fmt.Fprintf(&b, ": predicts %s", learn.Sign(pred))
	return b.String()
}
