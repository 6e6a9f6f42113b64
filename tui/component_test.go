package tui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/tui/internal/tuitest"
)

// screenSays reports whether the screen shows text, which the narration
// may have wrapped over its lines: both are compared as their words.
func screenSays(m *Model, text string) bool {
	flat := strings.Join(strings.Fields(screen(m)), " ")
	return strings.Contains(flat, strings.Join(strings.Fields(text), " "))
}

// TestComponentGoldens: the α and Gram panels, after three steps of seed
// 003's worked example, each drawn in the main area of a narrow terminal
// (g, then g again) at 40×12 (a 40×16 terminal: four lines below for the
// narration, status and help) and 72×20 (72×26: six lines below), are
// exactly their size and what each draws alone, its session and theme
// all it needs. (The region alone is package region's test.)
func TestComponentGoldens(t *testing.T) {
	for _, size := range [][2]int{{40, 12}, {72, 20}} {
		w, h := size[0], size[1]
		screenH := h + 4
		if h+6 >= 20 {
			screenH = h + 6
		}
		m := newModel(t, builtinOptions(t, "worked4", 0), w, screenH)
		press(m, "space", "space", "space")
		for _, name := range []string{"alpha", "gram"} {
			pressRun(m, "g")
			got := strings.Join(strings.Split(screen(m), "\n")[:h], "\n")
			tuitest.Fits(t, got, w, h)
			golden(t, filepath.Join("testdata", "components", fmt.Sprintf("%s_%dx%d.golden", name, w, h)), got)
		}
	}
}

// TestScreenGoldens: the help overlay, color-free mode, and the narrow
// layout where g shows the α and then the Gram panel instead of the region.
func TestScreenGoldens(t *testing.T) {
	cases := []struct {
		name string
		w, h int
		keys []string
	}{
		{"help_120x40", 120, 40, []string{"space", "?"}},
		{"mono_100x30", 100, 30, []string{"space", "space", "space", "m"}},
		{"narrow_alpha_80x24", 80, 24, []string{"space", "g"}},
		{"narrow_gram_80x24", 80, 24, []string{"space", "g", "g"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, builtinOptions(t, "worked4", 0), c.w, c.h)
			press(m, c.keys...)
			golden(t, filepath.Join("testdata", "screens", c.name+".golden"), screen(m))
		})
	}
}

// fullHelpWords are the words in the full help's box (the screen but its
// last line, the one-line help; the border left out), sorted.
func fullHelpWords(m *Model) []string {
	lines := strings.Split(screen(m), "\n")
	box := strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(strings.Join(lines[:len(lines)-1], "\n"))
	words := strings.Fields(box)
	slices.Sort(words)
	return words
}

// TestFullHelpShowsEveryKey: the full help lists every key of the program
// and the mouse under its heading, each with its whole description, from
// 80×24 up: the same words as in a terminal of 400×100, where every line
// has room, and nothing cut with "…".
func TestFullHelpShowsEveryKey(t *testing.T) {
	ref := newModel(t, builtinOptions(t, "worked4", 0), 400, 100)
	press(ref, "?")
	want := fullHelpWords(ref)
	for _, heading := range []string{"stepping", "data", "kernel approximation", "kernel", "cursor and editing", "view", "learner and comparison"} {
		if !screenSays(ref, heading) {
			t.Errorf("no heading %q:\n%s", heading, screen(ref))
		}
	}
	for _, it := range []string{"click add a +1 point", "r-click add a −1 point", "m-click delete nearest", "~ , . f̃ on/off, D ÷2 ×2", "q quit"} {
		if !screenSays(ref, it) {
			t.Errorf("no %q:\n%s", it, screen(ref))
		}
	}
	for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
		m := newModel(t, builtinOptions(t, "worked4", 0), size[0], size[1])
		press(m, "?")
		out := screen(m)
		if got := fullHelpWords(m); !slices.Equal(got, want) {
			t.Errorf("%dx%d: the full help's words differ from those with room for every line (a key missing or cut):\n%s", size[0], size[1], out)
		}
		if box := out[:strings.LastIndex(out, "\n")]; strings.Contains(box, "…") {
			t.Errorf("%dx%d: a line of the full help is cut:\n%s", size[0], size[1], out)
		}
		golden(t, filepath.Join("testdata", "screens", fmt.Sprintf("fullhelp_%dx%d.golden", size[0], size[1])), out)
	}
}

// TestGramLabelsFitLargeIndices: at n = 2000 the Gram panel's labels for
// indices ≥ 1000 are whole (x₁₀₀₀, not x₁₀₀ cut to x₁₀₀ x₁₀₀ …): after
// 1500 steps the panel, beside the region at 160×48 (its last 57
// columns), shows the example that comes next, which the narration
// names, with its whole label, and every label there has four digits.
func TestGramLabelsFitLargeIndices(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 2000), 160, 48)
	for range 1500 {
		press(m, "space")
	}
	out := screen(m)
	next := regexp.MustCompile(`next: i=(\d+), x`).FindStringSubmatch(out)
	if next == nil {
		t.Fatalf("the narration names no next example:\n%s", out)
	}
	focus, _ := strconv.Atoi(next[1])
	if focus < 1000 {
		t.Fatalf("the focus is x%s: the test needs an index of 1000 or more", learn.Sub(focus))
	}
	var gram []string
	for _, l := range strings.Split(out, "\n") {
		if side := ansi.Cut(l, 103, 160); len(gram) > 0 || strings.Contains(side, "Gram K(") {
			gram = append(gram, side)
		}
	}
	panel := strings.Join(gram, "\n")
	if want := "x" + learn.Sub(focus); !strings.Contains(panel, want) {
		t.Errorf("the Gram panel lacks the whole label %s:\n%s", want, panel)
	}
	for _, l := range regexp.MustCompile(`x[₀-₉]+`).FindAllString(panel, -1) {
		if len([]rune(l)) != 5 {
			t.Errorf("the Gram panel has the label %s, not one of four digits:\n%s", l, panel)
		}
	}
}
