package class

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"kernelscope/lab"
)

// quizClass is a class with a presenter whose quiz is on and asks its
// first question, whose truth is truth, and followers with keys
// SHA256:<name>.
func quizClass(t *testing.T, truth Truth, names ...string) (*Seat, []*Seat) {
	t.Helper()
	c := New(lab.Options{})
	p := c.Join("lecturer", "SHA256:lecturer", Presenter)
	var fs []*Seat
	for _, n := range names {
		fs = append(fs, c.Join(n, "SHA256:"+n, Follower))
	}
	if !p.StartQuiz() || !p.Ask(truth, true) {
		t.Fatal("the presenter could not start the quiz")
	}
	return p, fs
}

// TestTruthJudge: the parts scored are the sign (when the step had one)
// and the yes or no, as quiz mode scores them.
func TestTruthJudge(t *testing.T) {
	for _, tc := range []struct {
		t            Truth
		a            Answer
		right, asked int
	}{
		{Truth{Sign: 1, Yes: true}, Answer{Sign: 1, Yes: true}, 2, 2},
		{Truth{Sign: 1, Yes: true}, Answer{Sign: -1, Yes: true}, 1, 2},
		{Truth{Sign: -1, Yes: false}, Answer{Sign: 1, Yes: true}, 0, 2},
		{Truth{Sign: 0, Yes: true}, Answer{Sign: 1, Yes: true}, 1, 1}, // f = 0 under tie rule mistake, or the SVM
		{Truth{Yes: false}, Answer{Yes: true}, 0, 1},
	} {
		if r, n := tc.t.Judge(tc.a); r != tc.right || n != tc.asked {
			t.Errorf("%+v judged against %+v: %d/%d, want %d/%d", tc.a, tc.t, r, n, tc.right, tc.asked)
		}
	}
}

// TestQuizTally: the tally counts the followers' answers (one a seat, a
// change of mind replacing the first) and the wholly right ones; the
// share is rounded to a whole percent; a presenter's or a closed
// question's answer is refused.
func TestQuizTally(t *testing.T) {
	truth := Truth{Sign: 1, Yes: true}
	p, fs := quizClass(t, truth, "a", "b", "c", "d")
	round := p.Quiz().Round
	fs[0].Answer(round, Answer{Sign: -1, Yes: true}) // wrong, then
	fs[0].Answer(round, Answer{Sign: 1, Yes: true})  // right: a change of mind
	fs[1].Answer(round, Answer{Sign: 1, Yes: false})
	fs[2].Answer(round, Answer{Sign: 1, Yes: true})
	if p.Answer(round, Answer{Sign: 1, Yes: true}) {
		t.Error("the presenter's answer was taken")
	}
	got := p.Tally()
	want := Tally{Round: round, Answered: 3, Following: 4, Right: 2, Known: true}
	if got != want {
		t.Fatalf("tally %+v, want %+v", got, want)
	}
	if got.Percent() != 67 { // 2/3 = 66.7 %
		t.Errorf("2 of 3 right is %d%%, want 67%%", got.Percent())
	}
	p.Reveal(truth)
	if fs[3].Answer(round, Answer{Sign: 1, Yes: true}) {
		t.Error("an answer to a revealed question was taken")
	}
	if n := len(p.c.quiz.answers); n != 0 {
		t.Errorf("%d answers kept after the reveal", n)
	}
}

