package tui

import (
	"fmt"
	"strings"

	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// maxNarratedTerms is how many terms of f's sum the narration writes out;
// longer sums are collapsed to "Σ over k support vectors".
const maxNarratedTerms = 6

// sumText writes the terms αₖ·yₖ·K(xₖ, xᵢ) of a step's sum the way seed
// 003 does ("1x4 + 0x0 + …"), with αₖ = 0 terms left out:
// "1·(+1)·4 + 2·(−1)·0.37".
func sumText(p *learn.Perceptron, st learn.Step) string {
	switch n := len(st.Terms); {
	case n == 0:
		return "0 (every α is 0)"
	case n > maxNarratedTerms:
		return fmt.Sprintf("Σ over %d support vectors", n)
	}
	parts := make([]string, len(st.Terms))
	for n, t := range st.Terms {
		parts[n] = learn.Num(t.Alpha) + "·(" + learn.Sign(t.Y) + ")·" + learn.Num(t.K)
	}
	return strings.Join(parts, " + ")
}

// narration writes the last step as the notes write it (seed 003):
//
//	t=5 (epoch 2), i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·(+1)·4 = 4 → sign(4) = +1 = y₁ ✓
//
// and, on the second line, the update or what comes next.
func (m *Model) narration() (string, string) {
	s := m.s
	p := s.p
	if s.err != nil {
		return "training stopped: " + s.err.Error(), "press r to reset α, or change the kernel or data"
	}
	ls, ok := s.last()
	var first, second string
	switch {
	case p.T() == 0:
		first = "No steps yet: every α is 0, so f(x) = Σ αₖ yₖ K(xₖ, x) = 0 everywhere."
	case !ok:
		first = fmt.Sprintf("t=%d (step %d): an earlier step (its narration is no longer kept)", p.Epoch(), p.T())
	default:
		first = stepText(ls, p.Config().Tie)
		if ls.step.Mistake {
			second = fmt.Sprintf("mistake → α%s = %s", learn.Sub(ls.step.I+1), learn.Num(ls.step.Alpha))
		}
	}
	if next := p.Next(); next >= 0 {
		x := p.X(next)
		nextText := fmt.Sprintf("next: i=%d, x%s = (%s, %s), y = %s", next+1, learn.Sub(next+1), learn.Num(x.X1), learn.Num(x.X2), learn.Sign(p.Y(next)))
		if second == "" {
			second = nextText
		} else {
			second += "   " + nextText
		}
	} else if second == "" {
		second = stateText(p)
	}
	if m.message != "" {
		second = m.message
	}
	return first, second
}

// stepText is the first narration line of a step.
func stepText(ls shownStep, tie learn.Tie) string {
	st := ls.step
	sub := learn.Sub(st.I + 1)
	var b strings.Builder
	// As seed 003 writes it, t counts passes ("t=2, i=1"); the step number
	// follows at the end.
	fmt.Fprintf(&b, "t=%d, i=%d: Σ αₖ yₖ K(xₖ, x%s) = %s", st.Epoch, st.I+1, sub, ls.terms)
	if !strings.HasPrefix(ls.terms, "0 (") {
		b.WriteString(" = " + learn.Num(st.F))
	}
	switch {
	case st.Prediction == 0:
		fmt.Fprintf(&b, " → y%s·f = 0 ≤ 0 (tie rule: mistake) ✗", sub)
	case st.Prediction == st.Y:
		fmt.Fprintf(&b, " → sign(%s) = %s = y%s ✓", learn.Num(st.F), learn.Sign(st.Prediction), sub)
	default:
		fmt.Fprintf(&b, " → sign(%s) = %s ≠ y%s = %s ✗", learn.Num(st.F), learn.Sign(st.Prediction), sub, learn.Sign(st.Y))
	}
	if st.F == 0 && st.Prediction != 0 {
		fmt.Fprintf(&b, " (tie rule %s: %s)", tie, tie.Describe())
	}
	fmt.Fprintf(&b, "   [step %d]", st.T)
	return b.String()
}

func stateText(p *learn.Perceptron) string {
	switch p.State() {
	case learn.Converged:
		return fmt.Sprintf("converged ✓ after %d epochs: a whole pass without a mistake.  %s", p.Epoch(), p.Function())
	case learn.Capped:
		return fmt.Sprintf("epoch cap reached (%d) with %d mistakes in the last pass: not separable with this kernel?", p.Config().Epochs, p.EpochMistakes())
	}
	return ""
}

// statusLine is the one-line summary of the session.
func (m *Model) statusLine() string {
	s := m.s
	p := s.p
	cfg := p.Config()
	bias := "bias off"
	if cfg.Bias {
		bias = "bias on"
	}
	order := ""
	if cfg.Shuffle {
		order = fmt.Sprintf(" │ shuffle (seed %d)", cfg.Seed)
	}
	state := m.th.Bold.Render("running")
	switch p.State() {
	case learn.Converged:
		state = m.th.Good.Render("converged ✓")
	case learn.Capped:
		state = m.th.Warn.Render("epoch cap reached (not separable with this kernel?)")
	}
	if s.err != nil {
		state = m.th.Warn.Render("stopped: numerical error")
	}
	play := ""
	switch {
	case m.converging:
		play = " │ running to convergence (esc stops)"
	case m.playing:
		play = fmt.Sprintf(" │ playing %d/s", speeds[m.speed])
	default:
		play = fmt.Sprintf(" │ paused %d/s", speeds[m.speed])
	}
	data := safetext.Clean(s.name()) + fmt.Sprintf(" n=%d", len(s.opts.Points))
	if s.generated() && !s.edited {
		data += fmt.Sprintf(" noise=%s seed=%d", learn.Num(s.opts.Noise), s.opts.Seed)
	}
	line := fmt.Sprintf("%s │ K=%s │ %s │ tie %s%s │ epoch %d step %d │ mistakes %d/%d │ SV %d/%d │ acc %.0f%% │ %s%s",
		data, cfg.Kernel.Spec(), bias, cfg.Tie, order, p.Epoch(), p.T(), p.EpochMistakes(), p.Mistakes(),
		len(p.SupportVectors()), p.N(), s.accuracy(), state, play)
	if floor := p.UndoFloor(); floor > 0 && p.T() > 0 {
		// The undo history keeps the last learn.MaxUndoMistakes mistakes,
		// and an added point starts it afresh.
		line += fmt.Sprintf(" │ steps 1–%d can no longer be undone", floor)
	}
	if bad, all := s.fieldOverflow(); bad > 0 {
		// Put first: it changes how the whole picture reads.
		line = m.th.Warn.Render(fmt.Sprintf("f overflows in part of the plane: %d of %d lattice points (%s) are ±Inf or NaN, so the region there shows no class; rescale the data or lower the degree", bad, all, glyphOverflow)) + " │ " + line
	}
	return line
}
