package feature

import (
	"math"
	"strings"

	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
)

// The feature space of points on a line (seed 003, "Non-linear features:
// 1D input": points x that no threshold separates, mapped to (x, x²)
// where a line does). On the line x₂ = 0, (x·z + 1)² has φ(x) = (1,
// √2·x, x²) (learn.FeatureMap.OnLine): the constant is the same for every
// point, so the picture is the notes' plane (u, v) = (x, x²), the points
// lifted onto the parabola v = u², and w·φ = 0, which is w₀ + √2·w₁·u +
// w₂·v = 0 there, a straight line across it with its two sides tinted. The
// plane is flat: nothing turns.

// planeScene is that picture.
type planeScene struct {
	// pts are (xᵢ, xᵢ²) of the examples index names.
	pts   [][2]float64
	index []int
	// c are g's coefficients: f(x) = g(x, x²) = c[0] + c[1]·u + c[2]·v,
	// b included; the boundary is g = 0, the SVM's margins g = ±1.
	c       [3]float64
	margins bool
}

// planar reports whether m, a map on the line, is drawn as the plane (x,
// x²): its features are powers of x up to 2, x² among them (any
// polynomial kernel of degree 2 on its own, with bias or without).
func planar(m *learn.FeatureMap) bool {
	square := false
	for k := range m.Dim() {
		a, b := m.Powers(k)
		if b != 0 || a > 2 {
			return false
		}
		square = square || a == 2
	}
	return square
}

// PlaneOf reports whether the feature view of points on a line under
// kernel k (with bias augmentation or without) is the flat plane (x, x²),
// which the arrows do not turn.
func PlaneOf(k learn.Kernel, bias bool) bool {
	m, err := learn.ExplicitMap(k, bias)
	return err == nil && planar(m.OnLine())
}

// planeSpace is the feature space of points on a line whose φ there is
// planar: the points (x, x²), g from w on the line, and the notes under
// the picture: w on φ, the boundary as a line of the plane, and where
// f > 0.
func planeSpace(in learn.ProjectionInput, e learn.Expansion, line *learn.Primal, margins bool) *FeatureSpace {
	ps := &planeScene{margins: margins}
	m := line.Map
	// g's coefficients are f's on the line, c[a] = Σ wₖκₖ over the
	// features κₖxᵃ (and b), as learn writes f: rounding noise 0.
	if c, ok := learn.LinePoly(e); ok && len(c) <= 3 {
		copy(ps.c[:], c)
	} else {
		for k := range m.Dim() {
			a, _ := m.Powers(k)
			ps.c[a] += line.W[k] * m.Const(k)
		}
		ps.c[0] += line.B
	}
	for i, x := range in.X {
		ps.pts = append(ps.pts, [2]float64{x.X1, x.X1 * x.X1})
		ps.index = append(ps.index, i)
	}
	fs := &FeatureSpace{plane: ps, name: "feature space", detail: m.String() + ", the plane (x, x²)"}
	fn := line.Function()
	boundary := fn + " = 0: a straight line in the plane (x, x²)"
	if ps.c[1] == 0 && ps.c[2] == 0 {
		boundary = fn + " everywhere: w = 0, no line yet"
	}
	fs.notes = append(fs.notes, note{line.String(), rankWeights}, note{boundary, rankFunction})
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range ps.pts {
		lo, hi = math.Min(lo, p[0]), math.Max(hi, p[0])
	}
	if pos := learn.PositiveOnLine(e, lo, hi); pos.Exact && (ps.c[1] != 0 || ps.c[2] != 0) {
		fs.notes = append(fs.notes, note{"f > 0, the +1 side of the line, for " + notation.Where(pos.Set, "x"), rankNorm})
	}
	return fs
}

// planeGutter is the width of the x² axis's values left of the plane.
const planeGutter = 7

