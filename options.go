package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"kernelscope/datasets"
	"kernelscope/learn"
	"kernelscope/tui"
)

// options are the training flags shared by `trace` and the terminal program.
type options struct {
	fs      *flag.FlagSet
	dataset string
	data    string
	kernel  string
	degree  string
	coef0   float64
	sigma   float64
	gamma   float64
	bias    bool
	tie     string
	eta     float64
	epochs  int
	shuffle bool
	seed    uint64
	n       int
	noise   float64
	memory  string
}

// defaultDataset is what the terminal program and trace open without
// --dataset or --data.
const defaultDataset = "worked4"

func newOptions(name string) *options {
	o := &options{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	fs := o.fs
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.dataset, "dataset", "", "a built-in dataset (see 'kernelscope datasets'); default "+defaultDataset)
	fs.StringVar(&o.data, "data", "", "a CSV file of rows x1,x2,y (labels −1/+1 or 0/1)")
	fs.StringVar(&o.kernel, "kernel", "", "kernel spec: linear, poly(d=2,c=1), rbf(sigma=1), sigmoid(gamma=1,c=0), sums with +, products with *; default: the dataset's preset, linear for --data")
	fs.StringVar(&o.degree, "degree", "", "polynomial degree d, a positive integer (default 2)")
	fs.Float64Var(&o.coef0, "coef0", 0, "c of the poly or sigmoid kernel (defaults: poly 1, sigmoid 0)")
	fs.Float64Var(&o.sigma, "sigma", 0, "σ of the rbf kernel, > 0 (default 1)")
	fs.Float64Var(&o.gamma, "gamma", 0, "γ of the sigmoid kernel (default 1)")
	fs.BoolVar(&o.bias, "bias", false, "augment x̃ = (1, x₁, x₂) before the kernel (default: the preset's)")
	fs.StringVar(&o.tie, "tie", "", "what f = 0 means: mistake (y·f ≤ 0), pos (sign(0) = +1) or neg (sign(0) = −1); default: the preset's, mistake for --data")
	fs.Float64Var(&o.eta, "eta", 1, "η added to αᵢ on a mistake, > 0")
	fs.IntVar(&o.epochs, "epochs", 100, "the most passes over the data, ≥ 0")
	fs.BoolVar(&o.shuffle, "shuffle", false, "visit the examples in a fresh order each epoch, drawn from --seed")
	fs.Uint64Var(&o.seed, "seed", 1, "seed for generated datasets and --shuffle")
	fs.IntVar(&o.n, "n", 0, "number of points of a generated dataset (default: the dataset's)")
	fs.Float64Var(&o.noise, "noise", 0, "noise of a generated dataset, ≥ 0 (default: the dataset's)")
	fs.StringVar(&o.memory, "memory", "", "the most memory cached kernel rows may take, e.g. 512M or 2G (default: a quarter of physical memory, at most 1G); less only costs speed")
	return o
}

// maxTrainN is the most points a dataset that is trained on may have (the
// CSV reader's limit too): n floats of scores, and rows of n floats
// recomputed on every mistake once the row cache is full.
const maxTrainN = datasets.MaxRows

// setup parses the flags (on --help it prints helpText and the flags), runs
// check (a command's own flag checks, nil for none), and resolves the data.
func (o *options) setup(args []string, stdout io.Writer, helpText string, check func() error) (tui.Options, error) {
	help := func() {
		fmt.Fprint(stdout, helpText)
		o.printDefaults(stdout)
	}
	if err := o.parse(args, help); err != nil {
		return tui.Options{}, err
	}
	if check != nil {
		if err := check(); err != nil {
			return tui.Options{}, err
		}
	}
	return o.resolve()
}

