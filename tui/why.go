package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
	"kernelscope/notation"
)

// whyNot says why a key that does nothing now does nothing, for the
// message line ("" when msg is not a disabled key). Help lists only what
// works; a key pressed anyway should not be met with silence.
func (m *Model) whyNot(msg tea.KeyPressMsg) string {
	s, p := m.s, m.s.p
	pk, k := m.player.keys, m.keys
	off := func(b key.Binding) bool {
		if b.Enabled() {
			return false
		}
		for _, name := range b.Keys() {
			if name == msg.String() {
				return true
			}
		}
		return false
	}
	sv := s.svm()
	switch {
	case off(pk.Epoch) && sv != nil && running(s):
		return "the SVM has no passes: space takes one SMO pair update, c runs SMO to the tolerance"
	case off(pk.Step), off(pk.Epoch), off(pk.Converge), off(pk.Play):
		switch {
		case sv != nil && (s.err == learn.ErrNotSeparable || sv.Err() == learn.ErrNotSeparable):
			return "the hard margin (C = ∞) cannot separate this data with this kernel: < gives C a finite value, or k another kernel"
		case sv != nil && p.State() == learn.Converged:
			return fmt.Sprintf("SMO has converged after %s (m − M ≤ tol): r resets α to watch it again, < > change C", iterations(p.T()))
		case sv != nil && p.State() == learn.Capped:
			return fmt.Sprintf("SMO stopped at its cap of %s (--max-iter sets it)", iterations(sv.MaxIter()))
		case s.err != nil:
			return "training stopped on a numerical problem: r resets α, or change the kernel or data"
		case p.State() == learn.Converged:
			return fmt.Sprintf("training has converged after %s: r resets α to watch it again", notation.Passes(p.Epoch()))
		case p.State() == learn.Capped:
			return fmt.Sprintf("training stopped at the cap of %s: E doubles the cap and goes on", notation.Passes(p.Config().Epochs))
		}
	case off(pk.Back):
		switch {
		case p.T() == 0:
			return "nothing to step back: this is the start"
		case p.UndoFloor() >= p.T():
			return fmt.Sprintf("steps 1–%d can no longer be undone (a point was added, or the history keeps only the latest mistakes); r starts over", p.UndoFloor())
		}
	case off(pk.Reset):
		return "every α is 0 already"
	case off(pk.RaiseCap) && sv != nil:
		return fmt.Sprintf("E raises the perceptron's cap on passes; the SVM's cap is %s (--max-iter)", iterations(sv.MaxIter()))
	case off(pk.RaiseCap):
		return fmt.Sprintf("E raises the cap on passes when training stops at it; the cap is %s", notation.Passes(p.Config().Epochs))
	case off(pk.Faster):
		return fmt.Sprintf("%d steps a second is the fastest", speeds[len(speeds)-1])
	case off(pk.Slower):
		return "1 step a second is the slowest"
	case off(k.FewerPoints), off(k.MorePoints), off(k.LessNoise), off(k.MoreNoise):
		return fmt.Sprintf("n N z Z change a generated dataset's size and noise; %s is not one (d cycles to the generated sets)", s.name())
	case off(k.ParamDown), off(k.ParamUp):
		if f, ok := learn.FamilyOf(p.Kernel()); ok {
			return fmt.Sprintf("the %s kernel has no parameter to step", f.Name())
		}
		return "a sum or product of kernels: its parameters are in the spec (--kernel); k cycles to the simple kernels"
	case off(k.Param2Down), off(k.Param2Up):
		if f, ok := learn.FamilyOf(p.Kernel()); ok {
			return fmt.Sprintf("the %s kernel has no second parameter ({ } step c of poly and sigmoid)", f.Name())
		}
		return "a sum or product of kernels: its parameters are in the spec (--kernel)"
	case (off(k.AddPos) || off(k.AddNeg) || off(k.Delete)) && s.opts.Holdout.On():
		return holdoutEditWhy
	case (off(k.AddPos) || off(k.AddNeg)) && s.full():
		return errFull().Error()
	case off(k.AddPos), off(k.AddNeg), off(k.Up), off(k.Down), off(k.Left), off(k.Right):
		return "no plot to put a point on at this size: make the terminal larger"
	case off(k.Delete):
		return "no points to delete"
	case off(k.Goto):
		if p.N() == 0 {
			return "no examples to put the cursor on"
		}
		return "no plot to put the cursor on at this size: make the terminal larger"
	case off(k.NextSV):
		return "no support vectors yet: they appear with the first mistake"
	case off(k.Panel) && m.cmp != nil, off(k.Feature), off(k.Spectrum), off(k.OnlySV):
		return "comparison mode shows two regions in place of the panels: | ends it"
	case off(k.Panel):
		return "every panel is on screen; g switches between them in a terminal narrower than 100×24 and in projector mode (B)"
	case off(k.Update) && m.cmp != nil:
		return "comparison mode shows two regions in place of the update view: | ends it"
	case off(k.Update) && s.p.Config().Algo.Budgeted():
		return "the update view shows the bump η·yᵢ·K(xᵢ, x) of a perceptron's mistake; a budget learner's mistake also forgets, and the narration writes that out"
	case off(k.Update):
		return "the update view shows the bump a perceptron's mistake adds to f; an SVM iteration moves two α at once, and the narration writes it out"
	case off(k.CDown), off(k.CUp):
		c := s.opts.Config.SVM.EffectiveC()
		switch {
		case !m.hasSVM():
			return "C is the SVM's bound on α: l switches to the SVM, or | compares it with the perceptron"
		case off(k.CUp):
			return "C = ∞ is the top: the hard margin of seed 004"
		}
		return fmt.Sprintf("C = %s is the lowest on the ladder", notation.C(c))
	case off(k.BudgetDown), off(k.BudgetUp):
		if !s.p.Config().Algo.Budgeted() {
			return "B is the budget of the stoptron, the Forgetron and the budget perceptron: l cycles to them"
		}
		return fmt.Sprintf("B = %d is the end of the ladder", s.opts.Config.Budget)
	case off(k.Ensemble) && m.cmp != nil:
		return "comparison mode shows each learner's own function: | ends it"
	case off(k.Ensemble) && s.p.Config().Algo.Averaging():
		return fmt.Sprintf("the average and the vote need every α⁽ᵏ⁾ since the start, and the undo history keeps only the mistakes after step %d: r starts again", s.p.UndoFloor())
	case off(k.Ensemble):
		return "A shows the averaged and voted perceptrons' functions: l cycles to them"
	case off(k.Approx):
		return "comparison mode shows two learners: the approximate boundary f̃ overlays one region; | ends it"
	case off(k.ApproxFewer), off(k.ApproxMore):
		switch a := m.region.approx; {
		case m.cmp != nil:
			return "comparison mode shows two learners, and no approximate boundary: | ends it"
		case !a.on:
			return "~ shows the approximate boundary f̃ first; , and . then halve and double its D"
		default:
			return fmt.Sprintf("D = %d is the end of the ladder 1, 2, 4, …, %d", a.d, approxMaxD)
		}
	case off(k.CompareWhat):
		return "L chooses what comparison mode compares (the perceptron with the SVM, or two kernels): | turns it on"
	}
	return ""
}
