package tui

import (
	"regexp"
	"strings"
	"testing"
)

// seedCitation is how the code's comments cite the lecture notes' files
// ("seed 003", "seeds 001, 004"): words a student cannot know, and "seed"
// already means the random seed (S, seed=1), so no screen may say them.
var seedCitation = regexp.MustCompile(`(?i)\bseeds? 0\d\d`)

// TestNoSeedCitations walks the views a lecture goes through, at a size
// where nothing is cut, and reads every screen and every line the
// narration is given: the notes are named by what they are (the 4-point
// XOR example, the SVM notes), never "seed 00N". The walk: the worked
// example stepped and converged, the full help, the Mercer spectrum (M),
// the feature view of an infinite-dimensional (RBF) and of a polynomial
// kernel (f), the quiz (Q), cross-validation (X), projector (B) and
// color-free (m) modes, every learner (l), comparison mode's question (L)
// and every dataset (d).
func TestNoSeedCitations(t *testing.T) {
	walks := []struct {
		data string
		keys []string
	}{
		{"worked4", []string{"space", "space", "space", "c", "?", "?", "M", "M", "f", "f", "Q", "space", "Q", "X", "esc", "B", "B", "m", "m"}},
		{"moons", []string{"c", "f", "f", "M", "X", "esc"}},
		{"worked3", append(strings.Fields(strings.Repeat("l ", 12)), "L", "L")},
		{"xor", append(strings.Fields(strings.Repeat("d ", 9)), "u")},
	}
	for _, w := range walks {
		m := newModel(t, builtinOptions(t, w.data, 0), 220, 64)
		check := func(after string) {
			t.Helper()
			for what, text := range map[string]string{"screen": flat(m), "narration": m.message} {
				if at := seedCitation.FindStringIndex(text); at != nil {
					t.Errorf("%s after %s: the %s says %q: %q", w.data, after, what, text[at[0]:at[1]], text[max(0, at[0]-80):min(len(text), at[1]+20)])
				}
			}
		}
		check("opening")
		for i, k := range w.keys {
			pressRun(m, k)
			check(strings.Join(w.keys[:i+1], " "))
		}
	}
}
