package crossval

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"

	"kernelscope/learn"
)

// Plan is a cross-validation sweep: for every value of Param and every one
// of Folds folds of Data, train with Config (the parameter set to the
// value) on the other folds, kept in dataset order, and score the fold.
type Plan struct {
	Config learn.Config
	Data   []learn.Example
	Param  Param
	Values []float64
	// Folds is k; ShuffleFolds permutes the examples (drawn from Seed)
	// before they are cut (Folds).
	Folds        int
	ShuffleFolds bool
	Seed         uint64
	// Workers is how many trainings run at once; 0 means GOMAXPROCS. The
	// results do not depend on it.
	Workers int
	// Standardize makes z-scores per fold (--standardize): each fold's
	// training rows are rescaled to mean 0 and sd 1 with their own
	// statistics, and its validation rows with those same statistics
	// (StandardizeFold), so that no row a fold is scored on shapes the
	// scale it is scored in. Data is then in any units: z-scores do not
	// change when a coordinate is moved and stretched.
	Standardize bool
}

// Result is one value's cross-validation: the validation accuracy of each
// fold, their mean and sample standard deviation, and the training
// accuracy of each fold's learner on its own training examples.
type Result struct {
	Value float64   `json:"value"`
	Mean  float64   `json:"mean"`
	Std   float64   `json:"std"`
	Folds []float64 `json:"folds"`
	Train []float64 `json:"train"`
}

// TrainMean is the mean training accuracy over the folds.
func (r Result) TrainMean() float64 { return mean(r.Train) }

// Report is a whole sweep, the results in the order of Plan.Values; Best
// indexes the value with the highest mean validation accuracy.
type Report struct {
	Param   Param
	Folds   int
	Results []Result
	Best    int
}

// BestValue is the value with the highest mean validation accuracy.
func (r Report) BestValue() float64 { return r.Results[r.Best].Value }

// tieTolerance is how close two means must be to count as equal: the
// same fold accuracies summed in another order differ by an ulp.
const tieTolerance = 1e-12

// Check reports what makes the plan impossible before any training: no
// values, a parameter Config does not have or a value outside its range,
// or k outside 2…n.
func (p Plan) Check() error {
	if len(p.Values) == 0 {
		return fmt.Errorf("no values to try")
	}
	for _, v := range p.Values {
		if _, err := p.Param.Set(p.Config, v); err != nil {
			return err
		}
	}
	_, err := Folds(len(p.Data), p.Folds, p.ShuffleFolds, p.Seed)
	return err
}

// Jobs is how many trainings the plan runs: values × folds.
func (p Plan) Jobs() int { return len(p.Values) * p.Folds }

type job struct{ value, fold int }

type done struct {
	job
	fit FitResult
	err error
}

// Run runs the plan, every training on its own, Workers at a time, and
// calls progress (if not nil) from Run's goroutine after each, with how
// many are done of how many. It returns ctx's error, and no report, when
// ctx is done first; the first training's error, with its value and fold,
// when one fails.
func Run(ctx context.Context, p Plan, progress func(done, total int)) (Report, error) {
	if err := p.Check(); err != nil {
		return Report{}, err
	}
	folds, _ := Folds(len(p.Data), p.Folds, p.ShuffleFolds, p.Seed)
	configs := make([]learn.Config, len(p.Values))
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, p.Jobs())
	for v, value := range p.Values {
		configs[v], _ = p.Param.Set(p.Config, value)
		if b := configs[v].RowCacheBytes; b > 0 {
			// The budget is the whole run's: share it.
			configs[v].RowCacheBytes = max(1, b/int64(workers))
		}
	}
	trains := make([][]learn.Example, len(folds))
	tests := make([][]learn.Example, len(folds))
	for f, s := range folds {
		trains[f], tests[f] = Pick(p.Data, s.Train), Pick(p.Data, s.Test)
		if p.Standardize {
			trains[f], tests[f] = StandardizeFold(trains[f], tests[f])
		}
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	results := make(chan done)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				fit, err := Fit(ctx, configs[j.value], trains[j.fold], tests[j.fold])
				select {
				case results <- done{j, fit, err}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		defer close(jobs)
		for v := range p.Values {
			for f := range folds {
				select {
				case jobs <- job{v, f}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	r := Report{Param: p.Param, Folds: p.Folds, Results: make([]Result, len(p.Values))}
	for v, value := range p.Values {
		r.Results[v] = Result{Value: value, Folds: make([]float64, p.Folds), Train: make([]float64, p.Folds)}
	}
	var firstErr error
	n := 0
	for d := range results {
		if d.err != nil {
			if firstErr == nil && ctx.Err() == nil {
				firstErr = fmt.Errorf("%s = %v, fold %d: %w", p.Param, p.Values[d.value], d.fold+1, d.err)
			}
			cancel()
			continue
		}
		r.Results[d.value].Folds[d.fold] = d.fit.Test
		r.Results[d.value].Train[d.fold] = d.fit.Train
		n++
		if progress != nil {
			progress(n, p.Jobs())
		}
	}
	if firstErr != nil {
		return Report{}, firstErr
	}
	if n < p.Jobs() {
		// Not a failure of ours: the caller's context ended the run.
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		return Report{}, fmt.Errorf("cross-validation: %d of %d trainings came back", n, p.Jobs())
	}
	for v := range r.Results {
		res := &r.Results[v]
		res.Mean, res.Std = mean(res.Folds), sampleStd(res.Folds)
		if v > 0 && better(*res, r.Results[r.Best]) {
			r.Best = v
		}
	}
	return r, nil
}

// better reports whether a beats b: a higher mean, or the same mean (to
// tieTolerance) and a smaller value.
func better(a, b Result) bool {
	if math.Abs(a.Mean-b.Mean) <= tieTolerance {
		return a.Value < b.Value
	}
	return a.Mean > b.Mean
}

// mean is the arithmetic mean, summed in order.
func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// sampleStd is the sample standard deviation √(Σ(xᵢ − x̄)²/(k − 1)), numpy's
// std(ddof=1); 0 for k = 1.
func sampleStd(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	m, s := mean(xs), 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(xs)-1))
}
