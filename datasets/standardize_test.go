package datasets

import (
	"math"
	"strconv"
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

// TestStandardizeConstantColumn: a coordinate that does not vary is only
// centred (sd taken as 1), also when its mean comes out an ulp off the
// value, as six rows of 0.1 give 0.09999999999999999 (an sd of 1.4e-17
// from the rounding alone): every z within 1e-15 of 0, and a held-out row
// at 0.2 at z = 0.2 − mean ≈ 0.1 (to 1e-15), not 7e15. Checked for 2 to
// 40 rows of a few values. A coordinate 1e6 ± 0.0005 still varies: its
// z-scores have sd 1, to 1e-6 (x − mean carries a rounding of about 1e-10
// against a spread of 5e-4). On 16a85a8 six rows of 0.1 became z = 1.
func TestStandardizeConstantColumn(t *testing.T) {
	for _, v := range []float64{0.1, 0.7, 1e-3, 12345.678, -3.3e8} {
		for n := 2; n <= 40; n++ {
			pts := make([]Point, n)
			for i := range pts {
				pts[i] = Point{X1: v, X2: float64(i), Y: 1}
			}
			for i, z := range Standardize(pts) {
				if math.Abs(z.X1) > 1e-15*max(1, math.Abs(v)) {
					t.Fatalf("%d rows of %v: row %d has z = %v, want 0 (only centred)", n, v, i+1, z.X1)
				}
			}
			c := FitScale(pts)
			if got := c.Point(Point{X1: v + 0.1}).X1; c.SD[0] != 1 || math.Abs(got-0.1) > 1e-15*max(1, math.Abs(v)) {
				t.Fatalf("%d rows of %v: sd %v; a held-out row at %v has z = %v, want sd 1 and z ≈ 0.1", n, v, c.SD[0], v+0.1, got)
			}
		}
	}
	pts := make([]Point, 10)
	for i := range pts {
		pts[i] = Point{X1: 1e6 + 1e-3*float64(i%2), X2: 1, Y: 1}
	}
	m, ss := 0.0, 0.0
	z := Standardize(pts)
	for _, p := range z {
		m += p.X1 / 10
	}
	for _, p := range z {
		ss += (p.X1 - m) * (p.X1 - m) / 10
	}
	if math.Abs(math.Sqrt(ss)-1) > 1e-6 {
		t.Errorf("1e6 ± 0.0005: the z-scores' sd is %v, want 1: a small spread is still a spread", math.Sqrt(ss))
	}
}

// TestScaleRatio: the root mean squares' ratio, larger over smaller. For
// (30000, 20) and (50000, 60): √((30000² + 50000²)/2) = √1.7e9 ≈ 41231 and
// √((20² + 60²)/2) = √2000 ≈ 44.72, a ratio of √850000 ≈ 921.95 either
// way round; equal scales give 1, and so do no points and a column of
// zeros.
func TestScaleRatio(t *testing.T) {
	pts := []Point{{X1: 30000, X2: 20, Y: 1}, {X1: 50000, X2: 60, Y: -1}}
	want := math.Sqrt(850000)
	if got := ScaleRatio(pts); math.Abs(got-want) > 1e-9*want {
		t.Errorf("ScaleRatio = %v, want √850000 = %v", got, want)
	}
	swapped := []Point{{X1: 20, X2: 30000, Y: 1}, {X1: 60, X2: 50000, Y: -1}}
	if got := ScaleRatio(swapped); math.Abs(got-want) > 1e-9*want {
		t.Errorf("swapped: ScaleRatio = %v, want %v", got, want)
	}
	for name, pts := range map[string][]Point{
		"equal": {{X1: 1, X2: -1, Y: 1}, {X1: -2, X2: 2, Y: -1}},
		"none":  nil,
		"zeros": {{X1: 0, X2: 5, Y: 1}, {X1: 0, X2: 7, Y: -1}},
	} {
		if got := ScaleRatio(pts); got != 1 {
			t.Errorf("%s: ScaleRatio = %v, want 1", name, got)
		}
	}
}

// BenchmarkScaleRatio: one pass over the points, at the sizes kernelscope
// reads (the narration asks it once per redraw while a run sits at its cap).
func BenchmarkScaleRatio(b *testing.B) {
	for _, n := range []int{100, 10_000, 1_000_000} {
		pts := make([]Point, n)
		for i := range pts {
			pts[i] = Point{X1: float64(i) * 1000, X2: float64(i % 97), Y: 1}
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				ScaleRatio(pts)
			}
		})
	}
}
