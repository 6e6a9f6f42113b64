package region

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// The region of a learner that models P(y = +1 | x) (learn.Probabilistic,
// logistic regression): it shades P rather than f (region.computeP), and
// says so in its title and its key line. Every example has α > 0 after one
// pass, so the marks of support vectors would mark them all; the region
// marks instead the examples f leans on most, the fewest that hold half of
// Σα (learn.Dense's Heavy, lab.Session's SVOf), and the key says how many.

// probabilistic is the learner as a learn.Probabilistic, or nil.
func (r *RegionView) probabilistic() learn.Probabilistic {
	p, _ := r.S.Learner().(learn.Probabilistic)
	return p
}

// probTitles are the title's forms for a region that shades P, longest
// first: what is shaded, with f written out, then shorter.
func probTitles(bias, narrow bool) []string {
	sum := "Σ αⱼ yⱼ K(xⱼ, x)"
	if bias {
		sum = "Σ αⱼ yⱼ K(x̃ⱼ, x̃)"
	}
	const g = " │ g: α, Gram, passes"
	forms := []string{
		"shaded: P(y = +1 | x) = σ(f(x)), f(x) = w₀ + " + sum,
		"shaded: P(y = +1 | x) = σ(w₀ + " + sum + ")",
		"shaded: P(y = +1 | x) = σ(f(x))",
		"P(y = +1 | x) = σ(f(x))",
		"P(y=+1 | x)",
	}
	if narrow {
		forms = append([]string{forms[0] + g, forms[1] + g, forms[2] + g}, forms...)
	}
	return forms
}

// probKey is the key line of a region that shades P, at most w cells wide
// where a form fits: the heavy examples' marks and how many they are, the
// boundary P = ½, the lines P = 0.9 and 0.1, and what the shade says (the
// hue the class, its strength how sure P is; without colour, the density).
func probKey(th *common.Theme, s Session, big bool, w int) string {
	sample := func(fg, bg uint8, text string) string {
		if th.Mono {
			return "\x1b[1m" + text + common.Reset
		}
		return th.CellStyle(fg, bg) + "\x1b[1m" + text + common.Reset
	}
	label := func(t string) string { return "\x1b[1m" + t + common.Reset }
	marker := func(pos bool) string {
		ink := uint8(common.ColNegInk)
		if pos {
			ink = common.ColPosInk
		}
		g := []string{common.KindGlyph(pos, lab.FreeSV)}
		if big {
			g = bigMarker(pos, lab.FreeSV)
		}
		return sample(common.ColNeutral, ink, strings.Join(g, ""))
	}
	line := func(col uint8, mono string, n int) string {
		if th.Mono {
			return sample(0, 0, strings.Repeat(mono, n))
		}
		return sample(col, col, strings.Repeat("▀", n))
	}
	shades := func() string {
		if th.Mono {
			return sample(0, 0, strings.Join(common.MonoPosDensity[:], "")) + " " + sample(0, 0, strings.Join(common.MonoNegDensity[1:], ""))
		}
		var b strings.Builder
		for k := range common.Shades {
			b.WriteString(sample(uint8(common.ColPos+k), uint8(common.ColPos+k), "▀"))
		}
		b.WriteString(" ")
		for k := range common.Shades {
			b.WriteString(sample(uint8(common.ColNeg+k), uint8(common.ColNeg+k), "▀"))
		}
		return b.String()
	}
	n, all := 0, s.Learner().N()
	if d, ok := s.Learner().(learn.Dense); ok {
		n = d.HeavyCount()
	}
	type variant struct {
		sep, heavy, half, nine, tenth, shade string
		n                                    int
	}
	variants := []variant{
		{"   ", fmt.Sprintf(" %d of %d hold half of Σα: f leans on them", n, all), " P = ½", " P = 0.9", " P = 0.1", " shade: the class, stronger the surer P is", 3},
		{"   ", fmt.Sprintf(" %d of %d hold half of Σα", n, all), " P = ½", " P = 0.9", " P = 0.1", " stronger = surer", 2},
		{"   ", fmt.Sprintf(" %d of %d hold half of Σα", n, all), " P = ½", " P = 0.9", " P = 0.1", "", 2},
		{"  ", fmt.Sprintf(" %d/%d hold ½Σα", n, all), " P=½", " P=.9", " P=.1", "", 2},
		{" ", fmt.Sprintf(" ½Σα %d", n), " ½", " .9", " .1", "", 1},
	}
	var out string
	for _, v := range variants {
		out = " "
		if n > 0 {
			out += marker(true) + " " + marker(false) + label(v.heavy+v.sep)
		}
		out += line(common.ColBoundary, common.MonoBoundary, v.n) + label(v.half+v.sep) +
			line(common.ColMarginP, common.MonoMarginP, v.n) + label(v.nine+v.sep) +
			line(common.ColMarginN, common.MonoMarginN, v.n) + label(v.tenth)
		if v.shade != "" {
			out += label(v.sep) + shades() + label(v.shade)
		}
		if ansi.StringWidth(out) <= w {
			break
		}
	}
	return out
}
