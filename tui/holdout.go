package tui

import (
	"fmt"
	"strings"

	"kernelscope/lab"

	"kernelscope/learn"
)

// The held-out split (h, --test): rows of the data that training never
// visits, drawn hollow on the region, and scored beside the training
// accuracy, so that a σ small enough to reach 100 % on the training data
// is seen to fail on the rest (seed 003: "Overfitting?").

// toggleHoldout holds out lab.DefaultTestFraction of the rows (or the
// --test fraction the program started with), or puts them back; α starts
// again from 0 either way.
func (m *Model) toggleHoldout() {
	if err := m.s.ToggleHoldout(); err != nil {
		m.message = err.Error()
		return
	}
	what := "all rows are training data again: α reset"
	if o := m.s.Options(); o.Holdout.On() {
		what = o.HoldoutText() + ", drawn hollow (△ ▽); training never visits them: α reset"
	}
	m.afterDataChange(what)
}

// holdoutEditWhy says why points cannot be added or deleted while rows
// are held out.
const holdoutEditWhy = "rows are held out as test data: an added or deleted point would move rows across the split; h puts them back first"

// holdoutStatus is the data part of the status line: "n=100" or, with
// rows held out, "n=70+30 test".
func holdoutStatus(s *lab.Session) string {
	if n := len(s.Test().Points()); n > 0 {
		return fmt.Sprintf(" n=%d+%d test", s.Learner().N(), n)
	}
	return fmt.Sprintf(" n=%d", len(s.Options().Points))
}

// accuracyStatus is the accuracy part of the status line: "accuracy 97%"
// or, with rows held out, "accuracy: train 97% · test 90%" (the averaged
// and voted perceptrons' test accuracy is their own classifier's, which
// the label says).
func accuracyStatus(s *lab.Session, train string) string {
	if len(s.Test().Points()) == 0 {
		return train
	}
	test, ok := s.TestAccuracy()
	train = strings.Replace(train, "accuracy ", "accuracy: train ", 1)
	label := "test"
	if a := s.Averaging(); a != nil {
		label = map[learn.EnsembleMember]string{learn.AveragedMember: "test (average)", learn.VotedMember: "test (vote)"}[a.Predicts()]
	}
	if !ok {
		return train + " · " + label + " —"
	}
	return fmt.Sprintf("%s · %s %.0f%%", train, label, 100*test)
}
