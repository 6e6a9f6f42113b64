package figure

import (
	"fmt"
	"sync"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/vg"
)

// liberationSans is Liberation Sans (metrically Arial's, so a vector
// figure keeps its proportions where a viewer substitutes Arial or
// Helvetica), parsed on first use: a command that draws no figure does not
// parse it.
var liberationSans = sync.OnceValues(func() (*sfnt.Font, error) {
	f, err := sfnt.Parse(liberationsansregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("the font Liberation Sans: %w", err)
	}
	return f, nil
})

// typeface sets text in Liberation Sans as glyph outlines. Glyph data come
// from sfnt in font units (asking for ppem = units per em, as gonum/plot's
// font.Face does), y downward; a unit is size/UnitsPerEm points. A
// typeface is for one goroutine (its buffer).
type typeface struct {
	f   *sfnt.Font
	buf sfnt.Buffer
}

func newTypeface() (*typeface, error) {
	f, err := liberationSans()
	if err != nil {
		return nil, err
	}
	return &typeface{f: f}, nil
}

// ppem asks sfnt for lengths in font units.
func (t *typeface) ppem() fixed.Int26_6 { return fixed.Int26_6(t.f.UnitsPerEm()) }

// extents are the font's ascent, descent (both positive) and line height
// at size points.
func (t *typeface) extents(size vg.Length) (ascent, descent, height vg.Length) {
	m, err := t.f.Metrics(&t.buf, t.ppem(), font.HintingNone)
	if err != nil {
		return 0.9 * size, 0.2 * size, 1.15 * size // Liberation Sans's own, near enough
	}
	unit := size / vg.Length(t.f.UnitsPerEm())
	return vg.Length(m.Ascent) * unit, vg.Length(m.Descent) * unit, vg.Length(m.Height) * unit
}

// width is how far s advances at size points, kerning included.
func (t *typeface) width(s string, size vg.Length) vg.Length {
	var w vg.Length
	t.glyphs(s, size, func(_ sfnt.GlyphIndex, x vg.Length) {}, &w)
	return w
}

// glyphs calls fn with each glyph of s and where it starts along the
// baseline, in points from the start, and leaves the whole advance in end.
func (t *typeface) glyphs(s string, size vg.Length, fn func(g sfnt.GlyphIndex, x vg.Length), end *vg.Length) {
	ppem := t.ppem()
	unit := size / vg.Length(t.f.UnitsPerEm())
	x := vg.Length(0)
	var prev sfnt.GlyphIndex
	for i, r := range s {
		g, err := t.f.GlyphIndex(&t.buf, r)
		if err != nil {
			continue
		}
		if i > 0 {
			if k, err := t.f.Kern(&t.buf, prev, g, ppem, font.HintingNone); err == nil {
				x += vg.Length(k) * unit
			}
		}
		fn(g, x)
		if adv, err := t.f.GlyphAdvance(&t.buf, g, ppem, font.HintingNone); err == nil {
			x += vg.Length(adv) * unit
		}
		prev = g
	}
	*end = x
}

// path is s's glyph outlines at size points, the baseline starting at pt
// and running rightward, or upward (a quarter turn counterclockwise about
// pt) when up.
func (t *typeface) path(s string, size vg.Length, pt vg.Point, up bool) vg.Path {
	ppem := t.ppem()
	unit := size / vg.Length(t.f.UnitsPerEm())
	var p vg.Path
	var end vg.Length
	t.glyphs(s, size, func(g sfnt.GlyphIndex, x0 vg.Length) {
		segs, err := t.f.LoadGlyph(&t.buf, g, ppem, nil)
		if err != nil {
			return
		}
		// (dx, dy) along and across the baseline, to the page.
		at := func(q fixed.Point26_6) vg.Point {
			dx, dy := x0+vg.Length(q.X)*unit, -vg.Length(q.Y)*unit
			if up {
				return vg.Point{X: pt.X - dy, Y: pt.Y + dx}
			}
			return vg.Point{X: pt.X + dx, Y: pt.Y + dy}
		}
		open := false
		for _, sg := range segs {
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				if open {
					p.Close()
				}
				p.Move(at(sg.Args[0]))
				open = true
			case sfnt.SegmentOpLineTo:
				p.Line(at(sg.Args[0]))
			case sfnt.SegmentOpQuadTo:
				p.QuadTo(at(sg.Args[0]), at(sg.Args[1]))
			case sfnt.SegmentOpCubeTo:
				p.CubeTo(at(sg.Args[0]), at(sg.Args[1]), at(sg.Args[2]))
			}
		}
		if open {
			p.Close()
		}
	}, &end)
	return p
}
