package tui

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"kernelscope/class"
	"kernelscope/learn"
)

// The quiz as a clicker in a class (package class, seat and quiz): the
// presenter's Q starts it on every follower's screen, the followers
// answer, the presenter reads the tally and reveals the step.

// answerOf is what a follower's keys answer: the sign key (none for the
// SVM's question) and y or n.
type answerOf struct {
	sign string // "+", "-" or ""
	yes  bool
}

func (a answerOf) keys() []string {
	yn := "n"
	if a.yes {
		yn = "y"
	}
	if a.sign == "" {
		return []string{yn}
	}
	return []string{a.sign, yn}
}

// truthOf is what the step st did, worked out here from its record as
// seed 003's quiz asks it: the sign of f(xᵢ) the tie rule gave (none at
// f = 0 under tie rule mistake), whether it was a mistake; for the SVM,
// whether the pair update clipped an α at 0 or C.
func truthOf(st learn.Step) (sign int, yes bool) {
	if p := st.Pair; p != nil {
		return 0, p.ClipI != learn.Unclipped || p.ClipJ != learn.Unclipped
	}
	return st.Prediction, st.Mistake
}

// judged is an answer judged against step st: its parts right and scored,
// and the words of the verdict quiz mode writes for it.
func judged(a answerOf, st learn.Step) (right, asked int, words []string) {
	sign, yes := truthOf(st)
	mark := func(ok bool) string {
		if ok {
			return "✓ right"
		}
		return "✗ wrong"
	}
	yn := map[bool]string{true: "yes", false: "no"}[a.yes]
	if a.sign != "" {
		said := map[string]int{"+": 1, "-": -1}[a.sign]
		if sign != 0 {
			asked++
			if said == sign {
				right++
			}
			words = append(words, "sign "+learn.Sign(said)+" "+mark(said == sign)+",")
		} else {
			words = append(words, "sign "+learn.Sign(said)+" not scored")
		}
	}
	asked++
	if a.yes == yes {
		right++
	}
	q := "mistake?"
	if st.Pair != nil {
		q = "clips?"
	}
	return right, asked, append(words, q+" "+yn+" "+mark(a.yes == yes))
}

// percent is 100·right/answered rounded to a whole percent.
func percent(right, answered int) int {
	return int(math.Floor(100*float64(right)/float64(answered) + 0.5))
}

