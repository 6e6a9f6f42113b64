package common

import (
	"cmp"
	"fmt"
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

// Figures are the comparison panes' lines, one a session, at most w cells
// wide when they can be: each learner's margin with its formula, its
// support vectors (the SVM's split into free and at C), its training
// accuracy and how far it has come; shorter forms where the long one does
// not fit, the same form in every pane so that they read alike.
func Figures(w int, ss ...Session) []string {
	forms := make([][]string, len(ss))
	for i, s := range ss {
		forms[i] = figureForms(s)
	}
	// The longest form that fits every pane, so the panes read alike.
	for k := range forms[0] {
		fits := true
		for _, f := range forms {
			fits = fits && ansi.StringWidth(f[k]) <= w
		}
		if fits || k == len(forms[0])-1 {
			out := make([]string, len(ss))
			for i, f := range forms {
				out[i] = f[k]
			}
			return out
		}
	}
	return nil
}

// figureForms are a pane's figures from the longest form to the
// tightest: the margin with its formula, the support vectors, the
// accuracy and how far the learner has come; then shorter words; then the
// margin in short; last γ alone, the one figure every pane shares.
func figureForms(s Session) []string {
	p := s.Learner()
	n := len(p.SupportVectors())
	sv := "SV"
	if d, ok := p.(learn.Dense); ok {
		// Every example visited has α > 0: the count is of those that
		// hold half of Σα, which the pane marks.
		n, sv = d.HeavyCount(), "½Σα"
	}
	done := ""
	if p.State() == learn.Converged {
		done = " ✓"
	}
	long := []string{MarginText(p), fmt.Sprintf("%s %d/%d", sv, n, p.N()), fmt.Sprintf("accuracy %.0f%%", s.Accuracy()), fmt.Sprintf("iteration %d%s", p.T(), done)}
	short := []string{MarginText(p), fmt.Sprintf("%s %d", sv, n), fmt.Sprintf("acc %.0f%%", s.Accuracy())}
	if loss, brief := LossText(p); loss != "" {
		long[2] = loss + ", " + long[2]
		short[2] = brief + ", " + short[2]
	}
	if ps := s.Passer(); ps != nil {
		long[3] = fmt.Sprintf("pass %d, step %d%s", ps.Epoch(), p.T(), done)
	}
	counts := fmt.Sprintf("%s %d", sv, n) // with those at C while they fit
	if s.Boxed() != nil {
		free, bound := s.SVCounts()
		long[1] += fmt.Sprintf(" (%d free, %d at C)", free, bound)
		short[1] = fmt.Sprintf("SV %d: %d free, %d at C", n, free, bound)
		counts = fmt.Sprintf("SV %d, %d at C", n, bound)
	}
	acc := fmt.Sprintf("%.0f%%", s.Accuracy())
	medium := []string{shortMargin(p), short[1], short[2]}
	tight := []string{shortMargin(p), counts, acc}
	tighter := []string{shortMargin(p), fmt.Sprintf("%s %d", sv, n), acc}
	tightest := []string{gammaOnly(p), fmt.Sprintf("%s %d", sv, n), acc}
	var out []string
	for _, parts := range [][]string{long, short, medium, tight, tighter, tightest} {
		out = append(out, " "+strings.Join(parts, " │ "))
	}
	return out
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
