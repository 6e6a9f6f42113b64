package tui

import "kernelscope/crossval"

// passLog is the history of a run pass by pass, for the chart of mistakes
// per pass: convergence is the bars reaching zero, cycling on data that is
// not separable (seed 001: the perceptron then never stops) is bars that
// never do.
type passLog struct {
	ends []passEnd
}

// passEnd is the state at the end of one pass over the data.
type passEnd struct {
	t        int // the step that ended it
	mistakes int // mistakes made in the pass
	train    float64
	test     float64 // with hasTest: rows are held out
	hasTest  bool
}

// notePass records the pass that the step just taken ended, if it ended one.
// Only the perceptron and its relatives make passes; the SVM's steps are
// pair updates.
func (s *session) notePass() {
	p := s.passer()
	if p == nil || p.T() == 0 || !p.AtPassStart() {
		return
	}
	if n := len(s.passes.ends); n > 0 && s.passes.ends[n-1].t >= p.T() {
		return
	}
	end := passEnd{t: p.T(), mistakes: p.EpochMistakes(), train: crossval.TrainAccuracy(p)}
	end.test, end.hasTest = s.testAccuracy()
	s.passes.ends = append(s.passes.ends, end)
}

// trimPasses drops the passes that ended after the learner's step, after
// an undo.
func (s *session) trimPasses() {
	e := s.passes.ends
	for len(e) > 0 && e[len(e)-1].t > s.p.T() {
		e = e[:len(e)-1]
	}
	s.passes.ends = e
}
