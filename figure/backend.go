package figure

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"git.sr.ht/~sbinet/gg"
	"gonum.org/v1/plot/vg"
)

// The figure draws on a canvas of its own, in points (1/72 inch) with the
// origin at the bottom left and y upward, through three small back ends:
// PNG (rasterised by gg, as gonum/plot's vgimg does), SVG and PDF (written
// here). The figure used to be drawn with gonum/plot's Plot; that package
// parses twelve fonts and its back ends bring LaTeX, gob and a PDF library,
// all initialised when any command starts (docs/bench/speed.md,
// "Starting"). What the figure needs of it is small: paths, filled and
// stroked, an image, and text as glyph outlines.

// canvas is a back end: it fills and strokes paths, draws images, and
// writes itself out.
type canvas interface {
	// fill fills p in colour c (the nonzero winding rule).
	fill(p vg.Path, c color.Color)
	// stroke draws p's line in style s (butt caps, round joins).
	stroke(p vg.Path, s lineStyle)
	// drawImage draws img scaled into r.
	drawImage(r vg.Rectangle, img image.Image)
	io.WriterTo
}

// lineStyle is how a line is stroked: its colour, width and dashes (on,
// off, … in points; none for a solid line).
type lineStyle struct {
	Color  color.Color
	Width  vg.Length
	Dashes []vg.Length
}

// newCanvas makes the back end of format, width × height points at dpi
// (which only the raster uses); an SVG carries title and desc as its
// <title> and <desc>, a PDF title as its document title. The raster stops
// its longest drawing (the heat map, scaled into up to 8000×8000 pixels)
// part way once ctx is done.
func newCanvas(ctx context.Context, format string, width, height vg.Length, dpi int, title, desc string) (canvas, error) {
	switch format {
	case "png":
		return newPNG(ctx, width, height, dpi), nil
	case "svg":
		return &svgCanvas{w: width, h: height, title: title, desc: desc}, nil
	case "pdf":
		return &pdfCanvas{w: width, h: height, title: title}, nil
	}
	return nil, fmt.Errorf("unknown format %q (want png, svg or pdf)", format)
}

// pathWalker receives a path as moves, lines, cubic Béziers and closes.
type pathWalker interface {
	moveTo(p vg.Point)
	lineTo(p vg.Point)
	cubeTo(c1, c2, p vg.Point)
	closePath()
}

// walkPath hands p to w in the four operations every back end has: an arc
// becomes cubic Béziers of at most a quarter turn each (joined to the
// point before it by a line, as gonum/plot's back ends draw it), and a
// quadratic Bézier the cubic one it is.
func walkPath(p vg.Path, w pathWalker) {
	var cur, start vg.Point
	open := false
	for _, c := range p {
		switch c.Type {
		case vg.MoveComp:
			w.moveTo(c.Pos)
			cur, start, open = c.Pos, c.Pos, true
		case vg.LineComp:
			w.lineTo(c.Pos)
			cur = c.Pos
		case vg.ArcComp:
			at := func(a float64) vg.Point {
				return vg.Point{X: c.Pos.X + c.Radius*vg.Length(math.Cos(a)), Y: c.Pos.Y + c.Radius*vg.Length(math.Sin(a))}
			}
			p0 := at(c.Start)
			switch {
			case !open:
				w.moveTo(p0)
				start, open = p0, true
			case p0 != cur:
				w.lineTo(p0)
			}
			n := max(1, int(math.Ceil(math.Abs(c.Angle)/(math.Pi/2)-1e-9)))
			step := c.Angle / float64(n)
			// A quarter turn or less from a to b is the Bézier with
			// control points k·r along the tangents, k = 4/3·tan(θ/4).
			k := c.Radius * vg.Length(4.0/3*math.Tan(step/4))
			for i := range n {
				a, b := c.Start+float64(i)*step, c.Start+float64(i+1)*step
				pa, pb := at(a), at(b)
				c1 := vg.Point{X: pa.X - k*vg.Length(math.Sin(a)), Y: pa.Y + k*vg.Length(math.Cos(a))}
				c2 := vg.Point{X: pb.X + k*vg.Length(math.Sin(b)), Y: pb.Y - k*vg.Length(math.Cos(b))}
				w.cubeTo(c1, c2, pb)
			}
			cur = at(c.Start + c.Angle)
		case vg.CurveComp:
			switch len(c.Control) {
			case 1:
				q := c.Control[0]
				w.cubeTo(vg.Point{X: cur.X + 2*(q.X-cur.X)/3, Y: cur.Y + 2*(q.Y-cur.Y)/3},
					vg.Point{X: c.Pos.X + 2*(q.X-c.Pos.X)/3, Y: c.Pos.Y + 2*(q.Y-c.Pos.Y)/3}, c.Pos)
			case 2:
				w.cubeTo(c.Control[0], c.Control[1], c.Pos)
			}
			cur = c.Pos
		case vg.CloseComp:
			w.closePath()
			cur = start
		}
	}
}

