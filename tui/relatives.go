package tui

import (
	"kernelscope/tui/common"

	"fmt"

	"kernelscope/lab"
	"kernelscope/learn"

	"github.com/charmbracelet/x/ansi"
)

// The perceptron's relatives of seed 002 as learners of the l cycle: the
// averaged and voted perceptrons (Freund & Schapire 1999), whose region
// can show the final perceptron, the average or the vote (A), and the
// budget learners (stoptron, Forgetron, budget perceptron), whose budget
// B ( and ) step.

// numShown is how many functions an averaging learner keeps (the final f,
// the average, the vote: learn.EnsembleMember).
const numShown = 3

// shownNames name each function as the region's title and key line do;
// shownGlyphs are the marks of its boundary when another is shown.
var (
	shownNames  = [numShown]string{"the final perceptron f", "the averaged perceptron f_avg", "the vote V/T"}
	shownShort  = [numShown]string{"final f", "average", "vote"}
	shownGlyphs = [numShown]string{"∘", "≈", "×"}
	shownTitles = [numShown]string{
		"f(x) = Σ αⱼ yⱼ K(xⱼ, x), the final perceptron",
		"f_avg(x) = Σ ᾱⱼ yⱼ K(xⱼ, x), ᾱ the mean α over the steps",
		"V(x)/T = Σₖ cₖ sign fₖ(x) / T, every α⁽ᵏ⁾ voting with its cₖ steps",
	}
)

// cycleShown moves the region on to the next of the three functions (A).
func (m *Model) cycleShown() {
	s := m.s
	s.CycleShown()
	what := map[learn.EnsembleMember]string{
		learn.FinalMember:    "the final perceptron: the α training ends with",
		learn.AveragedMember: "the averaged perceptron: α averaged over every step, a boundary with more room on both sides",
		learn.VotedMember:    "the voted perceptron: every α⁽ᵏ⁾ votes sign fₖ(x), weighted by the steps it survived",
	}[s.Shown()]
	m.message = "region: " + what + "; the other two boundaries are drawn faintly (" + otherGlyphs(s.Shown()) + ")"
}

// otherGlyphs names the marks of the boundaries not shown: "∘ final f, × vote".
func otherGlyphs(shown learn.EnsembleMember) string {
	var out string
	for k := range numShown {
		if learn.EnsembleMember(k) != shown {
			if out != "" {
				out += ", "
			}
			out += shownGlyphs[k] + " " + shownShort[k]
		}
	}
	return out
}

// budgetText is a budget learner's part of the panels: "B = 5, 12
// forgotten" ("" for other learners).
func budgetText(s *lab.Session) string {
	p := s.Budgeted()
	if p == nil {
		return ""
	}
	gone := 0
	for j := range p.N() {
		if p.Forgotten(j) {
			gone++
		}
	}
	t := fmt.Sprintf("budget B = %d", p.Budget())
	if p.StopsWhenFull() && p.BudgetFull() {
		t += " full: α frozen"
	}
	if gone > 0 {
		t += fmt.Sprintf(", %d forgotten", gone)
	}
	return t
}

// ensembleAccuracy is the averaged and voted perceptrons' part of the
// status line: "final 90% · average 95% · vote 94%" ("" for others).
func ensembleAccuracy(s *lab.Session) string {
	p := s.Averaging()
	if p == nil {
		return ""
	}
	return fmt.Sprintf("accuracy: final %.0f%% · average %.0f%% · vote %.0f%%",
		100*p.Accuracy(), 100*p.AveragedAccuracy(), 100*p.VotedAccuracy())
}

// hasRelativesKey reports whether the learner is one of the perceptron's
// relatives with a budget or an ensemble, whose region has a key line of
// its own.
func hasRelativesKey(s *lab.Session) bool {
	return s.Budgeted() != nil || s.Averaging() != nil
}

// relativesKey is the key line of the region for the perceptron's
// relatives, or "" for other learners: the classes, the support vectors,
// the forgotten ones (budget learners), and the boundary shown with the
// marks of the others (averaged and voted), in at most w cells where the
// shorter labels fit.
func relativesKey(th *common.Theme, s *lab.Session, w int) string {
	if !hasRelativesKey(s) {
		return ""
	}
	sample := func(fg, bg uint8, text string) string {
		if th.Mono {
			return "\x1b[1m" + text + common.Reset
		}
		return th.CellStyle(fg, bg) + "\x1b[1m" + text + common.Reset
	}
	label := func(t string) string { return "\x1b[1m" + t + common.Reset }
	long := []string{" y = ±1   ", " support vectors   ", " forgotten   ", " boundary of "}
	short := []string{" ±1 ", " SV ", " forgotten ", " "}
	var out string
	for _, l := range [][]string{long, short} {
		out = " " + sample(common.ColPosInk, common.ColNeutral, common.GlyphPos) + " " + sample(common.ColNegInk, common.ColNeutral, common.GlyphNeg) + label(l[0]) +
			sample(common.ColNeutral, common.ColPosInk, common.GlyphPosSV) + " " + sample(common.ColNeutral, common.ColNegInk, common.GlyphNegSV) + label(l[1])
		if s.Budgeted() != nil {
			out += sample(common.ColGhost, common.ColNeutral, common.GlyphPosForgotten) + " " + sample(common.ColGhost, common.ColNeutral, common.GlyphNegForgotten) + label(l[2])
		}
		line := sample(common.ColBoundary, common.ColBoundary, "▀▀")
		if th.Mono {
			line = sample(0, 0, common.MonoBoundary+common.MonoBoundary)
		}
		if s.EnsembleOn() {
			out += line + label(l[3]+shownShort[s.Shown()])
			for k := range numShown {
				if learn.EnsembleMember(k) != s.Shown() {
					out += "  " + sample(common.ColGhost, common.ColNeutral, shownGlyphs[k]+shownGlyphs[k]) + label(" "+shownShort[k])
				}
			}
		} else {
			out += line + label(" f = 0")
		}
		if ansi.StringWidth(out) <= w {
			break
		}
	}
	return out
}
