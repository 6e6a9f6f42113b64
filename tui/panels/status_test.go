package panels

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/player"
)

// statusOf is the status line of s, with a player of its own.
func statusOf(s *lab.Session) *StatusView {
	return &StatusView{S: s, Th: theme(), Player: player.New(s)}
}

// TestStatusGoldens: the status line alone: seed 003's example converged,
// the SVM solved on circles, and moons with 30 rows held out; one line
// wide, wrapped to two and to three.
func TestStatusGoldens(t *testing.T) {
	t.Parallel()
	golden(t, "status_worked4", statusOf(trained(t, tuitest.Builtin(t, "worked4", 0), -1)), [2]int{200, 1}, [2]int{120, 2}, [2]int{60, 3})
	golden(t, "status_svm", statusOf(trained(t, svmOptions(t, "circles", 0), -1)), [2]int{120, 2}, [2]int{60, 3})
	golden(t, "status_holdout", statusOf(trained(t, split(t), 100)), [2]int{120, 2}, [2]int{60, 3})
}

// TestStatusPerceptron: the perceptron's counters are the learner's: the
// pass and step, the mistakes in this pass and in all, the support
// vectors, the accuracy, the state, then what the player does (or the
// quiz's score in its place), and the note of comparison mode first.
func TestStatusPerceptron(t *testing.T) {
	t.Parallel()
	s := trained(t, tuitest.Builtin(t, "moons", 0), 150)
	v := statusOf(s)
	p, ps := s.Learner(), s.Passer()
	for _, want := range []string{
		"moons n=100 noise=0.1 seed=1 │ perceptron │ K=rbf(sigma=0.5) │ bias off │ tie mistake │ ",
		fmt.Sprintf("│ pass %d, step 150 │ mistakes: %d this pass, %d in all │ SV %d/100 │ accuracy %.0f%% │ training │ paused (p plays at 10/s)",
			ps.Epoch(), ps.EpochMistakes(), p.Mistakes(), len(p.SupportVectors()), s.Accuracy()),
	} {
		if line := ansi.Strip(v.Line()); !strings.Contains(line, want) {
			t.Errorf("the status line lacks %q:\n%s", want, line)
		}
	}
	v.Quiz = "quiz: 2/3"
	if line := ansi.Strip(v.Line()); !strings.HasSuffix(line, "│ training │ quiz: 2/3") {
		t.Errorf("the quiz's score: %s", line)
	}
	v.Quiz, v.Note = "", "comparing a vs b"
	if line := ansi.Strip(v.Line()); !strings.HasPrefix(line, "comparing a vs b │ moons n=100 noise=0.1 seed=1 │ K=rbf(sigma=0.5) │ bias off │ tie mistake │ paused") {
		t.Errorf("comparison mode: %s", line)
	}
	for s.Step() {
	}
	if line := ansi.Strip(statusOf(s).Line()); !strings.Contains(line, "│ converged ✓ after "+notation.Passes(ps.Epoch())+" │") {
		t.Errorf("converged: %s", line)
	}
}

// TestStatusHoldout: with rows held out the data says n = 70 + 30 test,
// and the accuracy is on both parts, the test's counted by the session.
func TestStatusHoldout(t *testing.T) {
	t.Parallel()
	s := trained(t, split(t), 100)
	test, ok := s.TestAccuracy()
	if !ok {
		t.Fatal("no test accuracy")
	}
	line := ansi.Strip(statusOf(s).Line())
	for _, want := range []string{"moons n=70+30 test noise=0.1 seed=1 │", fmt.Sprintf("│ accuracy: train %.0f%% · test %.0f%% │", s.Accuracy(), 100*test)} {
		if !strings.Contains(line, want) {
			t.Errorf("the status line lacks %q:\n%s", want, line)
		}
	}
}

