package tui

import (
	"kernelscope/tui/common"

	"kernelscope/learn"
)

// The perceptron's relatives of seed 002 as learners of the l cycle: the
// averaged and voted perceptrons (Freund & Schapire 1999), whose region
// can show the final perceptron, the average or the vote (A), and the
// budget learners (stoptron, Forgetron, budget perceptron), whose budget
// B ( and ) step.

// cycleShown moves the region on to the next of the three functions (A).
func (m *Model) cycleShown() {
	s := m.s
	s.CycleShown()
	what := map[learn.EnsembleMember]string{
		learn.FinalMember:    "the final perceptron: the α training ends with",
		learn.AveragedMember: "the averaged perceptron: α averaged over every step, a boundary with more room on both sides",
		learn.VotedMember:    "the voted perceptron: every α⁽ᵏ⁾ votes sign fₖ(x), weighted by the steps it survived",
	}[s.Shown()]
	m.message = "region: " + what + "; the other two boundaries are drawn faintly (" + common.OtherGlyphs(s.Shown()) + ")"
}
