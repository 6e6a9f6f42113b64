package learn

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Function writes the learned decision function the way seed 003 writes its
// result ("y = Σₖ aᵏ K(xᵏ, x) = 1×K(x¹, x) = (x₁ + x₂)²"): the support-vector
// sum, then, when every part of the kernel is a polynomial, the same function
// expanded into monomials of x₁ and x₂. Longer sums are summarised.
func (p *Perceptron) Function() string { return writeFunction(p, p.cfg.Bias) }

// writeFunction writes f(x) = Σⱼ cⱼ K(xⱼ, x) + b of any expansion as
// Function does, with the offset b when it is not 0.
func writeFunction(e Expansion, bias bool) string {
	svs := e.SupportVectors()
	off := e.Offset()
	if len(svs) == 0 {
		if off != 0 {
			return "f(x) = b = " + Num(off) + " (no support vectors yet)"
		}
		return "f(x) = 0 (no support vectors yet)"
	}
	var b strings.Builder
	b.WriteString("f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x)")
	if off != 0 {
		b.WriteString(" + b")
	}
	b.WriteString(" = ")
	if len(svs) > maxWrittenTerms {
		terms := " support vectors"
		if _, dense := e.(Dense); dense {
			terms = " examples" // every example weighs in f: none is a support vector
		}
		b.WriteString("a sum over " + strconv.Itoa(len(svs)) + terms)
	} else {
		for n, j := range svs {
			writeCoef(&b, e.Coef(j), n == 0)
			b.WriteString("·K(x" + Sub(j+1) + ", x)")
		}
	}
	if off != 0 {
		writeCoef(&b, off, false)
	}
	last := ""
	if len(svs) <= maxWrittenTerms {
		if sub, ok := substituted(e, bias); ok {
			b.WriteString(" = " + sub)
			last = sub
		}
	}
	if poly, ok := expand(e, bias); ok && poly.String() != last {
		b.WriteString(" = " + poly.String())
	}
	return b.String()
}

// substituted writes the sum with each K(xⱼ, x) written out for its xⱼ, as
// seed 003 does ("= K([1,1], x) = (x₁ + x₂)²"), when every kernel part can be.
func substituted(e Expansion, bias bool) (string, bool) {
	var b strings.Builder
	svs := e.SupportVectors()
	off := e.Offset()
	for n, j := range svs {
		k, ok := kernelAt(e.Kernel(), e.X(j), bias)
		if !ok {
			return "", false
		}
		c := e.Coef(j)
		if len(svs) == 1 && c == 1 && off == 0 {
			return k, true
		}
		writeCoef(&b, c, n == 0)
		b.WriteString("·" + k)
	}
	if off != 0 {
		writeCoef(&b, off, false)
	}
	return b.String(), true
}

// kernelAt writes K(z, x) as a function of x for a fixed z, when k is a
// named kernel whose family knows how (Family.at). Sums and products are
// not written out: Function then stops at the support-vector sum.
func kernelAt(k Kernel, z Vec, bias bool) (string, bool) {
	f, ok := FamilyOf(k)
	if !ok || f.at == nil {
		return "", false
	}
	return f.at(f.Values(k), z, bias)
}

// maxWrittenTerms is how many support vectors Function writes out one by one.
const maxWrittenTerms = 8

// writeCoef writes c as the coefficient of a term: "c", "− |c|" or " + c".
func writeCoef(b *strings.Builder, c float64, first bool) {
	switch {
	case first && c < 0:
		b.WriteString("−" + Num(-c))
	case first:
		b.WriteString(Num(c))
	case c < 0:
		b.WriteString(" − " + Num(-c))
	default:
		b.WriteString(" + " + Num(c))
	}
}

// expand returns f as a polynomial in (x₁, x₂) when the kernel is built from
// linear and polynomial parts of small degree.
func expand(e Expansion, bias bool) (polynomial, bool) {
	total := polynomial{}
	for _, j := range e.SupportVectors() {
		q, ok := kernelPoly(e.Kernel(), e.X(j), bias)
		if !ok {
			return nil, false
		}
		total.addScaled(q, e.Coef(j))
	}
	if off := e.Offset(); off != 0 {
		total.addScaled(polynomial{{0, 0}: 1}, off)
	}
	total.prune()
	return total, true
}

// maxExpandDegree bounds the degree of an expanded polynomial; beyond it the
// monomials are more than a person reads.
const maxExpandDegree = 6

