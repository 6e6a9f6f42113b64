package notation

import (
	"fmt"
	"math"
	"strings"

	"kernelscope/learn"
)

// SVM is what the notation reads from a support vector machine: a
// learner that steps a pair at a time, keeps α in [0, C] and maximises a
// dual objective. *learn.SVM satisfies it.
type SVM interface {
	learn.PairStepper
	learn.Boxed
	learn.DualSolver
}

// C writes C for people: a number, or ∞ for the hard margin.
func C(c float64) string {
	if math.IsInf(c, 1) {
		return "∞"
	}
	return learn.Num(c)
}

// Pair writes one SMO iteration as the notes would (seed 004: the dual,
// "a sequence of smaller" problems), with the violation that chose the pair
// and what the update did to α and D:
//
//	iteration 7: pair (3, 12), violation m − M = 0.84; α₃ 0 → 0.41, α₁₂ 0.2 → 0.61; D(α) 0.93 → 1.12
//	iteration 9: pair (5, 2), violation m − M = 0.3; α₅ 0.7 → 1, clipped at C = 1, α₂ 0 → 0.3; D(α) 1.4 → 1.5
//
// Indices are 1-based, as everywhere the notes number examples. c is C.
func Pair(t int, p learn.PairStep, c float64) string {
	return fmt.Sprintf("iteration %d: pair (%d, %d), violation m − M = %s; %s, %s; D(α) %s → %s",
		t, p.I+1, p.J+1, learn.Num(p.Gap),
		move(p.I, p.AlphaI, p.ClipI, c), move(p.J, p.AlphaJ, p.ClipJ, c),
		learn.Num(p.Objective[0]), learn.Num(p.Objective[1]))
}

// move writes "α₃ 0 → 0.41", with ", clipped at C = 1" or ", clipped at 0"
// when a bound of the box stopped it.
func move(i int, a [2]float64, clip learn.Bound, c float64) string {
	s := fmt.Sprintf("α%s %s → %s", learn.Sub(i+1), learn.Num(a[0]), learn.Num(a[1]))
	if a[0] != a[1] && learn.Num(a[0]) == learn.Num(a[1]) {
		// Four digits hide a small move on a large α: say how large.
		d := a[1] - a[0]
		sign := "+"
		if d < 0 {
			sign, d = "−", -d
		}
		s += " (" + sign + learn.Num(d) + ")"
	}
	switch clip {
	case learn.AtC:
		s += ", clipped at C = " + C(c)
	case learn.AtZero:
		s += ", clipped at 0"
	}
	return s
}

// NextPair writes the pair the next iteration will update:
//
//	next: pair (4, 9), violation m − M = 0.12 > tol 0.001
func NextPair(s SVM) string {
	i, j := s.NextPair()
	if i < 0 {
		return ""
	}
	return fmt.Sprintf("next: pair (%d, %d), violation m − M = %s > tol %s", i+1, j+1, learn.Num(s.Gap()), learn.Num(s.Tol()))
}

// SVMOutcome writes how an SVM run ended:
//
//	converged after 12 iterations: m − M = 0.0004 ≤ tol 0.001
//	stopped at the cap of 100 iterations with m − M = 0.3 > tol 0.001
func SVMOutcome(s SVM) string {
	switch s.State() {
	case learn.Converged:
		return fmt.Sprintf("converged after %s: m − M = %s ≤ tol %s", plural(s.T(), "iteration"), learn.Num(s.Gap()), learn.Num(s.Tol()))
	case learn.Capped:
		return fmt.Sprintf("stopped at the cap of %s with m − M = %s > tol %s", plural(s.MaxIter(), "iteration"), learn.Num(s.Gap()), learn.Num(s.Tol()))
	}
	return fmt.Sprintf("running: %s so far, m − M = %s", plural(s.T(), "iteration"), learn.Num(s.Gap()))
}

// Margin writes b, the margin γ and the width 2/‖w‖, and the support
// vectors split as seed 004 and the soft margin of seed 001 do:
//
//	b = −1, margin γ = min yᵢf(xᵢ)/‖w‖ = 1, width 2/‖w‖ = 2; support vectors: 2 of 3, free (on the margin, y·f = 1): x₁, x₃; at C (inside the margin or misclassified): none
func Margin(s SVM) string {
	var free, bound []string
	for _, i := range s.SupportVectors() {
		name := "x" + learn.Sub(i+1)
		if s.AtBound(i) {
			bound = append(bound, name)
		} else {
			free = append(free, name)
		}
	}
	return fmt.Sprintf("b = %s, %s; support vectors: %d of %d, free (on the margin, y·f = 1): %s; at C (inside the margin or misclassified): %s",
		learn.Num(s.Offset()), marginAndWidth(s), len(s.SupportVectors()), s.N(), names(free), names(bound))
}

// names lists up to maxListedSupportVectors names, then how many more.
func names(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	if len(xs) > maxListedSupportVectors {
		return strings.Join(xs[:maxListedSupportVectors], ", ") + fmt.Sprintf(" and %d more", len(xs)-maxListedSupportVectors)
	}
	return strings.Join(xs, ", ")
}
