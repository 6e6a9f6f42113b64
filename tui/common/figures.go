package common

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/notation"
)

// margin is the learner's margin, one definition for every learner: the
// geometric margin γ = min yᵢf(xᵢ)/‖w‖ (learn.GeometricMargin: the
// distance in feature space from the boundary to the nearest training
// point, negative while one is on the wrong side). ok is false when there
// is none: w = 0, or ‖w‖² ≤ 0 for a kernel that is not PSD (why says
// which).
func margin(p learn.Learner) (v float64, ok bool, why string) {
	g, err := learn.GeometricMargin(p)
	if err != nil {
		return 0, false, err.Error()
	}
	return g, true, ""
}

// width is the SVM's width 2/‖w‖ of the band between f = −1 and f = +1
// (at the hard-margin optimum 2γ), and false for a learner that is no SVM
// or has no ‖w‖.
func width(p learn.Learner) (float64, bool) {
	d, ok := p.(learn.DualSolver)
	if !ok {
		return 0, false
	}
	if _, err := learn.GeometricMargin(p); err != nil {
		return 0, false
	}
	return d.Width(), true
}

// MarginText writes the margin γ with its formula, and for the SVM its
// width 2/‖w‖ as a field of its own, never under the name margin:
// "margin γ = min yᵢf(xᵢ)/‖w‖ = 0.145 │ width 2/‖w‖ = 0.444".
func MarginText(p learn.Learner) string {
	s := GammaText(p)
	if w, ok := width(p); ok {
		s += " │ width " + notation.WidthFormula + " = " + Num(w, 7)
	}
	return s
}

// GammaText writes the margin γ with its formula, "margin γ = min
// yᵢf(xᵢ)/‖w‖ = 0.145", or why there is none.
func GammaText(p learn.Learner) string {
	v, ok, why := margin(p)
	if !ok {
		return "margin γ: none (" + why + ")"
	}
	return "margin " + notation.MarginFormula + " = " + Num(v, 7)
}

// WidthText writes the SVM's width with its formula, "width 2/‖w‖ =
// 0.444", or why there is none: the SVM's status line, where the width is
// what C trades against (the margin γ is in the narration and the
// comparison panes).
func WidthText(p learn.Learner) string {
	w, ok := width(p)
	if !ok {
		_, _, why := margin(p)
		return "width " + notation.WidthFormula + ": none (" + cmp.Or(why, "not an SVM") + ")"
	}
	return "width " + notation.WidthFormula + " = " + Num(w, 7)
}

// shortMargin is the margin in a few cells: "γ = 0.22", and for the SVM
// "γ = 0.22, width 0.44".
func shortMargin(p learn.Learner) string {
	v, ok, why := margin(p)
	if !ok {
		return why
	}
	s := "γ = " + Num(v, 7)
	if w, ok := width(p); ok {
		s += ", width " + Num(w, 7)
	}
	return s
}

// Figures is a comparison pane's line, at most w cells wide when it can
// be: the learner's margin with its formula, its support vectors (the
// SVM's split into free and at C), its training accuracy and how far it has
// come; shorter forms where the long one does not fit.
func Figures(s Session, w int) string {
	p := s.Learner()
	n := len(p.SupportVectors())
	done := ""
	if p.State() == learn.Converged {
		done = " ✓"
	}
	long := []string{MarginText(p), fmt.Sprintf("SV %d/%d", n, p.N()), fmt.Sprintf("accuracy %.0f%%", s.Accuracy()), fmt.Sprintf("iteration %d%s", p.T(), done)}
	short := []string{MarginText(p), fmt.Sprintf("SV %d", n), fmt.Sprintf("acc %.0f%%", s.Accuracy())}
	if ps := s.Passer(); ps != nil {
		long[3] = fmt.Sprintf("pass %d, step %d%s", ps.Epoch(), p.T(), done)
	}
	if s.Boxed() != nil {
		free, bound := s.SVCounts()
		long[1] += fmt.Sprintf(" (%d free, %d at C)", free, bound)
		short[1] = fmt.Sprintf("SV %d: %d free, %d at C", n, free, bound)
	}
	// Between: the margin in short, with the counts and accuracy of short.
	medium := []string{shortMargin(p), short[1], short[2]}
	for _, parts := range [][]string{long, short, medium} {
		if text := " " + strings.Join(parts, " │ "); ansi.StringWidth(text) <= w {
			return text
		}
	}
	// Tighter still: the margin in short, the counts (those at C while
	// they fit) and the accuracy; last, γ alone, the one figure every
	// pane shares.
	tight := []string{shortMargin(p), fmt.Sprintf("SV %d", n), fmt.Sprintf("%.0f%%", s.Accuracy())}
	if s.Boxed() != nil {
		_, bound := s.SVCounts()
		withC := slices.Clone(tight)
		withC[1] += fmt.Sprintf(", %d at C", bound)
		if text := " " + strings.Join(withC, " · "); ansi.StringWidth(text) <= w {
			return text
		}
	}
	if text := " " + strings.Join(tight, " · "); ansi.StringWidth(text) <= w {
		return text
	}
	tight[0] = gammaOnly(p)
	return " " + strings.Join(tight, " · ")
}

// gammaOnly is the margin in the fewest cells: "γ = 0.22", or why there
// is none.
func gammaOnly(p learn.Learner) string {
	v, ok, why := margin(p)
	if !ok {
		return why
	}
	return "γ = " + Num(v, 7)
}
