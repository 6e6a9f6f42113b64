package common

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// trimmed is lines without their padding.
func trimmed(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " ")
	}
	return out
}

// classFields are the status line's fields in a class's quiz with the
// averaged perceptron on xor (n = 40), as the status writes them, each
// field that must show with its short form: a presenter's, whose tally
// comes after the accuracy of all three classifiers, and a follower's,
// whose own player is not on its status.
func classFields(class, classShort, step, stepShort, acc string, accShort []string, quiz, quizShort string) []Field {
	return []Field{
		{Text: class, Short: []string{classShort}},
		{Text: "xor n=40", Rank: 1},
		{Text: "averaged perceptron", Short: []string{"averaged"}},
		{Text: "K=poly(d=2,c=1)", Rank: 1},
		{Text: "bias off", Rank: 5},
		{Text: "tie mistake", Rank: 5},
		{Text: step, Short: []string{stepShort}},
		{Text: "mistakes: 0 this pass, 0 in all", Rank: 2},
		{Text: "SV 0/40", Rank: 3},
		{Text: acc, Short: accShort},
		{Text: "training", Short: []string{"training"}},
		{Text: quiz, Short: []string{quizShort}},
	}
}

// TestPackFieldsShortForms: fields that must show are never left out.
// When they alone need more lines than there are (a presenter's tally
// after the accuracy of the averaged perceptron's three classifiers, at
// 100 columns; a follower's accuracy at 60), the one whose short form
// saves the most takes it, one at a time, and the fields that may give way
// fill the room left; the full forms stay while they fit; and only in a
// terminal too narrow for the short forms are they cut, with an ellipsis.
func TestPackFieldsShortForms(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		fields []Field
		w, h   int
		want   []string
	}{
		{
			// The tally needs a third line: it takes "quiz 1/2 · 100% ✓"
			// (31 cells saved), the rest stay whole, and the data and the
			// kernel come back into the room it leaves.
			"presenter, 100×2",
			classFields("presenting · 2 watching", "presenting · 2", "pass 0, step 0", "step 0",
				"accuracy: final 0% · average 0% · vote 0%", []string{"acc: final 0% · avg 0% · vote 0%", "acc: avg 0%"},
				"quiz: answered 1/2 · 100% right, not yet revealed", "quiz 1/2 · 100% ✓"),
			100, 2,
			[]string{
				"presenting · 2 watching │ xor n=40 │ averaged perceptron │ K=poly(d=2,c=1) │ pass 0, step 0",
				"accuracy: final 0% · average 0% · vote 0% │ training │ quiz 1/2 · 100% ✓",
			},
		},
		{
			// The score (20 cells saved), the class (13), the learner (11)
			// and the accuracy (9) take their short forms, in that order,
			// before the lines hold them; the step stays whole.
			"follower, 60×2",
			classFields("following lecturer · 2 watching", "following lecturer", "pass 1, step 1", "step 1",
				"accuracy: final 50% · average 50% · vote 50%", []string{"acc: final 50% · avg 50% · vote 50%", "acc: avg 50%"},
				"quiz score 1/1 (mistake 1/1)", "quiz 1/1"),
			60, 2,
			[]string{
				"following lecturer │ xor n=40 │ averaged │ pass 1, step 1",
				"acc: final 50% · avg 50% · vote 50% │ training │ quiz 1/1",
			},
		},
		{
			// The tally, the learner, the class and the accuracy take
			// their short forms, and still need a third line: the
			// accuracy takes its shortest, the average's alone. The data
			// and the kernel fill the room left.
			"presenter, 60×2",
			classFields("presenting · 2 watching", "presenting · 2", "pass 1, step 1", "step 1",
				"accuracy: final 50% · average 50% · vote 50%", []string{"acc: final 50% · avg 50% · vote 50%", "acc: avg 50%"},
				"quiz: answered 1/2 · 100% right, not yet revealed", "quiz 1/2 · 100% ✓"),
			60, 2,
			[]string{
				"presenting · 2 │ xor n=40 │ averaged │ K=poly(d=2,c=1)",
				"pass 1, step 1 │ acc: avg 50% │ training │ quiz 1/2 · 100% ✓",
			},
		},
		{
			"full forms while they fit",
			[]Field{{Text: "alpha beta", Short: []string{"ab"}}, {Text: "gamma", Rank: 1}},
			30, 1,
			[]string{"alpha beta │ gamma"},
		},
		{
			"the fields that may give way go before a short form is taken",
			[]Field{{Text: "alpha beta", Short: []string{"ab"}}, {Text: "gamma delta", Rank: 1}},
			12, 1,
			[]string{"alpha beta"},
		},
		{
			"the short form that saves the most first, the other whole",
			[]Field{{Text: "aaaa aaaa", Short: []string{"a"}}, {Text: "bb bb", Short: []string{"b"}}},
			13, 1,
			[]string{"a │ bb bb"},
		},
		{
			"too narrow for the short forms: cut at the end, with an ellipsis",
			[]Field{{Text: "aaaaaaaaaa", Short: []string{"aaaaaaa"}}, {Text: "bbbbbbbbbb", Short: []string{"bbbbbbb"}}},
			10, 1,
			[]string{"aaaaaaa │…"},
		},
	} {
		got := PackFields(c.fields, c.w, c.h)
		if len(got) != c.h {
			t.Errorf("%s: %d lines, want %d", c.name, len(got), c.h)
		}
		for i, l := range got {
			if w := ansi.StringWidth(l); w != c.w {
				t.Errorf("%s: line %d is %d cells wide, want %d: %q", c.name, i, w, c.w, l)
			}
		}
		if !slices.Equal(trimmed(got), c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, trimmed(got), c.want)
		}
	}
}
