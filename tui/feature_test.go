package tui

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// The feature view in the program: f shows it where the region was, the
// arrows and a drag turn it (and not the region's cursor), f again shows
// the region. Its numbers (φ of each point, the plane's normal, a stale
// result dropped) are package feature's tests.

// openFeatures presses f and runs the command that computes the feature
// space, as the program would.
func openFeatures(t *testing.T, m *Model) {
	t.Helper()
	_, cmd := m.Update(keyMsg("f"))
	run(m, cmd, 10)
	if out := screen(m); !strings.Contains(out, "╭─ feature space") || strings.Contains(out, "feature space (computing…)") || strings.Contains(out, "(updating…)") {
		t.Fatalf("the feature space was not computed:\n%s", out)
	}
}

// featurePanel is the feature view's lines on the screen: the region's
// place, the top rows of the left 77 columns of a 120×36 terminal.
func featurePanel(m *Model) string {
	lines := strings.Split(screen(m), "\n")[:30]
	for i, l := range lines {
		lines[i] = ansi.Cut(l, 0, 77)
	}
	return strings.Join(lines, "\n")
}

// TestFeatureViewWorked4: seed 001's map for (x·z)², φ(x) = (x₁²,
// √2·x₁x₂, x₂²); after the first step w = φ(x₁) = (1, √2, 1) (seed 003:
// f = (x₁ + x₂)²), written out on the screen, and so at convergence.
func TestFeatureViewWorked4(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
	}{{"step1", []string{"space"}}, {"converged", []string{"c"}}} {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, builtinOptions(t, "worked4", 0), 120, 36)
			pressRun(m, c.keys...)
			openFeatures(t, m)
			out := screen(m)
			if !strings.Contains(out, "w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)") || !strings.Contains(out, "x₁² + 2·x₁x₂ + x₂²") {
				t.Errorf("w is not written out:\n%s", out)
			}
			for _, axis := range []string{"x₁²", "√2·x₁x₂", "x₂²"} {
				if !strings.Contains(featurePanel(m), axis) {
					t.Errorf("no axis %s:\n%s", axis, out)
				}
			}
			golden(t, filepath.Join("testdata", "screens", "features_worked4_"+c.name+".golden"), out)
			press(m, "m") // color-free: the plane is drawn as ░
			golden(t, filepath.Join("testdata", "screens", "features_worked4_"+c.name+"_mono.golden"), screen(m))
		})
	}
}

// TestFeatureViewProjection: an RBF kernel has no finite φ; the view says
// so and draws the projection along w; the arrows turn it, and do not
// move the region's cursor; a mouse drag turns it, and adds no point.
func TestFeatureViewProjection(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 36)
	for range 30 {
		press(m, "space")
	}
	openFeatures(t, m)
	if out := screen(m); !strings.Contains(out, "infinite-dimensional") || !strings.Contains(featurePanel(m), "u₁=f/‖w‖") {
		t.Errorf("the view does not say why there is no φ, or draw u₁ along w:\n%s", out)
	}
	before := featurePanel(m)
	press(m, "left", "up")
	if featurePanel(m) == before {
		t.Errorf("the arrows did not turn the view:\n%s", screen(m))
	}
	// A drag turns it too (at the plot's cell (10, 5), 6 cells across).
	before = featurePanel(m)
	x, y := 8+10, 1+5
	m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	m.Update(tea.MouseMotionMsg{X: x + 6, Y: y, Button: tea.MouseLeft})
	m.Update(tea.MouseReleaseMsg{X: x + 6, Y: y, Button: tea.MouseLeft})
	if featurePanel(m) == before {
		t.Errorf("a drag did not turn the view:\n%s", screen(m))
	}
	if !strings.Contains(screen(m), "moons n=100 ") || screenSays(m, "added (") {
		t.Errorf("a drag added a point:\n%s", screen(m))
	}
	press(m, "f")
	if screenSays(m, "cursor: f(") {
		t.Errorf("the arrows moved the region's cursor in the feature view:\n%s", screen(m))
	}
}

// TestSpectrumKey: M puts Mercer's spectrum where the Gram matrix was; for
// tanh(x·z − 1) the check fails and the panel names a counter-example
// (learn.MercerCounterexample: a point with K(x,x) = tanh(‖x‖² − 1) < 0
// when ‖x‖ < 1, of which moons has many).
func TestSpectrumKey(t *testing.T) {
	o := builtinOptions(t, "moons", 60)
	o.Config.Kernel = learn.Sigmoid{Gamma: 1, C: -1}
	m := newModel(t, o, 140, 40)
	press(m, "M")
	out := screen(m)
	for _, want := range []string{"Mercer: eigenvalues of K", "not PSD", "counter-example: x"} {
		if !strings.Contains(out, want) {
			t.Errorf("after M: no %q:\n%s", want, out)
		}
	}
	press(m, "M")
	if !strings.Contains(screen(m), "Gram K(xᵢ,xⱼ)") {
		t.Error("M again: the Gram panel is not back")
	}
}
