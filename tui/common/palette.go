package common

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// The region's class shades, the Gram panel's heat and the overflow grey
// are written for the terminal's colour profile. Left to the renderer's
// nearest-colour downsampling, the pale tints of truecolor land on
// unrelated colours in 256 colours (teal, slate-purple and grey bands on
// the +1 side, olive and brown on the −1 side) and read as extra classes.
// So in 256 colours each class keeps its hue family, shades monotone in
// |f|, from the 6×6×6 cube (index 16 + 36r + 6g + b, levels 0, 95, 135,
// 175, 215, 255); in 16 colours each class has one hue in two
// intensities. Other colours (points, the cursor, the boundary) are
// saturated or grey, and nearest-colour conversion keeps them in 256
// colours; in 16 it would not keep them apart (below).
// ShadeTable is a profile's palette entries for the class shades (level 0,
// small |f|, first), the Gram heat (−1: no shade), the ink of points (−1:
// nearest colour to the theme's), and the SVM's margins f = +1 and f = −1
// (outside the shades of their class, and not the boundary's ink).
type ShadeTable struct {
	pos, neg, heat       []int
	ink                  int
	MarginPos, MarginNeg int
	approx               int // the approximate boundary f̃ = 0: green
	// current and flash are the example visited next and the last
	// mistake (−1: nearest colour).
	current, flash int
	// posText and negText are the classes' ink in text (the α panel's
	// glyphs and bars, the spectrum's negative eigenvalues), −1: nearest
	// colour to the theme's.
	posText, negText int
}

// Cube256 are the 256-colour shades on a dark (or a light) background.
func Cube256(dark bool) ShadeTable { return cube256[b2i(dark)] }

// b2i indexes the shade tables: 0 light, 1 dark.
func b2i(dark bool) int {
	if dark {
		return 1
	}
	return 0
}

// The shade tables are arrays of light and dark, not maps: nothing is built
// at start.
var (
	cube256 = [2]ShadeTable{
		// dark: deep blue (0,0,95) … (0,135,215); brown-orange (135,95,0) … (215,135,0)
		// margins: pale blue (175,215,255) and pale orange (255,215,135)
		1: {pos: []int{17, 18, 25, 32}, neg: []int{94, 130, 166, 172}, heat: []int{235, 17, 18, 24, 25, 32}, ink: -1, MarginPos: 153, MarginNeg: 222, approx: 48, current: -1, flash: -1, posText: -1, negText: -1},
		// light: pale blue (215,215,255) … (95,175,255); peach (255,215,175) … (255,175,0)
		// margins: deep blue (0,0,175) and brown (135,95,0)
		0: {pos: []int{189, 153, 117, 75}, neg: []int{223, 222, 215, 214}, heat: []int{255, 189, 153, 117, 111, 75}, ink: -1, MarginPos: 19, MarginNeg: 94, approx: 29, current: -1, flash: -1, posText: -1, negText: -1},
	}
	// basic16 are the 16-colour shades: blue (4) and bright blue (12) for
	// +1, yellow (3) and bright yellow (11) for −1; dark backgrounds go
	// from the plain to the bright one as |f| grows, light ones the other
	// way. Heat has no shade for small entries. With one hue a class,
	// points and support vectors would vanish into the shades: they are
	// white on black (black on white), told apart by their glyphs + − ⊕ ⊖.
	// The margins take the two hues left: cyan (f = +1) and red (f = −1).
	// The approximate boundary f̃ = 0 (~) is green, drawn on the plain
	// background so it reads over either class.
	//
	// Nearest colour takes the yellow of the example visited next, the
	// reddish purple of the last mistake and the orange of −1 text all to
	// bright red (9): the next point looked like the −1 support vectors of
	// the α panel. So the next example is magenta, which no class, margin
	// or boundary has, and the last mistake bright red (a block, where the
	// margin f = −1 is a line of ◇). The classes' text is blue for +1
	// and, for −1, its region's yellow on a dark background and red on a
	// light one, where yellow text is too faint to read (as vermillion
	// replaces orange in 24-bit colour).
	basic16 = [2]ShadeTable{
		1: {pos: []int{4, 4, 12, 12}, neg: []int{3, 3, 11, 11}, heat: []int{-1, -1, 4, 4, 12, 12}, ink: 15, MarginPos: 14, MarginNeg: 9, approx: 10, current: 13, flash: 9, posText: 12, negText: 11},
		0: {pos: []int{12, 12, 4, 4}, neg: []int{11, 11, 3, 3}, heat: []int{-1, -1, 12, 12, 4, 4}, ink: 0, MarginPos: 6, MarginNeg: 1, approx: 2, current: 5, flash: 9, posText: 4, negText: 1},
	}
)

