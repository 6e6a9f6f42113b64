package lab

import "kernelscope/crossval"

// PassLog is the history of a run pass by pass, for the chart of mistakes
// per pass: convergence is the bars reaching zero, cycling on data that is
// not separable (seed 001: the perceptron then never stops) is bars that
// never do.
type PassLog struct {
	ends []PassEnd
}

// PassEnd is the state at the end of one pass over the data.
type PassEnd struct {
	T        int // the step that ended it
	Mistakes int // mistakes made in the pass
	Train    float64
	Test     float64 // with HasTest: rows are held out
	HasTest  bool
}

// notePass records the pass that the step just taken ended, if it ended one.
// Only the perceptron and its relatives make passes; the SVM's steps are
// pair updates.
func (s *Session) notePass() {
	p := s.Passer()
	if p == nil || p.T() == 0 || !p.AtPassStart() {
		return
	}
	if n := len(s.passes.ends); n > 0 && s.passes.ends[n-1].T >= p.T() {
		return
	}
	end := PassEnd{T: p.T(), Mistakes: p.EpochMistakes(), Train: crossval.TrainAccuracy(p)}
	end.Test, end.HasTest = s.TestAccuracy()
	s.passes.ends = append(s.passes.ends, end)
}

// trimPasses drops the passes that ended after the learner's step, after
// an undo.
func (s *Session) trimPasses() {
	e := s.passes.ends
	for len(e) > 0 && e[len(e)-1].T > s.p.T() {
		e = e[:len(e)-1]
	}
	s.passes.ends = e
}
