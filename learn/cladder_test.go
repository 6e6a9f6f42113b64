package learn

import (
	"math"
	"slices"
	"strconv"
	"testing"
)

// TestCLadder: C steps along 1-2-5 × 10ᵏ from 0.01 to 1000, then ∞, as the
// terminal program's < and > step it; a value off the ladder goes to the
// next rung, and the ends say there is none beyond.
func TestCLadder(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		from float64
		up   bool
		want float64
		ok   bool
	}{
		{1, true, 2, true}, {1, false, 0.5, true}, {2, true, 5, true}, {5, true, 10, true},
		{3, true, 5, true}, {3, false, 2, true}, {0.01, false, 0.01, false}, {0.001, true, 0.01, true},
		{1000, true, math.Inf(1), true}, {math.Inf(1), true, math.Inf(1), false}, {math.Inf(1), false, 1000, true},
	} {
		cs, _ := LookupSetting("C")
		if got, ok := cs.Step(c.from, c.up); got != c.want || ok != c.ok {
			t.Errorf("stepC(%v, up %v) = %v, %v; want %v, %v", c.from, c.up, got, ok, c.want, c.ok)
		}
	}
}

// TestLadders: the written-out ladders are the 1-2-5 series, each rung
// m·10ᵉ as strconv reads "me" (so 0.2 is the float64 nearest 0.2): C's
// from 0.01 to 500, then 1000 and ∞; Pegasos's λ from 0.001 to 50.
func TestLadders(t *testing.T) {
	series := func(lo, hi int) []float64 {
		var out []float64
		for e := lo; e <= hi; e++ {
			for _, m := range []string{"1", "2", "5"} {
				v, err := strconv.ParseFloat(m+"e"+strconv.Itoa(e), 64)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, v)
			}
		}
		return out
	}
	for _, c := range []struct {
		name string
		want []float64
	}{
		{"C", append(series(-2, 2), 1000, math.Inf(1))},
		{"lambda", series(-3, 1)},
	} {
		s, ok := LookupSetting(c.name)
		if !ok {
			t.Fatalf("no setting %q", c.name)
		}
		if !slices.Equal(s.Ladder, c.want) {
			t.Errorf("%s's ladder %v, want %v", c.name, s.Ladder, c.want)
		}
	}
}
