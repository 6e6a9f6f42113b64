package tui

import "kernelscope/lab"

// Options is what the program opens on: the data, where it came from, and
// how to train. The command line fills it in (package setup resolves the
// flags every command shares).
type Options = lab.Options
