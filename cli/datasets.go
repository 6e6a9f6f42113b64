package cli

import (
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/setup"
)

// newDatasetsCmd is `kernelscope datasets`: the built-in datasets with their
// presets. It takes no flags but --help.
func newDatasetsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "datasets",
		Short: "List the built-in datasets and their presets",
		Long:  `List the built-in datasets with their sizes and presets (kernel, bias, tie rule). A preset is what --dataset NAME trains with unless flags say otherwise.`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return setup.Usagef("datasets takes no arguments, got %q (see 'kernelscope datasets --help')", args[0])
			}
			return nil
		},
		RunE: func(c *cobra.Command, _ []string) error {
			return listDatasets(c.OutOrStdout())
		},
	}
}

// listDatasets writes the table of built-ins.
func listDatasets(stdout io.Writer) error {
	rows := [][]string{{"NAME", "N", "NOISE", "KERNEL", "BIAS", "TIE", "DESCRIPTION"}}
	for _, b := range datasets.Builtins() {
		noise := "-"
		if b.Generated {
			noise = strconv.FormatFloat(b.DefaultNoise, 'g', -1, 64)
		}
		bias := "off"
		if b.Preset.Bias {
			bias = "on"
		}
		rows = append(rows, []string{b.Name, strconv.Itoa(b.DefaultN), noise, b.Preset.Kernel, bias, b.Preset.Tie.String(), b.Description})
	}
	if _, err := io.WriteString(stdout, formatTable(rows, "", alignLeft)); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	return nil
}
