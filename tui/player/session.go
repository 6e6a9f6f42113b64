package player

import (
	"kernelscope/learn"
	"kernelscope/notation"
)

// Session is what the player drives of the lab session (*lab.Session has
// it): steps, undo, reset and the cap, and what it says when none is
// possible.
type Session interface {
	Back() bool
	Dual() learn.DualSolver
	Err() error
	Kind() *learn.LearnerKind
	Learner() learn.Learner
	NarrateLast()
	Passer() learn.Passer
	RaiseCap() string
	Reset()
	SMO() notation.SVM
	Take(narrate bool) bool
}