// parse reads the flags; it rejects stray arguments and reports --help.
func (o *options) parse(args []string, help func()) error {
	if err := o.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			help()
			return errHelpShown
		}
		return usagef("%s: %s (see 'kernelscope %s --help')", o.fs.Name(), flagMessage(err), o.fs.Name())
	}
	if o.fs.NArg() > 0 {
		return usagef("%s: unexpected argument %q (flags start with --; see 'kernelscope %s --help')", o.fs.Name(), o.fs.Arg(0), o.fs.Name())
	}
	return nil
}

// flagMessage rewords the flag package's errors for people.
func flagMessage(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return "unknown flag " + strings.TrimLeft(name, "-") + ""
	}
	if strings.HasPrefix(msg, "invalid boolean value ") {
		// invalid boolean value "maybe" for -bias: parse error
		if i := strings.Index(msg, ": "); i >= 0 {
			msg = msg[:i]
		}
		return strings.Replace(msg, "for -", "for --", 1) + " (want true or false, or the flag alone)"
	}
	if strings.HasPrefix(msg, "invalid value ") {
		// invalid value "x" for flag -eta: parse error
		if i := strings.Index(msg, ": "); i >= 0 {
			msg = msg[:i]
		}
		return strings.Replace(msg, "flag -", "--", 1) + " (not a number of the right kind)"
	}
	return msg
}

// printDefaults writes the flags with their help, as --name.
func (o *options) printDefaults(w io.Writer) {
	o.fs.VisitAll(func(f *flag.Flag) {
		name, use := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s %s\n    \t%s\n", f.Name, name, use)
	})
}

// set reports whether a flag was given on the command line.
func (o *options) set(name string) bool {
	given := false
	o.fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			given = true
		}
	})
	return given
}

