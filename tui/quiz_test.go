package tui

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Quiz mode's own tests are in package quiz; these see it in the program,
// through Update and View only.

// quizModel is worked4 at w×h with the quiz on (Q).
func quizModel(t *testing.T, w, h int) *Model {
	t.Helper()
	m := newModel(t, builtinOptions(t, "worked4", 0), w, h)
	press(m, "Q")
	if !strings.Contains(screen(m), "QUIZ step 1") {
		t.Fatalf("Q did not start quiz mode:\n%s", screen(m))
	}
	return m
}

// said is the screen as one line of words: the narration and the status
// line wrap their text, and a phrase is found wherever it wraps.
func said(m *Model) string { return strings.Join(strings.Fields(screen(m)), " ") }

// keyLine is the screen's last line: the keys that apply now.
func keyLine(m *Model) string {
	lines := strings.Split(strings.TrimRight(screen(m), "\n"), "\n")
	return lines[len(lines)-1]
}

var (
	stepRe   = regexp.MustCompile(`pass \d+, step (\d+)(?: |$)`)
	pointsRe = regexp.MustCompile(`^\S+ n=(\d+) `)
)

// statusInt is the number re finds in the status line (-1: none).
func statusInt(t *testing.T, m *Model, re *regexp.Regexp) int {
	t.Helper()
	lines := strings.Split(screen(m), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if g := re.FindStringSubmatch(strings.Join(strings.Fields(strings.Join(lines[i:], " ")), " ")); g != nil {
			n, _ := strconv.Atoi(g[1])
			return n
		}
	}
	t.Fatalf("no %v on screen:\n%s", re, screen(m))
	return -1
}

// TestQuizOnScreen: an answer reveals the step in the narration (the
// notes' sum), the verdict under it, the next question under that, and the
// score in the status line.
func TestQuizOnScreen(t *testing.T) {
	m := quizModel(t, 120, 40)
	press(m, "+", "y", "-", "n", "+", "y")
	sc := said(m)
	for _, want := range []string{
		"t=1, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓",
		"sign +1 ✓ right, mistake? yes ✗ wrong · sign(4) = +1 = y₃ ✓: no mistake, α stays",
		"QUIZ step 4 · x₄ = (1, −1), y₄ = −1",
		"quiz score 4/6 (sign 2/3, mistake 2/3)",
	} {
		if !strings.Contains(sc, want) {
			t.Errorf("no %q on screen:\n%s", want, screen(m))
		}
	}
}

// TestQuizCannotSkip: space, e, c and p take no step without an answer and
// say what to press; y before the sign asks for the sign first; + − and =
// are answers, not the speed; n is an answer, not fewer points; the key
// line is the quiz's; Q leaves and gives the keys back.
func TestQuizCannotSkip(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 0), 120, 40) // generated: n means fewer points
	n := statusInt(t, m, pointsRe)
	press(m, "Q")
	if kl := keyLine(m); !strings.Contains(kl, "+ sign +1 • − sign −1") || strings.Contains(kl, "space") || strings.Contains(kl, "y ") {
		t.Errorf("key line while the sign is asked: %q", kl)
	}
	for _, k := range []string{"space", "e", "c", "p"} {
		press(m, k)
		if step := statusInt(t, m, stepRe); step != 0 || strings.Contains(said(m), "esc stops") {
			t.Fatalf("%s took a step or started a run in quiz mode (step %d):\n%s", k, step, screen(m))
		}
		if sc := said(m); !strings.Contains(sc, "quiz: no step without an answer: sign of f(x") || !strings.Contains(sc, "+ or −") {
			t.Errorf("%s: the screen does not say what to press:\n%s", k, screen(m))
		}
	}
	press(m, "y")
	if statusInt(t, m, stepRe) != 0 || !strings.Contains(said(m), "first the sign") {
		t.Errorf("y before the sign:\n%s", screen(m))
	}
	press(m, "=", "-") // = is +; the second sign replaces the first
	if sc := said(m); !strings.Contains(sc, "sign changed to −1") || !strings.Contains(sc, "you said sign −1") && !strings.Contains(sc, "you said −1") {
		t.Errorf("+ = and − must be answers:\n%s", screen(m))
	}
	if kl := keyLine(m); !strings.Contains(kl, "y a mistake • n not a mistake") {
		t.Errorf("key line while the mistake is asked: %q", kl)
	}
	press(m, "n")
	if step, pts := statusInt(t, m, stepRe), statusInt(t, m, pointsRe); step != 1 || pts != n {
		t.Errorf("n: step %d, %d points: want the step taken and the data kept (%d)", step, pts, n)
	}
	// Leaving says the score once, and the keys are the program's again;
	// the speed is where it was before the quiz (10 steps a second).
	press(m, "Q")
	if sc := said(m); !strings.Contains(sc, "quiz over: score ") || strings.Contains(sc, "QUIZ") || !strings.Contains(sc, "p plays at 10/s") {
		t.Errorf("Q:\n%s", screen(m))
	}
	press(m, "+")
	if !strings.Contains(said(m), "p plays at 20/s") {
		t.Errorf("+ after the quiz is not faster:\n%s", screen(m))
	}
	press(m, "n")
	if pts := statusInt(t, m, pointsRe); pts >= n {
		t.Errorf("n after the quiz: %d points, want fewer than %d", pts, n)
	}
	press(m, "space")
	if step := statusInt(t, m, stepRe); step != 1 {
		t.Errorf("space after the quiz (on the new data): step %d, want 1", step)
	}
}

