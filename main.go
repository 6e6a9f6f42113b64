// Command kernelscope teaches the kernel perceptron: with no arguments it
// opens a terminal program that steps the perceptron one example at a time on
// a live decision region; `kernelscope trace` runs the same stepper headless
// and prints the trace the way the lecture notes write it.
//
// The command line is Cobra, styled by Charm's fang: one command per file
// (trace.go, datasets.go, export.go, man.go, help.go; the terminal program
// is the root command, here), flags resolved by package setup.
package main

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
	var ie *interruptedError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ie), errors.Is(err, context.Canceled):
		// A context is cancelled only by Ctrl-C (interruptible).
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
	return execute(newRoot(), args, stdout, stderr)
}

// execute runs root through fang: styled help, --version, the completion
// command, and errors said once, styled on a terminal and in one line
// otherwise. fang never exits; the caller picks the exit code.
func execute(root *cobra.Command, args []string, stdout, stderr io.Writer) error {
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	prepare(root)
	return fang.Execute(context.Background(), root,
		fang.WithVersion(version),
		fang.WithoutManpage(), // ours writes to the command's stdout: see man.go
		fang.WithErrorHandler(errorHandler(isTerminal(stderr))),
	)
}

// runTUI opens the terminal program; tests put a recorder in its place.
var runTUI = tui.Run

// newRoot builds the command tree: the terminal program at the root, then
// trace, datasets, export and man (Cobra adds completion and help).
func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "kernelscope",
		Short: "See the kernel perceptron learn, step by step",
		Long: `See how the kernel perceptron learns, one example at a time.

With no command, kernelscope opens the terminal program on the worked 4-point example of the notes (seed 003): space takes a step, c runs to convergence, b steps back, ? lists every key. The flags below set it up; trace takes the same ones and prints the steps instead.

` + exitCodes,
		Example: `
# the worked example of seed 003
kernelscope
kernelscope --dataset moons --kernel 'rbf(sigma=0.4)'
kernelscope --data points.csv
kernelscope trace --dataset worked4
`,
		Args: rootArgs,
	}
	root.SetVersionTemplate("kernelscope {{.Version}}\n")
	flags := setup.Bind(root.Flags(), "the terminal program", setup.Train)
	flags.BindLearner(true)
	flags.CycleLearners() // l cycles the learners: --budget waits for its turn
	flags.BindSplit()     // h holds rows out; --test starts with them held out
	flags.BindSession()   // w then s saves one
	flags.BindFPS()
	var display tui.Display
	root.Flags().BoolVar(&display.Big, "big", false, "projector mode: big markers, bracketed support vectors, a thick boundary (B toggles it)")
	steps := root.Flags().Int("steps", 0, "open after this many steps, ≥ 0 (R writes it into the command that recreates a state)")
	root.RunE = func(c *cobra.Command, _ []string) error {
		if *steps < 0 {
			return setup.Usagef("--steps must be ≥ 0, not %d", *steps)
		}
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		if display.FPS, err = flags.FPS(); err != nil {
			return err
		}
		if c.Flags().Changed("steps") {
			s.Replay.Steps = *steps
		}
		// Ctrl-C stops a long replay before the program has the terminal.
		ctx, stop := interrupt(c.Context())
		defer stop()
		if isTerminal(c.ErrOrStderr()) {
			display.Progress = c.ErrOrStderr()
		}
		return runTUI(ctx, s, display)
	}
	root.AddCommand(newTraceCmd(), newDatasetsCmd(), newExportCmd(), newManCmd())
	root.AddCommand(newFeaturesCmd(), newSVMCmd(), newCVCmd(), newPlotCmd())
	root.SetHelpCommand(newHelpCmd())
	return root
}

// prepare finishes the tree before it runs: Cobra's own commands
// (completion, help) exist from here on, every command's flag and argument
// mistakes are usage errors in kernelscope's words, and flags complete.
func prepare(root *cobra.Command) {
	cobra.EnableCommandSorting = false // the order of newRoot: trace first
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	refuseShells(root)
	root.SetFlagErrorFunc(flagError)
	walk(root, func(c *cobra.Command) {
		c.Args = usageArgs(c.Args)
		registerCompletions(c)
	})
}

// refuseShells makes `completion` without a shell, or with one it has no
// script for (tcsh), a usage error that lists the shells. Cobra's
// completion command does not run itself: it would print its help on
// stdout and exit 0, as if the script had been written.
func refuseShells(root *cobra.Command) {
	c, _, err := root.Find([]string{"completion"})
	if err != nil || c == root {
		return
	}
	c.Args = cobra.ArbitraryArgs // RunE says what is wrong with them
	c.RunE = func(c *cobra.Command, args []string) error {
		var shells []string
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				shells = append(shells, sub.Name())
			}
		}
		hint := "shells: " + strings.Join(shells, ", ")
		if len(args) == 0 {
			return hinted(c, hint, "no shell given")
		}
		return hinted(c, hint, "unknown shell %q", args[0])
	}
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
