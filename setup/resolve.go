package setup

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
)

// Resolve checks the flags and turns them into a session: the data and the
// training configuration, the dataset's preset overridden by explicit
// flags. Mistakes in the command line come back as *UsageError, and are
// all found before the file system is touched; data that cannot be read
// comes back as other errors.
func (f *Flags) Resolve() (lab.Options, error) {
	if f.set("session") {
		return f.resolveSession()
	}
	var s lab.Options
	// Flag values first, whatever else is wrong: a bad value is always the
	// first thing to say.
	if f.epochs < 0 {
		return s, Usagef("--epochs must be ≥ 0, not %d", f.epochs)
	}
	if f.n < 0 {
		return s, Usagef("--n must be ≥ 0, not %d", f.n)
	}
	if limit := f.maxN(); f.n > limit {
		return s, Usagef("--n %d is more than %s allows (at most %d points)", f.n, f.command, limit)
	}
	var budget int64
	if f.use == Train {
		b, err := f.rowBudget()
		if err != nil {
			return s, err
		}
		budget = b
	}
	undo, err := f.undoBudget()
	if err != nil {
		return s, err
	}
	if f.set("noise") && (!(f.noise >= 0) || math.IsInf(f.noise, 0)) {
		return s, Usagef("--noise must be a finite number ≥ 0, not %v", f.noise)
	}
	if f.set("sigma") && (!(f.sigma > 0) || math.IsInf(f.sigma, 0)) {
		return s, Usagef("--sigma must be a finite number > 0, not %v", f.sigma)
	}
	if f.set("gamma") && !finite(f.gamma) {
		return s, Usagef("--gamma must be a finite number, not %v", f.gamma)
	}
	if f.set("coef0") && !finite(f.coef0) {
		return s, Usagef("--coef0 must be a finite number, not %v", f.coef0)
	}
	var degree int
	if f.set("degree") {
		d, err := strconv.ParseFloat(f.degree, 64)
		if err != nil || d != math.Trunc(d) || d < 1 || d > learn.MaxDegree {
			return s, Usagef("--degree must be a whole number from 1 to %d, not %q", learn.MaxDegree, f.degree)
		}
		degree = int(d)
	}
	tie := learn.TieMistake
	if f.set("tie") {
		t, err := learn.ParseTie(f.tie)
		if err != nil {
			return s, Usagef("--tie: %v", err)
		}
		tie = t
	}
	cols, err := f.pickColumns()
	if err != nil {
		return s, err
	}
	if f.set("dataset") && f.set("data") {
		return s, Usagef("--dataset and --data both name the data; give one")
	}
	if !cols.IsZero() && !f.set("data") {
		return s, Usagef("--%s picks columns of a --data file; the built-in datasets are x1,x2,y already", f.firstColumnFlag())
	}

	// The data and its preset: the one place presets are applied.
	kernelSpec := "linear"
	bias := false
	if f.set("data") {
		for _, name := range []string{"n", "noise"} {
			if f.set(name) {
				return s, Usagef("--%s applies to generated datasets, not to --data", name)
			}
		}
		if f.data == "" {
			return s, Usagef("--data needs a file name")
		}
		s.File, s.Columns = f.data, cols
	} else {
		name := f.dataset
		if !f.set("dataset") {
			name = DefaultDataset
		}
		b, ok := datasets.Lookup(name)
		if !ok {
			return s, Usagef("unknown dataset %q (built-ins: %s)", name, strings.Join(datasets.BuiltinNames(), ", "))
		}
		if !b.Generated {
			for _, flag := range []string{"n", "noise"} {
				if f.set(flag) {
					return s, Usagef("--%s applies to generated datasets; %s is a fixed worked example", flag, b.Name)
				}
			}
		}
		s.Dataset = b.Name
		s.N, s.Noise = b.DefaultN, b.DefaultNoise
		if f.set("n") {
			s.N = f.n
		}
		if f.set("noise") {
			s.Noise = f.noise
		}
		kernelSpec, bias = b.Preset.Kernel, b.Preset.Bias
		if !f.set("tie") {
			tie = b.Preset.Tie
		}
	}

	s.Seed = f.seed
	s.Standardized = f.standardize
	if f.use == Export {
		// Export writes the points; it has no training to configure.
		return s, load(&s)
	}

	// Explicit flags override the preset.
	if f.set("kernel") {
		kernelSpec = f.kernel
		// A spec that writes its parameters out and a flag that sets one too
		// would contradict each other; flags complete bare names and presets.
		if strings.Contains(f.kernel, "(") {
			for _, name := range []string{"degree", "coef0", "sigma", "gamma"} {
				if f.set(name) {
					return s, Usagef("--%s: the kernel %q writes its parameters out; put the value in the spec, or use a bare name (--kernel poly --degree 3)", name, f.kernel)
				}
			}
		}
	}
	if f.set("bias") {
		bias = f.bias
	}
	k, err := learn.ParseKernel(kernelSpec)
	if err != nil {
		return s, Usagef("--kernel: %v", err)
	}
	var ov learn.Overrides
	if f.set("degree") {
		ov.Degree = &degree
	}
	if f.set("coef0") {
		ov.Coef0 = &f.coef0
	}
	if f.set("sigma") {
		ov.Sigma = &f.sigma
	}
	if f.set("gamma") {
		ov.Gamma = &f.gamma
	}
	if k, err = ov.Apply(k); err != nil {
		return s, Usagef("%v", err)
	}
	s.Config = learn.Config{Kernel: k, Bias: bias, Tie: tie, Epochs: f.epochs,
		Shuffle: f.shuffle, Seed: f.seed, RunOptions: learn.RunOptions{RowCacheBytes: budget, UndoBytes: undo}}
	if err := f.resolveLearner(&s.Config); err != nil {
		return s, err
	}
	if s.Holdout, err = f.resolveSplit(); err != nil {
		return s, err
	}

	// Only now touch the file system: every usage mistake is reported first.
	if err := load(&s); err != nil {
		return s, err
	}
	if err := lab.CheckHoldout(&s); err != nil {
		return s, &UsageError{Msg: err.Error(), Err: err}
	}
	return s, nil
}

