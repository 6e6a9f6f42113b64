package tui

import (
	"kernelscope/tui/common"

	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
)

// TestWorked4BoundaryContinuous: after the first step of seed 003's
// example, f(x) = (x₁ + x₂)² is 0 exactly on the anti-diagonal x₂ = −x₁
// and positive elsewhere, so under tie neg that line is the −1 class and
// the boundary. It only touches 0, so a sign change between lattice
// neighbours never sees it; it must still be drawn as one continuous line
// (every pixel row of the plot has a boundary pixel, and those of
// neighbouring rows are at most one column apart) at every size.
func TestWorked4BoundaryContinuous(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 36}, {120, 40}, {160, 48}, {200, 60}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newModel(t, builtinOptions(t, "worked4", 0), size[0], size[1])
			press(m, "space")
			d := &m.region.Draw
			if d.W == 0 || len(d.Base) != 2*d.W*d.H {
				t.Fatalf("no drawing: %d×%d, %d colours", d.W, d.H, len(d.Base))
			}
			prev := []int(nil)
			for py := range 2 * d.H {
				var cols []int
				for cx := range d.W {
					if d.Base[2*((py/2)*d.W+cx)+py%2] == common.ColBoundary {
						cols = append(cols, cx)
					}
				}
				if len(cols) == 0 {
					t.Fatalf("pixel row %d of %d has no boundary pixel", py, 2*d.H)
				}
				if prev != nil && (cols[0] > prev[len(prev)-1]+1 || cols[len(cols)-1] < prev[0]-1) {
					t.Fatalf("pixel row %d: boundary at columns %v, row above at %v: a gap", py, cols, prev)
				}
				prev = cols
			}
		})
	}
}

// TestSupportVectorOnTop: with the rows 1,1,1 / 1,1,1 / -1,-1,-1, after c
// the status says SV 1/3; the shared cell must show the support vector's
// ⊕, not the plain + of its twin drawn over it.
func TestSupportVectorOnTop(t *testing.T) {
	pts := []datasets.Point{{X1: 1, X2: 1, Y: 1}, {X1: 1, X2: 1, Y: 1}, {X1: -1, X2: -1, Y: -1}}
	m := newModel(t, fileOptions(t, "dup.csv", pts, "linear", 1), 120, 40)
	pressRun(m, "c")
	if n := len(m.s.Learner().SupportVectors()); n != 1 || m.s.Learner().Alpha(0) == 0 {
		t.Fatalf("support vectors %v, want x₁ alone (its twin is then correct)", m.s.Learner().SupportVectors())
	}
	plot := ansi.Strip(m.region.View())
	_, plot, _ = strings.Cut(plot, "\n") // the title's legend shows ⊕ too
	if !strings.Contains(plot, common.GlyphPosSV) {
		t.Errorf("the support vector is hidden under its twin:\n%s", ansi.Strip(m.region.View()))
	}
}
