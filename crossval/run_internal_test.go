package crossval

import (
	"math"
	"testing"
)

func TestBetter(t *testing.T) {
	up, down := mean([]float64{0.1, 0.2, 0.3}), mean([]float64{0.3, 0.2, 0.1})
	if up == down {
		t.Fatal("the two sums are equal: the ulp case is gone")
	}
	tests := []struct {
		name string
		a, b Result
		want bool
	}{
		{"higher mean wins", Result{Value: 5, Mean: 0.9}, Result{Value: 1, Mean: 0.8}, true},
		{"lower mean loses", Result{Value: 1, Mean: 0.8}, Result{Value: 5, Mean: 0.9}, false},
		{"tie: smaller value wins", Result{Value: 1, Mean: 0.8}, Result{Value: 5, Mean: 0.8}, true},
		{"tie: larger value loses", Result{Value: 5, Mean: 0.8}, Result{Value: 1, Mean: 0.8}, false},
		{"tie: same value is not better", Result{Value: 1, Mean: 0.8}, Result{Value: 1, Mean: 0.8}, false},
		// The mean of (0.1, 0.2, 0.3) summed in float64 is 0.20000000000000004,
		// of (0.3, 0.2, 0.1) 0.19999999999999998: the same folds in another
		// order are a tie.
		{"an ulp apart is a tie", Result{Value: 1, Mean: up}, Result{Value: 2, Mean: down}, true},
		{"an ulp apart is a tie, reversed", Result{Value: 2, Mean: down}, Result{Value: 1, Mean: up}, false},
		// One fold of 100 in 10 folds moves the mean by 0.001: not a tie.
		{"a real difference beats a smaller value", Result{Value: 9, Mean: 0.801}, Result{Value: 1, Mean: 0.8}, true},
		{"negative values: smaller wins a tie", Result{Value: -2, Mean: 0.5}, Result{Value: -1, Mean: 0.5}, true},
	}
	for _, tt := range tests {
		if got := better(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: better(%+v, %+v) = %v, want %v", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
}

// TestMeanStd checks the arithmetic mean and numpy's std(ddof=1) against
// values worked by hand:
//
//	(1, 1/2, 1):  mean 5/6, Σ(xᵢ − x̄)² = 1/36 + 4/36 + 1/36 = 1/6, /2 → √(1/12)
//	(2,4,4,4,5,5,7,9): mean 5, Σ(xᵢ − x̄)² = 9+1+1+1+0+0+4+16 = 32, /7 → √(32/7)
//	(0.75, 0.75, 0.75): std 0 exactly
//	one value: std 0 (k − 1 = 0)
//
// to 1e-15 relative (a few ulps; exact where stated).
func TestMeanStd(t *testing.T) {
	tests := []struct {
		xs        []float64
		mean, std float64
	}{
		{[]float64{1, 0.5, 1}, 5.0 / 6, math.Sqrt(1.0 / 12)},
		{[]float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, math.Sqrt(32.0 / 7)},
		{[]float64{0, 1}, 0.5, math.Sqrt(0.5)},
		{[]float64{0.75, 0.75, 0.75}, 0.75, 0},
		{[]float64{0.6}, 0.6, 0},
	}
	for _, tt := range tests {
		m, s := mean(tt.xs), sampleStd(tt.xs)
		if math.Abs(m-tt.mean) > 1e-15*tt.mean || math.Abs(s-tt.std) > 1e-15*tt.std {
			t.Errorf("%v: mean %v std %v, want %v and %v", tt.xs, m, s, tt.mean, tt.std)
		}
	}
	if s := sampleStd([]float64{0.75, 0.75, 0.75}); s != 0 {
		t.Errorf("std of equal folds = %v, want exactly 0", s)
	}
}
