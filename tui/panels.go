package tui

import (
	"fmt"
	"math"
	"strings"

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
		if a > 0 && barW > 0 {
			n := max(1, int(math.Round(a/maxAlpha*float64(barW))))
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
// read evenly.
func num(v float64, w int) string {
	s := learn.Num(math.Round(v*1000) / 1000)
	if len([]rune(s)) > w {
		s = learn.Num(math.Round(v*100) / 100)
	}
	if len([]rune(s)) > w {
		s = fmt.Sprintf("%.*g", max(1, w-5), v)
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
	const cw = 6 // width of a column
	cols := max(1, min(p.N(), (iw-5)/cw))
	rows := max(0, min(p.N(), ih-1-m.mercerLines(ih)))
	focus := max(0, m.focusIndex())
	r0, c0 := window(p.N(), rows, focus), window(p.N(), cols, focus)
	// Heat scale: the largest |K| in the window.
	big := 0.0
	for i := r0; i < r0+rows; i++ {
		for j := c0; j < c0+cols; j++ {
			big = math.Max(big, math.Abs(p.K(i, j)))
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
			cellText := padLeft(num(math.Round(k*100)/100, cw-1), cw)
			if !th.Mono && big > 0 {
				level := min(heatLevels-1, int(math.Abs(k)/big*float64(heatLevels-1)+0.5))
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
	if n := m.mercerLines(ih); n > 0 {
		lines = append(lines, m.mercerText())
	}
	return box(th, title, lines, w, h)
}

// mercerLines is how many lines the Mercer note takes in a Gram panel with
// ih inner lines.
func (m *Model) mercerLines(ih int) int {
	if m.mercer == "" || ih < 4 {
		return 0
	}
	return 1
}

func (m *Model) mercerText() string {
	if strings.Contains(m.mercer, "not PSD") {
		return m.th.Warn.Render(m.mercer)
	}
	return m.th.Dim.Render(m.mercer)
}
