package learn

import (
	"math"
	"testing"
)

// TestFrozenFieldCatchesUp: a field recomputed from a Frozen copy, then
// caught up with the learner that took more steps (mistakes, and an undo
// that drops a support vector), equals a field recomputed from the learner
// now, within rounding (1e-9 relative to the largest |f|: the sums are
// formed in a different order).
func TestFrozenFieldCatchesUp(t *testing.T) {
	data := []Example{{1, 1, 1}, {-1, -1, 1}, {1, -1, -1}, {-1, 1, -1}, {0.3, 0.2, 1}, {-0.5, 0.4, -1}}
	for _, k := range []Kernel{RBF{Sigma: 0.7}, Poly{D: 2, C: 1}, Linear{}} {
		p, err := New(Config{Kernel: k, Tie: TieMistake, Epochs: 50}, data)
		if err != nil {
			t.Fatal(err)
		}
		for range 7 {
			p.Step()
		}
		then := Freeze(p)
		for range 9 {
			p.Step()
		}
		for range 3 {
			p.Undo()
		}
		r := Rect{-1.5, 1.5, -1.5, 1.5}
		caught := NewField(r, 23, 17)
		caught.Recompute(then)
		caught.CatchUp(then, p)
		want := NewField(r, 23, 17)
		want.Recompute(p)
		big := 1.0
		for _, v := range want.Values {
			big = math.Max(big, math.Abs(v))
		}
		for g := range want.Values {
			if d := math.Abs(caught.Values[g] - want.Values[g]); d > 1e-9*big {
				t.Fatalf("%s: lattice point %d: caught up %v, recomputed %v", k.Spec(), g, caught.Values[g], want.Values[g])
			}
		}
	}
}

// TestFieldObservesLearner: an attached field follows every step and undo
// (it is told through the Observer interface), and a detached one does not.
func TestFieldObservesLearner(t *testing.T) {
	data := []Example{{1, 1, 1}, {-1, -1, 1}, {1, -1, -1}, {-1, 1, -1}}
	p, err := New(Config{Kernel: Poly{D: 2, C: 0}, Tie: TieNeg, Epochs: 10}, data)
	if err != nil {
		t.Fatal(err)
	}
	r := Rect{-2, 2, -2, 2}
	live, detached := NewField(r, 9, 7), NewField(r, 9, 7)
	p.Attach(live)
	p.Attach(detached)
	p.Detach(detached)
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	// Seed 003: the run converges with α₁ = 1 alone, f(x) = (x₁ + x₂)².
	for row := range live.H {
		for c := range live.W {
			x1, x2 := live.Point(c, row)
			want := (x1 + x2) * (x1 + x2)
			if got := live.At(c, row); math.Abs(got-want) > 1e-12*math.Max(1, want) {
				t.Fatalf("f(%v, %v) = %v, want (x₁ + x₂)² = %v", x1, x2, got, want)
			}
			if detached.At(c, row) != 0 {
				t.Fatalf("a detached field changed: %v", detached.At(c, row))
			}
		}
	}
	for p.Undo() {
	}
	for _, v := range live.Values {
		if v != 0 {
			t.Fatalf("after undoing every step the field is not 0 everywhere: %v", v)
		}
	}
}

// TestFrozenDecides: a Frozen copy decides as the learner did when frozen.
func TestFrozenDecides(t *testing.T) {
	data := []Example{{2, -1, 1}, {2, 1, 1}, {1, 3, -1}}
	p, err := New(Config{Kernel: Linear{}, Bias: true, Tie: TiePos, Epochs: 10}, data)
	if err != nil {
		t.Fatal(err)
	}
	p.Run()
	f := Freeze(p)
	for _, x := range [][2]float64{{0, 0}, {1.5, -2}, {-3, 0.25}} {
		if got, want := f.Decide(x[0], x[1]), p.Decide(x[0], x[1]); got != want {
			t.Errorf("Frozen.Decide(%v) = %v, learner says %v", x, got, want)
		}
	}
	p.Reset()
	if f.Decide(1, 1) == 0 {
		t.Error("the frozen copy followed the learner's reset")
	}
}
