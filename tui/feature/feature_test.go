package feature

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// harness is the feature view alone on a session, w×h with its border;
// show computes the feature space as the program does (the command
// Request returns, its message handed to Update) and draws it.
type harness struct {
	t *testing.T
	s *lab.Session
	v *FeatureView
}

// newHarness opens o in a view of w×h (77×30: the region's place in a
// 120×36 terminal).
func newHarness(t *testing.T, o lab.Options, w, h int) *harness {
	t.Helper()
	s := tuitest.Session(t, o)
	hs := &harness{t: t, s: s, v: NewFeatureView(s)}
	hs.v.Th = common.NewTheme(true, false, colorprofile.TrueColor)
	hs.v.SetSize(w, h)
	return hs
}

// show computes the feature space of the session as it is now, unless it
// is computed, and draws the view.
func (hs *harness) show() {
	hs.t.Helper()
	if cmd := hs.v.Request(); cmd != nil {
		hs.v.Update(cmd())
	}
	if hs.v.space == nil || hs.v.pending {
		hs.t.Fatal("the feature space was not computed")
	}
	hs.v.Refresh()
}

// view is the view as drawn, colours stripped.
func (hs *harness) view() string { return ansi.Strip(hs.v.View()) }

// TestWorked4: seed 001's map for (x·z)², φ(x) = (x₁², √2·x₁x₂, x₂²),
// sends worked4's four points to two: x₁, x₃ to (1, √2, 1) and x₂, x₄
// to (1, −√2, 1). After the first step w = φ(x₁) = (1, √2, 1) (seed 003:
// f = (x₁ + x₂)²), so x₂ and x₄ lie on the plane w·φ = 0 (1 − 2 + 1 = 0);
// w stays so to convergence (seed 003's trace has no other mistake).
func TestWorked4(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		train func(s *lab.Session)
	}{
		{"step1", func(s *lab.Session) { s.Step() }},
		{"converged", func(s *lab.Session) {
			for s.Step() {
			}
		}},
	} {
		hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 77, 30)
		c.train(hs.s)
		hs.show()
		fs := hs.v.space
		r2 := math.Sqrt2
		want := [][3]float64{{1, r2, 1}, {1, -r2, 1}, {1, r2, 1}, {1, -r2, 1}}
		for i, p := range fs.points {
			for k := range 3 {
				if math.Abs(p[k]-want[i][k]) > 1e-12 {
					t.Fatalf("%s: φ(x%d) = %v, want %v (seed 001)", c.name, i+1, p, want[i])
				}
			}
		}
		var names []string
		for _, a := range fs.axes {
			names = append(names, a.name)
		}
		if strings.Join(names, " ") != "x₁² √2·x₁x₂ x₂² u₁=f/‖w‖" {
			t.Errorf("%s: axes %q, want the features' names and u₁ along w", c.name, names)
		}
		for k, w := range []float64{1, r2, 1} {
			if math.Abs(fs.normal[k]-w) > 1e-12 {
				t.Fatalf("%s: plane normal %v, want w = (1, √2, 1)", c.name, fs.normal)
			}
		}
		if out := hs.view(); !strings.Contains(out, "w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)") || !strings.Contains(out, "x₁² + 2·x₁x₂ + x₂²") {
			t.Errorf("%s: w is not written out:\n%s", c.name, out)
		}
		for _, size := range [][2]int{{77, 30}, {40, 12}, {16, 5}} {
			hs.v.SetSize(size[0], size[1])
			for _, mono := range []bool{false, true} { // color-free: the plane is drawn as ░
				hs.v.Th = common.NewTheme(true, mono, colorprofile.TrueColor)
				hs.v.Refresh()
				tuitest.Fits(t, hs.v.View(), size[0], size[1])
				name := fmt.Sprintf("worked4_%s_%dx%d", c.name, size[0], size[1])
				if mono {
					name = fmt.Sprintf("worked4_%s_mono_%dx%d", c.name, size[0], size[1])
				}
				tuitest.Golden(t, filepath.Join("testdata", name+".golden"), hs.v.View())
			}
		}
	}
}

