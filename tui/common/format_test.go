package common

import (
	"math"
	"testing"
	"unicode/utf8"
)

// TestNum: numbers fit their width and keep their magnitude: never cut
// (−47,260 was shown as −4.726), exponent forms when decimals do not fit,
// tiny values not rounded to 0, ±Inf and NaN as what they are. Expected
// strings are the shortest forms of the values, written out by hand.
func TestNum(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v    float64
		w    int
		want string
	}{
		{4, 5, "4"},
		{0.25, 5, "0.25"},
		{1.0 / 3, 5, "0.333"},
		{-0.2, 7, "−0.2"},
		{-47260, 7, "−47260"},
		{-47260, 5, "−47k"},     // too wide for 5: SI form, magnitude kept, not "−4726"
		{-47260, 6, "−47260"},   // exact when it fits
		{-47260.5, 6, "−47.3k"}, // one more digit of the SI form when it fits
		{15204, 4, "15k"},
		{999999, 5, "1e6"}, // rounds to 1000k: the exponent form
		{1.2e6, 5, "1.2e6"},
		{1e160, 5, "1e160"},
		{-1e160, 7, "−1e160"},
		{5.699e159, 6, "6e159"},
		{5.699e159, 7, "5.7e159"},
		{1.25e-159, 9, "1.25e-159"},
		{1e-6, 5, "1e-6"},
		{math.Inf(1), 5, "+Inf"},
		{math.Inf(-1), 5, "−Inf"},
		{math.NaN(), 5, "NaN"},
	} {
		got := Num(c.v, c.w)
		if got != c.want {
			t.Errorf("num(%v, %d) = %q, want %q", c.v, c.w, got, c.want)
		}
		if utf8.RuneCountInString(got) > c.w {
			t.Errorf("num(%v, %d) = %q is wider than %d", c.v, c.w, got, c.w)
		}
	}
}

// TestNiceTicks: ticks are round (1, 2 or 5 times a power of ten), inside
// the range, and include 0 when the range does.
func TestNiceTicks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lo, hi float64
		n      int
		want   []float64
	}{
		{-1.25, 1.25, 4, []float64{-1, 0, 1}},            // step 1: the first of 1, 2, 5 × 10ᵏ ≥ 2.5/4
		{-1.25, 1.25, 6, []float64{-1, -0.5, 0, 0.5, 1}}, // step 0.5 ≥ 2.5/6
		{-2.96, 2.96, 5, []float64{-2, 0, 2}},
		{0.3, 0.9, 3, []float64{0.4, 0.6, 0.8}},             // step 0.2 = 0.6/3 exactly, within rounding
		{-1.2e160, 1.1e160, 3, []float64{-1e160, 0, 1e160}}, // step 1e160 ≥ 2.3e160/3
	} {
		got := NiceTicks(c.lo, c.hi, c.n)
		if len(got) != len(c.want) {
			t.Errorf("niceTicks(%v, %v, %d) = %v, want %v", c.lo, c.hi, c.n, got, c.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-12*math.Max(1, math.Abs(c.want[i])) {
				t.Errorf("niceTicks(%v, %v, %d) = %v, want %v", c.lo, c.hi, c.n, got, c.want)
				break
			}
		}
	}
}

// TestAxisTicks: an axis that reaches past 0 both ways keeps a tick on
// either side of it when NiceTicks's step leaves one side bare, with no
// more ticks than asked for at most; otherwise it is NiceTicks. The
// spans are worked by hand: xor's view (about ±2.35) in 2 ticks is a
// step of 5 (the first of 1, 2, 5 × 10ᵏ ≥ 4.7/2), so 0 alone; in 3 a
// step of 2 (≥ 4.7/3): −2, 0, 2.
func TestAxisTicks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lo, hi  float64
		n, most int
		want    []float64
	}{
		{-2.35, 2.35, 2, 5, []float64{-2, 0, 2}},
		{-2.35, 2.35, 2, 2, []float64{0}},          // 3 ticks are more than 2
		{-2.35, 2.35, 3, 5, []float64{-2, 0, 2}},   // NiceTicks already has both
		{-0.4, 9.6, 2, 8, []float64{0, 5}},         // a tick below 0 takes a step of 0.2: 50 ticks
		{0.3, 0.9, 3, 6, []float64{0.4, 0.6, 0.8}}, // 0 is not in the range
		{-4.9, 0.2, 1, 4, []float64{-4, -2, 0}},    // above 0 would take a step of 0.2
		{-0.6, 0.6, 1, 4, []float64{-0.5, 0, 0.5}}, // step 1 leaves 0 alone; 0.5 ≥ 1.2/3
	} {
		got := AxisTicks(c.lo, c.hi, c.n, c.most)
		if len(got) != len(c.want) {
			t.Errorf("AxisTicks(%v, %v, %d, %d) = %v, want %v", c.lo, c.hi, c.n, c.most, got, c.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-12*math.Max(1, math.Abs(c.want[i])) {
				t.Errorf("AxisTicks(%v, %v, %d, %d) = %v, want %v", c.lo, c.hi, c.n, c.most, got, c.want)
				break
			}
		}
	}
}
