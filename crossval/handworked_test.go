package crossval_test

import (
	"context"
	"math"
	"testing"

	"kernelscope/crossval"
	"kernelscope/learn"
)

// handData is six points in the plane, worked through by hand below with
// the kernel perceptron of seed 001 ("Algorithm KernelPerceptron"):
//
//	α ← 0; repeat passes in dataset order:
//	  f(xᵢ) = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ); if mistake(f, yᵢ): αᵢ ← αᵢ + η
//	until a pass has no mistake (or the epoch cap)
//
// with K(x, z) = x·z (poly(d=1,c=0), which is x·z bit for bit), no bias and
// η = 1. With a linear kernel f(x) = w·x, w = Σⱼ αⱼ yⱼ xⱼ, which is how
// the sums are written out. k = 3 folds of 2 (KFold): {x0,x1}, {x2,x3},
// {x4,x5}; each fold trains on the other four in dataset order.
var handData = []learn.Example{
	{X1: 1, X2: 2, Y: -1},   // x0
	{X1: -1, X2: -2, Y: +1}, // x1
	{X1: -1, X2: 2, Y: +1},  // x2
	{X1: -2, X2: -1, Y: +1}, // x3
	{X1: 1, X2: -1, Y: -1},  // x4
	{X1: 1, X2: 0, Y: -1},   // x5
}

// The traces, by hand. "✗" is a mistake, "✓" not.
//
// Tie mistake (mistake iff y·f ≤ 0):
//
//	fold 1, train x2 x3 x4 x5:
//	  pass 1: x2 f=0 ✗ w=(−1,2); x3 f=2−2=0 ✗ w=(−3,1); x4 f=−3−1=−4 ✓; x5 f=−3 ✓
//	  pass 2: x2 f=3+2=5 ✓; x3 f=6−1=5 ✓; x4 f=−4 ✓; x5 f=−3 ✓  → converged, T = 8
//	  held out: x0 f=−3+2=−1 (y=−1) right; x1 f=3−2=1 (y=+1) right      → 2/2
//	fold 2, train x0 x1 x4 x5:
//	  pass 1: x0 f=0 ✗ w=(−1,−2); x1 f=1+4=5 ✓; x4 f=−1+2=1 (y=−1) ✗ w=(−2,−1); x5 f=−2 ✓
//	  pass 2: x0 f=−4 ✓; x1 f=4 ✓; x4 f=−1 ✓; x5 f=−2 ✓                 → converged, T = 8
//	  held out: x2 f=2−2=0 → a tie: wrong; x3 f=4+1=5 right             → 1/2
//	fold 3, train x0 x1 x2 x3:
//	  pass 1: x0 f=0 ✗ w=(−1,−2); x1 f=5 ✓; x2 f=1−4=−3 ✗ w=(−2,0); x3 f=4 ✓
//	  pass 2: x0 f=−2 ✓; x1 f=2 ✓; x2 f=2 ✓; x3 f=4 ✓                   → converged
//	  held out: x4 f=−2 right; x5 f=−2 right                            → 2/2
//	folds (1, 1/2, 1): mean 5/6; deviations (1/6, −1/3, 1/6), squares sum
//	to 6/36 = 1/6, over k − 1 = 2: variance 1/12, std √(1/12).
//
// Tie pos (prediction +1 iff f ≥ 0):
//
//	fold 1: pass 1: x2 f=0 → +1 ✓; x3 f=0 → +1 ✓; x4 f=0 → +1 (y=−1) ✗ w=(−1,1); x5 f=−1 ✓
//	        pass 2: x2 f=1+2=3 ✓; x3 f=2−1=1 ✓; x4 f=−2 ✓; x5 f=−1 ✓ → converged
//	        held out: x0 f=−1+2=1 → +1 wrong; x1 f=1−2=−1 → −1 wrong   → 0/2
//	fold 2: x0 f=0 → +1 ✗, then as under mistake: w=(−2,−1), converged
//	        held out: x2 f=0 → +1 = y right; x3 f=5 right               → 2/2
//	fold 3: x0 f=0 → +1 ✗, then as under mistake: w=(−2,0)            → 2/2
//	folds (0, 1, 1): mean 2/3; deviations (−2/3, 1/3, 1/3), squares sum
//	to 6/9, variance 1/3, std √(1/3).
//
// Tie neg (prediction +1 iff f > 0):
//
//	fold 1: x2 f=0 → −1 ✗; x3 f=0 → −1 ✗; then as under mistake      → 2/2
//	fold 2: pass 1: x0 f=0 → −1 ✓; x1 f=0 → −1 ✗ w=(−1,−2); x4 f=1 ✗ w=(−2,−1); x5 f=−2 ✓
//	        pass 2: x0 f=−4 ✓; x1 f=4 ✓; x4 f=−1 ✓; x5 f=−2 ✓        → converged
//	        held out: x2 f=0 → −1 wrong; x3 f=5 right                  → 1/2
//	fold 3: pass 1: x0 f=0 ✓; x1 f=0 ✗ w=(−1,−2); x2 f=−3 ✗ w=(−2,0); x3 f=4 ✓
//	        pass 2: x0 f=−2 ✓; x1 f=2 ✓; x2 f=2 ✓; x3 f=4 ✓            → converged
//	        held out: x4 f=−2 right; x5 f=−2 right                     → 2/2
//	folds (1, 1/2, 1): as under mistake.
//
// Every training run converges, so every training accuracy is 1.
func handConfig(tie learn.Tie) learn.Config {
	return learn.Config{Kernel: learn.Poly{D: 1, C: 0}, Tie: tie, Epochs: 100}
}

