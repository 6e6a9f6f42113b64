package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
)

// Seed 003's worked example (worked4: x¹ = (1, 1), y = 1; x² = (−1, 1),
// −1; x³ = (−1, −1), 1; x⁴ = (1, −1), −1; K(u, v) = (u·v)²; tie neg:
// sign(0) = −1), step by step as the notes write it:
//
//	t=1, i=1: Σₖ aᵏ K(xᵏ, x¹) = 0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1   a¹ += y¹ → new a = [1,0,0,0]
//	t=1, i=2: Σₖ aᵏ K(xᵏ, x²) = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1
//	t=1, i=3: Σₖ aᵏ K(xᵏ, x³) = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1
//	t=1, i=4: Σₖ aᵏ K(xᵏ, x⁴) = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1
//	t=2, i=1: Σₖ aᵏ K(xᵏ, x¹) = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1
//	...  Converged!!!
//
// so the right answers (sign, mistake?) of pass 1 are (−, y), (−, n),
// (+, n), (−, n): only step 1 updates, since −1 ≠ y¹ = +1 there and the
// other predictions equal their labels. Pass 2 sees α = [1, 0, 0, 0] and
// the same sums but f(x₁) = 4 (the notes' t=2 line): (+, n), (−, n),
// (+, n), (−, n), no mistake, and training has converged.
var (
	seed003Pass1 = [][2]string{{"-", "y"}, {"-", "n"}, {"+", "n"}, {"-", "n"}}
	seed003Pass2 = [][2]string{{"+", "n"}, {"-", "n"}, {"+", "n"}, {"-", "n"}}
)

func quizModel(t *testing.T, w, h int) *Model {
	t.Helper()
	m := newModel(t, builtinOptions(t, "worked4", 0), w, h)
	press(m, "Q")
	if m.quiz == nil {
		t.Fatal("Q did not start quiz mode")
	}
	return m
}

func answer(m *Model, answers [][2]string) {
	for _, a := range answers {
		press(m, a[0], a[1])
	}
}

// quizKeyLine is the screen's last line: the keys that apply now.
func quizKeyLine(m *Model) string {
	lines := strings.Split(strings.TrimRight(screen(m), "\n"), "\n")
	return lines[len(lines)-1]
}

// TestQuizRightAndWrong: right answers score, wrong ones are marked wrong
// with the decision on the sum as the reason, and the score counts both
// parts.
func TestQuizRightAndWrong(t *testing.T) {
	m := quizModel(t, 120, 40)
	if q := screen(m); !strings.Contains(q, "QUIZ step 1 · x₁ = (1, 1), y₁ = +1 · sign of f(x₁) = Σ αₖ yₖ K(xₖ, x₁)? + or −") {
		t.Fatalf("no first question on screen:\n%s", q)
	}
	// Step 1: f(x₁) = 0, sign(0) = −1 under tie neg, so + is wrong; −1 ≠ y₁
	// = +1 is a mistake, so y is right.
	press(m, "+")
	if m.s.Learner().T() != 0 || !strings.Contains(screen(m), "you said sign +1: is the step on x₁ a mistake? y or n") {
		t.Fatalf("after +: T = %d, want the mistake question\n%s", m.s.Learner().T(), screen(m))
	}
	press(m, "y")
	if m.s.Learner().T() != 1 {
		t.Fatalf("T = %d after both answers, want 1", m.s.Learner().T())
	}
	want := "sign +1 ✗ wrong, mistake? yes ✓ right · sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg): mistake → α₁ += 1, new α = [1, 0, 0, 0]"
	if m.quiz.verdict != want {
		t.Errorf("verdict\n %q, want\n %q", m.quiz.verdict, want)
	}
	if got := m.quiz.score(); got != "score 1/2 (sign 0/1, mistake 1/1)" {
		t.Errorf("score %q", got)
	}
	// Steps 2 and 4 right; step 3 (f(x₃) = 4, sign +1 = y₃) answered "a
	// mistake": wrong, with the sum's 4 in the step line and the reason.
	press(m, "-", "n", "+", "y")
	sc := screen(m)
	for _, want := range []string{
		"t=1, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓",
		"sign +1 ✓ right, mistake? yes ✗ wrong · sign(4) = +1 = y₃ ✓: no mistake, α stays",
		"QUIZ step 4 · x₄ = (1, −1), y₄ = −1",
		"quiz score 4/6 (sign 2/3, mistake 2/3)",
	} {
		if !strings.Contains(sc, want) {
			t.Errorf("no %q on screen:\n%s", want, sc)
		}
	}
	press(m, "-", "n")
	if got := m.quiz.score(); got != "score 6/8 (sign 3/4, mistake 3/4)" {
		t.Errorf("after pass 1: %q", got)
	}
}

