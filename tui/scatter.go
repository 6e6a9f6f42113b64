package tui

import (
	"math"
	"slices"
	"strings"
)

// scene is what the feature view draws: points in three dimensions, the
// plane n·p = c that is the decision boundary there, and the axes' names.
type scene struct {
	points  []scenePoint
	normal  [3]float64 // n; the zero vector when there is no plane (w = 0)
	offset  float64    // c
	axes    [3]string
	current int // example indices marked as on the region (−1: none)
	flash   int
}

// scenePoint is one training example in the scene.
type scenePoint struct {
	u      [3]float64
	i      int
	pos    bool // y = +1
	sv     bool // α > 0
	inView bool
}

// camera is the direction the scene is seen from: yaw turns it about the
// third axis (up), pitch tilts it towards the viewer.
type camera struct{ yaw, pitch float64 }

// edgeOn is the camera that looks along the plane when its normal is the
// first axis: the plane u₁ = 0 is then a vertical line.
var edgeOn = camera{}

// defaultCamera shows the plane as a sheet, turned enough to see both
// sides of it.
var defaultCamera = camera{yaw: -math.Pi / 6, pitch: math.Pi / 9}

// project maps a point of the scene (scaled into the unit ball) to screen
// coordinates: X to the right, Y up, and depth away from the viewer.
//
//	x' = x cos ψ − y sin ψ,  y' = x sin ψ + y cos ψ       (yaw ψ about the up axis)
//	y'' = y' cos θ − z sin θ, z'' = y' sin θ + z cos θ    (pitch θ about the screen's x)
func (c camera) project(p [3]float64) (x, y, depth float64) {
	sy, cy := math.Sincos(c.yaw)
	sp, cp := math.Sincos(c.pitch)
	x1 := p[0]*cy - p[1]*sy
	y1 := p[0]*sy + p[1]*cy
	return x1, y1*sp + p[2]*cp, y1*cp - p[2]*sp
}

// sceneCanvas is a w×h grid of cells with a braille layer (2×4 dots a
// cell) for the plane and the axes, and glyphs on top for the points.
type sceneCanvas struct {
	w, h  int
	dots  []uint8 // braille bits per cell
	color []uint8 // the dots' color per cell
	cells []cell  // glyphs; glyph "" means the dots (or blank)
	r     float64 // one unit of the scene in cell widths
}

func newSceneCanvas(w, h int) *sceneCanvas {
	c := &sceneCanvas{w: w, h: h, dots: make([]uint8, w*h), color: make([]uint8, w*h), cells: make([]cell, w*h)}
	// A cell is about twice as tall as it is wide: one unit is r cells
	// across and r/2 cells up, and the scene (within 1.25 of the centre)
	// fits both ways.
	c.r = math.Min(float64(w)/2.5, float64(h)/1.25)
	return c
}

// toCell is the cell of screen point (x, y), in fractional cells.
func (c *sceneCanvas) toCell(x, y float64) (float64, float64) {
	return float64(c.w)/2 + x*c.r, float64(c.h)/2 - y*c.r/2
}

// dot sets the braille dot at screen point (x, y); a dot of higher
// priority color wins the cell's color.
func (c *sceneCanvas) dot(x, y float64, col uint8, prio func(uint8) int) {
	fx, fy := c.toCell(x, y)
	dx, dy := int(math.Floor(fx*2)), int(math.Floor(fy*4))
	if dx < 0 || dy < 0 || dx >= 2*c.w || dy >= 4*c.h {
		return
	}
	cell := dy/4*c.w + dx/2
	// Braille dot numbering (Unicode U+2800): column 0 rows 0-2 are bits
	// 0, 1, 2 and row 3 is bit 6; column 1 rows 0-2 are 3, 4, 5, row 3 bit 7.
	bits := [2][4]uint8{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}
	c.dots[cell] |= bits[dx%2][dy%4]
	if c.color[cell] == 0 || prio(col) > prio(c.color[cell]) {
		c.color[cell] = col
	}
}

