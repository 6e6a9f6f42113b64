package common

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// Shades is the number of intensity levels of each class hue in the region.
const Shades = 4

// Palette indices of the region's colors.
const (
	ColNeutral  = 0               // f = 0 everywhere (no support vectors yet)
	ColPos      = 1               // colPos + s, s < shades: the +1 side, s = |f| level
	ColNeg      = ColPos + Shades // colNeg + s: the −1 side
	ColBoundary = ColNeg + Shades // a pixel where the sign changes
	ColPosInk   = ColBoundary + 1 // +1 points, α bars
	ColNegInk   = ColPosInk + 1   // −1 points
	ColCurrent  = ColNegInk + 1   // the example being visited
	ColFlash    = ColCurrent + 1  // the last mistake
	ColCursor   = ColFlash + 1    // the keyboard cursor
	ColText     = ColCursor + 1   // plain text on the region
	ColOverflow = ColText + 1     // f is not a finite number here (±Inf, NaN)
	ColAxis     = ColOverflow + 1 // the feature view's axes
	ColGhost    = ColAxis + 1     // the update view's boundary before (or after) the bump
	ColPlane    = ColGhost + 1    // the feature view's plane w·φ = 0
	ColMarginP  = ColPlane + 1    // the SVM's margin f = +1
	ColMarginN  = ColMarginP + 1  // the SVM's margin f = −1
	ColApprox   = ColMarginN + 1  // the approximate boundary f̃ = 0 (~)
	numColors   = ColApprox + 1   //
	pairCount   = numColors * numColors
)

// Theme is every style of the program, built once per background (and
// rebuilt only when the terminal reports its background or the user turns
// color off): lipgloss styles for text, and precomputed escape strings for
// the region's cells, where styling each cell with lipgloss would cost tens
// of milliseconds a frame.
type Theme struct {
	dark bool
	Mono bool

	rgb [numColors][3]uint8
	// pair[fg*numColors+bg] switches both colors: "\x1b[38;2;…;48;2;…m".
	pair [pairCount]string
	// Heat[l] is the background escape of Gram heat level l; heatOverflow
	// that of an entry that is not a finite number.
	Heat         [HeatLevels]string
	HeatOverflow string

	// Text styles, defined with lipgloss and kept as their escape prefixes:
	// View applies them hundreds of times a frame.
	Dim, Bold, Pos, Neg, SV, Current, Good, Warn, border Paint
	// Rec is the red of "● REC" while the program records (O).
	Rec  Paint
	Help help.Styles
	// side is a box's vertical edge, styled.
	side string
}

// Paint is a text style as the escape sequence that turns it on.
type Paint struct{ on string }

// Render styles s.
func (p Paint) Render(s string) string {
	if p.on == "" || s == "" {
		return s
	}
	return p.on + s + Reset
}

// paintOf captures what a lipgloss style writes before its text.
func paintOf(st lipgloss.Style) Paint {
	const marker = "\uE000"
	on, _, _ := strings.Cut(st.Render(marker), marker)
	return Paint{on: on}
}

const HeatLevels = 6

// Okabe–Ito colors (colorblind-safe): blue for +1, orange for −1, yellow for
// the visited example, reddish purple for a mistake.
var (
	blue   = [3]uint8{0x00, 0x72, 0xB2}
	sky    = [3]uint8{0x56, 0xB4, 0xE9}
	orange = [3]uint8{0xE6, 0x9F, 0x00}
	yellow = [3]uint8{0xF0, 0xE4, 0x42}
	purple = [3]uint8{0xCC, 0x79, 0xA7}
	// vermillion is the −1 ink on light backgrounds, where orange glyphs on
	// near-white cells are too faint.
	vermillion = [3]uint8{0xD5, 0x5E, 0x00}
)