// TestQuizCannotSkip: space, e, c and p take no step without an answer and
// say what to press; y before the sign asks for the sign first; + − and =
// are answers, not the speed; n is an answer, not fewer points; the key
// line is the quiz's; Q leaves and gives the keys back.
func TestQuizCannotSkip(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 0), 120, 40) // generated: n means fewer points
	press(m, "Q")
	speed, n := m.player.Speed, len(m.s.Options().Points)
	if kl := quizKeyLine(m); !strings.Contains(kl, "+ sign +1 • − sign −1") || strings.Contains(kl, "space") || strings.Contains(kl, "y ") {
		t.Errorf("key line while the sign is asked: %q", kl)
	}
	for _, k := range []string{"space", "e", "c", "p"} {
		press(m, k)
		if m.s.Learner().T() != 0 || m.player.Busy() {
			t.Fatalf("%s took a step or started a run in quiz mode (T = %d)", k, m.s.Learner().T())
		}
		if !strings.Contains(m.message, "quiz: no step without an answer: sign of f(x") || !strings.Contains(m.message, "+ or −") {
			t.Errorf("%s: message %q does not say what to press", k, m.message)
		}
	}
	press(m, "y")
	if m.s.Learner().T() != 0 || !strings.Contains(m.message, "first the sign") {
		t.Errorf("y before the sign: T = %d, message %q", m.s.Learner().T(), m.message)
	}
	press(m, "=", "-") // = is +; the second sign replaces the first
	if m.quiz.sign != -1 || m.player.Speed != speed || !strings.Contains(m.message, "sign changed to −1") {
		t.Errorf("sign %d, speed %d→%d, message %q: + = and − must be answers", m.quiz.sign, speed, m.player.Speed, m.message)
	}
	if kl := quizKeyLine(m); !strings.Contains(kl, "y a mistake • n not a mistake") {
		t.Errorf("key line while the mistake is asked: %q", kl)
	}
	press(m, "n")
	if m.s.Learner().T() != 1 || len(m.s.Options().Points) != n {
		t.Errorf("n: T = %d, %d points: want the step taken and the data kept (%d)", m.s.Learner().T(), len(m.s.Options().Points), n)
	}
	// Leaving says the score once, and the keys are the program's again.
	press(m, "Q")
	if m.quiz != nil || !strings.HasPrefix(m.message, "quiz over: score ") || strings.Contains(screen(m), "QUIZ") {
		t.Errorf("Q: quiz %v, message %q", m.quiz, m.message)
	}
	press(m, "+")
	if m.player.Speed != speed+1 {
		t.Errorf("+ after the quiz: speed %d, want %d", m.player.Speed, speed+1)
	}
	press(m, "n")
	if len(m.s.Options().Points) >= n {
		t.Errorf("n after the quiz: %d points, want fewer than %d", len(m.s.Options().Points), n)
	}
	press(m, "space")
	if m.s.Learner().T() != 1 {
		t.Errorf("space after the quiz (on the new data): T = %d, want 1", m.s.Learner().T())
	}
}

// TestQuizBackAndStop: b steps back without touching the score and asks
// about the step again; once training has converged (the notes' pass 2)
// the quiz says so with the final score, and answers take no step.
func TestQuizBackAndStop(t *testing.T) {
	m := quizModel(t, 120, 40)
	press(m, "-", "y", "b")
	if m.s.Learner().T() != 0 || m.quiz.score() != "score 2/2 (sign 1/1, mistake 1/1)" || m.quiz.phase != askSign || m.quiz.verdict != "" {
		t.Errorf("after b: T = %d, %q, phase %d, verdict %q", m.s.Learner().T(), m.quiz.score(), m.quiz.phase, m.quiz.verdict)
	}
	if !strings.Contains(screen(m), "QUIZ step 1 · x₁ = (1, 1)") {
		t.Errorf("after b the question is not about step 1 again:\n%s", screen(m))
	}
	answer(m, seed003Pass1)
	answer(m, seed003Pass2)
	if m.s.Learner().State() != learn.Converged || m.s.Learner().T() != 8 {
		t.Fatalf("state %v at T = %d after the notes' two passes", m.s.Learner().State(), m.s.Learner().T())
	}
	sc := screen(m)
	if !strings.Contains(sc, "QUIZ over: converged ✓ after 2 passes · final score 18/18 (sign 9/9, mistake 9/9)") {
		t.Errorf("no final score after convergence:\n%s", sc)
	}
	press(m, "+")
	if m.s.Learner().T() != 8 || !strings.Contains(m.message, "no step left to predict") {
		t.Errorf("+ after convergence: T = %d, message %q", m.s.Learner().T(), m.message)
	}
	// r starts the run again: the quiz asks about step 1, the score stands.
	press(m, "r")
	if m.s.Learner().T() != 0 || !strings.Contains(screen(m), "QUIZ step 1 ·") || m.quiz.score() != "score 18/18 (sign 9/9, mistake 9/9)" {
		t.Errorf("after r: T = %d, %q\n%s", m.s.Learner().T(), m.quiz.score(), screen(m))
	}
}

