package setup

import (
	"math"
	"strconv"
	"strings"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// CommandLine is the kernelscope command line that recreates o: the data
// flags, every training flag, --test, and --steps for o.Replay.Steps. It
// reports false when no command line can, and a session file must: points
// edited by hand or appended mid-run, columns picked from a wider file, or
// a data seed that differs from the shuffle's (one --seed sets both).
func CommandLine(o Options) ([]string, bool) {
	cfg := o.Config
	if o.Replay.Edited || len(o.Replay.AppendedAt) > 0 || !o.Columns.IsZero() {
		return nil, false
	}
	args := []string{"kernelscope"}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	seed := cfg.Seed
	switch {
	case o.File != "":
		args = append(args, "--data", o.File)
	case o.Dataset != "":
		b, ok := datasets.Lookup(o.Dataset)
		if !ok {
			return nil, false
		}
		args = append(args, "--dataset", o.Dataset)
		if b.Generated {
			args = append(args, "--n", strconv.Itoa(o.N), "--noise", num(o.Noise))
			if usesSeed(cfg) && o.Seed != cfg.Seed {
				return nil, false
			}
			seed = o.Seed
		}
	default:
		return nil, false
	}
	if o.Standardized {
		args = append(args, "--standardize")
	}
	args = append(args, "--seed", strconv.FormatUint(seed, 10), "--kernel", cfg.Kernel.Spec(), "--tie", cfg.Tie.String(),
		"--eta", num(cfg.Eta), "--epochs", strconv.Itoa(cfg.Epochs))
	if cfg.Bias {
		args = append(args, "--bias")
	}
	if cfg.Shuffle {
		args = append(args, "--shuffle")
	}
	if cfg.Algo != learn.AlgoPerceptron {
		args = append(args, "--algo", cfg.Algo.String())
	}
	if cfg.Algo.Budgeted() {
		args = append(args, "--budget", strconv.Itoa(cfg.Budget))
	}
	if cfg.Algo == learn.AlgoSVM {
		c := "inf"
		if eff := cfg.SVM.EffectiveC(); !math.IsInf(eff, 1) {
			c = num(eff)
		}
		args = append(args, "--C", c)
		if cfg.SVM.Tol != 0 && cfg.SVM.Tol != learn.DefaultTol {
			args = append(args, "--tol", num(cfg.SVM.Tol))
		}
		if cfg.SVM.MaxIter != 0 {
			args = append(args, "--max-iter", strconv.Itoa(cfg.SVM.MaxIter))
		}
	}
	if h := o.Holdout; h.On() {
		args = append(args, "--test", num(h.Fraction))
		if h.Shuffled {
			args = append(args, "--split-seed", strconv.FormatUint(h.Seed, 10))
		}
	}
	if o.Replay.Steps > 0 {
		args = append(args, "--steps", strconv.Itoa(o.Replay.Steps))
	}
	return args, true
}

// usesSeed reports whether training draws from cfg.Seed: a shuffled order,
// or the budget perceptron's choice of what to forget.
func usesSeed(cfg learn.Config) bool { return cfg.Shuffle || cfg.Algo == learn.AlgoBudget }

// ShellQuote joins args for a POSIX shell: an argument with anything but
// letters, digits and _ . / = : , + - in it is put in single quotes.
func ShellQuote(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		safe := a != ""
		for _, r := range a {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./=:,+-", r)) {
				safe = false
				break
			}
		}
		if safe {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
