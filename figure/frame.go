package figure

import (
	"cmp"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"

	"kernelscope/learn"
)

// The frame is laid out as gonum/plot lays out a plot (the figure was
// drawn with it, and keeps its look): the title's lines at the top, the
// x axis along the bottom and the y axis up the left, each a label, tick
// labels, ticks and a line, 5 pt clear of the data area; the data area
// narrowed until every glyph and tick label near its edges fits on the
// page.

// Frame sizes in points (gonum/plot's defaults).
const (
	titlePadding = 6   // between the title and the plot
	axisPadding  = 5   // between an axis line and the data area
	tickLength   = 8   // a major tick; a minor one is half
	axisWidth    = 0.5 // the axis lines and the ticks
)

// frameInk draws the frame: the title, the axes, their ticks and labels.
var frameInk = color.Black

// frame is a figure laid out on a page: the view it shows, the data area
// the view fills, the title and the axes around it.
type frame struct {
	tf    *typeface
	page  vg.Rectangle
	view  learn.Rect
	area  vg.Rectangle // the data area: the view, on the page
	title []string
	// titleSize is the title's size in points, shrunk so that the
	// longest line fits the page.
	titleSize      vg.Length
	labels         [2]string // the x and y axes'
	xTicks, yTicks []tick
	titleBottom    vg.Length // the top of the axes' region
	xHeight        vg.Length // the height of the x axis's region
	yWidth         vg.Length // the width of the y axis's region
}

// glyphBox is a glyph the data area must hold: at (x, y) of the view as a
// fraction of its width and height (0 to 1), reaching r points either
// side.
type glyphBox struct {
	x, y float64
	r    vg.Length
}

// newFrame lays spec out on a page of width × height points over the view
// v, leaving room for boxes.
func newFrame(tf *typeface, spec Spec, v learn.Rect, width, height vg.Length, boxes func(v learn.Rect) []glyphBox) *frame {
	f := &frame{tf: tf, page: vg.Rectangle{Max: vg.Point{X: width, Y: height}}, view: v}
	f.title = slices.DeleteFunc([]string{spec.Title, spec.Subtitle, key(spec)}, func(s string) bool { return s == "" })
	f.titleSize = titlePoints
	// A long kernel (a sum of products) must not run off the page.
	need := vg.Length(0)
	for _, l := range f.title {
		need = max(need, tf.width(l, titlePoints))
	}
	if avail := 0.96 * width; need > avail {
		f.titleSize = vg.Length(math.Max(minPoints, float64(titlePoints*avail/need)))
	}
	f.labels = [2]string{cmp.Or(spec.Axes[0], "x₁"), cmp.Or(spec.Axes[1], "x₂")}
	step := sharedStep(v)
	if spec.OneD {
		step = 0 // x and f(x) have units of their own (line.go)
	}
	f.xTicks = ticks{step}.Ticks(v.MinX1, v.MaxX1)
	f.yTicks = ticks{step}.Ticks(v.MinX2, v.MaxX2)

	f.titleBottom = height
	if len(f.title) > 0 {
		_, _, lh := tf.extents(f.titleSize)
		f.titleBottom -= vg.Length(len(f.title))*lh + titlePadding
	}
	la, ld, lh := tf.extents(labelPoints)
	ta, td, _ := tf.extents(tickPoints)
	f.xHeight = lh + axisWidth/2 + axisPadding
	if len(f.xTicks) > 0 {
		f.xHeight += ta + td + tickLength
	}
	f.yWidth = la + 2*ld + axisWidth/2 + axisPadding
	if len(f.yTicks) > 0 {
		if w := f.tickLabelWidth(f.yTicks); w > 0 {
			f.yWidth += w + tf.width(" ", labelPoints)
		}
		f.yWidth += tickLength
	}
	f.area = vg.Rectangle{Min: vg.Point{X: f.yWidth, Y: f.xHeight}, Max: vg.Point{X: width, Y: f.titleBottom}}
	f.pad(boxes(v))
	return f
}

// tickLabelWidth is the widest of ts's labels.
func (f *frame) tickLabelWidth(ts []tick) vg.Length {
	w := vg.Length(0)
	for _, t := range ts {
		if t.label != "" {
			w = max(w, f.tf.width(t.label, tickPoints))
		}
	}
	return w
}

