package learn

import (
	"math/rand/v2"
	"testing"
)

// forgetronBenchData is n noisy two-class points: classes around (±0.6,
// ±0.3) with spread 0.6 and 10% of the labels flipped, from a fixed seed.
func forgetronBenchData(n int) []Example {
	r := rand.New(rand.NewPCG(2000, 100))
	data := make([]Example, n)
	for i := range data {
		y := 2*r.IntN(2) - 1
		x1 := 0.6*float64(y) + 0.6*r.NormFloat64()
		x2 := 0.3*float64(y) + 0.6*r.NormFloat64()
		if r.Float64() < 0.1 {
			y = -y
		}
		data[i] = Example{x1, x2, y}
	}
	return data
}

// BenchmarkForgetronPass is one pass of the Forgetron (B = 100, RBF kernel
// σ = 0.5) over 2000 noisy points, with the undo history on (each shrink
// records the B + 1 weights it scaled) as the terminal program runs it, and
// off as trace runs it.
func BenchmarkForgetronPass(b *testing.B) {
	data := forgetronBenchData(2000)
	for _, c := range []struct {
		name      string
		noHistory bool
	}{{"history", false}, {"nohistory", true}} {
		b.Run(c.name, func(b *testing.B) {
			cfg := Config{Kernel: RBF{Sigma: 0.5}, Tie: TieMistake, Epochs: 1, Learner: "forgetron",
				RunOptions: RunOptions{NoHistory: c.noHistory}, Params: NewParams("budget", float64(100))}
			b.ReportAllocs()
			mistakes := 0
			for b.Loop() {
				p, err := New(cfg, data)
				if err != nil {
					b.Fatal(err)
				}
				if err := p.Run(); err != nil {
					b.Fatal(err)
				}
				mistakes = p.Mistakes()
			}
			b.ReportMetric(float64(mistakes), "mistakes/pass")
		})
	}
}