// pngCanvas rasterises with gg, anti-aliased, on white: width × height
// points at dpi dots an inch.
type pngCanvas struct {
	img *image.RGBA
	ctx *gg.Context
	dpi float64
	// scale has drawImage scale an RGBA image (the heat map) into the
	// page with scaleBilinear rather than gg's general transform: the
	// same to a unit of a channel, at a fifth of the time (a GIF's
	// hundreds of frames feel it; an 8000×8000 figure's took 2.6 s), and
	// stopped between two rows once stop is done, which gg's cannot be.
	// It is on; a test turns it off to hold scaleBilinear to gg.
	scale bool
	// stop is the drawing's context.
	stop context.Context
	// blank holds until something is drawn: the page is white, and a
	// white fill (the frame's page) leaves it as it is. gg would
	// rasterise every pixel for it, a quarter of a second at 8000×8000
	// that nothing could stop.
	blank bool
}

// newPNG is a white page of width × height points at dpi. Painting it
// white stops between bands of rows once stop is done (the drawing then
// stops before anything else).
func newPNG(stop context.Context, width, height vg.Length, dpi int) *pngCanvas {
	px := func(l vg.Length) int { return int(float64(l/vg.Inch)*float64(dpi) + 0.5) }
	img := image.NewRGBA(image.Rect(0, 0, px(width), px(height)))
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y && stop.Err() == nil; y += 256 {
		draw.Draw(img, image.Rect(b.Min.X, y, b.Max.X, min(y+256, b.Max.Y)), image.White, image.Point{}, draw.Src)
	}
	ctx := gg.NewContextForRGBA(img)
	ctx.SetLineCapButt()
	ctx.InvertY() // y upward, as the figure is laid out
	return &pngCanvas{img: img, ctx: ctx, dpi: float64(dpi), scale: true, stop: stop, blank: true}
}

// dots is l in the image's pixels.
func (c *pngCanvas) dots(l vg.Length) float64 { return l.Dots(c.dpi) }

func (c *pngCanvas) moveTo(p vg.Point) { c.ctx.MoveTo(c.dots(p.X), c.dots(p.Y)) }
func (c *pngCanvas) lineTo(p vg.Point) { c.ctx.LineTo(c.dots(p.X), c.dots(p.Y)) }
func (c *pngCanvas) cubeTo(c1, c2, p vg.Point) {
	c.ctx.CubicTo(c.dots(c1.X), c.dots(c1.Y), c.dots(c2.X), c.dots(c2.Y), c.dots(p.X), c.dots(p.Y))
}
func (c *pngCanvas) closePath() { c.ctx.ClosePath() }

func (c *pngCanvas) fill(p vg.Path, col color.Color) {
	if r, g, b, a := col.RGBA(); c.blank && r&g&b&a == 0xffff {
		return // white on white
	}
	c.blank = false
	c.ctx.SetColor(col)
	walkPath(p, c)
	c.ctx.Fill()
}

func (c *pngCanvas) stroke(p vg.Path, s lineStyle) {
	if s.Width <= 0 {
		return
	}
	c.blank = false
	c.ctx.SetColor(s.Color)
	c.ctx.SetLineWidth(c.dots(s.Width))
	dashes := make([]float64, len(s.Dashes))
	for i, d := range s.Dashes {
		dashes[i] = c.dots(d)
	}
	c.ctx.SetDash(dashes...)
	walkPath(p, c)
	c.ctx.Stroke()
}