// line draws the segment a-b (scene coordinates) in dots, sampled finely
// enough to leave no gap; inside reports which points to keep.
func (c *sceneCanvas) line(cam camera, a, b [3]float64, col uint8, prio func(uint8) int, inside func([3]float64) bool) {
	ax, ay, _ := cam.project(a)
	bx, by, _ := cam.project(b)
	fx0, fy0 := c.toCell(ax, ay)
	fx1, fy1 := c.toCell(bx, by)
	n := int(math.Ceil(math.Max(math.Abs(fx1-fx0)*2, math.Abs(fy1-fy0)*4)*2)) + 1
	n = min(n, 4*(c.w+c.h)*4) // never more than a few times the canvas
	for k := 0; k <= n; k++ {
		t := float64(k) / float64(n)
		p := [3]float64{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1]), a[2] + t*(b[2]-a[2])}
		if inside != nil && !inside(p) {
			continue
		}
		x, y, _ := cam.project(p)
		c.dot(x, y, col, prio)
	}
}

// renderScene draws sc seen by cam in exactly w×h cells: the axes, the
// plane as a mesh of dots clipped to the cube around the points, and the
// points, far ones first, as the region draws them.
func renderScene(th *Theme, sc *scene, cam camera, w, h int) []string {
	if w <= 0 || h <= 0 {
		return blank(max(0, w), max(0, h))
	}
	c := newSceneCanvas(w, h)
	// Scale: the farthest point from the origin is at distance 1.
	scale := 0.0
	for _, p := range sc.points {
		if n := math.Sqrt(p.u[0]*p.u[0] + p.u[1]*p.u[1] + p.u[2]*p.u[2]); isFinite(n) {
			scale = math.Max(scale, n)
		}
	}
	if scale == 0 {
		scale = 1
	}
	prio := func(col uint8) int {
		if col == colBoundary {
			return 2
		}
		return 1
	}
	// Axes from −1 to 1, their names at the positive ends.
	for k := range 3 {
		var a, b [3]float64
		a[k], b[k] = -1, 1
		c.line(cam, a, b, colAxis, prio, nil)
	}
	// The plane n·p = c, in scaled units n·q = c/scale: a mesh of lines
	// through its point nearest the origin, along two directions in it.
	if nn := norm3(sc.normal); nn > 0 && isFinite(nn) {
		n := [3]float64{sc.normal[0] / nn, sc.normal[1] / nn, sc.normal[2] / nn}
		d := sc.offset / nn / scale
		if isFinite(d) && math.Abs(d) <= math.Sqrt(3) {
			p0 := [3]float64{n[0] * d, n[1] * d, n[2] * d}
			t1, t2 := tangents(n)
			inside := func(p [3]float64) bool {
				return math.Abs(p[0]) <= 1.05 && math.Abs(p[1]) <= 1.05 && math.Abs(p[2]) <= 1.05
			}
			for _, s := range []float64{-1.5, -1, -0.5, 0, 0.5, 1, 1.5} {
				a := add3(p0, scale3(t1, s))
				c.line(cam, add3(a, scale3(t2, -2)), add3(a, scale3(t2, 2)), colBoundary, prio, inside)
				b := add3(p0, scale3(t2, s))
				c.line(cam, add3(b, scale3(t1, -2)), add3(b, scale3(t1, 2)), colBoundary, prio, inside)
			}
		}
	}
	// Points, far ones first, the marked ones last.
	order := make([]int, 0, len(sc.points))
	depth := make([]float64, len(sc.points))
	for k, p := range sc.points {
		q := [3]float64{p.u[0] / scale, p.u[1] / scale, p.u[2] / scale}
		_, _, depth[k] = cam.project(q)
		if p.inView && isFinite(depth[k]) {
			order = append(order, k)
		}
	}
	rank := func(p scenePoint) int {
		switch {
		case p.i == sc.current:
			return 3
		case p.i == sc.flash:
			return 2
		case p.sv:
			return 1
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if ra, rb := rank(sc.points[a]), rank(sc.points[b]); ra != rb {
			return ra - rb
		}
		switch {
		case depth[a] > depth[b]:
			return -1
		case depth[a] < depth[b]:
			return 1
		}
		return 0
	})
	for _, k := range order {
		p := sc.points[k]
		x, y, _ := cam.project([3]float64{p.u[0] / scale, p.u[1] / scale, p.u[2] / scale})
		fx, fy := c.toCell(x, y)
		cx, cy := int(math.Floor(fx)), int(math.Floor(fy))
		if cx < 0 || cy < 0 || cx >= w || cy >= h {
			continue
		}
		ink := uint8(colNegInk)
		if p.pos {
			ink = colPosInk
		}
		cl := cell{fg: ink, bg: colNeutral, glyph: pointGlyph(p.pos, p.sv), bold: true}
		if p.sv {
			cl.fg, cl.bg = colNeutral, ink
		}
		switch p.i {
		case sc.current:
			cl.fg, cl.bg = colNeutral, colCurrent
		case sc.flash:
			cl.fg, cl.bg = colNeutral, colFlash
		}
		c.cells[cy*w+cx] = cl
	}
	// Axis names at the positive ends, where they do not cover a point.
	for k := range 3 {
		var e [3]float64
		e[k] = 1.12
		x, y, _ := cam.project(e)
		fx, fy := c.toCell(x, y)
		cx, cy := int(math.Floor(fx)), int(math.Floor(fy))
		name := []rune(sc.axes[k])
		cx = max(0, min(w-len(name), cx-len(name)/2))
		if cy < 0 || cy >= h {
			continue
		}
		for j, r := range name {
			if at := cy*w + cx + j; cx+j >= 0 && cx+j < w && c.cells[at].glyph == "" {
				c.cells[at] = cell{fg: colAxis, bg: colNeutral, glyph: string(r)}
			}
		}
	}
	return c.lines(th)
}

