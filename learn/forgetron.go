package learn

import (
	"fmt"
	"math"
	"slices"
)

// The self-tuned Forgetron (Dekel, Shalev-Shwartz & Singer, "The
// Forgetron: A Kernel-Based Perceptron on a Budget", SIAM J. Computing
// 37(5), 2008), seed 002's kernel perceptron with a memory budget B. The
// active set S is a FIFO of elements (example index, weight σ); the same
// example may appear several times. Q = 0, M = 0 at the start.
//
//  1. f(x) = Σ_{q∈S} σ_q y_{i_q} K(x_{i_q}, x), summed oldest first.
//  2. A mistake (by the tie rule) on xᵢ: M += 1 (every mistake, all passes);
//     append (i, σ = 1). η is not used.
//  3. If now |S| > B: r is the oldest element, μ = y_r f′(x_r) with f′ the
//     function of rule 1 including the new element; a = σ_r² − 2σ_r μ,
//     b = 2σ_r, c = Q − (15/32)·M, d = b² − 4ac.
//  4. φ = min(1, (−b + √d)/(2a)) if a > 0, or if a < 0, d > 0 and
//     (−b − √d)/(2a) > 1; else φ = min(1, −c/b) if a = 0; else φ = 1.
//  5. Every σ in S is multiplied by φ; then Q += s² + 2s − 2s·(φμ) with
//     s = φσ_r; then r is removed.
//  6. αⱼ is the sum of σ over example j's elements in S (0 if none); the
//     support vectors are the j with αⱼ > 0.
//
// The paper keeps Q ≤ (15/32)·M (its Lemma on the self-tuned shrinking),
// and so |S| ≤ B after every step. With mistakes ≤ B nothing shrinks and
// the Forgetron is the perceptron with η = 1.

// forgetronKind is the self-tuned Forgetron. It reads no η: an update
// appends σ = 1.
var forgetronKind = &LearnerKind{
	Name: "forgetron", Title: "the Forgetron", Short: "Forgetron",
	Summary: "at most --budget support vectors; past the budget it shrinks every σ and forgets the oldest",
	Source:  "Dekel, Shalev-Shwartz & Singer 2008",
	Intro: func(cfg Config) string {
		return fmt.Sprintf("learner: the Forgetron (Dekel et al. 2008): at most %s; past the budget it shrinks every σ and forgets the oldest; ( ) change it", countOf(int(cfg.Params.Value(budgetSetting)), "support vector", "support vectors"))
	},
	Settings: []*Setting{budgetSetting}, Passes: true, Appends: true,
	Alpha: "Σσ",
	New:   func(cfg Config, data []Example) (Learner, error) { return newBudget(relForgetron, cfg, data) },
}

// forgetron is the Forgetron's active set and running sums.
type forgetron struct {
	elems []element // S, oldest first
	q     float64   // Q
	m     int       // M
	// past holds the φ of the latest mistakes no longer in the undo
	// history (1 where nothing shrank), at most B of them, oldest first
	// from pastAt: undoing the mistakes after them needs them (unshrink).
	past   []float64
	pastAt int
}

// element is one member of the active set: example i with weight σ.
type element struct {
	i     int
	sigma float64
}

// pastPhi keeps the φ of a mistake the undo history dropped, the latest b
// of them.
func (g *forgetron) pastPhi(phi float64, b int) {
	if len(g.past) < b {
		if g.past == nil {
			g.past = make([]float64, 0, b)
		}
		g.past = append(g.past, phi)
		return
	}
	g.past[g.pastAt] = phi
	g.pastAt = (g.pastAt + 1) % len(g.past)
}

// sigmaSum is αⱼ: the sum of σ over j's elements in S, oldest first.
func (g *forgetron) sigmaSum(j int) float64 {
	s := 0.0
	for _, e := range g.elems {
		if e.i == j {
			s += e.sigma
		}
	}
	return s
}

// fifoScore is f(xᵢ) by rule 1: over S, oldest first.
func (p *Perceptron) fifoScore(i int) float64 {
	f := 0.0
	for _, e := range p.rel.fifo.elems {
		f += e.sigma * float64(p.ys[e.i]) * p.kAt(e.i, i)
	}
	return f
}

