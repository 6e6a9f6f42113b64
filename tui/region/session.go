package region

import (
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// Session is what the region reads of the lab session (*lab.Session has
// it): common.Session and the field, the points' kinds, the update bump
// and the ensemble's values it draws.
type Session interface {
	common.Session
	BumpOf() (b lab.Bump, ok bool)
	Columns() (string, string)
	Dual() learn.DualSolver
	EnsembleValues() (vals [3][]float64, err error)
	Field() *learn.Field
	Flashing() int
	FocusPair() (int, int)
	Kind() *learn.LearnerKind
	LearnerName() string
	// OneD reports points on a line, drawn as the line (line.go).
	OneD() bool
	Options() lab.Options
	Pairs() learn.PairStepper
	SVOf(i int) int
	Test() *lab.TestSet
}
