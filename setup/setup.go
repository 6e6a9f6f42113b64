// Package setup turns a command line into what a session opens on: the
// data, where it came from, and how to train on it. Every command of
// kernelscope (the terminal program, trace, export) defines its flags and
// resolves them here, so a dataset's preset is applied in one place,
// explicit flags override it in one place, and every check says the same
// words whichever command it came from.
package setup

import "kernelscope/datasets"

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