// TestQuizTieMistake: under the tie rule mistake, f = 0 has no sign
// (y·f = 0 ≤ 0 is a mistake whatever the label), so the sign answer is
// not scored there; the mistake answer is.
func TestQuizTieMistake(t *testing.T) {
	o := builtinOptions(t, "worked4", 0)
	o.Config.Tie = learn.TieMistake
	m := newModel(t, o, 120, 40)
	press(m, "Q", "+", "y")
	if v := m.quiz.verdict; !strings.HasPrefix(v, "sign +1 not scored (f = 0 has no sign under tie rule mistake), mistake? yes ✓ right · y₁·f = 0 ≤ 0 ✗ (tie rule mistake)") {
		t.Errorf("verdict %q", v)
	}
	if got := m.quiz.score(); got != "score 1/1 (mistake 1/1)" {
		t.Errorf("score %q", got)
	}
}

// TestQuizRelatives: the averaged and voted perceptrons and the budget
// learners train as the perceptron, so the quiz asks them the same
// questions and seed 003's answers score every point of pass 1.
func TestQuizRelatives(t *testing.T) {
	for _, a := range []string{"averaged", "voted", "stoptron", "forgetron", "budget"} {
		o := builtinOptions(t, "worked4", 0)
		o.Config = o.Config.With("budget", 3)
		o.Config.Learner = a
		m := newModel(t, o, 120, 40)
		press(m, "Q")
		answer(m, seed003Pass1)
		if got := m.quiz.score(); got != "score 8/8 (sign 4/4, mistake 4/4)" {
			t.Errorf("%v: %q\n%s", a, got, screen(m))
		}
	}
}

// TestQuizSVM: the SVM's question is whether the pair update clips, asked
// with the pair SMO picks next and judged from the step's own record of
// its bounds. On worked4 (C = 1) the one iteration moves the pair (3, 4):
// K₃₃ = K₄₄ = 4, K₃₄ = ((−1)(1) + (−1)(−1))² = 0, so the step along the
// pair is the violation m − M = 2 over K₃₃ + K₄₄ − 2K₃₄ = 8, α₃ = α₄ =
// 0.25, inside the box [0, 1]: it does not clip.
func TestQuizSVM(t *testing.T) {
	m := newModel(t, svmOptions(t, "worked4", 1), 120, 40)
	press(m, "Q")
	if m.quiz.phase != askClip || !strings.Contains(screen(m), "QUIZ iteration 1 · pair (3, 4) next: will α₃ or α₄ clip at 0 or C = 1? y or n") {
		t.Fatalf("phase %d, want the clip question about the pair (3, 4):\n%s", m.quiz.phase, screen(m))
	}
	press(m, "+")
	if m.s.Learner().T() != 0 || !strings.Contains(m.message, "y or n") {
		t.Errorf("+ for the SVM: T = %d, message %q", m.s.Learner().T(), m.message)
	}
	press(m, "n")
	want := "clips? no ✓ right · pair (3, 4): α₃ 0 → 0.25, α₄ 0 → 0.25, both inside the box 0 ≤ α ≤ C = 1"
	if m.quiz.verdict != want || !strings.Contains(screen(m), "QUIZ over: converged after 1 iteration") {
		t.Errorf("verdict\n %q, want\n %q\n%s", m.quiz.verdict, want, screen(m))
	}

	// circles at C = 1: some updates clip, some do not; each answer "y"
	// is judged by the step's record.
	o := builtinOptions(t, "circles", 40)
	o.Config.Learner = "svm"
	o.Config = o.Config.With("C", 1).With("tol", learn.DefaultTol)
	m = newModel(t, o, 120, 40)
	press(m, "Q")
	rights, clipped := 0, 0
	for step := 1; step <= 8; step++ {
		i, j := m.s.SMO().NextPair()
		press(m, "y")
		ls, ok := m.s.Last()
		if !ok || ls.Step.Pair == nil || ls.Step.Pair.I != i || ls.Step.Pair.J != j {
			t.Fatalf("step %d: no pair update, or not the pair (%d, %d) asked about", step, i+1, j+1)
		}
		p := ls.Step.Pair
		clips := p.ClipI != learn.Unclipped || p.ClipJ != learn.Unclipped
		if clips {
			rights++
			clipped++
		}
		if want := map[bool]string{true: "clips? yes ✓ right", false: "clips? yes ✗ wrong"}[clips]; !strings.HasPrefix(m.quiz.verdict, want) {
			t.Errorf("step %d: verdict %q, want %q", step, m.quiz.verdict, want)
		}
	}
	if clipped == 0 || clipped == 8 {
		t.Errorf("%d of 8 updates clipped: the case does not test both answers", clipped)
	}
	if want := "clip " + itoa(rights) + "/8"; !strings.Contains(m.quiz.score(), want) {
		t.Errorf("score %q, want %s", m.quiz.score(), want)
	}
}

