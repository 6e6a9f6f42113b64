package tui

import (
	"fmt"
	"image/color"

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
// saturated or grey, and nearest-colour conversion keeps them.
var (
	// cube256 are the region's shades, level 0 (small |f|) first.
	cube256 = map[bool]struct{ pos, neg, heat []uint8 }{
		// dark: deep blue (0,0,95) … (0,135,215); brown-orange (135,95,0) … (215,135,0)
		true: {pos: []uint8{17, 18, 25, 32}, neg: []uint8{94, 130, 166, 172}, heat: []uint8{235, 17, 18, 24, 25, 32}},
		// light: pale blue (215,215,255) … (95,175,255); peach (255,215,175) … (255,175,0)
		false: {pos: []uint8{189, 153, 117, 75}, neg: []uint8{223, 222, 215, 214}, heat: []uint8{255, 189, 153, 117, 111, 75}},
	}
	// basic16 are the 16-colour shades: blue (4) and bright blue (12) for
	// +1, yellow (3) and bright yellow (11) for −1; dark backgrounds go
	// from the plain to the bright one as |f| grows, light ones the other
	// way. Heat has no shade for small entries.
	basic16 = map[bool]struct{ pos, neg, heat []int }{
		true:  {pos: []int{4, 4, 12, 12}, neg: []int{3, 3, 11, 11}, heat: []int{-1, -1, 4, 4, 12, 12}},
		false: {pos: []int{12, 12, 4, 4}, neg: []int{11, 11, 3, 3}, heat: []int{-1, -1, 12, 12, 4, 4}},
	}
)

// sgr writes the SGR parameters that set colour c, in the foreground or the
// background, for the profile; "" for no colour.
type sgr func(c int, fg bool) string

// paletteFor returns how to write the theme's colours (rgb) under the
// profile; heat level l is written as colour -2-l.
func paletteFor(profile colorprofile.Profile, dark bool, rgb *[numColors][3]uint8, heat *[heatLevels][3]uint8) sgr {
	rgbOf := func(c int) [3]uint8 {
		if c <= -2 {
			return heat[-2-c]
		}
		return rgb[c]
	}
	switch profile {
	case colorprofile.ANSI256:
		t := cube256[dark]
		index := func(c int) uint8 {
			switch {
			case c <= -2:
				return t.heat[-2-c]
			case c >= colPos && c < colPos+shades:
				return t.pos[c-colPos]
			case c >= colNeg && c < colNeg+shades:
				return t.neg[c-colNeg]
			}
			v := rgbOf(c)
			return uint8(ansi.Convert256(color.RGBA{v[0], v[1], v[2], 0xFF}))
		}
		return func(c int, fg bool) string {
			if fg {
				return fmt.Sprintf("38;5;%d", index(c))
			}
			return fmt.Sprintf("48;5;%d", index(c))
		}
	case colorprofile.ANSI:
		t := basic16[dark]
		index := func(c int) int {
			switch {
			case c == colPosInk || c == colNegInk:
				// With one hue a class, points and support vectors would
				// vanish into the shades: they are white on black (black on
				// white), told apart by their glyphs + − ⊕ ⊖.
				if dark {
					return 15
				}
				return 0
			case c <= -2:
				return t.heat[-2-c]
			case c >= colPos && c < colPos+shades:
				return t.pos[c-colPos]
			case c >= colNeg && c < colNeg+shades:
				return t.neg[c-colNeg]
			}
			v := rgbOf(c)
			return int(ansi.Convert16(color.RGBA{v[0], v[1], v[2], 0xFF}))
		}
		return func(c int, fg bool) string {
			n := index(c)
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

// hasColor reports whether the profile shows colours at all (NO_COLOR and
// dumb terminals give Ascii or NoTTY).
func hasColor(p colorprofile.Profile) bool { return p > colorprofile.Ascii }
