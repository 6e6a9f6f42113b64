package tui

import (
	"kernelscope/tui/player"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
)

// Quiz mode (Q): before each step the program asks the student to predict
// it, and only then takes it and reveals it, judged right or wrong with
// the sum that decided it. For the perceptron and its relatives: the sign
// of f(xᵢ) (+ or −), then whether the step is a mistake (y or n), seed
// 003's "y = sign(Σₖ aᵏ K(xᵏ, xⁱ)); if y ≠ yⁱ: aⁱ += yⁱ". For the SVM:
// whether SMO's next pair update clips an α at 0 or C (y or n), seed 004's
// box 0 ≤ αᵢ ≤ C. The answers are marked with words and ✓/✗, never by
// colour alone.
//
// The step is the real one, taken as space takes it and only after the
// answer; it is judged from its own record (learn.Step), so nothing about
// training is worked out twice. b steps back and asks again, the score
// standing; r, other data or another kernel ask afresh. The quiz asks
// about one learner, so comparison mode and the cross-validation view
// are refused while it is on (and it is refused while they are open).

// QuizKeys are the keys quiz mode answers with, which it takes before
// anything else while it is on (+ and − are otherwise the speed, n fewer
// points). Back and Reset are the player's keys, listed in the quiz's key
// line when they apply.
type QuizKeys struct {
	Plus  key.Binding
	Minus key.Binding
	Yes   key.Binding
	No    key.Binding
	Back  key.Binding
	Reset key.Binding
	Leave key.Binding
}

// DefaultQuizKeys returns quiz mode's bindings.
func DefaultQuizKeys() QuizKeys {
	return QuizKeys{
		Plus:  bind([]string{"+", "="}, "+", "sign +1"),
		Minus: bind([]string{"-", "_"}, "−", "sign −1"),
		Yes:   bind([]string{"y"}, "y", "yes"),
		No:    bind([]string{"n"}, "n", "no"),
		Back:  bind([]string{"b"}, "b", "step back (score kept)"),
		Reset: bind([]string{"r"}, "r", "reset α, quiz again"),
		Leave: bind([]string{"Q", "esc"}, "Q", "leave the quiz"),
	}
}

// ShortHelp is the quiz's key line: only what answers the question asked.
func (k QuizKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Plus, k.Minus, k.Yes, k.No, k.Back, k.Reset, k.Leave}
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
	// kinds name the question kinds in the score: "sign", the learner's
	// question's noun ("mistake", "update"), "clip".
	kinds [3]string
}

// toggleQuiz turns quiz mode on (asking about the next step) or off
// (saying the score). It does not start beside comparison mode or the
// cross-validation view: the quiz asks about one learner's next step.
func (m *Model) toggleQuiz() {
	switch {
	case m.quiz != nil:
		m.message = "quiz over: " + m.quiz.score() + ". Q starts another."
		m.quiz = nil
		return
	case m.compare.On():
		m.message = "the quiz asks about one learner: | ends comparison mode, then Q starts the quiz"
		return
	case m.cv.Open():
		m.message = "esc closes the cross-validation view first, then Q starts the quiz"
		return
	}
	m.player.Stop()
	m.quiz = &quiz{keys: DefaultQuizKeys()}
	m.quiz.ask(m.s)
	m.message = "quiz mode: predict each step; the next question follows each answer (Q leaves)"
}

// ask opens the first question about the next step.
func (q *quiz) ask(s *lab.Session) {
	q.phase, q.sign = askSign, 0
	q.kinds = [3]string{"sign", s.Kind().Question().Noun, "clip"}
	if s.Pairs() != nil {
		q.phase = askClip
	}
	q.askedT, q.askedBuilt = s.Learner().T(), s.Built()
}

// sync asks afresh when the step or the build moved under the open
// question (a step back, a reset, other data or kernel), dropping the
// verdict, which was about another step.
func (q *quiz) sync(s *lab.Session) {
	if q.askedT != s.Learner().T() || q.askedBuilt != s.Built() {
		q.verdict = ""
		q.ask(s)
	}
}

// pressed reports whether msg is one of b's keys, enabled or not: the quiz
// disables the keys it refuses (so help does not offer them) and still
// has to recognise them to say why.
func pressed(msg tea.KeyPressMsg, b key.Binding) bool {
	for _, k := range b.Keys() {
		if k == msg.String() {
			return true
		}
	}
	return false
}

