package learn

// coords holds points coordinate by coordinate (a structure of arrays): x0[j],
// x1[j], x2[j] are X0, X1, X2 of point j. It is the layout the vectorised
// RBF row reads, four points to a load.
type coords struct{ x0, x1, x2 []float64 }

// makeCoords lays out xs coordinate by coordinate.
func makeCoords(xs []Vec) coords {
	var c coords
	c.x0, c.x1, c.x2 = make([]float64, 0, len(xs)), make([]float64, 0, len(xs)), make([]float64, 0, len(xs))
	for _, x := range xs {
		c.add(x)
	}
	return c
}

// add appends one point.
func (c *coords) add(x Vec) {
	c.x0, c.x1, c.x2 = append(c.x0, x.X0), append(c.x1, x.X1), append(c.x2, x.X2)
}

func (c *coords) len() int { return len(c.x0) }

// rbfRow computes the RBF kernel row vⱼ = exp(c·‖x − zⱼ‖²) for every point
// zⱼ of zs (c = −1/(2σ²)); with dst it stores vⱼ in dst[j], with f it adds
// w·vⱼ to f[j] (f(xₖ) += η yᵢ K(xᵢ, xₖ) in one pass over the row, seed 001).
// Either may be nil.
//
// Every value is bit for bit what the scalar path gives, expFast(dist2(x,
// zⱼ)·c) and f[j] + w·vⱼ: the vector path performs the same IEEE
// operations in the same order on four points at a time (no fused
// multiply-add, which would round once instead of twice), and leaves any
// block with an argument outside expFast's table range (far points whose
// value underflows, NaN) to the scalar path. TestRBFRowBitIdentical checks
// both paths against each other and against KernelRow's definition.
func rbfRow(dst, f []float64, x Vec, zs *coords, c, w float64) {
	n := zs.len()
	if dst != nil {
		dst = dst[:n]
	}
	if f != nil {
		f = f[:n]
	}
	x0s, x1s, x2s := zs.x0[:n], zs.x1[:n], zs.x2[:n]
	for j := 0; j < n; {
		if useSIMD {
			j += rbfRowVec(dst, f, x0s, x1s, x2s, j, x, c, w)
		}
		// One block the vector path left (or all of them without it), and
		// the last n mod 4 points.
		end := n
		if useSIMD {
			end = min(j+4, n)
		}
		for ; j < end; j++ {
			v := expFast(dist2(x, Vec{x0s[j], x1s[j], x2s[j]}) * c)
			if dst != nil {
				dst[j] = v
			}
			if f != nil {
				f[j] += float64(w * v)
			}
		}
	}
}

// rbfChunk is how many points KernelRow lays out at a time for rbfRow: the
// three coordinate buffers (6 KiB) stay in the first-level cache.
const rbfChunk = 256

// rbfKernelRow is KernelRow's RBF case: zs laid out coordinate by
// coordinate a chunk at a time, then rbfRow.
func rbfKernelRow(dst []float64, x Vec, zs []Vec, c float64) {
	var b0, b1, b2 [rbfChunk]float64
	for lo := 0; lo < len(zs); lo += rbfChunk {
		hi := min(lo+rbfChunk, len(zs))
		for j, z := range zs[lo:hi] {
			b0[j], b1[j], b2[j] = z.X0, z.X1, z.X2
		}
		m := hi - lo
		rbfRow(dst[lo:hi], nil, x, &coords{b0[:m], b1[:m], b2[:m]}, c, 0)
	}
}
