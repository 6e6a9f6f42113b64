package tui

import (
	"math"
	"slices"

	"kernelscope/learn"
	"kernelscope/notation"
)

// The learner as a setting, like the kernel: any registered learner
// (learn.Learners, the l cycle), with its settings stepped by their keys.
// What a view needs beyond an expansion it asks of the learner as a
// capability, here.

// boxed is the learner as one that bounds α by C (the SVM), or nil.
func (s *session) boxed() learn.Boxed {
	b, _ := s.p.(learn.Boxed)
	return b
}

// dual is the learner as one that maximises a dual objective, or nil.
func (s *session) dual() learn.DualSolver {
	d, _ := s.p.(learn.DualSolver)
	return d
}

// pairs is the learner as one that steps a pair at a time, or nil.
func (s *session) pairs() learn.PairStepper {
	p, _ := s.p.(learn.PairStepper)
	return p
}

// passer is the learner as one that visits pass by pass, or nil.
func (s *session) passer() learn.Passer {
	p, _ := s.p.(learn.Passer)
	return p
}

// budgeted is the learner as one with a budget of support vectors, or
// nil.
func (s *session) budgeted() learn.Budgeted {
	b, _ := s.p.(learn.Budgeted)
	return b
}

// averaging is the learner as the averaged or voted perceptron, or nil.
func (s *session) averaging() learn.Averaging {
	a, _ := s.p.(learn.Averaging)
	return a
}

// smo is the learner as the notation writes an SMO solver (a pair a
// step, α in [0, C], a dual objective), or nil.
func (s *session) smo() notation.SVM {
	sv, _ := s.p.(notation.SVM)
	return sv
}

// kind is the learner's registered kind.
func (s *session) kind() *learn.LearnerKind { return s.p.Config().Kind() }

// Kinds of example, for the glyphs: not a support vector, a support vector
// (the perceptron's any α > 0, the SVM's free 0 < α < C: on the margin,
// y·f = 1), or the SVM's bounded α = C (inside the margin or misclassified).
const (
	svNone = iota
	svFree
	svBound
	// svForgotten is a support vector a budget learner forgot (α = 0
	// now).
	svForgotten
)

// svKind is the kind of example i.
func (s *session) svKind(i int) int {
	if !(s.p.Alpha(i) > 0) {
		if b := s.budgeted(); b != nil && b.Forgotten(i) {
			return svForgotten
		}
		return svNone
	}
	if b := s.boxed(); b != nil && b.AtBound(i) {
		return svBound
	}
	return svFree
}

// svCounts are the free and the bounded support vectors.
func (s *session) svCounts() (free, bound int) {
	for _, i := range s.p.SupportVectors() {
		if s.svKind(i) == svBound {
			bound++
		} else {
			free++
		}
	}
	return free, bound
}

// learnerName is the learner as the panels name it: "perceptron",
// "SVM C = 1", "Forgetron B = 10".
func (s *session) learnerName() string { return s.kind().Label(s.p.Config()) }

// focusPair is the example the panels follow and, for the SVM, the other
// member of its pair: the pair the next SMO iteration updates, or after
// training stopped the last one updated (−1: none).
func (s *session) focusPair() (int, int) {
	sv := s.pairs()
	if sv == nil {
		return s.focus(), -1
	}
	if i, j := sv.NextPair(); i >= 0 {
		return i, j
	}
	if ls, ok := s.last(); ok && ls.step.Pair != nil {
		return ls.step.Pair.I, ls.step.Pair.J
	}
	return -1, -1
}

// readsSetting reports whether the program shows a learner that reads
// setting s: the learner, or in comparison mode either pane's (the
// perceptron beside the SVM takes < and > for the SVM's C).
func (m *Model) readsSetting(s *learn.Setting) bool {
	if m.s.kind().Reads(s.Name) {
		return true
	}
	return m.cmp != nil && m.cmp.twin != nil && m.cmp.twin.kind().Reads(s.Name)
}

// showsBoxed reports whether the program shows a learner that bounds α
// by C (the SVM), whose support vectors at C have marks of their own: the
// learner, or in comparison mode either pane's.
func (m *Model) showsBoxed() bool {
	if m.s.boxed() != nil {
		return true
	}
	return m.cmp != nil && m.cmp.twin != nil && m.cmp.twin.boxed() != nil
}

// switchLearner cycles the learner (l) along the registry: the data,
// kernel, bias, tie rule and every setting stay, α starts again from 0.
func (m *Model) switchLearner() {
	cfg := m.s.opts.Config
	kinds := learn.Learners()
	at := slices.Index(kinds, cfg.Kind())
	next := kinds[(at+1)%len(kinds)]
	cfg.Learner = next.Name
	if !next.Bump {
		m.region.update = false // the update view draws a perceptron's bump
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
	cfg := m.s.opts.Config
	v, ok := st.Step(cfg.Params.Value(st), up)
	if !ok {
		return
	}
	solved := false
	for _, s := range m.player.sessions() {
		if d := s.dual(); d != nil && s.kind().Reads(st.Name) && d.State() == learn.Converged && d.T() > 0 {
			solved = true
		}
	}
	cfg = cfg.With(st.Name, v)
	what := st.Symbol + " = " + st.Format(v)
	if math.IsInf(v, 1) {
		what += " (" + st.InfWord + ")"
	}
	if !m.s.kind().Reads(st.Name) {
		// This learner does not read it: only the one beside it changes.
		m.s.opts.Config = cfg
		m.message = what + ": α reset beside"
		if m.cmp != nil && m.cmp.twin != nil {
			m.message = what + ": the " + m.cmp.twin.kind().Short + "'s α reset"
		}
	} else if err := m.s.setConfig(cfg); err != nil {
		m.message = what + ": cannot train with it, nothing changed: " + err.Error()
		return
	} else {
		m.message = what + ": α reset (" + st.Symbol + " changes what every step does)"
	}
	m.resolveC = solved
}
