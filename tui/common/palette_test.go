package common

import (
	"image/color"
	"math"
	"regexp"
	"strconv"
	"strings"
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

// sgr finds the parameters of SGR escapes.
var sgr = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// colours16 are the palette indices (0–15) s sets in the foreground and
// the background, once converted to 16 colours as Bubble Tea's renderer
// converts what it draws (-1: none). It reads 16-colour parameters only:
// the conversion leaves no other.
func colours16(t *testing.T, s string) (fg, bg int) {
	t.Helper()
	var b strings.Builder
	w := &colorprofile.Writer{Forward: &b, Profile: colorprofile.ANSI}
	if _, err := w.WriteString(s); err != nil {
		t.Fatal(err)
	}
	fg, bg = -1, -1
	for _, m := range sgr.FindAllStringSubmatch(b.String(), -1) {
		for _, p := range strings.Split(m[1], ";") {
			n, _ := strconv.Atoi(p)
			switch {
			case n >= 30 && n <= 37:
				fg = n - 30
			case n >= 90 && n <= 97:
				fg = n - 90 + 8
			case n >= 40 && n <= 47:
				bg = n - 40
			case n >= 100 && n <= 107:
				bg = n - 100 + 8
			}
		}
	}
	return fg, bg
}

// TestPalette16NextPointApart: in 16 colours the example visited next is
// a colour of its own, on a dark and a light background: not the −1
// class's (its region shades, its support vectors' ink in the α panel
// and the spectrum, its support-vector blocks in the region), not the
// last mistake's, not a margin's. Nearest colour took the next point's
// yellow, the mistake's purple and the −1 ink's orange all to bright red
// (9). And the classes' text keeps apart: +1 in its region's blue, −1 in
// no +1 colour.
func TestPalette16NextPointApart(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{true, false} {
		th := NewTheme(dark, false, colorprofile.ANSI)
		_, current := colours16(t, th.CellStyle(ColNeutral, ColCurrent))
		if current < 0 {
			t.Fatalf("dark %v: the next example has no 16-colour background: %q", dark, th.CellStyle(ColNeutral, ColCurrent))
		}
		shades := func(first int) map[int]bool {
			set := map[int]bool{}
			for s := range Shades {
				_, bg := colours16(t, th.CellStyle(ColText, uint8(first+s)))
				set[bg] = true
			}
			return set
		}
		negShades, posShades := shades(ColNeg), shades(ColPos)
		negText, _ := colours16(t, th.Neg.Render("⊖"))
		posText, _ := colours16(t, th.Pos.Render("⊕"))
		_, negSV := colours16(t, th.CellStyle(ColNeutral, ColNegInk))
		_, flash := colours16(t, th.CellStyle(ColNeutral, ColFlash))
		marginP, _ := colours16(t, th.CellStyle(ColMarginP, ColNeutral))
		marginN, _ := colours16(t, th.CellStyle(ColMarginN, ColNeutral))
		for _, other := range []struct {
			what string
			c    int
		}{
			{"the −1 ink of text (the α panel's ⊖)", negText},
			{"the +1 ink of text", posText},
			{"a −1 support vector's block in the region", negSV},
			{"the last mistake", flash},
			{"the margin f = +1", marginP},
			{"the margin f = −1", marginN},
		} {
			if other.c == current {
				t.Errorf("dark %v: the next example's background is colour %d, as is %s", dark, current, other.what)
			}
		}
		if negShades[current] || posShades[current] {
			t.Errorf("dark %v: the next example's background %d is a class's shade (−1 %v, +1 %v)", dark, current, negShades, posShades)
		}
		if !posShades[posText] || posShades[negText] || negText < 0 {
			t.Errorf("dark %v: the classes' text is %d (+1) and %d (−1); want +1 in its region's hues %v, −1 in none of them", dark, posText, negText, posShades)
		}
	}
}
