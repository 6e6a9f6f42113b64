package region

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// Points on a line: the built-in interval (seed 003's "1D input"), drawn
// as the line (line.go). Trained to convergence, f(x) = 2 − 6x² > 0 for
// |x| < 1/√3 (learn's TestIntervalConverges).

// TestLineGoldens: the panel at convergence at the sizes where its layout
// changes: the graph over the line and its marks (40×12), a graph of two
// rows (16×6: 3 plot rows), no graph (20×5: the line and its marks), the
// line alone (20×4), in color (colors stripped) and without.
func TestLineGoldens(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "interval", 0), 40, 12)
	hs.converge()
	for _, mono := range []bool{false, true} {
		hs.r.Th = common.NewTheme(true, mono, colorprofile.TrueColor)
		for _, size := range [][2]int{{40, 12}, {16, 6}, {20, 5}, {20, 4}} {
			hs.resize(size[0], size[1])
			got := hs.r.View()
			tuitest.Fits(t, got, size[0], size[1])
			name := fmt.Sprintf("interval_converged_%dx%d.golden", size[0], size[1])
			if mono {
				name = fmt.Sprintf("interval_converged_mono_%dx%d.golden", size[0], size[1])
			}
			tuitest.Golden(t, filepath.Join("testdata", name), got)
		}
	}
}

// TestLineShows: the plot holds the graph of f (its values in the gutter,
// 2 at the top), the line with every point on one row, the marks of f > 0
// from the column of −1/√3 to that of 1/√3, and the x axis named x; the
// title says where f > 0, exactly.
func TestLineShows(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "interval", 0), 64, 24)
	hs.converge()
	view := ansi.Strip(hs.r.View())
	if !strings.Contains(view, "f > 0 for −0.5774 < x < 0.5774") {
		t.Errorf("the title does not say where f > 0:\n%s", view)
	}
	rows := strings.Split(hs.plot(), "\n")
	pw, ph := hs.r.PlotW, hs.r.PlotH
	_, line, marks := lineLayout(ph)
	if g := strings.TrimSpace(string([]rune(rows[0])[:gutter])); g != "2" {
		t.Errorf("the graph's top row is labelled %q, want 2 (max f = f(0) = 2)", g)
	}
	points := 0
	for y, r := range rows[:len(rows)-1] {
		n := strings.Count(r, "+") + strings.Count(r, "−") - strings.Count(string([]rune(r)[:gutter]), "−") + strings.Count(r, "⊕") + strings.Count(r, "⊖")
		if y != line && n > 0 && y != marks {
			t.Errorf("row %d holds point glyphs; the points lie on row %d:\n%s", y, line, hs.plot())
		}
		if y == line {
			points = n
		}
	}
	if points != 20 {
		t.Errorf("%d points on the line, want 20:\n%s", points, rows[line])
	}
	// The marks: ├ in the first column whose centre has f > 0, that is
	// |x| < 1/√3, and ┤ in the last.
	v := hs.s.View()
	first, last := -1, -1
	for c := range pw {
		if x := v.MinX1 + (float64(c)+0.5)*(v.MaxX1-v.MinX1)/float64(pw); 3*x*x < 1 {
			last = c
			if first < 0 {
				first = c
			}
		}
	}
	m := []rune(rows[marks])[gutter:]
	if m[first] != '├' || m[last] != '┤' || strings.Count(string(m), "├") != 1 || strings.Count(string(m), "┤") != 1 {
		t.Errorf("marks %q: want ├ at column %d and ┤ at column %d", string(m), first, last)
	}
	if axis := rows[len(rows)-1]; !strings.HasSuffix(strings.TrimRight(axis, " "), "x") {
		t.Errorf("the axis is not named x: %q", axis)
	}
}

