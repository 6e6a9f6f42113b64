package learn

import "errors"

// Term is one term αⱼ yⱼ K(xⱼ, xᵢ) of a score; J is 0-based.
type Term struct {
	J     int
	Alpha float64
	Y     int
	K     float64
}

// Value is αⱼ yⱼ K(xⱼ, xᵢ).
func (t Term) Value() float64 { return t.Alpha * float64(t.Y) * t.K }

// Step is what one step of training did: everything the narration of the
// notes needs (seed 003 worked example).
type Step struct {
	T     int // steps so far, counting this one (1-based)
	Epoch int // 1-based
	I     int // the example visited, 0-based
	// F is f(xᵢ) = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) before the update (seed 001).
	F float64
	// Sum is the sum Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) the Terms add up to, before any
	// scale the learner applies to it (Pegasos's f = Sum/(λ(t−1))); it is
	// set by learners that scale their sum, and F stands for it otherwise
	// (SumValue).
	Sum float64
	// Offset is the offset w₀ before the step, of a learner that learns
	// one step by step (logistic regression): F = Offset + Sum.
	Offset     float64
	Y          int
	Prediction int // −1, +1, or 0 for f = 0 under TieMistake
	Mistake    bool
	// Update reports that a margin learner's step changed α (PA's τ > 0,
	// Pegasos's yᵢfᵢ < 1), which need not be a mistake; the perceptron
	// updates on its mistakes and leaves it false.
	Update bool
	Alpha  float64 // αᵢ after the step
	// Terms are the terms of F with αⱼ ≠ 0, in dataset order (only with
	// Config.Narrate; valid until the next call to Step or Undo).
	Terms []Term
	// Pair is the SMO pair update of an SVM's step (nil for the
	// perceptron); then I is the pair's i, F = f(xᵢ) after the update and
	// Alpha = αᵢ after it.
	Pair *PairStep
	// Forget is what a budget learner's mistake did beyond the update:
	// the stoptron's freeze, the example forgotten, the Forgetron's shrink
	// (nil otherwise).
	Forget *Forgetting
}

// Changed reports whether the step moved a coefficient: a perceptron's
// mistake, a margin learner's update, or any SVM pair update.
func (s Step) Changed() bool { return s.Mistake || s.Update || s.Pair != nil }

// SumValue is the sum Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) of the step: Sum when the learner
// set it (or has an offset), F otherwise.
func (s Step) SumValue() float64 {
	if s.Sum != 0 || s.Offset != 0 {
		return s.Sum
	}
	return s.F
}

// ErrStopped is returned by Step once training has converged or reached the
// epoch cap.
var ErrStopped = errors.New("training has stopped")
