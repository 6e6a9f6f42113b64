package feature

import (
	"kernelscope/learn"
)

// Session is what the feature view reads of the lab session
// (*lab.Session has it).
type Session interface {
	Built() int
	Dual() learn.DualSolver
	Focus() int
	Learner() learn.Learner
	// OneD reports points on a line, whose feature space is φ on it.
	OneD() bool
	Version() int
}
