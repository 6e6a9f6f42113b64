package setup

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// Use is what a command does with its data, and so which flags it takes.
type Use int

const (
	// Train is the terminal program and trace: the data flags, the training
	// flags and --memory.
	Train Use = iota
	// Export writes the data without training on it: the data flags only,
	// and a larger --n.
	Export
)

// Flags are the flags of one command, bound to its flag set. Resolve reads
// them once the command line is parsed.
type Flags struct {
	fs      *pflag.FlagSet
	command string // in messages: "trace", "export", "the terminal program"
	use     Use

	dataset, data  string
	columns, label string
	positive       string
	n              int
	noise          float64
	seed           uint64
	kernel, degree string
	coef0, sigma   float64
	gamma          float64
	bias, shuffle  bool
	tie            string
	epochs         int
	memory         string
	undoMemory     string
	standardize    bool
	learner        learnerFlags
	split          splitFlags
	session        string
	fps            int
}

// Bind defines on fs the flags of a command that uses data for use, and
// returns them. command names the command in messages ("--n 2000000 is
// more than trace allows").
//
// Each flag's help starts with a plain word: help screens may capitalize
// the first word, which would turn σ into Σ.
func Bind(fs *pflag.FlagSet, command string, use Use) *Flags {
	f := &Flags{fs: fs, command: command, use: use}
	fs.SortFlags = false // in the order below: the data, then how to train
	fs.StringVar(&f.dataset, "dataset", "", "a built-in dataset (see 'kernelscope datasets'); default "+DefaultDataset)
	fs.StringVar(&f.data, "data", "", "a file of rows x1,x2,y (CSV; labels −1/+1 or 0/1), or a wider CSV file cut down with --columns, --label and --positive")
	fs.StringVar(&f.columns, "columns", "", "the two columns of --data to read as x₁,x₂: numbers from 1 or header names, e.g. 3,4 or petal_length,petal_width (default: the first two that are not the label); one column, e.g. 2, reads points on a line (1-D: x₂ = 0)")
	fs.StringVar(&f.label, "label", "", "the column of --data that holds the labels: a number from 1 or a header name (default: the last)")
	fs.StringVar(&f.positive, "positive", "", "the label to read as +1, every other label as −1 (one-vs-rest), e.g. versicolor; for labels that are not −1/+1 or 0/1")
	if use == Train {
		fs.StringVar(&f.kernel, "kernel", "", "kernel spec: "+learn.SpecHelp()+"; default: the dataset's preset, linear for --data")
		fs.StringVar(&f.degree, "degree", "", "sets "+learn.OverrideHelp("degree"))
		fs.Float64Var(&f.coef0, "coef0", 0, "sets "+learn.OverrideHelp("coef0"))
		fs.Float64Var(&f.sigma, "sigma", 0, "sets "+learn.OverrideHelp("sigma"))
		fs.Float64Var(&f.gamma, "gamma", 0, "sets "+learn.OverrideHelp("gamma"))
		fs.BoolVar(&f.bias, "bias", false, "augment x̃ = (1, x₁, x₂) before the kernel (default: the preset's)")
		fs.StringVar(&f.tie, "tie", "", "what f = 0 means: "+tieHelp()+"; default: the preset's, mistake for --data")
		fs.IntVar(&f.epochs, "epochs", 100, epochsHelp())
		fs.BoolVar(&f.shuffle, "shuffle", false, "visit the examples in a fresh order each epoch, drawn from --seed")
	}
	fs.IntVar(&f.n, "n", 0, "number of points of a generated dataset (default: the dataset's)")
	fs.Float64Var(&f.noise, "noise", 0, "noise of a generated dataset, ≥ 0 (default: the dataset's)")
	fs.BoolVar(&f.standardize, "standardize", false, "rescale each coordinate to mean 0 and standard deviation 1 (z-scores) over the training rows, for data whose features have different scales: rows held out (--test) and cv's validation folds are scaled with the training rows' mean and sd, never fitted")
	if use == Train {
		fs.Uint64Var(&f.seed, "seed", 1, "seed for generated datasets and --shuffle")
		fs.StringVar(&f.memory, "memory", "", "the most memory cached kernel rows may take, e.g. 512M or 2G (default: a quarter of physical memory, at most 1G); less only costs speed")
	} else {
		fs.Uint64Var(&f.seed, "seed", 1, "seed for generated datasets")
	}
	return f
}

// tieHelp lists the tie rules with what each does: "mistake (mistake iff
// y·f ≤ 0), pos (sign(0) = +1) or neg (sign(0) = −1)".
func tieHelp() string {
	parts := make([]string, len(learn.Ties))
	for i, t := range learn.Ties {
		parts[i] = t.String() + " (" + t.Describe() + ")"
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// set reports whether a flag was given on the command line.
func (f *Flags) set(name string) bool {
	fl := f.fs.Lookup(name)
	return fl != nil && fl.Changed
}

// maxN is the largest --n the command accepts: export writes points
// without training on them.
func (f *Flags) maxN() int {
	if f.use == Export {
		return datasets.MaxGenerate
	}
	return MaxTrainN
}

// BindFPS adds --fps N, the most frames a second the terminal program
// draws (it says how to show a session, so --session takes it). Call it
// after Bind.
func (f *Flags) BindFPS() {
	f.fs.IntVar(&f.fps, "fps", DefaultFPS, fmt.Sprintf("the most frames a second autoplay and runs draw, %d to %d: fewer send less to a slow (SSH) terminal; training's speed stays the same", MinFPS, MaxFPS))
}

// FPS is the checked value of --fps.
func (f *Flags) FPS() (int, error) {
	if f.fps < MinFPS || f.fps > MaxFPS {
		return 0, Usagef("--fps must be a whole number from %d to %d, not %d", MinFPS, MaxFPS, f.fps)
	}
	return f.fps, nil
}

// epochsHelp is --epochs's help: the most passes, and the learners that
// take exactly that many because nothing stops them sooner.
func epochsHelp() string {
	var all []string
	for _, k := range learn.Learners() {
		if k.RunsAll {
			all = append(all, k.Name)
		}
	}
	h := "the most passes over the data, ≥ 0"
	if len(all) > 0 {
		h += "; " + strings.Join(all, " and ") + " run exactly this many and never claim to converge"
	}
	return h
}
