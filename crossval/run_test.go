package crossval_test

import (
	"context"
	"errors"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"kernelscope/crossval"
	"kernelscope/learn"
)

// TestRunWorkersGiveTheSameReport runs each plan with one worker and with
// several, and wants the very same Report (reflect.DeepEqual: every fold
// accuracy bit for bit): each training depends only on its value and its
// fold, never on what ran beside it.
func TestRunWorkersGiveTheSameReport(t *testing.T) {
	data := moons(t, 80, 0.25, 2)
	rbf := learn.RBF{Sigma: 0.5}
	sigmas := []float64{0.2, 0.5, 1, 3}
	perceptron := learn.Config{Kernel: rbf, Tie: learn.TieMistake, Epochs: 30}
	with := func(f func(*learn.Config)) learn.Config {
		c := perceptron
		f(&c)
		return c
	}
	plans := map[string]crossval.Plan{
		"perceptron": {Config: perceptron, Param: crossval.Sigma, Values: sigmas, Folds: 5},
		"perceptron shuffled": {Config: with(func(c *learn.Config) { c.Shuffle, c.Seed, c.Tie = true, 9, learn.TiePos }),
			Param: crossval.Sigma, Values: sigmas, Folds: 4, ShuffleFolds: true, Seed: 5},
		"perceptron row cache": {Config: with(func(c *learn.Config) { c.RowCacheBytes = 3 * 8 * 64 }),
			Param: crossval.Sigma, Values: sigmas, Folds: 5},
		"svm C": {Config: with(func(c *learn.Config) { c.Learner = "svm" }),
			Param: crossval.C, Values: []float64{0.1, 1, 10, math.Inf(1)}, Folds: 4},
		"svm sigma": {Config: with(func(c *learn.Config) { *c = c.With("C", 5); c.Learner = "svm" }),
			Param: crossval.Sigma, Values: sigmas, Folds: 3},
		"averaged": {Config: with(func(c *learn.Config) { c.Learner = "averaged" }),
			Param: crossval.Sigma, Values: sigmas, Folds: 5},
		"voted": {Config: with(func(c *learn.Config) { c.Learner = "voted" }),
			Param: crossval.Sigma, Values: sigmas, Folds: 5},
		"forgetron": {Config: with(func(c *learn.Config) { *c = c.With("budget", 8); c.Learner = "forgetron" }),
			Param: crossval.Sigma, Values: sigmas, Folds: 5},
		"stoptron": {Config: with(func(c *learn.Config) { *c = c.With("budget", 8); c.Learner = "stoptron" }),
			Param: crossval.Sigma, Values: sigmas, Folds: 5},
		"budget": {Config: with(func(c *learn.Config) { *c = c.With("budget", 8); c.Learner, c.Seed = "budget", 4 }),
			Param: crossval.Sigma, Values: sigmas, Folds: 5},
		"poly degree": {Config: with(func(c *learn.Config) { c.Kernel, c.Bias = learn.Poly{D: 2, C: 1}, true }),
			Param: crossval.Degree, Values: []float64{3, 1, 2}, Folds: 4},
	}
	for name, p := range plans {
		t.Run(name, func(t *testing.T) {
			p.Data = data
			p.Workers = 1
			var calls []int
			want, err := crossval.Run(context.Background(), p, func(done, total int) {
				if total != p.Jobs() {
					t.Errorf("progress total %d, want %d", total, p.Jobs())
				}
				calls = append(calls, done)
			})
			if err != nil {
				t.Fatal(err)
			}
			for k, d := range calls {
				if d != k+1 {
					t.Fatalf("progress calls %v, want 1…%d", calls, p.Jobs())
				}
			}
			if len(calls) != p.Jobs() {
				t.Errorf("%d progress calls, want %d", len(calls), p.Jobs())
			}
			for _, w := range []int{2, 4, 0, 64} {
				p.Workers = w
				got, err := crossval.Run(context.Background(), p, nil)
				if err != nil {
					t.Fatalf("workers %d: %v", w, err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("workers %d: report\n%+v\nwant (workers 1)\n%+v", w, got, want)
				}
			}
		})
	}
}

// waitGoroutines waits until at most n goroutines run, and fails if they
// never settle: a leaked worker would keep the count up for good.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	for range 500 {
		if runtime.NumGoroutine() <= n {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	t.Fatalf("%d goroutines still run, want at most %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
}

func bigPlan(t *testing.T, workers int) crossval.Plan {
	return crossval.Plan{
		Config: learn.Config{Kernel: learn.RBF{Sigma: 0.5}, Epochs: 50},
		Data:   moons(t, 60, 0.3, 3), Param: crossval.Sigma,
		Values: crossval.Geomspace(0.05, 20, 100), Folds: 10, Workers: workers,
	}
}

func TestRunCancelledBefore(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	rep, err := crossval.Run(ctx, bigPlan(t, 2), func(int, int) { calls++ })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if !reflect.DeepEqual(rep, crossval.Report{}) {
		t.Errorf("report %+v, want none", rep)
	}
	// A training that starts on a done context fails before its first step.
	if calls != 0 {
		t.Errorf("%d trainings finished on a cancelled context", calls)
	}
	waitGoroutines(t, before)
}

// TestRunCancelledFromProgress cancels after the third training of 1000.
// Trainings that start after that fail at their first step, so at most one
// per worker (the ones under way) can still finish, and Run comes back
// without the other ~1000.
func TestRunCancelledFromProgress(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		p := bigPlan(t, workers)
		rep, err := crossval.Run(ctx, p, func(done, total int) {
			calls++
			if done == 3 {
				cancel()
			}
		})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("workers %d: error %v, want context.Canceled", workers, err)
		}
		if !reflect.DeepEqual(rep, crossval.Report{}) {
			t.Errorf("workers %d: report %+v, want none", workers, rep)
		}
		if calls < 3 || calls > 3+workers {
			t.Errorf("workers %d: %d of %d trainings finished, want 3 to %d", workers, calls, p.Jobs(), 3+workers)
		}
		waitGoroutines(t, before)
	}
}

func TestRunDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	_, err := crossval.Run(ctx, bigPlan(t, 2), nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v, want context.DeadlineExceeded", err)
	}
}

// conflicting has each point twice with both labels: no function of any
// kernel separates it, so the hard-margin SVM (C = ∞) stops with
// learn.ErrNotSeparable on every fold (2 folds: each trains on one pair).
var conflicting = []learn.Example{
	{X1: 0, X2: 0, Y: 1}, {X1: 0, X2: 0, Y: -1},
	{X1: 1, X2: 1, Y: 1}, {X1: 1, X2: 1, Y: -1},
}

func TestRunTrainingError(t *testing.T) {
	before := runtime.NumGoroutine()
	p := crossval.Plan{
		Config: learn.Config{Kernel: learn.Linear{}, Learner: "svm"},
		Data:   conflicting, Param: crossval.C, Values: []float64{1, math.Inf(1)}, Folds: 2, Workers: 1,
	}
	calls := 0
	rep, err := crossval.Run(context.Background(), p, func(int, int) { calls++ })
	if !errors.Is(err, learn.ErrNotSeparable) {
		t.Fatalf("error %v, want learn.ErrNotSeparable", err)
	}
	// One worker takes the jobs in order: C = 1 on both folds, then
	// C = ∞ on fold 1 fails first.
	if want := "C = +Inf, fold 1: "; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q, want it to start with %q", err, want)
	}
	if !reflect.DeepEqual(rep, crossval.Report{}) {
		t.Errorf("report %+v, want none", rep)
	}
	if calls != 2 {
		t.Errorf("%d progress calls, want 2 (C = 1, both folds)", calls)
	}
	// In parallel the first error to come back names its own fold.
	p.Workers = 4
	_, err = crossval.Run(context.Background(), p, nil)
	if !errors.Is(err, learn.ErrNotSeparable) || !strings.HasPrefix(err.Error(), "C = +Inf, fold ") {
		t.Errorf("workers 4: error %v, want C = +Inf, fold …: learn.ErrNotSeparable", err)
	}
	waitGoroutines(t, before)
}

