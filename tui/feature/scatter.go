package feature

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"kernelscope/tui/common"
)

// Scene is what the feature view draws: points in three dimensions, the
// plane n·p = c that is the decision boundary there, and the axes.
type Scene struct {
	points []ScenePoint
	normal [3]float64 // n; the zero vector when there is no plane (w = 0)
	offset float64    // c
	// margins are the offsets of the SVM's margin planes n·p = c₊ (f = +1)
	// and n·p = c₋ (f = −1), drawn as their outlines in the cube; empty for
	// the perceptron.
	margins []float64
	axes    []SceneAxis
	// frame turns the points' coordinates into the view's (across, into
	// the screen, up) before the camera does; the zero value is identity.
	frame [3][3]float64
	// groups are examples whose φ coincide, labelled beside their mark.
	groups  [][]int
	current int // example indices marked as on the region (−1: none)
	flash   int
}

// SceneAxis is an axis of the scene: a unit direction in the points'
// coordinates, drawn from −1 to 1 through the origin, and its name.
type SceneAxis struct {
	dir  [3]float64
	name string
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

// defaultCamera looks along the plane: with the scene in its frame (the
// plane's normal across, see edgeFrame), the plane w·φ = c is a vertical
// line with its two sides left and right of it, the picture of "a line in
// φ-space". Up and down tilt about the normal and keep it edge-on; left
// and right turn the plane to face the viewer.
var defaultCamera = camera{}

// edgeOn reports whether the camera still looks along the plane (no turn
// about the up axis, or half a turn: from behind).
func (c camera) edgeOn() bool { return math.Abs(math.Sin(c.yaw)) < 1e-9 }

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

// unproject is the point of the scene seen at screen point (x, y) at the
// given depth: project's inverse (it is a rotation, so its transpose).
func (c camera) unproject(x, y, depth float64) [3]float64 {
	sy, cy := math.Sincos(c.yaw)
	sp, cp := math.Sincos(c.pitch)
	y1 := y*sp + depth*cp
	z := y*cp - depth*sp
	return [3]float64{x*cy + y1*sy, -x*sy + y1*cy, z}
}

// sceneCanvas is a w×h grid of cells: the sides of the plane as a tint,
// the plane and the margins as outlines, the axes as dotted lines, and
// the points' glyphs and labels on top. It draws with plain characters
// (no braille, which many terminal fonts lack).
type sceneCanvas struct {
	w, h  int
	side  []int8        // the side of the plane the cell shows: +1, −1, 0 for both or none
	cells []common.Cell // glyphs; glyph "" means blank
	kind  []cellKind    // what a cell holds, for placing labels
	r     float64
}

// cellKind is what a cell of the scene holds.
type cellKind uint8

const (
	cellFree  cellKind = iota // blank, tint, an axis's dot or an outline
	cellPoint                 // a point's mark
	cellLabel                 // a label's letter
)

// cube is the half-width of the box |pₖ| ≤ cube the planes are clipped to,
// around the points scaled into the unit ball.
const cube = 1.05

func newSceneCanvas(w, h int) *sceneCanvas {
	c := &sceneCanvas{w: w, h: h, side: make([]int8, w*h), cells: make([]common.Cell, w*h), kind: make([]cellKind, w*h)}
	// A cell is about twice as tall as it is wide: one unit is r cells
	// across and r/2 cells up, and the scene (within 1.25 of the centre)
	// fits both ways.
	c.r = math.Min(float64(w)/2.5, float64(h)/1.25)
	return c
}

// toCell is the cell of screen point (x, y), in fractional cells. The
// origin is the middle of a cell, so that a line through it (the plane
// seen edge-on, an axis) keeps to one column or row, not two.
func (c *sceneCanvas) toCell(x, y float64) (float64, float64) {
	return float64(c.w/2) + 0.5 + x*c.r, float64(c.h/2) + 0.5 - y*c.r/2
}

// fromCell is the screen point at the centre of cell (cx, cy).
func (c *sceneCanvas) fromCell(cx, cy int) (x, y float64) {
	return float64(cx-c.w/2) / c.r, float64(c.h/2-cy) * 2 / c.r
}

// cellOf is the cell a scene point falls in; ok is false outside.
func (c *sceneCanvas) cellOf(cam camera, p [3]float64) (cx, cy int, ok bool) {
	x, y, _ := cam.project(p)
	fx, fy := c.toCell(x, y)
	if !common.IsFinite(fx) || !common.IsFinite(fy) {
		return 0, 0, false
	}
	cx, cy = int(math.Floor(fx)), int(math.Floor(fy))
	return cx, cy, cx >= 0 && cy >= 0 && cx < c.w && cy < c.h
}

// at is the index of the cell a scene point falls in, −1 outside.
func (c *sceneCanvas) at(cam camera, p [3]float64) int {
	cx, cy, ok := c.cellOf(cam, p)
	if !ok {
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

// lineGlyph is the box-drawing line that runs as the segment a-b does on
// the screen ("" for a segment seen end-on: under half a cell long),
// allowing for a cell's being twice as tall as it is wide.
func (c *sceneCanvas) lineGlyph(cam camera, a, b [3]float64) string {
	ax, ay, _ := cam.project(a)
	bx, by, _ := cam.project(b)
	ax, ay = c.toCell(ax, ay)
	bx, by = c.toCell(bx, by)
	dx, dy := bx-ax, 2*(by-ay) // dy in cell widths, down the screen
	if math.Hypot(dx, dy/2) < 0.5 {
		return ""
	}
	switch angle := math.Abs(math.Atan2(dy, dx)) * 180 / math.Pi; {
	case angle < 22.5 || angle > 157.5:
		return "─"
	case angle > 67.5 && angle < 112.5:
		return "│"
	case (dx > 0) == (dy < 0):
		return "╱"
	}
	return "╲"
}

// outline draws where the plane n·p = d (n a unit vector) meets the cube
// |pₖ| ≤ cube: the polygon through the points where it crosses the cube's
// twelve edges, in order around it; each side in the line glyph of its
// direction (lines), or in cl's glyph (dots).
func (c *sceneCanvas) outline(cam camera, n [3]float64, d float64, cl common.Cell, lines bool) {
	var pts [][3]float64
	for a := range 3 {
		b, e := (a+1)%3, (a+2)%3
		if n[a] == 0 {
			continue
		}
		for _, pb := range [2]float64{-cube, cube} {
			for _, pe := range [2]float64{-cube, cube} {
				var p [3]float64
				p[b], p[e] = pb, pe
				p[a] = (d - n[b]*pb - n[e]*pe) / n[a]
				if math.Abs(p[a]) <= cube && common.IsFinite(p[a]) {
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
		q := pts[(k+1)%len(pts)]
		side := cl
		if lines {
			// A side seen end-on is a point its neighbours already draw.
			if side.Glyph = c.lineGlyph(cam, p, q); side.Glyph == "" {
				continue
			}
		}
		c.segment(cam, p, q, side)
	}
}

// shade marks each cell with the side of the plane n·p = d (n a unit
// vector) its line of sight is on: inside the cube, the side all along
// it, or none where the plane crosses it there (where its outline shows
// the plane face-on); outside the cube, the side at the centre's depth.
// Seen edge-on every line of sight keeps to one side, and the two sides
// meet at the line that is the plane.
func (c *sceneCanvas) shade(cam camera, n [3]float64, d float64) {
	dir := cam.unproject(0, 0, 1)
	nd := dot3(n, dir)
	// A cell centre within rounding of the plane is on it (the plane
	// through the origin, seen edge-on, runs through a column's centres).
	const onPlane = 1e-9
	sign := func(v float64) int8 {
		switch {
		case v > onPlane:
			return 1
		case v < -onPlane:
			return -1
		}
		return 0
	}
	for cy := range c.h {
		for cx := range c.w {
			x, y := c.fromCell(cx, cy)
			p := cam.unproject(x, y, 0)
			s := dot3(n, p) - d // the side at depth t is s + t·nd
			t0, t1, in := clipToCube(p, dir)
			side := sign(s)
			if in {
				if a, b := sign(s+t0*nd), sign(s+t1*nd); a == b {
					side = a
				} else {
					side = 0
				}
			}
			c.side[cy*c.w+cx] = side
		}
	}
}

// clipToCube is where the line p + t·dir is inside the cube |pₖ| ≤ cube:
// t in [t0, t1]; in is false when it misses it.
func clipToCube(p, dir [3]float64) (t0, t1 float64, in bool) {
	t0, t1 = math.Inf(-1), math.Inf(1)
	for k := range 3 {
		if math.Abs(dir[k]) < 1e-12 {
			if math.Abs(p[k]) > cube {
				return 0, 0, false
			}
			continue
		}
		a, b := (-cube-p[k])/dir[k], (cube-p[k])/dir[k]
		t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
	}
	return t0, t1, t0 <= t1
}

// renderScene draws sc seen by cam in exactly w×h cells: the sides of the
// plane tinted, the axes, the margins and the plane as outlines clipped to
// the cube around the points, the points, far ones first, as the region
// draws them, and labels where points coincide.
func renderScene(th *common.Theme, sc *Scene, cam camera, w, h int) []string {
	if w <= 0 || h <= 0 {
		return common.Blank(max(0, w), max(0, h))
	}
	c := newSceneCanvas(w, h)
	frame := sc.frame
	if frame == ([3][3]float64{}) {
		frame = identity
	}
	// scale: the farthest point from the origin is at distance 1.
	scale := 0.0
	for _, p := range sc.points {
		if n := norm3(p.u); common.IsFinite(n) {
			scale = math.Max(scale, n)
		}
	}
	if scale == 0 {
		scale = 1
	}
	// at is where the scene draws a point of the points' coordinates.
	at := func(u [3]float64) [3]float64 { return scale3(apply(frame, u), 1/scale) }
	for _, ax := range sc.axes {
		c.axis(cam, at(scale3(ax.dir, -scale)), at(scale3(ax.dir, scale)))
	}
	// The plane n·p = c, in the view's scaled units n'·q = c/‖n‖/scale.
	if nn := norm3(sc.normal); nn > 0 && common.IsFinite(nn) {
		n := apply(frame, scale3(sc.normal, 1/nn))
		if d := sc.offset / nn / scale; common.IsFinite(d) {
			c.shade(cam, n, d)
			// The SVM's margins f = +1 and f = −1: the planes parallel to
			// it, dotted in their class's hue.
			for k, off := range sc.margins {
				cl := common.Cell{FG: common.ColMarginP, BG: common.ColNeutral, Glyph: "•"}
				if k == 1 {
					cl.FG = common.ColMarginN
				}
				if d := off / nn / scale; common.IsFinite(d) {
					c.outline(cam, n, d, cl, false)
				}
			}
			c.outline(cam, n, d, common.Cell{FG: common.ColBoundary, BG: common.ColNeutral}, true)
		}
	}
	// Points, far ones first, the marked ones last.
	order := make([]int, 0, len(sc.points))
	depth := make([]float64, len(sc.points))
	for k, p := range sc.points {
		_, _, depth[k] = cam.project(at(p.u))
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
		cx, cy, ok := c.cellOf(cam, at(p.u))
		if !ok {
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
		c.kind[cy*w+cx] = cellPoint
	}
	// Coinciding points, labelled beside their mark: the equation when it
	// fits, else the count.
	where := map[int][3]float64{}
	for _, p := range sc.points {
		if p.inView {
			where[p.i] = p.u
		}
	}
	for _, g := range sc.groups {
		u, ok := where[g[0]]
		if !ok {
			continue
		}
		cx, cy, ok := c.cellOf(cam, at(u))
		if !ok {
			continue
		}
		texts := []string{groupLabel(g), countLabel(g), "×" + strconv.Itoa(len(g))}
		if len(g) > listedMembers {
			texts = texts[1:]
		}
		for _, t := range texts {
			if c.label(cx, cy, t) {
				break
			}
		}
	}
	// Axis names at the positive ends, where they cover nothing; none for
	// an axis seen nearly end-on, whose name would sit on the origin. Axes
	// whose ends fall in one cell (seen edge-on, the worked example's x₁²
	// and x₂² do) share one name.
	type place struct{ x, y int }
	var places []place
	names := map[place][]string{}
	for _, ax := range sc.axes {
		end := at(scale3(ax.dir, scale))
		if x, y, _ := cam.project(end); math.Hypot(x, y) < 0.3 {
			continue
		}
		x, y, _ := cam.project(scale3(end, 1.12))
		fx, fy := c.toCell(x, y)
		if !common.IsFinite(fx) || !common.IsFinite(fy) {
			continue
		}
		p := place{int(math.Floor(fx)), int(math.Floor(fy))}
		if names[p] == nil {
			places = append(places, p)
		}
		names[p] = append(names[p], ax.name)
	}
	for _, p := range places {
		name := strings.Join(names[p], ",")
		n := len([]rune(name))
		c.write(max(0, min(w-n, p.x-n/2)), p.y, name, common.ColAxis, -1)
	}
	return c.lines(th)
}

// free reports whether text of n cells fits at (x0, y) with nothing under
// it but tint, dots and lines, a cell clear of any label on either side and
// two of any mark but its own (the cell own, −1 for none), so that it
// reads as a word of its own and not as another mark's.
func (c *sceneCanvas) free(x0, y, n, own int) bool {
	if y < 0 || y >= c.h || x0 < 0 || x0+n > c.w {
		return false
	}
	for x := max(0, x0-2); x < min(c.w, x0+n+2); x++ {
		at := y*c.w + x
		switch k := c.kind[at]; {
		case k == cellPoint && at != own:
			return false
		case k == cellLabel && x >= x0-1 && x <= x0+n:
			return false
		}
	}
	return true
}

// write puts text at (x0, y) in ink fg if it fits whole (free, beside the
// mark in cell own), and marks its cells as taken.
func (c *sceneCanvas) write(x0, y int, text string, fg uint8, own int) bool {
	rs := []rune(text)
	if !c.free(x0, y, len(rs), own) {
		return false
	}
	for j, r := range rs {
		at := y*c.w + x0 + j
		c.cells[at] = common.Cell{FG: fg, BG: common.ColNeutral, Glyph: string(r)}
		c.kind[at] = cellLabel
	}
	return true
}

// label writes text beside the mark at (cx, cy): right of it, left of
// it, or centred above or below, whichever fits first.
func (c *sceneCanvas) label(cx, cy int, text string) bool {
	n := len([]rune(text))
	for _, p := range [][2]int{{cx + 2, cy}, {cx - 1 - n, cy}, {cx - n/2, cy - 1}, {cx - n/2, cy + 1}} {
		x0 := max(0, min(c.w-n, p[0]))
		if p[1] == cy && (x0 > cx-1-n && x0 < cx+2) {
			continue // clamped onto the mark
		}
		if c.write(x0, p[1], text, common.ColText, cy*c.w+cx) {
			return true
		}
	}
	return false
}

// sparse reports whether cell (x, y) carries the color-free texture of
// the plane's sides: every fourth cell of every other row, staggered.
func sparse(x, y int) bool { return y%2 == 0 && (x+2*(y/2%2))%4 == 0 }

// alone reports whether the cells left and right of (x, y) are blank, so
// that a texture's sign there is not read with a word or a mark.
func (c *sceneCanvas) alone(x, y int) bool {
	for _, nx := range [2]int{x - 1, x + 1} {
		if nx >= 0 && nx < c.w && c.cells[y*c.w+nx].Glyph != "" {
			return false
		}
	}
	return true
}

// Glyphs of the two sides without color: small signs, apart from the
// points' + and −.
const (
	monoSidePos = "⁺"
	monoSideNeg = "⁻"
)

// lines writes the canvas as styled text, one string per row: the sides
// of the plane in the region's palest shade of their class's hue behind
// everything but the points (color-free: sparse small signs on blank
// cells).
func (c *sceneCanvas) lines(th *common.Theme) []string {
	out := make([]string, 0, c.h)
	var b strings.Builder
	for y := range c.h {
		b.Reset()
		for x := range c.w {
			at := y*c.w + x
			cl := c.cells[at]
			text := cl.Glyph
			side := c.side[at]
			if text == "" {
				text = " "
				cl.FG = common.ColNeutral
				if th.Mono && side != 0 && sparse(x, y) && c.alone(x, y) {
					text = map[int8]string{1: monoSidePos, -1: monoSideNeg}[side]
				}
			}
			if th.Mono && cl.Glyph == "•" {
				// The margins' outlines, told apart by shape.
				text = map[uint8]string{common.ColMarginP: common.MonoMarginP, common.ColMarginN: common.MonoMarginN}[cl.FG]
			}
			switch {
			case th.Mono && cl.Glyph != "" && cl.BG != common.ColNeutral:
				b.WriteString("\x1b[7m" + text + common.Reset)
			case th.Mono && cl.Bold:
				b.WriteString("\x1b[1m" + text + common.Reset)
			case th.Mono:
				b.WriteString(text)
			default:
				// Points keep their own plain cell, as on the region, so
				// that a class's ink never sits on its own hue.
				if cl.BG == common.ColNeutral && c.kind[at] != cellPoint {
					switch side {
					case 1:
						cl.BG = common.ColPos
					case -1:
						cl.BG = common.ColNeg
					}
				}
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