// pad narrows the data area so that every glyph of boxes and every tick
// label fits on the page: the box that reaches furthest beyond each edge
// is brought to it, the rest of the layout scaling with the area
// (gonum/plot's padX and padY).
func (f *frame) pad(boxes []glyphBox) {
	ta, td, _ := f.tf.extents(tickPoints)
	// horizontally: the glyphs and the x axis's labels, centred on their
	// ticks
	type span struct {
		at     float64   // along the axis, 0 to 1
		lo, hi vg.Length // from there
	}
	var xs, ys []span
	for _, b := range boxes {
		xs = append(xs, span{b.x, -b.r, b.r})
		ys = append(ys, span{b.y, -b.r, b.r})
	}
	for _, t := range f.xTicks {
		if t.label != "" {
			w := f.tf.width(t.label, tickPoints)
			xs = append(xs, span{(t.value - f.view.MinX1) / (f.view.MaxX1 - f.view.MinX1), -w / 2, w / 2})
		}
	}
	for _, t := range f.yTicks {
		if t.label != "" {
			ys = append(ys, span{(t.value - f.view.MinX2) / (f.view.MaxX2 - f.view.MinX2), -(ta + td) / 2, (ta + td) / 2})
		}
	}
	fit := func(lo, hi vg.Length, spans []span) (vg.Length, vg.Length) {
		// The span reaching furthest below lo (among those at or above
		// the start) and above hi (at or below the end).
		l, r := span{at: 0}, span{at: 1}
		minx, maxx := lo, hi
		for _, s := range spans {
			if s.hi-s.lo <= 0 {
				continue
			}
			if x := lo + vg.Length(s.at)*(hi-lo) + s.lo; x < minx && s.at >= 0 {
				minx, l = x, s
			}
			if x := lo + vg.Length(s.at)*(hi-lo) + s.hi; x > maxx && s.at <= 1 {
				maxx, r = x, s
			}
		}
		if l.at == r.at {
			return lo, hi
		}
		// Solve n + l.at·(m − n) + l.lo = lo and n + r.at·(m − n) + r.hi = hi.
		a, b := lo-l.lo, hi-r.hi
		lx, rx := vg.Length(l.at), vg.Length(r.at)
		n := (lx*b - rx*a) / (lx - rx)
		m := ((lx-1)*b - rx*a + a) / (lx - rx)
		return n, m
	}
	f.area.Min.X, f.area.Max.X = fit(f.area.Min.X, f.area.Max.X, xs)
	f.area.Min.Y, f.area.Max.Y = fit(f.area.Min.Y, f.area.Max.Y, ys)
}

// at is the point (x1, x2) of the plane on the page.
func (f *frame) at(x1, x2 float64) vg.Point {
	v, a := f.view, f.area
	return vg.Point{
		X: a.Min.X + vg.Length((x1-v.MinX1)/(v.MaxX1-v.MinX1))*(a.Max.X-a.Min.X),
		Y: a.Min.Y + vg.Length((x2-v.MinX2)/(v.MaxX2-v.MinX2))*(a.Max.Y-a.Min.Y),
	}
}

// inArea reports whether p is within the data area (glyphs whose centre
// is not are not drawn, as gonum/plot draws them).
func (f *frame) inArea(p vg.Point) bool {
	a := f.area
	return p.X >= a.Min.X && p.X <= a.Max.X && p.Y >= a.Min.Y && p.Y <= a.Max.Y
}

// textRecorder is a canvas that is told the text drawn on it as well as
// its outlines (the tests' canvas).
type textRecorder interface{ text(s string) }

// text draws s at size points in the frame's ink, its baseline from pt
// (rightward, or upward when up), anchored at the start, the middle or
// the end (align −1, 0 or 1).
func (f *frame) text(c canvas, s string, size vg.Length, pt vg.Point, align int, up bool) {
	if s == "" {
		return
	}
	if r, ok := c.(textRecorder); ok {
		r.text(s)
	}
	shift := -vg.Length(align+1) / 2 * f.tf.width(s, size)
	if up {
		pt.Y += shift
	} else {
		pt.X += shift
	}
	c.fill(f.tf.path(s, size, pt, up), frameInk)
}

// line strokes the segment from a to b in the axes' style.
func line(c canvas, a, b vg.Point) {
	var p vg.Path
	p.Move(a)
	p.Line(b)
	c.stroke(p, lineStyle{Color: frameInk, Width: axisWidth})
}

