package panels

import (
	"fmt"
	"math"
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
	// Class is what a program seated in a class says first: whom it
	// follows and how many watch, or that a follower is on its own
	// (package seat); "" outside a class. Away puts it in warning colours.
	Class string
	Away  bool
	// Following is set while a follower shows the presenter's run: its
	// own player is not what moves it, so its state is left out.
	Following bool
	// Rec is set while the program records the session (O): a red
	// "● REC" comes first.
	Rec bool
}

// SetSize sets the lines and width the status wraps into.
func (v *StatusView) SetSize(w, h int) { v.w, v.h = w, h }

// View draws exactly h lines of width w: the fields packed by the layout
// rule (common.PackFields), the least important left out first and none
// split across lines.
func (v *StatusView) View() string {
	return strings.Join(common.PackFields(v.Fields(), v.w, v.h), "\n")
}

// Line is the summary of the session, every field, before packing.
func (v *StatusView) Line() string {
	return strings.Join(common.FlowFields(v.Fields(), math.MaxInt), "")
}

// The ranks of the status fields (common.Field): what a lecturer must
// always see (the learner, the step, the accuracy and the state) is
// never left out; the random seed and the autoplay hint go first.
const (
	rankMust     = 0 // the learner, the step, accuracy, the state, a warning
	rankData     = 1 // the data and the kernel
	rankCounts   = 2 // mistakes, the player's state
	rankSV       = 3 // support vectors, the budget
	rankUndo     = 4 // how far back undo reaches
	rankSettings = 5 // bias, tie rule, shuffle
	rankHint     = 6 // what p does
	rankSeed     = 7 // noise and the random seed of generated data
)

// Fields are the status line's fields in the order they read, each with
// its rank.
func (v *StatusView) Fields() []common.Field {
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
	var fs []common.Field
	add := func(rank int, text string) { fs = append(fs, common.Field{Text: text, Rank: rank}) }
	if bad, all := s.FieldOverflow(); bad > 0 {
		// Put first: it changes how the whole picture reads.
		add(rankMust, v.Th.Warn.Render(fmt.Sprintf("f overflows in part of the plane: %d of %d lattice points (%s) are ±Inf or NaN, so the region there shows no class; rescale the data or lower the degree", bad, all, common.GlyphOverflow)))
	}
	if v.Rec {
		add(rankMust, v.Th.Rec.Render("● REC"))
	}
	if v.Class != "" {
		text := v.Th.Bold.Render(v.Class)
		if v.Away {
			text = v.Th.Warn.Render(v.Class)
		}
		add(rankMust, text)
	}
	if v.Note != "" {
		// Comparison mode: the panes show each learner's figures.
		add(rankMust, v.Note)
	}
	add(rankData, data)
	if s.Generated() && !s.Edited() {
		fs = append(fs, common.Field{Text: fmt.Sprintf("noise=%s seed=%d", learn.Num(s.Options().Noise), s.Options().Seed), Rank: rankSeed, Glue: true})
	}
	sv := s.SMO()
	if v.Note == "" {
		add(rankMust, s.LearnerName())
	}
	add(rankData, "K="+learn.ShortSpec(cfg.Kernel))
	add(rankSettings, bias)
	switch {
	case v.Note != "":
		add(rankSettings, "tie "+cfg.Tie.String())
	case sv != nil:
		fs = append(fs, v.svmFields(sv)...)
	default:
		fs = append(fs, v.perceptronFields()...)
	}
	if v.Quiz != "" {
		add(rankMust, v.Quiz)
	} else if !v.Following {
		state, hint := v.Player.StatusParts()
		add(rankCounts, state)
		if hint != "" {
			fs = append(fs, common.Field{Text: "(" + hint + ")", Rank: rankHint, Glue: true})
		}
	}
	if floor := p.UndoFloor(); floor > 0 && p.T() > 0 {
		// The undo history keeps what fits in --undo-memory (lab.UndoBytes),
		// and an added point starts it afresh.
		add(rankUndo, fmt.Sprintf("steps 1–%d can no longer be undone", floor))
	}
	return fs
}

// perceptronFields are the fields of a learner that visits the examples
// pass by pass: the tie rule and the order, the pass and step, the
// mistakes, the support vectors, the accuracy and the state.
func (v *StatusView) perceptronFields() []common.Field {
	s := v.S
	p := s.Learner()
	cfg := p.Config()
	ps := s.Passer()
	fs := []common.Field{{Text: "tie " + cfg.Tie.String(), Rank: rankSettings}}
	if cfg.Shuffle {
		fs = append(fs, common.Field{Text: fmt.Sprintf("shuffle (seed %d)", cfg.Seed), Rank: rankSettings})
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
	return append(fs,
		common.Field{Text: fmt.Sprintf("pass %d, step %d", ps.Epoch(), p.T()), Rank: rankMust},
		common.Field{Text: fmt.Sprintf("mistakes: %d this pass, %d in all", ps.EpochMistakes(), p.Mistakes()), Rank: rankCounts},
		common.Field{Text: svs, Rank: rankSV},
		common.Field{Text: accuracyStatus(s, acc), Rank: rankMust},
		common.Field{Text: state, Rank: rankMust})
}

// svmFields are the SVM's fields: the iteration, the gap m − M against
// the tolerance, the dual objective D(α), the support vectors split into
// free and at C, the margin γ and the width 2/‖w‖ (the width is what C
// trades against, so it stays longer), the training accuracy and the
// state.
func (v *StatusView) svmFields(sv notation.SVM) []common.Field {
	s := v.S
	free, bound := s.SVCounts()
	gap := fmt.Sprintf("m − M = %s > tol %s", learn.Num(sv.Gap()), learn.Num(sv.Tol()))
	if sv.Gap() <= sv.Tol() {
		gap = fmt.Sprintf("m − M = %s ≤ tol %s", learn.Num(sv.Gap()), learn.Num(sv.Tol()))
	}
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
	return []common.Field{
		{Text: fmt.Sprintf("iteration %d", sv.T()), Rank: rankMust},
		{Text: gap, Rank: rankCounts},
		{Text: "D(α) = " + learn.Num(sv.Objective()), Rank: rankSettings},
		{Text: fmt.Sprintf("SV %d/%d: %d free, %d at C", len(sv.SupportVectors()), sv.N(), free, bound), Rank: rankSV},
		{Text: common.GammaText(sv), Rank: rankSV},
		{Text: common.WidthText(sv), Rank: rankCounts},
		{Text: fmt.Sprintf("accuracy %.0f%%", s.Accuracy()), Rank: rankMust},
		{Text: state, Rank: rankMust},
	}
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
