package panels

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
)

// NarrationView is the narration under the region: the last step as the
// notes write it, the update or what comes next, or the root's message. In
// comparison mode it narrates both learners, a line each.
type NarrationView struct {
	S       Session
	Th      *common.Theme
	w, h    int
	Message string // the answer to the last key, shown instead of "next"
	Probe   string // what f says at the cursor, when it is on
	Loud    bool   // the message in full strength (quiz mode's verdicts)
	// Twin is comparison mode's second learner (nil when it is off), and
	// labels name the two panes.
	Twin   Session
	Labels [2]string
	// wrapped is the last wrapping, kept for the same texts and width:
	// the layout measures the narration and View draws it, once a frame
	// each.
	wrapped struct {
		key   narrationKey
		lines []string
	}
}

// narrationKey is what the wrapped narration depends on.
type narrationKey struct {
	w                             int
	first, second, message, probe string
	th                            *common.Theme
}

// SetSize sets the lines and width the narration wraps into.
func (n *NarrationView) SetSize(w, h int) { n.w, n.h = w, h }

// View draws exactly h lines of width w: the narration wrapped whole
// (Lines). The layout gives it the lines it needs (Need); in a terminal
// too small for that, the last line it has says how much is left out.
func (n *NarrationView) View() string {
	lines := n.Lines(n.w)
	if len(lines) > n.h && n.h > 0 {
		more := n.Th.Dim.Render(fmt.Sprintf("(+%d lines)", len(lines)-n.h+1))
		lines = append(lines[:n.h-1:n.h-1], more)
	}
	for len(lines) < n.h {
		lines = append(lines, "")
	}
	return strings.Join(common.FitLines(lines[:n.h], n.w), "\n")
}

// Need is how many lines the narration takes at width w, wrapped whole.
func (n *NarrationView) Need(w int) int { return len(n.Lines(w)) }

// Lines is the narration wrapped to width w, nothing cut: the last step
// as the notes write it, the update or what comes next (or the root's
// message), the cursor's probe. A step's tag "[step 8]" never splits.
// The lines are kept for the next call with the same texts: callers read
// them and do not change them.
func (n *NarrationView) Lines(w int) []string {
	if n.Twin != nil {
		return n.compared(w)
	}
	first, second := Describe(n.S)
	message := n.Message
	if message != "" && (n.Loud || n.S.Learner().State() == learn.Running && strings.HasPrefix(second, "next:")) {
		// The quiz's verdict says what the update said; a message in
		// training takes the place of "next". The outcome (converged, the
		// learned f) and an update stay, with the message under them.
		second, message = message, ""
	}
	key := narrationKey{w, first, second, message, n.Probe, n.Th}
	if n.wrapped.lines != nil && n.wrapped.key == key {
		return n.wrapped.lines
	}
	if message != "" {
		message = n.Th.Dim.Render(keepMath(message))
	}
	lines := common.Wrap(w, keepMath(keepTag(first)), keepMath(keepTag(second)), message, n.Probe)
	n.wrapped.key, n.wrapped.lines = key, lines
	return lines
}

// keepMath joins with non-breaking spaces what should not be split across
// lines: "f(x) =" and what follows it, a short group in brackets
// ("K(xⱼ, x)", "(tie rule mistake)", "[1, 0, 0, 0]"), an arrow and what it
// leads to ("→ 0.25"), "min" and what it takes, and the kernel sum "Σ αₖ
// yₖ K(xₖ, x₄)". Lines still break
// between the terms of a sum, before a + or −.
func keepMath(s string) string {
	const short = 24 // the longest bracket group kept whole, in runes
	// "f(x) = Σⱼ …": the function's name stays with what it is.
	s = strings.ReplaceAll(s, "f(x) = ", "f(x)\u00a0=\u00a0")
	r := []rune(s)
	var open []int
	for i, c := range r {
		switch c {
		case '(', '[':
			open = append(open, i)
		case ')', ']':
			if len(open) == 0 {
				continue
			}
			at := open[len(open)-1]
			open = open[:len(open)-1]
			if i-at <= short {
				for k := at; k < i; k++ {
					if r[k] == ' ' {
						r[k] = '\u00a0'
					}
				}
			}
		}
	}
	for i := 0; i+1 < len(r); i++ {
		switch {
		case r[i] == '→' && r[i+1] == ' ':
			r[i+1] = '\u00a0'
		case r[i] == 'Σ':
			// Σ αₖ yₖ K(…): the sum's symbol up to its kernel.
			for k := i + 1; k < len(r) && k < i+12 && r[k] != 'K' && r[k] != '='; k++ {
				if r[k] == ' ' {
					r[k] = '\u00a0'
				}
			}
		case i+3 < len(r) && string(r[i:i+4]) == "min ":
			r[i+3] = '\u00a0'
		}
	}
	return string(r)
}