func TestRunHandWorked(t *testing.T) {
	// Expected values: the traces above; the tolerance 1e-12 covers the
	// rounding of 5/6 and of the square roots (a few ulps).
	const tol = 1e-12
	tests := []struct {
		tie   learn.Tie
		folds []float64
		mean  float64
		std   float64
	}{
		{learn.TieMistake, []float64{1, 0.5, 1}, 5.0 / 6, math.Sqrt(1.0 / 12)},
		{learn.TiePos, []float64{0, 1, 1}, 2.0 / 3, math.Sqrt(1.0 / 3)},
		{learn.TieNeg, []float64{1, 0.5, 1}, 5.0 / 6, math.Sqrt(1.0 / 12)},
	}
	for _, tt := range tests {
		t.Run(tt.tie.String(), func(t *testing.T) {
			rep, err := crossval.Run(context.Background(), crossval.Plan{
				Config: handConfig(tt.tie), Data: handData,
				Param: crossval.Degree, Values: []float64{1}, Folds: 3, Workers: 2,
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Param != crossval.Degree || rep.Folds != 3 || len(rep.Results) != 1 || rep.Best != 0 {
				t.Fatalf("report %+v: want one result for degree, 3 folds, best 0", rep)
			}
			r := rep.Results[0]
			if r.Value != 1 || rep.BestValue() != 1 {
				t.Errorf("value %v, best value %v; want 1", r.Value, rep.BestValue())
			}
			for f := range tt.folds {
				if math.Abs(r.Folds[f]-tt.folds[f]) > tol {
					t.Errorf("fold %d accuracy %v, want %v (by hand)", f+1, r.Folds[f], tt.folds[f])
				}
				if math.Abs(r.Train[f]-1) > tol {
					t.Errorf("fold %d training accuracy %v, want 1 (converged)", f+1, r.Train[f])
				}
			}
			if math.Abs(r.Mean-tt.mean) > tol || math.Abs(r.Std-tt.std) > tol {
				t.Errorf("mean ± std = %v ± %v, want %v ± %v (by hand)", r.Mean, r.Std, tt.mean, tt.std)
			}
			if math.Abs(r.TrainMean()-1) > tol {
				t.Errorf("TrainMean = %v, want 1", r.TrainMean())
			}
		})
	}
}

// handFold returns the training and held-out examples of fold f (0-based)
// of handData.
func handFold(t *testing.T, f int) (train, test []learn.Example) {
	t.Helper()
	folds, err := crossval.Folds(len(handData), 3, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	return crossval.Pick(handData, folds[f].Train), crossval.Pick(handData, folds[f].Test)
}

// TestFitHandWorked is fold 2 of the trace under each tie rule: the
// held-out x2 scores exactly 0.
func TestFitHandWorked(t *testing.T) {
	train, test := handFold(t, 1)
	for _, c := range []struct {
		tie  learn.Tie
		test float64
	}{
		{learn.TieMistake, 0.5}, // f(x2) = 0 is a mistake
		{learn.TiePos, 1},       // sign(0) = +1 = y
		{learn.TieNeg, 0.5},     // sign(0) = −1 ≠ y
	} {
		got, err := crossval.Fit(context.Background(), handConfig(c.tie), train, test)
		if err != nil {
			t.Fatal(err)
		}
		// Two passes of four steps, the second without a mistake.
		want := crossval.FitResult{Train: 1, Test: c.test, State: learn.Converged, Steps: 8}
		if got != want {
			t.Errorf("tie %v: Fit = %+v, want %+v", c.tie, got, want)
		}
	}

	l, err := learn.NewLearner(handConfig(learn.TieMistake), train)
	if err != nil {
		t.Fatal(err)
	}
	if err := crossval.Train(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	// w = (−2, −1): f(x2) = 2 − 2 = 0, f(x3) = 4 + 1 = 5, exactly in floats.
	scores, err := crossval.Scores(t.Context(), l, test)
	if err != nil {
		t.Fatal(err)
	}
	if scores[0] != 0 || scores[1] != 5 {
		t.Errorf("held-out scores %v, want [0 5]", scores)
	}
	if acc, err := crossval.Accuracy(t.Context(), l, test); err != nil || acc != 0.5 {
		t.Errorf("Accuracy = %v, %v; want 0.5", acc, err)
	}
	if acc, err := crossval.Accuracy(t.Context(), l, nil); err != nil || acc != 1 {
		t.Errorf("Accuracy of no points = %v, %v; want 1", acc, err)
	}
}

// TestScoresAveragedVoted checks what the averaged and voted perceptrons
// predict with, on fold 1 of the trace under tie mistake (Freund &
// Schapire 1999, as learn/averaged.go writes it). Training: step 1 a
// mistake on x2 (α = e₂, w = (−1,2)), step 2 a mistake on x3 (w = (−3,1)),
// steps 3…8 none; T = 8.
//
//	averaged: ᾱ is the mean of α after each step: ᾱ₂ = 8/8 = 1, ᾱ₃ = 7/8,
//	  w̄ = (−1,2) + 7/8·(−2,−1) = (−11/4, 9/8);
//	  f̄(x0) = −11/4 + 9/4 = −1/2, f̄(x1) = 11/4 − 9/4 = 1/2.
//	voted: vector 1 (α = 0) has c₁ = 0 (its only step was a mistake),
//	  vector 2 (w = (−1,2)) c₂ = 1, vector 3 (w = (−3,1)) c₃ = 7;
//	  V(x0) = 1·sign(−1+4) + 7·sign(−3+2) = 1 − 7 = −6, V/T = −3/4;
//	  V(x1) = 1·sign(1−4) + 7·sign(3−2) = −1 + 7 = 6, V/T = 3/4.
//
// Both get x0 (y = −1) and x1 (y = +1) right. All values are exact in
// floats (quarters and eighths).
func TestScoresAveragedVoted(t *testing.T) {
	train, test := handFold(t, 0)
	for _, c := range []struct {
		algo   string
		scores [2]float64
	}{
		{"perceptron", [2]float64{-1, 1}}, // w = (−3,1), from the trace
		{"averaged", [2]float64{-0.5, 0.5}},
		{"voted", [2]float64{-0.75, 0.75}},
	} {
		cfg := handConfig(learn.TieMistake)
		cfg.Learner = c.algo
		l, err := learn.NewLearner(cfg, train)
		if err != nil {
			t.Fatal(err)
		}
		if err := crossval.Train(context.Background(), l); err != nil {
			t.Fatal(err)
		}
		if l.T() != 8 || l.State() != learn.Converged {
			t.Fatalf("%v: T = %d, %v; want 8 steps, converged", c.algo, l.T(), l.State())
		}
		got, err := crossval.Scores(t.Context(), l, test)
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != c.scores[0] || got[1] != c.scores[1] {
			t.Errorf("%v: Scores = %v, want %v", c.algo, got, c.scores)
		}
		if acc, err := crossval.Accuracy(t.Context(), l, test); err != nil || acc != 1 {
			t.Errorf("%v: Accuracy = %v, %v; want 1", c.algo, acc, err)
		}
		if acc := crossval.TrainAccuracy(l); acc != 1 {
			t.Errorf("%v: TrainAccuracy = %v, want 1", c.algo, acc)
		}
	}
}
