package tui

import (
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/action"
	"slices"
)

// Helpers for tests that read a learner's pass, budget or setting keys
// through its capabilities.

// epochOf is the pass of a learner that visits pass by pass (0 for one
// that does not).
func epochOf(l learn.Learner) int {
	if p, ok := l.(learn.Passer); ok {
		return p.Epoch()
	}
	return 0
}

// atPassStart reports whether the next step of l begins a pass (true for
// a learner without passes).
func atPassStart(l learn.Learner) bool {
	if p, ok := l.(learn.Passer); ok {
		return p.AtPassStart()
	}
	return true
}

// budgetOf is B in cfg.
func budgetOf(cfg learn.Config) int { return int(cfg.Param("budget")) }

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

// learnerNames are the registered learners' names, in the l cycle's order.
func learnerNames() []string {
	var out []string
	for _, k := range learn.Learners() {
		out = append(out, k.Name)
	}
	return out
}

// alphasOf is every α of l.
func alphasOf(l learn.Learner) []float64 {
	a := make([]float64, l.N())
	for j := range a {
		a[j] = l.Alpha(j)
	}
	return a
}

// optsOf is s's options, addressable (Split has a pointer receiver).
func optsOf(s *lab.Session) *lab.Options {
	o := s.Options()
	return &o
}
