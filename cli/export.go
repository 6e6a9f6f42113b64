package cli

import (
	"bufio"
	"fmt"

	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/setup"
)

// newExportCmd is `kernelscope export`: the data a session would train on,
// as CSV, for other tools or for editing. It takes the data flags only: it
// trains on nothing.
func newExportCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "export",
		Short: "Write a dataset as CSV (rows x1,x2,y) to stdout or --out FILE",
		Long: `Write the dataset (after --n, --noise, --seed) as CSV rows x1,x2,y, to stdout or to --out FILE. kernelscope --data reads the file back.

--out replaces an existing file atomically (a failed write, or ctrl+c while it writes, leaves it as it was) and keeps its permissions, but only a regular file you can write with a single hard link; a read-only file, one with other hard links, a directory or a dangling symbolic link is refused and nothing is written.

` + exitCodes,
		Example: `
kernelscope export --dataset moons --n 300 > moons.csv
kernelscope export --dataset spiral --seed 7 --out spiral.csv
`,
		Args: noArgs,
	}
	flags := setup.Bind(c.Flags(), "export", setup.Export)
	out := c.Flags().String("out", "", "write to this file instead of stdout (atomically; see above for which files it replaces)")
	c.RunE = func(c *cobra.Command, _ []string) error {
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		if *out != "" {
			// Ten million points are seconds of writing: Ctrl-C (or a
			// closed terminal) stops it, leaving --out as it was.
			ctx, stop := interrupt(c.Context())
			defer stop()
			catchNow(ctx)
			if err := datasets.SaveCSVContext(ctx, *out, s.Points); err != nil {
				if ctx.Err() != nil {
					return &interruptedError{"export: interrupted while writing " + safetext.Name(*out) + "; nothing written"}
				}
				return err
			}
			return nil
		}
		w := bufio.NewWriter(c.OutOrStdout())
		if err := datasets.WriteCSV(w, s.Points); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("writing the output: %w", err)
		}
		return nil
	}
	return c
}