// TestQuizBackAndStop: b steps back without touching the score and asks
// about the step again; once training has converged (the notes' pass 2)
// the quiz says so with the final score, and answers take no step; r
// asks about step 1 again, the score standing. The answers are seed 003's
// two passes on worked4, worked out in package quiz's tests.
func TestQuizBackAndStop(t *testing.T) {
	m := quizModel(t, 120, 40)
	press(m, "-", "y", "b")
	sc := said(m)
	if statusInt(t, m, stepRe) != 0 || !strings.Contains(sc, "quiz score 2/2 (sign 1/1, mistake 1/1)") || strings.Contains(sc, "✓ right") {
		t.Errorf("after b: the step, the score or the verdict:\n%s", screen(m))
	}
	if !strings.Contains(sc, "QUIZ step 1 · x₁ = (1, 1)") || !strings.Contains(sc, "sign of f(x₁)") {
		t.Errorf("after b the question is not about step 1 again:\n%s", screen(m))
	}
	press(m, "-", "y", "-", "n", "+", "n", "-", "n") // seed 003's pass 1
	press(m, "+", "n", "-", "n", "+", "n", "-", "n") // and pass 2
	if step := statusInt(t, m, stepRe); step != 8 || !strings.Contains(said(m), "QUIZ over: converged ✓ after 2 passes · final score 18/18 (sign 9/9, mistake 9/9)") {
		t.Errorf("no final score after convergence (step %d):\n%s", step, screen(m))
	}
	press(m, "+")
	if statusInt(t, m, stepRe) != 8 || !strings.Contains(said(m), "no step left to predict") {
		t.Errorf("+ after convergence:\n%s", screen(m))
	}
	press(m, "r")
	if sc := said(m); statusInt(t, m, stepRe) != 0 || !strings.Contains(sc, "QUIZ step 1 ·") || !strings.Contains(sc, "quiz score 18/18 (sign 9/9, mistake 9/9)") {
		t.Errorf("after r:\n%s", screen(m))
	}
}

// TestQuizOneLearner: the quiz asks about one learner, so it is refused in
// comparison mode and beside the cross-validation view, and refuses them
// while it is on.
func TestQuizOneLearner(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "|", "Q")
	if sc := said(m); strings.Contains(sc, "QUIZ") || !strings.Contains(sc, "| ends comparison mode") {
		t.Errorf("Q in comparison mode:\n%s", screen(m))
	}
	m = newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "X", "Q")
	if sc := said(m); strings.Contains(sc, "QUIZ") || !strings.Contains(sc, "esc closes the cross-validation view") {
		t.Errorf("Q beside the cross-validation view:\n%s", screen(m))
	}
	m = quizModel(t, 120, 40)
	alone := screen(m)
	for _, k := range []string{"|", "X"} {
		press(m, k)
		sc := said(m)
		if !strings.Contains(sc, "Q leaves the quiz first") || !strings.Contains(sc, "QUIZ step 1") || strings.Contains(sc, "cross-validation of") {
			t.Errorf("%s in quiz mode:\n%s", k, screen(m))
		}
		// The region is the one learner's, as before the key.
		if got, want := strings.Split(screen(m), "\n")[0], strings.Split(alone, "\n")[0]; got != want {
			t.Errorf("%s in quiz mode changed the region's title:\n%s\n%s", k, got, want)
		}
	}
}

