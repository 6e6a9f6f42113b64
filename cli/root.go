package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/lab"
	"kernelscope/setup"
	"kernelscope/tui"
)

// runTUI opens the terminal program; tests put a recorder in its place.
var runTUI = tui.Run

// subcommand is a command under the root and how to build it.
type subcommand struct {
	name  string
	build func() *cobra.Command
}

// subcommands are the commands under the root, in the order help lists
// them (Cobra adds completion and help).
var subcommands = []subcommand{
	{"trace", newTraceCmd}, {"datasets", newDatasetsCmd}, {"export", newExportCmd}, {"man", newManCmd},
	{"features", newFeaturesCmd}, {"svm", newSVMCmd}, {"cv", newCVCmd}, {"plot", newPlotCmd},
	{"serve", newServeCmd}, {"record", newRecordCmd},
}

// newRoot builds the whole command tree: the terminal program at the root,
// then every subcommand.
func newRoot() *cobra.Command {
	root := newRootCmd()
	for _, s := range subcommands {
		root.AddCommand(s.build())
	}
	return root
}

// rootFor is the command tree args need. Binding a command's flags is most
// of what a short run does before its work (docs/bench/speed.md,
// "Starting"), so a command line that runs one subcommand gets the root
// and that subcommand, and one that runs the root (the terminal program,
// --version) the root alone; the other commands are placeholders that hold
// their names, for Cobra to find the command by and for "did you mean".
// Help, completion and the manual read every command: they get the whole
// tree.
func rootFor(args []string) *cobra.Command {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" || a == "help" || a == "completion" || strings.HasPrefix(a, cobra.ShellCompRequestCmd) {
			return newRoot()
		}
	}
	root := newRootCmd()
	for _, s := range subcommands {
		root.AddCommand(placeholder(s.name))
	}
	c, _, err := root.Find(args)
	if err != nil || c == root || c.Parent() != root {
		return root
	}
	i := slices.IndexFunc(subcommands, func(s subcommand) bool { return s.name == c.Name() })
	if i < 0 || c.Name() == "man" {
		return newRoot() // the manual is of every command
	}
	root.RemoveCommand(c)
	root.AddCommand(subcommands[i].build())
	return root
}

// addVersionFlag gives the root --version, as Cobra would (after its
// --help, with the same words), but answered by the root itself
// (versionAsked): Cobra prints a version through a text/template, and
// parsing and running one costs more than the rest of a --version (45
// page faults, 0.3 ms here).
func addVersionFlag(root *cobra.Command) {
	root.InitDefaultHelpFlag()
	root.Flags().BoolP("version", "v", false, "version for kernelscope")
}

// versionAsked reports whether the command line sets the root's
// --version.
func versionAsked(c *cobra.Command) bool {
	v, err := c.Flags().GetBool("version")
	return err == nil && v
}

// placeholder stands for a subcommand that is not built: it has its name,
// and it is runnable so that Cobra offers it in "did you mean", but it is
// never run (rootFor builds the command a command line runs).
func placeholder(name string) *cobra.Command {
	return &cobra.Command{Use: name, RunE: func(*cobra.Command, []string) error {
		return fmt.Errorf("kernelscope: the %s command was not built (a bug: please report it)", name)
	}}
}

// newRootCmd is the root command, the terminal program, without its
// subcommands.
func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "kernelscope",
		Short: "See the kernel perceptron learn, step by step",
		Long: `See how the kernel perceptron learns, one example at a time.

With no command, kernelscope opens the terminal program on the notes' 4-point XOR example, K = (x·z)²: space takes a step, c runs to convergence, b steps back, ? lists every key. The flags below set it up; trace takes the same ones and prints the steps instead.

` + exitCodes,
		Example: `
# the notes' 4-point XOR example, K = (x·z)²
kernelscope
kernelscope --dataset moons --kernel 'rbf(sigma=0.4)'
kernelscope --data points.csv
kernelscope trace --dataset worked4
`,
	}
	root.Args = func(c *cobra.Command, args []string) error {
		if versionAsked(c) {
			return nil // as Cobra answers --version: whatever else is there
		}
		return rootArgs(c, args)
	}
	program := bindProgram(root, "the terminal program")
	root.RunE = func(c *cobra.Command, _ []string) error {
		if versionAsked(c) {
			_, err := fmt.Fprintf(c.OutOrStdout(), "kernelscope %s\n", version)
			return err
		}
		s, display, err := program.resolve(c)
		if err != nil {
			return err
		}
		// Ctrl-C stops a long replay before the program has the terminal.
		ctx, stop := interrupt(c.Context())
		defer stop()
		if isTerminal(c.ErrOrStderr()) {
			display.Progress = c.ErrOrStderr()
		}
		return runTUI(ctx, s, display)
	}
	root.SetHelpCommand(newHelpCmd())
	return root
}

// programFlags are the terminal program's flags: the data and the
// training (package setup), how it shows them (--fps, --big) and the step
// it opens at. The root binds them, and so does serve, for the run a
// class starts on.
type programFlags struct {
	flags   *setup.Flags
	display tui.Display
	steps   *int
}

// bindProgram defines the terminal program's flags on c; command names it
// in messages ("--n 3000000 is more than serve allows").
func bindProgram(c *cobra.Command, command string) *programFlags {
	p := &programFlags{flags: setup.Bind(c.Flags(), command, setup.Train)}
	p.flags.BindLearner()
	p.flags.CycleLearners() // l cycles the learners: --budget waits for its turn
	p.flags.BindSplit()     // h holds rows out; --test starts with them held out
	p.flags.BindSession()   // w then s saves one
	p.flags.BindFPS()
	p.flags.BindUndoMemory() // b steps back within it
	c.Flags().BoolVar(&p.display.Big, "big", false, "projector mode: big markers, bracketed support vectors, a thick boundary (B toggles it)")
	p.steps = c.Flags().Int("steps", 0, "open after this many steps, ≥ 0 (R writes it into the command that recreates a state)")
	return p
}

// resolve checks the flags of c (bound by bindProgram) and returns the run
// they open and how it is shown.
func (p *programFlags) resolve(c *cobra.Command) (lab.Options, tui.Display, error) {
	d := p.display
	if *p.steps < 0 {
		return lab.Options{}, d, setup.Usagef("--steps must be ≥ 0, not %d", *p.steps)
	}
	s, err := p.flags.Resolve()
	if err != nil {
		return s, d, err
	}
	if d.FPS, err = p.flags.FPS(); err != nil {
		return s, d, err
	}
	if c.Flags().Changed("steps") {
		s.Replay.Steps = *p.steps
	}
	return s, d, nil
}
