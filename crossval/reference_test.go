package crossval_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// This file checks Run against a second, separate implementation of what
// it computes, written straight from the definitions and calling nothing
// in learn or crossval (except, for shuffled folds, crossval.Folds for the
// split itself, which split_test.go checks on its own):
//
//	folds:     KFold(n, k): contiguous, the first n mod k of ⌈n/k⌉ examples
//	training:  seed 001's kernel perceptron on the other folds in dataset
//	           order, f(xᵢ) = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) summed in full each step
//	scoring:   the tie rule of learn/tie.go's doc comment, on f at each
//	           held-out point
//	summary:   mean = Σ aᵢ / k, std = √(Σ (aᵢ − mean)² / (k − 1))
//	z-scores:  (Plan.Standardize) per fold, x ↦ (x − mean)/sd with the mean
//	           and population sd of the fold's training rows, by two passes

// refVec is x̃ = (x₀, x₁, x₂), x₀ = 1 with bias and 0 without.
type refVec [3]float64

type refKernel func(x, z refVec) float64

// refRBF is exp(−‖x − z‖²/(2σ²)) with the standard library's exp.
func refRBF(sigma float64) refKernel {
	return func(x, z refVec) float64 {
		d := 0.0
		for c := range x {
			d += (x[c] - z[c]) * (x[c] - z[c])
		}
		return math.Exp(-d / (2 * sigma * sigma))
	}
}

// refPoly is (x·z + c)^d by d multiplications.
func refPoly(d int, c float64) refKernel {
	return func(x, z refVec) float64 {
		b := x[0]*z[0] + x[1]*z[1] + x[2]*z[2] + c
		r := 1.0
		for range d {
			r *= b
		}
		return r
	}
}

// refWrong reports whether score f is wrong for label y under the tie
// rule: mistake iff y·f ≤ 0; pos predicts +1 iff f ≥ 0; neg +1 iff f > 0.
func refWrong(tie learn.Tie, f float64, y int) bool {
	switch tie {
	case learn.TiePos:
		return (f >= 0) != (y == 1)
	case learn.TieNeg:
		return (f > 0) != (y == 1)
	}
	return float64(y)*f <= 0
}

type refModel struct {
	xs    []refVec
	ys    []int
	alpha []float64
	k     refKernel
}

func (m *refModel) score(x refVec) float64 {
	f := 0.0
	for j := range m.xs {
		if m.alpha[j] != 0 {
			f += m.alpha[j] * float64(m.ys[j]) * m.k(m.xs[j], x)
		}
	}
	return f
}

// refTrain is the kernel perceptron: α ← 0; passes in order, αᵢ += η on a
// mistake; stop after a pass without one or after epochs passes.
func refTrain(xs []refVec, ys []int, k refKernel, tie learn.Tie, eta float64, epochs int) *refModel {
	m := &refModel{xs: xs, ys: ys, alpha: make([]float64, len(xs)), k: k}
	for range epochs {
		mistakes := 0
		for i := range xs {
			if refWrong(tie, m.score(xs[i]), ys[i]) {
				m.alpha[i] += eta
				mistakes++
			}
		}
		if mistakes == 0 {
			break
		}
	}
	return m
}

func (m *refModel) accuracy(xs []refVec, ys []int, tie learn.Tie) float64 {
	right := 0
	for i := range xs {
		if !refWrong(tie, m.score(xs[i]), ys[i]) {
			right++
		}
	}
	return float64(right) / float64(len(xs))
}

// refFolds is KFold(n, k, shuffle=False): the test indices of each fold.
func refFolds(n, k int) [][]int {
	var out [][]int
	start := 0
	for f := range k {
		size := n / k
		if f < n%k {
			size++
		}
		var test []int
		for i := start; i < start+size; i++ {
			test = append(test, i)
		}
		out = append(out, test)
		start += size
	}
	return out
}

// refCV cross-validates one value: fold and training accuracies; with
// standardize, each fold's rows are z-scores of its training rows'
// statistics (refStandardize).
func refCV(data []learn.Example, tests [][]int, k refKernel, bias bool, tie learn.Tie, eta float64, epochs int, standardize bool) (folds, train []float64) {
	embed := func(e learn.Example) refVec {
		if bias {
			return refVec{1, e.X1, e.X2}
		}
		return refVec{0, e.X1, e.X2}
	}
	for _, test := range tests {
		held := make(map[int]bool)
		for _, i := range test {
			held[i] = true
		}
		var trX, teX []refVec
		var trY, teY []int
		for i, e := range data {
			if held[i] {
				teX, teY = append(teX, embed(e)), append(teY, e.Y)
			} else {
				trX, trY = append(trX, embed(e)), append(trY, e.Y)
			}
		}
		if standardize {
			refStandardize(trX, teX)
		}
		m := refTrain(trX, trY, k, tie, eta, epochs)
		folds = append(folds, m.accuracy(teX, teY, tie))
		train = append(train, m.accuracy(trX, trY, tie))
	}
	return folds, train
}

