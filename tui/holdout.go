package tui

import (
	"context"
	"fmt"
	"math"
	"strings"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
	"kernelscope/setup"
)

// The held-out split (h, --test): rows of the data that training never
// visits, drawn hollow on the region, and scored beside the training
// accuracy, so that a σ small enough to reach 100 % on the training data
// is seen to fail on the rest (seed 003: "Overfitting?").

// heldOut is the session's test part: the points, and the accuracy of the
// learner's classifier on them, cached for the step and build it was
// computed at. f at the points is kept up to date as the region's field is
// (a learn.Field at the points, one kernel row a mistake), and the voted
// perceptron's vote by an Ensemble that catches up mistake by mistake:
// summing every support vector at every point each frame
// (crossval.Accuracy's way, right for one run) took 5.8 ms a frame at
// n = 4000.
type heldOut struct {
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
func (s *session) setTest(o Options) {
	_, test := o.Split()
	s.test = heldOut{points: datasets.Examples(test), atT: -1}
	if len(test) == 0 || s.p.Config().Algo.Averaging() {
		return
	}
	at := make([][2]float64, len(test))
	for k, p := range test {
		at[k] = [2]float64{p.X1, p.X2}
	}
	s.test.field = learn.NewFieldAt(at)
	s.test.field.Follow(s.p)
}

// trainingPoints are the points o's learner trains on.
func trainingPoints(o Options) []datasets.Point {
	train, _ := o.Split()
	return train
}

// testAccuracy is the fraction of the held-out points the learner's
// classifier gets right (crossval's rule: the averaged and voted
// perceptrons' own classifiers, the tie rule at f = 0), and false when
// nothing is held out or it cannot be computed (the voted perceptron once
// its undo history no longer reaches the first step).
func (s *session) testAccuracy() (float64, bool) {
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
func (s *session) scoreTest() (float64, error) {
	h := &s.test
	if h.field != nil {
		return h.fieldAccuracy(s.p), nil
	}
	p, voted := s.p.(*learn.Perceptron)
	if !voted || p.Config().Algo != learn.AlgoVoted {
		// The averaged perceptron's f̄: scored in full, with nothing to
		// cancel it.
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

// fieldAccuracy is the accuracy from the field at the points; a value
// within rounding of 0, where the tie rule decides, is summed afresh in
// dataset order (Decide), as crossval and trace score it.
func (h *heldOut) fieldAccuracy(l learn.Learner) float64 {
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

// toggleHoldout holds out setup.DefaultTestFraction of the rows (or the
// --test fraction the program started with), or puts them back; α starts
// again from 0 either way.
func (m *Model) toggleHoldout() {
	o := m.s.opts
	if o.Holdout.On() {
		m.s.lastHoldout = o.Holdout
		o.Holdout = setup.Holdout{}
	} else {
		o.Holdout = m.s.lastHoldout
		if !o.Holdout.On() {
			o.Holdout.Fraction = setup.DefaultTestFraction
		}
		if _, err := crossval.TestCount(len(o.Points), o.Holdout.Fraction); err != nil {
			m.message = "cannot hold rows out: " + err.Error()
			return
		}
	}
	if err := m.s.applyKeepData(o); err != nil {
		m.message = err.Error()
		return
	}
	what := "all rows are training data again: α reset"
	if o.Holdout.On() {
		what = o.HoldoutText() + ", drawn hollow (△ ▽); training never visits them: α reset"
	}
	m.afterDataChange(what)
}

// holdoutEditWhy says why points cannot be added or deleted while rows
// are held out.
const holdoutEditWhy = "rows are held out as test data: an added or deleted point would move rows across the split; h puts them back first"

// holdoutStatus is the data part of the status line: "n=100" or, with
// rows held out, "n=70+30 test".
func (s *session) holdoutStatus() string {
	if n := len(s.test.points); n > 0 {
		return fmt.Sprintf(" n=%d+%d test", s.p.N(), n)
	}
	return fmt.Sprintf(" n=%d", len(s.opts.Points))
}

// accuracyStatus is the accuracy part of the status line: "accuracy 97%"
// or, with rows held out, "accuracy: train 97% · test 90%" (the averaged
// and voted perceptrons' test accuracy is their own classifier's, which
// the label says).
func (s *session) accuracyStatus(train string) string {
	if len(s.test.points) == 0 {
		return train
	}
	test, ok := s.testAccuracy()
	train = strings.Replace(train, "accuracy ", "accuracy: train ", 1)
	label := "test"
	switch s.p.Config().Algo {
	case learn.AlgoAveraged:
		label = "test (average)"
	case learn.AlgoVoted:
		label = "test (vote)"
	}
	if !ok {
		return train + " · " + label + " —"
	}
	return fmt.Sprintf("%s · %s %.0f%%", train, label, 100*test)
}