// lines writes the canvas as styled text, one string per row.
func (c *sceneCanvas) lines(th *Theme) []string {
	out := make([]string, 0, c.h)
	var b strings.Builder
	for y := range c.h {
		b.Reset()
		for x := range c.w {
			at := y*c.w + x
			cl := c.cells[at]
			text := cl.glyph
			if text == "" {
				text = " "
				if c.dots[at] != 0 {
					text = string(rune(0x2800 + int(c.dots[at])))
					cl = cell{fg: c.color[at], bg: colNeutral}
				}
			}
			switch {
			case th.Mono && cl.glyph != "" && cl.bg != colNeutral:
				b.WriteString("\x1b[7m" + text + reset)
			case th.Mono && cl.bold:
				b.WriteString("\x1b[1m" + text + reset)
			case th.Mono:
				b.WriteString(text)
			default:
				if cl.bold {
					b.WriteString("\x1b[1m")
				}
				b.WriteString(th.cellStyle(cl.fg, cl.bg) + text + reset)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// tangents returns two unit vectors orthogonal to the unit vector n and to
// each other.
func tangents(n [3]float64) (t1, t2 [3]float64) {
	// Start from the axis least aligned with n (Gram-Schmidt).
	e := [3]float64{1, 0, 0}
	if math.Abs(n[0]) > math.Abs(n[1]) || math.Abs(n[0]) > math.Abs(n[2]) {
		e = [3]float64{0, 1, 0}
		if math.Abs(n[1]) > math.Abs(n[2]) {
			e = [3]float64{0, 0, 1}
		}
	}
	d := dot3(e, n)
	t1 = add3(e, scale3(n, -d))
	t1 = scale3(t1, 1/norm3(t1))
	t2 = [3]float64{n[1]*t1[2] - n[2]*t1[1], n[2]*t1[0] - n[0]*t1[2], n[0]*t1[1] - n[1]*t1[0]}
	return t1, t2
}

func dot3(a, b [3]float64) float64              { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func norm3(a [3]float64) float64                { return math.Sqrt(dot3(a, a)) }
func add3(a, b [3]float64) [3]float64           { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func scale3(a [3]float64, s float64) [3]float64 { return [3]float64{a[0] * s, a[1] * s, a[2] * s} }
