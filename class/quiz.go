package class

import (
	"cmp"
	"slices"
)

// The presenter's quiz as a clicker: while it is on, each following
// student answers the open question (what the next step will do) on their
// own screen; the presenter reads the tally before the step is revealed,
// and the class scores every answer at the reveal and keeps each
// student's score by key. The answers of a question are dropped once it
// is scored (or dropped unscored: the presenter stepped back or changed
// the run), so the class holds at most one answer a seat.

// Answer is a follower's prediction of the step the open question is
// about, as quiz mode asks it (package tui/quiz): the sign of f(xᵢ), +1 or
// −1 (0 for a question without one, the SVM's), and the yes or no: a
// mistake, the learner's own question, or a clip.
type Answer struct {
	Sign int
	Yes  bool
}

// Truth is what a step did, as answers are judged against it: the sign
// it predicted (0: not scored, as quiz mode scores none there: the SVM's
// question has no sign, and f = 0 has none under tie rule mistake) and the
// yes or no.
type Truth struct {
	Sign int
	Yes  bool
}

// Judge counts the parts of a that t scores, and those right: the sign
// when t has one, and the yes or no, as quiz mode counts its own score.
func (t Truth) Judge(a Answer) (right, asked int) {
	if t.Sign != 0 {
		asked++
		if a.Sign == t.Sign {
			right++
		}
	}
	asked++
	if a.Yes == t.Yes {
		right++
	}
	return right, asked
}

// Right reports whether every part of a that t scores is right.
func (t Truth) Right(a Answer) bool {
	right, asked := t.Judge(a)
	return right == asked
}

// Quiz is the presenter's quiz as every seat sees it.
type Quiz struct {
	// ID numbers the class's quizzes (0: none started yet); On reports
	// whether quiz ID is on.
	ID uint64
	On bool
	// Round numbers the open question, new with every question (0: none
	// is open: the quiz is off, or the run has no step left).
	Round uint64
	// Seq is the state the open question is about (State.Seq): a
	// follower answers it while it shows that state.
	Seq uint64
	// Seat is the ID of the presenter's seat whose quiz it is.
	Seat int
}

// Tally is the open question's answers, as the presenter reads them
// before the reveal, or a question's as it was scored at the reveal.
type Tally struct {
	Round uint64
	// Answered counts the followers who answered, of Following: the
	// followers in the lecture (not on a copy of their own).
	Answered, Following int
	// Right counts the answers wholly right, when Known: the
	// presenter's program could tell what the step will do before it was
	// taken (it takes the step and undoes it); at the reveal it is known.
	Right int
	Known bool
}

// Percent is the share of the answers that are right, rounded to a
// whole percent (0 with none).
func (t Tally) Percent() int {
	if t.Answered == 0 {
		return 0
	}
	return (200*t.Right + t.Answered) / (2 * t.Answered)
}

// Score is one student's score over a quiz: the parts of their answers
// right, of those scored, as quiz mode counts its own; Name and
// Fingerprint are the seat's that answered last.
type Score struct {
	Name, Fingerprint string
	Right, Asked      int
}

// Student is who a seat's score belongs to: its key's fingerprint, so
// that it survives a reconnect with the same key; the user name for a
// seat without a key.
func (m Member) Student() string {
	if m.Fingerprint != "" {
		return m.Fingerprint
	}
	return "name:" + m.Name
}

// MaxScored bounds the students one quiz scores: keys that come and go
// would otherwise grow the scores without end. Past it, new students'
// answers are tallied, not scored.
const MaxScored = 10000

// quizState is the class's quiz: the shared part, the truth of the open
// question (the presenter's, never shown to the followers), its answers
// by student (one a student, however many seats their key holds: the
// latest wins), and the scores by student.
type quizState struct {
	Quiz
	truth   Truth
	known   bool
	answers map[string]answered
	scores  map[string]*Score
	round   uint64 // the last round opened
}

// Quiz is the presenter's quiz now.
func (s *Seat) Quiz() Quiz {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	return s.c.quiz.Quiz
}

// owns reports whether s is a presenter that may run the quiz: none is
// on, or s's is. c.mu is held.
func (s *Seat) owns() bool {
	q := &s.c.quiz
	return s.member.Role == Presenter && !s.left && (!q.On || q.Seat == s.member.ID)
}

// StartQuiz starts a presenter's quiz (the scores start afresh), or goes
// on with the one it started. It reports false, doing nothing, for a
// follower, or while another presenter's quiz is on.
func (s *Seat) StartQuiz() bool {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if !s.owns() {
		return false
	}
	q := &c.quiz
	if !q.On {
		q.ID++
		q.On, q.Seat, q.Round = true, s.member.ID, 0
		q.answers, q.scores = map[string]answered{}, map[string]*Score{}
		c.wakeAll(s)
	}
	return true
}

