// Package quiz is quiz mode (Q): before each step the program asks the
// student to predict it, and only then takes it and reveals it, judged
// right or wrong with the sum that decided it. For the perceptron and its
// relatives: the sign of f(xᵢ) (+ or −), then whether the step is a
// mistake (y or n), seed 003's "y = sign(Σₖ aᵏ K(xᵏ, xⁱ)); if y ≠ yⁱ:
// aⁱ += yⁱ"; a learner of the registry with a rule of its own asks its
// own yes/no question (learn.LearnerKind's Quiz). For the SVM: whether
// SMO's next pair update clips an α at 0 or C (y or n), seed 004's box
// 0 ≤ αᵢ ≤ C. The answers are marked with words and ✓/✗, never by colour
// alone.
//
// The step is the real one, taken as space takes it (common.Host's Step)
// and only after the answer; it is judged from its own record
// (learn.Step), so nothing about training is worked out twice. b steps
// back and asks again, the score standing; r, other data or another
// kernel ask afresh. The quiz asks about one learner, so the program
// refuses comparison mode and the cross-validation view while it is on
// (Quizzing says why), and refuses the quiz while they are open (a guard
// on ToggleAction).
//
// In a class over SSH (package class, driven by package seat) the quiz is
// a clicker: the presenter's asks, and space reveals the step; a
// follower's records its answers instead of stepping, and the
// presenter's step, when the follower follows it, reveals and judges them
// (class.go).
package quiz

import (
	"fmt"
	"strings"

	"kernelscope/class"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
	"kernelscope/tui/player"
)

// Session is what the quiz reads of the training session: the learner and
// its kind (the question), the data, which build of the learner it is,
// the capabilities the SVM's question and the end of training are told
// from, and the record of the step just taken.
type Session interface {
	Learner() learn.Learner
	Kind() *learn.LearnerKind
	Options() lab.Options
	Built() int
	Err() error
	Pairs() learn.PairStepper
	Boxed() learn.Boxed
	SMO() notation.SVM
	Passer() learn.Passer
	Last() (lab.Shown, bool)
}

// The questions, in the order they are asked.
const (
	askSign    = iota // the sign of f(xᵢ)
	askMistake        // is the step a mistake (or the learner's own question)?
	askClip           // the SVM: does the pair update clip?
)

// Model is quiz mode: whether it is on, the question open, the answer
// given so far, the verdict on the last step, and the score.
type Model struct {
	s    Session
	host common.Host
	th   *common.Theme
	keys keys
	w    int
	on   bool

	phase   int
	sign    int    // the predicted sign, once given
	verdict string // the last step's judgement, shown until the next
	// askedT and askedBuilt are the step and build the open question is
	// about: a step back, a reset or new data asks afresh.
	askedT, askedBuilt int
	right, asked       [3]int // per question kind
	// kinds name the question kinds in the score: "sign", the learner's
	// question's noun ("mistake", "update"), "clip".
	kinds [3]string

	// role is the quiz's part in a class's quiz (alone outside one);
	// record takes a follower's answer to the presenter's open question
	// ("" when it is in, else why not), answered and yes the answer it
	// gave (the sign is sign).
	role     int
	record   func(class.Answer) string
	answered bool
	yes      bool
}

// New makes quiz mode, off, for s; host shows its messages and takes the
// steps it asks for.
func New(s Session, host common.Host) *Model {
	q := &Model{s: s, host: host}
	q.keys = newKeys(q)
	return q
}

// SetTheme gives the quiz the program's theme.
func (q *Model) SetTheme(th *common.Theme) { q.th = th }

// SetSize sets the width the question line is written for (it is one
// line: h is not read).
func (q *Model) SetSize(w, h int) { q.w = max(0, w) }

// On reports whether quiz mode is on: its answers then take their keys
// before the program, and it holds the player.
func (q *Model) On() bool { return q.on }

// toggle turns quiz mode on (asking about the next step) or off (saying
// the score).
func (q *Model) toggle() {
	if q.on {
		q.host.Say("quiz over: " + q.score() + ". Q starts another.")
		q.on = false
		q.Own() // a follower leaving the presenter's quiz: the next Q is its own
		return
	}
	q.host.StopPlayer()
	q.on, q.verdict, q.right, q.asked = true, "", [3]int{}, [3]int{}
	q.ask()
	if q.role == presenting {
		q.host.Say("quiz mode for the class: each student answers on their own screen; space reveals the step (Q ends the quiz with the scores)")
		return
	}
	q.host.Say("quiz mode: predict each step; the next question follows each answer (Q leaves)")
}

// ask opens the first question about the next step.
func (q *Model) ask() {
	s := q.s
	q.phase, q.sign = askSign, 0
	q.kinds = [3]string{"sign", s.Kind().Question().Noun, "clip"}
	if s.Pairs() != nil {
		q.phase = askClip
	}
	q.askedT, q.askedBuilt = s.Learner().T(), s.Built()
	q.answered = false
}

// sync asks afresh when the step or the build moved under the open
// question (a step back, a reset, other data or kernel), dropping the
// verdict, which was about another step. Everything that reads the
// question calls it first, so the question always follows the session.
//
// In a class, a step on from the question in the same build is the
// presenter's reveal: a follower's answer is judged against it, and
// without an answer the verdict says what the step did, after what the
// follower gave (unanswered).
func (q *Model) sync() {
	t, built := q.s.Learner().T(), q.s.Built()
	if q.askedT == t && q.askedBuilt == built {
		return
	}
	q.verdict = ""
	if q.role == following {
		// What the program said of the answer is about a question gone.
		q.host.Say("")
	}
	if q.role != alone && t == q.askedT+1 && built == q.askedBuilt {
		lead := "step revealed"
		if q.role == following {
			lead = q.unanswered()
		}
		q.judgeLast(q.answered, q.yes, lead)
		return
	}
	q.ask()
}

