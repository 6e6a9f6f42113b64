package cli

import (
	"fmt"

	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

// newManCmd is `kernelscope man`: the manual page, in roff, on stdout. It
// is fang's man command (mango), but writes to the command's stdout, where
// a failed write is seen and tests can read it; fang's writes to os.Stdout.
func newManCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (roff) to stdout",
		Long: `Print kernelscope's manual page, in roff, to stdout: every command and flag in one page.

  kernelscope man | man -l -
  kernelscope man > ~/.local/share/man/man1/kernelscope.1`,
		Args:                  noArgs,
		DisableFlagsInUseLine: true,
		RunE: func(c *cobra.Command, _ []string) error {
			page, err := mcobra.NewManPage(1, c.Root())
			if err != nil {
				return fmt.Errorf("making the man page: %w", err)
			}
			if _, err := fmt.Fprint(c.OutOrStdout(), page.Build(roff.NewDocument())); err != nil {
				return fmt.Errorf("writing the output: %w", err)
			}
			return nil
		},
	}
}
