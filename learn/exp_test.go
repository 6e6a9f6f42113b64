package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExpFast compares expFast with math.Exp over the whole range where the
// result is a normal number, and at the edges. Tolerance: 6e-16 relative
// (about 3 units in the last place), the error budget of the table method.
func TestExpFast(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	check := func(x float64) {
		got, want := expFast(x), math.Exp(x)
		if want == 0 || math.IsInf(want, 0) || math.IsNaN(want) {
			if got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("expFast(%v) = %v, want %v", x, got, want)
			}
			return
		}
		if rel := math.Abs(got-want) / want; rel > 6e-16 {
			t.Fatalf("expFast(%v) = %v, math.Exp %v: relative error %g", x, got, want, rel)
		}
	}
	for range 200000 {
		check(r.Float64()*1416 - 708) // amd64 math.Exp overflows early above ~709.6
		check(-r.ExpFloat64())        // RBF arguments: mostly small and negative
	}
	for _, x := range []float64{0, 1e-300, -1e-300, 1, -1, math.Ln2, -708, -708.5, -745, -746, 710, math.Inf(1), math.Inf(-1), math.NaN()} {
		check(x)
	}
	check(math.Copysign(0, -1))
}

func BenchmarkExp(b *testing.B) {
	xs := make([]float64, 1024)
	for i := range xs {
		xs[i] = -float64(i) / 100
	}
	b.Run("math.Exp", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				sink += math.Exp(x)
			}
		}
	})
	b.Run("expFast", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				sink += expFast(x)
			}
		}
	})
}

// TestExpTable: the written-out table is 2^(j/64), math.Exp2's value bit
// for bit, for every j (it was computed at start before; now it is data).
func TestExpTable(t *testing.T) {
	for j, got := range expTable {
		if want := math.Exp2(float64(j) / expN); math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("expTable[%d] = %v, want 2^(%d/64) = %v", j, got, j, want)
		}
	}
}
