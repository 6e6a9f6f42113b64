package learn

import (
	"math"
	"testing"
)

// fnExpansion is an expansion given by its function alone, for the lattice
// tests below: one support vector, so a search counts 90 evaluations.
type fnExpansion struct{ f func(x1, x2 float64) float64 }

func (fnExpansion) Kernel() Kernel                  { return Linear{} }
func (fnExpansion) Embed(x1, x2 float64) Vec        { return Vec{0, x1, x2} }
func (fnExpansion) N() int                          { return 1 }
func (fnExpansion) X(int) Vec                       { return Vec{} }
func (fnExpansion) SupportVectors() []int           { return []int{0} }
func (fnExpansion) Coef(int) float64                { return 1 }
func (fnExpansion) Offset() float64                 { return 0 }
func (e fnExpansion) Decide(x1, x2 float64) float64 { return e.f(x1, x2) }

// fieldOf is e on a w×h lattice over r.
func fieldOf(e Expansion, r Rect, w, h int) *Field {
	fd := NewField(r, w, h)
	for y := range h {
		for x := range w {
			fd.Values[y*w+x] = e.Decide(fd.Point(x, y))
		}
	}
	return fd
}

// TestTouchingZeros: f = ±(x₁ + x₂)² touches 0 along x₁ + x₂ = 0 without
// changing sign, on either side of it. On a 9×9 lattice over [−1, 1]² the
// points (c, c) lie on it (x₁ + x₂ = (c − r)·2/9), and each of the seven
// inside the lattice is found, whether f is ≥ 0 or ≤ 0 around it, and
// only those. On a 10×10 lattice over [−1.05, 1]×[−1, 1] no lattice point
// lies on it (x₁ + x₂ = −0.0475 + 0.205c − 0.2r, at least 0.0025 off) and
// the search finds points between them, each within 1e-4 of x₁ + x₂ = 0
// (there f ≤ 1e-9·max|f| = 1e-9·1.8475² ≈ 3.4e-9, so |x₁ + x₂| ≤ 5.9e-5);
// with no work allowed it finds none. f = x₁, which
// crosses 0, touches nowhere.
func TestTouchingZeros(t *testing.T) {
	square := Rect{MinX1: -1, MaxX1: 1, MinX2: -1, MaxX2: 1}
	shifted := Rect{MinX1: -1.05, MaxX1: 1, MinX2: -1, MaxX2: 1}
	for _, s := range []float64{1, -1} {
		e := fnExpansion{func(x1, x2 float64) float64 { return s * (x1 + x2) * (x1 + x2) }}
		got := TouchingZeros(fieldOf(e, square, 9, 9), e, 1e6)
		if len(got) != 7 {
			t.Errorf("sign %+v, 9×9: %d touching zeros, want 7", s, len(got))
		}
		for k, z := range got {
			if c, r := z.At%9, z.At/9; c != k+1 || r != k+1 || math.Abs(z.X1+z.X2) > 1e-15 {
				t.Errorf("sign %+v, 9×9: %+v, want lattice point (%d, %d) on x₁ + x₂ = 0", s, z, k+1, k+1)
			}
		}
		fd := fieldOf(e, shifted, 10, 10)
		got = TouchingZeros(fd, e, 1e6)
		if len(got) < 8 {
			t.Errorf("sign %+v, shifted: %d touching zeros, want one a row at least", s, len(got))
		}
		for _, z := range got {
			if math.Abs(z.X1+z.X2) > 1e-4 || math.Abs(fd.Values[z.At]) == 0 {
				t.Errorf("sign %+v, shifted: %+v is not on x₁ + x₂ = 0 between lattice points", s, z)
			}
		}
		if got := TouchingZeros(fd, e, -1); len(got) != 0 {
			t.Errorf("sign %+v, shifted, no work: %d touching zeros, want none", s, len(got))
		}
	}
	x1 := fnExpansion{func(x1, _ float64) float64 { return x1 }}
	if got := TouchingZeros(fieldOf(x1, square, 9, 9), x1, 1e6); len(got) != 0 {
		t.Errorf("f = x₁: %d touching zeros, want none", len(got))
	}
	if got := TouchingZeros(fieldOf(x1, square, 9, 9), nil, 1e6); got != nil {
		t.Errorf("no expansion: %v", got)
	}
}
