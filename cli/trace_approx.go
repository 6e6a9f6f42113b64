package cli

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/setup"
)

// traceApprox trains the primal perceptron on approximate features (--approx
// rff:D or nystrom:m: learn.ApproxPerceptron) and writes the summary object,
// with the approximation and its dimension. Only --format summary: the
// steps' sums are w·z(xᵢ) over D features, not the notes' Σⱼ αⱼ yⱼ K(xⱼ, xᵢ).
func traceApprox(stdout io.Writer, s *lab.Options, f traceFormat, spec string) error {
	a, err := learn.ParseApprox(spec)
	if err != nil {
		return setup.Usagef("--approx: %v", err)
	}
	if f.name != "summary" {
		return setup.Usagef("--approx %s trains in the primal on random or Nyström features, where a step's sum is w·z(xᵢ), not the notes' Σⱼ αⱼ yⱼ K(xⱼ, xᵢ): it writes only --format summary", a)
	}
	if name := s.Config.Kind().Name; name != learn.DefaultLearner {
		return setup.Usagef("--approx %s trains the perceptron only, not the %s", a, name)
	}
	if fit := learn.ApproxFor(s.Config.Kernel, a.D); fit.Kind != a.Kind && a.Kind == learn.ApproxRFF {
		return setup.Usagef("--approx %s: random Fourier features need the RBF kernel rbf(sigma=…), not %s; for this kernel use --approx %s (Nyström landmarks work for any positive semi-definite kernel)", a, s.Config.Kernel.Spec(), fit)
	}
	train, test := s.Split()
	defer quietGC(0, len(train))()
	p, err := learn.NewApproxPerceptron(s.Config, datasets.Examples(train), a)
	if err != nil {
		return err
	}
	if err := p.Run(); err != nil {
		return err
	}
	w := bufio.NewWriterSize(stdout, 1<<16)
	alpha := make([]float64, p.N())
	svs := []int{}
	for i := range alpha {
		if alpha[i] = p.Alpha(i); alpha[i] > 0 {
			svs = append(svs, i+1)
		}
	}
	o := jsonObject{{"done", true}, {"converged", p.State() == learn.Converged}, {"epochs", p.Epoch()},
		{"steps", p.T()}, {"mistakes", p.Mistakes()}, {"approx", a.String()}, {"dim", p.Map().Dim()},
		{"alpha", jnums(alpha)}, {"support_vectors", svs}, {"accuracy", jnum(p.Accuracy())}}
	if len(test) > 0 {
		right := 0
		for _, e := range datasets.Examples(test) {
			if _, mistake := s.Config.Tie.Predict(p.Decide(e.X1, e.X2), e.Y); !mistake {
				right++
			}
		}
		o = append(o, jsonField{"n_test", len(test)}, jsonField{"test_accuracy", jnum(float64(right) / float64(len(test)))})
	}
	if err := writeJSONLine(w, o); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	return nil
}

// quietGC turns the collector off up to a memory limit for a headless run
// that allocates little but its kernel rows (bounded by rowBytes, the row
// cache's budget) and per-example slices: collections would only scan the
// same live heap again and again (1.5 to 4 ms of a 10 ms run at n = 2000).
// The limit keeps memory bounded: past it the collector runs as usual. It
// returns the function that restores the settings.
func quietGC(rowBytes int64, n int) (restore func()) {
	limit := rowBytes + 64<<20 + 512*int64(n)
	gc := debug.SetGCPercent(-1)
	mem := debug.SetMemoryLimit(limit)
	return func() {
		debug.SetGCPercent(gc)
		debug.SetMemoryLimit(mem)
	}
}
