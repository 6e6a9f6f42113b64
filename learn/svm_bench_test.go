package learn_test

import (
	"strconv"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// BenchmarkSMO trains the SVM to the default tolerance 1e-3 on circles
// (seed 1, the default noise 0.05) with RBF σ = 0.5 and C = 1, headless (no
// narration, no undo), as `kernelscope svm` does: the benchmark,
// set against scikit-learn's SVC (LIBSVM) in docs/bench/svm.md.
func BenchmarkSMO(b *testing.B) {
	circles, _ := datasets.Lookup("circles")
	for _, n := range []int{1000, 2000, 4000} {
		data := datasets.Examples(circles.Generate(n, circles.DefaultNoise, 1))
		cfg := learn.Config{Kernel: learn.RBF{Sigma: 0.5}, Tie: learn.TieMistake, Learner: "svm", Params: learn.NewParams("C", 1)}
		cfg.NoHistory = true
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			var s *learn.SVM
			for b.Loop() {
				var err error
				s, err = learn.NewSVM(cfg, data)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.Run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(s.T()), "iter")
			b.ReportMetric(float64(len(s.SupportVectors())), "SV")
			b.ReportMetric(float64(learn.SVMRowsComputed(s)), "rows")
		})
	}
}
