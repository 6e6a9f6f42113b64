package quiz

import (
	"strings"

	"kernelscope/class"
	"kernelscope/learn"
)

// The quiz in a class over SSH, as a clicker (package seat drives it):
// the presenter's quiz is the class's, and space reveals the step it asks
// about; a follower's, on while the presenter's is, records its answers
// (+ − y n) instead of stepping, and the presenter's step, once the
// follower follows it, reveals them and judges them as quiz mode judges
// its own. A follower that goes its own way takes the quiz with it as its
// own.

// The quiz's parts in a class's quiz.
const (
	alone      = iota // outside one: the answers step (quiz mode's own)
	presenting        // the presenter's: the followers answer, space reveals
	following         // a follower's: the answers go to the presenter
)

// Present makes the quiz a presenter's in a class: whenever it is on, the
// followers answer its questions, and space reveals the step.
func (q *Model) Present() { q.role = presenting }

// Follow turns the quiz on as a follower's of the presenter's, or makes
// the quiz it has on that: record takes each answer to the presenter's
// open question, and says why one is not taken ("" when it is).
func (q *Model) Follow(record func(class.Answer) string) {
	if !q.on {
		q.host.StopPlayer()
		q.on, q.verdict, q.right, q.asked = true, "", [3]int{}, [3]int{}
		q.ask()
		q.host.Say("the lecturer's quiz: predict each step here; the lecturer's step reveals it (Q leaves)")
	}
	q.role, q.record, q.answered = following, record, false
}

// Following reports whether the quiz is on as a follower's of the
// presenter's.
func (q *Model) Following() bool { return q.on && q.role == following }

// Unfollow ends a follower's part in the presenter's quiz, which ended:
// the last step is judged if it came, and quiz mode goes off saying the
// score.
func (q *Model) Unfollow() {
	if q.role != following {
		return
	}
	if q.on {
		q.sync()
		q.on = false
		q.host.Say("the lecturer ended the quiz: your " + q.score() + ". Q starts a quiz of your own.")
	}
	q.role, q.record, q.answered = alone, nil, false
}

// Own makes a follower's part in the presenter's quiz a quiz of its own
// (it went its own way): its answers step its own copy from now on.
func (q *Model) Own() {
	if q.role == following {
		q.role, q.record, q.answered = alone, nil, false
	}
}

// Live reports whether there is a step left to predict.
func (q *Model) Live() bool { return q.live() }

// Revealed puts the class's result of the step just revealed before the
// verdict ("class: 9 of 12 right"), for the presenter.
func (q *Model) Revealed(note string) {
	if !q.on || note == "" {
		return
	}
	q.sync()
	if q.verdict == "" {
		q.verdict = note
		return
	}
	q.verdict = note + " · " + q.verdict
}

// answer gives the presenter a follower's answer: the sign given before
// (none for the SVM's question) and yes; one given before is replaced.
func (q *Model) answer(yes bool) {
	a := class.Answer{Yes: yes}
	if q.phase != askClip {
		a.Sign = q.sign
	}
	if why := q.record(a); why != "" {
		q.host.Say(why)
		return
	}
	word := "answer in"
	if q.answered {
		word = "answer changed"
	}
	q.answered, q.yes = true, yes
	q.host.Say(word + ": waiting for the lecturer to reveal the step (" + q.changeKeys() + " change it)")
}

// given is a follower's answer in, as the question line says it.
func (q *Model) given(long bool) string {
	if !long {
		return "answer in · waiting for the lecturer"
	}
	var said []string
	if q.phase == askClip {
		said = append(said, "clips? "+yesNo(q.yes))
	} else {
		said = append(said, "sign "+learn.Sign(q.sign), q.s.Kind().Question().Noun+"? "+yesNo(q.yes))
	}
	return "answer in: " + strings.Join(said, ", ") + " · waiting for the lecturer to reveal"
}

// changeKeys are the keys that change an answer given.
func (q *Model) changeKeys() string {
	if q.phase == askClip {
		return "y n"
	}
	return "+ − y n"
}

// revealStep is the presenter's space: it takes the step the class
// predicted, as space takes it, and says what it did (package seat adds
// the class's result).
func (q *Model) revealStep() {
	q.sync()
	if !q.host.Step() {
		q.host.Say("no step was taken: " + q.score())
		return
	}
	q.sync()
}
