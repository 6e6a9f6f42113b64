package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
)

// spectrumView draws the Gram matrix's eigenvalues and Mercer's verdict
// (seed 004, "Věta (Mercer's)": κ is a kernel iff its Gram matrices are
// positive semi-definite): the spectrum as bars, λ₁ ≥ … ≥ λₙ, λmin, and when
// K fails the smallest set of training points whose Gram submatrix is not
// PSD, written out so the student can check it by hand. It only draws: the
// eigendecomposition and the search run off the UI path, and set hands over
// their outcome.
type spectrumView struct {
	th   *Theme
	w, h int
	m    *learn.Mercer
	ce   *learn.Counterexample
	n    int
	note string
}

// SetSize sets the panel's size, border included.
func (v *spectrumView) SetSize(w, h int) { v.w, v.h = w, h }

// Update does nothing: the panel is given its data by set.
func (v *spectrumView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the panel in exactly its size.
func (v *spectrumView) View() string { return strings.Join(v.lines(), "\n") }

// set gives the panel a Mercer check of the n points' Gram matrix and its
// counter-example (either may be nil: not run, or not back yet); note says
// why, e.g. "computing…".
func (v *spectrumView) set(m *learn.Mercer, ce *learn.Counterexample, n int, note string) {
	v.m, v.ce, v.n, v.note = m, ce, n, note
}

const spectrumTitle = " Mercer: eigenvalues of K "

// spectrumChartMin is the fewest rows worth a chart: a bar, the zero line
// and a bar below it.
const spectrumChartMin = 3

// Where each kind of line goes, top to bottom.
const (
	slotStats = iota
	slotChart
	slotCaption
	slotVerdict
	slotNote
	slotHeader
	slotMatrix
	slotReason
	slotCount
)

// spectrumBlock is some lines of text for one slot, in a full form and a
// compact one for a short panel.
type spectrumBlock struct {
	slot          int
	full, compact []string
}

// lines draws the panel. Text blocks are taken in order of importance, in
// compact form while they fit beside the smallest chart, then widened in
// the same order; the chart gets the rows left.
func (v *spectrumView) lines() []string {
	th, w, h := v.th, v.w, v.h
	iw, ih := inner(w, h)
	if iw <= 0 || ih <= 0 {
		return box(th, spectrumTitle, nil, w, h)
	}
	var lay spectrumLayout
	chartable := v.n > 0 && v.m != nil && len(v.m.Eigenvalues) > 0 && allFinite(v.m.Eigenvalues)
	if chartable {
		lay = v.layout(iw)
		chartable = len(lay.cols) > 0
	}
	blocks := v.blocks(iw, lay)
	budget := ih
	if chartable && ih-spectrumChartMin >= 2 {
		budget = ih - spectrumChartMin
	}
	taken, used := make([][]string, len(blocks)), 0
	for i, b := range blocks {
		if used+len(b.compact) > budget {
			break
		}
		taken[i], used = b.compact, used+len(b.compact)
	}
	for i, b := range blocks {
		if extra := len(b.full) - len(taken[i]); taken[i] != nil && extra > 0 && used+extra <= budget {
			taken[i], used = b.full, used+extra
		}
	}
	var slots [slotCount][]string
	for i, b := range blocks {
		slots[b.slot] = append(slots[b.slot], taken[i]...)
	}
	if rows := ih - used; chartable && rows >= spectrumChartMin {
		slots[slotChart] = v.chart(lay, rows)
	}
	var out []string
	for _, s := range slots {
		out = append(out, s...)
	}
	return box(th, spectrumTitle, out, w, h)
}

// blocks are the panel's text in order of importance.
func (v *spectrumView) blocks(iw int, lay spectrumLayout) []spectrumBlock {
	th, m := v.th, v.m
	one := func(slot int, p paint, s string) spectrumBlock {
		l := []string{p.Render(s)}
		return spectrumBlock{slot, l, l}
	}
	wrapped := func(slot int, p paint, s string, n int) spectrumBlock {
		b := spectrumBlock{slot: slot, full: wrapLines(s, iw, n), compact: wrapLines(s, iw, 1)}
		for _, ls := range [][]string{b.full, b.compact} {
			for i := range ls {
				ls[i] = p.Render(ls[i])
			}
		}
		return b
	}
	var out []spectrumBlock
	switch {
	case v.n == 0:
		out = append(out, wrapped(slotVerdict, th.Dim, "no points: K is 0×0, nothing to check", 2))
	case m == nil:
		note := v.note
		if note == "" {
			note = "no eigenvalues yet"
		}
		return append(out, wrapped(slotNote, th.Dim, note, 3))
	case len(m.Eigenvalues) == 0:
		out = append(out, wrapped(slotVerdict, th.Dim, "no eigenvalues yet", 1))
	case !allFinite(m.Eigenvalues):
		out = append(out, wrapped(slotVerdict, th.Warn, "no eigenvalues: K overflows float64 (rescale the data or lower the degree)", 2))
	case m.PSD:
		out = append(out, wrapped(slotVerdict, th.Good, "λmin ≥ −tol: PSD ✓ — K is a kernel on these points (Mercer)", 2))
	default:
		out = append(out, wrapped(slotVerdict, th.Warn, "λmin < 0: not PSD ✗ — no feature space with K(x,z) = φ(x)·φ(z) (Mercer fails)", 2))
	}
	if v.note != "" {
		out = append(out, wrapped(slotNote, th.Dim, v.note, 2))
	}
	if v.n == 0 || len(m.Eigenvalues) == 0 || !allFinite(m.Eigenvalues) {
		return out
	}
	ev := m.Eigenvalues
	stats := fmt.Sprintf("λmax = %s  λmin = %s", num(ev[len(ev)-1], 8), num(ev[0], 8))
	for _, more := range []string{"  n = " + strconv.Itoa(len(ev)), "  tol = " + expNum(m.Tol, 8)} {
		if len([]rune(stats+more)) <= iw {
			stats += more
		}
	}
	out = append(out, one(slotStats, th.Bold, stats))
	if !m.PSD && v.ce != nil {
		out = append(out, v.counterBlocks(iw, one, wrapped)...)
	}
	caption := "bar height ∝ √|λ|, λ₁ ≥ λ₂ ≥ … ≥ λₙ"
	if lay.hidden > 0 {
		caption = fmt.Sprintf("bar height ∝ √|λ|, largest first; … hides %d", lay.hidden)
	}
	return append(out, one(slotCaption, th.Dim, caption))
}

// counterBlocks write the counter-example: its points, their Gram
// submatrix with its smallest eigenvalue, and why that breaks Mercer in
// terms a student can check by hand.
func (v *spectrumView) counterBlocks(iw int, one func(int, paint, string) spectrumBlock, wrapped func(int, paint, string, int) spectrumBlock) []spectrumBlock {
	th, ce := v.th, v.ce
	if !ce.Found || ce.Sub == nil {
		return []spectrumBlock{wrapped(slotHeader, th.Dim, ce.String(), 2)}
	}
	names := make([]string, len(ce.Points))
	for k, i := range ce.Points {
		names[k] = "x" + learn.Sub(i+1)
	}
	k := func(a, b int) string { // K₃₇, or K₁₂,₃₄ when an index has two digits
		sa, sb := learn.Sub(ce.Points[a]+1), learn.Sub(ce.Points[b]+1)
		if ce.Points[a] >= 9 || ce.Points[b] >= 9 {
			return "K" + sa + "," + sb
		}
		return "K" + sa + sb
	}
	out := []spectrumBlock{one(slotHeader, th.Bold, "counter-example: "+strings.Join(names, ", "))}
	lam := "λ = " + num(ce.MinEig, 8) + " < 0"
	switch len(ce.Points) {
	case 1:
		out = append(out, one(slotMatrix, th.Neg, fmt.Sprintf("%s = K(%s,%s) = %s < 0", k(0, 0), names[0], names[0], num(ce.Sub.At(0, 0), 8))),
			wrapped(slotReason, paint{}, "but K(x,x) = φ(x)·φ(x) = ‖φ(x)‖² ≥ 0 for every φ", 2))
		return out
	case 2:
		ad, bb := ce.Sub.At(0, 0)*ce.Sub.At(1, 1), ce.Sub.At(0, 1)*ce.Sub.At(0, 1)
		sad, sbb := unequal(ad, bb)
		ineq := fmt.Sprintf("%s·%s = %s < %s² = %s", k(0, 0), k(1, 1), sad, k(0, 1), sbb)
		r := wrapped(slotReason, paint{}, ineq+", against Cauchy–Schwarz |φᵢ·φⱼ| ≤ ‖φᵢ‖‖φⱼ‖", 2)
		r.compact = []string{ineq}
		out = append(out, v.matrixBlock(lam, iw), r)
	default:
		out = append(out, v.matrixBlock(lam, iw),
			wrapped(slotReason, paint{}, "every pair passes Cauchy–Schwarz: only the three together fail", 2))
	}
	return out
}

// matrixBlock writes the counter-example's Gram submatrix and its smallest
// eigenvalue lam: in brackets over its rows, or on one line, K = [ a b ; b d ],
// when that fits in iw.
func (v *spectrumView) matrixBlock(lam string, iw int) spectrumBlock {
	sub := v.ce.Sub
	n, cw := sub.SymmetricDim(), 0
	cells := make([][]string, n)
	for a := range n {
		for b := range n {
			s := num(gramRound(sub.At(a, b)), 8)
			cells[a] = append(cells[a], s)
			cw = max(cw, len([]rune(s)))
		}
	}
	rows := make([]string, n)
	for a := range n {
		for b := range n {
			cells[a][b] = padLeft(cells[a][b], cw)
		}
		rows[a] = strings.Join(cells[a], " ")
	}
	left, right := []string{"⎡", "⎣"}, []string{"⎤", "⎦"}
	if n == 3 {
		left, right = []string{"⎡", "⎢", "⎣"}, []string{"⎤", "⎥", "⎦"}
	}
	// λ goes two cells after the matrix, one when that makes it fit.
	sep := "  "
	if 4+2+len([]rune(rows[0]))+2+2+len([]rune(lam)) > iw {
		sep = " "
	}
	b := spectrumBlock{slot: slotMatrix}
	for a := range n {
		line := "    " + left[a] + " " + rows[a] + " " + right[a]
		if a == (n-1)/2 {
			line = "K = " + line[4:] + sep + v.th.Neg.Render(lam)
		}
		b.full = append(b.full, line)
	}
	// On one line when that fits, else in brackets however short the panel.
	b.compact = b.full
	if one := "K = [ " + strings.Join(rows, " ; ") + " ] " + sep + lam; len([]rune(one)) <= iw {
		b.compact = []string{"K = [ " + strings.Join(rows, " ; ") + " ]" + sep + v.th.Neg.Render(lam)}
	}
	return b
}

// spectrumLayout is how the chart's columns are laid out across the panel:
// a gutter of labels lw wide (0: none), then for each of cols an
// eigenvalue's index in descending order (−1: the gap of hidden ones), each
// cw cells with a bar bw wide.
type spectrumLayout struct {
	labels     [3]string // λmax, 0, λmin
	lw, cw, bw int
	cols       []int
	hidden     int
}

// layout fits the eigenvalues into iw cells: one column each when they fit
// (up to 4 cells wide), else the largest, a gap and the smallest, so λmin
// and the negative ones are always shown.
func (v *spectrumView) layout(iw int) spectrumLayout {
	ev, tol := v.m.Eigenvalues, v.m.Tol
	n := len(ev)
	l := spectrumLayout{labels: [3]string{num(ev[n-1], 6), "0", num(ev[0], 6)}}
	for _, s := range l.labels {
		l.lw = max(l.lw, len([]rune(s)))
	}
	avail := iw
	if iw >= l.lw+1+4 {
		l.lw, avail = l.lw+1, iw-l.lw-1
	} else {
		l.lw = 0
	}
	neg := 0
	for _, x := range ev {
		if x < -tol {
			neg++
		}
	}
	l.cols, l.cw, l.bw = spectrumColumns(n, avail, neg), 1, 1
	if len(l.cols) == n {
		l.cw = max(1, min(4, avail/n))
		l.bw = max(1, l.cw-1)
	} else if len(l.cols) > 2 {
		l.hidden = n - len(l.cols) + 1
	}
	return l
}

// spectrumColumns picks which of n eigenvalues, sorted descending, get one
// of cols columns: all when they fit; else the largest, a gap (−1) and the
// smallest, at least a third of the columns and every negative one that fits
// in half of them, λmin (the last) always.
func spectrumColumns(n, cols, neg int) []int {
	switch {
	case cols <= 0 || n == 0:
		return nil
	case n <= cols:
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	case cols == 1:
		return []int{n - 1}
	case cols == 2:
		return []int{0, n - 1}
	}
	tail := max(1, (cols-1)/3, min(neg, (cols-1)/2))
	out := make([]int, 0, cols)
	for i := range cols - 1 - tail {
		out = append(out, i)
	}
	out = append(out, -1)
	for i := n - tail; i < n; i++ {
		out = append(out, i)
	}
	return out
}

// chart draws the bars in rows rows: positive eigenvalues up from the zero
// line, negative ones down from it, bar height ∝ √|λ| so that a small
// negative eigenvalue still shows beside a large positive one. Heights are
// in eighths of a row (▁…█ up; ▔, ▀, █ down).
func (v *spectrumView) chart(l spectrumLayout, rows int) []string {
	th, ev, tol := v.th, v.m.Eigenvalues, v.m.Tol
	n := len(ev)
	hi, lo := ev[n-1], ev[0]
	top, bot := math.Sqrt(max(hi, 0)), 0.0
	if lo < -tol {
		bot = math.Sqrt(-lo)
	}
	up, down := rows-1, 0 // rows above and below the zero line
	switch {
	case bot > 0 && top > 0:
		down = min(up-1, max(1, int(math.Round(float64(up)*bot/(top+bot)))))
		up -= down
	case bot > 0:
		up, down = 0, up
	}
	unit := 0.0 // √|λ| per row, the same above and below
	if up > 0 {
		unit = top / float64(up)
	}
	if down > 0 {
		unit = max(unit, bot/float64(down))
	}
	eighths := make([]int, len(l.cols))
	for c, i := range l.cols {
		if x := ev[n-1-max(i, 0)]; i >= 0 && unit > 0 && math.Abs(x) > tol {
			eighths[c] = max(1, int(math.Round(math.Sqrt(math.Abs(x))/unit*8)))
		}
	}
	gutter := func(label, tick string) string {
		if l.lw == 0 {
			return ""
		}
		return th.Dim.Render(padLeft(label, l.lw-1) + tick)
	}
	bars := func(glyph func(c int, x float64) string) string {
		var b strings.Builder
		for c, i := range l.cols {
			g := " "
			if i >= 0 {
				g = glyph(c, ev[n-1-i])
			}
			b.WriteString(strings.Repeat(g, l.bw) + strings.Repeat(" ", l.cw-l.bw))
		}
		return b.String()
	}
	out := make([]string, 0, rows)
	for r := range up {
		level := (up - 1 - r) * 8
		row := bars(func(c int, x float64) string {
			if x <= 0 {
				return " "
			}
			return spectrumRise[min(8, max(0, eighths[c]-level))]
		})
		label, tick := "", "│"
		if r == 0 {
			label, tick = l.labels[0], "┤"
		}
		out = append(out, gutter(label, tick)+th.Pos.Render(row))
	}
	var axis strings.Builder
	for _, i := range l.cols {
		if i < 0 {
			axis.WriteString("…" + strings.Repeat("─", l.cw-1))
		} else {
			axis.WriteString(strings.Repeat("─", l.cw))
		}
	}
	out = append(out, gutter(l.labels[1], "┼")+th.Dim.Render(axis.String()))
	for r := range down {
		level := r * 8
		row := bars(func(c int, x float64) string {
			if x >= 0 {
				return " "
			}
			switch f := eighths[c] - level; {
			case f >= 8:
				return "█"
			case f >= 4:
				return "▀"
			case f >= 1:
				return "▔"
			}
			return " "
		})
		label, tick := "", "│"
		if r == down-1 {
			label, tick = l.labels[2], "┤"
		}
		out = append(out, gutter(label, tick)+th.Neg.Render(row))
	}
	return out
}

// spectrumRise are the bars rising by eighths of a cell.
var spectrumRise = [9]string{" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}

// unequal writes a and b (a < b) with as many digits as it takes for them
// to read different: 3 decimals, more when those agree.
func unequal(a, b float64) (string, string) {
	sa, sb := num(a, 8), num(b, 8)
	for prec := 6; sa == sb && prec <= 12; prec += 3 {
		sa = strings.Replace(strconv.FormatFloat(a, 'g', prec, 64), "-", "−", 1)
		sb = strings.Replace(strconv.FormatFloat(b, 'g', prec, 64), "-", "−", 1)
	}
	return sa, sb
}

func allFinite(xs []float64) bool {
	for _, x := range xs {
		if !isFinite(x) {
			return false
		}
	}
	return true
}