// renderPlane draws ps in exactly w×h cells, its points pts (u: (x, x²)),
// the one visited next (current) marked: the plane (x, x²) with its
// two sides of g = 0 in the palest shade of their class, the line g = 0
// (and the SVM's g = ±1), the parabola v = u² the points lie on, dotted,
// the points as the region draws them, the x² values in a gutter on the
// left and the x values under it.
func renderPlane(th *common.Theme, ps *planeScene, pts []ScenePoint, current int, w, h int) []string {
	pw, ph := w-planeGutter, h-1
	if pw < 4 || ph < 2 {
		return common.Blank(max(0, w), max(0, h))
	}
	// The view: the points' x with a tenth either side, and v from a
	// little below 0 (the parabola's vertex stays clear of the edge) to a
	// little above the largest x².
	ulo, uhi, vhi := math.Inf(1), math.Inf(-1), 0.0
	for _, p := range ps.pts {
		if common.IsFinite(p[0]) && common.IsFinite(p[1]) {
			ulo, uhi, vhi = math.Min(ulo, p[0]), math.Max(uhi, p[0]), math.Max(vhi, p[1])
		}
	}
	if !(uhi > ulo) {
		ulo, uhi = ulo-1, uhi+1
		if math.IsInf(ulo, 0) {
			ulo, uhi = -1, 1
		}
	}
	pad := (uhi - ulo) / 10
	ulo, uhi = ulo-pad, uhi+pad
	if !(vhi > 0) {
		vhi = 1
	}
	vlo := -vhi / 10
	vhi += vhi / 10
	px := 2 * ph
	u := func(c int) float64 { return ulo + (float64(c)+0.5)/float64(pw)*(uhi-ulo) }
	v := func(p int) float64 { return vhi - (float64(p)+0.5)/float64(px)*(vhi-vlo) }
	g := func(c, p int) float64 { return ps.c[0] + ps.c[1]*u(c) + ps.c[2]*v(p) }
	flat := ps.c[1] == 0 && ps.c[2] == 0
	side := func(val float64) int {
		switch {
		case flat || val == 0:
			return 0
		case val > 0:
			return 1
		}
		return -1
	}
	// Pixel colours: the sides, then the lines where g, g − 1 or g + 1
	// changes sign to the right or below, then the parabola.
	colors := make([]uint8, pw*px)
	mono := make([]string, pw*ph) // glyphs without colour
	levels := []struct {
		at  float64
		col uint8
	}{{0, common.ColBoundary}}
	if ps.margins {
		levels = append(levels, struct {
			at  float64
			col uint8
		}{1, common.ColMarginP}, struct {
			at  float64
			col uint8
		}{-1, common.ColMarginN})
	}
	for p := range px {
		for c := range pw {
			val := g(c, p)
			col := uint8(common.ColNeutral)
			switch side(val) {
			case 1:
				col = common.ColPos
			case -1:
				col = common.ColNeg
			}
			if !flat {
				for _, l := range levels {
					a := val >= l.at
					if (c+1 < pw && (g(c+1, p) >= l.at) != a) || (p+1 < px && (g(c, p+1) >= l.at) != a) {
						col = l.col
						break
					}
				}
			}
			colors[p*pw+c] = col
		}
	}
	// The parabola v = u², a pixel a column (and those between, where it
	// is steep), in the axes' grey.
	pix := func(val float64) int { return int(math.Floor((vhi - val) / (vhi - vlo) * float64(px))) }
	for c := range pw {
		top, bot := pix(u(c)*u(c)), pix(u(c)*u(c))
		for _, n := range [2]int{c - 1, c + 1} {
			if n >= 0 && n < pw {
				mid := (pix(u(c)*u(c)) + pix(u(n)*u(n))) / 2
				top, bot = min(top, mid), max(bot, mid)
			}
		}
		for p := max(0, top); p <= min(px-1, bot); p++ {
			colors[p*pw+c] = common.ColAxis
			mono[(p/2)*pw+c] = "·"
		}
	}
	cells := make([]common.Cell, pw*ph)
	for cy := range ph {
		for c := range pw {
			up, down := colors[2*cy*pw+c], colors[(2*cy+1)*pw+c]
			cell := common.Cell{FG: up, BG: down}
			if th.Mono {
				gl := mono[cy*pw+c]
				switch {
				case up == common.ColBoundary || down == common.ColBoundary:
					gl = common.MonoBoundary
				case up == common.ColMarginP || down == common.ColMarginP:
					gl = common.MonoMarginP
				case up == common.ColMarginN || down == common.ColMarginN:
					gl = common.MonoMarginN
				case gl == "" && sparse(c, cy) && (up == common.ColPos || up == common.ColNeg):
					gl = map[uint8]string{common.ColPos: monoSidePos, common.ColNeg: monoSideNeg}[up]
				case gl == "":
					gl = " "
				}
				cell = common.Cell{FG: common.ColNeutral, BG: common.ColNeutral, Glyph: gl}
			}
			cells[cy*pw+c] = cell
		}
	}
	// The points, the marked one last, each in the cell of (x, x²).
	cellOf := func(q [2]float64) (int, int, bool) {
		c := int(math.Floor((q[0] - ulo) / (uhi - ulo) * float64(pw)))
		r := int(math.Floor((vhi - q[1]) / (vhi - vlo) * float64(ph)))
		return c, r, c >= 0 && c < pw && r >= 0 && r < ph && common.IsFinite(q[0]) && common.IsFinite(q[1])
	}
	rank := func(sp ScenePoint) int {
		switch {
		case sp.i == current:
			return 2
		case sp.sv:
			return 1
		}
		return 0
	}
	for pass := range 3 {
		for _, sp := range pts {
			if rank(sp) != pass {
				continue
			}
			c, r, ok := cellOf([2]float64{sp.u[0], sp.u[1]})
			if !ok {
				continue
			}
			ink := uint8(common.ColNegInk)
			if sp.pos {
				ink = common.ColPosInk
			}
			cl := common.Cell{FG: ink, BG: common.ColNeutral, Glyph: common.PointGlyph(sp.pos, sp.sv), Bold: true}
			if sp.sv {
				cl.FG, cl.BG = common.ColNeutral, ink
			}
			if sp.i == current {
				cl.FG, cl.BG = common.ColNeutral, common.ColCurrent
			}
			cells[r*pw+c] = cl
		}
	}
	// The gutter's x² values and name, and the x axis under the plane.
	labels := map[int]string{}
	for _, val := range common.AxisTicks(vlo, vhi, max(2, ph/4), ph/2) {
		if r := int(math.Floor((vhi - val) / (vhi - vlo) * float64(ph))); r >= 0 && r < ph && labels[r] == "" {
			labels[r] = common.Num(val, planeGutter-1)
		}
	}
	if labels[0] == "" && labels[1] == "" {
		labels[0] = "x²"
	} else if r, ok := freeRow(labels, ph); ok {
		labels[r] = "x²"
	}
	out := make([]string, 0, h)
	for cy := range ph {
		var b strings.Builder
		b.WriteString(th.Dim.Render(common.PadLeft(labels[cy], planeGutter-1) + " "))
		for c := range pw {
			cl := cells[cy*pw+c]
			switch {
			case th.Mono && cl.BG != common.ColNeutral:
				b.WriteString("\x1b[7m" + cl.Glyph + common.Reset)
			case th.Mono && cl.Bold:
				b.WriteString("\x1b[1m" + cl.Glyph + common.Reset)
			case th.Mono:
				b.WriteString(cl.Glyph)
			case cl.Glyph == "":
				b.WriteString(th.CellStyle(cl.FG, cl.BG) + "▀" + common.Reset)
			default:
				b.WriteString("\x1b[1m" + th.CellStyle(cl.FG, cl.BG) + cl.Glyph + common.Reset)
			}
		}
		out = append(out, b.String())
	}
	return append(out, strings.Repeat(" ", planeGutter)+th.Dim.Render(xTicks(ulo, uhi, pw)))
}