// Ask opens the quiz's next question, about the next step of the run as
// the class shares it now (the newest state); truth is what that step
// will do, when known. An open question not revealed is dropped with its
// answers (the presenter stepped back, or changed the run). It reports
// false, doing nothing, unless s's quiz is on.
func (s *Seat) Ask(truth Truth, known bool) bool {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	q := &c.quiz
	if !q.On || !s.owns() {
		return false
	}
	q.round++
	q.Round, q.Seq = q.round, c.state.Seq
	q.truth, q.known = truth, known
	clear(q.answers)
	c.wakeAll(s)
	return true
}

// Unask closes the open question unscored, leaving the quiz on with none
// (the run has no step left to ask about).
func (s *Seat) Unask() {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	q := &c.quiz
	if q.On && s.owns() && q.Round != 0 {
		q.Round = 0
		clear(q.answers)
		c.wakeAll(s)
	}
}

// Reveal scores the open question's answers against truth, what the step
// did (the step the presenter took), adds them to each student's score,
// drops them and closes the question. It returns the question's tally as
// scored (zero when s has no question open).
func (s *Seat) Reveal(truth Truth) Tally {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	q := &c.quiz
	if !q.On || !s.owns() || q.Round == 0 {
		return Tally{}
	}
	q.truth, q.known = truth, true
	t := c.tally()
	for who, an := range q.answers {
		a, member := an.a, an.by
		sc := q.scores[who]
		if sc == nil {
			if len(q.scores) >= MaxScored {
				continue
			}
			sc = &Score{}
			q.scores[who] = sc
		}
		right, asked := truth.Judge(a)
		sc.Name, sc.Fingerprint = member.Name, member.Fingerprint
		sc.Right, sc.Asked = sc.Right+right, sc.Asked+asked
	}
	q.Round = 0
	clear(q.answers)
	c.wakeAll(s)
	return t
}

// EndQuiz ends s's quiz (an open question is dropped unscored) and
// returns the students' scores, best first (Scores). The scores stay
// until a quiz starts again.
func (s *Seat) EndQuiz() []Score {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	q := &c.quiz
	if !q.On || !s.owns() {
		return nil
	}
	c.endQuiz()
	return c.scores()
}

// endQuiz ends the quiz on. c.mu is held.
func (c *Class) endQuiz() {
	q := &c.quiz
	q.On, q.Round = false, 0
	clear(q.answers)
	c.wakeAll(nil)
}

// Answer records a follower's answer to question round (Quiz.Round),
// replacing the one it gave before (a change of mind). It reports false,
// recording nothing, when round is no longer open (revealed, or dropped),
// or the seat is not a follower in the lecture.
func (s *Seat) Answer(round uint64, a Answer) bool {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	q := &c.quiz
	if s.member.Role != Follower || s.left || s.member.Away || !q.On || round == 0 || round != q.Round {
		return false
	}
	q.answers[s.member.Student()] = answered{a, s.member}
	c.wakePresenters()
	return true
}

// answered is a student's answer and the seat that gave it.
type answered struct {
	a  Answer
	by Member
}

// Tally is the open question's answers so far (zero with none open).
func (s *Seat) Tally() Tally {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.quiz.On || c.quiz.Round == 0 {
		return Tally{Following: c.following()}
	}
	return c.tally()
}

// tally counts the open question's answers. c.mu is held.
func (c *Class) tally() Tally {
	q := &c.quiz
	t := Tally{Round: q.Round, Following: c.following(), Known: q.known}
	for _, an := range q.answers {
		t.Answered++
		if q.known && q.truth.Right(an.a) {
			t.Right++
		}
	}
	if !q.known {
		t.Right = 0
	}
	return t
}

// following counts the students following the lecture (a key in the
// class twice is one student). c.mu is held.
func (c *Class) following() int {
	students := map[string]bool{}
	for _, s := range c.seats {
		if s.member.Role == Follower && !s.member.Away {
			students[s.member.Student()] = true
		}
	}
	return len(students)
}

// Scores are the students' scores in the quiz on or last ended, best
// first: the most parts right, then the fewest wrong, then by name.
func (s *Seat) Scores() []Score {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	return s.c.scores()
}

// scores sorts the scores. c.mu is held.
func (c *Class) scores() []Score {
	out := make([]Score, 0, len(c.quiz.scores))
	for _, sc := range c.quiz.scores {
		out = append(out, *sc)
	}
	slices.SortFunc(out, func(a, b Score) int {
		return cmp.Or(cmp.Compare(b.Right, a.Right), cmp.Compare(a.Asked-a.Right, b.Asked-b.Right),
			cmp.Compare(a.Name, b.Name), cmp.Compare(a.Fingerprint, b.Fingerprint))
	})
	return out
}

// dropAnswer drops the open question's answer of seat s (it left, or went
// its own way). c.mu is held.
func (c *Class) dropAnswer(s *Seat) {
	who := s.member.Student()
	if an, ok := c.quiz.answers[who]; ok && an.by.ID == s.member.ID {
		delete(c.quiz.answers, who)
		c.wakePresenters()
	}
}
