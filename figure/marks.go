package figure

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"kernelscope/datasets"
)

// The classes' inks: the dark ends of ColorBrewer's PuOr, a diverging
// scheme that stays distinct under the common colour-vision deficiencies
// (Harrower & Brewer 2003). +1 is purple, −1 orange, in the heat map and
// on the glyphs.
var (
	// PositiveInk fills the +1 glyphs.
	PositiveInk = color.RGBA{0x54, 0x27, 0x88, 0xff}
	// NegativeInk fills the −1 glyphs.
	NegativeInk = color.RGBA{0xb3, 0x58, 0x06, 0xff}
)

// puOr is ColorBrewer's 11-class PuOr, from orange (f < 0) to purple.
var puOr = []color.RGBA{
	{0x7f, 0x3b, 0x08, 0xff}, {0xb3, 0x58, 0x06, 0xff}, {0xe0, 0x82, 0x14, 0xff}, {0xfd, 0xb8, 0x63, 0xff},
	{0xfe, 0xe0, 0xb6, 0xff}, {0xf7, 0xf7, 0xf7, 0xff}, {0xd8, 0xda, 0xeb, 0xff}, {0xb2, 0xab, 0xd2, 0xff},
	{0x80, 0x73, 0xac, 0xff}, {0x54, 0x27, 0x88, 0xff}, {0x2d, 0x00, 0x4b, 0xff},
}

// heatShades is the number of shades of the heat map.
const heatShades = 101

// lighten is how far the heat map's shades are mixed toward white: light
// enough that black lines and the dark glyphs stand out, in colour and in
// grey.
const lighten = 0.55

// diverging is the heat map's palette: puOr interpolated to heatShades
// shades, mixed toward white by lighten; the middle shade (f = 0) is
// nearly white.
type diverging struct{}

// Colors implements palette.Palette.
func (diverging) Colors() []color.Color {
	out := make([]color.Color, heatShades)
	for k := range out {
		t := float64(k) / float64(heatShades-1) * float64(len(puOr)-1)
		i := min(int(t), len(puOr)-2)
		a, b, frac := puOr[i], puOr[i+1], t-float64(i)
		mix := func(x, y uint8) uint8 {
			v := float64(x) + (float64(y)-float64(x))*frac
			return uint8(math.Round(v + (255-v)*lighten))
		}
		out[k] = color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
	}
	return out
}

// glyphRadius is the points' size: 6 pt for up to 50 points, shrinking
// as 1/√n beyond (so the ink the points take stays about the same), at
// least 2.5 pt.
func glyphRadius(n int) vg.Length {
	r := 6.0
	if n > 50 {
		r = 6 * math.Sqrt(50/float64(n))
	}
	return vg.Points(math.Max(r, 2.5))
}

// pointLayers are the points over the heat map: the support vectors'
// rings first, then each class filled with a black outline, the held-out
// points hollow in their class's ink, and the next example's square.
func pointLayers(spec Spec) []plot.Plotter {
	r := glyphRadius(len(spec.Train) + len(spec.Test))
	outline := func(pts plotter.XYs, shape draw.GlyphDrawer, c color.Color, radius vg.Length) plot.Plotter {
		s, _ := plotter.NewScatter(pts)
		s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: radius, Shape: shape}
		return s
	}
	var layers []plot.Plotter
	if spec.F != nil {
		var svs plotter.XYs
		for _, j := range spec.F.SupportVectors() {
			if j < len(spec.Train) {
				svs = append(svs, plotter.XY{X: spec.Train[j].X1, Y: spec.Train[j].X2})
			}
		}
		if len(svs) > 0 {
			layers = append(layers, outline(svs, stroked{circle, vg.Points(1.4)}, color.Black, 1.9*r))
		}
	}
	pos, neg := split(spec.Train)
	if len(pos) > 0 {
		layers = append(layers, outline(pos, draw.PyramidGlyph{}, PositiveInk, r), outline(pos, draw.TriangleGlyph{}, color.Black, r))
	}
	if len(neg) > 0 {
		// A square's area is 4r², a triangle's about 1.3r²: the square is
		// drawn smaller so neither class looks heavier.
		layers = append(layers, outline(neg, draw.BoxGlyph{}, NegativeInk, 0.8*r), outline(neg, draw.SquareGlyph{}, color.Black, 0.8*r))
	}
	tpos, tneg := split(spec.Test)
	if len(tpos) > 0 {
		layers = append(layers, outline(tpos, stroked{triangle, vg.Points(1.6)}, PositiveInk, r))
	}
	if len(tneg) > 0 {
		layers = append(layers, outline(tneg, stroked{square, vg.Points(1.6)}, NegativeInk, 0.8*r))
	}
	if spec.Next >= 0 && spec.Next < len(spec.Train) {
		x := spec.Train[spec.Next]
		layers = append(layers, outline(plotter.XYs{{X: x.X1, Y: x.X2}}, stroked{square, vg.Points(2)}, color.Black, 2.6*r))
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
// circle, a square or an upward triangle.
type stroked struct {
	shape int
	width vg.Length
}

const (
	circle = iota
	square
	triangle
)

// DrawGlyph implements draw.GlyphDrawer.
func (g stroked) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: g.width})
	r := sty.Radius
	var p vg.Path
	switch g.shape {
	case circle:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
	case square:
		// The same square as draw.BoxGlyph of radius r.
		x := (r-r*math.Sqrt2/2)/2 + r*math.Sqrt2/2 // r·(1 + 1/√2)/2
		p.Move(vg.Point{X: pt.X - x, Y: pt.Y - x})
		p.Line(vg.Point{X: pt.X + x, Y: pt.Y - x})
		p.Line(vg.Point{X: pt.X + x, Y: pt.Y + x})
		p.Line(vg.Point{X: pt.X - x, Y: pt.Y + x})
	case triangle:
		// The same triangle as draw.PyramidGlyph of radius r.
		s := r * vg.Length(math.Sqrt(3)) / 2
		p.Move(vg.Point{X: pt.X, Y: pt.Y + r})
		p.Line(vg.Point{X: pt.X - s, Y: pt.Y - r/2})
		p.Line(vg.Point{X: pt.X + s, Y: pt.Y - r/2})
	}
	p.Close()
	c.Stroke(p)
}
