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

	"kernelscope/tui"
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

Exit codes: 0 done; 1 the data, a numerical condition or the output failed;
2 the command line is wrong; 3 an internal error (a bug: please report it).
`

// exit codes
const (
	exitOK    = 0
	exitData  = 1 // the data, a numerical condition or the output is at fault
	exitUsage = 2 // the command line is at fault
	exitBug   = 3 // a panic: kernelscope is at fault
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

// run is the whole command line, with its streams, for tests. A panic
// anywhere below ends in one line on stderr and exit code 3, never a stack
// trace (the terminal program restores the terminal first: tui.PanicError).
func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "kernelscope: internal error: %v (please report this with the command you ran)\n", r)
			code = exitBug
		}
	}()
	out := &checkedWriter{w: stdout}
	err := dispatchFn(args, out, stderr)
	if errors.Is(err, errHelpShown) {
		err = nil
	}
	if err == nil && out.err != nil {
		// Help, version and lists go straight to stdout; a write that
		// failed there (a full disk, a closed pipe) is still a failure.
		err = fmt.Errorf("writing the output: %w", out.err)
	}
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(stderr, "kernelscope: "+err.Error())
	var ue *usageError
	var pe *tui.PanicError
	switch {
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &pe):
		return exitBug
	}
	return exitData
}

// checkedWriter remembers the first error of the writer it wraps and
// writes nothing after it.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	c.err = err
	return n, err
}

// dispatchFn is dispatch; tests replace it to check what a panic does.
var dispatchFn = dispatch

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
