package figure

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/color"
	"io"
	"strconv"
	"strings"
	"unicode/utf16"

	"gonum.org/v1/plot/vg"
)

// pdfCanvas writes a one-page PDF 1.4 document, width × height points:
// paths in the page's content stream (PDF's own coordinates: points, y
// upward, as the figure is laid out), the heat map as an image XObject
// that viewers smooth when they scale it, text as glyph outlines (so every
// character draws, −, ‖, η, σ, ₁ and the key's ▲ ■ ○ among them, and no
// font is embedded), and the title as the document's.
type pdfCanvas struct {
	w, h    vg.Length
	title   string
	content bytes.Buffer
	images  []image.Image
	num     []byte // scratch for numbers
	// the graphics state last set, so that it is set again only when it
	// changes
	fillColor, strokeColor string
	lineWidth              vg.Length
	dashes                 string
	started                bool
}

// n writes v with at most three decimals, then a space.
func (c *pdfCanvas) n(v float64) {
	c.num = strconv.AppendFloat(c.num[:0], v, 'f', 3, 64)
	c.content.Write(trimZeros(c.num))
	c.content.WriteByte(' ')
}

func (c *pdfCanvas) pt(p vg.Point) { c.n(float64(p.X)); c.n(float64(p.Y)) }

func (c *pdfCanvas) moveTo(p vg.Point) { c.pt(p); c.content.WriteString("m\n") }
func (c *pdfCanvas) lineTo(p vg.Point) { c.pt(p); c.content.WriteString("l\n") }
func (c *pdfCanvas) cubeTo(c1, c2, p vg.Point) {
	c.pt(c1)
	c.pt(c2)
	c.pt(p)
	c.content.WriteString("c\n")
}
func (c *pdfCanvas) closePath() { c.content.WriteString("h\n") }

// start sets what stays the same all through: butt caps, round joins.
func (c *pdfCanvas) start() {
	if !c.started {
		c.content.WriteString("0 J 1 j\n")
		c.started = true
	}
}

// colour is col as PDF's three components, then op (rg for filling, RG
// for stroking). PDF 1.4 has transparency only through graphics state
// dictionaries; the figure's colours are all opaque.
func (c *pdfCanvas) colour(col color.Color, op string) string {
	r, g, b, _ := rgb(col)
	s := ""
	for _, v := range [3]uint8{r, g, b} {
		s += string(trimZeros(strconv.AppendFloat(nil, float64(v)/255, 'f', 4, 64))) + " "
	}
	return s + op + "\n"
}

func (c *pdfCanvas) fill(p vg.Path, col color.Color) {
	c.start()
	if op := c.colour(col, "rg"); op != c.fillColor {
		c.content.WriteString(op)
		c.fillColor = op
	}
	walkPath(p, c)
	c.content.WriteString("f\n")
}

func (c *pdfCanvas) stroke(p vg.Path, s lineStyle) {
	if s.Width <= 0 {
		return
	}
	c.start()
	if op := c.colour(s.Color, "RG"); op != c.strokeColor {
		c.content.WriteString(op)
		c.strokeColor = op
	}
	if s.Width != c.lineWidth {
		c.n(float64(s.Width))
		c.content.WriteString("w\n")
		c.lineWidth = s.Width
	}
	var d bytes.Buffer
	d.WriteByte('[')
	for i, v := range s.Dashes {
		if i > 0 {
			d.WriteByte(' ')
		}
		d.Write(trimZeros(strconv.AppendFloat(nil, float64(v), 'f', 3, 64)))
	}
	d.WriteString("] 0 d\n")
	if d.String() != c.dashes {
		c.content.Write(d.Bytes())
		c.dashes = d.String()
	}
	walkPath(p, c)
	c.content.WriteString("S\n")
}

func (c *pdfCanvas) drawImage(r vg.Rectangle, img image.Image) {
	c.start()
	c.images = append(c.images, img)
	// The image fills the unit square, its first row at the top; cm maps
	// the square onto r.
	c.content.WriteString("q ")
	c.n(float64(r.Max.X - r.Min.X))
	c.content.WriteString("0 0 ")
	c.n(float64(r.Max.Y - r.Min.Y))
	c.pt(r.Min)
	c.content.WriteString(fmt.Sprintf("cm /Im%d Do Q\n", len(c.images)))
}