// TestClickerTally: with the presenter's quiz on, each follower's answer
// keys record its answer: nothing steps, nobody breaks away, and the
// presenter's mark, α and the class's state do not move for the truth
// the presenter's program peeked at. The presenter's status says how many
// answered of those following and how many are right, which is checked
// against the step space then reveals; each follower follows that step
// and judges its own answer with quiz mode's verdict.
func TestClickerTally(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	answers := []answerOf{{"+", true}, {"-", true}, {"+", false}, {"-", false}}
	var fs []*seatHarness
	for i := range 5 {
		fs = append(fs, seatIn(t, c, fmt.Sprint("s", i), class.Follower, 80, 24))
	}
	p.press("space", "space") // a few steps in: the undo history has records
	for _, f := range fs {
		f.settle()
	}
	mark, alpha, seq := p.m.s.Mark(), slices.Clone(p.m.s.Learner().Alphas()), c.Seats()
	_ = seq
	stateSeq := p.m.seat.Seq()
	p.press("Q")
	for i, f := range fs {
		f.settle()
		if !f.m.quiz.Following() {
			t.Fatalf("follower %d: its quiz did not come on with the presenter's:\n%s", i, screen(f.m))
		}
		if i < len(answers) { // the last one does not answer
			f.press(answers[i].keys()...)
		}
		if f.step() != 2 || f.m.seat.Away() {
			t.Fatalf("follower %d after answering: step %d, away %v; want step 2, following", i, f.step(), f.m.seat.Away())
		}
		if i < len(answers) && !shows(f.m, "answer in: waiting for the lecturer to reveal the step") {
			t.Errorf("follower %d does not say its answer is in:\n%s", i, screen(f.m))
		}
	}
	p.settle()
	if got := p.m.s.Mark(); got != mark {
		t.Errorf("the presenter's mark moved with the peek: %+v → %+v", mark, got)
	}
	if got := p.m.s.Learner().Alphas(); !slices.EqualFunc(got, alpha, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
		t.Errorf("the presenter's α changed with the peek:\n%v\n%v", alpha, got)
	}
	if got := p.m.seat.Seq(); got != stateSeq || c.Seats() != 6 {
		t.Errorf("the peek was published: state %d → %d", stateSeq, got)
	}
	before := flat(p.m)

	p.press("space") // reveal
	for _, f := range fs {
		f.settle()
	}
	last, ok := p.m.s.Last()
	if !ok || p.step() != 3 {
		t.Fatalf("space did not reveal the step: at %d", p.step())
	}
	right := 0
	for i, a := range answers {
		r, n, words := judged(a, last.Step)
		if r == n {
			right++
		}
		if f := fs[i]; f.step() != 3 || !shows(f.m, strings.Join(words, " ")) {
			t.Errorf("follower %d (%v) at step %d: no %q on screen:\n%s", i, a.keys(), f.step(), strings.Join(words, " "), screen(f.m))
		}
	}
	if !shows(fs[4].m, "you did not answer") {
		t.Errorf("the follower who did not answer is not told so:\n%s", screen(fs[4].m))
	}
	tally := fmt.Sprintf("quiz: answered %d/5 · %d%% right, not yet revealed", len(answers), percent(right, len(answers)))
	if !strings.Contains(before, tally) {
		t.Errorf("before the reveal the presenter's screen does not say %q:\n%s", tally, before)
	}
	result := fmt.Sprintf("class: %d of %d answers right (%d%%)", right, len(answers), percent(right, len(answers)))
	if !shows(p.m, result) || !shows(p.m, "quiz: answered 0/5, not yet revealed") {
		t.Errorf("after the reveal the presenter's screen does not say %q and the next question's tally:\n%s", result, screen(p.m))
	}
}

// TestClickerScoresByKey: the presenter's Q ends the quiz with every
// student's score by name and key, best first, each worked out here from
// the steps revealed; a student who reconnects with the same key keeps
// the score; the quiz ends on the followers' screens with their own score.
func TestClickerScoresByKey(t *testing.T) {
	c := class.New(builtinOptions(t, "worked4", 0))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	ann := seatIn(t, c, "ann", class.Follower, 80, 24)
	bob := seatIn(t, c, "bob", class.Follower, 80, 24)
	p.press("Q")
	type score struct{ right, asked int }
	scores := map[string]*score{"ann": {}, "bob": {}}
	round := func(as map[string]answerOf, seats map[string]*seatHarness) {
		t.Helper()
		for name, a := range as {
			seats[name].settle()
			seats[name].press(a.keys()...)
		}
		p.press("space")
		last, _ := p.m.s.Last()
		for name, a := range as {
			r, n, _ := judged(a, last.Step)
			scores[name].right += r
			scores[name].asked += n
		}
	}
	seats := map[string]*seatHarness{"ann": ann, "bob": bob}
	round(map[string]answerOf{"ann": {"-", true}, "bob": {"+", true}}, seats)
	ann.m.seat.Close() // ann's connection drops, and she comes back
	seats["ann"] = seatIn(t, c, "ann", class.Follower, 80, 24)
	round(map[string]answerOf{"ann": {"-", false}, "bob": {"+", false}}, seats)
	round(map[string]answerOf{"ann": {"+", false}, "bob": {"+", false}}, seats)
	p.press("Q")
	names := []string{"ann", "bob"}
	slices.SortFunc(names, func(a, b string) int {
		sa, sb := scores[a], scores[b]
		if sa.right != sb.right {
			return sb.right - sa.right
		}
		return (sa.asked - sa.right) - (sb.asked - sb.right)
	})
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s SHA256:%s %d/%d", n, n, scores[n].right, scores[n].asked))
	}
	want := "quiz over: 2 students: " + strings.Join(parts, ", ")
	if !shows(p.m, want) {
		t.Errorf("the presenter's screen does not say %q:\n%s", want, screen(p.m))
	}
	p.press("W")
	for _, n := range names {
		if row := fmt.Sprintf("%s SHA256:%s following %d/%d", n, n, scores[n].right, scores[n].asked); !shows(p.m, row) {
			t.Errorf("W does not list %q:\n%s", row, screen(p.m))
		}
	}
	if !shows(p.m, "last quiz") {
		t.Errorf("W does not head the scores as the last quiz's:\n%s", screen(p.m))
	}
	p.press("esc")
	b := seats["bob"]
	b.settle()
	own := fmt.Sprintf("the lecturer ended the quiz: your score %d/%d", scores["bob"].right, scores["bob"].asked)
	if b.m.quiz.On() || !shows(b.m, own) {
		t.Errorf("bob's quiz on %v; want it off, saying %q:\n%s", b.m.quiz.On(), own, screen(b.m))
	}
}

