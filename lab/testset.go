package lab

import (
	"context"
	"math"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestSet is the session's test part: the points, and the accuracy of the
// learner's classifier on them, cached for the step and build it was
// computed at. f at the points is kept up to date as the region's field is
// (a learn.Field at the points, one kernel row a mistake), and the voted
// perceptron's vote by an Ensemble that catches up mistake by mistake:
// summing every support vector at every point each frame
// (crossval.Accuracy's way, right for one run) took 5.8 ms a frame at
// n = 4000.
type TestSet struct {
	points     []learn.Example
	acc        float64
	accErr     error
	atT, atBld int
	field      *learn.Field
	ens        *learn.Ensemble
	ensBld     int
	scores     []float64
}

// setTest keeps the points o holds out (none when it holds none out), and
// has the session's learner keep f up to date at them.
func (s *Session) setTest(o Options) {
	_, test := o.Split()
	s.test = TestSet{points: datasets.Examples(test), atT: -1}
	if len(test) == 0 || s.Averaging() != nil {
		return
	}
	at := make([][2]float64, len(test))
	for k, p := range test {
		at[k] = [2]float64{p.X1, p.X2}
	}
	s.test.field = learn.NewFieldAt(at)
	s.test.field.Follow(s.p)
}

// TrainingPoints are the points o's learner trains on.
func TrainingPoints(o Options) []datasets.Point {
	train, _ := o.Split()
	return train
}

// TestAccuracy is the fraction of the held-out points the learner's
// classifier gets right (crossval's rule: the averaged and voted
// perceptrons' own classifiers, the tie rule at f = 0), and false when
// nothing is held out or it cannot be computed (the voted perceptron once
// its undo history no longer reaches the first step).
func (s *Session) TestAccuracy() (float64, bool) {
	h := &s.test
	if len(h.points) == 0 {
		return 0, false
	}
	if h.atT != s.p.T() || h.atBld != s.built {
		h.acc, h.accErr = s.scoreTest()
		h.atT, h.atBld = s.p.T(), s.built
	}
	return h.acc, h.accErr == nil
}

// scoreTest computes testAccuracy afresh.
func (s *Session) scoreTest() (float64, error) {
	h := &s.test
	if h.field != nil {
		return h.fieldAccuracy(s.p), nil
	}
	p := s.Averaging()
	if p == nil || p.Predicts() != learn.VotedMember {
		return crossval.Accuracy(context.Background(), s.p, h.points)
	}
	if h.ens == nil || h.ensBld != s.built {
		xs := make([]learn.Vec, len(h.points))
		for k, e := range h.points {
			xs[k] = p.Embed(e.X1, e.X2)
		}
		h.ens, h.ensBld, h.scores = learn.NewEnsemble(xs), s.built, make([]float64, len(xs))
	}
	if err := h.ens.Update(p); err != nil {
		return 0, err
	}
	h.ens.Vote(h.scores)
	right := 0
	for k, e := range h.points {
		if _, mistake := p.Config().Tie.Predict(h.scores[k], e.Y); !mistake {
			right++
		}
	}
	return float64(right) / float64(len(h.points)), nil
}

// Points are the held-out examples.
func (h *TestSet) Points() []learn.Example { return h.points }

// fieldAccuracy is the accuracy from the field at the points; a value
// within rounding of 0, where the tie rule decides, is summed afresh in
// dataset order (Decide), as crossval and trace score it.
func (h *TestSet) fieldAccuracy(l learn.Learner) float64 {
	tie, right := l.Config().Tie, 0
	for k, e := range h.points {
		f := h.field.Values[k]
		if math.Abs(f) < 1e-9 {
			f = l.Decide(e.X1, e.X2)
		}
		if _, mistake := tie.Predict(f, e.Y); !mistake {
			right++
		}
	}
	return float64(right) / float64(len(h.points))
}
