package panels

import (
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
)

// Session is what the panels read of the lab session (*lab.Session has
// it): common.Session and what the α, Gram, passes, narration and status
// panels show beside it.
type Session interface {
	common.Session
	Columns() (string, string)
	Edited() bool
	FieldOverflow() (int, int)
	Focus() int
	FocusPair() (int, int)
	Generated() bool
	Kind() *learn.LearnerKind
	Last() (lab.Shown, bool)
	LearnerName() string
	Name() string
	Options() lab.Options
	Pairs() learn.PairStepper
	Passes() *lab.PassLog
	SMO() notation.SVM
	SVOf(i int) int
	Test() *lab.TestSet
	TestAccuracy() (float64, bool)
}
