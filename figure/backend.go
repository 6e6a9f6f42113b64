package figure

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"io"
	"slices"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// canvas is a back end: a vg.Canvas of a size that writes itself out.
type canvas interface {
	vg.CanvasSizer
	io.WriterTo
}

// newCanvas makes the back end of format, width × height points at dpi
// (which only the raster uses); an SVG carries title and desc as its
// <title> and <desc>.
func newCanvas(format string, width, height vg.Length, dpi int, title, desc string) (canvas, error) {
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		return vgimg.PngCanvas{Canvas: c}, nil
	case "svg":
		return svgCanvas{Canvas: vgsvg.New(width, height), title: title, desc: desc}, nil
	case "pdf":
		return pdfCanvas{vgpdf.New(width, height)}, nil
	}
	return nil, fmt.Errorf("figure: unknown format %q (want png, svg or pdf)", format)
}

// svgCanvas is vgsvg's canvas with two things put right:
//
//   - the heat map's media type: vgsvg labels its PNG images "image/jpg",
//     and viewers that believe it (librsvg, so GNOME's and many
//     converters) draw no heat map at all;
//   - the text: vgsvg writes it in Liberation Sans and places each line
//     from its left end by Liberation's metrics, so a viewer without the
//     font (most of them) draws it in a wider stand-in that runs off the
//     page; here text is drawn as the glyphs' outlines, as in the PDF,
//     and the title and the key go into the SVG's <title> and <desc>
//     elements instead, for search and screen readers.
type svgCanvas struct {
	*vgsvg.Canvas
	title, desc string
}

// FillString implements vg.Canvas (see pdfCanvas.FillString).
func (c svgCanvas) FillString(f font.Face, pt vg.Point, str string) {
	if err := fillOutlines(c, f, pt, str); err != nil {
		c.Canvas.FillString(f, pt, str)
	}
}

// WriteTo implements io.WriterTo.
func (c svgCanvas) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	if _, err := c.Canvas.WriteTo(&buf); err != nil {
		return 0, err
	}
	out := bytes.ReplaceAll(buf.Bytes(), []byte("data:image/jpg;base64,"), []byte("data:image/png;base64,"))
	if i := bytes.Index(out, []byte("<svg")); i >= 0 {
		if j := bytes.IndexByte(out[i:], '>'); j >= 0 {
			var t bytes.Buffer
			for _, e := range [2][2]string{{"title", c.title}, {"desc", c.desc}} {
				if e[1] != "" {
					t.WriteString("\n<" + e[0] + ">")
					xml.EscapeText(&t, []byte(e[1]))
					t.WriteString("</" + e[0] + ">")
				}
			}
			out = slices.Insert(out, i+j+1, t.Bytes()...)
		}
	}
	n, err := w.Write(out)
	return int64(n), err
}

// pdfCanvas is vgpdf's canvas with two of its faults worked around:
//
//   - it writes text in the Windows-1252 code page, so −, ‖, η, σ, ₁ and
//     the key's ▲ ■ ○ come out as mojibake; here text is drawn as the
//     font's glyph outlines instead (the same Liberation faces, so the
//     layout gonum/plot measured holds), which also spares embedding the
//     fonts;
//   - it draws images upside down; here they are flipped first.
type pdfCanvas struct{ *vgpdf.Canvas }

// DrawImage implements vg.Canvas.
func (c pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	c.Canvas.DrawImage(rect, flipped(img))
}

// flipped is img upside down: row r is img's row h−1−r.
func flipped(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.Set(x, b.Dy()-1-y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// FillString implements vg.Canvas: str's glyph outlines, filled in the
// current colour, from the baseline's left end pt.
func (c pdfCanvas) FillString(f font.Face, pt vg.Point, str string) {
	if err := fillOutlines(c, f, pt, str); err != nil {
		c.Canvas.FillString(f, pt, str) // the font cannot say: vgpdf's own text
	}
}

// fillOutlines fills str's glyphs as paths. Glyph coordinates come from
// sfnt in font units (asking for ppem = units per em, as gonum/plot's
// font.Face.Width does), y downward; a unit is Size/UnitsPerEm points.
func fillOutlines(c vg.Canvas, f font.Face, pt vg.Point, str string) error {
	var buf sfnt.Buffer
	upem := f.Face.UnitsPerEm()
	ppem := fixed.Int26_6(upem)
	scale := f.Font.Size / vg.Length(upem)
	at := func(p fixed.Point26_6, x0 vg.Length) vg.Point {
		return vg.Point{X: x0 + vg.Length(p.X)*scale, Y: pt.Y - vg.Length(p.Y)*scale}
	}
	x := pt.X
	var prev sfnt.GlyphIndex
	for i, r := range str {
		idx, err := f.Face.GlyphIndex(&buf, r)
		if err != nil {
			return err
		}
		if i > 0 {
			if k, err := f.Face.Kern(&buf, prev, idx, ppem, 0); err == nil {
				x += vg.Length(k) * scale
			}
		}
		segs, err := f.Face.LoadGlyph(&buf, idx, ppem, nil)
		if err != nil {
			return err
		}
		var path vg.Path
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				if len(path) > 0 {
					path.Close()
				}
				path.Move(at(s.Args[0], x))
			case sfnt.SegmentOpLineTo:
				path.Line(at(s.Args[0], x))
			case sfnt.SegmentOpQuadTo:
				path.QuadTo(at(s.Args[0], x), at(s.Args[1], x))
			case sfnt.SegmentOpCubeTo:
				path.CubeTo(at(s.Args[0], x), at(s.Args[1], x), at(s.Args[2], x))
			}
		}
		if len(path) > 0 {
			path.Close()
			c.Fill(path)
		}
		adv, err := f.Face.GlyphAdvance(&buf, idx, ppem, 0)
		if err != nil {
			return err
		}
		x += vg.Length(adv) * scale
		prev = idx
	}
	return nil
}
