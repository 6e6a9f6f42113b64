package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
	"kernelscope/notation"
)

// Quiz mode (Q): before each step the program asks the student to predict
// it, and only then takes it and reveals it, judged right or wrong with
// the sum that decided it. For the perceptron and its relatives: the sign
// of f(xᵢ) (+ or −), then whether the step is a mistake (y or n), seed
// 001's "if yᵢ·f(xᵢ) ≤ 0 then update". For the SVM: whether SMO's next
// pair update clips an α at 0 or C (y or n), seed 004's box 0 ≤ αᵢ ≤ C.
// The answers are marked with words and ✓/✗, never by colour alone.

// QuizKeys are the keys quiz mode answers with, which it takes before
// anything else while it is on (+ and − are otherwise the speed, n fewer
// points).
type QuizKeys struct {
	Plus  key.Binding
	Minus key.Binding
	Yes   key.Binding
	No    key.Binding
	Back  key.Binding
	Leave key.Binding
}

// DefaultQuizKeys returns quiz mode's bindings.
func DefaultQuizKeys() QuizKeys {
	return QuizKeys{
		Plus:  bind([]string{"+", "="}, "+", "f > 0: sign +1"),
		Minus: bind([]string{"-", "_"}, "−", "f < 0: sign −1"),
		Yes:   bind([]string{"y"}, "y", "yes"),
		No:    bind([]string{"n"}, "n", "no"),
		Back:  bind([]string{"b"}, "b", "step back"),
		Leave: bind([]string{"Q", "esc"}, "Q", "leave the quiz"),
	}
}

// ShortHelp is the quiz's key line: only what answers the question asked.
func (k QuizKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Plus, k.Minus, k.Yes, k.No, k.Back, k.Leave}
}

// FullHelp is the quiz's keys in one column.
func (k QuizKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// The questions, in the order they are asked.
const (
	askSign    = iota // the sign of f(xᵢ)
	askMistake        // is the step a mistake?
	askClip           // the SVM: does the pair update clip?
)

// quiz is quiz mode's state: the question open, the answer given so far,
// the verdict on the last step, and the score.
type quiz struct {
	keys    QuizKeys
	phase   int
	sign    int    // the predicted sign, once given
	verdict string // the last step's judgement, shown until the next
	// askedT and askedBuilt are the step and build the open question is
	// about: a step back, a reset or new data asks afresh.
	askedT, askedBuilt int
	right, asked       [3]int // per question kind
}

// toggleQuiz turns quiz mode on (asking about the next step) or off
// (saying the score).
func (m *Model) toggleQuiz() {
	if m.quiz != nil {
		m.message = "quiz over: " + m.quiz.score() + ". Q starts another."
		m.quiz = nil
		return
	}
	m.player.stop()
	m.quiz = &quiz{keys: DefaultQuizKeys()}
	m.quiz.ask(m.s)
	m.message = "quiz mode: predict each step before it is taken (Q leaves)"
}

// ask opens the first question about the next step.
func (q *quiz) ask(s *session) {
	q.phase, q.sign = askSign, 0
	if s.svm() != nil {
		q.phase = askClip
	}
	q.askedT, q.askedBuilt = s.p.T(), s.built
}

// sync asks afresh when the step or the build moved under the open
// question (a step back, a reset, other data or kernel), dropping the
// verdict, which was about another step.
func (q *quiz) sync(s *session) {
	if q.askedT != s.p.T() || q.askedBuilt != s.built {
		q.verdict = ""
		q.ask(s)
	}
}

// quizKey answers a key while quiz mode is on, and reports whether it
// took the key; keys it does not take (b, r, the data and kernel keys, the
// view keys) go on to the rest of the program.
func (m *Model) quizKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	q, k, s := m.quiz, m.quiz.keys, m.s
	q.sync(s)
	pk := m.player.keys
	// The answer keys are the quiz's even when the open question does not
	// take them (disabled in the key line): + is never the speed here.
	k.Plus.SetEnabled(true)
	k.Minus.SetEnabled(true)
	k.Yes.SetEnabled(true)
	k.No.SetEnabled(true)
	answer := key.Matches(msg, k.Plus) || key.Matches(msg, k.Minus) || key.Matches(msg, k.Yes) || key.Matches(msg, k.No)
	switch {
	case key.Matches(msg, k.Leave):
		m.toggleQuiz()
		return nil, true
	case answer && !running(s):
		m.message = "training has stopped: " + q.score() + ". r resets α to be quizzed again, Q leaves."
		return nil, true
	case key.Matches(msg, pk.Step), key.Matches(msg, pk.Epoch), key.Matches(msg, pk.Converge), key.Matches(msg, pk.Play):
		m.message = "quiz: no step without an answer: " + q.prompt()
		return nil, true
	case !answer:
		return nil, false
	}
	switch q.phase {
	case askSign:
		if key.Matches(msg, k.Yes) || key.Matches(msg, k.No) {
			m.message = "first the sign: " + q.prompt()
			return nil, true
		}
		q.sign, q.phase = map[bool]int{true: 1, false: -1}[key.Matches(msg, k.Plus)], askMistake
	case askMistake:
		if key.Matches(msg, k.Plus) || key.Matches(msg, k.Minus) {
			q.sign = map[bool]int{true: 1, false: -1}[key.Matches(msg, k.Plus)]
			m.message = "sign changed to " + learn.Sign(q.sign)
			return nil, true
		}
		m.quizStep(key.Matches(msg, k.Yes))
	case askClip:
		if key.Matches(msg, k.Plus) || key.Matches(msg, k.Minus) {
			m.message = "the SVM's question: " + q.prompt()
			return nil, true
		}
		m.quizStep(key.Matches(msg, k.Yes))
	}
	return nil, true
}

