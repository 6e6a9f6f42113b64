package figure

import (
	"context"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"kernelscope/datasets"
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

// pointLayers are the points over the heat map: each class filled with a
// black outline, the held-out points hollow in their class's ink, then the
// support vectors' rings (dashed for α = C), on top so that a crowd of
// points does not hide them, and the next example's square. Their glyphs
// are counted and stopped by d (nil: drawn as they are).
func pointLayers(spec Spec, d *drawing) []plot.Plotter {
	r := glyphRadius(len(spec.Train) + len(spec.Test))
	edge := outlineWidth(r)
	scatter := func(pts plotter.XYs, shape draw.GlyphDrawer, c color.Color, radius vg.Length) plot.Plotter {
		s, _ := plotter.NewScatter(pts) // fails only for points that are not finite, which the data never has
		s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: radius, Shape: shape}
		return d.watch(s)
	}
	at := func(j int) plotter.XY { return plotter.XY{X: spec.Train[j].X1, Y: spec.Train[j].X2} }
	var layers []plot.Plotter
	pos, neg := split(spec.Train)
	if len(pos) > 0 {
		layers = append(layers, scatter(pos, draw.PyramidGlyph{}, PositiveInk, r), scatter(pos, stroked{shape: triangle, width: edge}, inkBlack, r))
	}
	if len(neg) > 0 {
		// A square's area is 4r², a triangle's about 1.3r²: the square is
		// drawn smaller so neither class looks heavier.
		layers = append(layers, scatter(neg, draw.BoxGlyph{}, NegativeInk, 0.8*r), scatter(neg, stroked{shape: square, width: edge}, inkBlack, 0.8*r))
	}
	tpos, tneg := split(spec.Test)
	if len(tpos) > 0 {
		layers = append(layers, scatter(tpos, stroked{shape: triangle, width: vg.Points(1.6)}, PositiveInk, r))
	}
	if len(tneg) > 0 {
		layers = append(layers, scatter(tneg, stroked{shape: square, width: vg.Points(1.6)}, NegativeInk, 0.8*r))
	}
	if spec.F != nil {
		ring := max(1.9*r, vg.Points(5))
		var free, atC plotter.XYs
		bound := make(map[int]bool, len(spec.AtC))
		for _, j := range spec.AtC {
			bound[j] = true
		}
		for _, j := range spec.F.SupportVectors() {
			switch {
			case j >= len(spec.Train):
			case bound[j]:
				atC = append(atC, at(j))
			default:
				free = append(free, at(j))
			}
		}
		if len(free) > 0 {
			layers = append(layers, scatter(free, stroked{shape: circle, width: vg.Points(1.4)}, inkBlack, ring))
		}
		if len(atC) > 0 {
			layers = append(layers, scatter(atC, stroked{shape: circle, width: vg.Points(1.4), dashed: true}, inkBlack, ring))
		}
	}
	if spec.Next >= 0 && spec.Next < len(spec.Train) {
		layers = append(layers, scatter(plotter.XYs{at(spec.Next)}, stroked{shape: square, width: vg.Points(2)}, inkBlack, 2.6*r))
	}
	return layers
}

// split gives the coordinates of the +1 and the −1 points.
func split(pts []datasets.Point) (pos, neg plotter.XYs) {
	for _, p := range pts {
		xy := plotter.XY{X: p.X1, Y: p.X2}
		if p.Y > 0 {
			pos = append(pos, xy)
		} else {
			neg = append(neg, xy)
		}
	}
	return pos, neg
}

// stroked draws a glyph's outline with a line width of its own (gonum's
// outline glyphs draw at 0.5 pt, too thin for a ring on a slide): a
// circle, a square or an upward triangle, solid or dashed.
type stroked struct {
	shape  int
	width  vg.Length
	dashed bool
}

const (
	circle = iota
	square
	triangle
)

// DrawGlyph implements draw.GlyphDrawer.
func (g stroked) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	ls := draw.LineStyle{Color: sty.Color, Width: g.width}
	if g.dashed {
		ls.Dashes = []vg.Length{2 * g.width, 1.5 * g.width}
	}
	c.SetLineStyle(ls)
	r := sty.Radius
	var p vg.Path
	switch g.shape {
	case circle:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
	// Polygons start and end halfway along a side: the raster back end
	// does not join a path's last segment to its first, and two butt ends
	// on a straight side meet flush, where at a corner they leave a notch.
	case square:
		// The same square as draw.BoxGlyph of radius r.
		x := (r-r*math.Sqrt2/2)/2 + r*math.Sqrt2/2 // r·(1 + 1/√2)/2
		p.Move(vg.Point{X: pt.X, Y: pt.Y - x})
		p.Line(vg.Point{X: pt.X + x, Y: pt.Y - x})
		p.Line(vg.Point{X: pt.X + x, Y: pt.Y + x})
		p.Line(vg.Point{X: pt.X - x, Y: pt.Y + x})
		p.Line(vg.Point{X: pt.X - x, Y: pt.Y - x})
	case triangle:
		// The same triangle as draw.PyramidGlyph of radius r.
		s := r * vg.Length(math.Sqrt(3)) / 2
		p.Move(vg.Point{X: pt.X, Y: pt.Y - r/2})
		p.Line(vg.Point{X: pt.X + s, Y: pt.Y - r/2})
		p.Line(vg.Point{X: pt.X, Y: pt.Y + r})
		p.Line(vg.Point{X: pt.X - s, Y: pt.Y - r/2})
	}
	p.Close()
	c.Stroke(p)
}

// drawing is the drawing of a figure's points under way: gonum lays the
// plot out from a box a point and draws a glyph at a time, so a million
// points are seconds (PNG) to minutes (SVG, PDF), and ctrl+c must not
// wait for them. Once ctx is done the layers are skipped, and so is the
// rest of the layer being drawn, a glyph at a time; progress (when not
// nil) hears every drawingTick glyphs how many of total are drawn.
type drawing struct {
	ctx         context.Context
	progress    func(done, total int)
	done, total int
}

// drawingTick is how many glyphs are drawn between reports of progress.
const drawingTick = 4096

// watch wraps s so that d counts and stops it; a nil d leaves it as it
// is.
func (d *drawing) watch(s *plotter.Scatter) plot.Plotter {
	if d == nil {
		return s
	}
	d.total += len(s.XYs)
	s.GlyphStyle.Shape = watchedGlyph{s.GlyphStyle.Shape, d}
	return watchedLayer{s, d}
}

// watchedLayer is a layer of glyphs that a stopped drawing skips.
type watchedLayer struct {
	*plotter.Scatter
	d *drawing
}

// GlyphBoxes implements plot.GlyphBoxer: a box a point, for the layout.
func (l watchedLayer) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	if l.d.ctx.Err() != nil {
		return nil
	}
	return l.Scatter.GlyphBoxes(p)
}

// Plot implements plot.Plotter.
func (l watchedLayer) Plot(c draw.Canvas, p *plot.Plot) {
	if l.d.ctx.Err() == nil {
		l.Scatter.Plot(c, p)
	}
}

// watchedGlyph is a glyph drawn under a drawing's eye.
type watchedGlyph struct {
	draw.GlyphDrawer
	d *drawing
}

// DrawGlyph implements draw.GlyphDrawer.
func (g watchedGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	d := g.d
	if d.ctx.Err() != nil {
		return
	}
	g.GlyphDrawer.DrawGlyph(c, sty, pt)
	if d.done++; d.progress != nil && d.done%drawingTick == 0 {
		d.progress(d.done, d.total)
	}
}
