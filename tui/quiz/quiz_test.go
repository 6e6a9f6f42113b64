package quiz

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/class"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
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

// harness is the quiz alone on a session, its line as wide as a 120-cell
// screen, its host recording what it says and taking the steps it asks
// for.
type harness struct {
	t    *testing.T
	s    *lab.Session
	q    *Model
	host *tuitest.Host
}

func newHarness(t *testing.T, o lab.Options) *harness {
	t.Helper()
	s := tuitest.Session(t, o)
	h := &harness{t: t, s: s, host: &tuitest.Host{S: s}}
	h.q = New(s, h.host)
	h.q.SetTheme(common.NewTheme(true, true, 0))
	h.q.SetSize(120, 1)
	h.q.Sync()
	return h
}

// quizzing is a harness with the quiz on.
func quizzing(t *testing.T, o lab.Options) *harness {
	t.Helper()
	h := newHarness(t, o)
	h.press("Q")
	if !h.q.On() {
		t.Fatal("Q did not start quiz mode")
	}
	return h
}

// press answers each key as the program does: the answers first while the
// quiz is on (an answer refused says why), then Q and esc; then the
// program syncs the keys and refreshes the quiz.
func (h *harness) press(keys ...string) {
	for _, key := range keys {
		h.host.Said = ""
		msg := tuitest.Key(key)
		if h.q.On() {
			if _, why, ok := h.q.Keys().Handle(msg); ok {
				if why != "" {
					h.host.Said = why
				}
				h.settle()
				continue
			}
		}
		switch {
		case h.q.ToggleAction().Has(msg):
			h.q.ToggleAction().Do(msg)
		case h.q.EscAction().Has(msg) && h.q.EscAction().Why() == "":
			h.q.EscAction().Do(msg)
		}
		h.settle()
	}
}

// settle is what the program does after every message: it syncs the keys
// and refreshes the quiz before it draws.
func (h *harness) settle() {
	h.q.Sync()
	h.q.Refresh()
}

func (h *harness) answer(answers [][2]string) {
	for _, a := range answers {
		h.press(a[0], a[1])
	}
}

// line is the question line, colours stripped.
func (h *harness) line() string { return ansi.Strip(h.q.View()) }

