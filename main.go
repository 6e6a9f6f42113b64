// Command kernelscope teaches the kernel perceptron: with no arguments it
// opens a terminal program that steps the perceptron one example at a time on
// a live decision region; `kernelscope trace` runs the same stepper headless
// and prints the trace the way the lecture notes write it.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// version is the program's version, printed by --version.
const version = "0.1.0"

const usage = `kernelscope: see how the kernel perceptron learns.

Usage:
  kernelscope [flags]           open the terminal program (the flags below set it up)
  kernelscope trace [flags]     train headless and print every step
  kernelscope datasets          list the built-in datasets and their presets
  kernelscope export [flags]    write a dataset as CSV (rows x1,x2,y) to stdout or --out FILE
  kernelscope --version         print the version
  kernelscope help [command]    this help, or a command's

Run 'kernelscope trace --help' for the flags.
`

// exit codes
const (
	exitOK    = 0
	exitData  = 1 // the data or a numerical condition is at fault
	exitUsage = 2 // the command line is at fault
)

// usageError is a mistake in the command line (exit 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command line, with its streams, for tests.
func run(args []string, stdout, stderr io.Writer) int {
	err := dispatch(args, stdout, stderr)
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errHelpShown) {
		return exitOK
	}
	fmt.Fprintln(stderr, "kernelscope: "+err.Error())
	var ue *usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitData
}

// errHelpShown ends a command after it printed its help on request.
var errHelpShown = errors.New("help shown")

func dispatch(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "trace":
			return traceCommand(args[1:], stdout)
		case "datasets":
			return datasetsCommand(args[1:], stdout)
		case "export":
			return exportCommand(args[1:], stdout)
		case "help":
			if len(args) > 1 {
				return dispatch([]string{args[1], "--help"}, stdout, stderr)
			}
			fmt.Fprint(stdout, usage)
			return nil
		case "version", "--version", "-version", "-v":
			fmt.Fprintln(stdout, "kernelscope "+version)
			return nil
		}
	}
	return tuiCommand(args, stdout)
}