// unanswered is a follower's verdict on a step revealed before its answer
// was in: half an answer (the sign, without the y or n that sends it) is
// said with what was missing, "you answered sign −1 but not whether it is
// a mistake: incomplete, not scored"; none, "you did not answer".
func (q *Model) unanswered() string {
	if q.phase != askMistake {
		return "you did not answer"
	}
	what := strings.TrimSuffix(q.s.Kind().Question().Short, "?")
	return "you answered sign " + learn.Sign(q.sign) + " but not whether it is " + what + ": incomplete, not scored"
}

// live reports whether there is a step left to predict.
func (q *Model) live() bool { return player.Running(q.s) }

// Hold is the player's hold (player.Player's Hold): while the quiz is on
// and training runs, no key of the player steps before the question is
// answered, and it says what to press.
func (q *Model) Hold() string {
	if q.on && q.live() {
		q.sync()
		switch q.role {
		case following:
			return "quiz: the lecturer takes the step; yours is to answer: " + q.prompt(false)
		case presenting:
			return "quiz: one step a question: space reveals it to the class"
		}
		return "quiz: no step without an answer: " + q.prompt(false)
	}
	return ""
}

// Quizzing says why a key that leaves the one learner's next step
// (comparison mode, the cross-validation view) does nothing while the
// quiz is on; "" when it is off.
func (q *Model) Quizzing() string {
	if q.on {
		return "not while quizzing: Q leaves the quiz first (" + q.score() + ")"
	}
	return ""
}

// answerSign takes the predicted sign: the first answer about a
// perceptron's step, or a change of mind before the second.
func (q *Model) answerSign(plus bool) {
	q.sync()
	q.sign = signOf(plus)
	if q.phase == askMistake {
		if q.role == following && q.answered {
			q.answer(q.yes) // a change of mind before the reveal
			return
		}
		q.host.Say("sign changed to " + learn.Sign(q.sign) + ": now y or n")
		return
	}
	q.phase = askMistake
}

func signOf(plus bool) int {
	if plus {
		return 1
	}
	return -1
}

// step takes the step the student predicted, as space does, and judges
// the answers against what it did.
//
// A follower's quiz in a class records the answer instead (answer).
func (q *Model) step(yes bool) {
	q.sync()
	if q.role == following {
		q.answer(yes)
		return
	}
	if !q.host.Step() {
		q.host.Say("no step was taken: " + q.score())
		return
	}
	if _, ok := q.s.Last(); !ok {
		return
	}
	q.judgeLast(true, yes, "")
}

// judgeLast judges the step just taken (Last) against the answer given,
// the sign before and yes now; without one (answered false) the verdict
// is lead and what the step did. Then it asks about the next step.
func (q *Model) judgeLast(answered, yes bool, lead string) {
	defer q.ask()
	ls, ok := q.s.Last()
	if !ok {
		return
	}
	st := ls.Step
	var said, reason string
	if st.Pair != nil {
		reason = clipReason(*st.Pair, cText(q.s))
		if answered {
			said = q.judge(askClip, yes == q.Truth(st).Yes, "clips? "+yesNo(yes))
		}
	} else {
		reason = q.perceptronReason(st)
		if answered {
			said = q.judgePerceptron(st, yes)
		}
	}
	if !answered {
		said = lead
	}
	q.verdict = said + " · " + reason
}

// Truth is what step st did, as a class judges its followers' answers
// and as the quiz judges its own: the sign it predicted (0 where it is
// not scored: f = 0 under tie rule mistake, and the SVM's question) and
// the yes or no of the question asked about it.
func (q *Model) Truth(st learn.Step) class.Truth {
	if p := st.Pair; p != nil {
		// learn.PairStep records whether a bound of the box stopped αᵢ or αⱼ.
		return class.Truth{Yes: p.ClipI != learn.Unclipped || p.ClipJ != learn.Unclipped}
	}
	return class.Truth{Sign: st.Prediction, Yes: q.s.Kind().Question().Answer(st)}
}

// judge scores one answer and writes it: "sign +1 ✓ right" or
// "mistake? no ✗ wrong".
func (q *Model) judge(kind int, right bool, said string) string {
	q.asked[kind]++
	if right {
		q.right[kind]++
		return said + " ✓ right"
	}
	return said + " ✗ wrong"
}

// Refresh brings the open question up to date with the session (a step
// back, a reset or new data ask afresh); the program calls it before it
// draws, so View only reads.
func (q *Model) Refresh() {
	if q.on {
		q.sync()
	}
}

// Verdict is the judgement of the step just revealed ("" before the
// first answer, and after a step back), which the narration shows in its
// second line.
func (q *Model) Verdict() string { return q.verdict }

// Status is the score for the status line, "quiz score 5/7 (…)", and
// its short form, "quiz 5/7"; "" when the quiz is off.
func (q *Model) Status() (full, short string) {
	if !q.on {
		return "", ""
	}
	right, asked := q.total()
	return "quiz " + q.score(), fmt.Sprintf("quiz %d/%d", right, asked)
}