// TestQuizOneLearner: the quiz asks about one learner, so it is refused in
// comparison mode and beside the cross-validation view, and refuses them
// while it is on.
func TestQuizOneLearner(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "|", "Q")
	if m.quiz != nil || !strings.Contains(m.message, "| ends comparison mode") {
		t.Errorf("Q in comparison mode: quiz %v, message %q", m.quiz, m.message)
	}
	m = newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "X", "Q")
	if m.quiz != nil || !strings.Contains(m.message, "esc closes the cross-validation view") {
		t.Errorf("Q beside the cross-validation view: quiz %v, message %q", m.quiz, m.message)
	}
	m = quizModel(t, 120, 40)
	for _, k := range []string{"|", "X"} {
		press(m, k)
		comparing := strings.Contains(screen(m), "(| ends it, L compares")
		if comparing || m.cv.Open() || !strings.Contains(m.message, "Q leaves the quiz first") {
			t.Errorf("%s in quiz mode: comparison %v, cv %v, message %q", k, comparing, m.cv.Open(), m.message)
		}
	}
}

// TestQuizEscAndCursor: esc hides the cursor and closes the help first, as
// it does outside the quiz; then it leaves the quiz.
func TestQuizEscAndCursor(t *testing.T) {
	m := quizModel(t, 120, 40)
	press(m, "right", "esc")
	if m.quiz == nil || m.region.CursorOn {
		t.Fatalf("esc with the cursor on: quiz %v, cursor %v", m.quiz != nil, m.region.CursorOn)
	}
	press(m, "?", "esc")
	if m.quiz == nil || m.showHelp {
		t.Fatalf("esc with the help open: quiz %v, help %v", m.quiz != nil, m.showHelp)
	}
	press(m, "esc")
	if m.quiz != nil || !strings.Contains(m.message, "quiz over: score 0/0") {
		t.Errorf("esc with the cursor off: quiz %v, message %q", m.quiz != nil, m.message)
	}
}

// TestQuizScreens: the question and a revealed answer, colour-free, at
// 80×24 and 120×40; in mono mode the verdict is words and ✓/✗.
func TestQuizScreens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		m := quizModel(t, size[0], size[1])
		name := itoa(size[0]) + "x" + itoa(size[1])
		golden(t, "testdata/screens/quiz_question_"+name+".golden", screen(m))
		press(m, "+", "y")
		golden(t, "testdata/screens/quiz_reveal_"+name+".golden", screen(m))
		assertFits(t, m, [][2]int{size})
		press(m, "b", "m", "+", "y")
		if raw := m.View().Content; !strings.Contains(raw, "sign +1 ✗ wrong, mistake? yes ✓ right") || !strings.Contains(raw, "QUIZ step 2") {
			t.Errorf("%s mono: the verdict or the question is not in words", name)
		}
	}
}

// TestQuizNoPanics sends every key of the program and of the quiz, in
// random order, with quiz mode on, at sizes down to 1×1, rendering after
// each; any panic fails the test.
func TestQuizNoPanics(t *testing.T) {
	keys := append(allKeys(), "y", "n", "+", "-", "=", "_", "Q", "esc", "space", "b")
	r := rand.New(rand.NewPCG(13, 13))
	for _, o := range []Options{builtinOptions(t, "worked4", 0), builtinOptions(t, "xor", 0), svmOptions(t, "circles", 0)} {
		m := newModel(t, o, 80, 24)
		press(m, "Q")
		for i := range 600 {
			if i%50 == 0 {
				m.Update(tea.WindowSizeMsg{Width: []int{1, 20, 80, 120}[r.IntN(4)], Height: []int{1, 6, 24, 40}[r.IntN(4)]})
			}
			if m.quiz == nil && r.IntN(4) == 0 {
				press(m, "Q")
			}
			k := keys[r.IntN(len(keys))]
			if k == "q" || k == "ctrl+c" || k == "w" || k == "F" || k == "R" {
				continue
			}
			_, cmd := m.Update(keyMsg(k))
			if m.player.Converging || m.player.Finishing {
				run(m, cmd, 50)
			}
			m.player.Stop()
			_ = m.View()
		}
	}
}