// forgetronMistake makes rules 2 to 6 for a mistake on xᵢ. Its record
// for Undo holds the shrink, if any: φ, Q before it and the example
// removed (every σ before it is computed back: unshrink).
func (p *Perceptron) forgetronMistake(i int) (r record, fg *Forgetting, err error) {
	g := p.rel.fifo
	r.prevAlpha, r.removed, r.phi = math.NaN(), -1, 1 // α comes back from σ
	g.elems = append(g.elems, element{i: i, sigma: 1})
	if err := p.update(i, g.sigmaSum(i), 1, true); err != nil {
		g.elems = g.elems[:len(g.elems)-1]
		return r, nil, err
	}
	g.m++
	if len(g.elems) <= p.rel.budget {
		return r, nil, nil
	}
	rm := g.elems[0]
	mu := float64(p.ys[rm.i]) * p.fifoScore(rm.i)
	phi := forgetronPhi(rm.sigma, mu, g.q, g.m)
	r.more, r.phi, r.q, r.removed = true, phi, g.q, rm.i
	p.scaleSigmas(phi)
	s := g.elems[0].sigma // φσ_r
	g.q += s*s + 2*s - 2*s*(phi*mu)
	g.elems = g.elems[1:]
	_ = p.update(rm.i, g.sigmaSum(rm.i), -s, false) // r's row is checked: cannot fail
	if p.alpha[rm.i] == 0 {
		p.rel.forgotten[rm.i]++
	}
	return r, &Forgetting{Budget: p.rel.budget, Removed: rm.i, RemovedAlpha: s, Phi: phi, Mu: mu, Q: g.q}, nil
}

// forgetronPhi is rule 4's shrink for the oldest element's σ_r, its μ and
// the running Q and M. The root (−b + √d)/(2a) is computed as rule 4
// writes it (so that a run is reproduced bit for bit by any program that
// follows the rule), except where that cancels: when |4ac| ≪ b² (a small,
// as a = σ(σ − 2μ) is whenever μ ≈ σ/2), −b + √d is a difference of two
// nearly equal numbers, and a φ above the true root lets Q pass
// (15/32)·M. There it is the equal −2c/(b + √d) (multiply by
// (b + √d)/(b + √d): d − b² = −4ac). The switch is where the rule's form
// loses 1e-13 of relative accuracy. φ is never below 0: c ≤ 0 by the
// paper's invariant Q ≤ (15/32)·M, and only rounding could push a root
// below it.
func forgetronPhi(sigma, mu, q float64, m int) float64 {
	a := sigma*sigma - 2*sigma*mu
	b := 2 * sigma
	c := q - 15.0/32.0*float64(m)
	d := b*b - 4*a*c
	phi := 1.0
	switch {
	case a > 0 || (a < 0 && d > 0 && (-b-math.Sqrt(d))/(2*a) > 1):
		root := (-b + math.Sqrt(d)) / (2 * a)
		if math.Abs(4*a*c) < cancels*b*b {
			root = -2 * c / (b + math.Sqrt(d))
		}
		phi = min(1, root)
	case a == 0:
		phi = min(1, -c/b)
	}
	if !(phi >= 0) {
		return 0
	}
	return phi
}

// cancels is the |4ac|/b² below which rule 4's root loses more than 1e-13
// of its relative accuracy to cancellation (about 2⁻⁵³·b²/|4ac|).
const cancels = 1e-3

// scaleSigmas multiplies every σ in S by phi (rule 5): each αⱼ is summed
// again from its elements, every score and attached field scales by phi,
// and an example left with α = 0 (phi = 0) stops being a support vector.
func (p *Perceptron) scaleSigmas(phi float64) {
	g := p.rel.fifo
	for k := range g.elems {
		g.elems[k].sigma *= phi
	}
	p.resumSigmas()
	for k := range p.f {
		p.f[k] *= phi
	}
	for _, o := range p.observers {
		o.Scaled(phi)
	}
}

