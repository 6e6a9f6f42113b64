package common

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// NumShown is how many functions an averaging learner keeps (the final f,
// the average, the vote: learn.EnsembleMember).
const NumShown = 3

// ShownShort name each function as the region's key line does;
// ShownGlyphs are the marks of its boundary when another is shown, drawn
// bold in ink on the plain background: none is a texture of the
// colour-free region (· • ∘ ○ ◇), so each reads as a line of its own
// over the dotted +1 side.
var (
	ShownShort  = [NumShown]string{"final f", "average", "vote"}
	ShownGlyphs = [NumShown]string{"□", "≈", "×"}
	ShownTitles = [NumShown]string{
		"f(x) = Σ αⱼ yⱼ K(xⱼ, x), the final perceptron",
		"f_avg(x) = Σ ᾱⱼ yⱼ K(xⱼ, x), ᾱ the mean α over the steps",
		"V(x)/T = Σₖ cₖ sign fₖ(x) / T, every α⁽ᵏ⁾ voting with its cₖ steps",
	}
)

// OtherGlyphs names the marks of the boundaries not shown: "∘ final f, × vote".
func OtherGlyphs(shown learn.EnsembleMember) string {
	var out string
	for k := range NumShown {
		if learn.EnsembleMember(k) != shown {
			if out != "" {
				out += ", "
			}
			out += ShownGlyphs[k] + " " + ShownShort[k]
		}
	}
	return out
}

// BudgetText is a budget learner's part of the panels: "B = 5, 12
// forgotten" ("" for other learners).
func BudgetText(s Session) string {
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

// EnsembleAccuracy is the averaged and voted perceptrons' part of the
// status line, "accuracy: final 90% · average 95% · vote 94%", and its
// short forms: "acc: final 90% · avg 95% · vote 94%", then the accuracy
// of the classifier the learner predicts with alone, "acc: avg 95%" ("" for
// others).
func EnsembleAccuracy(s Session) (full string, short []string) {
	p := s.Averaging()
	if p == nil {
		return "", nil
	}
	final, avg, vote := 100*p.Accuracy(), 100*p.AveragedAccuracy(), 100*p.VotedAccuracy()
	own := fmt.Sprintf("acc: avg %.0f%%", avg)
	if p.Predicts() == learn.VotedMember {
		own = fmt.Sprintf("acc: vote %.0f%%", vote)
	}
	return fmt.Sprintf("accuracy: final %.0f%% · average %.0f%% · vote %.0f%%", final, avg, vote),
		[]string{fmt.Sprintf("acc: final %.0f%% · avg %.0f%% · vote %.0f%%", final, avg, vote), own}
}

// HasRelativesKey reports whether the learner is one of the perceptron's
// relatives with a budget or an ensemble, whose region has a key line of
// its own.
func HasRelativesKey(s Session) bool {
	return s.Budgeted() != nil || s.Averaging() != nil
}

// RelativesKey is the key line of the region for the perceptron's
// relatives, or "" for other learners: the classes, the support vectors,
// the forgotten ones (budget learners), and the boundary shown with the
// marks of the others (averaged and voted), in at most w cells where the
// shorter labels fit.
func RelativesKey(th *Theme, s Session, w int) string {
	if !HasRelativesKey(s) {
		return ""
	}
	sample := func(fg, bg uint8, text string) string {
		if th.Mono {
			return "\x1b[1m" + text + Reset
		}
		return th.CellStyle(fg, bg) + "\x1b[1m" + text + Reset
	}
	label := func(t string) string { return "\x1b[1m" + t + Reset }
	long := []string{" y = ±1   ", " support vectors   ", " forgotten   ", " boundary of "}
	short := []string{" ±1 ", " SV ", " forgotten ", " "}
	var out string
	for _, l := range [][]string{long, short} {
		out = " " + sample(ColPosInk, ColNeutral, GlyphPos) + " " + sample(ColNegInk, ColNeutral, GlyphNeg) + label(l[0]) +
			sample(ColNeutral, ColPosInk, GlyphPosSV) + " " + sample(ColNeutral, ColNegInk, GlyphNegSV) + label(l[1])
		if s.Budgeted() != nil {
			out += sample(ColGhost, ColNeutral, GlyphPosForgotten) + " " + sample(ColGhost, ColNeutral, GlyphNegForgotten) + label(l[2])
		}
		line := sample(ColBoundary, ColBoundary, "▀▀")
		if th.Mono {
			line = sample(0, 0, MonoBoundary+MonoBoundary)
		}
		if s.EnsembleOn() {
			out += line + label(l[3]+ShownShort[s.Shown()])
			for k := range NumShown {
				if learn.EnsembleMember(k) != s.Shown() {
					out += "  " + sample(ColText, ColNeutral, ShownGlyphs[k]+ShownGlyphs[k]) + label(" "+ShownShort[k])
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