// deflated is b compressed for a FlateDecode stream.
func deflated(b []byte) []byte {
	var out bytes.Buffer
	z := zlib.NewWriter(&out)
	z.Write(b) // writes to a bytes.Buffer do not fail
	z.Close()
	return out.Bytes()
}

// rgbSamples are img's pixels as 8-bit RGB, row by row from the top.
func rgbSamples(img image.Image) []byte {
	b := img.Bounds()
	out := make([]byte, 0, 3*b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := rgb(img.At(x, y))
			out = append(out, r, g, bl)
		}
	}
	return out
}

// pdfText is s as a PDF text string: UTF-16BE with its byte order mark,
// in hexadecimal, so any character of a title survives.
func pdfText(s string) string {
	var b bytes.Buffer
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteByte('>')
	return b.String()
}

// WriteTo implements io.WriterTo: the one-page document (writePDF).
func (c *pdfCanvas) WriteTo(w io.Writer) (int64, error) {
	return writePDF(w, c.w, c.h, c.title, []pdfPage{c.page()})
}

// pdfPage is a page ready to write: its content stream and its images,
// deflated, so that a flip-book of hundreds of pages keeps kilobytes a
// page rather than its rasters.
type pdfPage struct {
	content []byte
	images  []pdfImage
}

// pdfImage is an image XObject's size and deflated samples.
type pdfImage struct {
	w, h int
	data []byte
}

// page is what c drew, as a page.
func (c *pdfCanvas) page() pdfPage {
	p := pdfPage{content: deflated(c.content.Bytes())}
	for _, img := range c.images {
		b := img.Bounds()
		p.images = append(p.images, pdfImage{b.Dx(), b.Dy(), deflated(rgbSamples(img))})
	}
	return p
}

// writePDF writes a document of pages, each width × height points, under
// title: objects numbered 1 the catalogue, 2 the page tree, then each
// page and its content, then the document information, then the images
// (one page is 3 the page, 4 its content, 5 the information, 6 on the
// images).
func writePDF(w io.Writer, width, height vg.Length, title string, pages []pdfPage) (int64, error) {
	var doc bytes.Buffer
	var offsets []int
	obj := func(body string, stream []byte) {
		offsets = append(offsets, doc.Len())
		fmt.Fprintf(&doc, "%d 0 obj\n%s\n", len(offsets), body)
		if stream != nil {
			doc.WriteString("stream\n")
			doc.Write(stream)
			doc.WriteString("\nendstream\n")
		}
		doc.WriteString("endobj\n")
	}
	doc.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	num := func(v vg.Length) string { return strconv.FormatFloat(float64(v), 'f', -1, 64) }
	info := 3 + 2*len(pages)
	kids := make([]string, len(pages))
	for k := range pages {
		kids[k] = fmt.Sprintf("%d 0 R", 3+2*k)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>", nil)
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)), nil)
	image := info + 1
	for _, p := range pages {
		xobjects := ""
		for i := range p.images {
			xobjects += fmt.Sprintf(" /Im%d %d 0 R", i+1, image)
			image++
		}
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Contents %d 0 R /Resources << /XObject <<%s >> >> >>",
			num(width), num(height), len(offsets)+2, xobjects), nil)
		obj(fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>", len(p.content)), p.content)
	}
	obj("<< /Title "+pdfText(title)+" /Producer (kernelscope) >>", nil)
	for _, p := range pages {
		for _, img := range p.images {
			obj(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 /Interpolate true /Filter /FlateDecode /Length %d >>",
				img.w, img.h, len(img.data)), img.data)
		}
	}
	xref := doc.Len()
	fmt.Fprintf(&doc, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&doc, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&doc, "trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, info, xref)
	n, err := w.Write(doc.Bytes())
	return int64(n), err
}
