package learn

import (
	"math/rand/v2"
	"testing"
)

// TestAppendContinues: a point added after convergence keeps α, gets the
// score the support vectors give it, reopens training, and training then
// classifies it. Seed 003's result f(x) = (x₁ + x₂)² gives a −1 point at
// (1, 0) the score 1, a mistake; in the feature space φ(x) = (x₁², x₂²,
// √2x₁x₂) of seed 001 the five points stay separable (w = (−1, 2, 1) does),
// so training converges again.
func TestAppendContinues(t *testing.T) {
	p, _ := New(Config{Kernel: Poly{D: 2}, Tie: TieNeg, Epochs: 100}, worked4)
	fd := NewField(Rect{-2, 2, -2, 2}, 9, 7)
	p.Attach(fd)
	_ = p.Run()
	if err := p.Append(Example{1, 0, -1}); err != nil {
		t.Fatal(err)
	}
	if p.N() != 5 || p.Alpha(0) != 1 || p.Score(4) != 1 || p.State() != Running || p.CanUndo() {
		t.Fatalf("after Append: n=%d α₁=%v f(x₅)=%v state %v undo %v", p.N(), p.Alpha(0), p.Score(4), p.State(), p.CanUndo())
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if p.State() != Converged || p.Alpha(4) == 0 || p.Accuracy() != 1 {
		t.Errorf("after training on: state %v α₅=%v accuracy %v", p.State(), p.Alpha(4), p.Accuracy())
	}
	assertScoresExact(t, p, 1e-9)
	assertFieldExact(t, p, fd, 1e-9)
}

// TestAppendMidPass: with shuffle on, a point added mid-pass is visited in
// that pass, once, and every old point still once.
func TestAppendMidPass(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	for trial := range 20 {
		data := randomData(r, 15)
		p, _ := New(Config{Kernel: RBF{Sigma: 0.5}, Epochs: 50, Shuffle: trial%2 == 0, Seed: uint64(trial)}, data)
		for range 7 + 15*r.IntN(3) { // always mid-pass: 7 steps into a pass
			_, _ = p.Step()
		}
		if p.State() != Running {
			continue
		}
		epoch := p.Epoch()
		seen := map[int]int{}
		if err := p.Append(Example{r.Float64(), r.Float64(), 1}); err != nil {
			t.Fatal(err)
		}
		assertScoresExact(t, p, 1e-9)
		for p.State() == Running {
			s, _ := p.Step()
			if s.Epoch != epoch {
				break
			}
			seen[s.I]++
		}
		if seen[15] != 1 {
			t.Fatalf("trial %d: the new point was visited %d times in the pass it joined", trial, seen[15])
		}
		for i, c := range seen {
			if c > 1 {
				t.Fatalf("trial %d: example %d visited %d times in one pass", trial, i, c)
			}
		}
		if len(seen) != 15-7+1 {
			t.Fatalf("trial %d: the rest of the pass visited %d examples, want %d", trial, len(seen), 15-7+1)
		}
		assertScoresExact(t, p, 1e-9)
	}
}

func TestAppendToEmpty(t *testing.T) {
	p, _ := New(Config{Kernel: Linear{}, Bias: true, Epochs: 10}, nil)
	_ = p.Append(Example{1, 1, 1})
	_ = p.Append(Example{-1, -1, -1})
	if err := p.Run(); err != nil || p.State() != Converged || p.Accuracy() != 1 {
		t.Errorf("two appended points: err %v state %v accuracy %v", err, p.State(), p.Accuracy())
	}
	if err := p.Append(Example{0, 0, 3}); err == nil {
		t.Error("label 3 accepted")
	}
}
