package quiz

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
)

// keys are the quiz's actions. Toggle (Q) and Esc are the program's, in
// its list: Esc leaves the quiz, unless the program has something of its
// own to close first (the program guards it); it has no heading, so the
// full help lists esc once, as the program's. The answers take their keys
// before the program's while the quiz is on (+ and − are otherwise the
// speed, n fewer points). Back, Reset and Leave are only listed in the
// quiz's key line, where they apply: the player answers b and r, Toggle
// and Esc answer Q and esc.
type keys struct {
	toggle, esc          *action.Action
	plus, minus, yes, no *action.Action
	reveal               *action.Action
	back, reset, leave   *action.Action
}

// groupQuiz is the heading of the quiz's own keys.
const groupQuiz = "quiz"

func newKeys(q *Model) keys {
	n := action.New
	k := keys{
		toggle: n(action.GroupStepping, "Q", "quiz mode", "Q"),
		esc:    n("", "esc", "leave the quiz", "esc"),
		plus:   n(groupQuiz, "+", "sign +1", "+", "="),
		minus:  n(groupQuiz, "−", "sign −1", "-", "_"),
		yes:    n(groupQuiz, "y", "yes", "y"),
		no:     n(groupQuiz, "n", "no", "n"),
		reveal: n(groupQuiz, "space", "reveal the step", "space"),
		back:   n(groupQuiz, "b", "step back (score kept)", "b"),
		reset:  n(groupQuiz, "r", "reset α, quiz again", "r"),
		leave:  n(groupQuiz, "Q", "leave the quiz", "Q", "esc"),
	}
	k.toggle.Do = func(tea.KeyPressMsg) tea.Cmd { q.toggle(); return nil }
	off := "the quiz is off"
	k.esc.Off = func() string {
		if q.on {
			return ""
		}
		return off
	}
	k.esc.Do = k.toggle.Do
	over := "no step left to predict: r resets α to be quizzed again, Q leaves"
	k.plus.Off = func() string {
		switch {
		case !q.on:
			return off
		case !q.live():
			return over
		case q.question() == askClip:
			return "the SVM's question is y or n: " + q.prompt(false)
		}
		return ""
	}
	k.yes.Off = func() string {
		switch {
		case !q.on:
			return off
		case !q.live():
			return over
		case q.question() == askSign:
			return "first the sign: " + q.prompt(false)
		}
		return ""
	}
	k.minus.Off, k.no.Off = k.plus.Off, k.yes.Off
	sign := func(msg tea.KeyPressMsg) tea.Cmd { q.answerSign(k.plus.Has(msg)); return nil }
	k.plus.Do, k.minus.Do = sign, sign
	yes := func(msg tea.KeyPressMsg) tea.Cmd { q.step(k.yes.Has(msg)); return nil }
	k.yes.Do, k.no.Do = yes, yes
	k.reveal.Off = func() string {
		switch {
		case !q.on:
			return off
		case q.role != presenting:
			return "space reveals the step to a class, on the presenter's screen"
		case !q.live():
			return over
		}
		return ""
	}
	k.reveal.Do = func(tea.KeyPressMsg) tea.Cmd { q.revealStep(); return nil }
	k.back.Off = func() string {
		if q.s.Learner().CanUndo() {
			return ""
		}
		return "nothing to step back"
	}
	k.reset.Off = func() string {
		if q.live() {
			return "training still runs: r is offered once it has stopped"
		}
		return ""
	}
	for i, a := range k.line() {
		a.Short = i + 1
	}
	// The key line keeps every answer, the reveal and Q: short of room,
	// b and r give way, then the kept keys take their brief help (the
	// question above says what y and n answer).
	for _, a := range []*action.Action{k.plus, k.minus, k.yes, k.no, k.reveal, k.leave} {
		a.Keep = true
	}
	k.plus.Brief, k.minus.Brief, k.yes.Brief, k.no.Brief = "+1", "−1", "yes", "no"
	k.reveal.Brief, k.leave.Brief = "reveal", "leave"
	return k
}

// line is the quiz's key line, in its order.
func (k keys) line() action.List {
	// The reveal goes last but Q, after b and r, which give way to it
	// when the line is short of room.
	return action.List{k.plus, k.minus, k.yes, k.no, k.back, k.reset, k.reveal, k.leave}
}

// question is the question open now.
func (q *Model) question() int {
	q.sync()
	return q.phase
}

// ToggleAction is Q, which starts and ends the quiz: the program lists it
// with its own keys (and refuses it beside views that show more than one
// learner).
func (q *Model) ToggleAction() *action.Action { return q.keys.toggle }

// EscAction is esc leaving the quiz: the program lists it before its own
// esc and guards it while esc has something of the program's to close.
func (q *Model) EscAction() *action.Action { return q.keys.esc }

// Keys are the answers (and a presenter's reveal, in a class), which the
// program answers before its own keys while the quiz is on; an answer the
// open question does not take says why.
func (q *Model) Keys() action.List {
	k := q.keys
	if q.role == presenting {
		// Space is the player's (held by the quiz) but for a presenter.
		return action.List{k.plus, k.minus, k.yes, k.no, k.reveal}
	}
	return action.List{k.plus, k.minus, k.yes, k.no}
}

// KeyLine is the one-line help while the quiz is on: the answers the open
// question takes, b and r where they apply (the player's keys, listed with
// what they mean to the quiz), and Q.
func (q *Model) KeyLine() action.List { return q.keys.line() }

// Sync enables exactly the keys of the key line that apply now and names
// y and n for the question open; Q's help says whether it starts or
// leaves the quiz.
func (q *Model) Sync() {
	k := q.keys
	if !q.on {
		k.toggle.Binding.SetHelp("Q", "quiz mode")
		return
	}
	k.toggle.Binding.SetHelp("Q", "leave quiz mode")
	qq := q.s.Kind().Question()
	yes, no := qq.Yes, qq.No
	if q.question() == askClip {
		yes, no = "it clips", "it does not clip"
	}
	k.yes.Binding.SetHelp("y", yes)
	k.no.Binding.SetHelp("n", no)
	k.line().Sync()
}
