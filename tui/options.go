package tui

import (
	"kernelscope/datasets"
	"kernelscope/learn"
)

// Options is what the program opens on: the data, where it came from, and
// how to train. The command line fills it in from its flags.
type Options struct {
	// Dataset is the built-in the points came from ("" for a file).
	Dataset string
	// File is the CSV file the points came from ("" for a built-in).
	File string
	// N, Noise and Seed made a generated built-in.
	N     int
	Noise float64
	Seed  uint64
	// Points are the training examples; Header the CSV header, if any.
	Points []datasets.Point
	Header []string
	// Config is the training configuration (kernel, bias, tie rule, η, cap,
	// shuffle).
	Config learn.Config
}