// quizKey answers a key while quiz mode is on, and reports whether it
// took the key; keys it does not take (b, r, the data and kernel keys, the
// view keys) go on to the rest of the program.
func (m *Model) quizKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	q, k, s := m.quiz, m.quiz.keys, m.s
	q.sync(s)
	pk := &m.player.Keys
	plus, minus, yes, no := pressed(msg, k.Plus), pressed(msg, k.Minus), pressed(msg, k.Yes), pressed(msg, k.No)
	answer := plus || minus || yes || no
	switch {
	case pressed(msg, k.Leave) && !(msg.String() == "esc" && (m.region.CursorOn || m.showHelp)):
		// esc closes the help and hides the cursor first, as it does
		// outside the quiz.
		m.toggleQuiz()
		return nil, true
	case m.compare.ToggleAction().Has(msg), m.cv.ToggleAction().Has(msg):
		m.message = "not while quizzing: Q leaves the quiz first (" + q.score() + ")"
		return nil, true
	case answer && !player.Running(s):
		m.message = "no step left to predict: r resets α to be quizzed again, Q leaves"
		return nil, true
	case pk.Step.Has(msg), pk.Epoch.Has(msg), pk.Converge.Has(msg), pk.Play.Has(msg):
		if !player.Running(s) {
			return nil, false // the player says why nothing steps
		}
		m.message = "quiz: no step without an answer: " + m.quizPrompt(false)
		return nil, true
	case !answer:
		return nil, false
	}
	switch q.phase {
	case askSign:
		if yes || no {
			m.message = "first the sign: " + m.quizPrompt(false)
			return nil, true
		}
		q.sign, q.phase = signOf(plus), askMistake
	case askMistake:
		if plus || minus {
			q.sign = signOf(plus)
			m.message = "sign changed to " + learn.Sign(q.sign) + ": now y or n"
			return nil, true
		}
		m.quizStep(yes)
	case askClip:
		if plus || minus {
			m.message = "the SVM's question is y or n: " + m.quizPrompt(false)
			return nil, true
		}
		m.quizStep(yes)
	}
	return nil, true
}

func signOf(plus bool) int {
	if plus {
		return 1
	}
	return -1
}

// quizStep takes the step the student predicted, as space does, and
// judges the answers against what it did.
func (m *Model) quizStep(yes bool) {
	q, s := m.quiz, m.s
	m.player.Stop()
	if m.player.Step(1) == 0 {
		m.message = "no step was taken: " + q.score()
		return
	}
	ls, ok := s.Last()
	if !ok {
		return
	}
	if st := ls.Step; st.Pair != nil {
		// learn.PairStep records whether a bound of the box stopped αᵢ or αⱼ.
		clipped := st.Pair.ClipI != learn.Unclipped || st.Pair.ClipJ != learn.Unclipped
		q.verdict = q.judge(askClip, yes == clipped, "clips? "+yesNo(yes)) + " · " + clipReason(*st.Pair, sText(s))
	} else {
		q.verdict = q.judgePerceptron(s, ls.Step, yes)
	}
	q.ask(s)
}

// judge scores one answer and writes it: "sign +1 ✓ right" or
// "mistake? no ✗ wrong".
func (q *quiz) judge(kind int, right bool, said string) string {
	q.asked[kind]++
	if right {
		q.right[kind]++
		return said + " ✓ right"
	}
	return said + " ✗ wrong"
}

// syncQuizKeys enables the answers the open question takes, which make
// the key line (the keys the quiz refuses or takes for answers say so
// themselves: their actions are off while it is on).
func (m *Model) syncQuizKeys() {
	q := m.quiz
	if q == nil {
		m.act.Quiz.Binding.SetHelp("Q", "quiz mode")
		return
	}
	m.act.Quiz.Binding.SetHelp("Q", "leave quiz mode")
	back := m.player.Keys.Back.Binding.Enabled()
	q.sync(m.s)
	live := player.Running(m.s)
	k := &q.keys
	k.Plus.SetEnabled(live && q.phase != askClip)
	k.Minus.SetEnabled(live && q.phase != askClip)
	k.Yes.SetEnabled(live && q.phase != askSign)
	k.No.SetEnabled(live && q.phase != askSign)
	qq := m.s.Kind().Question()
	yes, no := qq.Yes, qq.No
	if q.phase == askClip {
		yes, no = "it clips", "it does not clip"
	}
	k.Yes.SetHelp("y", yes)
	k.No.SetHelp("n", no)
	k.Back.SetEnabled(back)
	k.Reset.SetEnabled(!live)
}

// refreshQuiz puts the quiz on screen while it is on: the verdict on the
// step just revealed in the narration's second line (a key's message
// takes its place), the question about the next step, which stays on
// screen until it is answered, and the score in the status line.
func (m *Model) refreshQuiz() {
	m.status.Quiz, m.narration.Loud = "", m.quiz != nil
	if m.quiz == nil {
		return
	}
	m.quiz.sync(m.s)
	m.narration.Message = m.quiz.verdict
	if m.message != "" {
		m.narration.Message = m.message
	}
	m.narration.Probe = m.th.Bold.Render(m.quizQuestion(m.width))
	m.status.Quiz = "quiz " + m.quiz.score()
}
