package setup

import (
	"math"
	"strconv"
	"strings"

	"kernelscope/learn"
)

// learnerFlags are the flags that choose the learner and set the SVM's C,
// tolerance and iteration cap (BindLearner).
type learnerFlags struct {
	bound   bool
	algo    bool // --algo is bound (the svm command is always the SVM)
	name    string
	c       string
	tol     float64
	maxIter int
	budget  int
	// cycles: the program switches learners (the terminal program's l),
	// so --budget is kept for the budget learners whatever --algo starts.
	cycles bool
}

// DefaultBudget is the budget learners' B when --budget is not given.
const DefaultBudget = 10

// BindLearner adds the SVM's flags, --C, --tol and --max-iter, and with
// algo the flag --algo that chooses the learner: the terminal program
// takes --algo, the svm command is always the SVM. Call it after Bind.
func (f *Flags) BindLearner(algo bool) {
	f.learner.bound, f.learner.algo = true, algo
	if algo {
		f.fs.StringVar(&f.learner.name, "algo", "perceptron", "the learner: perceptron (seed 001); averaged or voted (Freund & Schapire); stoptron, forgetron or budget (at most --budget support vectors); svm (SMO, seeds 001 and 004)")
		f.fs.IntVar(&f.learner.budget, "budget", DefaultBudget, "the most support vectors of the stoptron, forgetron and budget learners, ≥ 1 (the budget learner draws the one it forgets from --seed)")
	}
	f.fs.StringVar(&f.learner.c, "C", "1", "the SVM's C, the bound on every αᵢ: a number > 0, or inf for the hard margin (seed 004)")
	f.fs.Float64Var(&f.learner.tol, "tol", learn.DefaultTol, "the SVM stops when the largest KKT violation m(α) − M(α) is at most this; > 0")
	f.fs.IntVar(&f.learner.maxIter, "max-iter", 0, "the most SMO iterations (pair updates), ≥ 0 (0: max(10⁷, 100·n), LIBSVM's)")
}

// CycleLearners says the program switches learners as it runs: --budget
// is then accepted with any --algo, for the budget learners it reaches.
func (f *Flags) CycleLearners() { f.learner.cycles = true }

// resolveLearner fills cfg.Algo and cfg.SVM from the learner flags.
func (f *Flags) resolveLearner(cfg *learn.Config) error {
	l := f.learner
	if !l.bound {
		return nil
	}
	cfg.Algo = learn.AlgoSVM
	if l.algo {
		a, err := learn.ParseAlgo(l.name)
		if err != nil {
			return Usagef("--algo: %v", err)
		}
		cfg.Algo = a
		if f.set("budget") && !a.Budgeted() && !l.cycles {
			return Usagef("--budget applies to --algo stoptron, forgetron and budget, not %v", a)
		}
		if a.Budgeted() && l.budget < 1 {
			return Usagef("--budget must be at least 1 support vector, not %d", l.budget)
		}
		cfg.Budget = l.budget
	}
	c, err := ParseC(l.c)
	if err != nil {
		return Usagef("--C: %v", err)
	}
	if !(l.tol > 0) || math.IsInf(l.tol, 0) {
		return Usagef("--tol must be a finite number > 0, not %v", l.tol)
	}
	if l.maxIter < 0 {
		return Usagef("--max-iter must be ≥ 0, not %d", l.maxIter)
	}
	cfg.SVM = learn.SVMOptions{C: c, Tol: l.tol, MaxIter: l.maxIter}
	return nil
}

// ParseC reads C: a finite number > 0, or inf (also ∞, infinity) for the
// hard margin.
func ParseC(s string) (float64, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "inf", "+inf", "infinity", "∞":
		return math.Inf(1), nil
	}
	c, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(c) {
		return 0, &UsageError{Msg: "want a number > 0 or inf, not " + strconv.Quote(s)}
	}
	if math.IsInf(c, 1) {
		return c, nil
	}
	if !(c > 0) {
		return 0, &UsageError{Msg: "C must be > 0 (or inf for the hard margin), not " + s}
	}
	return c, nil
}
