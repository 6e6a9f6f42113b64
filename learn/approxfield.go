package learn

import (
	"fmt"
	"math"
	"sync"
)

// ApproxMachine is the approximate machine that shares an expansion's
// coefficients (issue 14, "the approximate boundary over the exact one"):
//
//	f̃(x) = w·z(x) + b,  w = Σⱼ cⱼ z(xⱼ)
//
// for f(x) = Σⱼ cⱼ K(xⱼ, x) + b, so f̃(x) = Σⱼ cⱼ z(xⱼ)·z(x) + b differs
// from f only by z(xⱼ)·z(x) in place of K(xⱼ, x) (seed 003's feature map
// φ, infinite-dimensional for the RBF kernel, made finite). As the map's
// dimension grows f̃ tends to f. It is read only once built, so safe for
// concurrent use.
type ApproxMachine struct {
	m    *ApproxMap
	w    []float64 // w = Σⱼ cⱼ z(xⱼ), Dim() entries
	b    float64
	bias bool // x₀ = 1: the expansion embeds with a bias coordinate
	// v are the Nyström landmarks' weights: with z(x) = Pᵀ k_m(x) (P the
	// map's m×r projection), w·z(x) = (P w)·k_m(x) = Σₗ vₗ K(lₗ, x), so a
	// point costs m kernel evaluations instead of m·r more products.
	v []float64
}

// NewApproxMachine builds f̃ on map m from e's support vectors (in
// dataset order), their coefficients and offset. It costs #SV·Dim()
// feature evaluations; with no support vectors f̃ ≡ b.
func NewApproxMachine(m *ApproxMap, e Expansion) *ApproxMachine {
	a := &ApproxMachine{m: m, w: make([]float64, m.dim), b: e.Offset(), bias: e.Embed(0, 0).X0 == 1}
	z := make([]float64, m.dim)
	for _, j := range e.SupportVectors() {
		c := e.Coef(j)
		if c == 0 {
			continue
		}
		m.Map(z, e.X(j))
		axpy(a.w, z, c)
	}
	if m.marks != nil {
		a.v = make([]float64, len(m.marks))
		for l := range m.marks {
			a.v[l] = dotOf(m.proj[l*m.dim:(l+1)*m.dim], a.w)
		}
	}
	return a
}

// Map is the feature map z of f̃.
func (a *ApproxMachine) Map() *ApproxMap { return a.m }

// W is w = Σⱼ cⱼ z(xⱼ). Read only.
func (a *ApproxMachine) W() []float64 { return a.w }

// embed maps an input point as the expansion did.
func (a *ApproxMachine) embed(x1, x2 float64) Vec {
	if a.bias {
		return Vec{1, x1, x2}
	}
	return Vec{0, x1, x2}
}

// decide is f̃(x) with z a scratch buffer of Dim() entries (unused by
// Nyström).
func (a *ApproxMachine) decide(z []float64, x1, x2 float64) float64 {
	x := a.embed(x1, x2)
	if a.v == nil {
		return a.m.rff(z, a.w, x.X1, x.X2) + a.b
	}
	s := 0.0
	for l, mark := range a.m.marks {
		s += a.v[l] * a.m.kernel.Eval(mark, x)
	}
	return s + a.b
}

// Decide is f̃(x) at the input point (x₁, x₂).
func (a *ApproxMachine) Decide(x1, x2 float64) float64 {
	var z []float64
	if a.v == nil {
		z = make([]float64, a.m.dim)
	}
	return a.decide(z, x1, x2)
}

// Fill writes f̃ at every lattice point of fd into dst (len(dst) must be
// fd.W·fd.H, row 0 the top, as fd.Values), split by rows across at most
// cores goroutines. It reads fd's geometry only, so fd may be a field that
// another goroutine keeps up to date meanwhile only if its Rect, W and H
// stay put.
func (a *ApproxMachine) Fill(dst []float64, fd *Field, cores int) {
	if len(dst) != fd.W*fd.H {
		panic(fmt.Sprintf("learn: ApproxMachine.Fill: dst has %d entries for a %d×%d lattice", len(dst), fd.W, fd.H))
	}
	cores = max(1, min(cores, fd.H))
	var wg sync.WaitGroup
	for part := range cores {
		wg.Go(func() {
			var z []float64
			if a.v == nil {
				z = make([]float64, a.m.dim)
			}
			for r := part; r < fd.H; r += cores {
				for c := range fd.W {
					x1, x2 := fd.Point(c, r)
					dst[r*fd.W+c] = a.decide(z, x1, x2)
				}
			}
		})
	}
	wg.Wait()
}

// SignAgreement is the fraction of the lattice points where f (exact) and
// f̃ (approx) predict the same class under tie rule t, over the points
// where both are finite numbers and |f| ≥ away (0: every such point), and
// how many points that is. It is NaN when there are none. A caller that
// compares maps of several sizes passes an away of f's own scale, so that
// points where f is too close to 0 for its sign to mean anything (an RBF
// machine's far field) do not make the figure a coin toss.
func SignAgreement(exact, approx []float64, t Tie, away float64) (float64, int) {
	if len(exact) != len(approx) {
		panic(fmt.Sprintf("learn: SignAgreement: %d exact and %d approximate values", len(exact), len(approx)))
	}
	same, n := 0, 0
	for i, f := range exact {
		g := approx[i]
		if math.IsNaN(f) || math.IsInf(f, 0) || math.IsNaN(g) || math.IsInf(g, 0) || math.Abs(f) < away {
			continue
		}
		n++
		pf, _ := t.Predict(f, 1)
		pg, _ := t.Predict(g, 1)
		if pf == pg {
			same++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return float64(same) / float64(n), n
}