// refStandardize rewrites coordinates 1 and 2 of train and test in place
// as (x − mean)/sd, the mean Σx/n and the population sd √(Σ(x − mean)²/n)
// of train's; an sd of 0 is taken as 1 (StandardScaler's rule).
func refStandardize(train, test []refVec) {
	for c := 1; c <= 2; c++ {
		mean, ss := 0.0, 0.0
		for _, x := range train {
			mean += x[c]
		}
		mean /= float64(len(train))
		for _, x := range train {
			ss += (x[c] - mean) * (x[c] - mean)
		}
		sd := math.Sqrt(ss / float64(len(train)))
		if sd == 0 {
			sd = 1
		}
		for _, xs := range [][]refVec{train, test} {
			for i := range xs {
				xs[i][c] = (xs[i][c] - mean) / sd
			}
		}
	}
}

func refMeanStd(xs []float64) (mean, std float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		std += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(std / float64(len(xs)-1))
}

// TestRunMatchesReference compares Run on 60 moons (noise 0.3, seed 7)
// fold by fold with the reference. Tolerance 1e-12: accuracies are
// counts over a fold's size, and the two implementations could only
// disagree on a count if a score fell within rounding of 0 (learn's
// exp differs from math.Exp by a few ulps), which the check would
// report; means and stds differ at most by the rounding of the sums.
func TestRunMatchesReference(t *testing.T) {
	const tol = 1e-12
	data := moons(t, 60, 0.3, 7)
	type sweep struct {
		kernel learn.Kernel
		param  crossval.Param
		values []float64
		ref    func(v float64) refKernel
	}
	sweeps := []sweep{
		{learn.RBF{Sigma: 1}, crossval.Sigma, []float64{0.25, 0.5, 1, 2},
			func(v float64) refKernel { return refRBF(v) }},
		{learn.Poly{D: 2, C: 1}, crossval.Degree, []float64{1, 2, 3},
			func(v float64) refKernel { return refPoly(int(v), 1) }},
	}
	const eta, epochs = 1, 25
	for _, sw := range sweeps {
		for _, tie := range learn.Ties {
			for _, bias := range []bool{false, true} {
				for _, k := range []int{4, 5} {
					name := fmt.Sprintf("%s/%v/bias=%v/k=%d", sw.param, tie, bias, k)
					cfg := learn.Config{Kernel: sw.kernel, Bias: bias, Tie: tie, Epochs: epochs, Params: learn.NewParams("eta", eta)}
					rep, err := crossval.Run(context.Background(), crossval.Plan{
						Config: cfg, Data: data, Param: sw.param, Values: sw.values, Folds: k,
					}, nil)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					for v, value := range sw.values {
						folds, train := refCV(data, refFolds(len(data), k), sw.ref(value), bias, tie, eta, epochs, false)
						compareResult(t, fmt.Sprintf("%s/%s=%v", name, sw.param, value), rep.Results[v], value, folds, train, tol)
					}
				}
			}
		}
	}
}

