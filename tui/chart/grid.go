// Package chart draws the TUI's small charts — a cross-validation curve
// (CV) and a training run's record pass by pass (Passes) — as a Grid of
// cells, each a rune and an Ink. Drawing is pure and allocation-light: no
// lipgloss call per cell. The caller turns a Grid into text once a frame,
// with Plain (no escapes: mono, NO_COLOR, golden files) or Styled (an
// escape prefix per Ink, built once from a palette with Styles.Prefixes),
// because styling each cell with lipgloss costs tens of milliseconds a
// frame and precomputed prefixes a fraction of one.
//
// Every rune is one cell wide (box drawing, blocks, ● ○ ▲), so each
// line of a w×h Grid is exactly w cells, at any size down to 0×0.
//
// Glyphs tell the series apart without colour, the same way in both charts:
// held-out accuracy (validation, test) is filled ● on a solid line,
// training accuracy hollow ○ on a dotted one.
package chart

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Ink is what a cell shows, which decides its colour: an index into the
// prefix table of Styled.
type Ink uint8

// The inks of the charts.
const (
	inkBlank  Ink = iota // nothing: the terminal's own colours
	inkAxis              // axis lines and tick marks
	inkLabel             // tick labels and legend text
	inkValid             // validation accuracy
	inkTrain             // training accuracy
	inkTest              // test accuracy
	inkSpread            // the ± std error bars around validation accuracy
	inkBest              // the best parameter value's marker and label
	inkBars              // mistakes per pass
	NumInks              // the number of inks
)

// Cell is one character of a chart.
type Cell struct {
	r   rune
	ink Ink
}

// Grid is a chart of W×H cells, row by row.
type Grid struct {
	w, h  int
	cells []Cell
}

// newGrid is a blank grid; negative sizes are empty.
func newGrid(w, h int) Grid {
	w, h = max(0, w), max(0, h)
	if w == 0 || h == 0 {
		return Grid{w: w, h: h}
	}
	cells := make([]Cell, w*h)
	for i := range cells {
		cells[i].r = ' '
	}
	return Grid{w: w, h: h, cells: cells}
}

// ok reports whether the grid has cells to write (a zero Grid or one built
// by hand with too few cells has none).
func (g Grid) ok() bool { return g.w > 0 && g.h > 0 && len(g.cells) >= g.w*g.h }

// set writes one cell; outside the grid it does nothing, so drawing code
// need not clip.
func (g Grid) set(x, y int, r rune, ink Ink) {
	if x >= 0 && x < g.w && y >= 0 && y < g.h {
		g.cells[y*g.w+x] = Cell{r: r, ink: ink}
	}
}

// blank reports whether cell (x, y) is in the grid and empty.
func (g Grid) blank(x, y int) bool {
	return x >= 0 && x < g.w && y >= 0 && y < g.h && g.cells[y*g.w+x].r == ' '
}

// text writes s from (x, y) on, clipped to the grid, and returns the
// number of cells it takes. A rune that is not one cell wide (a CJK
// character in a caller's label) is written as '?' so that lines keep
// their width.
func (g Grid) text(x, y int, s string, ink Ink) int {
	n := 0
	for _, r := range s {
		if !single(r) {
			r = '?'
		}
		g.set(x+n, y, r, ink)
		n++
	}
	return n
}

// single reports whether r takes exactly one cell. ASCII is checked
// without measuring: labels are mostly digits.
func single(r rune) bool {
	if r >= 0x20 && r < 0x7F {
		return true
	}
	return r >= 0x80 && ansi.StringWidth(string(r)) == 1
}

// width is the number of cells text takes.
func width(s string) int { return len([]rune(s)) }

// Plain is the grid as text without escapes, its rows joined by "\n".
func (g Grid) Plain() string { return g.render(nil) }

// Styled is the grid as text, each run of cells of one ink preceded by
// prefix[ink] and followed by a reset; inks with an empty prefix are
// written plain. A nil prefix gives Plain. Removing the escapes gives
// exactly Plain.
func (g Grid) Styled(prefix *[NumInks]string) string { return g.render(prefix) }

// reset ends every SGR attribute.
const reset = "\x1b[0m"

func (g Grid) render(prefix *[NumInks]string) string {
	if !g.ok() {
		return ""
	}
	var b strings.Builder
	// Most runes here take 3 bytes in UTF-8; escapes come on top.
	b.Grow(g.h * (3*g.w + 1))
	for y := range g.h {
		if y > 0 {
			b.WriteByte('\n')
		}
		on := "" // the prefix in effect
		for _, c := range g.cells[y*g.w : (y+1)*g.w] {
			if prefix != nil {
				p := ""
				if c.ink < NumInks {
					p = prefix[c.ink]
				}
				// Comparing prefixes, not inks: two inks styled alike
				// make one run.
				if p != on {
					if on != "" {
						b.WriteString(reset)
					}
					b.WriteString(p)
					on = p
				}
			}
			r := c.r
			if r == 0 {
				r = ' ' // a zero Cell is blank
			}
			b.WriteRune(r)
		}
		if on != "" {
			b.WriteString(reset)
		}
	}
	return b.String()
}
