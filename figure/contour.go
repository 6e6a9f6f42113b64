package figure

import (
	"math"

	"gonum.org/v1/plot/vg"

	"kernelscope/learn"
)

// xy is a point of the plane, in data units.
type xy struct{ x1, x2 float64 }

// polyline is a contour line through data points; closed when it returns
// to its start.
type polyline struct {
	pts    []xy
	closed bool
}

// levelSet is where f = level on the lattice fd, by marching squares
// (Lorensen & Cline 1987, in the 2D form of Maple 2003): each cell of four
// neighbouring lattice points whose corners lie on both sides of the level
// holds one segment (two at a saddle, split by the cell's mean), with its
// ends placed on the cell's edges by linear interpolation,
//
//	t = (level − f₀)/(f₁ − f₀)
//
// and the segments are joined into polylines through the edges they share.
// A corner is above the level when f > level; a cell with a NaN corner
// holds nothing, and an edge with an infinite end takes its midpoint.
func levelSet(fd *learn.Field, level float64) []polyline {
	w, h := fd.W, fd.H
	if w < 2 || h < 2 {
		return nil
	}
	v := fd.Values
	above := func(g int) bool { return v[g] > level }
	// Edge ids: 2g is the edge from lattice point g to its right
	// neighbour, 2g+1 the edge from g to the point below it.
	right := func(c, r int) int { return 2 * (r*w + c) }
	down := func(c, r int) int { return 2*(r*w+c) + 1 }
	var segs [][2]int
	for r := range h - 1 {
		for c := range w - 1 {
			tl, tr, bl, br := r*w+c, r*w+c+1, (r+1)*w+c, (r+1)*w+c+1
			if math.IsNaN(v[tl]) || math.IsNaN(v[tr]) || math.IsNaN(v[bl]) || math.IsNaN(v[br]) {
				continue
			}
			top, bottom, left, rgt := right(c, r), right(c, r+1), down(c, r), down(c+1, r)
			k := 0
			for i, g := range [4]int{tl, tr, br, bl} {
				if above(g) {
					k |= 8 >> i
				}
			}
			// k's bits, high to low: tl, tr, br, bl.
			switch k {
			case 0, 15:
			case 1, 14: // bl alone on its side
				segs = append(segs, [2]int{left, bottom})
			case 2, 13: // br
				segs = append(segs, [2]int{bottom, rgt})
			case 4, 11: // tr
				segs = append(segs, [2]int{top, rgt})
			case 8, 7: // tl
				segs = append(segs, [2]int{left, top})
			case 3, 12: // the bottom pair against the top pair
				segs = append(segs, [2]int{left, rgt})
			case 6, 9: // the right pair against the left pair
				segs = append(segs, [2]int{top, bottom})
			case 5, 10: // a saddle: the cell's mean decides which corners join
				mean := (v[tl] + v[tr] + v[bl] + v[br]) / 4
				if (mean > level) == (k == 5) {
					// tr and bl join through the centre: tl and br are cut off.
					segs = append(segs, [2]int{left, top}, [2]int{bottom, rgt})
				} else {
					segs = append(segs, [2]int{top, rgt}, [2]int{left, bottom})
				}
			}
		}
	}
	at := func(e int) xy {
		g := e / 2
		c, r := g%w, g/w
		g2, c2, r2 := g+1, c+1, r
		if e%2 == 1 {
			g2, c2, r2 = g+w, c, r+1
		}
		t := 0.5
		if f0, f1 := v[g], v[g2]; !math.IsInf(f0, 0) && !math.IsInf(f1, 0) && f1 != f0 {
			t = math.Min(1, math.Max(0, (level-f0)/(f1-f0)))
		}
		a1, a2 := fd.Point(c, r)
		b1, b2 := fd.Point(c2, r2)
		return xy{a1 + t*(b1-a1), a2 + t*(b2-a2)}
	}
	return join(segs, at)
}

// join links segments that share an edge into polylines: first the ones
// that end on the lattice's border, then the closed loops.
func join(segs [][2]int, at func(edge int) xy) []polyline {
	ends := make(map[int][]int, 2*len(segs)) // edge → the segments at it (at most 2)
	for i, s := range segs {
		ends[s[0]] = append(ends[s[0]], i)
		ends[s[1]] = append(ends[s[1]], i)
	}
	used := make([]bool, len(segs))
	walk := func(e int) polyline {
		line := polyline{pts: []xy{at(e)}}
		start := e
		for {
			next := -1
			for _, i := range ends[e] {
				if !used[i] {
					used[i], next = true, i
					break
				}
			}
			if next < 0 {
				return line
			}
			// Leave the segment by its other end.
			if s := segs[next]; s[0] == e {
				e = s[1]
			} else {
				e = s[0]
			}
			if e == start {
				line.closed = true
				return line
			}
			line.pts = append(line.pts, at(e))
		}
	}
	var lines []polyline
	for i, s := range segs {
		for _, e := range s {
			if !used[i] && len(ends[e]) == 1 {
				lines = append(lines, walk(e))
			}
		}
	}
	for i, s := range segs {
		if !used[i] {
			lines = append(lines, walk(s[0]))
		}
	}
	return lines
}

// maxTouchWork bounds the kernel evaluations spent looking for touching
// zeros: about a tenth of a second.
const maxTouchWork = 20_000_000

// touchingZeros are the points near which f reaches 0 without changing
// sign (learn.TouchingZeros, which the terminal program's region uses too),
// and their lattice indices: the anti-diagonal of seed 003's
// f(x) = (x₁ + x₂)², where the −1 points sit.
func touchingZeros(fd *learn.Field, e learn.Expansion) (pts []xy, at []int) {
	for _, z := range learn.TouchingZeros(fd, e, maxTouchWork) {
		pts, at = append(pts, xy{z.X1, z.X2}), append(at, z.At)
	}
	return pts, at
}

// touchLines links touching zeros at neighbouring lattice points (across,
// down or diagonally) into segments, so that a line of them reads as a
// line.
func touchLines(w int, pts []xy, at []int) []polyline {
	index := make(map[int]int, len(at))
	for k, g := range at {
		index[g] = k
	}
	var lines []polyline
	for k, g := range at {
		c, r := g%w, g/w
		for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
			if c+d[0] < 0 || c+d[0] >= w {
				continue
			}
			if k2, ok := index[(r+d[1])*w+c+d[0]]; ok {
				lines = append(lines, polyline{pts: []xy{pts[k], pts[k2]}})
			}
		}
	}
	return lines
}

// contour draws polylines in one line style, and a disc of the line's
// width at each of dots (the touching zeros, so a row of them reads as
// one line).
type contour struct {
	lines []polyline
	dots  []xy
	style lineStyle
}

// draw draws the contour on the page.
func (k *contour) draw(c canvas, f *frame) {
	pt := func(q xy) vg.Point { return f.at(q.x1, q.x2) }
	for _, l := range k.lines {
		if len(l.pts) < 2 {
			continue
		}
		var path vg.Path
		path.Move(pt(l.pts[0]))
		for _, q := range l.pts[1:] {
			path.Line(pt(q))
		}
		if l.closed {
			path.Close()
		}
		c.stroke(path, k.style)
	}
	for _, q := range k.dots {
		var path vg.Path
		centre := pt(q)
		path.Move(vg.Point{X: centre.X + k.style.Width/2, Y: centre.Y})
		path.Arc(centre, k.style.Width/2, 0, 2*math.Pi)
		path.Close()
		c.fill(path, k.style.Color)
	}
}
