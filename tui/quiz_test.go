package tui

import (
	"strings"
	"testing"

	"kernelscope/learn"
)

// Seed 003's worked example (worked4, tie neg: sign(0) = −1), step by step
// as the notes write it:
//
//	t=1, i=1: Σₖ aᵏ K(xᵏ, x¹) = 0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1  → a¹ += 1 (y¹ = +1: a mistake)
//	t=1, i=2: 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1                   (y² = −1: right)
//	t=1, i=3: 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1                    (y³ = +1: right)
//	t=1, i=4: 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1                   (y⁴ = −1: right)
//	t=2, i=1: 1x4 + … = 4, sign(4) = 1 … Converged!!!
//
// so the right answers of the first pass are (−, y), (−, n), (+, n), (−, n).
var seed003Answers = [][2]string{{"-", "y"}, {"-", "n"}, {"+", "n"}, {"-", "n"}}

func quizModel(t *testing.T, w, h int) *Model {
	t.Helper()
	m := newModel(t, builtinOptions(t, "worked4", 0), w, h)
	press(m, "Q")
	if m.quiz == nil {
		t.Fatal("Q did not start quiz mode")
	}
	return m
}

// TestQuizRightAndWrong: the notes' answers score every point; a wrong
// sign is marked wrong with the sum's decision as the reason.
func TestQuizRightAndWrong(t *testing.T) {
	m := quizModel(t, 120, 40)
	press(m, "+", "y") // step 1: f = 0, sign(0) = −1 under tie neg: + is wrong; a mistake: right
	if m.s.p.T() != 1 {
		t.Fatalf("T = %d after an answer, want 1", m.s.p.T())
	}
	v := m.quiz.verdict
	if !strings.Contains(v, "sign +1 ✗ wrong") || !strings.Contains(v, "mistake? yes ✓ right") ||
		!strings.Contains(v, "sign(0) = −1 ≠ y₁ = +1") || !strings.Contains(v, "tie rule neg") {
		t.Errorf("verdict %q: want sign wrong, mistake right, and the reason sign(0) = −1 ≠ y₁ = +1 (tie rule neg)", v)
	}
	if got := m.quiz.score(); got != "score 1/2 (sign 0/1, mistake 1/1)" {
		t.Errorf("score %q", got)
	}
	for _, a := range seed003Answers[1:] {
		press(m, a[0], a[1])
	}
	if got := m.quiz.score(); got != "score 7/8 (sign 3/4, mistake 4/4)" {
		t.Errorf("after the notes' answers for steps 2–4: %q", got)
	}
	// The narration shows the step with its sum, the verdict and the next
	// question.
	sc := screen(m)
	for _, want := range []string{"t=1, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 + 0·4 + 0·0 + 0·4 = 0", "sign −1 ✓ right, mistake? no ✓ right",
		"QUIZ step 5 · x₁ = (1, 1), y₁ = +1 · sign of f(x₁)? + or −"} {
		if !strings.Contains(sc, want) {
			t.Errorf("no %q on screen:\n%s", want, sc)
		}
	}
}

// TestQuizCannotSkip: space, e, c and p take no step without an answer and
// say what to press; y before the sign asks for the sign first; + and − are
// answers, not the speed; n is an answer, not fewer points.
func TestQuizCannotSkip(t *testing.T) {
	m := quizModel(t, 120, 40)
	speed, n := m.player.speed, len(m.s.opts.Points)
	for _, k := range []string{"space", "e", "c", "p"} {
		press(m, k)
		if m.s.p.T() != 0 || m.player.busy() {
			t.Fatalf("%s took a step or started a run in quiz mode (T = %d)", k, m.s.p.T())
		}
		if !strings.Contains(m.message, "no step without an answer") || !strings.Contains(m.message, "+ or −") {
			t.Errorf("%s: message %q does not say what to press", k, m.message)
		}
	}
	press(m, "y")
	if m.s.p.T() != 0 || !strings.Contains(m.message, "first the sign") {
		t.Errorf("y before the sign: T = %d, message %q", m.s.p.T(), m.message)
	}
	press(m, "+", "-") // the second sign replaces the first
	if m.quiz.sign != -1 || m.player.speed != speed {
		t.Errorf("sign %d, speed %d→%d: + and − must be answers", m.quiz.sign, speed, m.player.speed)
	}
	press(m, "n")
	if m.s.p.T() != 1 || len(m.s.opts.Points) != n {
		t.Errorf("n: T = %d, %d points: want the step taken and the data kept", m.s.p.T(), len(m.s.opts.Points))
	}
	// Leaving says the score, and the keys are the program's again.
	press(m, "Q")
	if m.quiz != nil || !strings.Contains(m.message, "quiz over: score 1/2") {
		t.Errorf("Q: quiz %v, message %q", m.quiz, m.message)
	}
	press(m, "+")
	if m.player.speed != speed+1 {
		t.Errorf("+ after the quiz: speed %d, want %d", m.player.speed, speed+1)
	}
}

