package feature

import (
	"math"
	"testing"
)

// TestEdgeFrame: the frame is a rotation (orthonormal rows, determinant
// +1) whose first row is w's direction, so the plane w·φ = c is seen
// edge-on; up is the points' spread in the plane. For worked4 after its
// first step, w = φ(x₁) = (1, √2, 1) (seed 003) and the points' parts in the
// plane are 0 (x₁, x₃) and φ(x₂) = (1, −√2, 1) (x₂, x₄; w·φ(x₂) = 0), so up
// is ±(1, −√2, 1)/2.
func TestEdgeFrame(t *testing.T) {
	t.Parallel()
	r2 := math.Sqrt2
	phi := [][3]float64{{1, r2, 1}, {1, -r2, 1}, {1, r2, 1}, {1, -r2, 1}}
	f := edgeFrame(phi, [3]float64{1, r2, 1})
	rotation(t, f)
	for k, want := range [3]float64{0.5, r2 / 2, 0.5} {
		if math.Abs(f[0][k]-want) > 1e-12 {
			t.Fatalf("across %v, want w/‖w‖ = (1, √2, 1)/2", f[0])
		}
	}
	if up := f[2]; math.Abs(math.Abs(dot3(up, [3]float64{0.5, -r2 / 2, 0.5}))-1) > 1e-12 {
		t.Errorf("up %v, want ±(1, −√2, 1)/2", up)
	}
	// Before the first mistake w = 0: across is the points' spread, the
	// √2·x₁x₂ axis (the only one they differ on).
	f = edgeFrame(phi, [3]float64{})
	rotation(t, f)
	if f[0] != [3]float64{0, 1, 0} {
		t.Errorf("w = 0: across %v, want the √2·x₁x₂ axis", f[0])
	}
	// No points, or all at one place: a frame still.
	rotation(t, edgeFrame(nil, [3]float64{0, 0, 2}))
	rotation(t, edgeFrame([][3]float64{{1, 2, 3}, {1, 2, 3}}, [3]float64{}))
}

// rotation fails t unless f's rows are orthonormal with determinant +1.
func rotation(t *testing.T, f [3][3]float64) {
	t.Helper()
	for i := range 3 {
		for j := range 3 {
			want := 0.0
			if i == j {
				want = 1
			}
			if math.Abs(dot3(f[i], f[j])-want) > 1e-12 {
				t.Fatalf("frame %v: rows %d and %d have dot product %v", f, i, j, dot3(f[i], f[j]))
			}
		}
	}
	if det := dot3(f[0], cross3(f[1], f[2])); math.Abs(det-1) > 1e-12 {
		t.Fatalf("frame %v: determinant %v, want +1", f, det)
	}
}
