package lab

import (
	"fmt"

	"kernelscope/crossval"
	"kernelscope/datasets"
)

// Holdout is a train/test split of a session's points: the fraction held
// out as test data, which training never visits, and how the rows are
// chosen (the last rows in dataset order, or a subset drawn from Seed).
// The zero value holds nothing out.
type Holdout struct {
	Fraction float64
	Shuffled bool
	Seed     uint64
}

// On reports whether anything is held out.
func (h Holdout) On() bool { return h.Fraction > 0 }

// DefaultTestFraction is what the terminal program's held-out key holds
// out when no --test was given.
const DefaultTestFraction = 0.3

// CheckHoldout reports a split that the loaded points cannot make, in
// --test's words (the flag and the session field say the same).
func CheckHoldout(s *Options) error {
	if !s.Holdout.On() {
		return nil
	}
	if _, err := crossval.HoldOut(len(s.Points), s.Holdout.Fraction, s.Holdout.Shuffled, s.Holdout.Seed); err != nil {
		return fmt.Errorf("--test %v: %v", s.Holdout.Fraction, err)
	}
	return nil
}

// Split returns the points training visits and the ones held out, each in
// dataset order: all of them and none when nothing is held out, or when
// the points are too few to split (fewer than 2).
func (s *Options) Split() (train, test []datasets.Point) {
	rows, ok := s.SplitRows()
	if !ok {
		return s.Points, nil
	}
	return crossval.Pick(s.Points, rows.Train), crossval.Pick(s.Points, rows.Test)
}

// SplitRows is the split as row numbers of Points (from 0), and false when
// nothing is held out.
func (s *Options) SplitRows() (crossval.Split, bool) {
	if !s.Holdout.On() {
		return crossval.Split{}, false
	}
	rows, err := crossval.HoldOut(len(s.Points), s.Holdout.Fraction, s.Holdout.Shuffled, s.Holdout.Seed)
	return rows, err == nil
}

// HoldoutText says what is held out, for a status line or a trace:
// "30 of 100 rows held out (the last)" or "(drawn from seed 7)"; "" when
// nothing is.
func (s *Options) HoldoutText() string {
	rows, ok := s.SplitRows()
	if !ok {
		return ""
	}
	how := "the last rows"
	if s.Holdout.Shuffled {
		how = fmt.Sprintf("drawn from split seed %d", s.Holdout.Seed)
	}
	return fmt.Sprintf("%d of %d rows held out as test data (%s)", len(rows.Test), len(s.Points), how)
}