// TestQuizBackAndStop: b steps back without touching the score and asks
// about the step again; once training has converged the quiz says so.
func TestQuizBackAndStop(t *testing.T) {
	m := quizModel(t, 120, 40)
	press(m, "-", "y", "b")
	if m.s.p.T() != 0 || m.quiz.score() != "score 2/2 (sign 1/1, mistake 1/1)" || m.quiz.phase != askSign || m.quiz.verdict != "" {
		t.Errorf("after b: T = %d, %q, phase %d, verdict %q", m.s.p.T(), m.quiz.score(), m.quiz.phase, m.quiz.verdict)
	}
	for range 2 {
		for _, a := range seed003Answers {
			press(m, a[0], a[1])
		}
	}
	// Pass 2 repeats pass 1's sums with α = [1, 0, 0, 0] (no mistakes):
	// the notes converge after step 8.
	if m.s.p.State() != learn.Converged {
		t.Fatalf("state %v after 8 answered steps", m.s.p.State())
	}
	press(m, "+")
	if !strings.Contains(m.message, "training has stopped") || !strings.Contains(screen(m), "QUIZ over") {
		t.Errorf("after convergence: message %q\n%s", m.message, screen(m))
	}
}

// TestQuizSVM: the SVM's question is whether the pair update clips, judged
// from the step's own record of its bounds.
func TestQuizSVM(t *testing.T) {
	o := builtinOptions(t, "moons", 40)
	o.Config.Algo = learn.AlgoSVM
	o.Config.SVM = learn.SVMOptions{C: 0.5, Tol: learn.DefaultTol}
	m := newModel(t, o, 120, 40)
	press(m, "Q")
	if m.quiz.phase != askClip {
		t.Fatalf("phase %d, want the clip question", m.quiz.phase)
	}
	press(m, "+")
	if m.s.p.T() != 0 || !strings.Contains(m.message, "clip") {
		t.Errorf("+ for the SVM: T = %d, message %q", m.s.p.T(), m.message)
	}
	rights := 0
	for step := 1; step <= 6; step++ {
		press(m, "y")
		ls, ok := m.s.last()
		if !ok || ls.step.Pair == nil {
			t.Fatalf("step %d: no pair update", step)
		}
		clipped := ls.step.Pair.ClipI != learn.Unclipped || ls.step.Pair.ClipJ != learn.Unclipped
		if clipped {
			rights++
		}
		if want := map[bool]string{true: "clips? yes ✓ right", false: "clips? yes ✗ wrong"}[clipped]; !strings.HasPrefix(m.quiz.verdict, want) {
			t.Errorf("step %d: verdict %q, want %q", step, m.quiz.verdict, want)
		}
	}
	if want := "clip " + itoa(rights) + "/6"; !strings.Contains(m.quiz.score(), want) {
		t.Errorf("score %q, want %s", m.quiz.score(), want)
	}
}

// TestQuizScreens: the question and a revealed answer, colour-free, at
// 80×24 and 120×40.
func TestQuizScreens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		m := quizModel(t, size[0], size[1])
		name := itoa(size[0]) + "x" + itoa(size[1])
		golden(t, "testdata/screens/quiz_question_"+name+".golden", screen(m))
		press(m, "+", "y")
		golden(t, "testdata/screens/quiz_reveal_"+name+".golden", screen(m))
		assertFits(t, m, [][2]int{size})
	}
}
