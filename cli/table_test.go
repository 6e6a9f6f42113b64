package cli

import (
	"strings"
	"testing"
)

// TestFormatTable: columns two spaces apart, counted in characters (−,
// subscripts and ± are one each), after the indent, with no spaces at the
// ends of lines.
func TestFormatTable(t *testing.T) {
	rows := [][]string{{"", "x₁₂", "f"}, {"x₁₂", "−0.5", "1"}, {"x₃", "10", ""}}
	right := "" +
		"        x₁₂  f\n" +
		"  x₁₂  −0.5  1\n" +
		"   x₃    10\n"
	if got := formatTable(rows, "  ", alignRight); got != right {
		t.Errorf("right-aligned:\n%s\nwant\n%s", got, right)
	}
	left := "" +
		"     x₁₂   f\n" +
		"x₁₂  −0.5  1\n" +
		"x₃   10\n"
	if got := formatTable(rows, "", alignLeft); got != left {
		t.Errorf("left-aligned:\n%s\nwant\n%s", got, left)
	}
	if w := tableWidth(right); w != 14 { // "  x₁₂  −0.5  1": 14 characters, 20 bytes
		t.Errorf("tableWidth = %d, want 14", w)
	}
	if got := formatTable(nil, "  ", alignRight); got != "" {
		t.Errorf("no rows: %q", got)
	}
}

// TestDatasetsColumns: the datasets list is a table: every column starts
// where its heading does, on every line.
func TestDatasetsColumns(t *testing.T) {
	out, _, code := runCLI("datasets")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) < 2 {
		t.Fatalf("datasets: exit %d, %q", code, out)
	}
	header := []rune(lines[0])
	for _, line := range lines[1:] {
		r := []rune(line)
		for k := 1; k < len(header); k++ {
			// A heading starts after a space; so must the cell below it.
			if header[k] != ' ' && header[k-1] == ' ' && (k >= len(r) || r[k] == ' ' || r[k-1] != ' ') {
				t.Errorf("the column at %d (%s) is not aligned in %q", k, strings.Fields(string(header[k:]))[0], line)
			}
		}
	}
}