// TestQuizScores: the reveal scores each answer against the step's truth;
// a student's score is by key and survives a reconnect with the same key
// (a seat without a key is scored by name); the list is best first; a
// question dropped unscored (the presenter stepped back) counts for no
// one; the scores stay after the quiz ends and start afresh with the next.
func TestQuizScores(t *testing.T) {
	c := New(lab.Options{})
	p := c.Join("lecturer", "SHA256:lecturer", Presenter)
	ann := c.Join("ann", "SHA256:annkey", Follower)
	bob := c.Join("bob", "SHA256:bobkey", Follower)
	cat := c.Join("cat", "", Follower)
	p.StartQuiz()
	ask := func(tr Truth) uint64 { p.Ask(tr, true); return p.Quiz().Round }

	r := ask(Truth{Sign: 1, Yes: true})
	ann.Answer(r, Answer{Sign: 1, Yes: true})  // 2/2
	bob.Answer(r, Answer{Sign: -1, Yes: true}) // 1/2
	cat.Answer(r, Answer{Sign: -1, Yes: false})
	if got := p.Reveal(Truth{Sign: 1, Yes: true}); got.Answered != 3 || got.Right != 1 {
		t.Errorf("revealed tally %+v, want 3 answered, 1 right", got)
	}
	ann.Leave()
	ann = c.Join("ann", "SHA256:annkey", Follower) // reconnects with her key
	r = ask(Truth{Yes: false})                     // the SVM's: no sign
	ann.Answer(r, Answer{Yes: false})              // 1/1
	bob.Answer(r, Answer{Yes: false})              // 1/1
	p.Reveal(Truth{Yes: false})
	r = ask(Truth{Sign: -1, Yes: false}) // dropped unscored: the presenter stepped back
	bob.Answer(r, Answer{Sign: -1, Yes: false})
	ask(Truth{Sign: -1, Yes: false})
	p.Reveal(Truth{Sign: -1, Yes: false}) // nobody answered
	r = ask(Truth{Yes: true})             // open when the quiz ends: unscored
	cat.Answer(r, Answer{Yes: true})
	sc := p.EndQuiz()
	want := []Score{
		{"ann", "SHA256:annkey", 3, 3}, // 2/2 and 1/1, over two seats of one key
		{"bob", "SHA256:bobkey", 2, 3}, // 1/2 and 1/1
		{"cat", "", 0, 2},              // 0/2
	}
	if fmt.Sprint(sc) != fmt.Sprint(want) {
		t.Errorf("scores %v, want %v", sc, want)
	}
	if fmt.Sprint(p.Scores()) != fmt.Sprint(want) {
		t.Error("the scores did not stay after the quiz ended")
	}
	if p.Quiz().On || ann.Answer(p.Quiz().Round, Answer{}) {
		t.Error("the quiz is still on after EndQuiz")
	}
	p.StartQuiz()
	if len(p.Scores()) != 0 {
		t.Error("a new quiz kept the last one's scores")
	}
}

// TestQuizSeats: a follower on its own answers no more (its answer to the
// open question is dropped) and is not counted as following; a seat that
// leaves takes its answer with it; a second presenter cannot start a quiz
// while the first's is on, and the quiz ends when its presenter leaves.
func TestQuizSeats(t *testing.T) {
	p, fs := quizClass(t, Truth{Yes: true}, "a", "b", "c")
	r := p.Quiz().Round
	for _, f := range fs {
		f.Answer(r, Answer{Yes: true})
	}
	fs[0].SetAway(true)
	fs[1].Leave()
	if got := p.Tally(); got.Answered != 1 || got.Following != 1 {
		t.Errorf("after one went away and one left: %+v, want 1 answered of 1 following", got)
	}
	if fs[0].Answer(r, Answer{Yes: true}) {
		t.Error("a follower on its own answered the lecture's quiz")
	}
	other := p.c.Join("projector", "SHA256:lecturer", Presenter)
	if other.StartQuiz() || other.Ask(Truth{}, false) {
		t.Error("a second presenter took over the quiz on")
	}
	p.Leave()
	if q := other.Quiz(); q.On || q.Round != 0 {
		t.Errorf("the quiz went on after its presenter left: %+v", q)
	}
	if !other.StartQuiz() {
		t.Error("the second presenter cannot start a quiz once the first left")
	}
}