// TestStatusSVM: the SVM's counters: the iteration, the gap m − M against
// the tolerance, D(α), the support vectors free and at C, the margin, the
// accuracy and the state; stopped, the reason.
func TestStatusSVM(t *testing.T) {
	t.Parallel()
	s := trained(t, svmOptions(t, "circles", 0), -1)
	sv := s.SMO()
	free, bound := s.SVCounts()
	want := fmt.Sprintf("│ iteration %d │ m − M = %s ≤ tol 0.001 │ D(α) = %s │ SV %d/%d: %d free, %d at C │ margin γ = min yᵢf(xᵢ)/‖w‖ = ",
		sv.T(), learn.Num(sv.Gap()), learn.Num(sv.Objective()), len(sv.SupportVectors()), sv.N(), free, bound)
	line := ansi.Strip(statusOf(s).Line())
	if !strings.Contains(line, want) || !strings.Contains(line, "│ width 2/‖w‖ = ") || !strings.Contains(line, "│ converged ✓ after "+notation.Iterations(sv.T())+" │ paused") {
		t.Errorf("the status line lacks %q or the state:\n%s", want, line)
	}

	// xor with a linear kernel and C = ∞ has no separating line.
	o := svmOptions(t, "xor", math.Inf(1))
	o.Config.Kernel = learn.Linear{}
	if line := ansi.Strip(statusOf(trained(t, o, -1)).Line()); !strings.Contains(line, "│ stopped: not separable with this kernel │") {
		t.Errorf("xor, linear, C = ∞: %s", line)
	}
	// 1e308·rbf: K(x₁, x₁) is too large, and nothing moves.
	o = svmOptions(t, "moons", 0)
	o.Config.Kernel = learn.Scaled{A: 1e308, K: learn.RBF{Sigma: 1}}
	line = ansi.Strip(statusOf(trained(t, o, -1)).Line())
	for _, want := range []string{"│ iteration 0 │ m − M = 2 > tol 0.001 │ D(α) = 0 │ SV 0/100: 0 free, 0 at C │", "│ stopped: numerical error │"} {
		if !strings.Contains(line, want) {
			t.Errorf("1e308·rbf: the status line lacks %q:\n%s", want, line)
		}
	}
}

// TestStatusAnySize: the status draws exactly its size.
func TestStatusAnySize(t *testing.T) {
	t.Parallel()
	fitsEverySize(t, "the status line", statusOf(trained(t, split(t), 100)), 100, 4)
	fitsEverySize(t, "the SVM's status line", statusOf(trained(t, svmOptions(t, "circles", 0), -1)), 100, 4)
}

// averagedXor is the averaged perceptron on xor, 40 points, n steps in.
func averagedXor(t *testing.T, n int) *lab.Session {
	o := tuitest.Builtin(t, "xor", 40)
	o.Config.Learner = "averaged"
	return trained(t, o, n)
}

