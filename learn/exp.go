package learn

import "math"

// expTableBits sets the table of expFast: 2^(j/64) for j = 0…63.
const expTableBits = 6

// expTable is 2^(j/64) for j = 0…63: math.Exp2's values bit for bit
// (TestExpTable), written out rather than computed at start.
var expTable = [1 << expTableBits]float64{
	1, 1.0108892860517005, 1.0218971486541166, 1.0330248790212284,
	1.0442737824274138, 1.0556451783605572, 1.0671404006768237, 1.0787607977571199,
	1.0905077326652577, 1.102382583307841, 1.1143867425958924, 1.1265216186082418,
	1.1387886347566916, 1.1511892299529827, 1.1637248587775775, 1.1763969916502812,
	1.189207115002721, 1.202156731452703, 1.215247359980469, 1.22848053610687,
	1.241857812073484, 1.255380757024691, 1.2690509571917332, 1.2828700160787783,
	1.2968395546510096, 1.3109612115247644, 1.3252366431597413, 1.339667524053303,
	1.3542555469368927, 1.3690024229745905, 1.3839098819638318, 1.398979672538311,
	1.414213562373095, 1.42961333839197, 1.4451808069770467, 1.460917794180647,
	1.4768261459394993, 1.4929077282912648, 1.5091644275934226, 1.5255981507445382,
	1.542210825407941, 1.559004400237837, 1.5759808451078865, 1.593142151342267,
	1.6104903319492543, 1.6280274218573478, 1.6457554781539647, 1.6636765803267364,
	1.6817928305074292, 1.7001063537185235, 1.718619298122478, 1.7373338352737062,
	1.7562521603732995, 1.7753764925265212, 1.7947090750031072, 1.8142521755003989,
	1.8340080864093424, 1.8539791250833857, 1.8741676341103, 1.8945759815869656,
	1.9152065613971474, 1.9360617934922943, 1.9571441241754002, 1.978456026387951,
}

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
