package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
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

// TestRecomputeChecked: checked, the field is Recompute's exactly; a
// check that fails stops it before the next support vector's pass over
// the lattice, with the check's error, on one core and on several.
func TestRecomputeChecked(t *testing.T) {
	data := randomData(rand.New(rand.NewPCG(3, 4)), 200)
	p, err := New(Config{Kernel: RBF{Sigma: 0.5}, Tie: TieMistake, Params: NewParams("eta", 1), Epochs: 3}, data)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	svs := len(p.SupportVectors())
	if svs < 20 {
		t.Fatalf("%d support vectors: too few to stop part way", svs)
	}
	r := Rect{-1.5, 1.5, -1.5, 1.5}
	want := NewField(r, 200, 150)
	want.Recompute(p)
	got := NewField(r, 200, 150)
	var calls atomic.Int64
	if err := got.RecomputeChecked(p, func() error { calls.Add(1); return nil }); err != nil || !slices.Equal(got.Values, want.Values) {
		t.Fatalf("RecomputeChecked: %v, values equal %v", err, slices.Equal(got.Values, want.Values))
	}
	if calls.Load() < int64(svs) {
		t.Errorf("%d checks for %d support vectors", calls.Load(), svs)
	}
	stop := errors.New("stop")
	for _, cores := range []int{1, 4} {
		calls.Store(0)
		fd := NewField(r, 200, 150)
		err := fd.recompute(p, cores, func() error {
			if calls.Add(1) > 5 {
				return stop
			}
			return nil
		})
		// Each core's part makes one more check, the one that fails.
		if err != stop || calls.Load() > int64(5+cores) {
			t.Errorf("%d cores: %v after %d checks, want the check's error after at most %d", cores, err, calls.Load(), 5+cores)
		}
	}
}
