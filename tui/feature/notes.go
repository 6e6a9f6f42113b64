package feature

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/common"
)

// layoutNotes writes the notes under the picture in at most n lines of
// width w: by rank, each note that fits whole in what is left, wrapped
// (wrapText), and none cut; they keep their order on the screen.
func layoutNotes(notes []note, w, n int) []string {
	wrapped := make([][]string, len(notes))
	order := make([]int, len(notes))
	for k := range notes {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return notes[a].rank - notes[b].rank })
	left := n
	for _, k := range order {
		if lines, ok := wrapText(notes[k].text, w); ok && len(lines) <= left {
			wrapped[k], left = lines, left-len(lines)
		}
	}
	var out []string
	for _, lines := range wrapped {
		for _, l := range lines {
			out = append(out, common.Fit(l, w))
		}
	}
	return out
}

// operator reports whether s starts the piece of text after it, so that a
// line breaks before a term's sign, never after it: "… + 11.58·x₁x₂" /
// "  − 0.2259·x₂²".
func operator(s string) bool {
	switch s {
	case "+", "−", "-", "=", "≤", "→":
		return true
	}
	return false
}

// wrapText breaks text at its spaces into lines of at most w cells, the
// lines after the first indented two cells so that they read as its
// continuation; a sign (+, −, =) stays with the term after it. ok is false
// when a word does not fit in a line: the text is then not shown rather
// than cut.
func wrapText(text string, w int) (lines []string, ok bool) {
	var pieces []string
	for _, word := range strings.Fields(text) {
		if k := len(pieces) - 1; k >= 0 && operator(pieces[k]) {
			pieces[k] += " " + word
			continue
		}
		pieces = append(pieces, word)
	}
	const indent = "  "
	line := ""
	for _, p := range pieces {
		switch {
		case line == "":
			line = p
			if len(lines) > 0 {
				line = indent + p
			}
		case ansi.StringWidth(line)+1+ansi.StringWidth(p) <= w:
			line += " " + p
			continue
		default:
			lines = append(lines, line)
			line = indent + p
		}
		if ansi.StringWidth(line) > w {
			return nil, false
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, w > 0
}
