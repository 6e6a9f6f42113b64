package learn_test

import (
	"errors"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// BenchmarkStepN400 is one step at n = 400 (moons, noise 0.3, RBF σ = 0.5,
// as autoplay takes them: undo history kept, no narration) for the
// perceptron and for logistic regression, without and with the decay
// (λ = 0.01). The perceptron's correct steps are O(1) and its mistakes a
// kernel row; every step of logistic regression is a kernel row, the sum
// fᵢ over it and an update of the kept sums, O(n), and the decay O(1)
// (a shared scale). A learner that stops starts again (Reset), so the
// perceptron's mean covers its early passes, where the mistakes are.
func BenchmarkStepN400(b *testing.B) {
	moons, _ := datasets.Lookup("moons")
	data := datasets.Examples(moons.Generate(400, 0.3, 1))
	for _, c := range []struct {
		name   string
		cfg    learn.Config
		lambda float64
	}{
		{"perceptron", learn.Config{Learner: "perceptron"}, 0},
		{"logistic", learn.Config{Learner: "logistic"}, 0},
		{"logistic-lambda", learn.Config{Learner: "logistic"}, 0.01},
	} {
		b.Run(c.name, func(b *testing.B) {
			cfg := c.cfg
			cfg.Kernel, cfg.Tie, cfg.Epochs = learn.RBF{Sigma: 0.5}, learn.TieMistake, 1_000_000
			if c.lambda > 0 {
				cfg = cfg.With("lambda", c.lambda)
			}
			l, err := learn.NewLearner(cfg, data)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := l.Step(); errors.Is(err, learn.ErrStopped) {
					l.Reset()
				} else if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(l.Mistakes()), "mistakes")
		})
	}
}
