package chart

import "math"

// dots is a canvas of 2×4 dots a cell over a plot of w×h cells, on which
// lines are drawn finer than a cell; flush turns each cell's dots into one
// glyph of its shape (─ ‾ _ ╱ ╲ │ for a solid line, · ˙ . : for a dotted
// one). Braille would draw the dots themselves, but common monospace fonts
// (DejaVu Sans Mono among them) have no braille and show boxes.
type dots struct {
	w, h   int
	mask   []uint8 // the dots set in each cell
	ink    []Ink   // the ink of each cell: the last line drawn through it
	dotted []bool  // whether that line is dotted
}

func newDots(w, h int) dots {
	w, h = max(0, w), max(0, h)
	return dots{w: w, h: h, mask: make([]uint8, w*h), ink: make([]Ink, w*h), dotted: make([]bool, w*h)}
}

// brailleBit is the bit of dot (column x, row y) of a braille cell
// (U+2800 + bits): dots 1–3 and 7 down the left, 4–6 and 8 down the right.
var brailleBit = [2][4]uint8{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}

// set turns on dot (x, y) of the canvas; outside it, nothing.
func (d dots) set(x, y int, ink Ink) {
	if x < 0 || y < 0 || x >= 2*d.w || y >= 4*d.h {
		return
	}
	i := (y/4)*d.w + x/2
	d.mask[i] |= brailleBit[x%2][y%4]
	d.ink[i] = ink
}

// centreY is the dot row, continuous, where a line meets the point of
// plot row rowf: the row's middle moved by rowf's fraction, kept inside
// the cell the point is drawn in (row round(rowf)) so the line reaches
// the glyph rather than the cell above or below it.
func centreY(rowf float64) float64 {
	r := 4 * math.Round(rowf)
	return max(r, min(r+3.99, 4*rowf+1.5))
}

// segment joins the points in cells c0 < c1 (columns) at dot rows y0 and
// y1 (continuous) with a line through the cells between them; the points'
// own cells are left for their glyphs. A dotted line sets every other dot
// of the path, which tells it from a solid one without colour.
func (d dots) segment(c0 int, y0 float64, c1 int, y1 float64, ink Ink, dotted bool) {
	if c1-c0 < 2 {
		return
	}
	// The line runs between the cells' centres, x = 2c + 1 in dots;
	// dot column x covers [x, x+1).
	x0, x1 := float64(2*c0+1), float64(2*c1+1)
	yAt := func(x float64) float64 { return y0 + (y1-y0)*(x-x0)/(x1-x0) }
	n := 0
	for x := 2*c0 + 2; x <= 2*c1-1; x++ {
		ya, yb := yAt(float64(x)), yAt(float64(x+1))
		if ya > yb {
			ya, yb = yb, ya
		}
		// The dots the line crosses in this column: steep lines stay
		// connected.
		r0, r1 := int(math.Floor(ya)), int(math.Ceil(yb))-1
		r1 = max(r0, r1)
		for y := r0; y <= r1; y++ {
			d.set(x, y, ink)
			if i := (y/4)*d.w + x/2; y >= 0 && y < 4*d.h && x >= 0 && x < 2*d.w {
				d.dotted[i] = dotted
			}
			n++
		}
	}
}

// flush writes the canvas into the blank cells of g from (gx, gy).
func (d dots) flush(g Grid, gx, gy int) {
	for i, m := range d.mask {
		if m == 0 {
			continue
		}
		x, y := gx+i%d.w, gy+i/d.w
		if g.blank(x, y) {
			g.set(x, y, shape(m, d.dotted[i]), d.ink[i])
		}
	}
}

// shape is the glyph of a cell whose dots are m: a steep line (dots in
// three or four rows) is vertical, one that climbs or falls across the
// cell slants, and a flat one sits high, in the middle or low, which gives
// three levels a cell.
func shape(m uint8, dotted bool) rune {
	var rows, left, right, nl, nr float64
	seen := [4]bool{}
	for side := range 2 {
		for r := range 4 {
			if m&brailleBit[side][r] == 0 {
				continue
			}
			seen[r] = true
			if side == 0 {
				left, nl = left+float64(r), nl+1
			} else {
				right, nr = right+float64(r), nr+1
			}
		}
	}
	for _, s := range seen {
		if s {
			rows++
		}
	}
	mean := (left + right) / (nl + nr)
	switch {
	case rows >= 3 && dotted:
		return ':'
	case rows >= 3 && nl > 0 && nr > 0 && left/nl-right/nr >= 0.5:
		return '╱'
	case rows >= 3 && nl > 0 && nr > 0 && right/nr-left/nl >= 0.5:
		return '╲'
	case rows >= 3:
		return '│'
	case dotted:
		switch {
		case mean < 1:
			return '˙'
		case mean >= 2.5:
			return '.'
		}
		return '·'
	case nl > 0 && nr > 0 && left/nl-right/nr >= 1:
		return '╱'
	case nl > 0 && nr > 0 && right/nr-left/nl >= 1:
		return '╲'
	case mean < 1:
		return '‾'
	case mean >= 2.5:
		return '_'
	}
	return '─'
}
