package tui

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
)

// Points on a line (issue 35): the built-in interval, seed 003's "1D
// input". The region draws the line, f along it and where f > 0; f draws
// the plane (x, x²) with the points on the parabola and the boundary a
// straight line; the cursor keeps to the line. After training, f(x) =
// 2 − 6x², positive for |x| < 1/√3 (learn's TestIntervalConverges).

// TestIntervalScreens: the region and the feature view at convergence,
// at 80×24 and 100×30, in color (colors stripped) and without.
func TestIntervalScreens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}} {
		w, h := size[0], size[1]
		name := func(what string) string {
			return filepath.Join("testdata", "screens", "interval_"+what+"_"+itoa(w)+"x"+itoa(h)+".golden")
		}
		m := newModel(t, builtinOptions(t, "interval", 0), w, h)
		pressRun(m, "c")
		out := screen(m)
		for _, want := range []string{"f > 0 for −0.5774 < x < 0.5774", "├", "┤", " f > 0 ", "−1", "0.5", " x│"} {
			if !strings.Contains(out, want) {
				t.Errorf("%dx%d: the region lacks %q:\n%s", w, h, want, out)
			}
		}
		golden(t, name("region"), out)
		openFeatures(t, m)
		out = screen(m)
		for _, want := range []string{"φ(x) = (1, √2·x, x²)", "x²", " x│", "w = (2, 0, −6) on (1, √2·x, x²)", "f(x) = −6·x² + 2 = 0: a straight line in the plane (x, x²)"} {
			if !strings.Contains(out, want) {
				t.Errorf("%dx%d: the feature view lacks %q:\n%s", w, h, want, out)
			}
		}
		golden(t, name("features"), out)
		press(m, "m")
		golden(t, name("features_mono"), screen(m))
		press(m, "f")
		golden(t, name("region_mono"), screen(m))
	}
}

// TestIntervalKeys: the plane does not turn (the arrows are off and say
// why, and leave the view as it was); the cursor moves along the line
// only; its probe writes f(x); a click over the graph adds a point on the
// line at its x.
func TestIntervalKeys(t *testing.T) {
	m := newModel(t, builtinOptions(t, "interval", 0), 100, 30)
	pressRun(m, "c")
	openFeatures(t, m)
	before := featureRows(m)
	press(m, "left")
	if got := featureRows(m); got != before || !strings.Contains(screen(m), "the plane (x, x²) of points on a line is flat") {
		t.Errorf("← on the plane: turned it, or did not say why not:\n%s", screen(m))
	}
	press(m, "f", "right") // the region again; the first arrow shows the cursor
	cx, cy, on := m.region.Cursor()
	press(m, "up")
	if !strings.Contains(flat(m), "points lie on a line: the cursor moves along it") {
		t.Errorf("↑ on a line does not say why it does nothing:\n%s", screen(m))
	}
	press(m, "up", "right")
	cx2, cy2, _ := m.region.Cursor()
	// The message of ↑ may take a line of the region: the line's row is
	// where CellOf puts any point.
	if _, line, _ := m.region.CellOf(0, 0); !on || cy2 != line || cx2 != cx+1 {
		t.Errorf("cursor (%d, %d) then (%d, %d) after ↑↑→, the line on row %d; want it along the line only", cx, cy, cx2, cy2, line)
	}
	if x1, x2 := m.region.At(cx2, cy2); x2 != 0 || !strings.Contains(flat(m), "cursor: f("+num(x1)+") = Σ αₖ yₖ K(xₖ, x)") {
		t.Errorf("the probe at (%v, %v):\n%s", x1, x2, screen(m))
	}
	// A click on the graph, well above the line, adds a −1 point on it.
	n := len(m.s.Options().Points)
	click(m, m.region.PlotX0+m.region.PlotW/4, m.region.PlotY0+1, tea.MouseRight)
	pts := m.s.Options().Points
	if len(pts) != n+1 || pts[n].X2 != 0 || pts[n].Y != -1 {
		t.Errorf("a right click over the graph: points %v; want a −1 point added on the line", pts[n-1:])
	}
	if !m.s.OneD() {
		t.Error("an edit made the data a plane")
	}
}

// featureRows is the feature view's picture rows, the region's place.
func featureRows(m *Model) string {
	lines := strings.Split(screen(m), "\n")
	return strings.Join(lines[:12], "\n")
}

// num writes v as the probe does.
func num(v float64) string { return learn.Num(v) }
