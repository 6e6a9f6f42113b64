package learn

import (
	"math"
	"slices"
	"strings"
)

// Functions on a line. A 1-D dataset (seed 003, "Non-linear features: 1D
// input": points on a line that no threshold separates, lifted to (x, x²)
// where a line does) is points x = (x₁, 0): the kernels see the plane, but
// everything a person reads of it lives on the line x₂ = 0. There f is a
// function of one number x = x₁, φ keeps only the features without x₂
// (the rest are 0 there), and under (x·z + 1)² that leaves
//
//	φ(x) = (1, √2·x, x²),  f(x) = w·φ(x) = w₀ + √2·w₁·x + w₂·x²,
//
// a line w₀ + √2·w₁·u + w₂·v = 0 in the plane (u, v) = (x, x²).

// OnLine is φ on the line x₂ = 0: the features of m without a power of
// x₂, in m's order, named in x (x₁ is the line's one coordinate): "1",
// "√2·x", "x²". The features it drops are 0 at every point of the line,
// so φ(x)·φ(z) is unchanged there.
func (m *FeatureMap) OnLine() *FeatureMap {
	out := &FeatureMap{kernel: m.kernel, bias: m.bias, line: true}
	for k, e := range m.pow {
		if e[1] != 0 {
			continue
		}
		// The constant as m writes it (κ from λ, exact): m's name less its
		// monomial, which is x₁ᵃ alone here.
		c, mono := m.Names[k], ""
		if e[0] > 0 {
			mono = "x"
			old := "x₁"
			if e[0] > 1 {
				mono += superscript(e[0])
				old += superscript(e[0])
			}
			if c == old {
				c = "1"
			} else {
				c = strings.TrimSuffix(c, "·"+old)
			}
		}
		out.Names = append(out.Names, featureName(c, mono))
		out.kappa = append(out.kappa, m.kappa[k])
		out.pow = append(out.pow, e)
		out.rad = append(out.rad, m.rad[k])
	}
	return out
}

// IsOnLine reports whether the map is φ on the line x₂ = 0 (OnLine).
func (m *FeatureMap) IsOnLine() bool { return m.line }

// OnLine is the primal on the line x₂ = 0: w on the features of
// p.Map.OnLine(), b kept. When the support vectors lie on the line (a 1-D
// dataset) the weights it drops are exactly 0, w = Σⱼ cⱼ φ(xⱼ) having 0
// in every feature with x₂; at any point of the line f is unchanged.
func (p *Primal) OnLine() *Primal {
	out := &Primal{Map: p.Map.OnLine(), B: p.B}
	for k, e := range p.Map.pow {
		if e[1] == 0 {
			out.W = append(out.W, p.W[k])
		}
	}
	return out
}

// LinePoly is f on the line, f(x) = f(x, 0), as the coefficients of a
// polynomial in x: c[k] multiplies xᵏ, trailing zeros trimmed, rounding
// noise (within 1e-12 of the largest) set to 0, and a coefficient within
// 1e-12 (relative) of an integer made that integer, as Primal.Function
// writes them. ok is false when f is not a polynomial of small degree (a
// kernel with an RBF or sigmoid part).
func LinePoly(e Expansion) (c []float64, ok bool) {
	q, ok := expand(e, e.Embed(0, 0).X0 == 1)
	if !ok {
		return nil, false
	}
	for ex, v := range q {
		if ex[1] != 0 {
			continue // 0 on the line
		}
		for len(c) <= ex[0] {
			c = append(c, 0)
		}
		c[ex[0]] += v
	}
	return tidy(c), true
}

// tidy trims c's noise and its trailing zeros, and makes near-integers
// integers (see LinePoly).
func tidy(c []float64) []float64 {
	big := 0.0
	for _, v := range c {
		big = math.Max(big, math.Abs(v))
	}
	for k, v := range c {
		if math.Abs(v) <= 1e-12*big {
			c[k] = 0
		} else if n := math.Round(v); math.Abs(v-n) <= 1e-12*math.Abs(n) {
			c[k] = n
		}
	}
	for len(c) > 0 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	return c
}

// LineString writes a polynomial in x, highest power first, as Function
// writes one in x₁ and x₂: "−6·x² + 2", "x − 0.5", "0".
func LineString(c []float64) string {
	var b strings.Builder
	first := true
	for k := len(c) - 1; k >= 0; k-- {
		v := c[k]
		if v == 0 {
			continue
		}
		mono := ""
		if k > 0 {
			mono = "x"
			if k > 1 {
				mono += superscript(k)
			}
		}
		switch {
		case mono == "":
			writeCoef(&b, v, first)
		case math.Abs(v) == 1:
			switch {
			case first && v < 0:
				b.WriteString("−")
			case !first && v < 0:
				b.WriteString(" − ")
			case !first:
				b.WriteString(" + ")
			}
			b.WriteString(mono)
		default:
			writeCoef(&b, v, first)
			b.WriteString("·" + mono)
		}
		first = false
	}
	if first {
		return "0"
	}
	return b.String()
}

// Interval is the open interval Lo < x < Hi of the line; an end may be
// infinite.
type Interval struct{ Lo, Hi float64 }