// NewTheme builds the theme for a dark or light background; mono drops all
// color (NO_COLOR, or the user's choice) and leaves glyphs to tell things
// apart.
func NewTheme(dark, mono bool, profile colorprofile.Profile) *Theme {
	t := &Theme{dark: dark, Mono: mono}
	bg := [3]uint8{0xF4, 0xF4, 0xF4}
	ink := [3]uint8{0x10, 0x10, 0x10}
	if dark {
		bg = [3]uint8{0x1C, 0x1C, 0x22}
		ink = [3]uint8{0xEE, 0xEE, 0xEE}
	}
	posHue, negHue := blue, orange
	if dark {
		posHue = sky
	}
	t.rgb[ColNeutral] = bg
	for s := range Shades {
		// Level s of shades: from a hint of the hue to most of it.
		a := 0.3 + 0.3*float64(s)/float64(Shades-1)
		t.rgb[ColPos+s] = mix(bg, posHue, a)
		t.rgb[ColNeg+s] = mix(bg, negHue, a)
	}
	t.rgb[ColBoundary] = ink
	t.rgb[ColPosInk] = posHue
	t.rgb[ColNegInk] = negHue
	if !dark {
		t.rgb[ColNegInk] = vermillion
	}
	t.rgb[ColCurrent] = yellow
	t.rgb[ColFlash] = purple
	t.rgb[ColCursor] = ink
	t.rgb[ColText] = ink
	// Overflow is grey, outside both class hues: "no number here".
	t.rgb[ColOverflow] = mix(bg, ink, 0.45)
	t.rgb[ColAxis] = mix(bg, ink, 0.5)
	t.rgb[ColGhost] = mix(bg, ink, 0.4)
	t.rgb[ColPlane] = mix(bg, ink, 0.22)
	// The margins f = ±1 in their class's hue, paler than the shades on a
	// dark background and darker on a light one, so neither reads as the
	// boundary (ink) or as a band of the region.
	t.rgb[ColMarginP] = mix(posHue, ink, 0.45)
	t.rgb[ColMarginN] = mix(negHue, ink, 0.45)
	// The approximate boundary in green, outside every other hue here
	// (Okabe–Ito bluish green; brighter on a dark background).
	t.rgb[ColApprox] = [3]uint8{0x00, 0x9E, 0x73}
	if dark {
		t.rgb[ColApprox] = [3]uint8{0x3C, 0xE0, 0x9A}
	}
	var heat [HeatLevels][3]uint8
	for l := range HeatLevels {
		heat[l] = mix(bg, posHue, 0.08+0.6*float64(l)/float64(HeatLevels-1))
	}
	code := paletteFor(profile, dark, &t.rgb, &heat)
	for fg := range numColors {
		for bgc := range numColors {
			t.pair[fg*numColors+bgc] = "\x1b[" + code(fg, true) + ";" + code(bgc, false) + "m"
		}
	}
	for l := range HeatLevels {
		if c := code(-2-l, false); c != "" {
			t.Heat[l] = "\x1b[" + c + "m"
		}
	}
	t.HeatOverflow = "\x1b[" + code(ColOverflow, false) + "m"

	ld := lipgloss.LightDark(dark)
	c := func(r [3]uint8) color.Color { return color.RGBA{r[0], r[1], r[2], 0xFF} }
	dim := ld(lipgloss.Color("#777777"), lipgloss.Color("#8A8A8A"))
	plain := lipgloss.NewStyle()
	style := func(st lipgloss.Style) Paint {
		if mono {
			// Color-free: keep only attributes (bold, reverse).
			st = st.UnsetForeground().UnsetBackground()
		}
		return paintOf(st)
	}
	t.Dim = style(plain.Foreground(dim))
	t.Bold = style(plain.Bold(true))
	t.Pos = style(plain.Foreground(textInk(profile, dark, ColPosInk, posHue)))
	t.Neg = style(plain.Foreground(textInk(profile, dark, ColNegInk, t.rgb[ColNegInk])))
	t.SV = style(plain.Bold(true))
	t.Current = style(plain.Reverse(true))
	t.Good = style(plain.Foreground(ld(lipgloss.Color("#007A4D"), lipgloss.Color("#3CCB8C"))).Bold(true))
	t.Warn = style(plain.Foreground(c(orange)).Bold(true))
	t.Rec = style(plain.Foreground(lipgloss.Color("#E0201B")).Bold(true))
	t.border = style(plain.Foreground(dim))
	// The key line is read from the back of a room: keys bold in the
	// text's own colour, what they do in the dim grey of the panels'
	// borders (bubbles' default greys, #4A4A4A on black, vanish on a
	// projector).
	key, desc := plain.Bold(true), plain.Foreground(dim)
	t.Help = help.Styles{ShortKey: key, ShortDesc: desc, ShortSeparator: desc, Ellipsis: desc, FullKey: key, FullDesc: desc, FullSeparator: desc}
	if mono {
		t.Help = help.Styles{}
	}
	t.side = t.border.Render("│")
	return t
}

func mix(a, b [3]uint8, t float64) [3]uint8 {
	var out [3]uint8
	for i := range out {
		out[i] = uint8(float64(a[i])*(1-t) + float64(b[i])*t + 0.5)
	}
	return out
}

// CellStyle is the escape that sets foreground fg and background bg.
func (t *Theme) CellStyle(fg, bg uint8) string { return t.pair[int(fg)*numColors+int(bg)] }

// Reset ends every SGR attribute.
const Reset = "\x1b[0m"
