package notation

import (
	"math"
	"strings"

	"kernelscope/learn"
)

// Points on a line (seed 003, "Non-linear features: 1D input"): a 1-D
// dataset's examples are (x, 0), and what is said of them is said in x.

// Where writes where f > 0 on the line, in the coordinate name: the
// intervals of set in order, an infinite end left open, as a student
// writes them: "−0.5774 < x < 0.5774", "x < −1 or x > 1", "x > 0.5";
// "nowhere" for none and "everywhere" for the whole line.
func Where(set []learn.Interval, name string) string {
	if len(set) == 0 {
		return "nowhere"
	}
	var parts []string
	for _, iv := range set {
		lo, hi := !math.IsInf(iv.Lo, -1), !math.IsInf(iv.Hi, 1)
		switch {
		case lo && hi:
			parts = append(parts, learn.Num(iv.Lo)+" < "+name+" < "+learn.Num(iv.Hi))
		case lo:
			parts = append(parts, name+" > "+learn.Num(iv.Lo))
		case hi:
			parts = append(parts, name+" < "+learn.Num(iv.Hi))
		default:
			return "everywhere"
		}
	}
	return strings.Join(parts, " or ")
}

// OnLine is what a trace says of a 1-D dataset's learned function, on
// the line x₂ = 0 where its points are, in their one coordinate x: f as
// a polynomial when it is one, and where f > 0, the part of the line the
// learner calls +1 (learn.PositiveOnLine; a kernel that is no polynomial
// is searched over [lo, hi], the data's range, and said so):
//
//	on the line (x₂ = 0): f(x) = −6·x² + 2 > 0 for −0.5774 < x < 0.5774
func OnLine(e learn.Expansion, lo, hi float64) string {
	var b strings.Builder
	b.WriteString("on the line (x₂ = 0): f(x)")
	if c, ok := learn.LinePoly(e); ok {
		b.WriteString(" = " + learn.LineString(c))
	}
	pos := learn.PositiveOnLine(e, lo, hi)
	set := pos.Set
	if !pos.Exact {
		// Stretches that reach the range's ends are written open there:
		// beyond them the search did not look.
		set = append([]learn.Interval(nil), set...)
		for k := range set {
			if set[k].Lo <= lo {
				set[k].Lo = math.Inf(-1)
			}
			if set[k].Hi >= hi {
				set[k].Hi = math.Inf(1)
			}
		}
	}
	w := Where(set, "x")
	switch w {
	case "nowhere":
		b.WriteString(" > 0 nowhere: every x is −1")
	case "everywhere":
		b.WriteString(" > 0 everywhere: every x is +1")
	default:
		b.WriteString(" > 0 for " + w)
	}
	if !pos.Exact {
		b.WriteString(" (searched over " + learn.Num(lo) + " ≤ x ≤ " + learn.Num(hi) + ")")
	}
	return b.String()
}

// ProbeLine is Probe at the point x of the line, (x, 0), written f(x):
//
//	f(0.5) = Σ αₖ yₖ K(xₖ, x) = … = 0.5 → sign(0.5) = +1: predicts +1
func ProbeLine(e learn.Expansion, tie learn.Tie, x float64) string {
	s := Probe(e, tie, x, 0)
	return strings.Replace(s, "f("+learn.Num(x)+", 0)", "f("+learn.Num(x)+")", 1)
}
