package region

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// svmRegion is the region alone of the SVM on a built-in dataset with C
// (0: its default, 1), drawn in th at w×h (the size the program gives it),
// its field on the plot's lattice, after n steps (n < 0: until training
// stops).
func svmRegion(t *testing.T, name string, c float64, th *common.Theme, big bool, w, h, n int) (*RegionView, *lab.Session) {
	t.Helper()
	o := tuitest.Builtin(t, name, 0)
	if c != 0 {
		o.Config = o.Config.With("C", c)
	}
	o.Config.Learner = "svm"
	s := tuitest.Session(t, o)
	r := &RegionView{S: s, Th: th, Approx: NewApproxOverlay(), Big: big}
	r.SetSize(w, h)
	tuitest.RunField(s.Resize(r.PlotW, 2*r.PlotH))
	for k := 0; k != n && s.Step(); k++ {
	}
	r.Refresh()
	return r, s
}

// TestSVMColourGoldens: the SVM's region in 256 colours, escapes kept, at
// the size the program gives it in a 100×30 terminal (64×24): on worked4
// after its one iteration (seed 003's points; the pair (3, 4) moves to
// α = 0.25 each and the margins f = ±1 pass through all four points), and
// on circles solved to the tolerance. Both margins are drawn in their
// palette entries.
func TestSVMColourGoldens(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"worked4", "circles"} {
		r, s := svmRegion(t, name, 0, common.NewTheme(true, false, colorprofile.ANSI256), false, 64, 24, -1)
		if s.Learner().State() != learn.Converged {
			t.Fatalf("%s: SMO did not converge: %v", name, s.Learner().State())
		}
		got := r.View()
		for _, idx := range []int{common.Cube256(true).MarginPos, common.Cube256(true).MarginNeg} {
			if !strings.Contains(got, fmt.Sprintf(";5;%d;", idx)) && !strings.Contains(got, fmt.Sprintf(";5;%dm", idx)) {
				t.Errorf("%s: no cell in the margin colour %d", name, idx)
			}
		}
		tuitest.GoldenRaw(t, filepath.Join("testdata", "svm_"+name+"_ANSI256.golden"), got)
	}
}

// TestSVMMarginsDrawn: on circles the region has pixels of both margins,
// on either side of the boundary, also in projector mode, where free and
// bounded support vectors are marked [ ] and { }.
func TestSVMMarginsDrawn(t *testing.T) {
	t.Parallel()
	th := common.NewTheme(true, false, colorprofile.TrueColor)
	count := func(r *RegionView) map[uint8]int {
		n := map[uint8]int{}
		for _, c := range r.draw.base {
			n[c]++
		}
		return n
	}
	r, _ := svmRegion(t, "circles", 0, th, false, 77, 34, -1) // beside the panels of 120×40
	if n := count(r); n[common.ColMarginP] == 0 || n[common.ColMarginN] == 0 || n[common.ColBoundary] == 0 {
		t.Fatalf("pixels: boundary %d, f = +1 %d, f = −1 %d; want all three", n[common.ColBoundary], n[common.ColMarginP], n[common.ColMarginN])
	}
	big, _ := svmRegion(t, "circles", 0, th, true, 120, 34, -1) // projector mode takes the width
	if n := count(big); n[common.ColMarginP] == 0 || n[common.ColMarginN] == 0 {
		t.Errorf("projector mode draws no margins: %v", n)
	}
	if plot := ansi.Strip(big.View()); !strings.Contains(plot, "{") || !strings.Contains(plot, "[") {
		t.Errorf("projector mode marks free and bounded support vectors alike:\n%s", plot)
	}
}

// TestSVMBoundGlyphs: the region marks support vectors at C ⊞ ⊟, at least
// as many as the learner has (the key line names them too); worked3 at
// C = 0.1 holds both α at C.
func TestSVMBoundGlyphs(t *testing.T) {
	t.Parallel()
	r, s := svmRegion(t, "worked3", 0.1, common.NewTheme(true, false, colorprofile.TrueColor), false, 77, 34, -1)
	free, bound := s.SVCounts()
	if bound == 0 {
		t.Fatalf("no support vector at C = 0.1 (free %d)", free)
	}
	region := ansi.Strip(r.View())
	if got := strings.Count(region, common.GlyphPosBound) + strings.Count(region, common.GlyphNegBound); got < bound {
		t.Errorf("region shows %d bounded support vectors (key line included), want ≥ %d:\n%s", got, bound, region)
	}
}