// shown are the key line's keys that apply now.
func (h *harness) shown() string {
	var out []string
	for _, b := range h.q.KeyLine().ShortHelp() {
		if b.Enabled() {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(out, " • ")
}

// TestToggle: Q starts the quiz (autoplay stops) and says how it goes;
// while it is on it holds the player and the views of more than one
// learner; Q or esc end it with the score, and then nothing of it is on
// screen.
func TestToggle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	if full, short := h.q.Status(); h.q.View() != "" || full != "" || short != "" || h.q.Hold() != "" || h.q.Quizzing() != "" {
		t.Fatal("the quiz says something while it is off")
	}
	if why := h.q.EscAction().Why(); why == "" {
		t.Error("esc leaves a quiz that is off")
	}
	h.press("Q")
	if !h.host.Stopped || !strings.HasPrefix(h.host.Said, "quiz mode: predict each step") {
		t.Errorf("Q: player stopped %v, said %q", h.host.Stopped, h.host.Said)
	}
	if got := h.q.ToggleAction().Binding.Help().Desc; got != "leave quiz mode" {
		t.Errorf("Q's help while on: %q", got)
	}
	if got := h.q.Hold(); got != "quiz: no step without an answer: sign of f(x₁)? + or −" {
		t.Errorf("hold %q", got)
	}
	if got := h.q.Quizzing(); got != "not while quizzing: Q leaves the quiz first (score 0/0)" {
		t.Errorf("quizzing %q", got)
	}
	h.press("esc")
	if h.q.On() || h.host.Said != "quiz over: score 0/0. Q starts another." {
		t.Errorf("esc: on %v, said %q", h.q.On(), h.host.Said)
	}
	if got := h.q.ToggleAction().Binding.Help().Desc; got != "quiz mode" {
		t.Errorf("Q's help while off: %q", got)
	}
	// Another quiz starts from no score.
	h.press("Q", "-", "y", "Q")
	if h.host.Said != "quiz over: score 2/2 (sign 1/1, mistake 1/1). Q starts another." {
		t.Errorf("second quiz: said %q", h.host.Said)
	}
	h.press("Q")
	if got, short := h.q.Status(); got != "quiz score 0/0" || short != "quiz 0/0" {
		t.Errorf("third quiz: %q (short %q)", got, short)
	}
}

// TestRightAndWrong: right answers score, wrong ones are marked wrong
// with the decision on the sum as the reason, and the score counts both
// parts.
func TestRightAndWrong(t *testing.T) {
	t.Parallel()
	h := quizzing(t, tuitest.Builtin(t, "worked4", 0))
	if got := h.line(); got != "QUIZ step 1 · x₁ = (1, 1), y₁ = +1 · sign of f(x₁) = Σ αₖ yₖ K(xₖ, x₁)? + or − · score 0/0" {
		t.Fatalf("first question %q", got)
	}
	// Step 1: f(x₁) = 0, sign(0) = −1 under tie neg, so + is wrong; −1 ≠ y₁
	// = +1 is a mistake, so y is right.
	h.press("+")
	if h.s.Learner().T() != 0 || !strings.Contains(h.line(), "you said sign +1: is the step on x₁ a mistake? y or n") {
		t.Fatalf("after +: T = %d, want the mistake question: %q", h.s.Learner().T(), h.line())
	}
	h.press("y")
	if h.s.Learner().T() != 1 || h.host.Steps != 1 {
		t.Fatalf("T = %d (%d steps asked) after both answers, want 1", h.s.Learner().T(), h.host.Steps)
	}
	want := "sign +1 ✗ wrong, mistake? yes ✓ right · sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg): mistake → α₁ += 1, new α = [1, 0, 0, 0]"
	if h.q.Verdict() != want {
		t.Errorf("verdict\n %q, want\n %q", h.q.Verdict(), want)
	}
	if got, short := h.q.Status(); got != "quiz score 1/2 (sign 0/1, mistake 1/1)" || short != "quiz 1/2" {
		t.Errorf("status %q (short %q)", got, short)
	}
	// Steps 2 and 4 right; step 3 (f(x₃) = 4, sign +1 = y₃) answered "a
	// mistake": wrong, with the sum's 4 as the reason.
	h.press("-", "n", "+", "y")
	if want := "sign +1 ✓ right, mistake? yes ✗ wrong · sign(4) = +1 = y₃ ✓: no mistake, α stays"; h.q.Verdict() != want {
		t.Errorf("verdict\n %q, want\n %q", h.q.Verdict(), want)
	}
	if got := h.line(); !strings.HasPrefix(got, "QUIZ step 4 · x₄ = (1, −1), y₄ = −1") || !strings.HasSuffix(got, "score 4/6 (sign 2/3, mistake 2/3)") {
		t.Errorf("line %q", got)
	}
	h.press("-", "n")
	if got := h.q.score(); got != "score 6/8 (sign 3/4, mistake 3/4)" {
		t.Errorf("after pass 1: %q", got)
	}
}

// TestSignFirst: y before the sign asks for the sign first; = is +, and a
// second sign replaces the first; the key line offers only the answers
// the open question takes, y and n named by it.
func TestSignFirst(t *testing.T) {
	t.Parallel()
	h := quizzing(t, tuitest.Builtin(t, "circles", 0))
	if got := h.shown(); got != "+ sign +1 • − sign −1 • Q leave the quiz" {
		t.Errorf("key line while the sign is asked: %q", got)
	}
	h.press("y")
	if h.s.Learner().T() != 0 || !strings.HasPrefix(h.host.Said, "first the sign: sign of f(x") {
		t.Errorf("y before the sign: T = %d, said %q", h.s.Learner().T(), h.host.Said)
	}
	h.press("=", "-")
	if h.q.sign != -1 || h.host.Said != "sign changed to −1: now y or n" {
		t.Errorf("sign %d, said %q: = is +, and − replaces it", h.q.sign, h.host.Said)
	}
	if got := h.shown(); got != "+ sign +1 • − sign −1 • y a mistake • n not a mistake • Q leave the quiz" {
		t.Errorf("key line while the mistake is asked: %q", got)
	}
	h.press("n")
	if h.s.Learner().T() != 1 || h.q.phase != askSign {
		t.Errorf("n: T = %d, phase %d: want the step taken and the sign asked", h.s.Learner().T(), h.q.phase)
	}
	if got := h.shown(); got != "+ sign +1 • − sign −1 • b step back (score kept) • Q leave the quiz" {
		t.Errorf("key line after a step: %q", got)
	}
}

// TestBackAndStop: a step back leaves the score and asks about the step
// again; once training has converged (the notes' pass 2) the quiz says so
// with the final score, answers take no step, and r is offered; a reset
// asks about step 1, the score standing.
func TestBackAndStop(t *testing.T) {
	t.Parallel()
	h := quizzing(t, tuitest.Builtin(t, "worked4", 0))
	h.press("-", "y")
	h.s.Back() // the player's b
	h.settle()
	if h.s.Learner().T() != 0 || h.q.score() != "score 2/2 (sign 1/1, mistake 1/1)" || h.q.phase != askSign || h.q.Verdict() != "" {
		t.Errorf("after b: T = %d, %q, phase %d, verdict %q", h.s.Learner().T(), h.q.score(), h.q.phase, h.q.Verdict())
	}
	if !strings.HasPrefix(h.line(), "QUIZ step 1 · x₁ = (1, 1)") {
		t.Errorf("after b the question is not about step 1 again: %q", h.line())
	}
	h.answer(seed003Pass1)
	h.answer(seed003Pass2)
	if h.s.Learner().State() != learn.Converged || h.s.Learner().T() != 8 {
		t.Fatalf("state %v at T = %d after the notes' two passes", h.s.Learner().State(), h.s.Learner().T())
	}
	h.q.SetSize(200, 1)
	if want := "QUIZ over: converged ✓ after 2 passes · final score 18/18 (sign 9/9, mistake 9/9) · r resets α to be quizzed again, Q leaves"; h.line() != want {
		t.Errorf("line\n %q, want\n %q", h.line(), want)
	}
	if h.q.Hold() != "" {
		t.Errorf("the quiz holds a player with nothing to step: %q", h.q.Hold())
	}
	if got := h.shown(); got != "b step back (score kept) • r reset α, quiz again • Q leave the quiz" {
		t.Errorf("key line after convergence: %q", got)
	}
	for _, k := range []string{"+", "y"} {
		h.press(k)
		if h.s.Learner().T() != 8 || h.host.Said != "no step left to predict: r resets α to be quizzed again, Q leaves" {
			t.Errorf("%s after convergence: T = %d, said %q", k, h.s.Learner().T(), h.host.Said)
		}
	}
	h.s.Reset() // the player's r
	h.settle()
	if h.s.Learner().T() != 0 || !strings.HasPrefix(h.line(), "QUIZ step 1 ·") || h.q.score() != "score 18/18 (sign 9/9, mistake 9/9)" {
		t.Errorf("after r: T = %d, %q, %q", h.s.Learner().T(), h.q.score(), h.line())
	}
}

// TestTieMistake: under the tie rule mistake, f = 0 has no sign
// (y·f = 0 ≤ 0 is a mistake whatever the label), so the sign answer is
// not scored there; the mistake answer is.
func TestTieMistake(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "worked4", 0)
	o.Config.Tie = learn.TieMistake
	h := quizzing(t, o)
	h.press("+", "y")
	if v := h.q.Verdict(); !strings.HasPrefix(v, "sign +1 not scored (f = 0 has no sign under tie rule mistake), mistake? yes ✓ right · y₁·f = 0 ≤ 0 ✗ (tie rule mistake)") {
		t.Errorf("verdict %q", v)
	}
	if got := h.q.score(); got != "score 1/1 (mistake 1/1)" {
		t.Errorf("score %q", got)
	}
}

