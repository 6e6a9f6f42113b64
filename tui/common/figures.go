package common

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// margin is the learner's margin and the formula it comes from: the
// perceptron's geometric margin min yᵢf(xᵢ)/‖w‖ (seed 004: the distance
// in feature space from the boundary to the nearest training point,
// negative while one is on the wrong side), the SVM's band 2/‖w‖ between
// f = −1 and f = +1 (at the hard-margin optimum twice the geometric
// margin, since there min yᵢf(xᵢ) = 1). short is the formula in a few
// cells. ok is false when there is none: w = 0, or ‖w‖² ≤ 0 for a kernel
// that is not PSD (why says which).
func margin(p learn.Learner) (formula, short string, v float64, ok bool, why string) {
	formula, short = "min yᵢf(xᵢ)/‖w‖", "min yᵢfᵢ/‖w‖"
	_, svm := p.(learn.DualSolver)
	if svm {
		formula, short = "2/‖w‖", "2/‖w‖"
	}
	n2 := learn.NormW2(p)
	switch {
	case len(p.SupportVectors()) == 0 || p.N() == 0:
		return formula, short, 0, false, "w = 0"
	case !(n2 > 0) || !IsFinite(n2):
		return formula, short, 0, false, "‖w‖² = " + Num(n2, 7) + " ≤ 0: K is not PSD here"
	case svm:
		return formula, short, 2 / math.Sqrt(n2), true, ""
	}
	low := math.Inf(1)
	for i := range p.N() {
		low = math.Min(low, float64(p.Y(i))*p.Score(i))
	}
	return formula, short, low / math.Sqrt(n2), true, ""
}

// MarginText writes the margin with its formula: "margin 2/‖w‖ = 0.44".
func MarginText(p learn.Learner) string {
	formula, _, v, ok, why := margin(p)
	if !ok {
		return "margin " + formula + ": none (" + why + ")"
	}
	return "margin " + formula + " = " + Num(v, 7)
}

// Figures is a comparison pane's line, at most w cells wide when it can
// be: the learner's margin with its formula, its support vectors (the
// SVM's split into free and at C), its training accuracy and how far it has
// come; shorter forms where the long one does not fit.
func Figures(s Session, w int) string {
	p := s.Learner()
	n := len(p.SupportVectors())
	done := ""
	if p.State() == learn.Converged {
		done = " ✓"
	}
	long := []string{MarginText(p), fmt.Sprintf("SV %d/%d", n, p.N()), fmt.Sprintf("accuracy %.0f%%", s.Accuracy()), fmt.Sprintf("iteration %d%s", p.T(), done)}
	short := []string{MarginText(p), fmt.Sprintf("SV %d", n), fmt.Sprintf("acc %.0f%%", s.Accuracy())}
	if ps := s.Passer(); ps != nil {
		long[3] = fmt.Sprintf("pass %d, step %d%s", ps.Epoch(), p.T(), done)
	}
	if s.Boxed() != nil {
		free, bound := s.SVCounts()
		long[1] += fmt.Sprintf(" (%d free, %d at C)", free, bound)
		short[1] = fmt.Sprintf("SV %d: %d free, %d at C", n, free, bound)
	}
	// The tightest: the formula in short, the counts and the accuracy.
	_, formula, v, ok, why := margin(p)
	tight := []string{formula + " = " + Num(v, 7), fmt.Sprintf("SV %d", n), fmt.Sprintf("%.0f%%", s.Accuracy())}
	if !ok {
		tight[0] = why
	}
	if s.Boxed() != nil {
		_, bound := s.SVCounts()
		tight[1] += fmt.Sprintf(", %d at C", bound)
	}
	for _, parts := range [][]string{long, short} {
		if text := " " + strings.Join(parts, " │ "); ansi.StringWidth(text) <= w {
			return text
		}
	}
	return " " + strings.Join(tight, " · ")
}
