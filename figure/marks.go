package figure

import (
	"context"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// inkBlack draws the lines, the glyphs' outlines and the rings.
var inkBlack = color.RGBA{0, 0, 0, 0xff}

// glyphRadius is the points' size: 6 pt for up to 50 points, shrinking
// as 1/√n beyond (so the ink the points take stays about the same), at
// least 2 pt, where a triangle and a square still differ.
func glyphRadius(n int) vg.Length {
	r := 6.0
	if n > 50 {
		r = 6 * math.Sqrt(50/float64(n))
	}
	return vg.Points(math.Max(r, 2))
}

// outlineWidth is the black edge of a glyph of radius r: 0.8 pt, thinner
// for small glyphs (down to 0.3 pt), so that a crowd of them does not
// turn into a black mass over the heat map.
func outlineWidth(r vg.Length) vg.Length {
	return vg.Points(math.Max(0.3, 0.8*math.Min(1, r.Points()/4.5)))
}

// layer is a set of points drawn with one glyph: shape, in colour at
// radius.
type layer struct {
	pts    []xy
	shape  glyph
	color  color.Color
	radius vg.Length
}

// glyph draws one point's mark centred at pt.
type glyph interface {
	draw(c canvas, col color.Color, r vg.Length, pt vg.Point)
}

// pointLayers are the points over the heat map: each class filled with a
// black outline, the held-out points hollow in their class's ink, then the
// support vectors' rings (dashed for α = C), on top so that a crowd of
// points does not hide them, and the next example's square.
func pointLayers(spec Spec) []layer {
	r := glyphRadius(len(spec.Train) + len(spec.Test))
	edge := outlineWidth(r)
	at := func(j int) xy { return xy{spec.Train[j].X1, spec.Train[j].X2} }
	var layers []layer
	pos, neg := split(spec.Train)
	if len(pos) > 0 {
		layers = append(layers, layer{pos, filled{triangle}, PositiveInk, r}, layer{pos, stroked{shape: triangle, width: edge}, inkBlack, r})
	}
	if len(neg) > 0 {
		// A square's area is 4r², a triangle's about 1.3r²: the square is
		// drawn smaller so neither class looks heavier.
		layers = append(layers, layer{neg, filled{square}, NegativeInk, 0.8 * r}, layer{neg, stroked{shape: square, width: edge}, inkBlack, 0.8 * r})
	}
	tpos, tneg := split(spec.Test)
	if len(tpos) > 0 {
		layers = append(layers, layer{tpos, stroked{shape: triangle, width: vg.Points(1.6)}, PositiveInk, r})
	}
	if len(tneg) > 0 {
		layers = append(layers, layer{tneg, stroked{shape: square, width: vg.Points(1.6)}, NegativeInk, 0.8 * r})
	}
	if spec.F != nil {
		ring := max(1.9*r, vg.Points(5))
		var free, atC []xy
		bound := make(map[int]bool, len(spec.AtC))
		for _, j := range spec.AtC {
			bound[j] = true
		}
		ringed := spec.F.SupportVectors()
		if spec.Marked != nil {
			ringed = spec.Marked
		}
		for _, j := range ringed {
			switch {
			case j >= len(spec.Train):
			case bound[j]:
				atC = append(atC, at(j))
			default:
				free = append(free, at(j))
			}
		}
		if len(free) > 0 {
			layers = append(layers, layer{free, stroked{shape: circle, width: vg.Points(1.4)}, inkBlack, ring})
		}
		if len(atC) > 0 {
			layers = append(layers, layer{atC, stroked{shape: circle, width: vg.Points(1.4), dashed: true}, inkBlack, ring})
		}
	}
	if spec.Next >= 0 && spec.Next < len(spec.Train) {
		layers = append(layers, layer{[]xy{at(spec.Next)}, stroked{shape: square, width: vg.Points(2)}, inkBlack, 2.6 * r})
	}
	return layers
}

// glyphBoxes are the layers' glyphs as the layout sees them: each point,
// as a fraction of the view v, with its radius.
func glyphBoxes(layers []layer, v learn.Rect) []glyphBox {
	var out []glyphBox
	for _, l := range layers {
		for _, q := range l.pts {
			out = append(out, glyphBox{(q.x1 - v.MinX1) / (v.MaxX1 - v.MinX1), (q.x2 - v.MinX2) / (v.MaxX2 - v.MinX2), l.radius})
		}
	}
	return out
}

// split gives the coordinates of the +1 and the −1 points.
func split(pts []datasets.Point) (pos, neg []xy) {
	for _, p := range pts {
		q := xy{p.X1, p.X2}
		if p.Y > 0 {
			pos = append(pos, q)
		} else {
			neg = append(neg, q)
		}
	}
	return pos, neg
}

const (
	circle = iota
	square
	triangle
)

// outline is the glyph's shape of radius r centred at pt: a circle, the
// square gonum/plot's BoxGlyph draws, the upward triangle of its
// PyramidGlyph (the figure's glyphs were gonum's). Polygons start and end
// halfway along a side: a raster does not join a path's last segment to
// its first, and two butt ends on a straight side meet flush, where at a
// corner they leave a notch.
func outline(shape int, r vg.Length, pt vg.Point) vg.Path {
	var p vg.Path
	switch shape {
	case circle:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
	case square:
		x := (r-r*math.Sqrt2/2)/2 + r*math.Sqrt2/2 // r·(1 + 1/√2)/2
		p.Move(vg.Point{X: pt.X, Y: pt.Y - x})
		p.Line(vg.Point{X: pt.X + x, Y: pt.Y - x})
		p.Line(vg.Point{X: pt.X + x, Y: pt.Y + x})
		p.Line(vg.Point{X: pt.X - x, Y: pt.Y + x})
		p.Line(vg.Point{X: pt.X - x, Y: pt.Y - x})
	case triangle:
		// The apex 1.25r above the centre, the base 0.625r below.
		r = 1.25 * r
		s := r * vg.Length(math.Sqrt(3)) / 2
		p.Move(vg.Point{X: pt.X, Y: pt.Y - r/2})
		p.Line(vg.Point{X: pt.X + s, Y: pt.Y - r/2})
		p.Line(vg.Point{X: pt.X, Y: pt.Y + r})
		p.Line(vg.Point{X: pt.X - s, Y: pt.Y - r/2})
	}
	p.Close()
	return p
}

// filled fills a glyph's shape.
type filled struct{ shape int }

func (g filled) draw(c canvas, col color.Color, r vg.Length, pt vg.Point) {
	c.fill(outline(g.shape, r, pt), col)
}

// stroked draws a glyph's outline with a line width of its own (gonum's
// outline glyphs draw at 0.5 pt, too thin for a ring on a slide), solid or
// dashed.
type stroked struct {
	shape  int
	width  vg.Length
	dashed bool
}

func (g stroked) draw(c canvas, col color.Color, r vg.Length, pt vg.Point) {
	ls := lineStyle{Color: col, Width: g.width}
	if g.dashed {
		ls.Dashes = []vg.Length{2 * g.width, 1.5 * g.width}
	}
	c.stroke(outline(g.shape, r, pt), ls)
}

// drawing is the drawing of a figure's points under way: a million points
// are seconds (PNG) to minutes (SVG, PDF), a glyph at a time, and ctrl+c
// must not wait for them. Once ctx is done the glyphs left are skipped;
// progress (when not nil) hears every drawingTick glyphs how many of total
// are drawn.
type drawing struct {
	ctx         context.Context
	progress    func(done, total int)
	done, total int
}

// drawingTick is how many glyphs are drawn between reports of progress.
const drawingTick = 4096

// drawLayers draws the layers' glyphs whose centres are in the data area,
// counting each glyph (drawn or outside) towards d's total.
func (d *drawing) drawLayers(c canvas, f *frame, layers []layer) {
	for _, l := range layers {
		d.total += len(l.pts)
	}
	for _, l := range layers {
		for _, q := range l.pts {
			if d.ctx.Err() != nil {
				return
			}
			pt := f.at(q.x1, q.x2)
			if !f.inArea(pt) {
				continue
			}
			l.shape.draw(c, l.color, l.radius, pt)
			if d.done++; d.progress != nil && d.done%drawingTick == 0 {
				d.progress(d.done, d.total)
			}
		}
	}
}
