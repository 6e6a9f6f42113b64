package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// box draws a rounded border around lines, with a title in the top edge.
// The result is exactly w×h cells; content is cut or padded to fit.
func box(th *Theme, title string, lines []string, w, h int) []string {
	return drawBox(th, title, lines, w, h, false)
}

// drawBox is box; exact promises that every line is already w−2 cells wide,
// which saves measuring them (the region's lines are long escape strings).
func drawBox(th *Theme, title string, lines []string, w, h int, exact bool) []string {
	if w < 2 || h < 2 {
		return blank(w, h)
	}
	iw, ih := w-2, h-2
	title = ansi.Truncate(title, max(0, iw-2), "…")
	top := "╭" + title + strings.Repeat("─", max(0, iw-ansi.StringWidth(title))) + "╮"
	if title != "" {
		top = "╭─" + title + strings.Repeat("─", max(0, iw-1-ansi.StringWidth(title))) + "╮"
	}
	out := make([]string, 0, h)
	out = append(out, th.Border.Render(top))
	for i := range ih {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		if !exact || i >= len(lines) {
			line = fit(line, iw)
		}
		out = append(out, th.side+line+th.side)
	}
	out = append(out, th.Border.Render("╰"+strings.Repeat("─", iw)+"╯"))
	return out
}

// fit cuts or pads a styled line to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	return s + strings.Repeat(" ", max(0, w-sw))
}

func blank(w, h int) []string {
	out := make([]string, max(0, h))
	for i := range out {
		out[i] = strings.Repeat(" ", max(0, w))
	}
	return out
}

// window returns the first index of a window of size k over n items that
// keeps focus in view, centred where it can be.
func window(n, k, focus int) int {
	if k >= n || focus < 0 {
		return 0
	}
	return max(0, min(focus-k/2, n-k))
}

// alphaPanel lists every example: index, (x₁, x₂), y, α and a bar, support
// vectors highlighted, the example about to be visited (or just visited)
// marked; it scrolls to keep that row in view.
func (m *Model) alphaPanel(w, h int) []string {
	p := m.s.p
	th := m.th
	title := fmt.Sprintf(" α  SV %d/%d ", len(p.SupportVectors()), p.N())
	iw, ih := w-2, h-2
	if ih <= 0 {
		return box(th, title, nil, w, h)
	}
	focus := m.focusIndex()
	c1, c2 := m.s.columns()
	head := th.Dim.Render(fmt.Sprintf("  %4s %7s %7s %3s %5s", "i", padLeft(c1, 7), padLeft(c2, 7), "y", "α"))
	rows := ih - 1
	lines := []string{head}
	maxAlpha := 0.0
	for _, j := range p.SupportVectors() {
		maxAlpha = math.Max(maxAlpha, p.Alpha(j))
	}
	barW := max(0, iw-36)
	start := window(p.N(), rows, focus)
	for i := start; i < min(p.N(), start+rows); i++ {
		x := p.X(i)
		a := p.Alpha(i)
		mark := "  "
		if i == focus {
			mark = "▶ "
		}
		glyph := pointGlyph(p.Y(i) > 0, a > 0)
		ink := th.Pos
		if p.Y(i) < 0 {
			ink = th.Neg
		}
		text := fmt.Sprintf("%4d %7s %7s %3s %5s", i+1, num(x.X1, 7), num(x.X2, 7), learn.Sign(p.Y(i)), num(a, 5))
		bar := ""
		if a > 0 && barW > 0 && isFinite(a) && isFinite(maxAlpha) {
			n := max(1, int(min(float64(barW), math.Round(a/maxAlpha*float64(barW)))))
			bar = " " + ink.Render(strings.Repeat("█", min(n, barW)))
		}
		line := mark + text + " " + ink.Render(glyph) + bar
		switch {
		case i == focus:
			line = th.Current.Render(mark+text+" "+glyph) + bar
		case a > 0:
			line = th.SV.Render(mark+text) + " " + ink.Render(glyph) + bar
		}
		lines = append(lines, line)
	}
	return box(th, title, lines, w, h)
}

// num formats a number to fit width w, to at most 3 decimals so columns
// read evenly. A number too long for that is written in the shortest
// exponent form that fits (1.2e6, −4e159), so it keeps its magnitude and is
// never cut; ±Inf and NaN are written as what they are.
func num(v float64, w int) string {
	if !isFinite(v) {
		return learn.Num(v)
	}
	if r := math.Round(v*1000) / 1000; r == 0 && v != 0 {
		return expNum(v, w) // 1e-6 is not 0: keep its magnitude
	}
	s := learn.Num(math.Round(v*1000) / 1000)
	if utf8.RuneCountInString(s) > w {
		s = learn.Num(math.Round(v*100) / 100)
	}
	if utf8.RuneCountInString(s) <= w && !strings.ContainsRune(s, 'e') {
		return s
	}
	return expNum(v, w)
}