// xTicks is the line of x's values under a plot pw cells wide over [lo,
// hi], each at the cell its value falls in, and the name x at the right.
func xTicks(lo, hi float64, pw int) string {
	axis := []rune(strings.Repeat(" ", pw))
	place := func(s string, at int) {
		rs := []rune(s)
		if at < 0 || at+len(rs) > pw {
			return
		}
		for i := max(0, at-1); i < min(pw, at+len(rs)+1); i++ {
			if axis[i] != ' ' {
				return
			}
		}
		copy(axis[at:], rs)
	}
	place("x", pw-1)
	for _, val := range common.AxisTicks(lo, hi, max(2, pw/12), pw/6) {
		t := common.Num(val, 10)
		c := int(math.Floor((val - lo) / (hi - lo) * float64(pw)))
		place(t, c-len([]rune(t))/2)
	}
	return string(axis)
}

// freeRow is the row of rows nearest the middle with no label and none
// next to it, so that a name does not read as a value.
func freeRow(labels map[int]string, rows int) (int, bool) {
	for k := range rows {
		for _, cy := range [2]int{rows/2 - k, rows/2 + k} {
			if cy >= 0 && cy < rows && labels[cy] == "" && labels[cy-1] == "" && labels[cy+1] == "" {
				return cy, true
			}
		}
	}
	return 0, false
}