func TestRunPlanErrors(t *testing.T) {
	data := moons(t, 20, 0.1, 1)
	ok := crossval.Plan{Config: learn.Config{Kernel: learn.RBF{Sigma: 1}, Epochs: 5},
		Data: data, Param: crossval.Sigma, Values: []float64{1}, Folds: 5}
	if err := ok.Check(); err != nil {
		t.Fatalf("Check of a good plan: %v", err)
	}
	tests := []struct {
		name string
		edit func(*crossval.Plan)
		want string
	}{
		{"no values", func(p *crossval.Plan) { p.Values = nil }, "no values"},
		{"sigma on poly", func(p *crossval.Plan) { p.Config.Kernel = learn.Poly{D: 2, C: 1} }, "has no sigma"},
		{"C on the perceptron", func(p *crossval.Plan) { p.Param = crossval.C }, "use --algo svm"},
		{"sigma 0", func(p *crossval.Plan) { p.Values = []float64{1, 0} }, "sigma must be at least"},
		{"one fold", func(p *crossval.Plan) { p.Folds = 1 }, "at least 2 folds"},
		{"more folds than examples", func(p *crossval.Plan) { p.Folds = 21 }, "21 folds need at least 21 examples"},
	}
	for _, tt := range tests {
		p := ok
		tt.edit(&p)
		err := p.Check()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check = %v, want an error containing %q", tt.name, err, tt.want)
		}
		called := false
		rep, runErr := crossval.Run(context.Background(), p, func(int, int) { called = true })
		if runErr == nil || runErr.Error() != err.Error() || called || !reflect.DeepEqual(rep, crossval.Report{}) {
			t.Errorf("%s: Run = %+v, %v (progress called: %v); want Check's error and nothing run", tt.name, rep, runErr, called)
		}
	}
	// A learner that cannot be made fails its training, with value and fold.
	p := ok
	p.Config = p.Config.With("eta", 0)
	if _, err := crossval.Run(context.Background(), p, nil); err == nil || !strings.HasPrefix(err.Error(), "sigma = 1, fold ") {
		t.Errorf("η = 0: error %v, want one naming sigma = 1 and a fold", err)
	}
}

// twoClusters is six points near (4, 4) labelled +1 and six near (−4, −4)
// labelled −1: every σ below gives a perceptron that gets every held-out
// point right (the other cluster's kernel values are below e⁻⁸ for σ ≤ 3,
// while a point's own cluster gives more than e⁻¹), so every fold
// accuracy is 1, every mean 1 and every std exactly 0.
var twoClusters = func() []learn.Example {
	var out []learn.Example
	for k := range 6 {
		dx, dy := float64(k%3)*0.5, float64(k/3)*0.5
		out = append(out, learn.Example{X1: 4 + dx, X2: 4 - dy, Y: 1}, learn.Example{X1: -4 - dx, X2: -4 + dy, Y: -1})
	}
	return out
}()

