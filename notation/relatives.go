package notation

import (
	"fmt"
	"math"
	"strings"

	"kernelscope/learn"
)

// Forget writes what a budget learner forgot on a mistake:
//
//	budget 5 exceeded: forget x₁₂ (oldest), shrink every σ by φ = 0.83 (μ = 0.41; Q = 1.2 ≤ 15/32·M)
//	budget 5 full: forget x₁₂ (drawn at random), α₁₂ 2 → 0
//
// (the Forgetron of Dekel, Shalev-Shwartz & Singer 2008; the budget
// perceptron of Cavallanti, Cesa-Bianchi & Gentile 2007).
func Forget(fg learn.Forgetting) string {
	sub := learn.Sub(fg.Removed + 1)
	if fg.Random {
		return fmt.Sprintf("budget %d full: forget x%s (drawn at random), α%s %s → 0",
			fg.Budget, sub, sub, learn.Num(fg.RemovedAlpha))
	}
	return fmt.Sprintf("budget %d exceeded: forget x%s (oldest, σ = %s after the shrink), shrink every σ by φ = %s (μ = y·f′(x%s) = %s; Q = %s)",
		fg.Budget, sub, learn.Num(fg.RemovedAlpha), learn.Num(fg.Phi), sub, learn.Num(fg.Mu), learn.Num(fg.Q))
}

// Averages is what the averaged and voted perceptrons of Freund & Schapire
// (1999) make of a run, in three lines ending in newlines, or "" for
// other learners:
//
//	averaged perceptron: ᾱ = [0.75, 0, 0.5, 0]; training accuracy 100% (4 of 4)
//	voted perceptron: training accuracy 100% (4 of 4)
//	final perceptron: training accuracy 100% (4 of 4)
func Averages(l learn.Learner) string {
	p, ok := l.(learn.Averaging)
	if !ok {
		return ""
	}
	avg := p.AveragedAlpha()
	var b strings.Builder
	b.WriteString("averaged perceptron: ")
	if p.N() <= AllTermsUpTo {
		parts := make([]string, len(avg))
		for j, a := range avg {
			parts[j] = learn.Num(a)
		}
		b.WriteString("ᾱ = [" + strings.Join(parts, ", ") + "]; ")
	}
	fmt.Fprintf(&b, "training accuracy %s\n", accuracy(p.AveragedAccuracy(), p.N()))
	fmt.Fprintf(&b, "voted perceptron: training accuracy %s\n", accuracy(p.VotedAccuracy(), p.N()))
	fmt.Fprintf(&b, "final perceptron: training accuracy %s\n", accuracy(p.Accuracy(), p.N()))
	return b.String()
}

// accuracy writes a fraction of n examples right as "75% (3 of 4)".
func accuracy(frac float64, n int) string {
	if n == 0 {
		return "— (no examples)"
	}
	right := int(math.Round(frac * float64(n)))
	return fmt.Sprintf("%s%% (%d of %d)", learn.Num(100*float64(right)/float64(n)), right, n)
}

// Budget writes a budget learner's state after a run, ending in a newline,
// or "" for other learners:
//
//	budget 5 (forgetron): 5 support vectors; forgotten: x₃, x₇, x₁₂
func Budget(l learn.Learner) string {
	p, ok := l.(learn.Budgeted)
	if !ok {
		return ""
	}
	s := fmt.Sprintf("budget %d (%s): %s", p.Budget(), p.Config().Kind().Name, plural(len(p.SupportVectors()), "support vector"))
	if p.StopsWhenFull() && p.BudgetFull() {
		s += "; full, so α stopped changing"
	}
	var gone []string
	for j := range p.N() {
		if p.Forgotten(j) {
			gone = append(gone, "x"+learn.Sub(j+1))
		}
	}
	switch {
	case len(gone) > maxListedSupportVectors:
		s += fmt.Sprintf("; %d examples forgotten", len(gone))
	case len(gone) > 0:
		s += "; forgotten: " + strings.Join(gone, ", ")
	}
	return s + "\n"
}

// RunValues writes a learner's own quantities of a run on one line ending
// in a newline, or "" for a learner without them:
//
//	updates 12; 1/(λT) = 0.25
func RunValues(l learn.Learner) string {
	e, ok := l.(learn.Explainer)
	if !ok {
		return ""
	}
	var parts []string
	for _, v := range e.RunValues() {
		if v.Symbol == v.Key {
			parts = append(parts, v.Symbol+" "+learn.Num(v.V))
		} else {
			parts = append(parts, v.Symbol+" = "+learn.Num(v.V))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + "\n"
}
