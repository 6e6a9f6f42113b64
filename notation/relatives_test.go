package notation

import (
	"testing"

	"kernelscope/learn"
)

// relLearner makes a learner of the perceptron's relatives with the linear
// kernel and tie rule neg (sign(0) = −1).
func relLearner(t *testing.T, algo string, budget int, eta float64, data []learn.Example) learn.Passer {
	t.Helper()
	l, err := learn.NewLearner(learn.Config{Kernel: learn.Linear{}, Tie: learn.TieNeg, Epochs: 2, Learner: algo, Seed: 42, Params: learn.NewParams("eta", eta).With("budget", float64(budget))}, data)
	if err != nil {
		t.Fatal(err)
	}
	return l.(learn.Passer)
}

func relStep(t *testing.T, p learn.Passer) learn.Step {
	t.Helper()
	s, err := p.Step()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestUpdateForgetronShrink: the Forgetron with B = 1 on x₁ = (1, 0) y = +1,
// x₂ = (1/2, 1) y = −1 (learn's TestForgetronByHand works it):
//
//	step 1: f(x₁) = 0 ✗, S = [(x₁, 1)], α = [1, 0]
//	step 2: f(x₂) = K₁₂ = 1/2 ✗, S overflows: r = x₁, μ = K₁₁ − K₂₁ = 1/2,
//	        a = 1 − 2·½ = 0, so φ = −c/b = (15/16)/2 = 15/32 = 0.46875;
//	        σ_r after the shrink 15/32, Q = 15/16 = 0.9375, α = [0, 15/32]
//
// Num writes 0.46875 with four significant digits, 0.4688.
func TestUpdateForgetronShrink(t *testing.T) {
	data := []learn.Example{{X1: 1, X2: 0, Y: 1}, {X1: 0.5, X2: 1, Y: -1}}
	p := relLearner(t, "forgetron", 1, 0.3, data)
	s := relStep(t, p)
	// η = 0.3 is not used: the Forgetron appends σ = 1.
	if got, want := Update(p, s), "mistake → α₁ += σ = 1, new α = [1, 0]"; got != want {
		t.Errorf("step 1:\n got %q\nwant %q", got, want)
	}
	s = relStep(t, p)
	forget := "budget 1 exceeded: forget x₁ (oldest, σ = 0.4688 after the shrink), shrink every σ by φ = 0.4688 (μ = y·f′(x₁) = 0.5; Q = 0.9375)"
	if s.Forget == nil {
		t.Fatal("step 2: no Forget")
	}
	if got := Forget(*s.Forget); got != forget {
		t.Errorf("Forget:\n got %q\nwant %q", got, forget)
	}
	// In the order it happened: the add, the shrink and the forgetting,
	// then α as they left it.
	if got, want := Update(p, s), "mistake → α₂ += σ = 1\n"+forget+", new α = [0, 0.4688]"; got != want {
		t.Errorf("step 2:\n got %q\nwant %q", got, want)
	}
	if got, want := Budget(p), "budget 1 (forgetron): 1 support vector; forgotten: x₁\n"; got != want {
		t.Errorf("Budget:\n got %q\nwant %q", got, want)
	}

	// With more than AllTermsUpTo examples the update names α₂ alone. The
	// seven more points come later in the pass, so steps 1 and 2 are the same.
	for k := range 7 {
		data = append(data, learn.Example{X1: float64(k), X2: 3, Y: 1})
	}
	p = relLearner(t, "forgetron", 1, 1, data)
	relStep(t, p)
	s = relStep(t, p)
	if got, want := Update(p, s), "mistake → α₂ += σ = 1\n"+forget+", new α₂ = 0.4688"; got != want {
		t.Errorf("n = 9, step 2:\n got %q\nwant %q", got, want)
	}
}

// TestUpdateBudgetRemoval: the budget perceptron with B = 1 and η = 0.5 on
// x₁ = (1, 0) y = +1, x₂ = (1, 1) y = −1:
//
//	step 1: f(x₁) = 0 → −1 ✗, α = [0.5, 0]
//	step 2: f(x₂) = 0.5·K₁₂ = 0.5 → +1 ✗; one support vector, the budget is
//	        full: the draw among one forgets x₁ (α₁ 0.5 → 0), then α₂ = 0.5
//
// and the text says so in that order: the forget, then the add.
func TestUpdateBudgetRemoval(t *testing.T) {
	data := []learn.Example{{X1: 1, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: -1}}
	p := relLearner(t, "budget", 1, 0.5, data)
	s := relStep(t, p)
	if got, want := Update(p, s), "mistake → α₁ += 0.5, new α = [0.5, 0]"; got != want {
		t.Errorf("step 1:\n got %q\nwant %q", got, want)
	}
	s = relStep(t, p)
	forget := "budget 1 full: forget x₁ (drawn at random), α₁ 0.5 → 0"
	if s.Forget == nil || Forget(*s.Forget) != forget {
		t.Fatalf("step 2: Forget %+v, want %q", s.Forget, forget)
	}
	if got, want := Update(p, s), "mistake → "+forget+"\nthen α₂ += 0.5, new α = [0, 0.5]"; got != want {
		t.Errorf("step 2:\n got %q\nwant %q", got, want)
	}
	if got, want := Budget(p), "budget 1 (budget): 1 support vector; forgotten: x₁\n"; got != want {
		t.Errorf("Budget:\n got %q\nwant %q", got, want)
	}
}

// TestUpdateStoptronFreeze: the stoptron with B = 2 on x₁ = (1, 0) y = +1,
// x₂ = (1, 1) y = −1, x₃ = (0, 1) y = +1 (learn's TestStoptronByHand):
// steps 1 and 2 are mistakes that fill the budget; step 3, f(x₃) =
// K₁₃ − K₂₃ = −1 ✗, changes nothing. With B = 1 step 2 is already frozen.
func TestUpdateStoptronFreeze(t *testing.T) {
	data := []learn.Example{{X1: 1, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: -1}, {X1: 0, X2: 1, Y: 1}}
	p := relLearner(t, "stoptron", 2, 1, data)
	if got, want := Update(p, relStep(t, p)), "mistake → α₁ += 1, new α = [1, 0, 0]"; got != want {
		t.Errorf("step 1:\n got %q\nwant %q", got, want)
	}
	if got, want := Update(p, relStep(t, p)), "mistake → α₂ += 1, new α = [1, 1, 0]"; got != want {
		t.Errorf("step 2:\n got %q\nwant %q", got, want)
	}
	if got, want := Update(p, relStep(t, p)), "mistake, but the budget of 2 support vectors is full: the stoptron has stopped, α stays"; got != want {
		t.Errorf("step 3:\n got %q\nwant %q", got, want)
	}
	if got, want := Budget(p), "budget 2 (stoptron): 2 support vectors; full, so α stopped changing\n"; got != want {
		t.Errorf("Budget:\n got %q\nwant %q", got, want)
	}

	p = relLearner(t, "stoptron", 1, 1, data)
	relStep(t, p)
	if got, want := Update(p, relStep(t, p)), "mistake, but the budget of 1 support vector is full: the stoptron has stopped, α stays"; got != want {
		t.Errorf("B = 1, step 2:\n got %q\nwant %q", got, want)
	}
}