// TestRelatives: the averaged and voted perceptrons and the budget
// learners train as the perceptron, so the quiz asks them the same
// questions and seed 003's answers score every point of pass 1.
func TestRelatives(t *testing.T) {
	t.Parallel()
	for _, a := range []string{"averaged", "voted", "stoptron", "forgetron", "budget"} {
		o := tuitest.Builtin(t, "worked4", 0)
		o.Config = o.Config.With("budget", 3)
		o.Config.Learner = a
		h := quizzing(t, o)
		h.answer(seed003Pass1)
		if got := h.q.score(); got != "score 8/8 (sign 4/4, mistake 4/4)" {
			t.Errorf("%v: %q (%s)", a, got, h.line())
		}
	}
}

// TestOwnQuestion: a learner of the registry with a rule of its own
// (learn.LearnerKind's Quiz) is asked its own question, named by it in
// the key line and the score.
func TestOwnQuestion(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"pa", "pegasos"} {
		o := tuitest.Builtin(t, "worked4", 0)
		o.Config.Learner = name
		h := quizzing(t, o)
		h.q.SetSize(200, 1)
		qq := h.s.Kind().Question()
		if qq.Noun == "mistake" {
			t.Fatalf("%s asks the perceptron's question: the case tests nothing", name)
		}
		h.press("-")
		if want := "you said sign −1: " + fmt.Sprintf(qq.Long, "x₁") + " y or n"; !strings.Contains(h.line(), want) {
			t.Errorf("%s: %q lacks %q", name, h.line(), want)
		}
		if got := h.shown(); !strings.Contains(got, "y "+qq.Yes+" • n "+qq.No) {
			t.Errorf("%s: key line %q", name, got)
		}
		h.press("y")
		if got := h.q.score(); !strings.Contains(got, qq.Noun+" ") {
			t.Errorf("%s: score %q does not count %q", name, got, qq.Noun)
		}
	}
}

