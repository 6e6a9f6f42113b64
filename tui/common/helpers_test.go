package common

import (
	"slices"
	"strings"
	"testing"
)

// TestTextBlock: texts wrap into exactly n lines of width w, each on lines
// of its own, the first with the room the others leave; with fewer lines
// than texts the first texts keep one line each (the narration of a short
// terminal kept its message out and drew nothing at all).
func TestTextBlock(t *testing.T) {
	t.Parallel()
	trim := func(lines []string) []string {
		out := make([]string, len(lines))
		for i, l := range lines {
			out[i] = strings.TrimRight(l, " ")
		}
		return out
	}
	for _, c := range []struct {
		n, w  int
		texts []string
		want  []string
	}{
		{3, 10, []string{"one two three four", "probe"}, []string{"one two", "three four", "probe"}},
		{2, 10, []string{"one two three four", "probe"}, []string{"one two…", "probe"}},
		{1, 10, []string{"message", "probe"}, []string{"message"}},
		{2, 10, []string{"a", "b", "c"}, []string{"a", "b"}},
		{2, 10, []string{"", "probe"}, []string{"probe", ""}},
		{0, 10, []string{"message"}, []string{}},
	} {
		got := TextBlock(c.n, c.w, c.texts...)
		if !slices.Equal(trim(got), c.want) {
			t.Errorf("TextBlock(%d, %d, %q) = %q, want %q", c.n, c.w, c.texts, trim(got), c.want)
		}
		for _, l := range got {
			if len([]rune(l)) != c.w {
				t.Errorf("TextBlock(%d, %d, %q): line %q is not %d wide", c.n, c.w, c.texts, l, c.w)
			}
		}
	}
}