// TestProjection: an RBF kernel has no finite φ; the view says so and
// draws the projection, the plane u₁ = 0 along w; the arrows and a mouse
// drag turn it; a stale result is dropped, and a new state asks for a
// new one.
func TestProjection(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), 77, 30)
	for range 30 {
		hs.s.Step()
	}
	hs.show()
	fs := hs.v.space
	if fs.axes[0].name != "u₁=f/‖w‖" || fs.normal != [3]float64{1, 0, 0} {
		t.Errorf("axes %v, normal %v: want u₁ along w, the plane u₁ = 0", fs.axes, fs.normal)
	}
	if out := hs.view(); !strings.Contains(out, "infinite-dimensional") {
		t.Errorf("the view does not say why there is no φ:\n%s", out)
	}
	before, drawn := hs.v.cam, hs.view()
	hs.v.TurnKey("left")
	hs.v.TurnKey("up")
	hs.v.Refresh()
	if hs.v.cam == before || hs.view() == drawn {
		t.Error("the arrows did not turn the view")
	}
	if hs.v.Request() != nil {
		t.Error("the same state asked for its feature space again")
	}
	stale := FeatureMsg{gen: hs.v.gen - 1, space: &FeatureSpace{name: "stale"}}
	hs.v.Update(stale)
	if hs.v.space.name == "stale" {
		t.Error("a stale feature space replaced the current one")
	}
	// A mouse drag turns it too: 6 cells across is 30°.
	before = hs.v.cam
	hs.v.Mouse(tea.MouseClickMsg{X: 18, Y: 6, Button: tea.MouseLeft})
	hs.v.Mouse(tea.MouseMotionMsg{X: 24, Y: 6, Button: tea.MouseLeft})
	hs.v.Mouse(tea.MouseReleaseMsg{X: 24, Y: 6, Button: tea.MouseLeft})
	if math.Abs(hs.v.cam.yaw-before.yaw-2*math.Pi/12) > 1e-12 || hs.v.cam.pitch != before.pitch {
		t.Errorf("a drag of 6 cells: camera %v → %v, want 30° more yaw", before, hs.v.cam)
	}
	hs.v.Mouse(tea.MouseMotionMsg{X: 40, Y: 6, Button: tea.MouseLeft})
	if math.Abs(hs.v.cam.yaw-before.yaw-2*math.Pi/12) > 1e-12 {
		t.Error("a motion after the release turned the view")
	}
	// A mistake changes the state: a new request, the old picture shown as
	// updating until it comes.
	for v := hs.s.Version(); hs.s.Version() == v; {
		hs.s.Step()
	}
	cmd := hs.v.Request()
	if cmd == nil || !hs.v.pending {
		t.Fatal("a step asked for no new feature space")
	}
	hs.v.Refresh()
	if !strings.Contains(hs.view(), "(updating…)") {
		t.Errorf("no sign of the update:\n%s", hs.view())
	}
	hs.v.Update(cmd())
	if hs.v.pending || hs.v.space == fs {
		t.Error("the new feature space was not taken")
	}
}

// TestAnySize: the view draws exactly its size down to 1×1, before its
// space is computed and after.
func TestAnySize(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), 77, 30)
	for range 30 {
		hs.s.Step()
	}
	sizes := func() {
		t.Helper()
		for w := 1; w <= 30; w += 3 {
			for h := 1; h <= 12; h++ {
				hs.v.SetSize(w, h)
				hs.v.Refresh()
				tuitest.Fits(t, hs.v.View(), w, h)
			}
		}
	}
	sizes()
	hs.v.SetSize(77, 30)
	hs.v.Refresh()
	if !strings.Contains(hs.view(), "feature space (computing…)") {
		t.Errorf("nothing says the space is being computed:\n%s", hs.view())
	}
	hs.show()
	sizes()
}

// TestSceneAnySize: the scene renders exactly w×h at every small size,
// with a point far outside the rest.
func TestSceneAnySize(t *testing.T) {
	t.Parallel()
	th := common.NewTheme(true, false, 0)
	sc := &Scene{points: []ScenePoint{{u: [3]float64{1, 2, 3}, inView: true}, {u: [3]float64{-1, 0, 1e300}, i: 1, inView: true}}, normal: [3]float64{1, 1, 0},
		axes: []SceneAxis{{[3]float64{1, 0, 0}, "a"}, {[3]float64{0, 1, 0}, "bb"}, {[3]float64{0, 0, 1}, "ccc"}}, groups: [][]int{{0, 1}}}
	for w := range 30 {
		for h := range 12 {
			lines := renderScene(th, sc, camera{yaw: -math.Pi / 6, pitch: math.Pi / 9}, w, h)
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