// Positive is where f > 0 on the line: the intervals, in order, and
// whether they are known on the whole line (Exact) or only within the
// range they were looked for in, [Lo, Hi] of PositiveOnLine.
type Positive struct {
	Set   []Interval
	Exact bool
	// Lo and Hi are the range looked in when not Exact: an interval that
	// reaches one of them may go on past it.
	Lo, Hi float64
}

// PositiveOnLine is where f(x, 0) > 0, the part of the line the learner
// calls +1. When f is a polynomial there (LinePoly) its real roots split
// the whole line: a quadratic's by the quadratic formula (written so
// that neither root loses digits to cancellation), higher degrees' by
// bisection within Cauchy's bound 1 + max|cₖ/c_d| on the roots. Other
// kernels are sampled over [lo, hi] at scanPoints points, each sign change
// refined by bisection: two roots closer than a sample apart may be
// missed, and the set is only known within [lo, hi].
func PositiveOnLine(e Expansion, lo, hi float64) Positive {
	if c, ok := LinePoly(e); ok {
		return Positive{Set: positivePoly(c), Exact: true}
	}
	f := func(x float64) float64 { return e.Decide(x, 0) }
	return Positive{Set: positiveScan(f, lo, hi), Lo: lo, Hi: hi}
}

// scanPoints is how many points positiveScan samples.
const scanPoints = 1024

// positivePoly is where Σ cₖ xᵏ > 0 on the whole line.
func positivePoly(c []float64) []Interval {
	eval := func(x float64) float64 {
		v := 0.0
		for k := len(c) - 1; k >= 0; k-- {
			v = v*x + c[k]
		}
		return v
	}
	var roots []float64
	switch len(c) {
	case 0, 1: // 0 or a constant: no roots
	case 2:
		roots = []float64{-c[0] / c[1]}
	case 3:
		a, b, k := c[2], c[1], c[0]
		disc := b*b - 4*a*k
		if disc >= 0 {
			// q = −(b + sign(b)·√disc)/2; the roots are q/a and k/q.
			s := math.Sqrt(disc)
			if b < 0 {
				s = -s
			}
			q := -(b + s) / 2
			if q != 0 {
				roots = []float64{q / a, k / q}
			} else {
				roots = []float64{0} // b = k = 0: a·x² has its one root at 0
			}
		}
	default:
		bound := 0.0
		for _, v := range c[:len(c)-1] {
			bound = math.Max(bound, math.Abs(v/c[len(c)-1]))
		}
		bound++
		return positiveScan(eval, -bound, bound, outsideSign(c)...)
	}
	return signsBetween(eval, roots)
}

// outsideSign is the sign of the polynomial c beyond its roots, left and
// right: the leading term's.
func outsideSign(c []float64) []float64 {
	d := len(c) - 1
	right := math.Copysign(1, c[d])
	left := right
	if d%2 == 1 {
		left = -right
	}
	return []float64{left, right}
}

// signsBetween is where f > 0, given all of its roots: each stretch
// between two roots, and the two beyond them, is positive or not as f is
// at a point inside it. A double root, where f touches 0 without changing
// sign, parts two positive stretches: f is 0 there, not > 0.
func signsBetween(f func(float64) float64, roots []float64) []Interval {
	roots = slices.Clone(roots)
	slices.Sort(roots)
	roots = slices.Compact(roots)
	ends := append(append([]float64{math.Inf(-1)}, roots...), math.Inf(1))
	var out []Interval
	for k := range len(ends) - 1 {
		lo, hi := ends[k], ends[k+1]
		var mid float64
		switch {
		case math.IsInf(lo, -1) && math.IsInf(hi, 1):
			mid = 0
		case math.IsInf(lo, -1):
			mid = hi - 1 - math.Abs(hi)
		case math.IsInf(hi, 1):
			mid = lo + 1 + math.Abs(lo)
		default:
			mid = lo/2 + hi/2
		}
		if f(mid) > 0 {
			out = append(out, Interval{lo, hi})
		}
	}
	return out
}

// positiveScan is where f > 0 within [lo, hi], sampled at scanPoints
// points with each sign change refined by bisection. With outside (the
// sign left of lo and right of hi, known for a polynomial whose roots all
// lie within), an interval that reaches an end reaches infinity.
func positiveScan(f func(float64) float64, lo, hi float64, outside ...float64) []Interval {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return nil
	}
	at := func(k int) float64 { return lo + (hi-lo)*float64(k)/scanPoints }
	var out []Interval
	start, in := lo, f(lo) > 0
	if in && len(outside) == 2 && outside[0] > 0 {
		start = math.Inf(-1)
	}
	prevX, prevIn := lo, in
	for k := 1; k <= scanPoints; k++ {
		x := at(k)
		now := f(x) > 0
		if now != prevIn {
			// Bisect (prevX, x) for where f crosses 0.
			a, b := prevX, x
			for range 60 {
				m := a/2 + b/2
				if m == a || m == b {
					break
				}
				if (f(m) > 0) == prevIn {
					a = m
				} else {
					b = m
				}
			}
			root := a/2 + b/2
			if prevIn {
				out = append(out, Interval{start, root})
			} else {
				start = root
			}
		}
		prevX, prevIn = x, now
	}
	if prevIn {
		end := hi
		if len(outside) == 2 && outside[1] > 0 {
			end = math.Inf(1)
		}
		out = append(out, Interval{start, end})
	}
	return out
}