// TestLineCursor: the cursor keeps to the line, wherever it is put or
// moved; a cell of the plot is a point of the line, (x, 0); a point is in
// its column on the line.
func TestLineCursor(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "interval", 0), 64, 24)
	_, line, _ := lineLayout(hs.r.PlotH)
	hs.r.ShowCursor()
	if _, cy, _ := hs.r.Cursor(); cy != line {
		t.Errorf("the cursor shows on row %d, the line is row %d", cy, line)
	}
	hs.r.PlaceCursor(5, 0)
	hs.r.MoveCursor("up")
	hs.r.MoveCursor("shift+down")
	hs.r.MoveCursor("right")
	if cx, cy, _ := hs.r.Cursor(); cx != 6 || cy != line {
		t.Errorf("put at (5, 0), ↑ ⇧↓ →: (%d, %d); want (6, %d)", cx, cy, line)
	}
	if x1, x2 := hs.r.At(6, 0); x2 != 0 || x1 >= 0 {
		t.Errorf("cell (6, 0) is (%v, %v); want a point of the line left of 0", x1, x2)
	}
	for j := range 20 {
		x := hs.s.Learner().X(j)
		cx, cy, ok := hs.r.CellOf(x.X1, x.X2)
		if !ok || cy != line {
			t.Errorf("x%d is in cell (%d, %d), %v; want the line's row %d", j+1, cx, cy, ok, line)
		}
		if !hs.r.ToExample(j) {
			t.Errorf("the cursor does not go to x%d", j+1)
		}
		if under := hs.r.Under(); len(under) == 0 || under[0] != j {
			t.Errorf("under the cursor on x%d: %v", j+1, under)
		}
	}
}

// TestLineAnySize: the panel draws exactly its size down to 1×1, plain,
// with the cursor, in projector mode, as a pane of comparison mode, in
// the update view and with ~'s curve.
func TestLineAnySize(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "interval", 0), 64, 24)
	hs.step(30)
	sizes := func(state string) {
		t.Run(state, func(t *testing.T) {
			for w := 1; w <= 30; w += 3 {
				for h := 1; h <= 12; h++ {
					hs.resize(w, h)
					tuitest.Fits(t, hs.r.View(), w, h)
				}
			}
		})
	}
	sizes("plain")
	hs.r.PlaceCursor(3, 2)
	sizes("cursor")
	hs.r.Big = true
	sizes("projector")
	hs.r.Big = false
	hs.r.Compare, hs.r.Figures = true, "margin 0.1 │ SV 10 │ acc 90%"
	sizes("comparison pane")
	hs.r.Compare = false
	hs.press("U")
	sizes("update view")
	hs.press("U", "~")
	sizes("overlay")
}

// TestLineOtherKernels: an RBF kernel's f is no polynomial; where f > 0
// is then read off the columns, rounded to what a column resolves, and
// a stretch that reaches the plot's edge is open there.
func TestLineOtherKernels(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "interval", 0)
	o.Config.Kernel = learn.RBF{Sigma: 0.3}
	hs := newHarness(t, o, 64, 24)
	hs.converge()
	title := strings.Split(ansi.Strip(hs.r.View()), "\n")[0]
	if !strings.Contains(title, "f > 0 for −0.5") || !strings.Contains(title, " < x < 0.5") {
		t.Errorf("title %q: want f > 0 for −0.5… < x < 0.5…", title)
	}
	// The two decimals a column of 2.5/57 resolves, not four.
	if strings.Contains(title, "−0.577") || strings.Contains(title, "0.5774") {
		t.Errorf("title %q: more digits than the columns resolve", title)
	}
}

// TestLineEnsemble: the averaged perceptron on a line draws the function
// A shows (here the vote, a step function) and marks the other two's
// boundaries on the row under the line, in the glyphs its key names.
func TestLineEnsemble(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "interval", 0)
	o.Config.Learner = "averaged"
	hs := newHarness(t, o, 64, 24)
	hs.step(40)
	hs.s.Show(learn.VotedMember)
	hs.update()
	rows := strings.Split(hs.plot(), "\n")
	_, _, marks := lineLayout(hs.r.PlotH)
	if !strings.Contains(rows[marks], common.ShownGlyphs[learn.AveragedMember]) {
		t.Errorf("the average's boundary is not marked under the line:\n%s", hs.plot())
	}
	if strings.Contains(hs.plot(), "f(x)") {
		t.Errorf("the vote's graph is named f(x):\n%s", hs.plot())
	}
}

// BenchmarkLineStep: what a step of autoplay costs the region of points on
// a line in the panel of a 100×30 terminal: a mistake changes the field,
// the drawing is computed again (the graph, the line, where f > 0) and
// drawn. interval's first pass, a step at a time, from α = 0 again at its
// end.
func BenchmarkLineStep(b *testing.B) {
	hs := newHarness(b, tuitest.Builtin(b, "interval", 0), 64, 24)
	b.ReportAllocs()
	for b.Loop() {
		if hs.s.Learner().T() == 20 {
			hs.s.Reset()
		}
		hs.s.Step()
		hs.r.Refresh()
		_ = hs.r.View()
	}
}
