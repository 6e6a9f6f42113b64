package learn_test

import (
	"math"
	"runtime"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestRowTeamBitIdentical trains at n = 6400 (above the size where Run
// splits rows between two cores) on one processor and on two, and checks
// that every α and every kept score f(xᵢ) agree bit for bit: each entry's
// arithmetic is the same whichever core does it. Tolerance zero. (On a
// machine with one core both runs take the one-core path and agree
// trivially.)
func TestRowTeamBitIdentical(t *testing.T) {
	if testing.Short() {
		t.Skip("trains twice at n = 6400")
	}
	circles, _ := datasets.Lookup("circles")
	data := datasets.Examples(circles.Generate(6400, 0.2, 3))
	run := func(procs int) *learn.Perceptron {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		p, err := learn.New(learn.Config{Kernel: learn.RBF{Sigma: 0.5}, Epochs: 3, RunOptions: learn.RunOptions{NoHistory: true}}, data)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Run(); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, two := run(1), run(2)
	if one.Mistakes() != two.Mistakes() || one.Mistakes() < 1000 {
		t.Fatalf("mistakes: %d on one core, %d on two (want equal, and enough to exercise the split)", one.Mistakes(), two.Mistakes())
	}
	for i := range data {
		if a, b := one.Alpha(i), two.Alpha(i); a != b {
			t.Fatalf("α%d: %v on one core, %v on two", i+1, a, b)
		}
		if a, b := one.Score(i), two.Score(i); math.Float64bits(a) != math.Float64bits(b) {
			t.Fatalf("f(x%d): %v on one core, %v on two", i+1, a, b)
		}
	}
}
