package seat

import (
	"fmt"
	"strings"

	"kernelscope/class"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// The quiz as a clicker (class.Quiz): the presenter's quiz mode is the
// class's. Each question is asked when the presenter's run comes to a new
// step, with what that step will do found by taking it and undoing it
// (lab.Session.Peek: never published, the mark does not move), so the
// presenter reads how many answered and how many are right before the
// step is revealed; a step on reveals it, and the class scores the
// answers against the step taken. Each follower in the lecture has its
// quiz on while the presenter's is; its answers go to the class.

// Quiz is the program's quiz mode (package quiz) as the class drives it.
type Quiz interface {
	On() bool
	// Live reports whether a step is left to predict.
	Live() bool
	// Present makes the quiz a presenter's: the class's when on.
	Present()
	// Follow turns a follower's quiz on as the presenter's, its answers
	// going to record; Following reports that it is; Unfollow ends it
	// (the presenter's ended); Own makes it the follower's own.
	Follow(record func(class.Answer) string)
	Following() bool
	Unfollow()
	Own()
	// Truth is what a step did, as answers are judged against it.
	Truth(st learn.Step) class.Truth
	// Revealed puts the class's result of the step just revealed before
	// the verdict.
	Revealed(note string)
}

// present runs the class's quiz from a presenter's program, after each
// message: it starts with the presenter's quiz mode (unless another
// presenter's is on); a new step of the run (the session's mark moved)
// asks a new question, and a step on from the question's reveals it
// first; it ends with the presenter's quiz mode, saying the students'
// scores.
func (m *Model) present() {
	if !m.q.On() {
		if m.quizzing {
			m.quizzing, m.askedOK = false, false
			m.host.Say("quiz over: " + Scores(m.seat.EndQuiz(), overScores) + ". Q starts another.")
		}
		return
	}
	if !m.quizzing {
		if !m.seat.StartQuiz() {
			return // another presenter's quiz is on
		}
		m.quizzing, m.askedOK = true, false
	}
	mark := m.s.Mark()
	if m.askedOK && mark == m.asked {
		return
	}
	if m.askedOK && mark.SameRun(m.asked) && mark.Steps() == m.asked.Steps()+1 {
		if ls, ok := m.s.Last(); ok {
			if t := m.seat.Reveal(m.q.Truth(ls.Step)); t.Round != 0 {
				m.q.Revealed(revealed(t))
			}
		}
	}
	m.asked, m.askedOK = mark, true
	if !m.q.Live() {
		m.seat.Unask()
		return
	}
	st, ok := m.s.Peek()
	if m.s.Mark() != mark {
		// The step could not be put back (lab.Session.Peek): it stands,
		// and is the class's; the question is about the step after it
		// (Peek takes none then).
		m.publish(false)
		m.present()
		return
	}
	m.seat.Ask(m.q.Truth(st), ok)
}

// revealed is the class's result of a question revealed: "class: 9 of
// 12 answers right (75%)".
func revealed(t class.Tally) string {
	if t.Answered == 0 {
		return fmt.Sprintf("class: no answers (%d following)", t.Following)
	}
	return fmt.Sprintf("class: %d of %d answers right (%d%%)", t.Right, t.Answered, t.Percent())
}

// QuizStatus is what a presenter's status line says of the class's quiz
// while it is on: the open question's tally before the reveal,
//
//	quiz: answered 12/20 · 75% right, not yet revealed
//
// and its short form, "quiz 12/20 · 75% ✓" ("" off the quiz, and on a
// follower's).
func (m *Model) QuizStatus() (full, short string) {
	if m == nil || m.role != class.Presenter {
		return "", ""
	}
	cq := m.seat.Quiz()
	switch {
	case !cq.On:
		return "", ""
	case cq.Round == 0:
		return "quiz: no step left to ask about", "quiz: no step left"
	}
	t := m.seat.Tally()
	full = fmt.Sprintf("quiz: answered %d/%d", t.Answered, t.Following)
	short = fmt.Sprintf("quiz %d/%d", t.Answered, t.Following)
	if t.Known && t.Answered > 0 {
		full += fmt.Sprintf(" · %d%% right", t.Percent())
		short += fmt.Sprintf(" · %d%% ✓", t.Percent())
	}
	return full + ", not yet revealed", short
}

// overScores is how many scores the message at the end of a quiz gives:
// the narration has a few lines at 80×24; W lists every one.
const overScores = 10

// Scores are the students' scores of a quiz, best first, each by name
// and the start of its key's fingerprint, the first limit of them (0:
// all):
//
//	3 students: alice SHA256:Zm9vYmFy 6/6, bob SHA256:cXV1eHh4 4/6, carol (no key) 1/2
//	60 students: alice SHA256:Zm9vYmFy 6/6, … (10 best), and 50 more (W lists them)
func Scores(sc []class.Score, limit int) string {
	if len(sc) == 0 {
		return "no student answered"
	}
	shown := sc
	if limit > 0 && len(sc) > limit {
		shown = sc[:limit]
	}
	parts := make([]string, len(shown))
	for i, s := range shown {
		parts[i] = fmt.Sprintf("%s %s %d/%d", safetext.Clean(s.Name), ShortKey(s.Fingerprint), s.Right, s.Asked)
	}
	n := "1 student: "
	if len(sc) > 1 {
		n = fmt.Sprintf("%d students: ", len(sc))
	}
	out := n + strings.Join(parts, ", ")
	if len(shown) < len(sc) {
		out += fmt.Sprintf(", and %d more (W lists them)", len(sc)-len(shown))
	}
	return out
}

// ShortKey is a key's fingerprint as a list shows it: its kind and the
// first 8 characters of the hash ("SHA256:Zm9vYmFy"), "(no key)" for none.
func ShortKey(fp string) string {
	if fp == "" {
		return "(no key)"
	}
	kind, hash, ok := strings.Cut(safetext.Clean(fp), ":")
	if !ok {
		kind, hash = "", kind
	}
	if r := []rune(hash); len(r) > 8 {
		hash = string(r[:8])
	}
	if kind == "" {
		return hash
	}
	return kind + ":" + hash
}

// followQuiz turns a follower's quiz on with the presenter's, and off
// when that ends; not while the follower is on its own, nor for the quiz
// it left (Q).
func (m *Model) followQuiz() {
	if m.role != class.Follower || m.away {
		return
	}
	cq := m.seat.Quiz()
	if m.inQuiz != 0 && (!cq.On || cq.ID != m.inQuiz) {
		m.q.Unfollow()
		m.inQuiz = 0
	}
	if cq.On && cq.ID != m.declined && m.inQuiz == 0 {
		m.q.Follow(m.answer)
		m.inQuiz = cq.ID
	}
}

// answer gives the class a follower's answer to the presenter's open
// question: "" when it is in, else why not.
func (m *Model) answer(a class.Answer) string {
	cq := m.seat.Quiz()
	switch {
	case !cq.On:
		return "the lecturer's quiz is over"
	case cq.Round == 0:
		return "no question is open: the lecturer's run has no step left"
	case m.opening != 0 || m.followed.Seq != cq.Seq:
		return "catching up with the lecture: answer again in a moment"
	case !m.seat.Answer(cq.Round, a):
		return "too late: the lecturer revealed that step"
	}
	return ""
}
