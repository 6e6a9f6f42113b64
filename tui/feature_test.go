package tui

import (
	"kernelscope/tui/feature"

	"kernelscope/tui/common"

	"math"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// openFeatures presses f and runs the command that computes the feature
// space, as the program would.
func openFeatures(t *testing.T, m *Model) {
	t.Helper()
	_, cmd := m.Update(keyMsg("f"))
	run(m, cmd, 10)
	if m.feature.Space == nil || m.feature.Pending {
		t.Fatal("the feature space was not computed")
	}
}

// TestFeatureViewWorked4: seed 001's map for (x·z)², φ(x) = (x₁², √2·x₁x₂,
// x₂²), sends worked4's four points to two: x₁, x₃ to (1, √2, 1) and x₂,
// x₄ to (1, −√2, 1). After the first step w = φ(x₁) = (1, √2, 1) (seed 003:
// f = (x₁ + x₂)²), so x₂ and x₄ lie on the plane w·φ = 0 (1 − 2 + 1 = 0).
func TestFeatureViewWorked4(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
	}{{"step1", []string{"space"}}, {"converged", []string{"c"}}} {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, builtinOptions(t, "worked4", 0), 120, 36)
			pressRun(m, c.keys...)
			openFeatures(t, m)
			fs := m.feature.Space
			r2 := math.Sqrt2
			want := [][3]float64{{1, r2, 1}, {1, -r2, 1}, {1, r2, 1}, {1, -r2, 1}}
			for i, p := range fs.Points {
				for k := range 3 {
					if math.Abs(p[k]-want[i][k]) > 1e-12 {
						t.Fatalf("φ(x%d) = %v, want %v (seed 001)", i+1, p, want[i])
					}
				}
			}
			if fs.Axes != [3]string{"x₁²", "√2·x₁x₂", "x₂²"} {
				t.Errorf("axes %q, want the features' names", fs.Axes)
			}
			for k, w := range []float64{1, r2, 1} {
				if math.Abs(fs.Normal[k]-w) > 1e-12 {
					t.Fatalf("plane normal %v, want w = (1, √2, 1)", fs.Normal)
				}
			}
			out := screen(m)
			if !strings.Contains(out, "w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)") || !strings.Contains(out, "x₁² + 2·x₁x₂ + x₂²") {
				t.Errorf("w is not written out:\n%s", out)
			}
			golden(t, filepath.Join("testdata", "screens", "features_worked4_"+c.name+".golden"), out)
			press(m, "m") // color-free: the plane is drawn as ░
			golden(t, filepath.Join("testdata", "screens", "features_worked4_"+c.name+"_mono.golden"), screen(m))
		})
	}
}

// TestFeatureViewProjection: an RBF kernel has no finite φ; the view says
// so and draws the projection, the plane u₁ = 0 along w; the arrows turn
// it; a stale result is dropped.
func TestFeatureViewProjection(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 36)
	for range 30 {
		m.player.Step(1)
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	openFeatures(t, m)
	fs := m.feature.Space
	if fs.Axes[0] != "u₁=f/‖w‖" || fs.Normal != [3]float64{1, 0, 0} {
		t.Errorf("axes %q, normal %v: want u₁ along w, the plane u₁ = 0", fs.Axes, fs.Normal)
	}
	if out := screen(m); !strings.Contains(out, "infinite-dimensional") {
		t.Errorf("the view does not say why there is no φ:\n%s", out)
	}
	before := m.feature.Cam
	press(m, "left", "up")
	if m.feature.Cam == before {
		t.Error("the arrows did not turn the view")
	}
	if m.region.CursorOn {
		t.Error("the arrows moved the region's cursor in the feature view")
	}
	stale := feature.FeatureMsg{Gen: m.feature.Gen - 1, Space: &feature.FeatureSpace{Title: "stale"}}
	m.Update(stale)
	if m.feature.Space.Title == "stale" {
		t.Error("a stale feature space replaced the current one")
	}
	// A mouse drag turns it too.
	before = m.feature.Cam
	x, y := m.region.PlotX0+10, m.region.PlotY0+5
	m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	m.Update(tea.MouseMotionMsg{X: x + 6, Y: y, Button: tea.MouseLeft})
	m.Update(tea.MouseReleaseMsg{X: x + 6, Y: y, Button: tea.MouseLeft})
	if m.feature.Cam == before || len(m.s.Options().Points) != 100 {
		t.Errorf("a drag: camera %v → %v, %d points (a drag must not add one)", before, m.feature.Cam, len(m.s.Options().Points))
	}
}

// TestSceneAnySize: the scene renders exactly w×h at every small size.
func TestSceneAnySize(t *testing.T) {
	th := common.NewTheme(true, false, 0)
	sc := &feature.Scene{Points: []feature.ScenePoint{{U: [3]float64{1, 2, 3}, InView: true}, {U: [3]float64{-1, 0, 1e300}, I: 1, InView: true}}, Normal: [3]float64{1, 1, 0}, Axes: [3]string{"a", "bb", "ccc"}}
	for w := range 30 {
		for h := range 12 {
			lines := feature.RenderScene(th, sc, feature.DefaultCamera, w, h)
			if len(lines) != h {
				t.Fatalf("%d×%d: %d lines", w, h, len(lines))
			}
			for _, l := range lines {
				if got := ansi.StringWidth(l); got != w {
					t.Fatalf("%d×%d: a line %d wide: %q", w, h, got, l)
				}
			}
		}
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
