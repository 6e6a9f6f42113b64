package learn

import "math"

// expTableBits sets the table of expFast: 2^(j/64) for j = 0…63.
const expTableBits = 6

var expTable = func() (t [1 << expTableBits]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / (1 << expTableBits))
	}
	return t
}()

// Constants of expFast's argument reduction (Cody–Waite: ln 2 / 64 split in
// a part exact in few bits and a correction).
const (
	expN      = 1 << expTableBits
	expInvL   = expN / math.Ln2
	expLn2Hi  = 6.93147180369123816490e-01 / expN // ln 2, high bits (math/exp.go)
	expLn2Lo  = 1.90821492927058770002e-10 / expN // ln 2 − Ln2Hi
	expShift  = 0x1.8p52                          // adding it rounds to an integer
	expMax    = 7.09782712893383973096e+02        // above: +Inf (math/exp.go)
	expMinArg = -7.08e2                           // below: left to math.Exp (subnormal results)
)

// expFast is eˣ to within a few units in the last place, about twice as
// fast as math.Exp; the RBF kernel spends most of a training run in it.
//
//	eˣ = 2^(k/64) · eʳ,  k = round(64x / ln 2),  r = x − k·ln 2/64,  |r| ≤ ln 2/128
//	eʳ ≈ 1 + r + r²/2 + r³/6 + r⁴/24 + r⁵/120  (next term < 3.5e-17 relative)
//
// (Table-driven reduction as in Tang, "Table-driven implementation of the
// exponential function in IEEE floating-point arithmetic", ACM TOMS 1989.)
func expFast(x float64) float64 {
	if !(x >= expMinArg && x <= expMax) { // also NaN
		return math.Exp(x)
	}
	// Each product is converted to float64 so that no compiler fuses it with
	// the next addition (Go fuses x*y + z where the processor has FMA, as
	// amd64 does with GOAMD64=v3): the values are the same on every target,
	// and the same as the vector path's (rbfrow_amd64.s).
	kf := (float64(x*expInvL) + expShift) - expShift // round(64x / ln 2), exactly
	k := int64(kf)
	r := (x - float64(kf*expLn2Hi)) - float64(kf*expLn2Lo)
	q := 1.0/24 + float64(r*(1.0/120))
	q = 1.0/6 + float64(r*q)
	q = 1.0/2 + float64(r*q)
	q = 1 + float64(r*q)
	p := 1 + float64(r*q)
	j := k & (expN - 1)
	m := (k - j) >> expTableBits // k = 64m + j, m may be negative
	// 2^m as a float64 built from its exponent bits; m ≥ −1022 here.
	return expTable[j] * p * math.Float64frombits(uint64(m+1023)<<52)
}
