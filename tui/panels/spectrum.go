package panels

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/tui/common"
)

// SpectrumView draws the Gram matrix's eigenvalues and Mercer's verdict
// (seed 004, "Věta (Mercer's)": κ is a kernel iff its Gram matrices are
// PSD): the spectrum as bars, λmin, and when K fails the smallest set of
// points whose Gram submatrix is not PSD, to check by hand. It only draws:
// the eigendecomposition and the search run off the UI path.
type SpectrumView struct {
	th   *common.Theme
	w, h int
	m    *learn.Mercer
	ce   *learn.Counterexample
	n    int
	note string
}

// SetSize sets the panel's size, border included.
func (v *SpectrumView) SetSize(w, h int) { v.w, v.h = w, h }

// Update does nothing: the panel is given its data by set.
func (v *SpectrumView) Update(tea.Msg) tea.Cmd { return nil }

// View draws the panel in exactly its size.
func (v *SpectrumView) View() string { return strings.Join(v.lines(), "\n") }

// Set gives the panel the Mercer check of n points' Gram matrix and its
// counter-example (nil: not run or not back); note says why ("computing…").
func (v *SpectrumView) Set(m *learn.Mercer, ce *learn.Counterexample, n int, note string) {
	v.m, v.ce, v.n, v.note = m, ce, n, note
}

const (
	spectrumTitle    = " Mercer: eigenvalues of K "
	spectrumChartMin = 3 // rows: a bar, the zero line and a bar below it
)

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

// spectrumBlock is the text of one slot, full and compact (a short panel).
type spectrumBlock struct {
	slot          int
	full, compact []string
}

// spectrumText is s in style p wrapped to n lines of width iw (compact: one).
func spectrumText(slot int, p common.Paint, s string, iw, n int) spectrumBlock {
	b := spectrumBlock{slot, []string{s}, []string{s}}
	if n > 1 {
		b.full, b.compact = common.WrapLines(s, iw, n), common.WrapLines(s, iw, 1)
	}
	for _, ls := range [][]string{b.full, b.compact} {
		for i := range ls {
			ls[i] = p.Render(ls[i])
		}
	}
	return b
}

// verdictText is the verdict's block: the long sentence wrapped whole,
// and in a short panel the short one (itself wrapped whole), never a
// sentence cut off.
func verdictText(p common.Paint, long, short string, iw int) spectrumBlock {
	b := spectrumBlock{slot: slotVerdict, full: common.Wrap(iw, long), compact: common.Wrap(iw, short)}
	if len(b.full) > 3 {
		b.full = b.compact
	}
	for _, ls := range [][]string{b.full, b.compact} {
		for i := range ls {
			ls[i] = p.Render(ls[i])
		}
	}
	return b
}