// resumSigmas sets every αⱼ to the sum of its σ (rule 6), keeping the
// support vectors those with α > 0.
func (p *Perceptron) resumSigmas() {
	for _, j := range p.svs {
		p.alpha[j] = 0
	}
	for _, e := range p.rel.fifo.elems {
		p.alpha[e.i] += e.sigma
	}
	p.svs = p.svs[:0]
	for _, e := range p.rel.fifo.elems {
		if p.alpha[e.i] > 0 {
			p.svs = append(p.svs, e.i)
		}
	}
	slices.Sort(p.svs)
	p.svs = slices.Compact(p.svs)
}

// forgetronUndo puts back the mistake of record r (just taken off the
// history): the removed element and every σ exactly, then the new element
// off. Scores and fields come back to within rounding, summed afresh.
func (p *Perceptron) forgetronUndo(r record) {
	g := p.rel.fifo
	if r.more {
		sigmas := p.unshrink()
		s := sigmas[0] * r.phi
		if p.alpha[r.removed] == 0 {
			p.rel.forgotten[r.removed]--
		}
		g.elems = slices.Insert(g.elems, 0, element{i: r.removed, sigma: s})
		_ = p.update(r.removed, g.sigmaSum(r.removed), s, false)
		for k := range g.elems {
			g.elems[k].sigma = sigmas[k]
		}
		p.resumSigmas()
		// Dividing the scores by φ would do: but the rounding of the scores
		// at this step would then grow by 1/φ with every shrink undone
		// after it, exponentially in the depth of the undo. They are summed
		// afresh from α instead, O(B·n) an undone shrink.
		p.rescore()
		g.q = r.q
	}
	g.elems = g.elems[:len(g.elems)-1]
	_ = p.update(r.i, g.sigmaSum(r.i), -1, false)
	g.m--
}

// unshrink is every σ of S before the shrink of the mistake being undone,
// S holding again the element that shrink removed (first): S's elements
// came in at that mistake's B predecessors and at it, oldest first, each
// with σ = 1, and every shrink since multiplied it by its φ (rule 5), so σ
// is that product, in the same order, bit for bit. The φ are those of the
// mistakes before, the newest records of the history and then past. O(B²)
// multiplications.
func (p *Perceptron) unshrink() []float64 {
	g := p.rel.fifo
	n := len(g.elems) // the elements, the one removed put back, less the newest
	phis := p.phis[:0]
	m := p.hist.end()
	for len(phis) < n {
		at, body, ok := p.hist.prev(&m)
		if !ok {
			break
		}
		r, _ := p.decode(at, body)
		phis = append(phis, r.phi)
	}
	for k := len(g.past) - 1; len(phis) < n && k >= 0; k-- {
		phis = append(phis, g.past[(g.pastAt+k)%len(g.past)])
	}
	if len(phis) < n {
		panic("learn: the Forgetron's undo history lost the shrinks it needs")
	}
	// phis[0] is the φ of the mistake just before, phis[n−1] of the one
	// that brought the oldest element in; the element k came in n − k
	// mistakes before, the newest (k = n) at the mistake itself.
	sigmas := p.sigmas[:0]
	for k := range n + 1 {
		s := 1.0
		for x := n - k - 1; x >= 0; x-- {
			s *= phis[x]
		}
		sigmas = append(sigmas, s)
	}
	p.phis, p.sigmas = phis, sigmas
	return sigmas
}

// rescore computes every kept score and attached field afresh from α, in
// dataset order, from the cached rows where there are some.
func (p *Perceptron) rescore() {
	clear(p.f)
	for _, o := range p.observers {
		o.Cleared()
	}
	var scratch []float64
	for _, j := range p.svs {
		row := p.rows.peek(j)
		if row == nil {
			if scratch == nil {
				scratch = make([]float64, len(p.xs))
			}
			row = scratch
			KernelRow(p.cfg.Kernel, row, p.xs[j], p.xs)
		}
		c := p.alpha[j] * float64(p.ys[j])
		axpy(p.f, row, c)
		for _, o := range p.observers {
			o.Changed(p.xs[j], c)
		}
	}
}
