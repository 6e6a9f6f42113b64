package datasets

import (
	"math"
	"testing"
)

// TestStandardize: income (tens of thousands) and age (tens) become z-scores
// with mean 0 and sd 1 each, within 1e-12; a constant coordinate is only
// centred; the labels are kept. The expected z of the first income, by
// hand: the mean is 45000 and the population sd
// √((15000² + 5000² + 5000² + 15000²)/4) = √125e6, so z = −15000/√125e6.
func TestStandardize(t *testing.T) {
	pts := []Point{{30000, 25, 1}, {40000, 7, -1}, {50000, 7, 1}, {60000, 7, -1}}
	z := Standardize(pts)
	want := -15000 / math.Sqrt(125e6)
	if math.Abs(z[0].X1-want) > 1e-12 {
		t.Errorf("z₁ of income = %v, want %v", z[0].X1, want)
	}
	for k, get := range []func(Point) float64{func(p Point) float64 { return p.X1 }, func(p Point) float64 { return p.X2 }} {
		m, v := 0.0, 0.0
		for _, p := range z {
			m += get(p) / 4
		}
		for _, p := range z {
			v += (get(p) - m) * (get(p) - m) / 4
		}
		if math.Abs(m) > 1e-12 || math.Abs(v-1) > 1e-12 {
			t.Errorf("coordinate %d: mean %v, variance %v; want 0 and 1", k+1, m, v)
		}
	}
	for i := range pts {
		if z[i].Y != pts[i].Y {
			t.Errorf("label %d changed", i)
		}
	}
	c := Standardize([]Point{{1, 5, 1}, {3, 5, -1}})
	if c[0].X2 != 0 || c[1].X2 != 0 {
		t.Errorf("a constant coordinate: %v, want centred to 0", c)
	}
	if Standardize(nil) != nil {
		t.Error("no points in, some out")
	}
}
