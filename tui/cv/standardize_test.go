package cv

import (
	"context"
	"math"
	"testing"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
)

// TestStandardizedSweepPerFold: with z-scores on (u) and rows held out, X
// cuts the training rows into folds and scales each fold with the mean and
// sd of its own training rows, never with the rows it is scored on nor the
// held-out ones. Expected here: the folds from crossval.Folds, each fold's
// rows as z-scores of its training rows' mean and population sd (two
// passes, sum then divide), the perceptron trained and scored on them by
// crossval.Fit. The data are 33 moons in income-and-age units, rows 11–13
// far out; the last 7 rows are held out. Accuracies to 1e-12.
func TestStandardizedSweepPerFold(t *testing.T) {
	t.Parallel()
	b, _ := datasets.Lookup("moons")
	raw := b.Generate(33, 0.25, 4)
	for i := range raw {
		p := &raw[i]
		p.X1, p.X2 = 45000+20000*p.X1, 40+12*p.X2
		if i >= 10 && i < 13 {
			p.X1, p.X2 = 50*p.X1, -40*p.X2
		}
	}
	o := lab.Options{File: "extreme.csv", Points: raw, Holdout: lab.Holdout{Fraction: 0.2},
		Config: learn.Config{Kernel: learn.RBF{Sigma: 1}, Tie: learn.TieMistake, Epochs: 20, Seed: 1}}
	h := newHarness(t, o)
	if _, err := h.s.Standardize(); err != nil {
		t.Fatal(err)
	}
	h.drain(h.open())
	r := h.v.report
	if r == nil {
		t.Fatalf("no report: %v", h.v.err)
	}
	train := raw[:26] // ⌈0.2·33⌉ = 7 held out, the last rows
	folds, err := crossval.Folds(len(train), r.Folds, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	for v, res := range r.Results {
		cfg, err := crossval.Sigma.Set(h.s.Options().Config, res.Value)
		if err != nil {
			t.Fatal(err)
		}
		for f, split := range folds {
			fitRows := crossval.Pick(train, split.Train)
			zTrain, zTest := zByHand(fitRows, fitRows), zByHand(fitRows, crossval.Pick(train, split.Test))
			want, err := crossval.Fit(context.Background(), cfg, datasets.Examples(zTrain), datasets.Examples(zTest))
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(res.Folds[f]-want.Test) > 1e-12 || math.Abs(res.Train[f]-want.Train) > 1e-12 {
				t.Errorf("value %d (σ = %v), fold %d: validation %v, train %v; want %v and %v (standardized with the fold's training rows)", v, res.Value, f+1, res.Folds[f], res.Train[f], want.Test, want.Train)
			}
		}
	}
}

// zByHand is pts as z-scores with the mean Σx/n and population sd
// √(Σ(x − mean)²/n) of each coordinate over fit.
func zByHand(fit, pts []datasets.Point) []datasets.Point {
	n := float64(len(fit))
	var mean, sd [2]float64
	for _, p := range fit {
		mean[0], mean[1] = mean[0]+p.X1, mean[1]+p.X2
	}
	mean[0], mean[1] = mean[0]/n, mean[1]/n
	for _, p := range fit {
		sd[0] += (p.X1 - mean[0]) * (p.X1 - mean[0])
		sd[1] += (p.X2 - mean[1]) * (p.X2 - mean[1])
	}
	sd[0], sd[1] = math.Sqrt(sd[0]/n), math.Sqrt(sd[1]/n)
	out := make([]datasets.Point, len(pts))
	for i, p := range pts {
		out[i] = datasets.Point{X1: (p.X1 - mean[0]) / sd[0], X2: (p.X2 - mean[1]) / sd[1], Y: p.Y}
	}
	return out
}
