package tui

import (
	"fmt"
	"slices"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// The perceptron's relatives of seed 002 as learners of the l cycle: the
// averaged and voted perceptrons (Freund & Schapire 1999), whose region
// can show the final perceptron, the average or the vote (A), and the
// budget learners (stoptron, Forgetron, budget perceptron), whose budget
// B ( and ) step.

// perceptron is the session's learner as a perceptron (any relative), nil
// for the SVM.
func (s *session) perceptron() *learn.Perceptron {
	p, _ := s.p.(*learn.Perceptron)
	return p
}

// What the region shows for the averaged and voted perceptrons.
const (
	shownFinal    = iota // the final (current) perceptron f
	shownAveraged        // the averaged perceptron f̄
	shownVote            // the vote V/T
	numShown
)

// shownDefault is what the region first shows for learner a: the
// learner's own function.
func shownDefault(a learn.Algo) int {
	switch a {
	case learn.AlgoAveraged:
		return shownAveraged
	case learn.AlgoVoted:
		return shownVote
	}
	return shownFinal
}

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

// ensembleOn reports whether the region shows the averaged and voted
// perceptrons' three functions: they need every vector since the start,
// so not once the undo history has dropped the oldest mistakes.
func (s *session) ensembleOn() bool {
	p := s.perceptron()
	return p != nil && p.Config().Algo.Averaging() && p.UndoFloor() == 0
}

// ensembleValues are the three functions at the field's lattice: the
// final f, the average f̄ and the vote V/T, caught up with the learner.
func (s *session) ensembleValues() (vals [numShown][]float64, err error) {
	p, fd := s.perceptron(), s.field
	if p == nil || fd == nil {
		return vals, fmt.Errorf("no field")
	}
	if s.ens == nil || s.ensField != fd {
		pts := make([]learn.Vec, 0, fd.W*fd.H)
		for row := range fd.H {
			for c := range fd.W {
				pts = append(pts, p.Embed(fd.Point(c, row)))
			}
		}
		s.ens, s.ensField = learn.NewEnsemble(pts), fd
	}
	if err := s.ens.Update(p); err != nil {
		return vals, err
	}
	vals[shownFinal] = fd.Values
	vals[shownAveraged] = make([]float64, len(fd.Values))
	vals[shownVote] = make([]float64, len(fd.Values))
	s.ens.Averaged(vals[shownAveraged])
	s.ens.Vote(vals[shownVote])
	return vals, nil
}

// cycleShown moves the region on to the next of the three functions (A).
func (m *Model) cycleShown() {
	s := m.s
	s.shown = (s.shown + 1) % numShown
	s.version++
	what := map[int]string{
		shownFinal:    "the final perceptron: the α training ends with",
		shownAveraged: "the averaged perceptron: α averaged over every step, a boundary with more room on both sides",
		shownVote:     "the voted perceptron: every α⁽ᵏ⁾ votes sign fₖ(x), weighted by the steps it survived",
	}[s.shown]
	m.message = "region: " + what + "; the other two boundaries are drawn faintly (" + otherGlyphs(s.shown) + ")"
}

// otherGlyphs names the marks of the boundaries not shown: "∘ final f, × vote".
func otherGlyphs(shown int) string {
	var out string
	for k := range numShown {
		if k != shown {
			if out != "" {
				out += ", "
			}
			out += shownGlyphs[k] + " " + shownShort[k]
		}
	}
	return out
}

// budgetLadder is what ( and ) step a budget through.
var budgetLadder = []int{1, 2, 3, 4, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 1000}

// stepBudget is the rung after (up) or before b; ok is false at either
// end.
func stepBudget(b int, up bool) (int, bool) {
	if up {
		for _, v := range budgetLadder {
			if v > b {
				return v, true
			}
		}
		return b, false
	}
	for _, v := range slices.Backward(budgetLadder) {
		if v < b {
			return v, true
		}
	}
	return b, false
}

// changeBudget steps the budget learners' B (( and )); α starts again
// from 0, since B changes what every mistake does.
func (m *Model) changeBudget(up bool) {
	cfg := m.s.opts.Config
	b, ok := stepBudget(cfg.Budget, up)
	if !ok {
		return
	}
	cfg.Budget = b
	if err := m.s.setConfig(cfg); err != nil {
		m.message = fmt.Sprintf("budget %d: cannot train with it, nothing changed: %v", b, err)
		return
	}
	m.message = fmt.Sprintf("budget B = %d support vectors: α reset", b)
}

// budgetText is a budget learner's part of the panels: "B = 5, 12
// forgotten" ("" for other learners).
func (s *session) budgetText() string {
	p := s.perceptron()
	if p == nil || !p.Config().Algo.Budgeted() {
		return ""
	}
	gone := 0
	for j := range p.N() {
		if p.Forgotten(j) {
			gone++
		}
	}
	t := fmt.Sprintf("budget B = %d", p.Config().Budget)
	if p.Config().Algo == learn.AlgoStoptron && p.BudgetFull() {
		t += " full: α frozen"
	}
	if gone > 0 {
		t += fmt.Sprintf(", %d forgotten", gone)
	}
	return t
}

// ensembleAccuracy is the averaged and voted perceptrons' part of the
// status line: "final 90% · average 95% · vote 94%" ("" for others).
func (s *session) ensembleAccuracy() string {
	p := s.perceptron()
	if p == nil || !p.Config().Algo.Averaging() {
		return ""
	}
	return fmt.Sprintf("accuracy: final %.0f%% · average %.0f%% · vote %.0f%%",
		100*p.Accuracy(), 100*p.AveragedAccuracy(), 100*p.VotedAccuracy())
}

// relativeName is the learner as the panels name it, for the perceptron's
// relatives: "averaged perceptron", "Forgetron B = 5".
func relativeName(cfg learn.Config) string {
	switch a := cfg.Algo; {
	case a.Averaging():
		return a.String() + " perceptron"
	case a == learn.AlgoForgetron:
		return fmt.Sprintf("Forgetron B = %d", cfg.Budget)
	case a == learn.AlgoBudget:
		return fmt.Sprintf("budget perceptron B = %d", cfg.Budget)
	case a == learn.AlgoStoptron:
		return fmt.Sprintf("stoptron B = %d", cfg.Budget)
	}
	return "perceptron"
}

// relativeIntro is what l says on switching to a relative.
func relativeIntro(cfg learn.Config) string {
	switch cfg.Algo {
	case learn.AlgoAveraged:
		return "learner: the averaged perceptron (Freund & Schapire 1999): trains as the perceptron, predicts with α averaged over every step; A shows the final, the average or the vote"
	case learn.AlgoVoted:
		return "learner: the voted perceptron (Freund & Schapire 1999): every α⁽ᵏ⁾ along the way votes, weighted by the steps it survived; A shows the final, the average or the vote"
	case learn.AlgoStoptron:
		return fmt.Sprintf("learner: the stoptron (Orabona et al. 2009): the perceptron until %d examples are support vectors, then α stops; ( ) change the budget", cfg.Budget)
	case learn.AlgoForgetron:
		return fmt.Sprintf("learner: the Forgetron (Dekel et al. 2008): at most %d support vectors; past the budget it shrinks every σ and forgets the oldest; ( ) change it", cfg.Budget)
	case learn.AlgoBudget:
		return fmt.Sprintf("learner: the budget perceptron (Cavallanti et al. 2007): at most %d support vectors; a mistake with the budget full forgets one drawn at random (seed %d); ( ) change it", cfg.Budget, cfg.Seed)
	}
	return "learner: the kernel perceptron (seed 001)"
}

// hasRelativesKey reports whether the learner is one of the perceptron's
// relatives, whose region has a key line of its own.
func hasRelativesKey(s *session) bool {
	p := s.perceptron()
	return p != nil && p.Config().Algo != learn.AlgoPerceptron
}

// relativesKey is the key line of the region for the perceptron's
// relatives, or "" for other learners: the classes, the support vectors,
// the forgotten ones (budget learners), and the boundary shown with the
// marks of the others (averaged and voted), in at most w cells where the
// shorter labels fit.
func relativesKey(th *Theme, s *session, w int) string {
	if !hasRelativesKey(s) {
		return ""
	}
	p := s.perceptron()
	sample := func(fg, bg uint8, text string) string {
		if th.Mono {
			return "\x1b[1m" + text + reset
		}
		return th.cellStyle(fg, bg) + "\x1b[1m" + text + reset
	}
	label := func(t string) string { return "\x1b[1m" + t + reset }
	long := []string{" y = ±1   ", " support vectors   ", " forgotten   ", " boundary of "}
	short := []string{" ±1 ", " SV ", " forgotten ", " "}
	var out string
	for _, l := range [][]string{long, short} {
		out = " " + sample(colPosInk, colNeutral, glyphPos) + " " + sample(colNegInk, colNeutral, glyphNeg) + label(l[0]) +
			sample(colNeutral, colPosInk, glyphPosSV) + " " + sample(colNeutral, colNegInk, glyphNegSV) + label(l[1])
		if p.Config().Algo.Budgeted() {
			out += sample(colGhost, colNeutral, glyphPosForgotten) + " " + sample(colGhost, colNeutral, glyphNegForgotten) + label(l[2])
		}
		line := sample(colBoundary, colBoundary, "▀▀")
		if th.Mono {
			line = sample(0, 0, monoBoundary+monoBoundary)
		}
		if s.ensembleOn() {
			out += line + label(l[3]+shownShort[s.shown])
			for k := range numShown {
				if k != s.shown {
					out += "  " + sample(colGhost, colNeutral, shownGlyphs[k]+shownGlyphs[k]) + label(" "+shownShort[k])
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