// TestSVM: the SVM's question is whether the pair update clips, asked
// with the pair SMO picks next and judged from the step's own record of
// its bounds. On worked4 (C = 1) the one iteration moves the pair (3, 4):
// K₃₃ = K₄₄ = 4, K₃₄ = ((−1)(1) + (−1)(−1))² = 0, so the step along the
// pair is the violation m − M = 2 over K₃₃ + K₄₄ − 2K₃₄ = 8, α₃ = α₄ =
// 0.25, inside the box [0, 1]: it does not clip.
func TestSVM(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "worked4", 0)
	o.Config = o.Config.With("C", 1)
	o.Config.Learner = "svm"
	h := quizzing(t, o)
	if want := "QUIZ iteration 1 · pair (3, 4) next: will α₃ or α₄ clip at 0 or C = 1? y or n"; h.q.phase != askClip || !strings.HasPrefix(h.line(), want) {
		t.Fatalf("phase %d, want the clip question about the pair (3, 4): %q", h.q.phase, h.line())
	}
	if got := h.shown(); got != "y it clips • n it does not clip • Q leave the quiz" {
		t.Errorf("key line %q", got)
	}
	h.press("+")
	if h.s.Learner().T() != 0 || !strings.HasPrefix(h.host.Said, "the SVM's question is y or n: ") {
		t.Errorf("+ for the SVM: T = %d, said %q", h.s.Learner().T(), h.host.Said)
	}
	h.press("n")
	want := "clips? no ✓ right · pair (3, 4): α₃ 0 → 0.25, α₄ 0 → 0.25, both inside the box 0 ≤ α ≤ C = 1"
	if h.q.Verdict() != want || !strings.HasPrefix(h.line(), "QUIZ over: converged after 1 iteration") {
		t.Errorf("verdict\n %q, want\n %q\n%s", h.q.Verdict(), want, h.line())
	}

	// circles at C = 1: some updates clip, some do not; each answer "y"
	// is judged by the step's record.
	o = tuitest.Builtin(t, "circles", 40)
	o.Config.Learner = "svm"
	o.Config = o.Config.With("C", 1).With("tol", learn.DefaultTol)
	h = quizzing(t, o)
	rights, clipped := 0, 0
	for step := 1; step <= 8; step++ {
		i, j := h.s.SMO().NextPair()
		h.press("y")
		ls, ok := h.s.Last()
		if !ok || ls.Step.Pair == nil || ls.Step.Pair.I != i || ls.Step.Pair.J != j {
			t.Fatalf("step %d: no pair update, or not the pair (%d, %d) asked about", step, i+1, j+1)
		}
		p := ls.Step.Pair
		clips := p.ClipI != learn.Unclipped || p.ClipJ != learn.Unclipped
		if clips {
			rights++
			clipped++
		}
		if want := map[bool]string{true: "clips? yes ✓ right", false: "clips? yes ✗ wrong"}[clips]; !strings.HasPrefix(h.q.Verdict(), want) {
			t.Errorf("step %d: verdict %q, want %q", step, h.q.Verdict(), want)
		}
	}
	if clipped == 0 || clipped == 8 {
		t.Errorf("%d of 8 updates clipped: the case does not test both answers", clipped)
	}
	if want := fmt.Sprintf("clip %d/8", rights); !strings.Contains(h.q.score(), want) {
		t.Errorf("score %q, want %s", h.q.score(), want)
	}
}

