package tui

import (
	"fmt"
	"math"
	"slices"

	"kernelscope/learn"
	"kernelscope/notation"
)

// The learner as a setting, like the kernel: the kernel perceptron of seed
// 001 or the soft-margin SVM of seeds 001 and 004 (learn.Algos), and the
// SVM's C.

// svm is the session's learner as an SVM, nil for the perceptron.
func (s *session) svm() *learn.SVM {
	sv, _ := s.p.(*learn.SVM)
	return sv
}

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
		if p := s.perceptron(); p != nil && p.Forgotten(i) {
			return svForgotten
		}
		return svNone
	}
	if sv := s.svm(); sv != nil && sv.AtBound(i) {
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

// learnerName is the learner as the panels name it: "perceptron" or
// "SVM C = 1".
func (s *session) learnerName() string {
	if sv := s.svm(); sv != nil {
		return "SVM C = " + notation.C(sv.C())
	}
	return relativeName(s.p.Config())
}

// algoName is the learner an Algo makes, as the messages name it.
func algoName(a learn.Algo) string {
	if a == learn.AlgoSVM {
		return "SVM"
	}
	return a.String()
}

// focusPair is the example the panels follow and, for the SVM, the other
// member of its pair: the pair the next SMO iteration updates, or after
// training stopped the last one updated (−1: none).
func (s *session) focusPair() (int, int) {
	sv := s.svm()
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

// cLadder is what < and > step C through: the 1-2-5 series from 0.01 to
// 1000, then ∞, the hard margin of seed 004. C scales how much a point
// inside the margin costs, so a log scale is the natural one.
var cLadder = func() []float64 {
	var cs []float64
	for e := -2; e <= 2; e++ {
		for _, m := range []float64{1, 2, 5} {
			cs = append(cs, math.Round(m*math.Pow10(e)*100)/100)
		}
	}
	return append(cs, 1000, math.Inf(1))
}()

// stepC is the rung of cLadder after (up) or before c; ok is false at
// either end. A C off the ladder (--C 3) goes to the next rung either way.
func stepC(c float64, up bool) (float64, bool) {
	if up {
		for _, v := range cLadder {
			if v > c*(1+1e-9) {
				return v, true
			}
		}
		return c, false
	}
	for _, v := range slices.Backward(cLadder) {
		if v < c*(1-1e-9) || math.IsInf(c, 1) && !math.IsInf(v, 1) {
			return v, true
		}
	}
	return c, false
}

// hasSVM reports whether the program shows an SVM: the learner, or in
// comparison mode either pane's.
func (m *Model) hasSVM() bool {
	if m.s.svm() != nil {
		return true
	}
	return m.cmp != nil && m.cmp.twin != nil && m.cmp.twin.svm() != nil
}

// switchLearner cycles the learner (l): the data, kernel, bias and tie rule
// stay, α starts again from 0.
func (m *Model) switchLearner() {
	cfg := m.s.opts.Config
	cfg.Algo = learn.Algos[(slices.Index(learn.Algos, cfg.Algo)+1)%len(learn.Algos)]
	if cfg.Budget < 1 {
		cfg.Budget = defaultBudget
	}
	what := relativeIntro(cfg)
	if cfg.Algo == learn.AlgoSVM {
		what = fmt.Sprintf("learner: the SVM, C = %s, solved by SMO one pair of α at a time (seeds 001, 004)", notation.C(cfg.SVM.EffectiveC()))
	}
	if cfg.Algo != learn.AlgoPerceptron {
		m.region.update = false // the update view is the plain perceptron's
	}
	m.setConfig(cfg, what)
}

// defaultBudget is the budget learners' B when none was given.
const defaultBudget = 10

// changeC steps C along cLadder (< and >). α starts again from 0, since C
// changes the problem SMO solves; an SVM that had converged is solved again
// to the tolerance at once (in chunks, as c does), so the region and the
// margin show the new optimum.
func (m *Model) changeC(up bool) {
	cfg := m.s.opts.Config
	c, ok := stepC(cfg.SVM.EffectiveC(), up)
	if !ok {
		return
	}
	solved := false
	for _, s := range m.player.sessions() {
		if sv := s.svm(); sv != nil && sv.State() == learn.Converged && sv.T() > 0 {
			solved = true
		}
	}
	cfg.SVM.C = c
	what := "C = " + notation.C(c)
	if math.IsInf(c, 1) {
		what += " (the hard margin, seed 004)"
	}
	if m.s.svm() == nil {
		// The perceptron ignores C: only the SVM beside it changes.
		m.s.opts.Config = cfg
		m.message = what + ": the SVM's α reset"
	} else if err := m.s.setConfig(cfg); err != nil {
		m.message = what + ": cannot train with it, nothing changed: " + err.Error()
		return
	} else {
		m.message = what + ": α reset (C changes the problem SMO solves)"
	}
	m.resolveC = solved
}
