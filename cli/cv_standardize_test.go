package cli

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestCVStandardizesPerFold: cv --standardize scales each fold with the
// mean and sd of its own training rows, never with those of the rows it is
// scored on. The expected accuracies are computed here: the folds by
// KFold's definition (contiguous, the first n mod k one row longer), each
// fold's rows standardized with its training rows' mean and population sd
// (two passes, sum then divide), then the same perceptron trained and
// scored on them (crossval.Fit). The data are 33 moons in income-and-age
// units whose rows 27–29, in the last of the 3 folds, lie far out: the
// other folds train on them, the last is scored on them. Accuracies to
// 1e-12 (they are counts over 11 rows).
func TestCVStandardizesPerFold(t *testing.T) {
	b, _ := datasets.Lookup("moons")
	pts := b.Generate(33, 0.25, 4)
	var csv strings.Builder
	csv.WriteString("income,age,y\n")
	for i := range pts {
		p := &pts[i]
		p.X1, p.X2 = 45000+20000*p.X1, 40+12*p.X2
		if i >= 26 && i < 29 {
			p.X1, p.X2 = 50*p.X1, -40*p.X2
		}
		fmt.Fprintf(&csv, "%v,%v,%d\n", p.X1, p.X2, p.Y)
	}
	data := writeFile(t, "extreme.csv", csv.String())
	sigmas := []float64{0.3, 1, 3}
	o := cvJSONOf(t, "--data", data, "--standardize", "--kernel", "rbf", "--param", "sigma", "--values", "0.3,1,3", "--folds", "3", "--epochs", "20")
	if len(o.Results) != len(sigmas) {
		t.Fatalf("%d results, want %d", len(o.Results), len(sigmas))
	}
	for v, sigma := range sigmas {
		cfg := learn.Config{Kernel: learn.RBF{Sigma: sigma}, Tie: learn.TieMistake, Epochs: 20}
		for f := range 3 {
			lo, hi := 11*f, 11*f+11
			var train, test []datasets.Point
			for i, p := range pts {
				if i >= lo && i < hi {
					test = append(test, p)
				} else {
					train = append(train, p)
				}
			}
			zTrain, zTest := zByHand(train, train), zByHand(train, test)
			fit, err := crossval.Fit(context.Background(), cfg, datasets.Examples(zTrain), datasets.Examples(zTest))
			if err != nil {
				t.Fatal(err)
			}
			r := o.Results[v]
			if math.Abs(r.Folds[f]-fit.Test) > 1e-12 || math.Abs(r.Train[f]-fit.Train) > 1e-12 {
				t.Errorf("σ = %v, fold %d: validation %v, train %v; want %v and %v (standardized with the fold's training rows)", sigma, f+1, r.Folds[f], r.Train[f], fit.Test, fit.Train)
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
