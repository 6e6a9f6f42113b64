package feature

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestWrapText: a long function breaks before a term's sign, never inside
// a number or after a sign, and reads as written when joined; a word
// wider than the panel is not shown rather than cut.
func TestWrapText(t *testing.T) {
	t.Parallel()
	f := "f(x) = −0.4415·x₁² + 11.58·x₁x₂ − 0.2259·x₂² + 0.5389·x₁ − 1.013·x₂"
	for w := 15; w <= 80; w++ {
		lines, ok := wrapText(f, w)
		if !ok {
			t.Fatalf("width %d: not wrapped", w)
		}
		for k, l := range lines {
			if ansi.StringWidth(l) > w {
				t.Errorf("width %d: line %q is wider", w, l)
			}
			if k > 0 && !strings.HasPrefix(l, "  ") {
				t.Errorf("width %d: continuation %q is not indented", w, l)
			}
			if last := strings.Fields(l); operator(last[len(last)-1]) {
				t.Errorf("width %d: line %q ends in a sign", w, l)
			}
		}
		var words []string
		for _, l := range lines {
			words = append(words, strings.TrimSpace(l))
		}
		if got := strings.Join(words, " "); got != f {
			t.Errorf("width %d: %q, want %q", w, got, f)
		}
	}
	if lines, _ := wrapText(f, 30); strings.Join(lines, "|") != "f(x) = −0.4415·x₁²|  + 11.58·x₁x₂ − 0.2259·x₂²|  + 0.5389·x₁ − 1.013·x₂" {
		t.Errorf("width 30: %q", lines)
	}
	if _, ok := wrapText(f, 14); ok {
		t.Error("width 14: the term = −0.4415·x₁², indented, does not fit, yet the text was wrapped")
	}
}

// TestLayoutNotes: notes are kept by rank, whole or not at all, and shown
// in their order.
func TestLayoutNotes(t *testing.T) {
	t.Parallel()
	notes := []note{
		{"w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)", rankWeights},
		{"f(x) = x₁² + 2·x₁x₂ + x₂² = 0 is the plane", rankFunction},
		{"‖w‖ = 2", rankNorm},
	}
	trim := func(ls []string) string {
		for k := range ls {
			ls[k] = strings.TrimRight(ls[k], " ")
		}
		return strings.Join(ls, "|")
	}
	for _, c := range []struct {
		w, n int
		want string
	}{
		{50, 3, "w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)|f(x) = x₁² + 2·x₁x₂ + x₂² = 0 is the plane|‖w‖ = 2"},
		{50, 2, "w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)|f(x) = x₁² + 2·x₁x₂ + x₂² = 0 is the plane"},
		{30, 2, "f(x) = x₁² + 2·x₁x₂ + x₂² = 0|  is the plane"},
		{26, 2, "f(x) = x₁² + 2·x₁x₂ + x₂²|  = 0 is the plane"},
		{30, 3, "f(x) = x₁² + 2·x₁x₂ + x₂² = 0|  is the plane|‖w‖ = 2"},
		{30, 1, "‖w‖ = 2"},
		{30, 0, ""},
	} {
		if got := trim(layoutNotes(notes, c.w, c.n)); got != c.want {
			t.Errorf("%d×%d: %q, want %q", c.w, c.n, got, c.want)
		}
	}
}
