package feature

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// identity is the frame that leaves coordinates as they are.
var identity = [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// edgeFrame is the frame that shows the plane with normal n edge-on: its
// rows are the directions drawn across the screen (n/‖n‖, so the plane is
// a vertical line), into it, and up. Up is the direction, within the
// plane, along which the points spread the most (the top principal axis
// of their components in the plane), so that the line shows them apart;
// into the screen is what is left (up × across, a proper rotation). With
// no plane (n = 0) across and up are the points' top two principal axes.
// Degenerate clouds fall back on any orthonormal frame with that across.
func edgeFrame(pts [][3]float64, n [3]float64) [3][3]float64 {
	nn := norm3(n)
	if !(nn > 0) || math.IsInf(nn, 0) {
		axes, k := principal(pts, [3]float64{})
		switch k {
		case 0:
			return identity
		case 1:
			// The points spread along one line: it goes across.
			up, _ := tangents(axes[0])
			return rightHanded(axes[0], up)
		}
		return rightHanded(axes[0], axes[1])
	}
	across := scale3(n, 1/nn)
	up, _ := tangents(across)
	if axes, k := principal(pts, across); k > 0 {
		up = axes[0]
	}
	return rightHanded(across, up)
}

// rightHanded is the frame (across, up × across, up) for orthonormal
// across and up.
func rightHanded(across, up [3]float64) [3][3]float64 {
	depth := cross3(up, across)
	return [3][3]float64{across, depth, up}
}

// principal returns the top principal axes of the points' components
// orthogonal to the unit vector off (all of them when off = 0), centred,
// each turned so that its largest entry is positive: k of them, up to two
// (one in the plane orthogonal to off), along which the points spread
// beyond rounding.
func principal(pts [][3]float64, off [3]float64) (axes [2][3]float64, k int) {
	var mean [3]float64
	var rs [][3]float64
	size := 0.0 // the largest |p|²
	for _, p := range pts {
		r := add3(p, scale3(off, -dot3(p, off)))
		if s := dot3(p, p) + dot3(r, r); math.IsNaN(s) || math.IsInf(s, 0) {
			continue
		}
		size = max(size, dot3(p, p))
		rs = append(rs, r)
		mean = add3(mean, r)
	}
	if len(rs) == 0 {
		return axes, 0
	}
	mean = scale3(mean, 1/float64(len(rs)))
	c := mat.NewSymDense(3, nil)
	big := 0.0
	for _, r := range rs {
		d := add3(r, scale3(mean, -1))
		big = max(big, dot3(d, d))
		for i := range 3 {
			for j := i; j < 3; j++ {
				c.SetSym(i, j, c.At(i, j)+d[i]*d[j])
			}
		}
	}
	var es mat.EigenSym
	// A spread within rounding of the points' size is none.
	if big <= 1e-24*size || !es.Factorize(c, true) {
		return axes, 0
	}
	vals := es.Values(nil) // ascending
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	most := 2 // in the plane one axis decides the frame
	if off != ([3]float64{}) {
		most = 1
	}
	for ; k < most; k++ {
		col := 2 - k
		// A direction along which the cloud does not spread is no axis
		// (rounding leaves its eigenvalue at about 1e-16 of the top one).
		if vals[col] <= 1e-12*vals[2] {
			break
		}
		v := [3]float64{vecs.At(0, col), vecs.At(1, col), vecs.At(2, col)}
		// Keep it orthogonal to off and to the first axis despite rounding.
		v = add3(v, scale3(off, -dot3(v, off)))
		if k == 1 {
			v = add3(v, scale3(axes[0], -dot3(v, axes[0])))
		}
		l := norm3(v)
		if !(l > 0) {
			break
		}
		axes[k] = positive(scale3(v, 1/l))
	}
	return axes, k
}

// positive turns v so that its largest-magnitude entry is positive (the
// first of ties within 1e-9), so a frame does not flip on rounding.
func positive(v [3]float64) [3]float64 {
	big := max(math.Abs(v[0]), math.Abs(v[1]), math.Abs(v[2]))
	for _, x := range v {
		if math.Abs(x) >= big*(1-1e-9) {
			if x < 0 {
				return scale3(v, -1)
			}
			return v
		}
	}
	return v
}

// apply is frame f applied to p: p's coordinates across, into the screen
// and up.
func apply(f [3][3]float64, p [3]float64) [3]float64 {
	return [3]float64{dot3(f[0], p), dot3(f[1], p), dot3(f[2], p)}
}

func cross3(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
