// Package setup turns a command line into what a session opens on: the
// data, where it came from, and how to train on it. Every command of
// kernelscope (the terminal program, trace, export) defines its flags and
// resolves them here, so a dataset's preset is applied in one place,
// explicit flags override it in one place, and every check says the same
// words whichever command it came from.
package setup

import (
	"kernelscope/datasets"
	"kernelscope/learn"
)

// Options is what a session opens on: the data, where it came from, and how
// to train. Resolve fills it in from the flags.
type Options struct {
	// Dataset is the built-in the points came from ("" for a file).
	Dataset string
	// File is the CSV file the points came from ("" for a built-in).
	File string
	// N, Noise and Seed made a generated built-in.
	N     int
	Noise float64
	Seed  uint64
	// Columns are what --columns, --label and --positive pick from File:
	// zero when File is read as rows x1,x2,y; once loaded, each column with
	// its number and header name (datasets.Table.Columns).
	Columns datasets.Columns
	// Points are the training examples; Header the CSV header's names of
	// x1, x2 and y, if the file has a header (of the picked columns, with
	// Columns).
	Points []datasets.Point
	Header []string
	// Standardized reports that Points are z-scores of the data (mean 0,
	// sd 1 per coordinate), not the data as written.
	Standardized bool
	// Edited reports that Points were changed by hand after they came from
	// the dataset or file (the terminal program's o, x and del): only a
	// session file recreates them.
	Edited bool
	// Config is the training configuration (kernel, bias, tie rule, η, cap,
	// shuffle, the row cache's budget); zero for Export, which does not
	// train.
	Config learn.Config
	// Holdout is the part of Points held out as test data (--test): Split
	// gives the two parts.
	Holdout Holdout
	// Replay is how far training went in a session file (--session), or
	// the steps --steps asks for: zero to start from α = 0.
	Replay Replay
	// Session is the session file these options were read from (--session),
	// "" otherwise.
	Session string
}

// DefaultDataset is what the terminal program and trace open without
// --dataset or --data.
const DefaultDataset = "worked4"

// MaxTrainN is the most points a dataset that is trained on may have (the
// CSV reader's limit too): n floats of scores, and rows of n floats
// recomputed on every mistake once the row cache is full.
const MaxTrainN = datasets.MaxRows

// The terminal program draws at most DefaultFPS frames a second unless
// --fps says otherwise, from MinFPS to MaxFPS (Bubble Tea's own cap).
const (
	DefaultFPS = 30
	MinFPS     = 1
	MaxFPS     = 120
)
