package figure

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
)

// svgCanvas writes an SVG 1.1 document, width × height points. Text comes
// as glyph outlines like every other path (a viewer without Liberation
// Sans would set <text> in a wider stand-in that runs off the page), the
// title and the key go into <title> and <desc> for search and screen
// readers, and the heat map is a PNG that says it is one.
type svgCanvas struct {
	w, h        vg.Length
	title, desc string
	body        bytes.Buffer
	num         []byte // scratch for numbers
}

// n writes v, in points, with at most three decimals.
func (c *svgCanvas) n(v vg.Length) {
	c.num = strconv.AppendFloat(c.num[:0], float64(v), 'f', 3, 64)
	c.body.Write(trimZeros(c.num))
}

// trimZeros drops a number's trailing zeros after its point, and the
// point too when nothing is left after it.
func trimZeros(b []byte) []byte {
	if bytes.IndexByte(b, '.') < 0 {
		return b
	}
	for b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	if len(b) == 2 && b[0] == '-' && b[1] == '0' {
		b = b[1:]
	}
	return b
}

// pt writes p in SVG's coordinates: y downward from the top.
func (c *svgCanvas) pt(p vg.Point) {
	c.n(p.X)
	c.body.WriteByte(' ')
	c.n(c.h - p.Y)
}

func (c *svgCanvas) moveTo(p vg.Point) { c.body.WriteByte('M'); c.pt(p) }
func (c *svgCanvas) lineTo(p vg.Point) { c.body.WriteByte('L'); c.pt(p) }
func (c *svgCanvas) cubeTo(c1, c2, p vg.Point) {
	c.body.WriteByte('C')
	c.pt(c1)
	c.body.WriteByte(' ')
	c.pt(c2)
	c.body.WriteByte(' ')
	c.pt(p)
}
func (c *svgCanvas) closePath() { c.body.WriteByte('Z') }

// paint writes an attribute's colour as #rrggbb, and its opacity when it
// is not 1.
func (c *svgCanvas) paint(attr string, col color.Color) {
	r, g, b, a := rgb(col)
	c.body.WriteString(" " + attr + `="#`)
	const hex = "0123456789abcdef"
	for _, v := range [3]uint8{r, g, b} {
		c.body.WriteByte(hex[v>>4])
		c.body.WriteByte(hex[v&15])
	}
	c.body.WriteByte('"')
	if a < 1 {
		c.body.WriteString(" " + attr + `-opacity="` + strconv.FormatFloat(a, 'f', 3, 64) + `"`)
	}
}

func (c *svgCanvas) fill(p vg.Path, col color.Color) {
	c.body.WriteString(`<path d="`)
	walkPath(p, c)
	c.body.WriteByte('"')
	c.paint("fill", col)
	c.body.WriteString("/>\n")
}

func (c *svgCanvas) stroke(p vg.Path, s lineStyle) {
	if s.Width <= 0 {
		return
	}
	c.body.WriteString(`<path d="`)
	walkPath(p, c)
	c.body.WriteString(`" fill="none"`)
	c.paint("stroke", s.Color)
	c.body.WriteString(` stroke-width="`)
	c.n(s.Width)
	c.body.WriteString(`" stroke-linejoin="round"`)
	if len(s.Dashes) > 0 {
		c.body.WriteString(` stroke-dasharray="`)
		for i, d := range s.Dashes {
			if i > 0 {
				c.body.WriteByte(',')
			}
			c.n(d)
		}
		c.body.WriteByte('"')
	}
	c.body.WriteString("/>\n")
}

func (c *svgCanvas) drawImage(r vg.Rectangle, img image.Image) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return // an in-memory RGBA image always encodes
	}
	c.body.WriteString(`<image x="`)
	c.n(r.Min.X)
	c.body.WriteString(`" y="`)
	c.n(c.h - r.Max.Y)
	c.body.WriteString(`" width="`)
	c.n(r.Max.X - r.Min.X)
	c.body.WriteString(`" height="`)
	c.n(r.Max.Y - r.Min.Y)
	c.body.WriteString(`" preserveAspectRatio="none" xlink:href="data:image/png;base64,`)
	c.body.WriteString(base64.StdEncoding.EncodeToString(buf.Bytes()))
	c.body.WriteString("\"/>\n")
}

// WriteTo implements io.WriterTo: the document, its size in points.
func (c *svgCanvas) WriteTo(w io.Writer) (int64, error) {
	var head bytes.Buffer
	head.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
	wpt, hpt := strconv.FormatFloat(float64(c.w), 'f', -1, 64), strconv.FormatFloat(float64(c.h), 'f', -1, 64)
	head.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="` +
		wpt + `pt" height="` + hpt + `pt" viewBox="0 0 ` + wpt + " " + hpt + `">`)
	for _, e := range [2][2]string{{"title", c.title}, {"desc", c.desc}} {
		if e[1] != "" {
			head.WriteString("\n<" + e[0] + ">" + xmlText(e[1]) + "</" + e[0] + ">")
		}
	}
	head.WriteByte('\n')
	cw := &countingWriter{w: w}
	for _, b := range [][]byte{head.Bytes(), c.body.Bytes(), []byte("</svg>\n")} {
		if _, err := cw.Write(b); err != nil {
			return cw.n, err
		}
	}
	return cw.n, nil
}

// xmlText is s as XML character data: & < > escaped, and a character XML
// 1.0 does not allow (a control character, say) replaced by U+FFFD. (Not
// encoding/xml's EscapeText: that package builds tables at start, 18 KB,
// for every command.)
func xmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r < 0xD800 || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF:
			b.WriteRune(r)
		default:
			b.WriteRune('\uFFFD')
		}
	}
	return b.String()
}
