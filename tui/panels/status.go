package panels

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

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
	// Quiz is quiz mode's score, said in place of the player's state, and
	// QuizShort its short form ("quiz 5/7").
	Quiz, QuizShort string
	// Class is what a program seated in a class says first: whom it
	// follows and how many watch, or that a follower is on its own
	// (package seat); "" outside a class. ClassShort is its short form
	// ("presenting · 23"). Away puts it in warning colours.
	Class, ClassShort string
	Away              bool
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
// rule (common.PackFields), the least important left out first, none
// split across lines, and those that must show in their short forms when
// the full ones do not fit.
func (v *StatusView) View() string {
	return strings.Join(common.PackFields(v.Fields(), v.w, v.h), "\n")
}

// Line is the summary of the session, every field, before packing.
func (v *StatusView) Line() string {
	return strings.Join(common.FlowFields(v.Fields(), math.MaxInt), "")
}

// The ranks of the status fields (common.Field): what a lecturer must
// always see (the learner, the step, the accuracy and the state) is
// never left out, and each has a short form it takes rather than not
// fit; the random seed and the autoplay hint go first.
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
	// must adds a field that must show, with its short form.
	must := func(text string, short ...string) {
		fs = append(fs, common.Field{Text: text, Short: short, Rank: rankMust})
	}
	if bad, all := s.FieldOverflow(); bad > 0 {
		// Put first: it changes how the whole picture reads.
		must(v.Th.Warn.Render(fmt.Sprintf("f overflows in part of the plane: %d of %d lattice points (%s) are ±Inf or NaN, so the region there shows no class; rescale the data or lower the degree", bad, all, common.GlyphOverflow)),
			v.Th.Warn.Render(fmt.Sprintf("f overflows at %d of %d points (%s)", bad, all, common.GlyphOverflow)))
	}
	if v.Rec {
		rec := v.Th.Rec.Render("● REC")
		must(rec, rec)
	}
	if v.Class != "" {
		style := v.Th.Bold
		if v.Away {
			style = v.Th.Warn
		}
		must(style.Render(v.Class), style.Render(cmp.Or(v.ClassShort, v.Class)))
	}
	if v.Note != "" {
		// Comparison mode: the panes show each learner's figures. The
		// note's last parenthesis is its keys, which its short form leaves
		// out.
		short := v.Note
		if i := strings.LastIndex(short, " ("); i > 0 {
			short = short[:i]
		}
		must(v.Note, short)
	}
	add(rankData, data)
	if s.Generated() && !s.Edited() {
		fs = append(fs, common.Field{Text: fmt.Sprintf("noise=%s seed=%d", learn.Num(s.Options().Noise), s.Options().Seed), Rank: rankSeed, Glue: true})
	}
	sv := s.SMO()
	if v.Note == "" {
		must(s.LearnerName(), shortLearnerName(s))
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
		must(v.Quiz, cmp.Or(v.QuizShort, v.Quiz))
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
	state := stateField(v.Th.Bold, "training", "training")
	_, dense := p.(learn.Dense)
	switch {
	case p.State() == learn.Capped && dense:
		// It has no convergence of its own: running every pass is how it
		// ends, not a warning.
		state = stateField(v.Th.Good, "ran all "+notation.Passes(cfg.Epochs)+" (it never converges)", "ran all "+notation.Passes(cfg.Epochs))
	case dense:
		state = stateField(v.Th.Bold, "training: runs all "+notation.Passes(cfg.Epochs)+", never converges", "training")
	case p.State() == learn.Converged:
		state = stateField(v.Th.Good, "converged ✓ after "+notation.Passes(ps.Epoch()), "converged ✓")
	case p.State() == learn.Capped:
		state = stateField(v.Th.Warn, "stopped at the cap of "+notation.Passes(cfg.Epochs), "capped")
	}
	if s.Err() != nil {
		state = stateField(v.Th.Warn, "stopped: numerical error", "numerical error")
	}
	svs := fmt.Sprintf("SV %d/%d", len(p.SupportVectors()), p.N())
	if h, _ := common.HeavyText(p); h != "" {
		svs = h // every example visited has α > 0
	}
	if b := common.BudgetText(s); b != "" {
		svs += " (" + b + ")"
	}
	acc, accShort := accuracyStatus(s)
	fs = append(fs,
		common.Field{Text: fmt.Sprintf("pass %d, step %d", ps.Epoch(), p.T()), Short: []string{fmt.Sprintf("step %d", p.T())}, Rank: rankMust},
		common.Field{Text: fmt.Sprintf("mistakes: %d this pass, %d in all", ps.EpochMistakes(), p.Mistakes()), Rank: rankCounts},
		common.Field{Text: svs, Rank: rankSV})
	if loss, short := common.LossText(p); loss != "" {
		fs = append(fs, common.Field{Text: loss, Short: []string{short}, Rank: rankMust})
	}
	return append(fs, common.Field{Text: acc, Short: accShort, Rank: rankMust}, state)
}

