package tui

import (
	"slices"

	"kernelscope/learn"
	"kernelscope/tui/action"
)

// Helpers kept for the tests of other files that still read a learner's
// pass or α, or the program's actions; the tests in this package's files
// that go through Update and View only do not use them.

// epochOf is the pass of a learner that visits pass by pass (0 for one
// that does not).
func epochOf(l learn.Learner) int {
	if p, ok := l.(learn.Passer); ok {
		return p.Epoch()
	}
	return 0
}

// keyAction is the program's action of key (the first, as keys are
// matched).
func keyAction(m *Model, key string) *action.Action {
	for _, a := range m.list {
		if slices.Contains(a.Binding.Keys(), key) {
			return a
		}
	}
	panic("no action for " + key)
}