// TestRunMatchesReferenceShuffledFolds is the same check with shuffled
// folds (the split from crossval.Folds, the rest from the reference).
func TestRunMatchesReferenceShuffledFolds(t *testing.T) {
	const tol = 1e-12
	data := moons(t, 60, 0.3, 7)
	splits, err := crossval.Folds(len(data), 4, true, 3)
	if err != nil {
		t.Fatal(err)
	}
	tests := make([][]int, len(splits))
	for f, s := range splits {
		tests[f] = s.Test
	}
	values := []float64{0.3, 1, 3}
	rep, err := crossval.Run(context.Background(), crossval.Plan{
		Config: learn.Config{Kernel: learn.RBF{Sigma: 1}, Tie: learn.TieMistake, Epochs: 40, Params: learn.NewParams("eta", 0.5)},
		Data:   data, Param: crossval.Sigma, Values: values, Folds: 4, ShuffleFolds: true, Seed: 3,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for v, value := range values {
		folds, train := refCV(data, tests, refRBF(value), false, learn.TieMistake, 0.5, 40, false)
		compareResult(t, fmt.Sprintf("shuffled/sigma=%v", value), rep.Results[v], value, folds, train, tol)
	}
}

// TestRunStandardizedMatchesReference: with Standardize each fold is
// trained and scored on z-scores of its own training rows' mean and sd,
// as the reference computes them (refStandardize), fold by fold, to 1e-12
// (TestRunMatchesReference's tolerance and reasons). The data are moons
// in income-and-age units, with five rows of the last fold pushed far out:
// z-scores taken over every row, those included, give other fold
// accuracies, which the test checks too, so that it tells the two apart.
func TestRunStandardizedMatchesReference(t *testing.T) {
	const tol = 1e-12
	data := moons(t, 60, 0.3, 7)
	for i := range data {
		data[i].X1, data[i].X2 = 45000+20000*data[i].X1, 40+12*data[i].X2
		if i >= 50 && i < 55 {
			data[i].X1, data[i].X2 = 40*data[i].X1, -30*data[i].X2
		}
	}
	leaky := make([]learn.Example, len(data)) // z-scores of every row
	for i, p := range datasets.Standardize(datasetsPoints(data)) {
		leaky[i] = learn.Example(p)
	}
	type sweep struct {
		kernel learn.Kernel
		param  crossval.Param
		values []float64
		ref    func(v float64) refKernel
	}
	differ := 0
	for _, sw := range []sweep{
		{learn.RBF{Sigma: 1}, crossval.Sigma, []float64{0.1, 0.3, 1, 3},
			func(v float64) refKernel { return refRBF(v) }},
		{learn.Poly{D: 2, C: 1}, crossval.Degree, []float64{1, 2, 3},
			func(v float64) refKernel { return refPoly(int(v), 1) }},
	} {
		for _, k := range []int{4, 5} {
			cfg := learn.Config{Kernel: sw.kernel, Tie: learn.TieMistake, Epochs: 30, Params: learn.NewParams("eta", 1)}
			rep, err := crossval.Run(context.Background(), crossval.Plan{
				Config: cfg, Data: data, Param: sw.param, Values: sw.values, Folds: k, Standardize: true,
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for v, value := range sw.values {
				folds, train := refCV(data, refFolds(len(data), k), sw.ref(value), false, learn.TieMistake, 1, 30, true)
				compareResult(t, fmt.Sprintf("standardized/%s=%v/k=%d", sw.param, value, k), rep.Results[v], value, folds, train, tol)
				leakyFolds, _ := refCV(leaky, refFolds(len(data), k), sw.ref(value), false, learn.TieMistake, 1, 30, false)
				for f := range folds {
					if leakyFolds[f] != folds[f] {
						differ++
					}
				}
			}
		}
	}
	if differ == 0 {
		t.Error("z-scores of every row give the same fold accuracies as each fold's own: the data does not tell them apart")
	}
	t.Logf("%d fold accuracies differ between per-fold and every-row z-scores", differ)
}

// datasetsPoints are examples as datasets' points.
func datasetsPoints(es []learn.Example) []datasets.Point {
	out := make([]datasets.Point, len(es))
	for i, e := range es {
		out[i] = datasets.Point(e)
	}
	return out
}

func compareResult(t *testing.T, name string, got crossval.Result, value float64, folds, train []float64, tol float64) {
	t.Helper()
	if got.Value != value || len(got.Folds) != len(folds) || len(got.Train) != len(train) {
		t.Fatalf("%s: result %+v, want value %v and %d folds", name, got, value, len(folds))
	}
	for f := range folds {
		if math.Abs(got.Folds[f]-folds[f]) > tol {
			t.Errorf("%s: fold %d accuracy %v, reference %v", name, f+1, got.Folds[f], folds[f])
		}
		if math.Abs(got.Train[f]-train[f]) > tol {
			t.Errorf("%s: fold %d training accuracy %v, reference %v", name, f+1, got.Train[f], train[f])
		}
	}
	mean, std := refMeanStd(folds)
	if math.Abs(got.Mean-mean) > tol || math.Abs(got.Std-std) > tol {
		t.Errorf("%s: %v ± %v, reference %v ± %v", name, got.Mean, got.Std, mean, std)
	}
}

// moons is n points of the built-in moons set as examples.
func moons(tb testing.TB, n int, noise float64, seed uint64) []learn.Example {
	tb.Helper()
	b, ok := datasets.Lookup("moons")
	if !ok {
		tb.Fatal("no built-in moons")
	}
	return datasets.Examples(b.Generate(n, noise, seed))
}
