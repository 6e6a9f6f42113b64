package learn

import (
	"math"

	"golang.org/x/sys/cpu"
)

// useSIMD selects the vector RBF row (rbfrow_amd64.s) when the processor
// has AVX2; tests turn it off to run the portable scalar path. use512
// selects its eight-lane AVX-512 form where the processor has AVX-512F
// (and the OS saves its registers, which x/sys/cpu checks); tests turn it
// off to run the four-lane form.
var (
	useSIMD = cpu.X86.HasAVX2
	use512  = cpu.X86.HasAVX512F
)

// rbfVecConst are the constants of expFast, each four times over (one
// 256-bit load each), in the order rbfrow_amd64.s reads them. They are
// expFast's own constants, so the two paths cannot disagree on one.
var rbfVecConst = [13][4]float64{
	splat4(expInvL), splat4(expShift), splat4(expLn2Hi), splat4(expLn2Lo),
	splat4(1.0 / 120), splat4(1.0 / 24), splat4(1.0 / 6), splat4(1.0 / 2), splat4(1),
	splat4(expMinArg), splat4(expMax),
	splat4(math.Float64frombits(expN - 1)),   // the mask of j = k mod 64
	splat4(math.Float64frombits(1023 << 52)), // the exponent bias in place
}

// rbfRowAVX2 is rbfRow's loop over whole blocks of four points from 0 to n,
// four lanes to a 256-bit register. It stops at the first block holding an
// argument outside [expMinArg, expMax] (or NaN), and returns how many points
// it did: a multiple of four.
//
//go:noescape
func rbfRowAVX2(dst, f, z0, z1, z2 *float64, n int, x0, x1, x2, c, w float64, consts *[13][4]float64, table *float64) int

// rbfRowAVX512 is rbfRowAVX2 on eight lanes, in blocks of eight points.
//
//go:noescape
func rbfRowAVX512(dst, f, z0, z1, z2 *float64, n int, x0, x1, x2, c, w float64, consts *[13][4]float64, table *float64) int

// rbfRowVec runs the vector loop from point j on and returns how many
// points it did.
func rbfRowVec(dst, f, z0, z1, z2 []float64, j int, x Vec, c, w float64) int {
	var d, g *float64
	if dst != nil {
		d = &dst[j]
	}
	if f != nil {
		g = &f[j]
	}
	if use512 {
		// Blocks of eight; rbfRow takes what is left, n mod 8 or a block
		// with an argument out of range, four points at a time.
		return rbfRowAVX512(d, g, &z0[j], &z1[j], &z2[j], len(z0)-j, x.X0, x.X1, x.X2, c, w, &rbfVecConst, &expTable[0])
	}
	return rbfRowAVX2(d, g, &z0[j], &z1[j], &z2[j], len(z0)-j, x.X0, x.X1, x.X2, c, w, &rbfVecConst, &expTable[0])
}

// axpyAVX2 is axpy's loop over the first n rounded down to a multiple of
// eight entries, four lanes at a time.
//
//go:noescape
func axpyAVX2(f, row *float64, n int, w float64)

// axpyVec does what it can of f += w·row with axpyAVX2 and returns how many
// entries it did.
func axpyVec(f, row []float64, w float64) int {
	n := len(row) &^ 7
	if n == 0 {
		return 0
	}
	axpyAVX2(&f[0], &row[0], n, w)
	return n
}
