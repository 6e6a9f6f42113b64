package feature

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// Points on a line: interval (seed 003's "1D input"), whose φ on the line
// under (x·z + 1)² is (1, √2·x, x²), drawn as the notes draw it, the
// plane (x, x²).

// TestPlaneInterval: at convergence w = (2, 0, −6) on (1, √2·x, x²)
// (learn's TestIntervalConverges), so the boundary in the plane (u, v) =
// (x, x²) is 2 − 6v = 0, the line v = 1/3; each point xᵢ is at (xᵢ, xᵢ²);
// the view is flat, and says so rather than offer to turn.
func TestPlaneInterval(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "interval", 0), 80, 18)
	converged(hs.s)
	hs.show()
	ps := hs.v.space.plane
	if ps == nil {
		t.Fatalf("interval's feature space is not the plane (x, x²):\n%s", hs.view())
	}
	if ps.c != [3]float64{2, 0, -6} {
		t.Errorf("g = %v, want 2 + 0·u − 6·v", ps.c)
	}
	for k, i := range ps.index {
		x := hs.s.Learner().X(i).X1
		if ps.pts[k] != [2]float64{x, x * x} {
			t.Errorf("x%d at %v, want (%v, %v)", i+1, ps.pts[k], x, x*x)
		}
	}
	if !hs.v.Flat() {
		t.Error("the plane is not flat")
	}
	view := hs.view()
	title := strings.Split(view, "\n")[0]
	if !strings.Contains(title, "φ(x) = (1, √2·x, x²), the plane (x, x²)") || strings.Contains(title, "turn") {
		t.Errorf("title %q", title)
	}
	// Every point of the parabola above the line v = 1/3 is −1 and below
	// it +1: the line separates them, as no threshold on x does.
	for k, i := range ps.index {
		v := ps.pts[k][1]
		if y := hs.s.Learner().Y(i); (v < 1.0/3) != (y > 0) {
			t.Errorf("x%d at v = %v with y = %d: on the wrong side of v = 1/3", i+1, v, y)
		}
	}
}

// TestPlaneKernels: which kernels the plane is drawn for on a line (those
// whose φ there is powers of x up to x², x² among them), and that other
// kernels' pictures of a line are written in x, without the features that
// are 0 on it.
func TestPlaneKernels(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		k     learn.Kernel
		bias  bool
		plane bool
	}{
		{learn.Poly{D: 2, C: 1}, false, true},
		{learn.Poly{D: 2, C: 0}, false, true},
		{learn.Poly{D: 2, C: 1}, true, true},
		{learn.Linear{}, true, false},
		{learn.Poly{D: 3, C: 1}, false, false},
		{learn.RBF{Sigma: 0.5}, false, false},
	} {
		if got := PlaneOf(c.k, c.bias); got != c.plane {
			t.Errorf("PlaneOf(%s, bias %v) = %v, want %v", c.k, c.bias, got, c.plane)
		}
	}
	o := tuitest.Builtin(t, "interval", 0)
	o.Config.Kernel, o.Config.Bias = learn.Linear{}, true
	hs := newHarness(t, o, 80, 24)
	converged(hs.s)
	hs.show()
	if fs := hs.v.space; fs.plane != nil || len(fs.axes) != 3 || fs.axes[0].name != "1" || fs.axes[1].name != "x" {
		t.Errorf("linear with bias on a line: plane %v, axes %v; want the scene of φ(x) = (1, x)", fs.plane != nil, fs.axes)
	}
}

// TestPlaneGoldens: the plane at the panel's sizes in a terminal of 80×24
// and 100×30, after one pass (the line slanted across the parabola) and at
// convergence (level, at x² = 1/3), in color (colors stripped) and
// without.
func TestPlaneGoldens(t *testing.T) {
	t.Parallel()
	for _, size := range lectureSizes[:2] {
		for _, mono := range []bool{false, true} {
			for _, c := range []struct {
				name  string
				steps int
			}{{"pass1", 20}, {"converged", -1}} {
				hs := newHarness(t, tuitest.Builtin(t, "interval", 0), size.w, size.h)
				hs.v.Th = common.NewTheme(true, mono, colorprofile.TrueColor)
				for n := 0; n != c.steps && hs.s.Step(); n++ {
				}
				hs.show()
				got := hs.v.View()
				tuitest.Fits(t, got, size.w, size.h)
				name := "interval_" + c.name + "_" + size.screen
				if mono {
					name += "_mono"
				}
				tuitest.Golden(t, filepath.Join("testdata", name+".golden"), got)
			}
		}
	}
}

// TestPlaneAnySize: renderPlane draws exactly its size, from 1×1 up.
func TestPlaneAnySize(t *testing.T) {
	t.Parallel()
	ps := &planeScene{c: [3]float64{2, 0, -6}, margins: true}
	var pts []ScenePoint
	for i, x := range []float64{-1, -0.5, 0, 0.5, 1, math.NaN()} {
		ps.pts = append(ps.pts, [2]float64{x, x * x})
		pts = append(pts, ScenePoint{u: [3]float64{x, x * x}, i: i, pos: math.Abs(x) < 0.5, sv: i%2 == 0})
	}
	for _, mono := range []bool{false, true} {
		th := common.NewTheme(true, mono, colorprofile.TrueColor)
		for w := 1; w <= 40; w += 3 {
			for h := 1; h <= 14; h++ {
				lines := renderPlane(th, ps, pts, 2, w, h)
				if len(lines) != h {
					t.Fatalf("%d×%d: %d lines", w, h, len(lines))
				}
				tuitest.Fits(t, strings.Join(lines, "\n"), w, h)
			}
		}
	}
}
