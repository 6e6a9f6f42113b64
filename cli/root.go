package cli

import (
	"github.com/spf13/cobra"

	"kernelscope/setup"
	"kernelscope/tui"
)

// runTUI opens the terminal program; tests put a recorder in its place.
var runTUI = tui.Run

// newRoot builds the command tree: the terminal program at the root, then
// trace, datasets, export and man (Cobra adds completion and help).
func newRoot() *cobra.Command {
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
		Args: rootArgs,
	}
	root.SetVersionTemplate("kernelscope {{.Version}}\n")
	flags := setup.Bind(root.Flags(), "the terminal program", setup.Train)
	flags.BindLearner()
	flags.CycleLearners() // l cycles the learners: --budget waits for its turn
	flags.BindSplit()     // h holds rows out; --test starts with them held out
	flags.BindSession()   // w then s saves one
	flags.BindFPS()
	flags.BindUndoMemory() // b steps back within it
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
