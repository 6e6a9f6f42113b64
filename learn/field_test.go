package learn

import (
	"math"
	"testing"
)

// TestFieldAtFollows: a field at given points, following a perceptron
// through steps, an undo and a reset, holds f at those points as Decide
// computes it afresh (to 1e-12: the field adds a kernel row per mistake,
// Decide sums the support vectors in dataset order).
func TestFieldAtFollows(t *testing.T) {
	data := []Example{{1, 1, 1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, -1}, {0.5, 0.2, 1}, {-0.3, 0.8, -1}}
	p, err := New(Config{Kernel: RBF{Sigma: 0.7}, Tie: TieMistake, Epochs: 20}, data)
	if err != nil {
		t.Fatal(err)
	}
	at := [][2]float64{{0, 0}, {0.4, -0.9}, {2, 2}, {-1.5, 0.3}}
	fd := NewFieldAt(at)
	fd.Follow(p)
	check := func(when string) {
		t.Helper()
		for k, x := range at {
			if got, want := fd.Values[k], p.Decide(x[0], x[1]); math.Abs(got-want) > 1e-12 {
				t.Fatalf("%s: f at %v is %v in the field, %v by Decide", when, x, got, want)
			}
		}
	}
	for range 9 {
		if _, err := p.Step(); err != nil {
			t.Fatal(err)
		}
		check("stepping")
	}
	if p.Mistakes() == 0 {
		t.Fatal("no mistake in 9 steps: the test follows nothing")
	}
	p.Undo()
	check("after an undo")
	p.Reset()
	check("after a reset")
	if fd.W != len(at) || fd.H != 1 {
		t.Errorf("a field at %d points is %d×%d", len(at), fd.W, fd.H)
	}
}
