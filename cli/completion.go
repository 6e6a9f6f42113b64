package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/figure"
	"kernelscope/learn"
)

// This file is the shell completion of flag values: `kernelscope completion
// bash|zsh|fish|powershell` (Cobra's command) writes a script that asks
// kernelscope itself, so the lists below are the registries the flags
// read, never a copy of them.

// flagCompletions completes the values of each flag that has a closed set.
var flagCompletions = []struct {
	name string
	fn   cobra.CompletionFunc
}{
	{"dataset", completeDatasets},
	{"kernel", completeKernels},
	{"tie", completeTies},
	{"format", completeFormats},
	{"algo", completeLearners},
}

// fileFlags complete to CSV files (plot's --out to figures).
var fileFlags = []string{"data", "out"}

// registerCompletions registers completion for c's flags that have it.
func registerCompletions(c *cobra.Command) {
	for _, fc := range flagCompletions {
		if c.Flags().Lookup(fc.name) != nil {
			// Only fails for a flag that does not exist or is registered twice.
			if err := c.RegisterFlagCompletionFunc(fc.name, fc.fn); err != nil {
				panic("kernelscope: " + err.Error())
			}
		}
	}
	for _, name := range fileFlags {
		if c.Flags().Lookup(name) != nil {
			exts := []string{"csv"}
			if c.Name() == "plot" && name == "out" {
				exts = figure.Formats // plot writes a figure, not points
			}
			if err := c.MarkFlagFilename(name, exts...); err != nil {
				panic("kernelscope: " + err.Error())
			}
		}
	}
}

// completeLearners: the learner registry's names, with what each does.
func completeLearners(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, k := range learn.Learners() {
		out = append(out, cobra.CompletionWithDesc(k.Name, k.Summary))
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeDatasets: the built-in datasets, with what each is.
func completeDatasets(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, b := range datasets.Builtins() {
		out = append(out, cobra.CompletionWithDesc(b.Name, b.Description))
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeKernels: the kernel families, by the name a spec starts with;
// the spec language itself is active help (parameters, sums, products).
func completeKernels(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, f := range learn.Families() {
		out = append(out, cobra.CompletionWithDesc(f.Name(), f.Doc()))
	}
	out = cobra.AppendActiveHelp(out, "a kernel spec: "+learn.SpecHelp())
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeTies: the tie rules, with what each does with f = 0.
func completeTies(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, t := range learn.Ties {
		out = append(out, cobra.CompletionWithDesc(t.String(), t.Describe()))
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeFormats: the command's output formats, from its registry.
func completeFormats(c *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	switch c.Name() {
	case "features":
		out = formatCompletions(featuresFormats)
	case "svm":
		out = formatCompletions(svmFormats)
	case "cv":
		out = formatCompletions(cvFormats)
	default:
		out = formatCompletions(traceFormats)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
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