func (c *pngCanvas) drawImage(r vg.Rectangle, img image.Image) {
	c.blank = false
	x, y := c.dots(r.Min.X), c.dots(r.Min.Y)
	w, h := c.dots(r.Max.X-r.Min.X), c.dots(r.Max.Y-r.Min.Y)
	if src, ok := img.(*image.RGBA); ok && c.scale {
		// The page's rows run down from its top.
		top := float64(c.img.Bounds().Dy()) - y - h
		scaleBilinear(c.stop, c.img, x, top, x+w, top+h, src)
		return
	}
	b := img.Bounds()
	c.ctx.Push()
	// The image's first row is its top: flip, then scale into r
	// (bilinearly, so the lattice does not show).
	c.ctx.Scale(1, -1)
	c.ctx.Translate(x, -y-h)
	c.ctx.Scale(w/float64(b.Dx()), h/float64(b.Dy()))
	c.ctx.DrawImage(img, 0, 0)
	c.ctx.Pop()
}

// scaleBilinear draws src, opaque, scaled into the rectangle x0 ≤ x < x1,
// y0 ≤ y < y1 of dst (in pixels, y down): each pixel whose centre is in
// it takes src bilinearly interpolated at the point that centre maps to,
// clamped at src's edges, as golang.org/x/image/draw.BiLinear samples.
// Once ctx is done it stops before the next row (a row of 8000 pixels is
// a tenth of a millisecond).
func scaleBilinear(ctx context.Context, dst *image.RGBA, x0, y0, x1, y1 float64, src *image.RGBA) {
	sb, db := src.Bounds(), dst.Bounds()
	sw, sh := sb.Dx(), sb.Dy()
	if sw == 0 || sh == 0 || !(x1 > x0) || !(y1 > y0) {
		return
	}
	kx, ky := float64(sw)/(x1-x0), float64(sh)/(y1-y0)
	// The pixels whose centres are in the rectangle: x0 ≤ px + 0.5 < x1.
	px0, px1 := max(db.Min.X, int(math.Ceil(x0-0.5))), min(db.Max.X, int(math.Ceil(x1-0.5)))
	py0, py1 := max(db.Min.Y, int(math.Ceil(y0-0.5))), min(db.Max.Y, int(math.Ceil(y1-0.5)))
	if px0 >= px1 || py0 >= py1 {
		return
	}
	// Along a row, the two source columns and the weight of the right one
	// are the same for every row: worked out once.
	cols := make([]struct {
		a, b int
		t    float64
	}, px1-px0)
	for i := range cols {
		u := min(max((float64(px0+i)+0.5-x0)*kx-0.5, 0), float64(sw-1))
		a := int(u)
		cols[i].a, cols[i].b, cols[i].t = a, min(a+1, sw-1), u-float64(a)
	}
	for py := py0; py < py1; py++ {
		if ctx.Err() != nil {
			return
		}
		v := min(max((float64(py)+0.5-y0)*ky-0.5, 0), float64(sh-1))
		r0 := int(v)
		r1, t := min(r0+1, sh-1), v-float64(r0)
		row0 := src.Pix[src.PixOffset(sb.Min.X, sb.Min.Y+r0):]
		row1 := src.Pix[src.PixOffset(sb.Min.X, sb.Min.Y+r1):]
		out := dst.Pix[dst.PixOffset(px0, py):]
		for i, col := range cols {
			for ch := range 4 {
				p00, p01 := float64(row0[4*col.a+ch]), float64(row0[4*col.b+ch])
				p10, p11 := float64(row1[4*col.a+ch]), float64(row1[4*col.b+ch])
				top := p00 + (p01-p00)*col.t
				bottom := p10 + (p11-p10)*col.t
				out[4*i+ch] = uint8(top + (bottom-top)*t + 0.5)
			}
		}
	}
}

// WriteTo implements io.WriterTo: the image as a PNG.
func (c *pngCanvas) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	b := bufio.NewWriter(cw)
	if err := png.Encode(b, c.img); err != nil {
		return cw.n, err
	}
	err := b.Flush()
	return cw.n, err
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// rgb is c's red, green and blue, 0 to 255, and its opacity, 0 to 1.
func rgb(c color.Color) (r, g, b uint8, alpha float64) {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return n.R, n.G, n.B, float64(n.A) / 255
}