// resolve checks the flags and turns them into a session: the data and the
// training configuration, the dataset's preset overridden by explicit flags.
// Usage mistakes come back as *usageError; unreadable data as other errors.
func (o *options) resolve() (tui.Options, error) {
	var s tui.Options
	// Flag values first, whatever else is wrong: a bad value is always the
	// first thing to say.
	if o.set("eta") && (!(o.eta > 0) || math.IsInf(o.eta, 0)) {
		return s, usagef("--eta must be a finite number > 0, not %v", o.eta)
	}
	if o.epochs < 0 {
		return s, usagef("--epochs must be ≥ 0, not %d", o.epochs)
	}
	if o.n < 0 {
		return s, usagef("--n must be ≥ 0, not %d", o.n)
	}
	if limit := o.maxN(); o.n > limit {
		return s, usagef("--n %d is more than %s allows (at most %d points)", o.n, o.fs.Name(), limit)
	}
	budget, err := o.rowBudget()
	if err != nil {
		return s, err
	}
	if o.set("noise") && (!(o.noise >= 0) || math.IsInf(o.noise, 0)) {
		return s, usagef("--noise must be a finite number ≥ 0, not %v", o.noise)
	}
	if o.set("sigma") && (!(o.sigma > 0) || math.IsInf(o.sigma, 0)) {
		return s, usagef("--sigma must be a finite number > 0, not %v", o.sigma)
	}
	if o.set("gamma") && (math.IsNaN(o.gamma) || math.IsInf(o.gamma, 0)) {
		return s, usagef("--gamma must be a finite number, not %v", o.gamma)
	}
	if o.set("coef0") && (math.IsNaN(o.coef0) || math.IsInf(o.coef0, 0)) {
		return s, usagef("--coef0 must be a finite number, not %v", o.coef0)
	}
	var degree int
	if o.set("degree") {
		d, err := strconv.ParseFloat(o.degree, 64)
		if err != nil || d != math.Trunc(d) || d < 1 || d > learn.MaxDegree {
			return s, usagef("--degree must be a whole number from 1 to %d, not %q", learn.MaxDegree, o.degree)
		}
		degree = int(d)
	}
	tie := learn.TieMistake
	if o.set("tie") {
		t, err := learn.ParseTie(o.tie)
		if err != nil {
			return s, usagef("--tie: %v", err)
		}
		tie = t
	}
	if o.set("dataset") && o.set("data") {
		return s, usagef("--dataset and --data both name the data; give one")
	}

	// The data and its preset.
	kernelSpec := "linear"
	bias := false
	if o.set("data") {
		for _, f := range []string{"n", "noise"} {
			if o.set(f) {
				return s, usagef("--%s applies to generated datasets, not to --data", f)
			}
		}
		if o.data == "" {
			return s, usagef("--data needs a file name")
		}
		s.File = o.data
	} else {
		name := o.dataset
		if !o.set("dataset") {
			name = defaultDataset
		}
		b, ok := datasets.Lookup(name)
		if !ok {
			return s, usagef("unknown dataset %q (built-ins: %s)", name, strings.Join(builtinNames(), ", "))
		}
		if !b.Generated {
			for _, f := range []string{"n", "noise"} {
				if o.set(f) {
					return s, usagef("--%s applies to generated datasets; %s is a fixed worked example", f, b.Name)
				}
			}
		}
		s.Dataset = b.Name
		s.N, s.Noise = b.DefaultN, b.DefaultNoise
		if o.set("n") {
			s.N = o.n
		}
		if o.set("noise") {
			s.Noise = o.noise
		}
		kernelSpec, bias = b.Preset.Kernel, b.Preset.Bias
		if !o.set("tie") {
			tie = b.Preset.Tie
		}
	}
	if o.set("kernel") {
		kernelSpec = o.kernel
		// A spec that writes its parameters out and a flag that sets one too
		// would contradict each other; flags complete bare names and presets.
		if strings.Contains(o.kernel, "(") {
			for _, f := range []string{"degree", "coef0", "sigma", "gamma"} {
				if o.set(f) {
					return s, usagef("--%s: the kernel %q writes its parameters out; put the value in the spec, or use a bare name (--kernel poly --degree 3)", f, o.kernel)
				}
			}
		}
	}
	if o.set("bias") {
		bias = o.bias
	}
	k, err := learn.ParseKernel(kernelSpec)
	if err != nil {
		return s, usagef("--kernel: %v", err)
	}
	var ov learn.Overrides
	if o.set("degree") {
		ov.Degree = &degree
	}
	if o.set("coef0") {
		ov.Coef0 = &o.coef0
	}
	if o.set("sigma") {
		ov.Sigma = &o.sigma
	}
	if o.set("gamma") {
		ov.Gamma = &o.gamma
	}
	if k, err = ov.Apply(k); err != nil {
		return s, usagef("%v", err)
	}
	s.Seed = o.seed
	s.Config = learn.Config{Kernel: k, Bias: bias, Tie: tie, Eta: o.eta, Epochs: o.epochs, Shuffle: o.shuffle, Seed: o.seed, RowCacheBytes: budget}

	// Only now touch the file system: every usage mistake is reported first.
	return s, load(&s)
}

// load fills in the points: read from the CSV file, or generated.
func load(s *tui.Options) error {
	if s.File != "" {
		t, err := datasets.LoadCSV(s.File)
		if err != nil {
			return err
		}
		s.Points, s.Header = t.Points, t.Header
		return nil
	}
	b, _ := datasets.Lookup(s.Dataset)
	s.Points = b.Generate(s.N, s.Noise, s.Seed)
	for i, p := range s.Points {
		if !finite(p.X1) || !finite(p.X2) {
			return usagef("--noise %v is too large: %s's point %d comes out as (%v, %v), which is not a pair of finite numbers (use a smaller --noise)", s.Noise, b.Name, i+1, p.X1, p.X2)
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// maxN is the largest --n the command accepts: export writes points
// without training on them.
func (o *options) maxN() int {
	if o.fs.Name() == "export" {
		return datasets.MaxGenerate
	}
	return maxTrainN
}

func builtinNames() []string {
	var names []string
	for _, b := range datasets.Builtins() {
		names = append(names, b.Name)
	}
	return names
}