// drawFrame draws the white page, the title and both axes.
func (f *frame) drawFrame(c canvas) {
	var bg vg.Path
	bg.Move(f.page.Min)
	bg.Line(vg.Point{X: f.page.Max.X, Y: f.page.Min.Y})
	bg.Line(f.page.Max)
	bg.Line(vg.Point{X: f.page.Min.X, Y: f.page.Max.Y})
	bg.Close()
	c.fill(bg, color.White)

	ascent, _, lh := f.tf.extents(f.titleSize)
	for k, l := range f.title {
		f.text(c, l, f.titleSize, vg.Point{X: f.page.Max.X / 2, Y: f.page.Max.Y - ascent - vg.Length(k)*lh}, 0, false)
	}
	f.drawXAxis(c)
	f.drawYAxis(c)
}

// drawXAxis draws the x axis from the page's bottom up: its label, the
// tick labels, the ticks and the line.
func (f *frame) drawXAxis(c canvas) {
	a := f.area
	_, ld, lh := f.tf.extents(labelPoints)
	ta, td, _ := f.tf.extents(tickPoints)
	y := f.page.Min.Y
	f.text(c, f.labels[0], labelPoints, vg.Point{X: (a.Min.X + a.Max.X) / 2, Y: y + ld}, 0, false)
	y += lh
	if len(f.xTicks) == 0 {
		line(c, vg.Point{X: a.Min.X, Y: y}, vg.Point{X: a.Max.X, Y: y})
		return
	}
	for _, t := range f.xTicks {
		if x := f.at(t.value, f.view.MinX2).X; t.label != "" && x >= a.Min.X && x <= a.Max.X {
			f.text(c, t.label, tickPoints, vg.Point{X: x, Y: y + td}, 0, false)
		}
	}
	y += ta + td
	for _, t := range f.xTicks {
		if x := f.at(t.value, f.view.MinX2).X; x >= a.Min.X && x <= a.Max.X {
			line(c, vg.Point{X: x, Y: y + t.offset()}, vg.Point{X: x, Y: y + tickLength})
		}
	}
	y += tickLength
	line(c, vg.Point{X: a.Min.X, Y: y}, vg.Point{X: a.Max.X, Y: y})
}

// drawYAxis draws the y axis from the page's left edge rightward: its
// label (turned to read upward), the tick labels (ending at the same
// place), the ticks and the line.
func (f *frame) drawYAxis(c canvas) {
	a := f.area
	la, ld, _ := f.tf.extents(labelPoints)
	ta, td, _ := f.tf.extents(tickPoints)
	// Turned, the label's ascent reaches left of its baseline and its
	// descent right; a descent's width more parts it from the numbers.
	x := f.page.Min.X + la
	f.text(c, f.labels[1], labelPoints, vg.Point{X: x, Y: (a.Min.Y + a.Max.Y) / 2}, 0, true)
	x += 2 * ld
	if len(f.yTicks) == 0 {
		line(c, vg.Point{X: x, Y: a.Min.Y}, vg.Point{X: x, Y: a.Max.Y})
		return
	}
	if w := f.tickLabelWidth(f.yTicks); w > 0 {
		x += w
		for _, t := range f.yTicks {
			if y := f.at(f.view.MinX1, t.value).Y; t.label != "" && y >= a.Min.Y && y <= a.Max.Y {
				f.text(c, t.label, tickPoints, vg.Point{X: x, Y: y - (ta-td)/2}, 1, false)
			}
		}
		x += f.tf.width(" ", labelPoints)
	}
	for _, t := range f.yTicks {
		if y := f.at(f.view.MinX1, t.value).Y; y >= a.Min.Y && y <= a.Max.Y {
			line(c, vg.Point{X: x + t.offset(), Y: y}, vg.Point{X: x + tickLength, Y: y})
		}
	}
	x += tickLength
	line(c, vg.Point{X: x, Y: a.Min.Y}, vg.Point{X: x, Y: a.Max.Y})
}

// titleText is the title's lines as one string, for a document's title.
func titleText(spec Spec) string {
	return strings.Join(slices.DeleteFunc([]string{spec.Title, spec.Subtitle}, func(s string) bool { return s == "" }), " — ")
}