// TestQuizScoresBounded: past MaxScored students, new students' answers
// are tallied but not scored; those scored go on being scored.
func TestQuizScoresBounded(t *testing.T) {
	c := New(lab.Options{})
	p := c.Join("lecturer", "", Presenter)
	p.StartQuiz()
	for i := range MaxScored {
		c.quiz.scores[fmt.Sprint("SHA256:", i)] = &Score{Name: fmt.Sprint(i)}
	}
	known := c.Join("0", "SHA256:0", Follower)
	late := c.Join("late", "SHA256:late", Follower)
	p.Ask(Truth{Yes: true}, true)
	r := p.Quiz().Round
	known.Answer(r, Answer{Yes: true})
	late.Answer(r, Answer{Yes: true})
	if got := p.Reveal(Truth{Yes: true}); got.Answered != 2 || got.Right != 2 {
		t.Errorf("tally %+v, want both answers right", got)
	}
	if n := len(c.quiz.scores); n != MaxScored {
		t.Errorf("%d students scored, want at most %d", n, MaxScored)
	}
	if sc := c.quiz.scores["SHA256:0"]; sc.Right != 1 {
		t.Errorf("a student scored before the bound: %+v, want 1 right", sc)
	}
}

// TestQuizConcurrent: followers answering, changing their minds and
// leaving while the presenter asks, tallies and reveals (go test -race).
// Every answer of a question revealed is scored once: the scores add up
// to the answers the reveals counted.
func TestQuizConcurrent(t *testing.T) {
	c := New(lab.Options{})
	p := c.Join("lecturer", "", Presenter)
	p.StartQuiz()
	p.Ask(Truth{Yes: true}, true)
	const students, rounds = 40, 50
	var wg sync.WaitGroup
	done := make(chan struct{})
	for i := range students {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := c.Join(fmt.Sprint("s", i), fmt.Sprint("SHA256:s", i), Follower)
			defer s.Leave()
			for {
				select {
				case <-done:
					return
				default:
				}
				q := s.Quiz()
				s.Answer(q.Round, Answer{Yes: i%2 == 0})
				s.Answer(q.Round, Answer{Yes: i%3 == 0}) // a change of mind
			}
		}()
	}
	for c.Seats() < students+1 {
		runtime.Gosched()
	}
	counted := 0
	for range rounds {
		p.Tally()
		counted += p.Reveal(Truth{Yes: true}).Answered
		p.Ask(Truth{Yes: true}, true)
	}
	close(done)
	wg.Wait()
	asked := 0
	for _, sc := range p.EndQuiz() {
		asked += sc.Asked
	}
	if asked != counted {
		t.Errorf("the scores count %d answers, the reveals %d", asked, counted)
	}
}

// TestQuizOneAnswerAStudent: a student whose key holds four seats gives
// one answer however many they send (the latest), is counted once among
// those following, and cannot outscore a student who answered right once
// by answering every way at once.
func TestQuizOneAnswerAStudent(t *testing.T) {
	c := New(lab.Options{})
	p := c.Join("lecturer", "SHA256:lecturer", Presenter)
	var alice []*Seat
	for range 4 {
		alice = append(alice, c.Join("alice", "SHA256:alice", Follower))
	}
	bob := c.Join("bob", "SHA256:bob", Follower)
	p.StartQuiz()
	truth := Truth{Sign: 1, Yes: true}
	p.Ask(truth, true)
	round := p.Quiz().Round
	for i, s := range alice {
		s.Answer(round, Answer{Sign: []int{1, 1, -1, -1}[i], Yes: []bool{true, false, true, false}[i]})
	}
	bob.Answer(round, Answer{Sign: 1, Yes: true})
	tl := p.Tally()
	if tl.Answered != 2 || tl.Following != 2 {
		t.Errorf("tally: %d answered of %d following; want 2 of 2 (alice once, bob)", tl.Answered, tl.Following)
	}
	p.Reveal(truth)
	scores := p.EndQuiz()
	if len(scores) != 2 || scores[0].Name != "bob" || scores[0].Right != 2 || scores[1].Right != 0 {
		t.Errorf("scores: %+v; want bob 2/2 first, alice 0/2 (her last answer, − and no)", scores)
	}
}
