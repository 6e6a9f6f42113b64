package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// The layout rule's text helpers: text is wrapped whole, never cut, and a
// line made of fields drops its least important fields rather than split
// one across lines or cut one short.

// Wrap word-wraps each non-empty text onto lines of at most w cells, each
// text starting a line of its own. Nothing is cut: a word wider than w is
// broken across lines. Non-breaking spaces (U+00A0) hold their
// neighbours together ("[step 8]" stays on one line) and come out as
// plain spaces.
func Wrap(w int, texts ...string) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	for _, t := range texts {
		if t != "" {
			// The non-breaking spaces have done their work: the terminal
			// gets plain ones (copied text reads as it looks).
			out = append(out, strings.Split(strings.ReplaceAll(ansi.Wrap(t, w, " "), "\u00a0", " "), "\n")...)
		}
	}
	return out
}

// Keep joins words with non-breaking spaces, so that Wrap keeps them on
// one line: a tag like "[step 8]" or a field like "pass 9, step 900".
func Keep(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }

// A Field is one part of a line of fields (the status line): its text and
// its rank, 0 for the fields that must always show, higher for the ones
// that give way first.
type Field struct {
	Text string
	Rank int
	// Short are the field's short forms, each shorter than the one
	// before, which a field that must show (rank 0) takes in turn when the
	// full forms do not fit: "acc 97%" for "accuracy 97%". None: the text
	// is as short as it goes.
	Short []string
	// Glue puts the field after the one before it with a space instead
	// of a separator: a detail of that field that can be left out alone
	// ("noise=0.1 seed=1" after "moons n=100").
	Glue bool
}

// FieldSep separates fields on a line.
const FieldSep = " │ "

// PackFields lays fields out, in their order, on at most h lines of w
// cells, never splitting a field across lines. While they do not fit, the
// field of the highest rank (the last of them on a tie) is left out.
// Fields of rank 0 are never left out: when they alone do not fit, the
// one whose next short form saves the most cells takes it, and the fields
// of higher rank are packed again into the room that leaves, until they
// fit. Only when every field that must show is as short as it goes and
// they still do not fit (a terminal too narrow for any layout) are they
// cut, on the last line, with an ellipsis. The result is exactly h lines,
// each padded to w.
func PackFields(fields []Field, w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	fs := append([]Field(nil), fields...)
	for {
		lines, ok := dropRanked(fs, w, h)
		if ok {
			for len(lines) < h {
				lines = append(lines, "")
			}
			return FitLines(lines, w)
		}
		short, save := -1, 0
		for i, f := range fs {
			if f.Rank == 0 && len(f.Short) > 0 {
				if d := ansi.StringWidth(f.Text) - ansi.StringWidth(f.Short[0]); d > save || short < 0 {
					short, save = i, d
				}
			}
		}
		if short < 0 {
			// Every field left must show and is as short as it goes: the
			// lines past the last are put at its end, cut where it ends.
			last := strings.Join(lines[h-1:], FieldSep)
			return FitLines(append(lines[:h-1:h-1], last), w)
		}
		fs[short].Text, fs[short].Short = fs[short].Short[0], fs[short].Short[1:]
	}
}

// dropRanked leaves out the fields of the highest rank until fs fit h
// lines of w cells (ok), or only fields of rank 0 are left and they do not
// (their lines, more than h).
func dropRanked(fs []Field, w, h int) (lines []string, ok bool) {
	kept := append([]Field(nil), fs...)
	for {
		lines = FlowFields(kept, w)
		if len(lines) <= h {
			return lines, true
		}
		drop := -1
		for i, f := range kept {
			if f.Rank > 0 && (drop < 0 || f.Rank >= kept[drop].Rank) {
				drop = i
			}
		}
		if drop < 0 {
			return lines, false
		}
		kept = append(kept[:drop], kept[drop+1:]...)
	}
}

// FlowFields puts fields on lines of w cells greedily, separated by
// FieldSep within a line.
func FlowFields(fields []Field, w int) []string {
	var lines []string
	cur, curW := "", 0
	for _, f := range fields {
		if f.Text == "" {
			continue
		}
		sep := FieldSep
		if f.Glue {
			sep = " "
		}
		sepW, fw := ansi.StringWidth(sep), ansi.StringWidth(f.Text)
		switch {
		case cur == "":
			cur, curW = f.Text, fw
		case curW+sepW+fw <= w:
			cur += sep + f.Text
			curW += sepW + fw
		default:
			lines = append(lines, cur)
			cur, curW = f.Text, fw
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// FitLines fits each line to w cells (see Fit).
func FitLines(lines []string, w int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = Fit(l, w)
	}
	return out
}

// FitTitle is the layout rule for a panel's title: name followed by
// detail (which brings its own separator: " = (x·z)²", ", budget B = 10")
// when that fits the border of a panel iw cells wide, else the name alone
// with the detail moved inside the panel, wrapped whole onto its first
// lines. A title is never cut in the middle of a formula.
func FitTitle(iw int, name, detail string) (title string, inside []string) {
	full := " " + name + detail + " "
	if ansi.StringWidth(full) <= iw-2 {
		return full, nil
	}
	return " " + name + " ", Wrap(iw, strings.TrimLeft(detail, ", "))
}