// Sgr writes the SGR parameters that set colour c, in the foreground or the
// background, for the profile; "" for no colour.
type Sgr func(c int, fg bool) string

// paletteFor returns how to write the theme's colours (rgb) under the
// profile; heat level l is written as colour -2-l.
func paletteFor(profile colorprofile.Profile, dark bool, rgb *[numColors][3]uint8, heat *[HeatLevels][3]uint8) Sgr {
	rgbOf := func(c int) [3]uint8 {
		if c <= -2 {
			return heat[-2-c]
		}
		return rgb[c]
	}
	// index picks colour c's palette entry: the class shades and heat from
	// the profile's table, the rest by nearest colour.
	index := func(t ShadeTable, nearest func(color.Color) int) func(c int) int {
		return func(c int) int {
			switch {
			case c == ColPosInk && t.ink >= 0, c == ColNegInk && t.ink >= 0:
				return t.ink
			case c == ColMarginP:
				return t.MarginPos
			case c == ColMarginN:
				return t.MarginNeg
			case c == ColApprox:
				return t.approx
			case c == ColCurrent && t.current >= 0:
				return t.current
			case c == ColFlash && t.flash >= 0:
				return t.flash
			case c <= -2:
				return t.heat[-2-c]
			case c >= ColPos && c < ColPos+Shades:
				return t.pos[c-ColPos]
			case c >= ColNeg && c < ColNeg+Shades:
				return t.neg[c-ColNeg]
			}
			v := rgbOf(c)
			return nearest(color.RGBA{v[0], v[1], v[2], 0xFF})
		}
	}
	switch profile {
	case colorprofile.ANSI256:
		idx := index(cube256[b2i(dark)], func(c color.Color) int { return int(ansi.Convert256(c)) })
		return func(c int, fg bool) string {
			if fg {
				return fmt.Sprintf("38;5;%d", idx(c))
			}
			return fmt.Sprintf("48;5;%d", idx(c))
		}
	case colorprofile.ANSI:
		idx := index(basic16[b2i(dark)], func(c color.Color) int { return int(ansi.Convert16(c)) })
		return func(c int, fg bool) string {
			n := idx(c)
			switch {
			case n < 0:
				return ""
			case fg && n < 8:
				return fmt.Sprint(30 + n)
			case fg:
				return fmt.Sprint(90 + n - 8)
			case n < 8:
				return fmt.Sprint(40 + n)
			}
			return fmt.Sprint(100 + n - 8)
		}
	}
	return func(c int, fg bool) string {
		v := rgbOf(c)
		if fg {
			return fmt.Sprintf("38;2;%d;%d;%d", v[0], v[1], v[2])
		}
		return fmt.Sprintf("48;2;%d;%d;%d", v[0], v[1], v[2])
	}
}

// textInk is the colour of class text (c: ColPosInk or ColNegInk) for a
// lipgloss style under the profile: in 16 colours the table's entry, which
// the renderer keeps; otherwise the theme's rgb, which it converts.
func textInk(profile colorprofile.Profile, dark bool, c int, rgb [3]uint8) color.Color {
	if profile == colorprofile.ANSI {
		n := basic16[b2i(dark)].posText
		if c == ColNegInk {
			n = basic16[b2i(dark)].negText
		}
		if n >= 0 {
			return ansi.BasicColor(n)
		}
	}
	return color.RGBA{rgb[0], rgb[1], rgb[2], 0xFF}
}

// A Colors is a colour profile the program can be told to draw in: serve
// --colors takes its Name, C steps through Profiles in order, and the
// message line says its Words.
type Colors struct {
	Name, Words string
	Profile     colorprofile.Profile
}

// Profiles are the colour profiles from the most colours to none.
var Profiles = [...]Colors{
	{"true", "24-bit colour", colorprofile.TrueColor},
	{"256", "256 colours", colorprofile.ANSI256},
	{"16", "16 colours", colorprofile.ANSI},
	{"none", "no colour", colorprofile.Ascii},
}

// NextColors is the entry after p's, none's (and NoTTY's) next being
// 24-bit colour's.
func NextColors(p colorprofile.Profile) Colors {
	i := slices.IndexFunc(Profiles[:], func(c Colors) bool { return c.Profile == p })
	return Profiles[(i+1)%len(Profiles)]
}

// ColorsNamed is the entry of Profiles called name.
func ColorsNamed(name string) (Colors, bool) {
	for _, c := range Profiles {
		if c.Name == name {
			return c, true
		}
	}
	return Colors{}, false
}

// HasColor reports whether the profile shows colours at all (NO_COLOR and
// dumb terminals give Ascii or NoTTY).
func HasColor(p colorprofile.Profile) bool { return p > colorprofile.Ascii }