// quizStep takes the step the student predicted, as space does, and
// judges the answers against what it did.
func (m *Model) quizStep(yes bool) {
	q, s := m.quiz, m.s
	m.player.stop()
	if m.player.step(1) == 0 {
		m.message = "no step was taken: " + q.score()
		return
	}
	ls, ok := s.last()
	if !ok {
		return
	}
	if st := ls.step; st.Pair != nil {
		clipped := st.Pair.ClipI != learn.Unclipped || st.Pair.ClipJ != learn.Unclipped
		q.verdict = q.judge(askClip, yes == clipped, "clips? "+yesNo(yes), clipReason(*st.Pair))
	} else {
		q.verdict = q.judgePerceptron(ls, s.p.Config().Tie, yes)
	}
	q.ask(s)
}

// judgePerceptron judges both answers about step ls: the sign against the
// prediction the tie rule made, the mistake against the update; the reason
// is the decision on the sum, which the step's line above spells out:
//
//	sign +1 ✗ wrong, mistake? yes ✓ right: sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)
func (q *quiz) judgePerceptron(ls shownStep, tie learn.Tie, mistake bool) string {
	st := ls.step
	why := fmt.Sprintf("f(x%s) = %s: %s", learn.Sub(st.I+1), learn.Num(st.F), notation.Decision(st, tie))
	var sign string
	if st.Prediction == 0 {
		// Under the tie rule mistake f = 0 has no sign: not scored.
		sign = "sign " + learn.Sign(q.sign) + " (not scored: f = 0 has no sign under tie rule mistake)"
	} else {
		sign = q.judge(askSign, q.sign == st.Prediction, "sign "+learn.Sign(q.sign), "")
	}
	return sign + ", " + q.judge(askMistake, mistake == st.Mistake, "mistake? "+yesNo(mistake), why)
}

// judge scores one answer and writes it: "sign +1 ✓ right" or
// "mistake? no ✗ wrong (why)".
func (q *quiz) judge(kind int, right bool, said, why string) string {
	q.asked[kind]++
	out := said + " ✗ wrong"
	if right {
		q.right[kind]++
		out = said + " ✓ right"
	}
	if why != "" {
		out += ": " + why
	}
	return out
}

func clipReason(p learn.PairStep) string {
	bound := func(b learn.Bound) string {
		switch b {
		case learn.AtZero:
			return "clipped at 0"
		case learn.AtC:
			return "clipped at C"
		}
		return "inside the box"
	}
	return fmt.Sprintf("pair (%d, %d): α%s %s → %s (%s), α%s %s → %s (%s)", p.I+1, p.J+1,
		learn.Sub(p.I+1), learn.Num(p.AlphaI[0]), learn.Num(p.AlphaI[1]), bound(p.ClipI),
		learn.Sub(p.J+1), learn.Num(p.AlphaJ[0]), learn.Num(p.AlphaJ[1]), bound(p.ClipJ))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// score writes the score: "score 5/7 (sign 3/4, mistake 2/3)".
func (q *quiz) score() string {
	right, asked := 0, 0
	var parts []string
	for kind, name := range []string{"sign", "mistake", "clip"} {
		right, asked = right+q.right[kind], asked+q.asked[kind]
		if q.asked[kind] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", name, q.right[kind], q.asked[kind]))
		}
	}
	s := fmt.Sprintf("score %d/%d", right, asked)
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// prompt is what to press now.
func (q *quiz) prompt() string {
	switch q.phase {
	case askSign:
		return "sign of f(xᵢ)? + or −"
	case askMistake:
		return "you said " + learn.Sign(q.sign) + ": a mistake? y or n"
	}
	return "will the pair update clip an α at 0 or C? y or n"
}

// quizLines are the quiz's two lines under the step's: the verdict on the
// step just revealed (or the message of the last key), then the score and
// the question about the next step, which stays on screen until answered.
func (m *Model) quizLines() (verdict, question string) {
	q, s := m.quiz, m.s
	q.sync(s)
	verdict = q.verdict
	if m.message != "" {
		verdict = m.message
	}
	short := fmt.Sprintf("score %d/%d", q.right[0]+q.right[1]+q.right[2], q.asked[0]+q.asked[1]+q.asked[2])
	switch i := s.p.Next(); {
	case !running(s):
		question = "QUIZ over: training has stopped · " + q.score() + " · r resets α, Q leaves"
	case s.svm() != nil:
		question = fmt.Sprintf("QUIZ iteration %d · %s · %s", s.p.T()+1, q.prompt(), short)
	case i >= 0:
		x := trainingPoints(s.opts)[i]
		sub := learn.Sub(i + 1)
		question = fmt.Sprintf("QUIZ step %d · x%s = (%s, %s), y%s = %s · %s · %s",
			s.p.T()+1, sub, learn.Num(x.X1), learn.Num(x.X2), sub, learn.Sign(x.Y), strings.ReplaceAll(q.prompt(), "xᵢ", "x"+sub), short)
	}
	return verdict, question
}

// syncKeys enables the answers the open question takes.
func (q *quiz) syncKeys(live bool) {
	k := &q.keys
	k.Plus.SetEnabled(live && q.phase != askClip)
	k.Minus.SetEnabled(live && q.phase != askClip)
	k.Yes.SetEnabled(live && q.phase != askSign)
	k.No.SetEnabled(live && q.phase != askSign)
}