// TestQuizEscAndCursor: esc hides the cursor and closes the help first, as
// it does outside the quiz; then it leaves the quiz.
func TestQuizEscAndCursor(t *testing.T) {
	m := quizModel(t, 120, 40)
	press(m, "right")
	if !strings.Contains(screen(m), "✛") {
		t.Fatalf("no cursor after →:\n%s", screen(m))
	}
	press(m, "esc")
	if sc := screen(m); !strings.Contains(sc, "QUIZ") || strings.Contains(sc, "✛") {
		t.Fatalf("esc with the cursor on: it should hide the cursor and keep the quiz:\n%s", sc)
	}
	press(m, "?")
	if !strings.Contains(screen(m), "keys (? or esc closes") {
		t.Fatalf("? did not open the help:\n%s", screen(m))
	}
	press(m, "esc")
	if sc := screen(m); !strings.Contains(sc, "QUIZ") || strings.Contains(sc, "keys (? or esc closes") {
		t.Fatalf("esc with the help open: it should close the help and keep the quiz:\n%s", sc)
	}
	press(m, "esc")
	if sc := said(m); strings.Contains(sc, "QUIZ") || !strings.Contains(sc, "quiz over: score 0/0") {
		t.Errorf("esc with the cursor off:\n%s", screen(m))
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
// each; any panic fails the test. A run (c, e) goes on for up to 50
// chunks; autoplay (p) is paused again by a second p.
func TestQuizNoPanics(t *testing.T) {
	t.Chdir(t.TempDir()) // O starts a recording, a file in the working directory
	keys := append(allKeys(), "y", "n", "+", "-", "=", "_", "Q", "esc", "space", "b")
	r := rand.New(rand.NewPCG(13, 13))
	for _, o := range []Options{builtinOptions(t, "worked4", 0), builtinOptions(t, "xor", 0), svmOptions(t, "circles", 0)} {
		m := newModel(t, o, 80, 24)
		press(m, "Q")
		for i := range 600 {
			if i%50 == 0 {
				m.Update(tea.WindowSizeMsg{Width: []int{1, 20, 80, 120}[r.IntN(4)], Height: []int{1, 6, 24, 40}[r.IntN(4)]})
			}
			if r.IntN(4) == 0 && !strings.Contains(screen(m), "QUIZ") {
				press(m, "Q")
			}
			k := keys[r.IntN(len(keys))]
			if k == "q" || k == "ctrl+c" || k == "w" || k == "F" || k == "R" {
				continue
			}
			_, cmd := m.Update(keyMsg(k))
			switch k {
			case "c", "e":
				run(m, cmd, 50)
			case "p":
				m.Update(keyMsg("p"))
			}
			_ = m.View()
		}
	}
}

// lineKeys are the keys the key line offers, each the word before its
// help.
func lineKeys(m *Model) []string {
	var keys []string
	for _, item := range strings.Split(strings.TrimSpace(keyLine(m)), " • ") {
		k, _, _ := strings.Cut(item, " ")
		keys = append(keys, k)
	}
	return keys
}

// keepsKeys checks that the key line of m, at most w cells, offers every
// key of want.
func keepsKeys(t *testing.T, what string, m *Model, w int, want ...string) {
	t.Helper()
	got := lineKeys(m)
	for _, k := range want {
		if !slices.Contains(got, k) {
			t.Errorf("%s: the key line leaves out %s: %q", what, k, keyLine(m))
		}
	}
	if n := ansi.StringWidth(strings.TrimRight(keyLine(m), " ")); n > w {
		t.Errorf("%s: the key line is %d cells: %q", what, n, keyLine(m))
	}
}

// TestQuizKeyLineKeepsAnswers: at 60 columns the quiz's key line keeps
// every answer key that acts, and Q (issue 33: once b applied, − sign −1
// was left out, and y with the mistake asked): other keys give way first,
// then the descriptions shorten.
func TestQuizKeyLineKeepsAnswers(t *testing.T) {
	m := quizModel(t, 60, 20)
	keepsKeys(t, "the sign asked", m, 60, "+", "−", "Q")
	press(m, "-")
	keepsKeys(t, "the mistake asked", m, 60, "+", "−", "y", "n", "Q")
	press(m, "y") // worked4's step 1, b applies from now on
	keepsKeys(t, "the sign asked after a step", m, 60, "+", "−", "Q")
	press(m, "+")
	keepsKeys(t, "the mistake asked after a step", m, 60, "+", "−", "y", "n", "Q")
	// At 100 columns the descriptions are whole.
	m = quizModel(t, 100, 30)
	press(m, "-", "y", "+")
	if kl := keyLine(m); !strings.Contains(kl, "+ sign +1 • − sign −1 • y a mistake • n not a mistake • b step back (score kept)") {
		t.Errorf("at 100 columns: %q", kl)
	}
}
