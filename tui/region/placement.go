package region

// placement keeps the points' markers apart on the plot's cells. Points
// are placed most important first, and a marker is drawn whole or not at
// all: it takes the cells it covers, centred on its point's cell where
// they are free, else shifted (still covering that cell) to where they
// are; a marker that fits nowhere falls back to the point's own cell, one
// glyph; and a point whose own cell is taken merges with the marker
// there, as points that share a cell always have. So projector mode's
// [+] and ++ never overlap into a half bracket ("−[[[−[+]", "[−]−]"), and
// the one-cell markers of normal mode show the most important point of a
// cell, as before.
type placement struct {
	w, h  int
	taken []bool // cell y*w+x holds (part of) a marker
}

// reset clears the cells for a plot of w×h, keeping the storage.
func (p *placement) reset(w, h int) {
	p.w, p.h = w, h
	n := max(0, w*h)
	if cap(p.taken) < n {
		p.taken = make([]bool, n)
	}
	p.taken = p.taken[:n]
	clear(p.taken)
}

// place finds cells for a marker n wide for the point in cell (cx, cy),
// takes them, and returns the first and how many: n when a run of n free
// cells covers (cx, cy) (the centred one first, then the others from
// the left), 1 when only (cx, cy) itself is free, 0 when it is taken (the
// point merges with the marker drawn there).
func (p *placement) place(cx, cy, n int) (x0, width int) {
	if cx < 0 || cx >= p.w || cy < 0 || cy >= p.h || p.taken[cy*p.w+cx] {
		return 0, 0
	}
	row := p.taken[cy*p.w : (cy+1)*p.w]
	free := func(x0, n int) bool {
		if x0 < 0 || x0+n > p.w {
			return false
		}
		for _, t := range row[x0 : x0+n] {
			if t {
				return false
			}
		}
		return true
	}
	take := func(x0, n int) (int, int) {
		for x := x0; x < x0+n; x++ {
			row[x] = true
		}
		return x0, n
	}
	if n > 1 && n <= p.w {
		// Centred, shifted inward at the plot's edges, as a marker
		// always was.
		if c := max(0, min(p.w-n, cx-(n-1)/2)); free(c, n) {
			return take(c, n)
		}
		for x0 := cx - n + 1; x0 <= cx; x0++ {
			if free(x0, n) {
				return take(x0, n)
			}
		}
	}
	return take(cx, 1)
}