// expNum writes v as mantissa and exponent with as many digits as fit in
// w, the exponent without "+" or leading zeros: 1.25e159, −3e-7. When even
// one digit does not fit, it returns the one-digit form, wider than w.
func expNum(v float64, w int) string {
	var s string
	for prec := 3; prec >= 0; prec-- {
		s = strconv.FormatFloat(v, 'e', prec, 64)
		mant, exp, _ := strings.Cut(s, "e")
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		sign := ""
		if exp[0] == '-' {
			sign = "-"
		}
		exp = strings.TrimLeft(exp[1:], "0")
		if exp == "" {
			exp = "0"
		}
		s = strings.Replace(mant, "-", "−", 1) + "e" + sign + exp
		if utf8.RuneCountInString(s) <= w {
			return s
		}
	}
	return s
}

// gramPanel shows K(xᵢ, xⱼ) for a window of rows and columns that follows the
// current example, with heat shading and the current row lit. Entries come
// from the perceptron's cached rows or one kernel evaluation each: the n×n
// matrix is never built for it.
func (m *Model) gramPanel(w, h int) []string {
	p := m.s.p
	th := m.th
	title := " Gram K(xᵢ,xⱼ) = " + p.Config().Kernel.String() + " "
	iw, ih := w-2, h-2
	if ih <= 0 || iw <= 0 {
		return box(th, title, nil, w, h)
	}
	note := m.mercerWrapped(iw, ih)
	rows := max(0, min(p.N(), ih-1-len(note)))
	focus := max(0, m.focusIndex())
	r0 := window(p.N(), rows, focus)
	// A column is 6 cells, wider (up to 9) when an entry of the window
	// needs it: K of large data is huge, and a number is never cut.
	cw, cols, c0 := 6, 0, 0
	for range 2 {
		cols = max(1, min(p.N(), (iw-5)/cw))
		c0 = window(p.N(), cols, focus)
		need := cw
		for i := r0; i < r0+rows; i++ {
			for j := c0; j < c0+cols; j++ {
				need = max(need, 1+utf8.RuneCountInString(num(gramRound(p.K(i, j)), 8)))
			}
		}
		if need == cw {
			break
		}
		cw = need
	}
	// Heat scale: the largest finite |K| in the window. Entries that
	// overflowed (±Inf, NaN) are shown as such, on their own shade.
	big, overflow := 0.0, false
	for i := r0; i < r0+rows; i++ {
		for j := c0; j < c0+cols; j++ {
			if k := math.Abs(p.K(i, j)); isFinite(k) {
				big = math.Max(big, k)
			} else {
				overflow = true
			}
		}
	}
	var b strings.Builder
	b.WriteString("     ")
	for j := c0; j < c0+cols; j++ {
		b.WriteString(padLeft(fmt.Sprintf("x%s", learn.Sub(j+1)), cw))
	}
	lines := []string{th.Dim.Render(b.String())}
	for i := r0; i < r0+rows; i++ {
		b.Reset()
		head := padLeft(fmt.Sprintf("x%s", learn.Sub(i+1)), 4) + " "
		if i == focus {
			head = th.Current.Render(head)
		} else {
			head = th.Dim.Render(head)
		}
		b.WriteString(head)
		for j := c0; j < c0+cols; j++ {
			k := p.K(i, j)
			cellText := padLeft(num(gramRound(k), cw-1), cw)
			switch {
			case th.Mono:
			case !isFinite(k):
				b.WriteString(th.heatOverflow)
			case big > 0:
				level := int(min(heatLevels-1, math.Abs(k)/big*float64(heatLevels-1)+0.5))
				b.WriteString(th.heat[level])
			}
			if i == focus {
				b.WriteString("\x1b[1m")
			}
			b.WriteString(cellText)
			b.WriteString(reset)
		}
		lines = append(lines, b.String())
	}
	if len(note) == 0 && overflow && ih >= 4 {
		note = wrapLines(overflowNote, iw, 2)
		note = note[:min(len(note), max(0, ih-1-len(lines)))]
		for i := range note {
			note[i] = th.Warn.Render(note[i])
		}
	}
	lines = append(lines, note...)
	return box(th, title, lines, w, h)
}

// gramRound rounds a Gram entry to 2 decimals where that is a change below
// the panel's precision (and leaves huge and non-finite values alone).
func gramRound(k float64) float64 {
	if math.Abs(k) > 1e12 || !isFinite(k) {
		return k
	}
	return math.Round(k*100) / 100
}

// wrapLines word-wraps s into at most n lines of width w, the last ending
// in "…" when s does not fit.
func wrapLines(s string, w, n int) []string {
	if w <= 0 || n <= 0 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(s, w, " "), "\n")
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = ansi.Truncate(lines[n-1], max(0, w-1), "") + "…"
	}
	return lines
}

// overflowNote explains entries shown as +Inf or NaN.
const overflowNote = "K overflows float64 for some pairs (+Inf/NaN): rescale the data or lower the degree"

// mercerWrapped is the Mercer note in at most two lines of width iw, styled,
// for a Gram panel with ih inner lines (none below 4).
func (m *Model) mercerWrapped(iw, ih int) []string {
	if m.mercer.text == "" || ih < 4 {
		return nil
	}
	lines := wrapLines(m.mercer.text, iw, min(2, ih-3))
	for i := range lines {
		lines[i] = m.mercerText(lines[i])
	}
	return lines
}

func (m *Model) mercerText(line string) string {
	if m.mercer.warn {
		return m.th.Warn.Render(line)
	}
	return m.th.Dim.Render(line)
}
