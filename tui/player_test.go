package tui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kernelscope/datasets"
)

// noisyOptions is a built-in dataset of n points with the given noise
// (seed 1), its preset kernel.
func noisyOptions(t testing.TB, name string, n int, noise float64) Options {
	o := builtinOptions(t, name, n)
	b, _ := datasets.Lookup(name)
	o.Noise, o.Points = noise, b.Generate(n, noise, 1)
	return o
}

// flatScreen is the screen with its lines joined by single spaces, so
// that text wrapped over lines (the status line, the narration) reads
// whole.
func flatScreen(m *Model) string { return strings.Join(strings.Fields(screen(m)), " ") }

// stepLine finds the learner's step count in the status line: the step
// of a learner with passes, the SVM's iteration.
var stepLine = regexp.MustCompile(`(?:pass \d+, step|iteration) (\d+)(?: │|$| )`)

// stepShown reads the learner's step count off the screen.
func stepShown(t *testing.T, m *Model) int {
	t.Helper()
	sub := stepLine.FindStringSubmatch(flatScreen(m))
	if sub == nil {
		t.Fatalf("no step count in the status line:\n%s", screen(m))
	}
	n, _ := strconv.Atoi(sub[1])
	return n
}

// TestPlayerOnScreen: the status line says what the player does and at
// what speed; + and − change it, and at the ends the screen says why they
// do nothing; esc stops a run, whose pending chunk then takes no step.
// Package player tests its pacing and keys on a clock of its own.
func TestPlayerOnScreen(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	for _, c := range []struct{ key, want string }{
		{"", "paused (p plays at 10/s)"},
		{"+", "paused (p plays at 20/s)"},
		{"-", "paused (p plays at 10/s)"},
		{"p", "playing 10/s"},
		{"p", "paused (p plays at 10/s)"},
	} {
		if c.key != "" {
			press(m, c.key)
		}
		if !strings.Contains(flatScreen(m), c.want) {
			t.Errorf("after %q the status does not say %q:\n%s", c.key, c.want, screen(m))
		}
	}
	for range 12 {
		press(m, "+")
	}
	if sc := flatScreen(m); !strings.Contains(sc, "5000 steps a second is the fastest") || !strings.Contains(sc, "paused (p plays at 5000/s)") {
		t.Errorf("+ at the top:\n%s", screen(m))
	}
	for range 12 {
		press(m, "-")
	}
	if sc := flatScreen(m); !strings.Contains(sc, "1 step a second is the slowest") || !strings.Contains(sc, "paused (p plays at 1/s)") {
		t.Errorf("- at the bottom:\n%s", screen(m))
	}

	// 2000 noisy circles take longer than a chunk of a run.
	m = newModel(t, noisyOptions(t, "circles", 2000, 0.3), 120, 40)
	at := stepShown(t, m)
	_, cmd := m.Update(keyMsg("c"))
	if !strings.Contains(flatScreen(m), "running to convergence (esc stops)") {
		t.Errorf("c: the status does not say the run is on:\n%s", screen(m))
	}
	press(m, "esc")
	ran := stepShown(t, m)
	if ran <= at || !strings.Contains(flatScreen(m), "paused (p plays at 10/s)") {
		t.Errorf("esc: step %d (was %d), status:\n%s", ran, at, screen(m))
	}
	run(m, cmd, 1)
	if got := stepShown(t, m); got != ran {
		t.Errorf("the chunk of a stopped run took %d steps", got-ran)
	}
}

// TestRunShowsWhatStepsShow: a run steps quietly, narrating only the
// steps it shows, yet the screen after it, and after each step b brings
// back, is the one that stepping one by one with space shows. Package
// panels compares the narration after autoplay's ticks as well.
func TestRunShowsWhatStepsShow(t *testing.T) {
	for _, c := range []struct{ algo, key string }{{"perceptron", "e"}, {"forgetron", "e"}, {"budget", "e"}, {"svm", "c"}} {
		t.Run(c.algo, func(t *testing.T) {
			o := noisyOptions(t, "moons", 150, 0.4)
			o.Config = o.Config.With("budget", 20).With("C", 1).With("tol", 1e-3)
			o.Config.Learner = c.algo
			fast := newModel(t, o, 160, 48)
			pressRun(fast, c.key)
			n := stepShown(t, fast)
			if n < 80 {
				t.Fatalf("%s took only %d steps", c.key, n)
			}
			slow := newModel(t, o, 160, 48)
			for range n {
				press(slow, "space")
			}
			for k := range 40 {
				if a, b := screen(fast), screen(slow); a != b {
					t.Fatalf("%d steps back from %d, after %s:\n%s\nstepping one by one:\n%s", k, n, c.key, a, b)
				}
				press(fast, "b")
				press(slow, "b")
			}
		})
	}
}
