package learn

import (
	"fmt"

	"kernelscope/internal/safetext"
)

// Tie is the rule that decides what a score of exactly zero means. The
// lecture notes disagree on it, so all three of their conventions are here.
type Tie int

const (
	// TieMistake counts a step as a mistake iff yᵢ·f(xᵢ) ≤ 0, so f = 0 is
	// always a mistake; the reported prediction is sign(f) with sign(0) = 0.
	// (seed 001, "Algorithm KernelPerceptron": "if yᵢ Σⱼ αⱼ yⱼ κ(xᵢ, xⱼ) ≤ 0")
	TieMistake Tie = iota
	// TiePos reads sign(0) as +1 and counts a mistake iff the prediction
	// differs from yᵢ. (seed 004: sig(y) = 1 for y ≥ 0)
	TiePos
	// TieNeg reads sign(0) as −1 and counts a mistake iff the prediction
	// differs from yᵢ. (seed 003 worked example: "sign(0) = −1")
	TieNeg
)

// Ties lists the tie rules in the order a user cycles through them.
var Ties = []Tie{TieMistake, TiePos, TieNeg}

// String returns the rule's name as the command line spells it.
func (t Tie) String() string {
	switch t {
	case TieMistake:
		return "mistake"
	case TiePos:
		return "pos"
	case TieNeg:
		return "neg"
	}
	return fmt.Sprintf("Tie(%d)", int(t))
}

// Describe says in words what the rule does with f = 0.
func (t Tie) Describe() string {
	switch t {
	case TiePos:
		return "sign(0) = +1"
	case TieNeg:
		return "sign(0) = −1"
	default:
		return "mistake iff y·f ≤ 0"
	}
}

// ParseTie reads a tie rule name: mistake, pos or neg.
func ParseTie(s string) (Tie, error) {
	for _, t := range Ties {
		if s == t.String() {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown tie rule %q (want mistake, pos or neg)", safetext.Short(s))
}

// Predict returns the prediction for score f under the rule and whether it is
// a mistake for label y (±1).
//
//	mistake: prediction = sign(f) ∈ {−1, 0, +1}; mistake iff y·f ≤ 0 (seed 001)
//	pos:     prediction = +1 if f ≥ 0 else −1; mistake iff prediction ≠ y (seed 004)
//	neg:     prediction = +1 if f > 0 else −1; mistake iff prediction ≠ y (seed 003)
func (t Tie) Predict(f float64, y int) (prediction int, mistake bool) {
	switch t {
	case TiePos:
		prediction = 1
		if f < 0 {
			prediction = -1
		}
		return prediction, prediction != y
	case TieNeg:
		prediction = -1
		if f > 0 {
			prediction = 1
		}
		return prediction, prediction != y
	default:
		switch {
		case f > 0:
			prediction = 1
		case f < 0:
			prediction = -1
		}
		return prediction, float64(y)*f <= 0
	}
}
