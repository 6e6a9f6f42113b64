package setup

import (
	"fmt"
	"math"

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

// splitFlags are --test and --split-seed (BindSplit).
type splitFlags struct {
	bound bool
	test  float64
	seed  uint64
}

// BindSplit adds --test and --split-seed, for the commands that train once
// and can report accuracy on data they did not train on (the terminal
// program and trace). Call it after Bind.
func (f *Flags) BindSplit() {
	f.split.bound = true
	f.fs.Float64Var(&f.split.test, "test", 0, "hold out this fraction of the rows as test data that training never visits (the last rows in dataset order; ⌈fraction·n⌉ of them), e.g. 0.3; 0 for none")
	f.fs.Uint64Var(&f.split.seed, "split-seed", 0, "with --test: hold out a random subset of the rows drawn from this seed instead of the last rows")
}

// resolveSplit checks --test and --split-seed.
func (f *Flags) resolveSplit() (Holdout, error) {
	if !f.split.bound {
		return Holdout{}, nil
	}
	t := f.split.test
	if math.IsNaN(t) || t < 0 || t >= 1 {
		return Holdout{}, Usagef("--test must be a fraction from 0 to below 1, e.g. 0.3, not %v", t)
	}
	if f.set("split-seed") && t == 0 {
		return Holdout{}, Usagef("--split-seed chooses the rows --test holds out; give --test too")
	}
	return Holdout{Fraction: t, Shuffled: f.set("split-seed"), Seed: f.split.seed}, nil
}

// checkHoldout reports a split that the loaded points cannot make.
func checkHoldout(s *Options) error {
	if !s.Holdout.On() {
		return nil
	}
	if _, err := crossval.HoldOut(len(s.Points), s.Holdout.Fraction, s.Holdout.Shuffled, s.Holdout.Seed); err != nil {
		return Usagef("--test %v: %v", s.Holdout.Fraction, err)
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
