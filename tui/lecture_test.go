package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The projector's sizes: a lecturer who enlarges the font for the back row
// ends up at 80×24 to 100×30; 160×48 is a laptop's own screen.
var lectureSizes = [][2]int{{80, 24}, {100, 30}, {160, 48}}

// lectureRuns are a lecture's stops: the notes' worked example, XOR, the
// SVM, a budget learner, the averaged perceptron, the quiz, the feature
// view, comparison mode and projector mode.
var lectureRuns = []struct {
	name       string
	data, algo string
	keys       []string
	mono       bool
}{
	{"worked4", "worked4", "", []string{"c"}, false},
	{"worked4_step", "worked4", "", []string{"space"}, false},
	{"xor", "xor", "", []string{"c"}, false},
	{"svm", "worked4", "svm", []string{"c"}, false},
	{"svm_circles", "circles", "svm", []string{"c"}, true},
	{"forgetron", "xor", "forgetron", []string{"c"}, false},
	{"averaged", "moons", "averaged", []string{"c"}, true},
	{"quiz", "worked4", "", []string{"Q", "+", "y"}, false},
	{"feature", "worked4", "", []string{"space", "f"}, false},
	{"compare", "circles", "", []string{"|", "c"}, false},
	{"projector", "xor", "", []string{"B", "c"}, true},
}

// TestLectureScreens is the layout rule at the projector's sizes: nothing
// a lecturer reads ends cut in "…"; the narration's tag "[step N]" is
// never split; the status line never splits a field across lines and
// always keeps the learner, the step, the accuracy and the state; the key
// line is whole keys ending in "? all keys • q quit" (the quiz's in "Q
// leave the quiz").
func TestLectureScreens(t *testing.T) {
	for _, run := range lectureRuns {
		for _, size := range lectureSizes {
			w, h := size[0], size[1]
			t.Run(run.name+"_"+sizeName(w, h), func(t *testing.T) {
				o := builtinOptions(t, run.data, 0)
				if run.algo != "" {
					o = relativeOptions(t, run.data, run.algo, 0)
				}
				m := newModel(t, o, w, h)
				if run.mono {
					press(m, "m")
				}
				pressRun(m, run.keys...)
				checkLectureScreen(t, m)
			})
		}
	}
}

func sizeName(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }

// splitTag finds "[step" at a line's end or "N]" alone at a line's start.
var splitTag = regexp.MustCompile(`\[step\s*$|^\s*\d+\]`)

func checkLectureScreen(t *testing.T, m *Model) {
	t.Helper()
	sc := screen(m)
	lines := strings.Split(sc, "\n")
	for i, l := range lines {
		text := strings.TrimRight(strings.Trim(strings.TrimSpace(l), "│╮╯"), " ")
		if strings.HasSuffix(text, "…") {
			t.Errorf("line %d ends cut: %q\n%s", i+1, l, sc)
		}
		if splitTag.MatchString(strings.TrimSpace(l)) {
			t.Errorf("line %d splits the step's tag: %q", i+1, l)
		}
	}
	keys := strings.TrimSpace(lines[len(lines)-1])
	if !strings.HasSuffix(keys, "? all keys • q quit") && !strings.HasSuffix(keys, "Q leave the quiz") {
		t.Errorf("the key line %q does not end in the help and quit keys", keys)
	}
	if m.layout.statusLines == 0 {
		return // projector mode: the narration and one key line
	}
	// Every field the status shows is whole on one line, and the ones
	// that must show do.
	status := lines[len(lines)-1-m.layout.statusLines : len(lines)-1]
	joined := strings.Join(status, "\n")
	for _, f := range m.status.Fields() {
		text := ansi.Strip(f.Text)
		if text == "" {
			continue
		}
		whole := false
		for _, l := range status {
			whole = whole || strings.Contains(l, text)
		}
		switch {
		case f.Rank == 0 && !whole:
			t.Errorf("the status lacks %q, which must show:\n%s", text, joined)
		case !whole && strings.Contains(strings.Join(strings.Fields(joined), " "), strings.Join(strings.Fields(text), " ")):
			t.Errorf("the status splits %q across lines:\n%s", text, joined)
		}
	}
}
