package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/setup"
)

// newHelpCmd is `kernelscope help [command]`: a command's help, and a usage
// error for a command that does not exist (Cobra's own says "Unknown help
// topic" on stdout and exits 0).
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help about any command: 'kernelscope help trace' is 'kernelscope trace --help'.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			target, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, sub := range target.Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			target, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				// The root takes no arguments, so Find leaves an unknown
				// word in rest.
				word := strings.Join(args, " ")
				if len(rest) > 0 {
					word = rest[0]
				}
				return setup.Usagef("help: unknown command %q (%s)", word, unknownHint(root, word))
			}
			target.InitDefaultHelpFlag()
			target.InitDefaultVersionFlag()
			return target.Help()
		},
	}
}
