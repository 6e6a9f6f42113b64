package common

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// Border is a panel's border; sizes inside a panel come from its frame
// size, never from a literal border width.
var Border = lipgloss.NewStyle().Border(lipgloss.RoundedBorder())

// Inner is the content size of a panel of w×h cells.
func Inner(w, h int) (int, int) {
	fw, fh := Border.GetFrameSize()
	return max(0, w-fw), max(0, h-fh)
}

// Box draws a rounded border around lines, with a title in the top edge.
// The result is exactly w×h cells; content is cut or padded to fit.
func Box(th *Theme, title string, lines []string, w, h int) []string {
	return DrawBox(th, title, lines, w, h, false)
}

// DrawBox is box; exact promises that every line is already w−2 cells wide,
// which saves measuring them (the region's lines are long escape strings).
func DrawBox(th *Theme, title string, lines []string, w, h int, exact bool) []string {
	if fw, fh := Border.GetFrameSize(); w < fw || h < fh {
		return Blank(w, h)
	}
	iw, ih := Inner(w, h)
	out := make([]string, 0, h)
	out = append(out, boxTop(th, title, iw))
	for i := range ih {
		out = append(out, boxLine(th, lines, i, iw, exact))
	}
	return append(out, boxBottom(th, iw))
}

// boxTop is a box's top edge with title in it, for inner width iw.
func boxTop(th *Theme, title string, iw int) string {
	title = ansi.Truncate(title, max(0, iw-2), "…")
	top := "╭" + title + strings.Repeat("─", max(0, iw-ansi.StringWidth(title))) + "╮"
	if title != "" {
		top = "╭─" + title + strings.Repeat("─", max(0, iw-1-ansi.StringWidth(title))) + "╮"
	}
	return th.border.Render(top)
}

// boxLine is row i of a box of inner width iw around lines: the line (or
// blanks past the last) cut or padded to iw unless exact, between the
// sides.
func boxLine(th *Theme, lines []string, i, iw int, exact bool) string {
	if i >= len(lines) {
		return th.Sided("", iw)
	}
	if exact {
		return th.side + lines[i] + th.side
	}
	return th.Sided(lines[i], iw)
}

// Side is a box's vertical edge, as DrawBox draws it.
func (th *Theme) Side() string { return th.side }

// Sided is line cut or padded to iw cells between a box's sides, as
// DrawBox draws it (a line for BoxCache.DrawSided), written once: Fit and
// then the sides would copy it twice.
func (th *Theme) Sided(line string, iw int) string {
	pad := 0
	if sw := ansi.StringWidth(line); sw > iw || iw <= 0 {
		line = Fit(line, iw)
	} else {
		pad = iw - sw
	}
	var b strings.Builder
	b.Grow(2*len(th.side) + len(line) + pad)
	b.WriteString(th.side)
	b.WriteString(line)
	for range pad {
		b.WriteByte(' ')
	}
	b.WriteString(th.side)
	return b.String()
}

// boxBottom is a box's bottom edge, for inner width iw.
func boxBottom(th *Theme, iw int) string {
	return th.border.Render("╰" + strings.Repeat("─", iw) + "╯")
}

// BoxCache draws boxes as Box and DrawBox do, and keeps what it drew: a line
// that was in the box drawn last time (in any row), the title and the
// bottom edge are not drawn (copied between the sides) again. A panel
// redrawn on every step changes a few of its lines (a step moves a marker
// of the region, the ▶ of the α panel, and scrolls the α panel's rows by
// one), and boxing the others again cost as many bytes as the screen. The
// zero value is ready; each panel keeps its own.
type BoxCache struct {
	th            *Theme
	w, h          int
	exact, sided  bool
	title, top    string
	bottom, blank string
	last, this    map[string]string // content line → box line, of the last draw and this one
	drawn         bool
}

// Box is Box, keeping what it drew.
func (c *BoxCache) Box(th *Theme, title string, lines []string, w, h int) []string {
	return c.DrawBox(th, title, lines, w, h, false)
}

// DrawBox is DrawBox, keeping what it drew. It returns a new slice on each
// call (the strings in it may be last time's).
func (c *BoxCache) DrawBox(th *Theme, title string, lines []string, w, h int, exact bool) []string {
	return c.draw(th, title, lines, w, h, exact, false)
}

// DrawSided is DrawBox for lines that a panel wrote between the box's
// sides itself (Side, exactly w − 2 cells, Side): they are the box's lines
// as they are. The region writes its rows so; a row a step changed is
// then written once, not written and copied between the sides.
func (c *BoxCache) DrawSided(th *Theme, title string, lines []string, w, h int) []string {
	return c.draw(th, title, lines, w, h, true, true)
}