func TestRunBestTiesGoToTheSmallerValue(t *testing.T) {
	for _, values := range [][]float64{{3, 1, 2}, {2, 3, 1}, {1, 2, 3}, {3, 2, 1}} {
		rep, err := crossval.Run(context.Background(), crossval.Plan{
			Config: learn.Config{Kernel: learn.RBF{Sigma: 1}, Epochs: 20},
			Data:   twoClusters, Param: crossval.Sigma, Values: values, Folds: 4,
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rep.Results {
			if r.Mean != 1 || r.Std != 0 {
				t.Fatalf("sigma %v: %v ± %v (folds %v), want 1 ± 0", r.Value, r.Mean, r.Std, r.Folds)
			}
		}
		if rep.BestValue() != 1 || rep.Results[rep.Best].Value != 1 {
			t.Errorf("values %v: best %v (index %d), want 1, the smallest of the tied", values, rep.BestValue(), rep.Best)
		}
	}
}

// TestRunBestIsTheHighestMean checks Best against the rule applied by hand
// to the report's own means (highest mean; equal means to the smaller
// value), on a sweep whose means differ.
func TestRunBestIsTheHighestMean(t *testing.T) {
	values := []float64{2, 0.1, 0.5, 1, 5, 0.2}
	rep, err := crossval.Run(context.Background(), crossval.Plan{
		Config: learn.Config{Kernel: learn.RBF{Sigma: 1}, Epochs: 30},
		Data:   moons(t, 60, 0.3, 7), Param: crossval.Sigma, Values: values, Folds: 5,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	best := 0
	distinct := map[float64]bool{}
	for v, r := range rep.Results {
		distinct[r.Mean] = true
		b := rep.Results[best]
		if r.Mean > b.Mean+1e-12 || (math.Abs(r.Mean-b.Mean) <= 1e-12 && r.Value < b.Value) {
			best = v
		}
	}
	if len(distinct) < 2 {
		t.Fatalf("every mean is the same (%v): the sweep does not test the choice", rep.Results[0].Mean)
	}
	if rep.Best != best {
		t.Errorf("Best = %d (σ = %v), want %d (σ = %v); results %+v", rep.Best, rep.BestValue(), best, values[best], rep.Results)
	}
}

// cancelAt is a learner that cancels a context at its mistake number at,
// and counts the steps taken after that.
type cancelAt struct {
	learn.Learner
	cancel       context.CancelFunc
	at, mistakes int
	after        int
}

func (c *cancelAt) Step() (learn.Step, error) {
	if c.mistakes >= c.at {
		c.after++
	}
	st, err := c.Learner.Step()
	if st.Mistake {
		if c.mistakes++; c.mistakes == c.at {
			c.cancel()
		}
	}
	return st, err
}

// TestTrainStopsWithinAStep: cancelled by a mistake (a kernel row, O(n):
// milliseconds a step at a million points), Train takes no step more; it
// used to go on to its next look, up to 1024 steps later.
func TestTrainStopsWithinAStep(t *testing.T) {
	l, err := learn.NewLearner(learn.Config{Kernel: learn.RBF{Sigma: 0.3}, Params: learn.NewParams("eta", 1), Epochs: 50}, moons(t, 400, 0.3, 5))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	c := &cancelAt{Learner: l, cancel: cancel, at: 5}
	if err := crossval.Train(ctx, c); !errors.Is(err, context.Canceled) {
		t.Fatalf("Train: %v, want context.Canceled", err)
	}
	if c.mistakes != 5 || c.after != 0 {
		t.Errorf("cancelled at mistake 5 (step %d): %d mistakes, %d steps after it", l.T(), c.mistakes, c.after)
	}
}

// TestScoresCancelled: scoring held-out points (#SV kernel evaluations
// each) stops with the context's error.
func TestScoresCancelled(t *testing.T) {
	data := moons(t, 200, 0.3, 6)
	l, err := learn.NewLearner(learn.Config{Kernel: learn.RBF{Sigma: 0.3}, Params: learn.NewParams("eta", 1), Epochs: 5}, data)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := crossval.Scores(ctx, l, data); !errors.Is(err, context.Canceled) {
		t.Errorf("Scores on a cancelled context: %v", err)
	}
	if _, err := crossval.Accuracy(ctx, l, data); !errors.Is(err, context.Canceled) {
		t.Errorf("Accuracy on a cancelled context: %v", err)
	}
	if acc, err := crossval.Accuracy(ctx, l, nil); err != nil || acc != 1 {
		t.Errorf("Accuracy of no points: %v, %v; want 1 (nothing to score)", acc, err)
	}
}
