package learn

import (
	"fmt"
	"math"
	"strings"
)

// Primal is a learned function written in its feature space, the way the
// notes write a linear classifier:
//
//	f(x) = w·φ(x) + b,  w = Σⱼ cⱼ φ(xⱼ)
//
// (seed 001: "w = Σᵢ αᵢ yᵢ xᵢ", with φ(xᵢ) for xᵢ once the kernel trick is
// undone; seed 003: "At all times during learning: w = Σₖ aᵏ φ(xᵏ)").
type Primal struct {
	// Map is φ.
	Map *FeatureMap
	// W is w, one weight per feature of Map.
	W []float64
	// B is the expansion's offset b (0 for the perceptron, whose bias is
	// the weight of the feature 1).
	B float64
}

// Weights returns e's function in primal form: w = Σⱼ cⱼ φ(xⱼ) over the
// support vectors in dataset order, φ the explicit map of e's kernel
// (ExplicitMap, whose errors it returns: an RBF or sigmoid kernel has no w).
// Then w·φ(x) + b = Σⱼ cⱼ K(xⱼ, x) + b = f(x) at every x.
func Weights(e Expansion) (*Primal, error) {
	bias := e.Embed(0, 0).X0 == 1
	m, err := ExplicitMap(e.Kernel(), bias)
	if err != nil {
		return nil, err
	}
	w := make([]float64, m.Dim())
	phi := make([]float64, 0, m.Dim())
	for _, j := range e.SupportVectors() {
		c := e.Coef(j)
		phi = m.AppendPhi(phi[:0], e.X(j))
		for k, v := range phi {
			w[k] += c * v
		}
	}
	for k, v := range w {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("the weight of %s is %v: w = Σⱼ cⱼ φ(xⱼ) overflows float64; smaller inputs (standardized) or a lower degree keep it finite", m.Names[k], v)
		}
	}
	return &Primal{Map: m, W: w, B: e.Offset()}, nil
}

// Decide is f(x) = w·φ(x) + b at x, embedded as the map expects.
func (p *Primal) Decide(x Vec) float64 {
	p.Map.check(x)
	f := 0.0
	for k, e := range p.Map.pow {
		f += p.W[k] * p.Map.feature(k, e, x)
	}
	return f + p.B
}

// String writes w on its features, as the notes pair a weight vector with
// its map: "w = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)", then ", b = …" when
// b ≠ 0. A weight is written as a multiple of its feature's root when it is
// an integer one within 1e-12 (√2, not 1.414; see Weight).
func (p *Primal) String() string {
	ws := make([]string, len(p.W))
	for k := range p.W {
		ws[k] = p.Weight(k)
	}
	s := "w = (" + strings.Join(ws, ", ") + ") on (" + strings.Join(p.Map.Names, ", ") + ")"
	if p.B != 0 {
		s += ", b = " + Num(p.B)
	}
	return s
}

// Weight writes wₖ. Since wₖ = κₖ Σⱼ cⱼ mₖ(xⱼ) for feature κₖ·mₖ(x), a weight
// is often an integer multiple u of its feature's constant κₖ = s√r; it is
// then written u·s√r ("√2", "−3√2") when u is within 1e-12 of an integer,
// relative to max(1, |u|). Otherwise, and for integer κₖ, it is Num(wₖ).
func (p *Primal) Weight(k int) string {
	w, rad := p.W[k], p.Map.rad[k]
	if rad.r > 1 {
		u := w / (rad.s * math.Sqrt(float64(rad.r)))
		if n := math.Round(u); math.Abs(u-n) <= 1e-12*math.Max(1, math.Abs(u)) {
			return radicalString(n*rad.s, rad.r)
		}
	}
	return Num(w)
}

// Function writes f(x) = w·φ(x) + b expanded into monomials of x₁ and x₂:
// the coefficient of x₁ᵃx₂ᵇ is b (for a = b = 0) plus Σ wₖ κₖ over the
// features κₖ x₁ᵃx₂ᵇ. Seed 003's result, w = (1, √2, 1) on (x₁², √2·x₁x₂,
// x₂²), is "f(x) = x₁² + 2·x₁x₂ + x₂²" ("= (x₁ + x₂)²"). Terms that are 0,
// or rounding noise within 1e-12 of the largest, are left out, and a
// coefficient within 1e-12 (relative) of an integer is that integer. The
// notation is Function's (and the notation package's): "2·x₁x₂", "−".
// On the line x₂ = 0 (a map from FeatureMap.OnLine) f is written in its
// one coordinate x, as LineString does: interval's "f(x) = −6·x² + 2".
func (p *Primal) Function() string {
	q := polynomial{}
	for k, w := range p.W {
		q[p.Map.pow[k]] += w * p.Map.kappa[k]
	}
	q[[2]int{}] += p.B
	if p.Map.line {
		// On the line, in its one coordinate x (OnLine).
		var c []float64
		for e, v := range q {
			for len(c) <= e[0] {
				c = append(c, 0)
			}
			c[e[0]] += v
		}
		return "f(x) = " + LineString(tidy(c))
	}
	q.prune()
	for e, c := range q {
		if n := math.Round(c); n != 0 && math.Abs(c-n) <= 1e-12*math.Abs(n) {
			q[e] = n
		}
	}
	return "f(x) = " + q.String()
}
