package setup

import (
	"math"

	"kernelscope/lab"
)

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
func (f *Flags) resolveSplit() (lab.Holdout, error) {
	if !f.split.bound {
		return lab.Holdout{}, nil
	}
	t := f.split.test
	if math.IsNaN(t) || t < 0 || t >= 1 {
		return lab.Holdout{}, Usagef("--test must be a fraction from 0 to below 1, e.g. 0.3, not %v", t)
	}
	if f.set("split-seed") && t == 0 {
		return lab.Holdout{}, Usagef("--split-seed chooses the rows --test holds out; give --test too")
	}
	return lab.Holdout{Fraction: t, Shuffled: f.set("split-seed"), Seed: f.split.seed}, nil
}
