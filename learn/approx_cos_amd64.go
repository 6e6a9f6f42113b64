package learn

import "golang.org/x/sys/cpu"

// The fused random-feature pass in AVX2 + FMA assembly
// (approx_cos_amd64.s): rffDotGo's algorithm four features to a register,
// eight to a loop turn, about eight times as fast. Chosen at start by
// golang.org/x/sys/cpu; without AVX2 and FMA the portable rffDotGo runs.
//
// Its results differ from rffDotGo's in the last bits (FMA rounds a·b + c
// once, and the sum runs in eight lanes), but it is as deterministic: the
// same inputs always give the same bits.

// rffDot is the fused random-feature pass (rffDotGo's contract).
var rffDot = func() func(z, w, ca, cb, ph []float64, x1, x2, scale float64) float64 {
	if hasAVX2FMA() {
		return rffDotFast
	}
	return rffDotGo
}()

// rffConst is what the assembly broadcasts, four copies of each: the
// rounding shift, then cosHalf's coefficients from the highest degree down.
var rffConst = [9][4]float64{
	splat4(roundShift),
	splat4(cosC7), splat4(cosC6), splat4(cosC5), splat4(cosC4),
	splat4(cosC3), splat4(cosC2), splat4(cosC1), splat4(cosC0),
}

func splat4(v float64) [4]float64 { return [4]float64{v, v, v, v} }

// rffDotFast runs the assembly on the first multiple of 8 features and
// rffDotGo on the rest, adding the tail's sum last.
func rffDotFast(z, w, ca, cb, ph []float64, x1, x2, scale float64) float64 {
	n := len(z)
	w, ca, cb, ph = w[:n], ca[:n], cb[:n], ph[:n]
	n8 := n &^ 7
	s := 0.0
	if n8 > 0 {
		s = rffDotAVX2(z[:n8], w[:n8], ca[:n8], cb[:n8], ph[:n8], x1, x2, scale)
	}
	if n8 < n {
		s += rffDotGo(z[n8:], w[n8:], ca[n8:], cb[n8:], ph[n8:], x1, x2, scale)
	}
	return s
}

// rffDotAVX2 is rffDotGo for len(z) a multiple of 8 and every other slice
// at least as long, with sums in eight lanes (k mod 8) added at the end as
// ((l₀+l₄) + (l₂+l₆)) + ((l₁+l₅) + (l₃+l₇)).
//
//go:noescape
func rffDotAVX2(z, w, ca, cb, ph []float64, x1, x2, scale float64) float64

// hasAVX2FMA reports whether the CPU has AVX2 and FMA and the OS saves the
// YMM registers (golang.org/x/sys/cpu checks the last).
func hasAVX2FMA() bool { return cpu.X86.HasAVX2 && cpu.X86.HasFMA }