// TestSVMOnMarginApartFromAlpha: on worked4 the SVM's one iteration gives
// α = (0, 0, ¼, ¼) (seed 003's points; x₃ and x₄ are the pair) and
// f(x) = ¼(x·x₃)² − ¼(x·x₄)², so yᵢ f(xᵢ) = 1 for all four: all four are
// drawn on the margin (underlined), two of them as support vectors (⊕ ⊖)
// and two as plain points (+ −); the key line says which mark is which.
// On circles (solved to tol 10⁻³) exactly the points with |yᵢ f(xᵢ) − 1|
// ≤ tol are underlined, f worked out afresh by Decide. Before, the
// region drew only α: two rings, and "⊕ ⊖ SV on the margin".
func TestSVMOnMarginApartFromAlpha(t *testing.T) {
	t.Parallel()
	for _, mono := range []bool{true, false} {
		profile := colorprofile.TrueColor
		if mono {
			profile = colorprofile.Ascii
		}
		r, s := svmRegion(t, "worked4", 0, common.NewTheme(true, mono, profile), false, 80, 18, -1)
		p := s.Learner()
		for i, want := range []float64{0, 0, 0.25, 0.25} {
			if math.Abs(p.Alpha(i)-want) > 1e-12 {
				t.Fatalf("α%d = %v, want %v", i+1, p.Alpha(i), want)
			}
		}
		view := r.View()
		svs, plain := 0, 0
		for i := range p.N() {
			x := p.X(i)
			cx, cy, ok := r.CellOf(x.X1, x.X2)
			if !ok {
				t.Fatalf("x%d is out of view", i+1)
			}
			c := r.draw.cells[cy*r.PlotW+cx]
			if !c.Under {
				t.Errorf("mono %v: x%d (y·f = %v) is not drawn on the margin", mono, i+1, float64(p.Y(i))*p.Decide(x.X1, x.X2))
			}
			switch c.Glyph {
			case common.GlyphPosSV, common.GlyphNegSV:
				svs++
			case common.GlyphPos, common.GlyphNeg:
				plain++
			}
		}
		if svs != 2 || plain != 2 {
			t.Errorf("mono %v: %d support vectors and %d plain points drawn, want 2 and 2", mono, svs, plain)
		}
		lines := strings.Split(view, "\n")
		if got := strings.Count(strings.Join(lines[2:], "\n"), common.SGRUnder); got < 4 {
			t.Errorf("mono %v: %d underlines in the plot, want one for each of the 4 points", mono, got)
		}
		if key := ansi.Strip(lines[1]); !strings.Contains(key, "on margin") || !strings.Contains(key, "SV") || !strings.Contains(lines[1], common.SGRUnder) {
			t.Errorf("mono %v: the key line does not name the marks:\n%q", mono, lines[1])
		}
	}
	r, s := svmRegion(t, "circles", 0, common.NewTheme(true, false, colorprofile.TrueColor), false, 120, 40, -1)
	r.View()
	p, tol := s.Learner(), s.Dual().Tol()
	on, off := 0, 0
	for i := range p.N() {
		x := p.X(i)
		cx, cy, ok := r.CellOf(x.X1, x.X2)
		if !ok {
			continue
		}
		d := math.Abs(float64(p.Y(i))*p.Decide(x.X1, x.X2) - 1)
		if math.Abs(d-tol) < 1e-9 {
			continue // on the edge of the tolerance: rounding decides
		}
		c := r.draw.cells[cy*r.PlotW+cx]
		if c.Glyph != common.KindGlyph(p.Y(i) > 0, s.SVOf(i)) {
			continue // another point's marker holds the cell
		}
		if c.Under != (d <= tol) {
			t.Errorf("x%d: |y·f − 1| = %.3g, underlined %v", i+1, d, c.Under)
		}
		if d <= tol {
			on++
		} else {
			off++
		}
	}
	if on == 0 || off == 0 {
		t.Errorf("circles: %d points on the margin and %d off it checked; want some of each", on, off)
	}
}
