package common

import (
	"kernelscope/learn"
)

// Session is what the shared helpers read of the lab session
// (*lab.Session has it); the panels' and the region's Session include it.
type Session interface {
	Accuracy() float64
	Averaging() learn.Averaging
	Boxed() learn.Boxed
	Budgeted() learn.Budgeted
	Built() int
	Computing() bool
	EnsembleOn() bool
	Err() error
	Learner() learn.Learner
	Passer() learn.Passer
	SVCounts() (free int, bound int)
	Shown() learn.EnsembleMember
	Version() int
	View() learn.Rect
}