// stateField is the field of the learner's state, in style st, and its
// short form.
func stateField(st common.Paint, text, short string) common.Field {
	return common.Field{Text: st.Render(text), Short: []string{st.Render(short)}, Rank: rankMust}
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
	state := stateField(v.Th.Bold, "training", "training")
	switch sv.State() {
	case learn.Converged:
		state = stateField(v.Th.Good, "converged ✓ after "+notation.Iterations(sv.T()), "converged ✓")
	case learn.Capped:
		state = stateField(v.Th.Warn, "stopped at the cap of "+notation.Iterations(sv.MaxIter()), "capped")
	}
	switch {
	case sv.Err() == learn.ErrNotSeparable || s.Err() == learn.ErrNotSeparable:
		state = stateField(v.Th.Warn, "stopped: not separable with this kernel", "not separable")
	case s.Err() != nil || sv.Err() != nil:
		state = stateField(v.Th.Warn, "stopped: numerical error", "numerical error")
	}
	return []common.Field{
		{Text: fmt.Sprintf("iteration %d", sv.T()), Short: []string{fmt.Sprintf("iter %d", sv.T())}, Rank: rankMust},
		{Text: gap, Rank: rankCounts},
		{Text: "D(α) = " + learn.Num(sv.Objective()), Rank: rankSettings},
		{Text: fmt.Sprintf("SV %d/%d: %d free, %d at C", len(sv.SupportVectors()), sv.N(), free, bound), Rank: rankSV},
		{Text: common.GammaText(sv), Rank: rankSV},
		{Text: common.WidthText(sv), Rank: rankCounts},
		{Text: fmt.Sprintf("accuracy %.0f%%", s.Accuracy()), Short: []string{fmt.Sprintf("acc %.0f%%", s.Accuracy())}, Rank: rankMust},
		state,
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

// accuracyStatus is the accuracy part of the status line and its short
// forms: "accuracy 97%" ("acc 97%"), or the averaged and voted
// perceptrons' three (common.EnsembleAccuracy); with rows held out, the
// test's too, "accuracy: train 97% · test 90%" ("acc 97% · test 90%"),
// the averaged and voted perceptrons' their own classifier's, which the
// label says ("test (average) 88%", short "test (avg) 88%", and "test 88%"
// beside their own classifier's alone).
func accuracyStatus(s Session) (full string, short []string) {
	full, short = fmt.Sprintf("accuracy %.0f%%", s.Accuracy()), []string{fmt.Sprintf("acc %.0f%%", s.Accuracy())}
	test := len(s.Test().Points()) > 0
	if e, es := common.EnsembleAccuracy(s); e != "" {
		full, short = e, es
	} else if test {
		full = strings.Replace(full, "accuracy ", "accuracy: train ", 1)
	}
	if !test {
		return full, short
	}
	label, brief := "test", "test"
	if a := s.Averaging(); a != nil {
		label = map[learn.EnsembleMember]string{learn.AveragedMember: "test (average)", learn.VotedMember: "test (vote)"}[a.Predicts()]
		brief = map[learn.EnsembleMember]string{learn.AveragedMember: "test (avg)", learn.VotedMember: "test (vote)"}[a.Predicts()]
	}
	acc := "—"
	if t, ok := s.TestAccuracy(); ok {
		acc = fmt.Sprintf("%.0f%%", 100*t)
	}
	for i := range short {
		if i == len(short)-1 {
			// The last is the learner's own classifier's, as the test's is.
			brief = "test"
		}
		short[i] += " · " + brief + " " + acc
	}
	return full + " · " + label + " " + acc, short
}

// shortLearnerName is the learner's short form on the status line: its
// registry name (the word --algo takes) when that is shorter than the
// name it is shown by, with the settings shown beside it ("averaged" for
// "averaged perceptron", "SVM C = 1" as it is).
func shortLearnerName(s Session) string {
	k, name := s.Kind(), s.LearnerName()
	if ansi.StringWidth(k.Name) >= ansi.StringWidth(k.Short) {
		return name
	}
	return k.Name + strings.TrimPrefix(name, k.Short)
}
