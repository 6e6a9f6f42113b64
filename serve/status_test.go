package serve

import (
	"strings"
	"testing"
)

// statusOf is the status line of a screen: the two lines above the key
// line, the last.
func statusOf(tm *term) []string {
	lines := tm.lines()
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) < 3 {
		return nil
	}
	return lines[len(lines)-3 : len(lines)-1]
}

// waitStatus waits until each of parts is whole on a line of tm's status.
func (tm *term) waitStatus(parts ...string) {
	tm.t.Helper()
	tm.waitUntil("a status with "+strings.Join(parts, ", "), func(string) bool {
		status := statusOf(tm)
		for _, part := range parts {
			whole := false
			for _, l := range status {
				whole = whole || strings.Contains(l, part)
			}
			if !whole {
				return false
			}
		}
		return true
	})
}

// TestStatusKeepsWhatMustShow (issue 33): a class's quiz with the averaged
// perceptron, whose accuracy is its three classifiers'. On the
// presenter's 100×30 the tally comes once a student answered, and on a
// 60×20 follower the accuracy stays, each in its short form when the full
// ones need a third line; the follower's key line keeps − after the
// reveal.
func TestStatusKeepsWhatMustShow(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer), Start: startRun(t, "--dataset", "xor", "--n", "40", "--algo", "averaged")})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	f := c.join(t, "small", newKey(t), 60, 20)
	p.waitFor("presenting · 1 watching")
	p.press("Q")
	f.waitFor("QUIZ step 1")
	f.waitStatus("following lecturer", "averaged", "pass 0, step 0", "acc: final 0%", "training", "quiz")
	f.press("-")
	f.waitFor("you said")
	f.press("y")
	p.waitStatus("presenting · 1", "averaged perceptron", "pass 0, step 0", "accuracy: final 0%", "training", "quiz 1/1 · ")
	p.press(" ")
	f.waitStep(1)
	f.waitStatus("following lecturer", "averaged", "pass 1, step 1", "acc: final 50%", "training", "quiz 1/1")
	f.waitUntil("− on the key line", func(s string) bool {
		lines := f.lines()
		return strings.Contains(lines[len(lines)-1], "− ")
	})
}
