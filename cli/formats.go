package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/setup"
)

// An outputFormat is one way a headless command writes its result. Each
// command keeps one registry of them (traceFormats, featuresFormats,
// svmFormats): what its --format accepts, lists in its help and completes.
// W is the command's writer.
type outputFormat[W any] struct {
	name  string
	doc   string
	write W
}

// chooseFormat is the format --format names, or a usage error that lists
// them all.
func chooseFormat[W any](formats []outputFormat[W], name string) (outputFormat[W], error) {
	for _, f := range formats {
		if f.name == name {
			return f, nil
		}
	}
	return outputFormat[W]{}, setup.Usagef("unknown --format %q (want %s)", name, formatNames(formats))
}

// formatNames writes "text, jsonl, csv or summary".
func formatNames[W any](formats []outputFormat[W]) string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// formatList writes the formats one a line, for the help, their docs in one
// column.
func formatList[W any](formats []outputFormat[W]) string {
	rows := make([][]string, len(formats))
	for i, f := range formats {
		rows[i] = []string{f.name, f.doc}
	}
	return formatTable(rows, "  ", alignLeft)
}

// formatCompletions are the formats as shell completions, with their docs.
func formatCompletions[W any](formats []outputFormat[W]) []cobra.Completion {
	out := make([]cobra.Completion, len(formats))
	for i, f := range formats {
		out[i] = cobra.CompletionWithDesc(f.name, f.doc)
	}
	return out
}
