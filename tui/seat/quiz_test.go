package seat

import (
	"fmt"
	"testing"

	"kernelscope/class"
)

// TestShortKey: a fingerprint is listed by its kind and the first 8
// characters of its hash.
func TestShortKey(t *testing.T) {
	for fp, want := range map[string]string{
		"SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s": "SHA256:uNiVztks",
		"SHA256:short": "SHA256:short",
		"":             "(no key)",
		"nokind":       "nokind",
	} {
		if got := ShortKey(fp); got != want {
			t.Errorf("ShortKey(%q) = %q, want %q", fp, got, want)
		}
	}
}

// TestScoresLine: the scores in their order (class.Seat.Scores sorts
// them best first), the first limit of them, and how many more.
func TestScoresLine(t *testing.T) {
	var sc []class.Score
	for i := range 12 {
		sc = append(sc, class.Score{Name: fmt.Sprint("s", i), Fingerprint: fmt.Sprint("SHA256:key", i, "xxxxxxxx"), Right: 12 - i, Asked: 12})
	}
	sc[1].Fingerprint = ""
	want := "12 students: s0 SHA256:key0xxxx 12/12, s1 (no key) 11/12, s2 SHA256:key2xxxx 10/12, and 9 more (W lists them)"
	if got := Scores(sc, 3); got != want {
		t.Errorf("Scores(…, 3) =\n%q\nwant\n%q", got, want)
	}
	if got := Scores(sc[:1], 3); got != "1 student: s0 SHA256:key0xxxx 12/12" {
		t.Errorf("one student: %q", got)
	}
	if got := Scores(nil, 3); got != "no student answered" {
		t.Errorf("none: %q", got)
	}
}
