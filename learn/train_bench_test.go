package learn_test

import (
	"fmt"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// BenchmarkTrainCircles is 10 epochs on the circles dataset with the RBF
// kernel, σ = 0.5, as the headless trace runs it (no history, no narration).
func BenchmarkTrainCircles(b *testing.B) {
	circles, _ := datasets.Lookup("circles")
	for _, n := range []int{2000, 4000} {
		data := datasets.Examples(circles.Generate(n, circles.DefaultNoise, 1))
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
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
