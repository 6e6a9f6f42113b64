package tui

import (
	"kernelscope/learn"
	"kernelscope/notation"
)

// shownStep is one step as the narration shows it.
type shownStep struct {
	step  learn.Step // Terms dropped
	terms string     // the perceptron's sum, written out
	pair  string     // the SVM's pair update, written out (notation.Pair)
	// quiet reports a step taken without narration, one of the many of a
	// tick of autoplay or a chunk of a run that the screen never shows:
	// terms and pair are not written, and the perceptron's step.F is its
	// kept score. narrateLast writes them when such a step comes on screen.
	quiet bool
}

// maxShownSteps bounds the narration kept for stepping back; older steps
// undo fine but are narrated as "earlier step".
const maxShownSteps = 20000

// step takes one step and records its narration. It reports whether a step
// was taken.
func (s *session) step() bool { return s.take(true) }

// take takes one step, narrated or quiet (see shownStep.quiet), and
// reports whether a step was taken.
func (s *session) take(narrate bool) bool {
	if p, ok := s.p.(*learn.Perceptron); ok && !narrate {
		// Its sum of O(#SV) terms is the cost of a correct step.
		p.SetNarrate(false)
		defer p.SetNarrate(true)
	}
	st, err := s.p.Step()
	if err != nil {
		if err != learn.ErrStopped {
			s.err = err
		}
		return false
	}
	if st.Changed() {
		s.version++
	}
	if st.Mistake {
		s.flash, s.flashUntil = st.I, st.T+flashSteps
	}
	if len(s.steps) == maxShownSteps {
		s.steps = append(s.steps[:0], s.steps[maxShownSteps/2:]...)
	}
	shown := shownStep{step: st, quiet: !narrate}
	if narrate {
		// The sum is written now, while the step still holds its terms.
		s.write(&shown)
	}
	shown.step.Terms = nil
	s.steps = append(s.steps, shown)
	s.notePass()
	return true
}

// write writes the narration of a step just taken (the perceptron's terms
// are valid until the next step), or of the SVM's step at any time (its
// pair update is all in the step).
func (s *session) write(shown *shownStep) {
	if sv := s.boxed(); sv != nil && shown.step.Pair != nil {
		shown.pair = notation.Pair(shown.step.T, *shown.step.Pair, sv.C())
	} else {
		shown.terms = notation.Sum(s.p, shown.step)
	}
	shown.quiet = false
}

// narrateLast writes the narration of the newest step in effect if it was
// taken quiet, so that the screen shows it as if every step had been
// narrated. The SVM's is written from the step. The perceptron's terms are
// those of the state before the step: it steps back and takes the step
// again, narrated; the outcome is the same (α and the schedule come back
// exactly, the decision is taken on the exact sum near a tie), as b then
// space gives.
func (s *session) narrateLast() {
	n := len(s.steps)
	if n == 0 || !s.steps[n-1].quiet || s.steps[n-1].step.T != s.p.T() {
		return
	}
	if s.steps[n-1].step.Pair != nil {
		s.write(&s.steps[n-1])
		return
	}
	if !s.p.CanUndo() || !s.p.Undo() {
		return // below the undo floor: it stays an earlier step
	}
	s.steps = s.steps[:n-1]
	s.trimPasses()
	s.take(true)
}

// flashSteps is how many steps the point of a mistake stays flashed.
const flashSteps = 3

// flashing is the example flashed as the last mistake, −1 for none.
func (s *session) flashing() int {
	if s.flash >= 0 && s.p.T() <= s.flashUntil {
		return s.flash
	}
	return -1
}

// back undoes one step; the step now newest is narrated as every step
// is, though it may have been taken quiet.
func (s *session) back() bool {
	// The newest narration is the step undone, unless it is no longer kept.
	n := len(s.steps)
	var undone *learn.Step
	if n > 0 && s.steps[n-1].step.T == s.p.T() {
		undone = &s.steps[n-1].step
	}
	if !s.p.Undo() {
		return false
	}
	if undone != nil {
		s.steps = s.steps[:n-1]
	}
	s.trimPasses()
	if undone == nil || undone.Changed() {
		s.version++
	}
	s.err = nil
	s.narrateLast()
	return true
}

// last is the newest step still in effect, if its narration is kept.
func (s *session) last() (shownStep, bool) {
	if len(s.steps) == 0 || s.p.T() == 0 {
		return shownStep{}, false
	}
	ls := s.steps[len(s.steps)-1]
	return ls, ls.step.T == s.p.T() && !ls.quiet
}
