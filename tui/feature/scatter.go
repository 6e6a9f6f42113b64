package feature

import (
	"math"
	"slices"
	"strings"

	"kernelscope/tui/common"
)

// Scene is what the feature view draws: points in three dimensions, the
// plane n·p = c that is the decision boundary there, and the axes' names.
type Scene struct {
	points []ScenePoint
	normal [3]float64 // n; the zero vector when there is no plane (w = 0)
	offset float64    // c
	// margins are the offsets of the SVM's margin planes n·p = c₊ (f = +1)
	// and n·p = c₋ (f = −1), drawn as their outlines in the cube; empty for
	// the perceptron.
	margins []float64
	axes    [3]string
	current int // example indices marked as on the region (−1: none)
	flash   int
}

// ScenePoint is one training example in the scene.
type ScenePoint struct {
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

// sceneCanvas is a w×h grid of cells: the plane as a shaded sheet, the
// axes as dotted lines, and the points' glyphs on top. It draws with plain
// characters (no braille, which many terminal fonts lack).
type sceneCanvas struct {
	w, h  int
	plane []bool        // the cell shows the plane
	cells []common.Cell // glyphs; glyph "" means blank or plane
	r     float64
}

func newSceneCanvas(w, h int) *sceneCanvas {
	c := &sceneCanvas{w: w, h: h, plane: make([]bool, w*h), cells: make([]common.Cell, w*h)}
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

// at is the index of the cell a scene point falls in, −1 outside.
func (c *sceneCanvas) at(cam camera, p [3]float64) int {
	x, y, _ := cam.project(p)
	fx, fy := c.toCell(x, y)
	cx, cy := int(math.Floor(fx)), int(math.Floor(fy))
	if cx < 0 || cy < 0 || cx >= c.w || cy >= c.h || !common.IsFinite(fx) || !common.IsFinite(fy) {
		return -1
	}
	return cy*c.w + cx
}

// axis draws the segment a-b as dots, a quarter of a cell apart.
func (c *sceneCanvas) axis(cam camera, a, b [3]float64) {
	c.segment(cam, a, b, common.Cell{FG: common.ColAxis, BG: common.ColNeutral, Glyph: "·"})
}

// segment draws the segment a-b in cell cl, a quarter of a cell apart.
func (c *sceneCanvas) segment(cam camera, a, b [3]float64, cl common.Cell) {
	n := int(math.Ceil(norm3(add3(b, scale3(a, -1))) * c.r * 4))
	n = min(n, 16*(c.w+c.h))
	for k := 0; k <= n; k++ {
		t := float64(k) / float64(max(1, n))
		if at := c.at(cam, add3(a, scale3(add3(b, scale3(a, -1)), t))); at >= 0 {
			c.cells[at] = cl
		}
	}
}

// outline draws where the plane n·p = d (n a unit vector) meets the cube
// |pₖ| ≤ 1.05 that the sheet is clipped to: the polygon through the
// points where it crosses the cube's twelve edges, in order around it.
func (c *sceneCanvas) outline(cam camera, n [3]float64, d float64, cl common.Cell) {
	const h = 1.05
	var pts [][3]float64
	for a := range 3 {
		b, e := (a+1)%3, (a+2)%3
		if n[a] == 0 {
			continue
		}
		for _, pb := range [2]float64{-h, h} {
			for _, pe := range [2]float64{-h, h} {
				var p [3]float64
				p[b], p[e] = pb, pe
				p[a] = (d - n[b]*pb - n[e]*pe) / n[a]
				if math.Abs(p[a]) <= h && common.IsFinite(p[a]) {
					pts = append(pts, p)
				}
			}
		}
	}
	if len(pts) < 3 {
		return
	}
	var mid [3]float64
	for _, p := range pts {
		mid = add3(mid, scale3(p, 1/float64(len(pts))))
	}
	t1, t2 := tangents(n)
	angle := func(p [3]float64) float64 {
		q := add3(p, scale3(mid, -1))
		return math.Atan2(dot3(q, t2), dot3(q, t1))
	}
	slices.SortFunc(pts, func(p, q [3]float64) int {
		switch a, b := angle(p), angle(q); {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	})
	for k, p := range pts {
		c.segment(cam, p, pts[(k+1)%len(pts)], cl)
	}
}

// sheet marks the cells the plane p₀ + s·t₁ + t·t₂ covers inside the cube
// |pₖ| ≤ 1.05, sampled at a quarter of a cell: a sheet seen from the side,
// a line seen edge-on.
func (c *sceneCanvas) sheet(cam camera, p0, t1, t2 [3]float64) {
	const half = 1.05 * 1.7321 // the cube's half-diagonal: the plane within it
	step := 1 / (c.r * 4)
	n := int(math.Ceil(2 * half / step))
	n = min(n, 4*(c.w+c.h)) // bounded work on any canvas
	step = 2 * half / float64(n)
	for i := 0; i <= n; i++ {
		for j := 0; j <= n; j++ {
			p := add3(p0, add3(scale3(t1, -half+float64(i)*step), scale3(t2, -half+float64(j)*step)))
			if math.Abs(p[0]) > 1.05 || math.Abs(p[1]) > 1.05 || math.Abs(p[2]) > 1.05 {
				continue
			}
			if at := c.at(cam, p); at >= 0 {
				c.plane[at] = true
			}
		}
	}
}

// renderScene draws sc seen by cam in exactly w×h cells: the axes, the
// plane as a mesh of dots clipped to the cube around the points, and the
// points, far ones first, as the region draws them.
func renderScene(th *common.Theme, sc *Scene, cam camera, w, h int) []string {
	if w <= 0 || h <= 0 {
		return common.Blank(max(0, w), max(0, h))
	}
	c := newSceneCanvas(w, h)
	// scale: the farthest point from the origin is at distance 1.
	scale := 0.0
	for _, p := range sc.points {
		if n := math.Sqrt(p.u[0]*p.u[0] + p.u[1]*p.u[1] + p.u[2]*p.u[2]); common.IsFinite(n) {
			scale = math.Max(scale, n)
		}
	}
	if scale == 0 {
		scale = 1
	}
	// The plane n·p = c, in scaled units n·q = c/scale, then the axes
	// from −1 to 1 over it.
	if nn := norm3(sc.normal); nn > 0 && common.IsFinite(nn) {
		n := [3]float64{sc.normal[0] / nn, sc.normal[1] / nn, sc.normal[2] / nn}
		if d := sc.offset / nn / scale; common.IsFinite(d) && math.Abs(d) <= 1.05*math.Sqrt(3) {
			t1, t2 := tangents(n)
			c.sheet(cam, scale3(n, d), t1, t2)
		}
		// The SVM's margins f = +1 and f = −1: the planes parallel to it,
		// drawn as outlines so the sheet between them stays readable.
		for k, off := range sc.margins {
			cl := common.Cell{FG: common.ColMarginP, BG: common.ColNeutral, Glyph: "•"}
			if k == 1 {
				cl.FG = common.ColMarginN
			}
			if d := off / nn / scale; common.IsFinite(d) {
				c.outline(cam, n, d, cl)
			}
		}
	}
	for k := range 3 {
		var a, b [3]float64
		a[k], b[k] = -1, 1
		c.axis(cam, a, b)
	}
	// Points, far ones first, the marked ones last.
	order := make([]int, 0, len(sc.points))
	depth := make([]float64, len(sc.points))
	for k, p := range sc.points {
		q := [3]float64{p.u[0] / scale, p.u[1] / scale, p.u[2] / scale}
		_, _, depth[k] = cam.project(q)
		if p.inView && common.IsFinite(depth[k]) {
			order = append(order, k)
		}
	}
	rank := func(p ScenePoint) int {
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
		ink := uint8(common.ColNegInk)
		if p.pos {
			ink = common.ColPosInk
		}
		cl := common.Cell{FG: ink, BG: common.ColNeutral, Glyph: common.PointGlyph(p.pos, p.sv), Bold: true}
		if p.sv {
			cl.FG, cl.BG = common.ColNeutral, ink
		}
		switch p.i {
		case sc.current:
			cl.FG, cl.BG = common.ColNeutral, common.ColCurrent
		case sc.flash:
			cl.FG, cl.BG = common.ColNeutral, common.ColFlash
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
			if at := cy*w + cx + j; cx+j >= 0 && cx+j < w && (c.cells[at].Glyph == "" || c.cells[at].FG == common.ColAxis || c.cells[at].Glyph == "•") {
				c.cells[at] = common.Cell{FG: common.ColAxis, BG: common.ColNeutral, Glyph: string(r)}
			}
		}
	}
	return c.lines(th)
}

// lines writes the canvas as styled text, one string per row: the plane
// as a shaded background (░ without color).
func (c *sceneCanvas) lines(th *common.Theme) []string {
	out := make([]string, 0, c.h)
	var b strings.Builder
	for y := range c.h {
		b.Reset()
		for x := range c.w {
			at := y*c.w + x
			cl := c.cells[at]
			text := cl.Glyph
			if c.plane[at] && (text == "" || cl.FG == common.ColAxis) {
				cl.BG = common.ColPlane
				if th.Mono && text == "" {
					text = "░"
				}
			}
			if text == "" {
				text = " "
				cl.FG = common.ColNeutral
			}
			if th.Mono && cl.Glyph == "•" {
				// The margins' outlines, told apart by shape.
				text = map[uint8]string{common.ColMarginP: common.MonoMarginP, common.ColMarginN: common.MonoMarginN}[cl.FG]
			}
			switch {
			case th.Mono && cl.Glyph != "" && cl.BG != common.ColNeutral && cl.BG != common.ColPlane:
				b.WriteString("\x1b[7m" + text + common.Reset)
			case th.Mono && cl.Bold:
				b.WriteString("\x1b[1m" + text + common.Reset)
			case th.Mono:
				b.WriteString(text)
			default:
				if cl.Bold {
					b.WriteString("\x1b[1m")
				}
				b.WriteString(th.CellStyle(cl.FG, cl.BG) + text + common.Reset)
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
