package lab

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFractionExact: every accuracy right/total for totals up to 600 (and
// a few large ones) is written as k and d and read back bit for bit in at
// most 6 bytes; numbers that are not such a fraction (a third rounded
// otherwise, NaN, ±Inf, −0, out of [0, 1]) take 9 bytes and come back bit
// for bit too.
func TestFractionExact(t *testing.T) {
	t.Parallel()
	check := func(a float64, most int) {
		t.Helper()
		b := appendFraction(nil, a)
		got, n := readFraction(b)
		if n != len(b) || math.Float64bits(got) != math.Float64bits(a) {
			t.Fatalf("%v (%x): read back %v (%x), %d of %d bytes", a, math.Float64bits(a), got, math.Float64bits(got), n, len(b))
		}
		if len(b) > most {
			t.Errorf("%v takes %d bytes, want at most %d", a, len(b), most)
		}
	}
	for d := 1; d <= 600; d++ {
		for k := 0; k <= d; k++ {
			check(float64(k)/float64(d), 4)
		}
	}
	for _, d := range []int{20_000, 1_000_000, 1<<24 - 1} {
		for _, k := range []int{0, 1, d / 3, d/2 + 1, d - 1, d} {
			check(float64(k)/float64(d), 8)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		check(r.Float64(), 9)
	}
	for _, a := range []float64{math.Nextafter(1.0/3, 1), math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), -0.5, 1.5, 5e-324} {
		check(a, 9)
	}
}

// TestPassTapeModel: pushes, pops and forgets in a random order hold what
// a slice of the same ends holds: the newest, and every end in order.
func TestPassTapeModel(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	var tp passTape
	var model []PassEnd
	at := 0
	for step := range 200_000 {
		switch op := r.IntN(10); {
		case op < 6 || len(model) == 0:
			at += 1 + r.IntN(300)
			e := PassEnd{T: at, Mistakes: r.IntN(1000), Train: float64(r.IntN(101)) / 100}
			if r.IntN(2) == 0 {
				e.Test, e.HasTest = r.Float64(), true
			}
			tp.push(e)
			model = append(model, e)
		case op < 8:
			tp.pop()
			model = model[:len(model)-1]
			if len(model) > 0 {
				at = model[len(model)-1].T
			}
		default:
			floor := model[0].T + r.IntN(at-model[0].T+1)
			tp.forget(floor)
			for len(model) >= 2 && model[1].T <= floor {
				model = model[1:]
			}
		}
		if tp.len() != len(model) {
			t.Fatalf("op %d: %d ends held, want %d", step, tp.len(), len(model))
		}
		if len(model) > 0 && tp.newest() != model[len(model)-1] {
			t.Fatalf("op %d: newest %+v, want %+v", step, tp.newest(), model[len(model)-1])
		}
		if step%997 == 0 && !slices.Equal(tp.all(), model) {
			t.Fatalf("op %d: the ends differ", step)
		}
	}
}
