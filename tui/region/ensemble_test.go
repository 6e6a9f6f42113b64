package region

import (
	"fmt"
	"image/color"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// sgrColours reads the foreground and background an escape sets: 24-bit
// (38;2;r;g;b), 256 (38;5;n) or 16 colours (30–37, 90–97 and 40–47,
// 100–107), the indexed ones as xterm's default palette draws them.
func sgrColours(t *testing.T, esc string) (fg, bg [3]float64) {
	t.Helper()
	m := regexp.MustCompile(`\x1b\[([0-9;]*)m`).FindStringSubmatch(esc)
	if m == nil {
		t.Fatalf("no SGR in %q", esc)
	}
	rgb := func(c color.Color) [3]float64 {
		r, g, b, _ := c.RGBA()
		return [3]float64{float64(r >> 8), float64(g >> 8), float64(b >> 8)}
	}
	var ps []int
	for _, f := range regexp.MustCompile(`;`).Split(m[1], -1) {
		n, _ := strconv.Atoi(f)
		ps = append(ps, n)
	}
	got := 0
	for k := 0; k < len(ps); k++ {
		var c [3]float64
		p := ps[k]
		switch {
		case (p == 38 || p == 48) && ps[k+1] == 2:
			c = [3]float64{float64(ps[k+2]), float64(ps[k+3]), float64(ps[k+4])}
			k += 4
		case (p == 38 || p == 48) && ps[k+1] == 5:
			c = rgb(ansi.IndexedColor(ps[k+2]))
			k += 2
		case p >= 30 && p <= 37, p >= 40 && p <= 47:
			c = rgb(ansi.IndexedColor(p % 10))
		case p >= 90 && p <= 97, p >= 100 && p <= 107:
			c = rgb(ansi.IndexedColor(8 + p%10))
		default:
			continue
		}
		if p == 38 || (p >= 30 && p <= 37) || (p >= 90 && p <= 97) {
			fg = c
		} else {
			bg = c
		}
		got++
	}
	if got != 2 {
		t.Fatalf("%q sets %d colours, want 2", esc, got)
	}
	return fg, bg
}

// contrast is the WCAG 2 contrast ratio of two sRGB colours, (L₁ + 0.05) /
// (L₂ + 0.05) of their relative luminances.
func contrast(a, b [3]float64) float64 {
	lum := func(c [3]float64) float64 {
		var l [3]float64
		for i, v := range c {
			v /= 255
			if v <= 0.04045 {
				l[i] = v / 12.92
			} else {
				l[i] = math.Pow((v+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	}
	la, lb := lum(a), lum(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// TestEnsembleMarksVisible: the averaged and voted perceptrons' marks of
// the boundaries not shown (final f, average, vote) stand out from the
// cell they are drawn in: glyph against background at a contrast of at
// least 3:1 (WCAG 2's minimum for graphics) in truecolor, 256 and 16
// colours (xterm's palette), dark and light; and without colour their
// glyphs are none of the region's textures. xor (n = 100) trained to the
// end, in the region of a 100×30 terminal. Before, the marks were the
// ghost's grey over the class shades (contrast 1.0:1 to 1.9:1), and the
// final f's ∘ was the update view's ghost texture, a ring the size of
// the +1 side's dots.
func TestEnsembleMarksVisible(t *testing.T) {
	t.Parallel()
	for _, algo := range []string{"averaged", "voted"} {
		for _, profile := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI} {
			for _, dark := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s %v dark=%v", algo, profile, dark), func(t *testing.T) {
					t.Parallel()
					o := tuitest.Builtin(t, "xor", 0)
					o.Config.Learner = algo
					hs := newHarness(t, o, 64, 24)
					hs.r.Th = common.NewTheme(dark, false, profile)
					for hs.s.Step() {
					}
					hs.update()
					hs.r.View()
					seen := map[string]int{}
					worst := math.Inf(1)
					for _, c := range hs.r.draw.cells {
						for k := range common.NumShown {
							if c.Glyph == common.ShownGlyphs[k] {
								seen[c.Glyph]++
								fg, bg := sgrColours(t, hs.r.Th.CellStyle(c.FG, c.BG))
								worst = math.Min(worst, contrast(fg, bg))
							}
						}
					}
					if len(seen) != common.NumShown-1 {
						t.Fatalf("marks drawn: %v; want those of the %d functions not shown", seen, common.NumShown-1)
					}
					if worst < 3 {
						t.Errorf("a mark's glyph has a contrast of %.2f:1 against its cell, want ≥ 3:1", worst)
					}
				})
			}
		}
	}
	for k, g := range common.ShownGlyphs {
		for _, tex := range []string{common.MonoPos, common.MonoNeg, common.MonoBoundary, common.MonoGhost, common.MonoMarginP, common.MonoMarginN} {
			if g == tex {
				t.Errorf("the mark of the %s is %q, a texture of the colour-free region", common.ShownShort[k], g)
			}
		}
	}
}
