package learn_test

import (
	"strings"
	"testing"
	"time"

	"kernelscope/learn"
)

// TestKernelOutOfRangeEveryLearner: a kernel whose values are past what
// sums of a few can hold in float64 (1e308·rbf: K(x, x) = 1e308, and
// Kᵢᵢ + Kⱼⱼ overflows) is refused by every learner with the same kind of
// error, at once: the perceptron and its relatives on their first mistake
// (the scores would pass 1e300), the SVM before its first pair update, and
// the Nyström map when it is built. Issue 28: the SVM ran 10⁷ pair updates
// that moved nothing (86 s at n = 1000) and called the result capped, and
// nystrom:50 trained on 0 features. The bound of 10 s is a guard against
// that livelock, not a timing: the refusal takes microseconds.
func TestKernelOutOfRangeEveryLearner(t *testing.T) {
	data := circles(1000, 0.1)
	k := learn.Scaled{A: 1e308, K: learn.RBF{Sigma: 1}}
	for _, kind := range learn.Learners() {
		a := kind.Name
		t.Run(a, func(t *testing.T) {
			cfg := learn.Config{Kernel: k, Tie: learn.TieMistake, Epochs: 100, Learner: a, RunOptions: learn.RunOptions{NoHistory: true}, Params: learn.NewParams("budget", float64(10)).With("C", 1)}
			l, err := learn.NewLearner(cfg, data)
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				for {
					if _, err := l.Step(); err != nil {
						done <- err
						return
					}
				}
			}()
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("no error after 10 s of steps") // the learner is still stepping: do not read it
			}
			if err == learn.ErrStopped || !strings.Contains(err.Error(), "too large for float64") {
				t.Fatalf("after %d steps: %v; want the kernel values refused as too large for float64", l.T(), err)
			}
			if a == "svm" && (l.T() != 0 || l.Err() == nil) {
				t.Errorf("the SVM took %d steps (Err %v); want none, stopped by the error", l.T(), l.Err())
			}
			// A reset starts again into the same refusal.
			l.Reset()
			if _, err := l.Step(); err == nil || !strings.Contains(err.Error(), "too large for float64") {
				t.Errorf("the first step after Reset: %v; want the same refusal", err)
			}
		})
	}
	_, err := learn.NewApproxPerceptron(learn.Config{Kernel: k, Epochs: 100}, data, learn.Approx{Kind: learn.ApproxNystrom, D: 50})
	if err == nil || !strings.Contains(err.Error(), "approx nystrom:50: K(l1, l1) = 1e+308: kernel values past 1e+300 are too large for float64") {
		t.Errorf("nystrom:50 with 1e308·rbf: %v; want K(l1, l1) refused as too large for float64", err)
	}
}
