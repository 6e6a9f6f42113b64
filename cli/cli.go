// Package cli is kernelscope's command line: one file per command (the
// terminal program at the root, root.go; trace.go, svm.go, cv.go,
// features.go, plot.go, export.go, datasets.go, man.go, help.go;
// completion.go for Cobra's completion command and flag values), on Cobra,
// styled by Charm's fang, with flags resolved by package setup. Run is the
// whole command line; package main only hands os.Args over to it.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/fang/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"kernelscope/setup"
	"kernelscope/tui"
)

// version is the program's version, printed by --version.
const version = "0.1.0"

// exit codes
const (
	exitOK    = 0
	exitData  = 1 // the data, a numerical condition or the output is at fault
	exitUsage = 2 // the command line is at fault
	exitBug   = 3 // a panic: kernelscope is at fault
	// exitInterrupted is 128 + SIGINT, as shells report a command Ctrl-C
	// stopped: cv stops cleanly and says so.
	exitInterrupted = 130
)

// exitCodes is the paragraph every help screen and the man page end on.
const exitCodes = `Exit codes: 0 done; 1 the data, a numerical condition or the output failed; 2 the command line is wrong; 3 an internal error (a bug: please report it); 130 interrupted (ctrl+c), nothing written.`

// Run is the whole command line: it runs args (without the program's name)
// with its streams and returns the exit code. A panic anywhere below ends
// in one line on stderr and exit code 3, never a stack trace (the terminal
// program restores the terminal first: tui.PanicError).
func Run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "kernelscope: internal error: %v (please report this with the command you ran)\n", r)
			code = exitBug
		}
	}()
	out := checked(stdout)
	err := dispatchFn(args, out, stderr)
	if err == nil && out.failed() != nil {
		// Help, version and lists go straight to stdout, and help screens
		// do not look at what their writes return; a write that failed
		// there (a full disk, a closed pipe) is still a failure.
		err = fmt.Errorf("writing the output: %w", out.failed())
		fmt.Fprintln(stderr, "kernelscope: "+err.Error())
	}
	return exitCode(err)
}

// exitCode maps an error to the exit code that says whose fault it is.
func exitCode(err error) int {
	var ue *setup.UsageError
	var pe *tui.PanicError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, context.Canceled):
		// A context is cancelled only by Ctrl-C (interruptible); an
		// interruptedError unwraps to it.
		return exitInterrupted
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &pe):
		return exitBug
	}
	return exitData
}

// dispatchFn is dispatch; tests replace it to check what a panic does.
var dispatchFn = dispatch

// dispatch runs the command line args; errors are said on stderr before it
// returns them.
func dispatch(args []string, stdout, stderr io.Writer) error {
	return execute(rootFor(args), args, stdout, stderr)
}

// execute runs root through fang: styled help, --version, the completion
// command, and errors said once, styled on a terminal and in one line
// otherwise. fang never exits; the caller picks the exit code.
func execute(root *cobra.Command, args []string, stdout, stderr io.Writer) error {
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	prepare(root)
	addVersionFlag(root)
	if len(args) > 0 && strings.HasPrefix(args[0], cobra.ShellCompRequestCmd) {
		// Only Cobra's __complete asks for the values a flag completes to.
		walk(root, registerCompletions)
	}
	return fang.Execute(context.Background(), root,
		fang.WithoutVersion(), // the root's own --version (root.go)
		fang.WithoutManpage(), // ours writes to the command's stdout: see man.go
		fang.WithErrorHandler(errorHandler(isTerminal(stderr))),
	)
}

// prepare finishes the tree before it runs: Cobra's own commands
// (completion, help) exist from here on, and every command's flag and
// argument mistakes are usage errors in kernelscope's words. (Flags'
// completions are registered by execute, when Cobra's __complete runs.)
func prepare(root *cobra.Command) {
	cobra.EnableCommandSorting = false // the order of newRoot: trace first
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	refuseShells(root)
	root.SetFlagErrorFunc(flagError)
	walk(root, func(c *cobra.Command) {
		c.Args = usageArgs(c.Args)
	})
}

// walk calls fn on c and every command below it.
func walk(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		walk(sub, fn)
	}
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

func (c *checkedWriter) failed() error { return c.err }

// checkedFile is a checkedWriter over a file that still answers Fd, so
// help screens see a terminal when stdout is one and style themselves.
type checkedFile struct {
	*checkedWriter
	f *os.File
}

func (c checkedFile) Fd() uintptr                { return c.f.Fd() }
func (c checkedFile) Read(b []byte) (int, error) { return c.f.Read(b) }
func (c checkedFile) Close() error               { return nil } // not ours to close

// checked wraps stdout so that a failed write is remembered.
func checked(w io.Writer) interface {
	io.Writer
	failed() error
} {
	cw := &checkedWriter{w: w}
	if f, ok := w.(*os.File); ok {
		return checkedFile{cw, f}
	}
	return cw
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(term.File)
	return ok && term.IsTerminal(f.Fd())
}
