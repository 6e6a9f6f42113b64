package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/internal/safetext"
	"kernelscope/learn"
	"kernelscope/notation"
)

// narrationView is the narration under the region: the last step as the
// notes write it, the update or what comes next, or the root's message.
type narrationView struct {
	s       *session
	th      *Theme
	w, h    int
	message string // the answer to the last key, shown instead of "next"
	probe   string // what f says at the cursor, when it is on
}

// SetSize sets the lines and width the narration wraps into.
func (n *narrationView) SetSize(w, h int) { n.w, n.h = w, h }

// View draws exactly h lines of width w.
func (n *narrationView) View() string {
	first, second := n.text()
	return strings.Join(textBlock(n.h, n.w, first, n.th.Dim.Render(second), n.probe), "\n")
}

// text writes the last step as the notes write it (seed 003), in the
// notation of `kernelscope trace` (package notation):
//
//	t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]
//
// and, on the second line, the update after a mistake ("mistake → α₁ += 1,
// new α = [1, 0, 0, 0]") and what comes next.
func (n *narrationView) text() (string, string) {
	s := n.s
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
		first = fmt.Sprintf("t=%d: an earlier step (its narration is no longer kept)   [step %d]", p.Epoch(), p.T())
	default:
		first = stepText(ls, p.Config().Tie)
		if ls.step.Mistake {
			// ls is the newest step in effect, so α is as it left it.
			second = notation.Update(p, ls.step)
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
	if n.message != "" {
		second = n.message
	}
	return first, second
}

// stepText is the first narration line of a step: the line trace writes.
func stepText(ls shownStep, tie learn.Tie) string {
	return notation.Line(ls.step, ls.terms, tie)
}

func stateText(p learn.Learner) string {
	switch p.State() {
	case learn.Converged:
		return fmt.Sprintf("converged ✓ after %s: a whole pass without a mistake.  %s", notation.Passes(p.Epoch()), p.Function())
	case learn.Capped:
		return fmt.Sprintf("stopped at the cap of %s with %d mistakes in the last pass. %s", notation.Passes(p.Config().Epochs), p.EpochMistakes(), notation.CapReason(p))
	}
	return ""
}

// statusView is the status line: the data, the kernel and settings, the
// counters, the state, and what the player is doing.
type statusView struct {
	s      *session
	th     *Theme
	player *player
	w, h   int
}

// SetSize sets the lines and width the status wraps into.
func (v *statusView) SetSize(w, h int) { v.w, v.h = w, h }

// View draws exactly h lines of width w.
func (v *statusView) View() string { return strings.Join(textBlock(v.h, v.w, v.line()), "\n") }

// line is the summary of the session, before wrapping.
func (v *statusView) line() string {
	s := v.s
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
	state := v.th.Bold.Render("training")
	switch p.State() {
	case learn.Converged:
		state = v.th.Good.Render("converged ✓ after " + notation.Passes(p.Epoch()))
	case learn.Capped:
		state = v.th.Warn.Render("stopped at the cap of " + notation.Passes(cfg.Epochs))
	}
	if s.err != nil {
		state = v.th.Warn.Render("stopped: numerical error")
	}
	play := " │ " + v.player.status()
	data := safetext.Clean(s.name()) + fmt.Sprintf(" n=%d", len(s.opts.Points))
	if s.opts.Standardized {
		data += " (z-scores)"
	}
	if s.generated() && !s.edited {
		data += fmt.Sprintf(" noise=%s seed=%d", learn.Num(s.opts.Noise), s.opts.Seed)
	}
	line := fmt.Sprintf("%s │ K=%s │ %s │ tie %s%s │ pass %d, step %d │ mistakes: %d this pass, %d in all │ SV %d/%d │ accuracy %.0f%% │ %s%s",
		data, cfg.Kernel.Spec(), bias, cfg.Tie, order, p.Epoch(), p.T(), p.EpochMistakes(), p.Mistakes(),
		len(p.SupportVectors()), p.N(), s.accuracy(), state, play)
	if floor := p.UndoFloor(); floor > 0 && p.T() > 0 {
		// The undo history keeps the last learn.MaxUndoMistakes mistakes,
		// and an added point starts it afresh.
		line += fmt.Sprintf(" │ steps 1–%d can no longer be undone", floor)
	}
	if bad, all := s.fieldOverflow(); bad > 0 {
		// Put first: it changes how the whole picture reads.
		line = v.th.Warn.Render(fmt.Sprintf("f overflows in part of the plane: %d of %d lattice points (%s) are ±Inf or NaN, so the region there shows no class; rescale the data or lower the degree", bad, all, glyphOverflow)) + " │ " + line
	}
	return line
}

// Update has no messages of its own: the narration follows the session.
func (n *narrationView) Update(tea.Msg) tea.Cmd { return nil }

// Update has no messages of its own: the status follows the session.
func (v *statusView) Update(tea.Msg) tea.Cmd { return nil }