// TestClickerLateJoiner: a follower that joins mid-quiz opens on the
// presenter's step with the open question, and its answer counts.
func TestClickerLateJoiner(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	p.press("Q", "space", "space")
	f := seatIn(t, c, "late", class.Follower, 80, 24)
	if f.step() != 2 || !f.m.quiz.Following() || !shows(f.m, "QUIZ step 3") {
		t.Fatalf("the late joiner: step %d, quiz following %v; want step 2 and the question of step 3:\n%s", f.step(), f.m.quiz.Following(), screen(f.m))
	}
	f.press("+", "y")
	p.settle()
	if !shows(p.m, "quiz: answered 1/1") {
		t.Errorf("the late joiner's answer is not in the tally:\n%s", screen(p.m))
	}
}

// TestClickerOnYourOwn: a follower's key that changes the run (b) still
// breaks it away: its answer leaves the tally, its quiz is its own (y
// steps its copy, the presenter's run stays); j brings it back into the
// lecture's quiz, and Q leaves the lecture's quiz for good: the next
// question does not bring it back, the next quiz does.
func TestClickerOnYourOwn(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	p.press("Q", "space")
	f.settle()
	f.press("+", "y")
	p.settle()
	if !shows(p.m, "answered 1/1") {
		t.Fatalf("the answer is not in the tally:\n%s", screen(p.m))
	}
	f.press("b")
	p.settle()
	if !f.m.seat.Away() || f.m.quiz.Following() || !shows(p.m, "quiz: answered 0/0") {
		t.Fatalf("after the follower's b: away %v, following the quiz %v; the presenter's screen:\n%s", f.m.seat.Away(), f.m.quiz.Following(), screen(p.m))
	}
	f.press("+", "y")
	if f.step() != 1 || p.step() != 1 {
		t.Errorf("the follower's own quiz: follower at %d, presenter at %d; want 1 and 1", f.step(), p.step())
	}
	f.press("j")
	if !f.m.quiz.Following() || f.step() != 1 {
		t.Fatalf("after j: following the quiz %v at step %d:\n%s", f.m.quiz.Following(), f.step(), screen(f.m))
	}
	f.press("Q")
	p.press("space")
	f.settle()
	if f.m.quiz.On() || f.step() != 2 {
		t.Errorf("after leaving the lecture's quiz: quiz on %v at step %d; want off, following to 2", f.m.quiz.On(), f.step())
	}
	p.press("Q", "Q")
	f.settle()
	if !f.m.quiz.Following() {
		t.Error("the presenter's next quiz did not come on the follower's screen")
	}
}

