package learn

import (
	"errors"
	"fmt"
	"math"
)

// ErrNoW is GeometricMargin's answer while w = 0 (no support
// vectors, or no examples): there is no boundary to measure from.
var ErrNoW = errors.New("w = 0")

// normW is ‖w‖ = √(NormW2(l)), or an error when there is none: w = 0, or
// ‖w‖² ≤ 0 (or not finite) for a kernel that is not positive
// semi-definite on these points.
func normW(l Learner) (float64, error) {
	if len(l.SupportVectors()) == 0 || l.N() == 0 {
		return 0, ErrNoW
	}
	n2 := NormW2(l)
	if !(n2 > 0) || math.IsInf(n2, 0) {
		return 0, fmt.Errorf("‖w‖² = %s ≤ 0: K is not PSD here", Num(n2))
	}
	return math.Sqrt(n2), nil
}

// GeometricMargin is the margin, one definition for every learner: the
// geometric margin on the training examples,
//
//	γ = minᵢ yᵢ f(xᵢ) / ‖w‖
//
// the distance in feature space from the boundary f = 0 to the nearest
// training point (the SVM notes: "the distance of the decision boundary
// from the nearest examples"), negative while a point is on the wrong
// side. For the SVM at the hard-margin optimum minᵢ yᵢ f(xᵢ) = 1, so
// γ = 1/‖w‖, half the width 2/‖w‖ of the band between f = −1 and f = +1
// (DualSolver.Width). It is an error when there is no ‖w‖: ErrNoW, or a
// kernel that is not PSD on the points.
func GeometricMargin(l Learner) (float64, error) {
	w, err := normW(l)
	if err != nil {
		return 0, err
	}
	low := math.Inf(1)
	for i := range l.N() {
		low = math.Min(low, float64(l.Y(i))*l.Score(i))
	}
	return low / w, nil
}
