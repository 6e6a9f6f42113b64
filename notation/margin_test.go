package notation

import (
	"strings"
	"testing"

	"kernelscope/learn"
)

// TestMarginWords: one margin for every learner, γ = min yᵢf(xᵢ)/‖w‖, and
// the SVM's 2/‖w‖ written as its width, never as "margin 2/‖w‖". On the
// notes' 4-point XOR example, K = (x·z)², C = 1, the SVM's one SMO pair
// gives α₃ = α₄ = ¼ and f(x) = x₁x₂: y·f = 1 at every corner, ‖w‖² =
// ¼²·4 + ¼²·4 = ½, so γ = 1/‖w‖ = √2 ≈ 1.414 and the width 2/‖w‖ = 2√2 ≈
// 2.828. The perceptron there ends at f = (x₁ + x₂)², 0 at x₂ and x₄,
// so γ = 0; before its first mistake there is no w.
func TestMarginWords(t *testing.T) {
	cfg := learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieMistake, Learner: "svm", Params: learn.NewParams("C", 1)}
	l, err := learn.NewLearner(cfg, seed003)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Run(); err != nil {
		t.Fatal(err)
	}
	got := Margin(l.(SVM))
	if want := "b = 0, margin γ = min yᵢf(xᵢ)/‖w‖ = 1.414, width 2/‖w‖ = 2.828; support vectors: 2 of 4"; !strings.HasPrefix(got, want) {
		t.Errorf("the SVM's summary %q, want it to start %q", got, want)
	}
	if strings.Contains(got, "margin 2/‖w‖") {
		t.Errorf("the width is called the margin: %q", got)
	}

	p, err := learn.New(learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg, Epochs: 100}, seed003)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := GeometricMargin(p), "margin γ: none (w = 0)"; got != want {
		t.Errorf("α = 0: %q, want %q", got, want)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if got, want := GeometricMargin(p), "margin γ = min yᵢf(xᵢ)/‖w‖ = 0"; got != want {
		t.Errorf("the perceptron: %q, want %q", got, want)
	}
}
