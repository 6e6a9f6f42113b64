// Command kernelscope teaches the kernel perceptron: with no arguments it
// opens a terminal program that steps the perceptron one example at a time on
// a live decision region; `kernelscope trace` runs the same stepper headless
// and prints the trace the way the lecture notes write it.
//
// The command line lives in package cli, one file per command; main only
// hands the arguments and the streams over and exits with its code.
package main

import (
	"os"

	"kernelscope/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
