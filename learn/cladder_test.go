package learn

import (
	"math"
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
