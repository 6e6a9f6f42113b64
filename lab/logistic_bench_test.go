package lab

import (
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// BenchmarkTakeN400 is one step as autoplay takes it (Take, quiet) at
// n = 400, moons at noise 0.3 with RBF σ = 0.5, with the field of a
// 100×30 terminal's region (62×42 lattice points) following α, for the
// perceptron and logistic regression (λ = 0 and 0.01): the learner's step
// and the field's update, which for logistic regression is a kernel row of
// the lattice at every step (its α changes at every step; the decay adds a
// scaling of the lattice) and for the perceptron at its mistakes only.
// 1/(ns/op) is the most steps a second autoplay can take, before drawing.
func BenchmarkTakeN400(b *testing.B) {
	moons, _ := datasets.Lookup("moons")
	for _, c := range []struct {
		name, learner string
		lambda        float64
	}{{"perceptron", "perceptron", 0}, {"logistic", "logistic", 0}, {"logistic-lambda", "logistic", 0.01}} {
		b.Run(c.name, func(b *testing.B) {
			o := builtin(b, "moons", 400)
			o.Noise, o.Points = 0.3, moons.Generate(400, 0.3, 1)
			o.Config.Learner, o.Config.Epochs = c.learner, 1_000_000
			o.Config.Kernel, o.Config.Tie = learn.RBF{Sigma: 0.5}, learn.TieMistake
			if c.lambda > 0 {
				o.Config = o.Config.With("lambda", c.lambda)
			}
			s := open(b, o)
			s.Resize(62, 42)
			b.ReportAllocs()
			for b.Loop() {
				if !s.Take(false) {
					s.Reset()
				}
			}
			b.ReportMetric(float64(s.Learner().Mistakes()), "mistakes")
		})
	}
}
