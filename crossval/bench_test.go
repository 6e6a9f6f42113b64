package crossval_test

import (
	"context"
	"testing"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// BenchmarkCV is the sweep a user starts with on moons: 9 values of σ
// (geomspace 0.1…10) × 5 folds of 500 points (the set's default noise,
// seed 1), the RBF kernel perceptron with tie mistake, η = 1 and at most
// 100 epochs: 45 trainings on 400 points each. "workers=0" runs them on
// GOMAXPROCS goroutines; "workers=1" one after another, for comparison.
func BenchmarkCV(b *testing.B) {
	moons, ok := datasets.Lookup("moons")
	if !ok {
		b.Fatal("no built-in moons")
	}
	data := datasets.Examples(moons.Generate(500, moons.DefaultNoise, 1))
	for _, workers := range []int{0, 1} {
		p := crossval.Plan{
			Config: learn.Config{Kernel: learn.RBF{Sigma: 1}, Tie: learn.TieMistake, Epochs: 100},
			Data:   data, Param: crossval.Sigma, Values: crossval.Geomspace(0.1, 10, 9), Folds: 5,
			Workers: workers,
		}
		name := "workers=0"
		if workers == 1 {
			name = "workers=1"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := crossval.Run(context.Background(), p, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(p.Jobs()), "trainings/op")
		})
	}
}
