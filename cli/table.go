package cli

import (
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// Every table the command line writes goes through formatTable: cv's sweep,
// features' points and counter-examples, the datasets list and the
// --format lists of the help screens. text/tabwriter lines the columns up,
// counting characters, not bytes (−, subscripts, ±), so a column of
// learn.Num values stays aligned; cells must not hold tabs.

// Column alignments for formatTable: every column of a table alike.
const (
	alignLeft  = 0
	alignRight = tabwriter.AlignRight
)

// formatTable writes rows in columns two spaces apart, each line after
// indent, every column aligned to the left or to the right, with no
// spaces at the ends of lines.
func formatTable(rows [][]string, indent string, align uint) string {
	var b strings.Builder
	// The gaps go into the cells rather than tabwriter's padding, so that
	// the first column starts at the indent whichever way it aligns.
	tw := tabwriter.NewWriter(&b, 0, 0, 0, ' ', align)
	for _, row := range rows {
		for k, cell := range row {
			gap := "  "
			if k == 0 {
				gap = indent
			}
			tw.Write([]byte(gap + cell + "\t"))
		}
		tw.Write([]byte("\n"))
	}
	tw.Flush() // into a strings.Builder: it cannot fail
	lines := strings.SplitAfter(b.String(), "\n")
	for i, line := range lines {
		if body, ok := strings.CutSuffix(line, "\n"); ok {
			lines[i] = strings.TrimRight(body, " ") + "\n"
		}
	}
	return strings.Join(lines, "")
}

// tableWidth is the width of a table formatTable wrote: its longest line,
// in characters.
func tableWidth(table string) int {
	width := 0
	for line := range strings.Lines(table) {
		width = max(width, utf8.RuneCountInString(strings.TrimSuffix(line, "\n")))
	}
	return width
}
