package notation

import (
	"strconv"
	"strings"

	"kernelscope/learn"
)

// A Row is one step of a run as a handout's table writes it, one cell a
// field, in the notes' notation (seed 003's worked example, one line a
// step: "t=1, i=1 … Σₖ aᵏ K(xᵏ, x¹) = 0x4 + 0x0 + 0x4 + 0x0 = 0,
// sign(0) = −1 … new a = [1,0,0,0]"):
//
//	step  t  i  Σₖ αₖ yₖ K(xₖ, xᵢ) = f(xᵢ)   prediction                            mistake  α after
//	1     1  1  0·4 + 0·0 + 0·4 + 0·0 = 0   sign(0) = −1 ≠ y₁ = +1 (tie rule neg)  ✗ yes    α = [1, 0, 0, 0]
//
// `trace --format markdown` and `--format latex` write the same rows and
// differ only in how a cell is escaped and the cells are joined.
type Row struct {
	// Step is the step number T; Pass the pass t; I the example, from 1.
	Step, Pass, I int
	// Sum is f(xᵢ) term by term and its value (Sum).
	Sum string
	// Prediction is what the tie rule made of f(xᵢ) against yᵢ: Decision
	// without its ✓/✗, which Mistake carries.
	Prediction string
	// Mistake reports a mistake (an update, unless the stoptron is full).
	Mistake bool
	// Alpha is α after the step (AlphaAfter).
	Alpha string
}

// TableHeader names the columns of a Row, in the order of Cells.
var TableHeader = []string{"step", "t", "i", "Σₖ αₖ yₖ K(xₖ, xᵢ) = f(xᵢ)", "prediction", "mistake", "α after"}

// TableRow writes step s as a Row. Call it right after the step, as Step:
// the sum's zero terms and α read l.
func TableRow(l Learner, s learn.Step) Row {
	d := Decision(l, s)
	d = strings.Replace(strings.Replace(d, " ✓", "", 1), " ✗", "", 1)
	return Row{Step: s.T, Pass: s.Epoch, I: s.I + 1, Sum: Sum(l, s), Prediction: d, Mistake: s.Mistake, Alpha: AlphaAfter(l, s)}
}

// AlphaAfter writes α after step s, as the α column of a table does:
//
//	α = [1, 0, 0, 0]                    n ≤ AllTermsUpTo: the whole vector, every step
//	α₁₂ = 3                             larger n: the αᵢ a mistake changed
//	""                                  larger n, no mistake: α did not change
//
// followed, after "; ", by what a budget learner did on the mistake: what
// it forgot (Forget), or that the stoptron's budget is full and α stays.
// The budget perceptron forgets before it adds, so there the forget comes
// first: "budget 1 full: forget x₁ (drawn at random), α₁ 0.5 → 0; then
// α = [0, 0.5]".
// Call it while l's α is as step s left it.
func AlphaAfter(l Learner, s learn.Step) string {
	var parts []string
	fg := s.Forget
	frozen := s.Mistake && fg != nil && fg.Frozen
	switch {
	case l.N() <= AllTermsUpTo:
		parts = append(parts, Alphas(l))
	case (s.Mistake || s.Update) && !frozen:
		parts = append(parts, "α"+learn.Sub(s.I+1)+" = "+learn.Num(s.Alpha))
	}
	switch {
	case frozen:
		parts = append(parts, "the budget of "+plural(fg.Budget, "support vector")+" is full: α stays")
	case s.Mistake && fg != nil && fg.Removed >= 0 && fg.Random:
		// The budget perceptron forgot before it added: say so first.
		if len(parts) == 0 {
			return Forget(*fg)
		}
		return Forget(*fg) + "; then " + strings.Join(parts, "; ")
	case s.Mistake && fg != nil && fg.Removed >= 0:
		parts = append(parts, Forget(*fg))
	}
	return strings.Join(parts, "; ")
}

// Cells are the row's fields as text, in TableHeader's order. The mistake
// cell carries a word beside the mark ("✗ yes", "✓ no") so that it reads
// the same where ✓ and ✗ must be drawn otherwise (LaTeX's √ and ×).
func (r Row) Cells() []string {
	mistake := "✓ no"
	if r.Mistake {
		mistake = "✗ yes"
	}
	return []string{strconv.Itoa(r.Step), strconv.Itoa(r.Pass), strconv.Itoa(r.I), r.Sum, r.Prediction, mistake, r.Alpha}
}