// load fills in the points: read from the CSV file, or generated; then
// standardized if asked, with the statistics of the training rows only
// (s.Holdout is resolved first: --test's rows are scaled, not fitted).
func load(s *lab.Options) error {
	if err := loadRaw(s); err != nil {
		return err
	}
	if s.Standardized {
		s.Standardize()
	}
	return nil
}

func loadRaw(s *lab.Options) error {
	if s.File != "" {
		var t datasets.Table
		var err error
		if s.Columns.IsZero() {
			t, err = datasets.LoadCSV(s.File)
			var pe *datasets.ParseError
			if errors.As(err, &pe) && pe.Wide > 0 {
				err = fmt.Errorf("%w; to read two of its %d columns, pick them: --columns X1,X2 (the labels are the last column unless --label says which)", err, pe.Wide)
			}
		} else {
			t, err = datasets.LoadCSVColumns(s.File, s.Columns)
			err = columnsUsage(s.File, s.Columns, err)
		}
		if err != nil {
			return err
		}
		s.Points, s.Header, s.Columns = t.Points, t.Header, t.Columns
		return nil
	}
	b, _ := datasets.Lookup(s.Dataset)
	s.Points = b.Generate(s.N, s.Noise, s.Seed)
	for i, p := range s.Points {
		if !finite(p.X1) || !finite(p.X2) {
			return Usagef("--noise %v is too large: %s's point %d comes out as (%v, %v), which is not a pair of finite numbers (use a smaller --noise)", s.Noise, b.Name, i+1, p.X1, p.X2)
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