// keepTag joins a step's tag ("[step 8]") with non-breaking spaces, so
// that wrapping never leaves "[step" alone at a line's end.
func keepTag(s string) string {
	if i := strings.LastIndex(s, "[step "); i >= 0 {
		if j := strings.IndexByte(s[i:], ']'); j > 0 {
			return s[:i] + common.Keep(s[i:i+j+1]) + s[i+j+1:]
		}
	}
	return s
}

// compared narrates comparison mode: each learner's last step from a line
// of its own, then the message, the cursor's probe, or what comes next,
// each wrapped whole.
func (n *NarrationView) compared(w int) []string {
	a1, _ := Describe(n.S)
	b1, _ := Describe(n.Twin)
	la, lb := n.Th.Bold.Render(n.Labels[0]+": "), n.Th.Bold.Render(n.Labels[1]+": ")
	third := n.Message
	if third == "" {
		third = n.Probe
	}
	if third == "" {
		third = n.Labels[0] + ": " + Brief(n.S) + "   " + n.Labels[1] + ": " + Brief(n.Twin)
	}
	return common.Wrap(w, la+keepTag(a1), lb+keepTag(b1), n.Th.Dim.Render(third))
}

// Briefed is what Brief reads of a session (a Session, or a
// component's narrow view of one).
type Briefed interface {
	Learner() learn.Learner
	SMO() notation.SVM
	Passer() learn.Passer
	Err() error
}

// Brief says in a few words what comes next for a session, or how its
// training ended, for comparison mode's line of both (and the quiz's
// last line).
func Brief(s Briefed) string {
	p, sv := s.Learner(), s.SMO()
	switch {
	case s.Err() != nil:
		return "stopped: " + s.Err().Error()
	case sv != nil && sv.Err() != nil:
		return "stopped: " + sv.Err().Error()
	case sv != nil && p.State() == learn.Running:
		return notation.NextPair(sv)
	case sv != nil:
		return notation.SVMOutcome(sv)
	case p.State() == learn.Converged:
		return "converged ✓ after " + notation.Passes(s.Passer().Epoch())
	case p.State() == learn.Capped && isDense(p):
		return "ran all " + notation.Passes(p.Config().Epochs) + " (it never converges)"
	case p.State() == learn.Capped:
		return "stopped at the cap of " + notation.Passes(p.Config().Epochs)
	}
	if next := p.Next(); next >= 0 {
		return fmt.Sprintf("next: i=%d", next+1)
	}
	return ""
}

