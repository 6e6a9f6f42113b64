package learn_test

import (
	"fmt"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// BenchmarkTrainCircles is 10 epochs on the circles dataset with the RBF
// kernel, σ = 0.5, as the headless trace runs it (no history, no narration):
// at the default noise it converges in 2 epochs; at noise 0.2 the rings
// overlap and every epoch makes hundreds of mistakes.
func BenchmarkTrainCircles(b *testing.B) {
	circles, _ := datasets.Lookup("circles")
	for _, c := range []struct {
		n     int
		noise float64
	}{{2000, circles.DefaultNoise}, {4000, circles.DefaultNoise}, {2000, 0.2}, {4000, 0.2}} {
		n := c.n
		data := datasets.Examples(circles.Generate(n, c.noise, 1))
		b.Run(fmt.Sprintf("n=%d/noise=%g", n, c.noise), func(b *testing.B) {
			var p *learn.Perceptron
			for b.Loop() {
				p, _ = learn.New(learn.Config{Kernel: learn.RBF{Sigma: 0.5}, Eta: 1, Epochs: 10, NoHistory: true}, data)
				if err := p.Run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(p.Mistakes()), "mistakes")
			b.ReportMetric(float64(len(p.SupportVectors())), "SVs")
		})
	}
}
