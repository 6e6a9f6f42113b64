package lab

import (
	"kernelscope/learn"
	"kernelscope/notation"
)

// Shown is one step as the narration shows it.
type Shown struct {
	Step  learn.Step // Terms dropped
	Terms string     // the perceptron's sum, written out
	Pair  string     // the SVM's pair update, written out (notation.Pair)
	// Quiet reports a step taken without narration, one of the many of a
	// tick of autoplay or a chunk of a run that the screen never shows:
	// Terms and Pair are not written, and a learner's Step.F may be its
	// kept score. NarrateLast writes them when such a step comes on screen.
	Quiet bool
}

// maxShownSteps bounds the narration kept for stepping back (a few hundred
// KB: it took as much memory as the undo history when it kept 20 000
// steps); a step back to an older step narrates it again (NarrateLast).
const maxShownSteps = 2048

// Step takes one step and records its narration. It reports whether a step
// was taken.
func (s *Session) Step() bool { return s.Take(true) }

// Take takes one step, narrated or quiet (see Shown.Quiet), and
// reports whether a step was taken.
func (s *Session) Take(narrate bool) bool {
	if n, ok := s.p.(learn.Narrator); ok && !narrate {
		// Its sum of O(#SV) terms is the cost of a correct step.
		n.SetNarrate(false)
		defer n.SetNarrate(true)
	}
	st, err := s.p.Step()
	if err != nil {
		if err != learn.ErrStopped {
			s.err = err
		}
		return false
	}
	s.taken(st, narrate)
	return true
}

// taken records step st, just taken, narrated or quiet.
func (s *Session) taken(st learn.Step, narrate bool) {
	if st.Changed() {
		s.version++
	}
	if st.Mistake {
		s.flash, s.flashUntil = st.I, st.T+flashSteps
	}
	if len(s.steps) == maxShownSteps {
		s.steps = append(s.steps[:0], s.steps[maxShownSteps/2:]...)
	}
	shown := Shown{Step: st, Quiet: !narrate}
	if narrate {
		// The sum is written now, while the step still holds its terms.
		s.write(&shown)
	}
	shown.Step.Terms = nil
	s.steps = append(s.steps, shown)
	s.notePass()
	if s.observe != nil {
		s.observe(shown)
	}
}

// Observe has f told of every step the session takes from now on, as its
// narration records it (quiet or not): a recorder marks each step, even
// those of a run that the screen never shows and the narration kept for
// stepping back has dropped; a step taken again only to narrate it
// (NarrateLast) is not told again. nil stops it.
func (s *Session) Observe(f func(Shown)) { s.observe = f }

// Peek is the step the learner takes next, without taking it: it takes
// the step and puts it back (learn.Learner's Undo: α and the schedule
// come back exactly, f and the field to within rounding), and leaves the
// session as it was, its Mark, narration, flash and passes. A quiz judges
// a class's answers with it before the step is revealed. It reports false
// when no step is left, when the step stopped on an error (Err, as Take
// records it: the step itself would), or when undo could not put it back:
// with nothing undoable now (UndoFloor at the step), no step is taken;
// should a step's own record not fit the undo budget, the step stands,
// recorded as Take records it, and the Mark moves.
func (s *Session) Peek() (learn.Step, bool) {
	if s.p.T() > 0 && !s.p.CanUndo() {
		return learn.Step{}, false
	}
	st, err := s.p.Step()
	if err != nil {
		if err != learn.ErrStopped {
			s.err = err
		}
		return learn.Step{}, false
	}
	if !s.p.Undo() {
		s.taken(st, true)
		return learn.Step{}, false
	}
	st.Terms = nil // the learner's, valid until its next step
	return st, true
}

// write writes the narration of a step just taken (the perceptron's terms
// are valid until the next step), or of the SVM's step at any time (its
// pair update is all in the step).
func (s *Session) write(shown *Shown) {
	if sv := s.Boxed(); sv != nil && shown.Step.Pair != nil {
		shown.Pair = notation.Pair(shown.Step.T, *shown.Step.Pair, sv.C())
	} else {
		shown.Terms = notation.Sum(s.p, shown.Step)
	}
	shown.Quiet = false
}

// NarrateLast writes the narration of the newest step in effect if it was
// taken quiet, or is no longer kept, so that the screen shows it as if
// every step had been narrated. The SVM's is written from the step when
// it is kept. Otherwise the narration is of the state before the step: it
// steps back and takes the step again, narrated; the outcome is the same
// (α and the schedule come back exactly, the decision is taken on the
// exact sum near a tie), as b then space gives. At the undo floor a step
// not kept stays an earlier step.
func (s *Session) NarrateLast() {
	n := len(s.steps)
	kept := n > 0 && s.steps[n-1].Step.T == s.p.T()
	switch {
	case s.p.T() == 0 || kept && !s.steps[n-1].Quiet:
		return
	case kept && s.steps[n-1].Step.Pair != nil:
		s.write(&s.steps[n-1])
		return
	}
	if !s.p.CanUndo() || !s.p.Undo() {
		return // at the undo floor
	}
	if kept {
		s.steps = s.steps[:n-1]
	}
	s.trimPasses()
	// The same step again, for its words: not a step to observe.
	observe := s.observe
	s.observe = nil
	s.Take(true)
	s.observe = observe
}

// flashSteps is how many steps the point of a mistake stays flashed.
const flashSteps = 3

// Flashing is the example flashed as the last mistake, −1 for none.
func (s *Session) Flashing() int {
	if s.flash >= 0 && s.p.T() <= s.flashUntil {
		return s.flash
	}
	return -1
}

// Back undoes one step; the step now newest is narrated as every step
// is, though it may have been taken quiet.
func (s *Session) Back() bool {
	// The newest narration is the step undone, unless it is no longer kept.
	n := len(s.steps)
	var undone *learn.Step
	if n > 0 && s.steps[n-1].Step.T == s.p.T() {
		undone = &s.steps[n-1].Step
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
	s.NarrateLast()
	return true
}

// Last is the newest step still in effect, if its narration is kept.
func (s *Session) Last() (Shown, bool) {
	if len(s.steps) == 0 || s.p.T() == 0 {
		return Shown{}, false
	}
	ls := s.steps[len(s.steps)-1]
	return ls, ls.Step.T == s.p.T() && !ls.Quiet
}
