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
// differ only in how a cell is escaped.
type Row struct {
	// Step is the step number T; Pass the pass t; I the example, from 1.
	Step, Pass, I int
	// Sum is f(xᵢ) term by term and its value (Sum).
	Sum string
	// Prediction is what the tie rule made of f(xᵢ) against yᵢ (Decision
	// without its ✓/✗, which Mistake carries).
	Prediction string
	// Mistake reports an update.
	Mistake bool
	// Alpha is α after the step: the whole vector for n ≤ AllTermsUpTo
	// (as the notes write "new a = [1,0,0,0]"), else the αᵢ a mistake
	// changed ("α₁₂ = 3"), else "".
	Alpha string
}

// TableHeader names the columns of a Row, in order.
var TableHeader = []string{"step", "t", "i", "Σₖ αₖ yₖ K(xₖ, xᵢ) = f(xᵢ)", "prediction", "mistake", "α after"}

// TableRow writes step s as a Row. Call it right after the step, as Step:
// its sum's zero terms and α read l.
func TableRow(l Learner, s learn.Step) Row {
	d := Decision(s, l.Config().Tie)
	d = strings.Replace(strings.Replace(d, " ✓", "", 1), " ✗", "", 1)
	r := Row{Step: s.T, Pass: s.Epoch, I: s.I + 1, Sum: Sum(l, s), Prediction: d, Mistake: s.Mistake}
	switch u := Update(l, s); {
	case u != "" && strings.Contains(u, "new "):
		// "mistake → α₁ += 1, new α = [1, 0, 0, 0]" and, after a budget
		// learner's update, what it forgot on the next line.
		r.Alpha = strings.ReplaceAll(u[strings.Index(u, "new ")+len("new "):], "\n", "; ")
	case u != "":
		r.Alpha = u // the stoptron, full: α stays
	case l.N() <= AllTermsUpTo:
		r.Alpha = Alphas(l)
	}
	return r
}

// Cells are the row's fields as text, in TableHeader's order.
func (r Row) Cells() []string {
	mistake := "✓ no"
	if r.Mistake {
		mistake = "✗ yes"
	}
	return []string{strconv.Itoa(r.Step), strconv.Itoa(r.Pass), strconv.Itoa(r.I), r.Sum, r.Prediction, mistake, r.Alpha}
}