// Describe writes a session's last step as the notes write it, and on the
// second line the update, what comes next, or how training ended.
//
// The perceptron's step is the line trace writes (seed 003, package
// notation):
//
//	t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]
//
// with the update after a mistake ("mistake → α₁ += 1, new α = [1, 0, 0,
// 0]") and the next example; the SVM's is one SMO iteration (notation.Pair)
// with the next pair, or the outcome and the margin.
func Describe(s Session) (string, string) {
	p := s.Learner()
	err := s.Err()
	if sv := s.Pairs(); sv != nil && err == nil {
		err = sv.Err()
	}
	if err != nil {
		next := "press r to reset α, or change the kernel or data"
		if errors.Is(err, learn.ErrNotSeparable) {
			next = "< gives C a finite value (a soft margin: points may sit inside it, at α = C); b steps back, r resets α"
			if p.T() == 0 {
				// Found before any step (two points that no hard margin
				// separates): there is nothing to step back to.
				next = "< gives C a finite value (a soft margin: points may sit inside it, at α = C)"
			}
		}
		return "training stopped: " + err.Error(), next
	}
	if sv := s.SMO(); sv != nil {
		return describeSVM(s, sv)
	}
	ps := s.Passer()
	ls, ok := s.Last()
	var first, second string
	switch {
	case p.T() == 0:
		first = "No steps yet: every α is 0, so f(x) = Σ αₖ yₖ K(xₖ, x) = 0 everywhere."
	case !ok:
		first = fmt.Sprintf("t=%d: an earlier step (its narration is no longer kept)   [step %d]", ps.Epoch(), p.T())
	default:
		first = stepText(p, ls)
		if ls.Step.Changed() {
			// ls is the newest step in effect, so α is as it left it.
			// A budget learner's forgetting is a line of its own in the
			// notes' text; here it follows on the same line.
			second = strings.ReplaceAll(notation.Update(p, ls.Step), "\n", "; ")
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
		hint := ""
		if ps.State() == learn.Capped {
			if r, ok := s.Options().ScaleMismatch(); ok {
				hint = notation.ScaleHint(r, "u")
			}
		}
		second = stateText(ps, hint)
		if s.Averaging() != nil {
			// The learned f written is the last perceptron's; the region
			// may show the average or the vote (A).
			second = strings.Replace(second, "f(x) = ", "the final perceptron's f(x) = ", 1)
		}
	}
	return first, second
}

// describeSVM is describe for the SVM: the last pair update as
// notation.Pair writes it, then the next pair, or the outcome with b, the
// margin and the support vectors once SMO has converged.
func describeSVM(s Session, sv notation.SVM) (string, string) {
	ls, ok := s.Last()
	var first string
	switch {
	case sv.T() == 0:
		first = fmt.Sprintf("No iterations yet: every α is 0, so f(x) = Σ αₖ yₖ K(xₖ, x) + b = b = %s everywhere. SMO moves two α at a time, keeping Σ αᵢ yᵢ = 0.", learn.Num(sv.Offset()))
	case !ok:
		first = fmt.Sprintf("iteration %d: an earlier pair update (its narration is no longer kept)", sv.T())
	default:
		first = ls.Pair
	}
	switch sv.State() {
	case learn.Running:
		return first, notation.NextPair(sv)
	case learn.Converged:
		return first, notation.SVMOutcome(sv) + "; " + notation.Margin(sv)
	}
	return first, notation.SVMOutcome(sv)
}

// stepText is the first narration line of a step: the line trace writes.
func stepText(p learn.Learner, ls lab.Shown) string {
	return notation.Line(p, ls.Step, ls.Terms)
}

// stateText says how a learner that visits pass by pass stopped ("" while
// it runs): its own words when it has them (learn.Explainer), the
// perceptron's otherwise. At the cap, scaleHint (notation.ScaleHint, or
// "") comes before the reason, which it may explain.
func stateText(p learn.Passer, scaleHint string) string {
	if e, ok := p.(learn.Explainer); ok && p.State() != learn.Running {
		if o := e.Outcome(); o != "" {
			return o + ".  " + p.Function()
		}
	}
	switch p.State() {
	case learn.Converged:
		return fmt.Sprintf("converged ✓ after %s: a whole pass without a mistake.  %s", notation.Passes(p.Epoch()), p.Function())
	case learn.Capped:
		if scaleHint != "" {
			scaleHint += " "
		}
		return fmt.Sprintf("stopped at the cap of %s with %s in the last pass. %s%s", notation.Passes(p.Config().Epochs), notation.Count(p.EpochMistakes(), "mistake"), scaleHint, notation.CapReason(p))
	}
	return ""
}

// Update has no messages of its own: the narration follows the session.
func (n *NarrationView) Update(tea.Msg) tea.Cmd { return nil }

// isDense reports whether l gives every example weight and runs every
// pass it is given (learn.Dense): it stops at its cap by design.
func isDense(l learn.Learner) bool {
	_, ok := l.(learn.Dense)
	return ok
}
