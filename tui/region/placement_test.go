package region

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// TestPlacementRule: a marker goes whole where it is centred on its
// point's cell if free, else to the first free run that still covers
// that cell, else to the point's cell alone, and is not drawn when that
// cell is taken (the point merges with the marker there). One row of 10
// cells, markers 3 wide, placed in turn.
func TestPlacementRule(t *testing.T) {
	t.Parallel()
	var p placement
	p.reset(10, 1)
	for _, c := range []struct {
		cx, n     int
		x0, width int
		why       string
	}{
		{4, 3, 3, 3, "centred: cells 3–5"},
		{6, 3, 6, 3, "centred 5–7 overlaps 5: shifted right to 6–8"},
		{2, 3, 0, 3, "centred 1–3 overlaps 3: shifted left to 0–2"},
		{9, 3, 9, 1, "no free run of 3 covers 9: the cell alone"},
		{4, 3, 0, 0, "cell 4 is taken: merged"},
		{0, 1, 0, 0, "cell 0 is taken: merged"},
	} {
		x0, width := p.place(c.cx, 0, c.n)
		if x0 != c.x0 || width != c.width {
			t.Errorf("place(%d, 0, %d) = cells %d+%d, want %d+%d (%s)", c.cx, c.n, x0, width, c.x0, c.width, c.why)
		}
	}
	p.reset(10, 1)
	if x0, w := p.place(0, 0, 3); x0 != 0 || w != 3 {
		t.Errorf("at the left edge: cells %d+%d, want 0+3 (shifted inward)", x0, w)
	}
	if x0, w := p.place(9, 0, 2); x0 != 8 || w != 2 {
		t.Errorf("at the right edge: cells %d+%d, want 8+2 (shifted inward)", x0, w)
	}
	p.reset(2, 1)
	if x0, w := p.place(1, 0, 3); x0 != 1 || w != 1 {
		t.Errorf("a marker wider than the plot: cells %d+%d, want its cell alone", x0, w)
	}
}

// TestProjectorMarkersWhole: projector mode on xor with many points that
// crowd each other (n = 100 and 400, trained to the end), NO_COLOR, in the
// region of an 80×24 terminal (80×18) and of a 100×30 one (100×24): every
// bracket of a marker ([ ], { }, ( )) encloses one class glyph and is
// closed, and every training point's cell shows a marker (its own, or the
// one it merged with). Before, markers were drawn over each other:
// "−[[[−[+]+·[+]·++" and "[−]−]−−−[−]".
func TestProjectorMarkersWhole(t *testing.T) {
	t.Parallel()
	for _, n := range []int{100, 400} {
		for _, size := range [][2]int{{80, 18}, {100, 24}} {
			t.Run(fmt.Sprintf("n=%d %dx%d", n, size[0], size[1]), func(t *testing.T) {
				t.Parallel()
				hs := newHarness(t, tuitest.Builtin(t, "xor", n), size[0], size[1])
				hs.r.Th = common.NewTheme(true, true, colorprofile.Ascii)
				hs.r.Big = true
				for hs.s.Step() {
				}
				hs.update()
				rows := strings.Split(hs.plot(), "\n")
				rows = rows[:len(rows)-1] // the x₁ axis
				glyph := map[rune]bool{[]rune(common.GlyphPos)[0]: true, []rune(common.GlyphNeg)[0]: true}
				for y, row := range rows {
					rs := []rune(row)[gutter:]
					for x, c := range rs {
						if close, ok := map[rune]rune{'[': ']', '{': '}', '(': ')'}[c]; ok {
							if x+2 >= len(rs) || !glyph[rs[x+1]] || rs[x+2] != close {
								t.Errorf("row %d: an open %c at cell %d is not %cg%c: %q", y, c, x, c, close, string(rs))
							}
						}
						if open, ok := map[rune]rune{']': '[', '}': '{', ')': '('}[c]; ok {
							if x < 2 || !glyph[rs[x-1]] || rs[x-2] != open {
								t.Errorf("row %d: a close %c at cell %d is not %cg%c: %q", y, c, x, open, c, string(rs))
							}
						}
					}
				}
				p := hs.s.Learner()
				for i := range p.N() {
					x := p.X(i)
					cx, cy, ok := hs.r.CellOf(x.X1, x.X2)
					if ok && hs.r.draw.cells[cy*hs.r.PlotW+cx].Glyph == "" {
						t.Errorf("x%d's cell (%d, %d) shows no marker", i+1, cx, cy)
					}
				}
			})
		}
	}
}
