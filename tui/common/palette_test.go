package common

import (
	"image/color"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// rgb256 is the colour of xterm palette index n (the 6×6×6 cube and the
// grey ramp; the 16 basic colours are not used by the region's shades).
func rgb256(n int) [3]float64 {
	c := ansi.IndexedColor(n)
	r, g, b, _ := color.Color(c).RGBA()
	return [3]float64{float64(r >> 8), float64(g >> 8), float64(b >> 8)}
}

var bg256 = regexp.MustCompile(`48;5;(\d+)m`)

// TestPalette256KeepsHueFamilies: in 256 colours the +1 shades are blue
// (blue the largest channel) and the −1 shades orange (red the largest,
// blue the smallest), and each class's shades move monotonically away
// from the background as |f| grows, so no shade reads as another class.
func TestPalette256KeepsHueFamilies(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{true, false} {
		th := NewTheme(dark, false, colorprofile.ANSI256)
		neutral := bg256.FindStringSubmatch(th.CellStyle(ColText, ColNeutral))
		if neutral == nil {
			t.Fatalf("dark %v: no 256-colour background in %q", dark, th.CellStyle(ColText, ColNeutral))
		}
		n0, _ := strconv.Atoi(neutral[1])
		base := rgb256(n0)
		for _, class := range []struct {
			name  string
			first int
			hue   func(c [3]float64) bool
		}{
			{"+1", ColPos, func(c [3]float64) bool { return c[2] >= c[0] && c[2] >= c[1] && c[2] > c[0] }},
			{"−1", ColNeg, func(c [3]float64) bool { return c[0] >= c[1] && c[1] >= c[2] && c[0] > c[2] }},
		} {
			last := -1.0
			for s := range Shades {
				m := bg256.FindStringSubmatch(th.CellStyle(ColText, uint8(class.first+s)))
				if m == nil {
					t.Fatalf("dark %v %s level %d: no 256-colour escape", dark, class.name, s)
				}
				n, _ := strconv.Atoi(m[1])
				c := rgb256(n)
				if !class.hue(c) {
					t.Errorf("dark %v %s level %d: index %d = %v is outside the class's hue family", dark, class.name, s, n, c)
				}
				d := math.Sqrt((c[0]-base[0])*(c[0]-base[0]) + (c[1]-base[1])*(c[1]-base[1]) + (c[2]-base[2])*(c[2]-base[2]))
				if d <= last {
					t.Errorf("dark %v %s level %d: distance from the background %.0f is not above level %d's %.0f", dark, class.name, s, d, s-1, last)
				}
				last = d
			}
		}
	}
}

var bg16 = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(4[0-7]|10[0-7])m`)

// TestPalette16OneHueAClass: in 16 colours each class has one hue in two
// intensities, blue (44, 104) for +1 and yellow (43, 103) for −1, the
// plain one for small |f| on a dark background and the bright one on a
// light background, so no shade reads as the other class.
func TestPalette16OneHueAClass(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{true, false} {
		th := NewTheme(dark, false, colorprofile.ANSI)
		for _, class := range []struct {
			name  string
			first int
			codes [2]string // plain, bright
		}{{"+1", ColPos, [2]string{"44", "104"}}, {"−1", ColNeg, [2]string{"43", "103"}}} {
			small, large := class.codes[0], class.codes[1]
			if !dark {
				small, large = large, small
			}
			for s := range Shades {
				m := bg16.FindStringSubmatch(th.CellStyle(ColText, uint8(class.first+s)))
				want := small
				if s >= Shades/2 {
					want = large
				}
				if m == nil || m[1] != want {
					t.Errorf("dark %v %s level %d: %q, want background %s", dark, class.name, s, th.CellStyle(ColText, uint8(class.first+s)), want)
				}
			}
		}
	}
}