// lines is v drawn at w×h, colours stripped and padding trimmed.
func lines(v *StatusView, w, h int) []string {
	v.SetSize(w, h)
	var out []string
	for _, l := range strings.Split(ansi.Strip(v.View()), "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}

// TestStatusClassShortForms: in a class's quiz with the averaged
// perceptron (issue 33), the fields that must show need a third line: a
// presenter's at 100 columns once anyone answered (the tally is longer
// then), a follower's at 60. They take their short forms, and none is left
// out: the presenter keeps the tally, the follower the accuracy.
func TestStatusClassShortForms(t *testing.T) {
	t.Parallel()
	p := statusOf(averagedXor(t, 0))
	p.Class, p.ClassShort = "presenting · 2 watching", "presenting · 2"
	p.Quiz, p.QuizShort = "quiz: answered 1/2 · 100% right, not yet revealed", "quiz 1/2 · 100% ✓"
	want := []string{
		"presenting · 2 watching │ xor n=40 │ averaged perceptron │ K=poly(d=2,c=1) │ pass 0, step 0",
		"accuracy: final 0% · average 0% · vote 0% │ training │ quiz 1/2 · 100% ✓",
	}
	if got := lines(p, 100, 2); !slices.Equal(got, want) {
		t.Errorf("the presenter's status at 100×2:\n got %q\nwant %q", got, want)
	}

	f := statusOf(averagedXor(t, 1))
	f.Class, f.ClassShort, f.Following = "following lecturer · 2 watching", "following lecturer", true
	f.Quiz, f.QuizShort = "quiz score 1/1 (mistake 1/1)", "quiz 1/1"
	want = []string{
		"following lecturer │ xor n=40 │ averaged │ pass 1, step 1",
		"acc: final 50% · avg 50% · vote 50% │ training │ quiz 1/1",
	}
	if got := lines(f, 60, 2); !slices.Equal(got, want) {
		t.Errorf("the follower's status at 60×2:\n got %q\nwant %q", got, want)
	}
	// Off the quiz, the class's short form is enough for the rest to
	// stay whole.
	f.Quiz, f.QuizShort = "", ""
	want = []string{
		"following lecturer │ averaged perceptron │ pass 1, step 1",
		"accuracy: final 50% · average 50% · vote 50% │ training",
	}
	if got := lines(f, 60, 2); !slices.Equal(got, want) {
		t.Errorf("the follower's status at 60×2 off the quiz:\n got %q\nwant %q", got, want)
	}
}

// TestStatusShortForms: every field that must show has a short form no
// wider than it (and each next one no wider than the one before), in
// every state of the learners and the program, and the short forms say
// the same thing in fewer words.
func TestStatusShortForms(t *testing.T) {
	t.Parallel()
	xorSVM := svmOptions(t, "xor", math.Inf(1))
	xorSVM.Config.Kernel = learn.Linear{}
	views := map[string]*StatusView{
		"worked4, training":  statusOf(trained(t, tuitest.Builtin(t, "worked4", 0), 3)),
		"worked4, converged": statusOf(trained(t, tuitest.Builtin(t, "worked4", 0), -1)),
		"moons, held out":    statusOf(trained(t, split(t), 100)),
		"averaged":           statusOf(averagedXor(t, 5)),
		"svm, converged":     statusOf(trained(t, svmOptions(t, "circles", 0), -1)),
		"svm, not separable": statusOf(trained(t, xorSVM, -1)),
	}
	class := statusOf(averagedXor(t, 0))
	class.Class, class.ClassShort, class.Rec = "on your own — j rejoins the lecture", "on your own (j rejoins)", true
	class.Quiz, class.QuizShort = "quiz score 0/0", "quiz 0/0"
	views["a class, recording"] = class
	note := statusOf(trained(t, tuitest.Builtin(t, "moons", 0), 10))
	note.Note = "comparing perceptron vs SVM C = 1 (| ends it, L compares kernels)"
	views["comparing"] = note

	shorts := map[string]string{}
	for name, v := range views {
		for _, f := range v.Fields() {
			if f.Rank != rankMust {
				continue
			}
			text := ansi.Strip(f.Text)
			if len(f.Short) == 0 {
				t.Errorf("%s: %q has no short form", name, text)
				continue
			}
			wider := text
			for _, short := range f.Short {
				if short = ansi.Strip(short); short == "" || ansi.StringWidth(short) > ansi.StringWidth(wider) {
					t.Errorf("%s: %q has the short form %q after %q", name, text, short, wider)
				}
				wider = ansi.Strip(short)
			}
			shorts[text] = ansi.Strip(f.Short[0])
		}
	}
	s := views["worked4, converged"].S
	for text, want := range map[string]string{
		fmt.Sprintf("pass %d, step %d", s.Passer().Epoch(), s.Learner().T()): fmt.Sprintf("step %d", s.Learner().T()),
		"accuracy 100%": "acc 100%",
		"converged ✓ after " + notation.Passes(s.Passer().Epoch()): "converged ✓",
		"averaged perceptron":                     "averaged",
		"stopped: not separable with this kernel": "not separable",
		"on your own — j rejoins the lecture":     "on your own (j rejoins)",
		"quiz score 0/0":                          "quiz 0/0",
		"● REC":                                   "● REC",
		"comparing perceptron vs SVM C = 1 (| ends it, L compares kernels)": "comparing perceptron vs SVM C = 1",
	} {
		if got, ok := shorts[text]; !ok || got != want {
			t.Errorf("the short form of %q: %q (found %v), want %q", text, got, ok, want)
		}
	}
	h := views["moons, held out"].S
	test, _ := h.TestAccuracy()
	full := fmt.Sprintf("accuracy: train %.0f%% · test %.0f%%", h.Accuracy(), 100*test)
	if got, want := shorts[full], fmt.Sprintf("acc %.0f%% · test %.0f%%", h.Accuracy(), 100*test); got != want {
		t.Errorf("the short form of %q: %q, want %q", full, got, want)
	}
	if sv := views["svm, converged"].S.SMO(); shorts[fmt.Sprintf("iteration %d", sv.T())] != fmt.Sprintf("iter %d", sv.T()) {
		t.Errorf("the SVM's iteration: %q", shorts[fmt.Sprintf("iteration %d", sv.T())])
	}

	// The averaged and voted perceptrons' accuracy: the three
	// classifiers' in short, then the learner's own classifier's alone
	// (with rows held out, the test's is that classifier's too).
	voted := split(t)
	voted.Config.Learner = "voted"
	vs := trained(t, voted, 30)
	a, vote := vs.Averaging(), statusOf(vs)
	test, _ = vs.TestAccuracy()
	three := fmt.Sprintf("final %.0f%% · avg %.0f%% · vote %.0f%%", 100*a.Accuracy(), 100*a.AveragedAccuracy(), 100*a.VotedAccuracy())
	want := []string{
		fmt.Sprintf("acc: %s · test (vote) %.0f%%", three, 100*test),
		fmt.Sprintf("acc: vote %.0f%% · test %.0f%%", 100*a.VotedAccuracy(), 100*test),
	}
	found := false
	for _, f := range vote.Fields() {
		if strings.HasPrefix(f.Text, "accuracy: final ") {
			found = true
			if !slices.Equal(f.Short, want) {
				t.Errorf("the voted perceptron's accuracy %q: short forms %q, want %q", f.Text, f.Short, want)
			}
		}
	}
	if !found {
		t.Errorf("no accuracy of the voted perceptron: %q", vote.Line())
	}
}
