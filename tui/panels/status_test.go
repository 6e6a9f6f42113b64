package panels

import (
	"fmt"
	"math"
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
