package notation

import (
	"errors"
	"math"

	"kernelscope/learn"
)

// The margin has one definition for every learner, the geometric margin
// γ = min yᵢf(xᵢ)/‖w‖ (learn.GeometricMargin); the SVM's 2/‖w‖ is the
// width of its band between f = −1 and f = +1, and is called the width.
const (
	MarginFormula = "γ = min yᵢf(xᵢ)/‖w‖"
	WidthFormula  = "2/‖w‖"
)

// GeometricMargin writes l's margin with its formula, or why there is
// none:
//
//	margin γ = min yᵢf(xᵢ)/‖w‖ = 0.7071
//	margin γ: none (w = 0)
func GeometricMargin(l learn.Learner) string {
	g, err := learn.GeometricMargin(l)
	if err != nil {
		return "margin γ: none (" + err.Error() + ")"
	}
	return "margin " + MarginFormula + " = " + learn.Num(g)
}

// Width writes the SVM's width 2/‖w‖ with its formula: "width 2/‖w‖ =
// 1.414", ∞ while w = 0, undefined when ‖w‖² ≤ 0 (a kernel that is not
// PSD on the points).
func Width(s learn.DualSolver) string {
	switch w := s.Width(); {
	case len(s.SupportVectors()) > 0 && !(s.WNorm2() > 0):
		// ‖w‖² = αᵀQα ≤ 0 with α ≠ 0: Q is not PSD (sigmoid, say).
		return "width " + WidthFormula + ": undefined (‖w‖² ≤ 0: the kernel is not PSD on these points)"
	case math.IsInf(w, 1):
		return "width " + WidthFormula + " = ∞ (w = 0)"
	default:
		return "width " + WidthFormula + " = " + learn.Num(w)
	}
}

// marginAndWidth writes the SVM's margin γ and width 2/‖w‖ together:
// "margin γ = min yᵢf(xᵢ)/‖w‖ = 1, width 2/‖w‖ = 2"; once when ‖w‖ is
// undefined for both.
func marginAndWidth(s SVM) string {
	if _, err := learn.GeometricMargin(s); err != nil && !errors.Is(err, learn.ErrNoW) {
		return "margin γ and width " + WidthFormula + ": undefined (‖w‖² ≤ 0: the kernel is not PSD on these points)"
	}
	return GeometricMargin(s) + ", " + Width(s)
}