// TestClickerSVM: the SVM's question is y or n (does the pair update
// clip?); the tally and the verdicts are judged against the pair update
// revealed.
func TestClickerSVM(t *testing.T) {
	o := builtinOptions(t, "xor", 40)
	o.Config.Learner = "svm"
	c := class.New(o)
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	yes := seatIn(t, c, "yes", class.Follower, 80, 24)
	no := seatIn(t, c, "no", class.Follower, 100, 30)
	p.press("Q")
	yes.settle()
	no.settle()
	yes.press("y")
	no.press("n", "y", "n") // changes of mind: n stands
	p.settle()
	before := flat(p.m)
	p.press("space")
	yes.settle()
	no.settle()
	last, _ := p.m.s.Last()
	if last.Step.Pair == nil {
		t.Fatal("the SVM's step has no pair update")
	}
	_, clipped := truthOf(last.Step)
	if want := "quiz: answered 2/2 · 50% right, not yet revealed"; !strings.Contains(before, want) {
		t.Errorf("before the reveal: no %q:\n%s", want, before)
	}
	for _, f := range []*seatHarness{yes, no} {
		said := f == yes
		_, _, words := judged(answerOf{"", said}, last.Step)
		if !shows(f.m, strings.Join(words, " ")) {
			t.Errorf("clipped %v, answered %v: no %q on screen:\n%s", clipped, said, strings.Join(words, " "), screen(f.m))
		}
	}
}

// TestClickerScreens: the presenter's tally and a follower's answer fit
// their lines at 80×24 and 100×30, words whole (go test -v prints them).
func TestClickerScreens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}} {
		c := class.New(builtinOptions(t, "xor", 40))
		p := seatIn(t, c, "lecturer", class.Presenter, size[0], size[1])
		var fs []*seatHarness
		for i := range 3 {
			fs = append(fs, seatIn(t, c, fmt.Sprint("s", i), class.Follower, size[0], size[1]))
		}
		p.press("Q", "space")
		for i, f := range fs {
			f.settle()
			if i > 0 {
				f.press("+", "n")
			}
		}
		p.settle()
		t.Logf("presenter at %dx%d:\n%s", size[0], size[1], screen(p.m))
		t.Logf("follower at %dx%d:\n%s", size[0], size[1], screen(fs[1].m))
		if !onALine(p.m, "quiz: answered 2/3 ·") || !onALine(p.m, "right, not yet revealed") {
			t.Errorf("%dx%d: the tally is not whole on a line of the presenter's screen", size[0], size[1])
		}
		if !onALine(p.m, "space reveal the step") {
			t.Errorf("%dx%d: the presenter's key line does not offer the reveal", size[0], size[1])
		}
		if !onALine(fs[1].m, "answer in") || !onALine(fs[1].m, "waiting for the lecturer") {
			t.Errorf("%dx%d: the follower's answer is not whole on a line", size[0], size[1])
		}
		for _, m := range []*Model{p.m, fs[0].m, fs[1].m} {
			for _, l := range strings.Split(screen(m), "\n") {
				if w := len([]rune(l)); w > size[0] {
					t.Errorf("%dx%d: a line of %d cells: %q", size[0], size[1], w, l)
				}
			}
		}
	}
}

// onALine reports whether text is whole on one line of m's screen.
func onALine(m *Model, text string) bool {
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.Contains(strings.Join(strings.Fields(l), " "), text) {
			return true
		}
	}
	return false
}

// TestClickerRejoinDuringQuiz: j while the presenter's quiz is on brings a
// follower back into the lecture and its quiz; the quiz coming on is the
// presenter's, not the follower's own key, so it stays with the lecture.
func TestClickerRejoinDuringQuiz(t *testing.T) {
	c := class.New(builtinOptions(t, "xor", 40))
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	f := seatIn(t, c, "student", class.Follower, 100, 30)
	f.press("space") // on its own before the quiz
	p.press("Q")
	f.settle()
	f.press("j")
	if f.m.seat.Away() || !f.m.quiz.Following() {
		status, _ := f.m.seat.Status()
		t.Errorf("after j during the presenter's quiz: on its own %v, in the lecture's quiz %v; want false, true (status %q)", f.m.seat.Away(), f.m.quiz.Following(), status)
	}
}