// lines draws the panel: text blocks in order of importance, compact while
// they fit beside the smallest chart, then widened; the chart gets the rest.
func (v *SpectrumView) lines() []string {
	iw, ih := common.Inner(v.w, v.h)
	var lay spectrumLayout
	if v.n > 0 && v.m != nil && len(v.m.Eigenvalues) > 0 && allFinite(v.m.Eigenvalues) {
		lay = v.layout(iw)
	}
	blocks, budget := v.blocks(iw, lay), ih
	if len(lay.cols) > 0 && ih-spectrumChartMin >= 2 {
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
	if rows := ih - used; len(lay.cols) > 0 && rows >= spectrumChartMin {
		slots[slotChart] = v.chart(lay, rows)
	}
	return common.Box(v.th, spectrumTitle, slices.Concat(slots[:]...), v.w, v.h)
}

// blocks are the panel's text in order of importance.
func (v *SpectrumView) blocks(iw int, lay spectrumLayout) []spectrumBlock {
	th, m := v.th, v.m
	var out []spectrumBlock
	switch {
	case v.n == 0:
		return []spectrumBlock{spectrumText(slotVerdict, th.Dim, "no points: K is 0×0, nothing to check", iw, 2)}
	case m == nil || len(m.Eigenvalues) == 0:
		return []spectrumBlock{spectrumText(slotNote, th.Dim, cmp.Or(v.note, "no eigenvalues yet"), iw, 3)}
	case !allFinite(m.Eigenvalues):
		return []spectrumBlock{spectrumText(slotVerdict, th.Warn, "no eigenvalues: K overflows float64 (rescale the data or lower the degree)", iw, 3)}
	case m.PSD:
		out = append(out, verdictText(th.Good, "λmin ≥ −tol: PSD ✓ — K is a kernel on these points (Mercer)", "λmin ≥ −tol: PSD ✓ (Mercer)", iw))
	default:
		out = append(out, verdictText(th.Warn, "λmin < 0: not PSD ✗ — no feature space with K(x,z) = φ(x)·φ(z) (Mercer fails)", "λmin < 0: not PSD ✗ (Mercer fails)", iw))
	}
	if v.note != "" {
		out = append(out, spectrumText(slotNote, th.Dim, v.note, iw, 2))
	}
	ev := m.Eigenvalues
	stats := fmt.Sprintf("λmax = %s  λmin = %s", common.Num(ev[len(ev)-1], 8), common.Num(ev[0], 8))
	for _, more := range []string{"  n = " + strconv.Itoa(len(ev)), "  tol = " + common.ExpNum(m.Tol, 8)} {
		if len([]rune(stats+more)) <= iw {
			stats += more
		}
	}
	out = append(out, spectrumText(slotStats, th.Bold, stats, iw, 1))
	if !m.PSD && v.ce != nil {
		out = append(out, v.counterBlocks(iw)...)
	}
	// The caption whole, or a shorter one (never cut: "… hides 30" is
	// what the axis's … means).
	captions := []string{"bar height ∝ √|λ|, λ₁ ≥ λ₂ ≥ … ≥ λₙ", "√|λ|, λ₁ ≥ … ≥ λₙ"}
	if lay.hidden > 0 {
		captions = []string{fmt.Sprintf("bar height ∝ √|λ|, largest first; … hides %d", lay.hidden), fmt.Sprintf("largest first; … hides %d", lay.hidden), fmt.Sprintf("… hides %d", lay.hidden)}
	}
	caption := captions[len(captions)-1]
	for _, c := range captions {
		if ansi.StringWidth(c) <= iw {
			caption = c
			break
		}
	}
	return append(out, spectrumText(slotCaption, th.Dim, caption, iw, 1))
}

// counterBlocks write the counter-example: its points, their Gram submatrix
// and smallest eigenvalue, and why that breaks Mercer, to check by hand.
func (v *SpectrumView) counterBlocks(iw int) []spectrumBlock {
	th, ce := v.th, v.ce
	if !ce.Found || ce.Sub == nil {
		return []spectrumBlock{spectrumText(slotHeader, th.Dim, ce.String(), iw, 2)}
	}
	names := make([]string, len(ce.Points))
	for k, i := range ce.Points {
		names[k] = "x" + learn.Sub(i+1)
	}
	comma := "" // K₃₇, or K₁₂,₃₄ when an index has two digits
	if ce.Points[len(ce.Points)-1] >= 9 {
		comma = ","
	}
	k := func(a, b int) string { return "K" + learn.Sub(ce.Points[a]+1) + comma + learn.Sub(ce.Points[b]+1) }
	out := []spectrumBlock{spectrumText(slotHeader, th.Bold, "counter-example: "+strings.Join(names, ", "), iw, 1)}
	switch len(ce.Points) {
	case 1:
		return append(out, spectrumText(slotMatrix, th.Neg, fmt.Sprintf("%s = K(%s,%s) = %s < 0", k(0, 0), names[0], names[0], common.Num(ce.Sub.At(0, 0), 8)), iw, 1),
			spectrumText(slotReason, common.Paint{}, "but K(x,x) = φ(x)·φ(x) = ‖φ(x)‖² ≥ 0 for every φ", iw, 2))
	case 2:
		// Kᵢᵢ Kⱼⱼ < Kᵢⱼ² breaks Cauchy–Schwarz: (φᵢ·φⱼ)² ≤ ‖φᵢ‖²‖φⱼ‖².
		sad, sbb := unequal(ce.Sub.At(0, 0)*ce.Sub.At(1, 1), ce.Sub.At(0, 1)*ce.Sub.At(0, 1))
		ineq := fmt.Sprintf("%s·%s = %s < %s² = %s", k(0, 0), k(1, 1), sad, k(0, 1), sbb)
		r := spectrumText(slotReason, common.Paint{}, ineq+", against Cauchy–Schwarz |φᵢ·φⱼ| ≤ ‖φᵢ‖‖φⱼ‖", iw, 2)
		r.compact = []string{ineq}
		return append(out, v.matrixBlock(), r)
	}
	// MercerCounterexample tries every pair before any triple.
	return append(out, v.matrixBlock(), spectrumText(slotReason, common.Paint{}, "every pair passes Cauchy–Schwarz: only the three together fail", iw, 2))
}

// matrixBlock writes the counter-example's Gram submatrix, in brackets over
// its rows, and its smallest eigenvalue.
func (v *SpectrumView) matrixBlock() spectrumBlock {
	sub, lam := v.ce.Sub, "λ = "+common.Num(v.ce.MinEig, 8)+" < 0"
	n := sub.SymmetricDim()
	cells, cw := make([]string, n*n), 0
	for k := range cells {
		cells[k] = common.Num(common.GramRound(sub.At(k/n, k%n)), 8)
		cw = max(cw, len([]rune(cells[k])))
	}
	left, right := []rune("⎡⎣"), []rune("⎤⎦")
	if n == 3 {
		left, right = []rune("⎡⎢⎣"), []rune("⎤⎥⎦")
	}
	b := spectrumBlock{slot: slotMatrix}
	for a := range n {
		head, tail := "    ", ""
		if a == (n-1)/2 {
			head, tail = "K = ", " "+v.th.Neg.Render(lam)
		}
		row := make([]string, n)
		for c := range n {
			row[c] = common.PadLeft(cells[a*n+c], cw)
		}
		b.full = append(b.full, head+string(left[a])+" "+strings.Join(row, " ")+" "+string(right[a])+tail)
	}
	b.compact = b.full
	return b
}

// spectrumLayout lays the chart across the panel: a gutter lw wide (0: none)
// labelled λmax, 0, λmin, then cols (indices in descending order, −1 the gap
// of hidden ones), cw cells each with a bar bw wide.
type spectrumLayout struct {
	labels         [3]string
	lw, cw, bw     int
	cols           []int
	hidden, neg, n int
}

// layout fits the eigenvalues into iw cells: one column each when they fit
// (up to 4 cells wide), else see spectrumColumns.
func (v *SpectrumView) layout(iw int) spectrumLayout {
	ev := v.m.Eigenvalues
	n := len(ev)
	l := spectrumLayout{labels: [3]string{common.Num(ev[n-1], 6), "0", common.Num(ev[0], 6)}, cw: 1, bw: 1, n: n}
	l.lw = 1 + max(len([]rune(l.labels[0])), len([]rune(l.labels[2])))
	if iw < l.lw+4 {
		l.lw = 0
	}
	l.neg = sort.SearchFloat64s(ev, -v.m.Tol) // ev ascending: those < −tol
	l.cols = spectrumColumns(n, iw-l.lw, l.neg)
	if len(l.cols) == n {
		l.cw = max(1, min(4, (iw-l.lw)/n))
		l.bw = max(1, l.cw-1)
	} else if len(l.cols) > 2 {
		l.hidden = n - len(l.cols) + 1
	}
	return l
}

// spectrumColumns picks which of n eigenvalues, sorted descending, get one
// of cols columns: all that fit; else the largest, a gap (−1) and the smallest
// (a third of the columns, or every negative one up to half), λmin always.
func spectrumColumns(n, cols, neg int) []int {
	if n > cols && cols < 3 {
		return []int{0, n - 1}[2-max(0, cols):]
	}
	head, tail := n, 0
	if n > cols {
		tail = max(1, (cols-1)/3, min(neg, (cols-1)/2))
		head = cols - 1 - tail
	}
	out := make([]int, 0, min(n, cols))
	for i := range n {
		if i < head || i >= n-tail {
			out = append(out, i)
		} else if i == head {
			out = append(out, -1)
		}
	}
	return out
}

// chart draws the bars in rows rows: λ > 0 up from the zero line, λ < 0 down,
// both ∝ √|λ| on one scale so that a small negative λ shows beside a large
// positive one, in eighths of a row: ▁…█ up, ▔ ▀ █ down.
func (v *SpectrumView) chart(l spectrumLayout, rows int) []string {
	th, ev, tol := v.th, v.m.Eigenvalues, v.m.Tol
	top, bot := math.Sqrt(max(ev[l.n-1], 0)), 0.0
	up, down := rows-1, 0 // rows above and below the zero line
	if l.neg > 0 {
		bot = math.Sqrt(-ev[0])
		down = min(up-1, max(1, int(math.Round(float64(up)*bot/(top+bot)))))
		up -= down
	}
	unit := max(top/float64(max(up, 1)), bot/float64(max(down, 1))) // √|λ| per row
	eighths := func(i int) int {                                    // λᵢ₊₁'s signed bar, at least 1/8 when λ ≠ 0 within tol
		if x := ev[l.n-1-i]; math.Abs(x) > tol && unit > 0 {
			return int(math.Copysign(max(1, math.Round(math.Sqrt(math.Abs(x))/unit*8)), x))
		}
		return 0
	}
	out := make([]string, 0, rows)
	for r := range rows {
		var b strings.Builder
		for _, i := range l.cols {
			g, fill := " ", " "
			switch {
			case r == up && i < 0:
				g, fill = "…", "─"
			case r == up:
				g, fill = "─", "─"
			case i < 0:
			case r < up:
				g = spectrumRise[min(8, max(0, eighths(i)-(up-1-r)*8))]
			default:
				g = spectrumFall[min(8, max(0, -eighths(i)-(r-up-1)*8))]
			}
			b.WriteString(strings.Repeat(g, l.bw) + strings.Repeat(fill, l.cw-l.bw))
		}
		label, tick, ink := "", "│", th.Pos
		if r > up {
			ink = th.Neg
		}
		switch r {
		case up:
			label, tick, ink = l.labels[1], "┼", th.Dim
		case 0:
			label, tick = l.labels[0], "┤"
		case rows - 1:
			label, tick = l.labels[2], "┤"
		}
		gutter := ""
		if l.lw > 0 {
			gutter = th.Dim.Render(common.PadLeft(label, l.lw-1) + tick)
		}
		out = append(out, gutter+ink.Render(b.String()))
	}
	return out
}

// Bars rising and hanging by eighths of a cell (the block glyphs hang by 1/8
// and 1/2 only).
var (
	spectrumRise = [9]string{" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}
	spectrumFall = [9]string{" ", "▔", "▔", "▔", "▀", "▀", "▀", "▀", "█"}
)

// unequal writes a and b (a < b) with as many digits as it takes for them
// to read different: 3 decimals, more when those agree.
func unequal(a, b float64) (string, string) {
	sa, sb := common.Num(a, 8), common.Num(b, 8)
	for prec := 6; sa == sb && prec <= 15; prec += 3 {
		sa, sb = strconv.FormatFloat(a, 'g', prec, 64), strconv.FormatFloat(b, 'g', prec, 64)
	}
	return strings.Replace(sa, "-", "−", 1), strings.Replace(sb, "-", "−", 1)
}

func allFinite(xs []float64) bool {
	return !slices.ContainsFunc(xs, func(x float64) bool { return !common.IsFinite(x) })
}
