package lab

import (
	"kernelscope/learn"
	"kernelscope/notation"
)

// Boxed is the learner as one that bounds α by C (the SVM), or nil.
func (s *Session) Boxed() learn.Boxed {
	b, _ := s.p.(learn.Boxed)
	return b
}

// Dual is the learner as one that maximises a dual objective, or nil.
func (s *Session) Dual() learn.DualSolver {
	d, _ := s.p.(learn.DualSolver)
	return d
}

// Pairs is the learner as one that steps a pair at a time, or nil.
func (s *Session) Pairs() learn.PairStepper {
	p, _ := s.p.(learn.PairStepper)
	return p
}

// Passer is the learner as one that visits pass by pass, or nil.
func (s *Session) Passer() learn.Passer {
	p, _ := s.p.(learn.Passer)
	return p
}

// Budgeted is the learner as one with a budget of support vectors, or
// nil.
func (s *Session) Budgeted() learn.Budgeted {
	b, _ := s.p.(learn.Budgeted)
	return b
}

// Averaging is the learner as the averaged or voted perceptron, or nil.
func (s *Session) Averaging() learn.Averaging {
	a, _ := s.p.(learn.Averaging)
	return a
}

// SMO is the learner as the notation writes an SMO solver (a pair a
// step, α in [0, C], a dual objective), or nil.
func (s *Session) SMO() notation.SVM {
	sv, _ := s.p.(notation.SVM)
	return sv
}

// Kind is the learner's registered kind.
func (s *Session) Kind() *learn.LearnerKind { return s.p.Config().Kind() }

// Kinds of example, for the glyphs: not a support vector, a support vector
// (the perceptron's any α > 0, the SVM's free 0 < α < C: on the margin,
// y·f = 1), or the SVM's bounded α = C (inside the margin or misclassified).
const (
	NotSV = iota
	FreeSV
	BoundSV
	// svForgotten is a support vector a budget learner forgot (α = 0
	// now).
	ForgottenSV
)

// SVOf is the kind of example i.
func (s *Session) SVOf(i int) int {
	if d, ok := s.p.(learn.Dense); ok {
		// Every example visited has α > 0: the marks go to those f leans
		// on most, the fewest that hold half of Σα.
		if d.Heavy(i) {
			return FreeSV
		}
		return NotSV
	}
	if !(s.p.Alpha(i) > 0) {
		if b := s.Budgeted(); b != nil && b.Forgotten(i) {
			return ForgottenSV
		}
		return NotSV
	}
	if b := s.Boxed(); b != nil && b.AtBound(i) {
		return BoundSV
	}
	return FreeSV
}

// SVCounts are the free and the bounded support vectors.
func (s *Session) SVCounts() (free, bound int) {
	for _, i := range s.p.SupportVectors() {
		if s.SVOf(i) == BoundSV {
			bound++
		} else {
			free++
		}
	}
	return free, bound
}

// LearnerName is the learner as the panels name it: "perceptron",
// "SVM C = 1", "Forgetron B = 10".
func (s *Session) LearnerName() string { return s.Kind().Label(s.p.Config()) }

// FocusPair is the example the panels follow and, for the SVM, the other
// member of its pair: the pair the next SMO iteration updates, or after
// training stopped the last one updated (−1: none).
func (s *Session) FocusPair() (int, int) {
	sv := s.Pairs()
	if sv == nil {
		return s.Focus(), -1
	}
	if i, j := sv.NextPair(); i >= 0 {
		return i, j
	}
	if ls, ok := s.Last(); ok && ls.Step.Pair != nil {
		return ls.Step.Pair.I, ls.Step.Pair.J
	}
	return -1, -1
}