// kernelPoly returns K(z, x) as a polynomial in x = (x₁, x₂), where x̃₀ = 1
// with bias augmentation and 0 without. Sums, products and scaled kernels
// combine their parts' polynomials here; a named kernel is its family's to
// expand (Family.expand).
func kernelPoly(k Kernel, z Vec, bias bool) (polynomial, bool) {
	switch k := k.(type) {
	case Sum:
		out := polynomial{}
		for _, part := range k {
			q, ok := kernelPoly(part, z, bias)
			if !ok {
				return nil, false
			}
			out.addScaled(q, 1)
		}
		return out, true
	case Product:
		out := polynomial{{0, 0}: 1}
		for _, part := range k {
			q, ok := kernelPoly(part, z, bias)
			if !ok {
				return nil, false
			}
			out = out.mul(q)
		}
		if out.degree() > maxExpandDegree {
			return nil, false
		}
		return out, true
	case Scaled:
		q, ok := kernelPoly(k.K, z, bias)
		if !ok {
			return nil, false
		}
		out := polynomial{}
		out.addScaled(q, k.A)
		return out, true
	}
	// A named kernel: its family expands it, if it is a polynomial.
	f, ok := FamilyOf(k)
	if !ok || f.expand == nil {
		return nil, false
	}
	return f.expand(f.Values(k), z, bias)
}

// linearPoly is z·x̃ + c as a polynomial in x.
func linearPoly(z Vec, bias bool, c float64) polynomial {
	constant := c
	if bias {
		constant += z.X0
	}
	return polynomial{{0, 0}: constant, {1, 0}: z.X1, {0, 1}: z.X2}
}

// polynomial maps exponents (a, b) of x₁ᵃx₂ᵇ to coefficients.
type polynomial map[[2]int]float64

func (q polynomial) mul(r polynomial) polynomial {
	out := polynomial{}
	for e1, c1 := range q {
		for e2, c2 := range r {
			out[[2]int{e1[0] + e2[0], e1[1] + e2[1]}] += c1 * c2
		}
	}
	return out
}

func (q polynomial) addScaled(r polynomial, s float64) {
	for e, c := range r {
		q[e] += s * c
	}
}

func (q polynomial) degree() int {
	d := 0
	for e := range q {
		d = max(d, e[0]+e[1])
	}
	return d
}

// prune drops coefficients that are rounding noise next to the largest.
func (q polynomial) prune() {
	big := 0.0
	for _, c := range q {
		big = math.Max(big, math.Abs(c))
	}
	for e, c := range q {
		if math.Abs(c) <= 1e-12*big || c == 0 {
			delete(q, e)
		}
	}
}

// String writes the polynomial highest degree first, e.g. "x₁² + 2·x₁x₂ + x₂²".
func (q polynomial) String() string {
	if len(q) == 0 {
		return "0"
	}
	exps := make([][2]int, 0, len(q))
	for e := range q {
		exps = append(exps, e)
	}
	slices.SortFunc(exps, func(a, b [2]int) int {
		if d := (b[0] + b[1]) - (a[0] + a[1]); d != 0 {
			return d
		}
		return b[0] - a[0]
	})
	var b strings.Builder
	for n, e := range exps {
		c := q[e]
		mono := monomial(e)
		switch {
		case mono == "":
			writeCoef(&b, c, n == 0)
		case math.Abs(c) == 1:
			switch {
			case n == 0 && c < 0:
				b.WriteString("−")
			case n > 0 && c < 0:
				b.WriteString(" − ")
			case n > 0:
				b.WriteString(" + ")
			}
			b.WriteString(mono)
		default:
			writeCoef(&b, c, n == 0)
			b.WriteString("·" + mono)
		}
	}
	return b.String()
}

func monomial(e [2]int) string {
	var s string
	for v, pow := range e {
		switch pow {
		case 0:
		case 1:
			s += "x" + Sub(v+1)
		default:
			s += "x" + Sub(v+1) + superscript(pow)
		}
	}
	return s
}

// Sign writes a label or prediction as the notes do: "+1", "−1" or "0".
func Sign(v int) string {
	switch {
	case v > 0:
		return "+1"
	case v < 0:
		return "−1"
	}
	return "0"
}

// Sub writes n with subscript digits: Sub(12) = "₁₂".
func Sub(n int) string {
	sub := []rune("₀₁₂₃₄₅₆₇₈₉")
	var b strings.Builder
	for _, c := range strconv.Itoa(n) {
		if c == '-' {
			b.WriteRune('₋')
			continue
		}
		b.WriteRune(sub[c-'0'])
	}
	return b.String()
}