// statusLines are the two lines above the key line: the status.
func statusLines(m *Model) []string {
	lines := strings.Split(strings.TrimRight(screen(m), "\n"), "\n")
	return lines[len(lines)-3 : len(lines)-1]
}

// statusShows checks that each of parts is whole on a line of m's status.
func statusShows(t *testing.T, who string, m *Model, parts ...string) {
	t.Helper()
	for _, part := range parts {
		if !slices.ContainsFunc(statusLines(m), func(l string) bool { return strings.Contains(l, part) }) {
			t.Errorf("%s: the status lacks %q:\n%s", who, part, strings.Join(statusLines(m), "\n"))
		}
	}
}

// TestClickerSmallScreens (issue 33): with the averaged perceptron, whose
// accuracy is its three classifiers', the fields a status must show need
// a third line: on a presenter's 100×30 once a follower answered (the
// tally is longer then), on a follower's 60×20. They take their short
// forms and stay on screen: the tally, the accuracy, the step, the state.
// At 60 columns the key line keeps every answer key. A follower who gave
// the sign but not y or n is told what it gave and what it did not. A
// presenter's 60×20 keeps them all too.
func TestClickerSmallScreens(t *testing.T) {
	o := builtinOptions(t, "xor", 40)
	o.Config.Learner = "averaged"
	c := class.New(o)
	p := seatIn(t, c, "lecturer", class.Presenter, 100, 30)
	small := seatIn(t, c, "small", class.Follower, 60, 20)
	half := seatIn(t, c, "half", class.Follower, 80, 24)
	p.press("Q")
	small.settle()
	half.settle()
	small.press("-")
	keepsKeys(t, "a follower at 60 columns, the mistake asked", small.m, 60, "+", "−", "y", "n", "Q")
	small.press("y")
	half.press("+")
	p.settle()
	statusShows(t, "the presenter at 100×30", p.m, "presenting · 2", "averaged", "pass 0, step 0", "accuracy: final 0%", "training", "quiz 1/2 · ")
	statusShows(t, "a follower at 60×20", small.m, "following lecturer", "averaged", "pass 0, step 0", "acc: final 0%", "training", "quiz score 0/0")

	p.press("space") // the reveal
	small.settle()
	half.settle()
	statusShows(t, "a follower at 60×20 after the reveal", small.m, "following lecturer", "averaged", "pass 1, step 1", "acc: final 50%", "training", "quiz 1/1")
	keepsKeys(t, "a follower at 60 columns after the reveal", small.m, 60, "+", "−", "Q")
	if want := "you answered sign +1 but not whether it is a mistake: incomplete, not scored · "; !shows(half.m, want) || shows(half.m, "you did not answer") {
		t.Errorf("the follower who gave only the sign is not told so (%q):\n%s", want, screen(half.m))
	}

	// A presenter at 60×20: the reveal and every answer key stay, and the
	// tally once a student answered, the accuracy in its shortest form.
	c = class.New(o)
	p = seatIn(t, c, "lecturer", class.Presenter, 60, 20)
	f := seatIn(t, c, "student", class.Follower, 80, 24)
	p.press("Q")
	keepsKeys(t, "a presenter at 60 columns", p.m, 60, "+", "−", "space", "Q")
	f.settle()
	f.press("+", "y")
	p.settle()
	statusShows(t, "the presenter at 60×20", p.m, "presenting · 1", "averaged", "step 0", "acc: avg 0%", "training", "quiz 1/1 · ")
}