// TestLineFits: the question line takes the longest form that fits the
// width, down to the shortest, at every width.
func TestLineFits(t *testing.T) {
	t.Parallel()
	h := quizzing(t, tuitest.Builtin(t, "worked4", 0))
	h.press("-", "y", "+")
	shortest := "QUIZ step 2 · x₂ = (−1, 1), y₂ = −1 · you said +1: a mistake? y or n · score 2/2"
	for w := 0; w <= 160; w++ {
		h.q.SetSize(w, 1)
		got := h.line()
		if ansi.StringWidth(got) > w && got != shortest {
			t.Errorf("width %d: %d cells, and not the shortest form: %q", w, ansi.StringWidth(got), got)
		}
	}
}

// TestGoldens: the quiz's own part of the screen (its question line, its
// verdict, its score for the status line) through a run on worked4 and the
// SVM's question, at three widths.
func TestGoldens(t *testing.T) {
	t.Parallel()
	svm := tuitest.Builtin(t, "worked4", 0)
	svm.Config = svm.Config.With("C", 1)
	svm.Config.Learner = "svm"
	for _, w := range []int{40, 80, 120} {
		var b strings.Builder
		show := func(h *harness, what string) {
			status, _ := h.q.Status()
			fmt.Fprintf(&b, "── %s\n%s\nverdict: %s\nstatus: %s\n", what, h.q.View(), h.q.Verdict(), status)
		}
		h := quizzing(t, tuitest.Builtin(t, "worked4", 0))
		h.q.SetSize(w, 1)
		show(h, "Q")
		h.press("+")
		show(h, "+")
		h.press("y")
		show(h, "y")
		h.answer(seed003Pass1[1:])
		h.answer(seed003Pass2)
		show(h, "converged")
		h = quizzing(t, svm)
		h.q.SetSize(w, 1)
		show(h, "svm")
		h.press("n")
		show(h, "svm n")
		tuitest.Golden(t, filepath.Join("testdata", fmt.Sprintf("worked4_%d.golden", w)), strings.TrimSuffix(b.String(), "\n"))
	}
}

// TestFollowerHalfAnswer: a follower in a class's quiz answers with the
// sign and y or n, and only y or n sends the answer. When the presenter's
// step comes with half an answer given (the sign), the verdict says what
// was given and what was not, the learner's own question named (issue 33:
// it said "you did not answer"); nothing is sent or scored. Without an
// answer it says so; a whole one is judged.
func TestFollowerHalfAnswer(t *testing.T) {
	t.Parallel()
	pa := tuitest.Builtin(t, "worked4", 0)
	pa.Config.Learner = "pa"
	for _, c := range []struct {
		name string
		o    lab.Options
		keys []string
		want string
		sent int
	}{
		{"the sign only", tuitest.Builtin(t, "worked4", 0), []string{"-"},
			"you answered sign −1 but not whether it is a mistake: incomplete, not scored · ", 0},
		{"the sign only, PA", pa, []string{"+"},
			"you answered sign +1 but not whether it is an update (ℓ > 0): incomplete, not scored · ", 0},
		{"nothing", tuitest.Builtin(t, "worked4", 0), nil, "you did not answer · ", 0},
		// Step 1 of seed 003: sign(0) = −1 under tie neg, a mistake.
		{"both", tuitest.Builtin(t, "worked4", 0), []string{"-", "y"}, "sign −1 ✓ right, mistake? yes ✓ right · ", 1},
	} {
		h := newHarness(t, c.o)
		var sent []class.Answer
		h.q.Follow(func(a class.Answer) string { sent = append(sent, a); return "" })
		h.settle()
		h.press(c.keys...)
		if !h.s.Step() { // the presenter's step, which the follower follows
			t.Fatalf("%s: no step", c.name)
		}
		h.settle()
		if v := h.q.Verdict(); !strings.HasPrefix(v, c.want) {
			t.Errorf("%s: verdict %q, want it to start %q", c.name, v, c.want)
		}
		if len(sent) != c.sent {
			t.Errorf("%s: %d answers sent, want %d: %+v", c.name, len(sent), c.sent, sent)
		}
		if full, _ := h.q.Status(); c.sent == 0 && full != "quiz score 0/0" {
			t.Errorf("%s: scored: %q", c.name, full)
		}
	}
}
