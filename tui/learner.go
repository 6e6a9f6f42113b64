package tui

import (
	"math"
	"slices"

	"kernelscope/learn"
)

// The learner as a setting, like the kernel: any registered learner
// (learn.Learners, the l cycle), with its settings stepped by their keys.
// What a view needs beyond an expansion it asks of the learner as a
// capability, here.

// readsSetting reports whether the program shows a learner that reads
// setting s: the learner, or in comparison mode either pane's (the
// perceptron beside the SVM takes < and > for the SVM's C).
func (m *Model) readsSetting(s *learn.Setting) bool {
	if m.s.Kind().Reads(s.Name) {
		return true
	}
	t := m.compare.Twin()
	return t != nil && t.Kind().Reads(s.Name)
}

// showsBoxed reports whether the program shows a learner that bounds α
// by C (the SVM), whose support vectors at C have marks of their own: the
// learner, or in comparison mode either pane's.
func (m *Model) showsBoxed() bool {
	if m.s.Boxed() != nil {
		return true
	}
	t := m.compare.Twin()
	return t != nil && t.Boxed() != nil
}

// switchLearner cycles the learner (l) along the registry: the data,
// kernel, bias, tie rule and every setting stay, α starts again from 0.
func (m *Model) switchLearner() {
	cfg := m.s.Options().Config
	kinds := learn.Learners()
	at := slices.Index(kinds, cfg.Kind())
	next := kinds[(at+1)%len(kinds)]
	cfg.Learner = next.Name
	if !next.Bump {
		m.region.ShowBump = false // the update view draws a perceptron's bump
	}
	m.setConfig(cfg, next.Intro(cfg))
}

// stepSetting steps setting st along its ladder (its keys): α starts
// again from 0, since a setting changes what every step does. A learner
// that does not read it keeps it for when l reaches one that does (the
// SVM beside the perceptron in comparison mode changes at once). An SVM
// that had converged is solved again to the tolerance at once (in chunks,
// as c does), so the region and the margin show the new optimum.
func (m *Model) stepSetting(st *learn.Setting, up bool) {
	cfg := m.s.Options().Config
	v, ok := st.Step(cfg.Params.Value(st), up)
	if !ok {
		return
	}
	solved := false
	for _, s := range m.player.Sessions() {
		if d := s.Dual(); d != nil && s.Kind().Reads(st.Name) && d.State() == learn.Converged && d.T() > 0 {
			solved = true
		}
	}
	cfg = cfg.With(st.Name, v)
	what := st.Symbol + " = " + st.Format(v)
	if math.IsInf(v, 1) {
		what += " (" + st.InfWord + ")"
	}
	if !m.s.Kind().Reads(st.Name) {
		// This learner does not read it: only the one beside it changes.
		m.s.KeepConfig(cfg)
		m.message = what + ": α reset beside"
		if t := m.compare.Twin(); t != nil {
			m.message = what + ": the " + t.Kind().Short + "'s α reset"
		}
	} else if err := m.s.SetConfig(cfg); err != nil {
		m.message = what + ": cannot train with it, nothing changed: " + err.Error()
		return
	} else {
		m.message = what + ": α reset (" + st.Symbol + " changes what every step does)"
	}
	m.resolveC = solved
}
