package panels

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/internal/safetext"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
	"kernelscope/tui/player"
)

// StatusView is the status line: the data, the learner, the kernel and
// settings, the counters, the state, and what the player is doing.
type StatusView struct {
	S      Session
	Th     *common.Theme
	Player *player.Player
	w, h   int
	// Note is what the root adds: comparison mode says what it compares.
	Note string
	// Quiz is quiz mode's score, said in place of the player's state.
	Quiz string
}

// SetSize sets the lines and width the status wraps into.
func (v *StatusView) SetSize(w, h int) { v.w, v.h = w, h }

// View draws exactly h lines of width w.
func (v *StatusView) View() string { return strings.Join(common.TextBlock(v.h, v.w, v.Line()), "\n") }

// Line is the summary of the session, before wrapping.
func (v *StatusView) Line() string {
	s := v.S
	p := s.Learner()
	cfg := p.Config()
	bias := "bias off"
	if cfg.Bias {
		bias = "bias on"
	}
	data := safetext.Clean(s.Name()) + holdoutStatus(s)
	if s.Options().Standardized {
		data += " (z-scores)"
	}
	if s.Generated() && !s.Edited() {
		data += fmt.Sprintf(" noise=%s seed=%d", learn.Num(s.Options().Noise), s.Options().Seed)
	}
	var line string
	switch sv := s.SMO(); {
	case v.Note != "":
		// Comparison mode: the panes show each learner's figures.
		line = fmt.Sprintf("%s │ %s │ K=%s │ %s │ tie %s", v.Note, data, learn.ShortSpec(cfg.Kernel), bias, cfg.Tie)
	case sv != nil:
		line = fmt.Sprintf("%s │ %s │ K=%s │ %s │ %s", data, s.LearnerName(), learn.ShortSpec(cfg.Kernel), bias, v.svmCounters(sv))
	default:
		ps := s.Passer()
		order := ""
		if cfg.Shuffle {
			order = fmt.Sprintf(" │ shuffle (seed %d)", cfg.Seed)
		}
		state := v.Th.Bold.Render("training")
		switch p.State() {
		case learn.Converged:
			state = v.Th.Good.Render("converged ✓ after " + notation.Passes(ps.Epoch()))
		case learn.Capped:
			state = v.Th.Warn.Render("stopped at the cap of " + notation.Passes(cfg.Epochs))
		}
		if s.Err() != nil {
			state = v.Th.Warn.Render("stopped: numerical error")
		}
		svs := fmt.Sprintf("SV %d/%d", len(p.SupportVectors()), p.N())
		if b := common.BudgetText(s); b != "" {
			svs += " (" + b + ")"
		}
		acc := fmt.Sprintf("accuracy %.0f%%", s.Accuracy())
		if e := common.EnsembleAccuracy(s); e != "" {
			acc = e
		}
		acc = accuracyStatus(s, acc)
		line = fmt.Sprintf("%s │ %s │ K=%s │ %s │ tie %s%s │ pass %d, step %d │ mistakes: %d this pass, %d in all │ %s │ %s │ %s",
			data, s.LearnerName(), learn.ShortSpec(cfg.Kernel), bias, cfg.Tie, order, ps.Epoch(), p.T(), ps.EpochMistakes(), p.Mistakes(),
			svs, acc, state)
	}
	if v.Quiz != "" {
		line += " │ " + v.Quiz
	} else {
		line += " │ " + v.Player.Status()
	}
	if floor := p.UndoFloor(); floor > 0 && p.T() > 0 {
		// The undo history keeps the last learn.MaxUndoMistakes mistakes,
		// and an added point starts it afresh.
		line += fmt.Sprintf(" │ steps 1–%d can no longer be undone", floor)
	}
	if bad, all := s.FieldOverflow(); bad > 0 {
		// Put first: it changes how the whole picture reads.
		line = v.Th.Warn.Render(fmt.Sprintf("f overflows in part of the plane: %d of %d lattice points (%s) are ±Inf or NaN, so the region there shows no class; rescale the data or lower the degree", bad, all, common.GlyphOverflow)) + " │ " + line
	}
	return line
}

// svmCounters is the SVM's part of the status line: the iteration, the gap
// m − M against the tolerance, the dual objective D(α), the support
// vectors split into free and at C, the width 2/‖w‖ (the margin γ is in
// the narration), the training accuracy and the state.
func (v *StatusView) svmCounters(sv notation.SVM) string {
	s := v.S
	free, bound := s.SVCounts()
	gap := fmt.Sprintf("m − M = %s > tol %s", learn.Num(sv.Gap()), learn.Num(sv.Tol()))
	if sv.Gap() <= sv.Tol() {
		gap = fmt.Sprintf("m − M = %s ≤ tol %s", learn.Num(sv.Gap()), learn.Num(sv.Tol()))
	}
	margin := common.WidthText(sv)
	state := v.Th.Bold.Render("training")
	switch sv.State() {
	case learn.Converged:
		state = v.Th.Good.Render("converged ✓ after " + notation.Iterations(sv.T()))
	case learn.Capped:
		state = v.Th.Warn.Render("stopped at the cap of " + notation.Iterations(sv.MaxIter()))
	}
	if s.Err() != nil || sv.Err() != nil {
		state = v.Th.Warn.Render("stopped: " + map[bool]string{true: "not separable with this kernel", false: "numerical error"}[sv.Err() == learn.ErrNotSeparable || s.Err() == learn.ErrNotSeparable])
	}
	return fmt.Sprintf("iteration %d │ %s │ D(α) = %s │ SV %d/%d: %d free, %d at C │ %s │ accuracy %.0f%% │ %s",
		sv.T(), gap, learn.Num(sv.Objective()), len(sv.SupportVectors()), sv.N(), free, bound, margin, s.Accuracy(), state)
}

// Update has no messages of its own: the status follows the session.
func (v *StatusView) Update(tea.Msg) tea.Cmd { return nil }

// holdoutStatus is the data part of the status line: "n=100" or, with
// rows held out, "n=70+30 test".
func holdoutStatus(s Session) string {
	if n := len(s.Test().Points()); n > 0 {
		return fmt.Sprintf(" n=%d+%d test", s.Learner().N(), n)
	}
	return fmt.Sprintf(" n=%d", len(s.Options().Points))
}

// accuracyStatus is the accuracy part of the status line: "accuracy 97%"
// or, with rows held out, "accuracy: train 97% · test 90%" (the averaged
// and voted perceptrons' test accuracy is their own classifier's, which
// the label says).
func accuracyStatus(s Session, train string) string {
	if len(s.Test().Points()) == 0 {
		return train
	}
	test, ok := s.TestAccuracy()
	train = strings.Replace(train, "accuracy ", "accuracy: train ", 1)
	label := "test"
	if a := s.Averaging(); a != nil {
		label = map[learn.EnsembleMember]string{learn.AveragedMember: "test (average)", learn.VotedMember: "test (vote)"}[a.Predicts()]
	}
	if !ok {
		return train + " · " + label + " —"
	}
	return fmt.Sprintf("%s · %s %.0f%%", train, label, 100*test)
}
