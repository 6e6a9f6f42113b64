package tui

import (
	"strings"
	"testing"

	"kernelscope/learn"
	"kernelscope/tui/common"
)

// logisticOptions is a built-in dataset with logistic regression.
func logisticOptions(t *testing.T, name string) Options {
	o := builtinOptions(t, name, 0)
	o.Config.Learner = "logistic"
	return o
}

// TestLogisticScreens: at 80×24 l reaches logistic regression from the
// perceptron and the screen names the probability it shades; after a run,
// at 100×30 and 140×45, the key line counts the examples that hold half
// of Σα (the marks), the α panel gives the last step's g, the status the
// mean log-loss beside the accuracy and that it never converges, the chart
// the log-loss per pass, and the cursor's probe P(y=+1 | x) and f there.
func TestLogisticScreens(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 80, 24)
	for k, kind := range learn.Learners() {
		if kind.Name == "logistic" {
			for range k {
				press(m, "l")
			}
			break
		}
	}
	if got := m.s.Learner().Config().Learner; got != "logistic" {
		t.Fatalf("l reached %s", got)
	}
	if !shows(m, "P(y = +1 | x) = σ(") || !shows(m, "logistic λ = 0") {
		t.Fatalf("80×24 does not name the probability it shades:\n%s", screen(m))
	}
	m = newModel(t, logisticOptions(t, "moons"), 140, 45)
	pressRun(m, "E", "c")
	l := m.s.Learner()
	d := l.(learn.Dense)
	loss := learn.Num(l.(learn.Probabilistic).LogLoss())
	for _, want := range []string{
		"shaded: P(y = +1 | x) = σ(f(x)), f(x) = w₀ + Σ αⱼ yⱼ K(xⱼ, x)",
		"hold half of Σα", // the key line: how many, and why
		"P = ½", "P = 0.9", "P = 0.1",
		"α last g₁₀₀ = ",
		"mean log-loss " + loss, "ran all ", "(it never converges)",
		"log-loss", "after pass",
	} {
		if !shows(m, want) {
			t.Errorf("140×45 after the run: no %q:\n%s", want, screen(m))
		}
	}
	if n := d.HeavyCount(); n <= 0 || n >= l.N() || !shows(m, common.GlyphPosSV) {
		t.Errorf("%d of %d heavy examples", n, l.N())
	}
	press(m, "right")
	if !shows(m, "cursor: f(") || !shows(m, "→ P(y=+1 | x) = σ(") {
		t.Errorf("the probe does not read P and f:\n%s", screen(m))
	}
	m = newModel(t, logisticOptions(t, "moons"), 100, 30)
	pressRun(m, "c", "m")
	// Without colour, P's strength is the glyphs' density: the surest
	// cells on each side are drawn in the densest glyph.
	scr := screen(m)
	if !strings.Contains(scr, common.MonoPosDensity[common.Shades-1]) || !strings.Contains(scr, common.MonoNegDensity[common.Shades-1]) {
		t.Errorf("no density glyphs in colour-free mode:\n%s", scr)
	}
}

// TestLogisticQuiz: the quiz asks logistic regression's own question, will
// the step add more than η/2 to α (g > ½), and judges it from the step:
// on the worked example the first step has f = 0, g = ½: "no".
func TestLogisticQuiz(t *testing.T) {
	m := newModel(t, logisticOptions(t, "worked4"), 120, 40)
	press(m, "Q")
	if !shows(m, "sign of f(x₁) = w₀ + Σ") && !shows(m, "sign of f(x₁)") {
		t.Fatalf("quiz: no question:\n%s", screen(m))
	}
	press(m, "-", "n")
	if !shows(m, "g > ½? no ✓ right") {
		t.Errorf("quiz on step 1 (g = ½): not judged right:\n%s", screen(m))
	}
}
