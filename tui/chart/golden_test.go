package chart

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"kernelscope/tui/internal/tuitest"
)

// geomspace is n values from a to b evenly spaced on a log scale, as
// numpy.geomspace: the σ grid of a cross-validation.
func geomspace(a, b float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = a * math.Pow(b/a, float64(i)/float64(n-1))
	}
	return out
}

// sigmaCV is a cross-validation over σ of an RBF kernel as the app runs it:
// small σ fits the training set and generalises a little worse, large σ
// underfits both.
func sigmaCV() CV {
	return CV{
		Values: geomspace(0.1, 10, 9),
		LogX:   true,
		Valid:  []float64{0.93, 0.92, 0.93, 0.94, 0.92, 0.85, 0.85, 0.85, 0.83},
		Std:    []float64{0.03, 0.04, 0.02, 0.01, 0.03, 0.05, 0.06, 0.08, 0.05},
		Train:  []float64{0.99, 0.98, 0.97, 0.96, 0.94, 0.90, 0.88, 0.86, 0.84},
		Best:   3,
		XLabel: "σ",
	}
}

// degreeCV is a cross-validation over a polynomial kernel's degree, on a
// linear axis.
func degreeCV() CV {
	return CV{
		Values: []float64{1, 2, 3, 4, 5, 6},
		Valid:  []float64{0.71, 0.86, 0.90, 0.89, 0.87, 0.84},
		Std:    []float64{0.06, 0.04, 0.03, 0.04, 0.05, 0.07},
		Train:  []float64{0.72, 0.88, 0.93, 0.95, 0.97, 0.99},
		Best:   2,
		XLabel: "degree",
	}
}

// run is a kernel perceptron's record over 12 passes: mistakes fall
// quickly then level off, accuracies rise.
func run() Passes {
	return Passes{
		Mistakes: []int{30, 18, 12, 9, 9, 7, 8, 6, 5, 4, 3, 3},
		Train:    []float64{0.80, 0.86, 0.89, 0.90, 0.92, 0.93, 0.92, 0.94, 0.95, 0.95, 0.96, 0.96},
		Test:     []float64{0.78, 0.83, 0.86, 0.87, 0.88, 0.90, 0.88, 0.90, 0.91, 0.91, 0.91, 0.92},
	}
}

// longRun is 240 passes on data that is not separable: more passes than
// columns.
func longRun() Passes {
	var p Passes
	for i := range 240 {
		m := 4 + int(40*math.Exp(-float64(i)/15)) + (i*7)%5
		p.Mistakes = append(p.Mistakes, m)
		p.Train = append(p.Train, 0.95-0.4*math.Exp(-float64(i)/20)-0.01*float64((i*3)%4))
		p.Test = append(p.Test, 0.90-0.4*math.Exp(-float64(i)/25)-0.01*float64((i*5)%3))
	}
	return p
}

func TestGolden(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		draw func(w, h int) Grid
		w, h int
	}{
		{"cv_sigma", sigmaCV().Draw, 72, 16},
		{"cv_sigma", sigmaCV().Draw, 40, 10},
		{"cv_degree", degreeCV().Draw, 60, 12},
		{"passes", run().Draw, 72, 16},
		{"passes", run().Draw, 40, 10},
		{"passes_long", longRun().Draw, 72, 12},
		{"passes_one", Passes{Mistakes: []int{7}, Train: []float64{0.9}}.Draw, 40, 10},
		{"passes_none", Passes{}.Draw, 40, 6},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s_%dx%d", c.name, c.w, c.h)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tuitest.GoldenRaw(t, filepath.Join("testdata", name+".golden"), c.draw(c.w, c.h).Plain())
		})
	}
}