// draw is DrawBox (sided: DrawSided) keeping what it drew.
func (c *BoxCache) draw(th *Theme, title string, lines []string, w, h int, exact, sided bool) []string {
	if fw, fh := Border.GetFrameSize(); w < fw || h < fh {
		return Blank(w, h)
	}
	iw, ih := Inner(w, h)
	if !c.drawn || th != c.th || w != c.w || h != c.h || exact != c.exact || sided != c.sided {
		// Every line kept was drawn for another box.
		c.th, c.w, c.h, c.exact, c.sided, c.drawn = th, w, h, exact, sided, true
		c.last, c.this = map[string]string{}, map[string]string{}
		c.bottom, c.blank = boxBottom(th, iw), boxLine(th, nil, 0, iw, exact)
		c.title, c.top = title, boxTop(th, title, iw)
	}
	if title != c.title {
		c.title, c.top = title, boxTop(th, title, iw)
	}
	out := make([]string, 0, h)
	out = append(out, c.top)
	for i := range ih {
		switch {
		case i >= len(lines):
			out = append(out, c.blank)
			continue
		case sided:
			out = append(out, lines[i])
			continue
		}
		boxed, ok := c.last[lines[i]]
		if !ok {
			boxed = boxLine(th, lines, i, iw, exact)
		}
		c.this[lines[i]] = boxed
		out = append(out, boxed)
	}
	// This draw's lines are those the next one may keep (the maps keep
	// their storage).
	c.last, c.this = c.this, c.last
	clear(c.this)
	return append(out, c.bottom)
}

// Fit cuts or pads a styled line to exactly w cells.
func Fit(s string, w int) string {
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

func Blank(w, h int) []string {
	out := make([]string, max(0, h))
	for i := range out {
		out[i] = strings.Repeat(" ", max(0, w))
	}
	return out
}

// Window returns the first index of a window of size k over n items that
// keeps focus in view, centred where it can be.
func Window(n, k, focus int) int {
	if k >= n || focus < 0 {
		return 0
	}
	return max(0, min(focus-k/2, n-k))
}

// Num formats a number to fit width w, to at most 3 decimals so columns
// read evenly. A number too long for that is written in the shortest
// exponent form that fits (1.2e6, −4e159), so it keeps its magnitude and is
// never cut; ±Inf and NaN are written as what they are.
func Num(v float64, w int) string {
	if !IsFinite(v) {
		return learn.Num(v)
	}
	if r := math.Round(v*1000) / 1000; r == 0 && v != 0 {
		return ExpNum(v, w) // 1e-6 is not 0: keep its magnitude
	}
	s := learn.Num(math.Round(v*1000) / 1000)
	if utf8.RuneCountInString(s) > w {
		s = learn.Num(math.Round(v*100) / 100)
	}
	if utf8.RuneCountInString(s) <= w && !strings.ContainsRune(s, 'e') {
		return s
	}
	if k, ok := kiloNum(v, w); ok {
		return k
	}
	return ExpNum(v, w)
}

// kiloNum writes a value in the thousands with the SI suffix k and as many
// digits as fit in w (−47k for −47,260, 1.5k for 1,520), the form a reader
// takes in at a glance; ok is false outside [1e3, 1e6) or when it does not
// fit, and the exponent form is used instead (1.2e6).
func kiloNum(v float64, w int) (string, bool) {
	if a := math.Abs(v); a < 1e3 || a >= 1e6 {
		return "", false
	}
	for prec := 2; prec >= 0; prec-- {
		r := math.Round(v/1e3*math.Pow10(prec)) / math.Pow10(prec)
		if math.Abs(r) >= 1e3 {
			return "", false // 999,999 rounds to 1000k: that is 1e6
		}
		s := learn.Num(r) + "k"
		if utf8.RuneCountInString(s) <= w {
			return s, true
		}
	}
	return "", false
}

// ExpNum writes v as mantissa and exponent with as many digits as fit in
// w, the exponent without "+" or leading zeros: 1.25e159, −3e-7. When even
// one digit does not fit, it returns the one-digit form, wider than w.
func ExpNum(v float64, w int) string {
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

// GramRound rounds a Gram entry to 2 decimals where that is a change below
// the panel's precision (and leaves huge and non-finite values alone).
func GramRound(k float64) float64 {
	if math.Abs(k) > 1e12 || !IsFinite(k) {
		return k
	}
	return math.Round(k*100) / 100
}

// WrapLines word-wraps s into at most n lines of width w, the last ending
// in "…" when s does not fit.
func WrapLines(s string, w, n int) []string {
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
