package learn

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Explicit feature maps: the φ with K(x, z) = φ(x)·φ(z) written out, for the
// kernels that have a finite one (seed 001, "The kernel trick": "z₁ = x₁²,
// z₂ = x₂², z₃ = √2 x₁x₂"; seed 003, "Efficient dot-product of polynomials"
// and "The Kernel Trick").
//
// Every kernel built of linear and polynomial parts by sums, products and
// positive scales is a sum of products of dot products, so each feature is
// a constant times a monomial, φₖ(x) = κₖ x₁^aₖ x₂^bₖ. The map keeps λₖ = κₖ²,
// exact for the integers of the notes, and takes the square root last.
//
// With bias augmentation x̃ = (1, x₁, x₂) the coordinate x₀ is the constant 1,
// so x̃·z̃ = 1 + x·z and a monomial in x₀ is a monomial in (x₁, x₂): the map
// is over (x₁, x₂), with the constant folded into c. Without it x₀ = 0, and
// its features, identically zero, are not there at all.

// MaxFeatures is the largest dimension ExplicitMap builds: a product of a
// few polynomials of high degree has millions of features.
const MaxFeatures = 10000

// The reasons a kernel has no explicit map; ExplicitMap's errors wrap one.
var (
	// ErrInfinite: the Gaussian kernel's feature space is infinite-dimensional.
	ErrInfinite = errors.New("its feature space is infinite-dimensional")
	// ErrIndefinite: the kernel is not positive semi-definite (the sigmoid
	// kernel, or a polynomial with c < 0), so it is no dot product at all.
	ErrIndefinite = errors.New("it is not positive semi-definite, so it is no dot product in any feature space")
	// ErrTooLarge: the map would have more than MaxFeatures features.
	ErrTooLarge = errors.New("its feature map is too large to write out")
)

// FeatureMap is an explicit φ for a kernel K, with K(x, z) = φ(x)·φ(z) for
// every x and z embedded as the learner embeds them (x₀ = 1 with bias, 0
// without).
//
// Feature names are the constant κ and the monomial: "x₁²", "√2·x₁x₂", "1".
// κ is written as an integer when it is one, as s√r (r square-free) when κ²
// is an integer, "√2·x₁", "2√3·x₁x₂"; else as a short decimal ("0.5·x₁")
// or "√λ" ("√0.6·x₁") when either is exact, else to 4 digits. The constant c
// of (x·z + c)^d is substituted, so (x·z + 1)² has "√2·x₁", not "√(2c)·x₁".
type FeatureMap struct {
	// Names are the features' names, in the order of Phi. Read only.
	Names []string

	kernel Kernel
	bias   bool
	kappa  []float64 // κₖ
	pow    [][2]int  // (aₖ, bₖ): φₖ(x) = κₖ x₁^aₖ x₂^bₖ
	rad    []radical // κₖ = s√r, or r = 0 when κₖ² is not an integer
	line   bool      // φ on the line x₂ = 0, named in x (OnLine)
}

// radical is s√r with r square-free (r = 1: the integer s).
type radical struct {
	s float64
	r int64
}

// ExplicitMap returns the explicit feature map of k on inputs embedded with
// bias augmentation or without:
//
//   - x·z: (x₁, x₂), or (1, x₁, x₂) with bias (seed 004, "the augmented
//     feature vector").
//   - (x·z + c)^d = Σ over i+j+l = d of d!/(i! j! l!) cˡ (x₁z₁)ⁱ (x₂z₂)ʲ
//     (multinomial theorem): one feature √(d!/(i! j! l!) cˡ)·x₁ⁱx₂ʲ per
//     monomial of degree ≤ d, C(d+2, 2) of them, or the d+1 of degree d
//     when c = 0 (seed 003, "Polynomials of degree exactly d"). With bias,
//     x̃·z̃ + c = x·z + (c + 1). Order: degree ascending, then the power of
//     x₁ descending, so (x·z)² gives (x₁², √2·x₁x₂, x₂²).
//   - a·K: √a·φ; K₁ + K₂: φ₁ and φ₂ one after the other; K₁·K₂: every
//     product φ₁ᵢφ₂ⱼ, i major, named by the factors' monomials in turn, as
//     seed 003 writes (u₁², u₁u₂, u₂u₁, u₂²) for (u·v)² = (u·v)(u·v)
//     (seed 004, "Kernels can be constructed from existing kernels").
//
// The errors wrap ErrInfinite (RBF, and any kernel with an RBF part),
// ErrIndefinite (sigmoid, and a polynomial part with c < 0 on its inputs,
// which gives each monomial of degree d − 1 the weight d·c·C(d−1, i) < 0)
// or ErrTooLarge (more than MaxFeatures features). A part is judged alone:
// x·z − 1 + (x·z + 1)² = (x·z)² + 3x·z is a kernel, but its part x·z − 1
// is not, and has no map.
func ExplicitMap(k Kernel, bias bool) (*FeatureMap, error) {
	if err := Validate(k); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	if err := explicitParts(k, nil, bias); err != nil {
		return nil, err
	}
	if structuralDim(k, bias) > MaxFeatures {
		return nil, noMap(k, nil, ErrTooLarge, fmt.Sprintf("more than MaxFeatures = %d features; a lower degree or fewer factors have fewer", MaxFeatures))
	}
	return newMap(k, bias, structural(k, bias))
}

// explicitParts reports the first part of whole with no finite feature map,
// looking at its part k (nil: whole itself). Named kernels are matched by
// type, not through the registry: a family with no case here has no
// explicit map, which is the safe default for a new one.
func explicitParts(whole, k Kernel, bias bool) error {
	var parts []Kernel
	node := k
	if node == nil {
		node = whole
	}
	switch n := node.(type) {
	case Linear:
		return nil
	case Poly:
		if _, c := polyConst(n, bias); c < 0 {
			return noMap(whole, k, ErrIndefinite, "with c < 0, (x·z + c)^d gives the monomials of degree d − 1 negative weight; c ≥ 0 does not, nor c ≥ −1 with bias, as x̃·z̃ + c = x·z + (c + 1)")
		}
		return nil
	case Sum:
		parts = n
	case Product:
		parts = n
	case Scaled:
		parts = []Kernel{n.K}
	case RBF:
		return noMap(whole, k, ErrInfinite, "exp(x·z/σ²) = Σᵢ (x·z/σ²)ⁱ/i! has a term of every degree, as the lecture notes' \"Kernel of Infinite Dimensional Transform\" shows; only the kernel form computes it")
	case Sigmoid:
		return noMap(whole, k, ErrIndefinite, "Mercer's condition fails for many data sets (the SVM notes, \"Kernels\")")
	default:
		return fmt.Errorf("no explicit feature map is known for %s", n)
	}
	for _, p := range parts {
		if err := explicitParts(whole, p, bias); err != nil {
			return err
		}
	}
	return nil
}

// noMap is the error for a kernel with no map because of its part (nil:
// because of the whole).
func noMap(whole, part Kernel, reason error, why string) error {
	if part == nil {
		return fmt.Errorf("%s has no explicit feature map: %w (%s)", whole, reason, why)
	}
	return fmt.Errorf("%s has no explicit feature map: its part %s: %w (%s)", whole, part, reason, why)
}

// varPow is x_v^pow, one power of one input coordinate (v = 1 or 2).
type varPow struct{ v, pow int }

// featTerm is one feature while a map is built: λ = κ² and the monomial as
// its factors write it, runs in order.
type featTerm struct {
	lambda float64
	runs   []varPow
}

// polyConst is the c' of (x·z + c')^d that K is on (x₁, x₂): x̃·z̃ = 1 + x·z.
func polyConst(k Kernel, bias bool) (d int, c float64) {
	switch k := k.(type) {
	case Linear:
		d, c = 1, 0
	case Poly:
		d, c = k.D, k.C
	}
	if bias {
		c++
	}
	return d, c
}

// polyTerms are the features of (x·z + c)^d: for i + j + l = d, weight
// d!/(i! j! l!) cˡ = C(d, l) C(i+j, i) cˡ on x₁ⁱx₂ʲ (seed 003, "For any d").
func polyTerms(d int, c float64) []featTerm {
	var out []featTerm
	for t := 0; t <= d; t++ {
		if c == 0 && t < d {
			continue // cˡ = 0 for l > 0
		}
		for i := t; i >= 0; i-- {
			var runs []varPow
			if i > 0 {
				runs = append(runs, varPow{1, i})
			}
			if t-i > 0 {
				runs = append(runs, varPow{2, t - i})
			}
			out = append(out, featTerm{binom(d, d-t) * binom(t, i) * ipow(c, d-t), runs})
		}
	}
	return out
}

// binom is C(n, k), exact in float64 for n ≤ MaxDegree: each partial
// product is itself a binomial coefficient, an integer.
func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// structuralDim is the number of features structural makes, saturating
// just past MaxFeatures.
func structuralDim(k Kernel, bias bool) int {
	switch k := k.(type) {
	case Sum:
		n := 0
		for _, p := range k {
			n = min(n+structuralDim(p, bias), MaxFeatures+1)
		}
		return n
	case Product:
		n := 1
		for _, p := range k {
			n = min(n*structuralDim(p, bias), MaxFeatures+1)
		}
		return n
	case Scaled:
		return structuralDim(k.K, bias)
	}
	d, c := polyConst(k, bias)
	if c == 0 {
		return d + 1
	}
	return (d + 1) * (d + 2) / 2
}

// structural builds the map part by part: sums concatenate, products take
// every pair (the tensor product), scales multiply λ.
func structural(k Kernel, bias bool) []featTerm {
	switch k := k.(type) {
	case Sum:
		var out []featTerm
		for _, p := range k {
			out = append(out, structural(p, bias)...)
		}
		return out
	case Product:
		out := []featTerm{{lambda: 1}}
		for _, p := range k {
			f := structural(p, bias)
			next := make([]featTerm, 0, len(out)*len(f))
			for _, a := range out {
				for _, b := range f {
					next = append(next, featTerm{a.lambda * b.lambda, joinRuns(a.runs, b.runs)})
				}
			}
			out = next
		}
		return out
	case Scaled:
		out := structural(k.K, bias)
		for i := range out {
			out[i].lambda *= k.A
		}
		return out
	}
	return polyTerms(polyConst(k, bias))
}

// joinRuns writes monomial a then b, a power of the same coordinate where
// they meet combined: x₁·x₁x₂ is x₁²x₂, x₂·x₁ stays x₂x₁.
func joinRuns(a, b []varPow) []varPow {
	out := make([]varPow, 0, len(a)+len(b))
	out = append(out, a...)
	for _, r := range b {
		if n := len(out); n > 0 && out[n-1].v == r.v {
			out[n-1].pow += r.pow
			continue
		}
		out = append(out, r)
	}
	return out
}

// newMap takes the square roots and writes the names; features of weight 0
// are identically zero and left out.
func newMap(k Kernel, bias bool, terms []featTerm) (*FeatureMap, error) {
	m := &FeatureMap{kernel: k, bias: bias}
	for _, t := range terms {
		if t.lambda == 0 {
			continue
		}
		if math.IsInf(t.lambda, 0) || math.IsNaN(t.lambda) {
			return nil, fmt.Errorf("the feature map of %s overflows: a feature's constant² is %v; a smaller c or scale keeps it finite", k, t.lambda)
		}
		var e [2]int
		var mono strings.Builder
		for _, r := range t.runs {
			e[r.v-1] += r.pow
			mono.WriteString("x" + Sub(r.v))
			if r.pow > 1 {
				mono.WriteString(superscript(r.pow))
			}
		}
		c, rad := constName(t.lambda)
		m.Names = append(m.Names, featureName(c, mono.String()))
		m.kappa = append(m.kappa, math.Sqrt(t.lambda))
		m.pow = append(m.pow, e)
		m.rad = append(m.rad, rad)
	}
	return m, nil
}

func featureName(c, mono string) string {
	switch {
	case mono == "":
		return c
	case c == "1":
		return mono
	}
	return c + "·" + mono
}

// maxRadicand bounds the κ² written as s√r: beyond it, trial division is
// slow and the root unreadable.
const maxRadicand = 1e6

// constName writes κ = √λ (see FeatureMap) and its radical form.
func constName(lambda float64) (string, radical) {
	k := math.Sqrt(lambda)
	if k == math.Trunc(k) && k*k == lambda {
		return Num(k), radical{k, 1}
	}
	if lambda == math.Trunc(lambda) && lambda < maxRadicand {
		r, s := int64(lambda), int64(1)
		for p := int64(2); p*p <= r; p++ {
			for r%(p*p) == 0 {
				r, s = r/(p*p), s*p
			}
		}
		return radicalString(float64(s), r), radical{float64(s), r}
	}
	switch {
	case exact(k):
		return Num(k), radical{}
	case exact(lambda):
		return "√" + Num(lambda), radical{}
	}
	return Num(k), radical{}
}

// exact reports whether Num writes v without rounding.
func exact(v float64) bool {
	back, err := strconv.ParseFloat(strings.Replace(Num(v), "−", "-", 1), 64)
	return err == nil && back == v
}

// radicalString writes s√r: "√2", "−√2", "3√2", "0".
func radicalString(s float64, r int64) string {
	root := "√" + strconv.FormatInt(r, 10)
	switch s {
	case 0:
		return "0"
	case 1:
		return root
	case -1:
		return "−" + root
	}
	return Num(s) + root
}

// Dim is the number of features.
func (m *FeatureMap) Dim() int { return len(m.kappa) }

// Kernel is the kernel K the map is of.
func (m *FeatureMap) Kernel() Kernel { return m.kernel }

// Bias reports whether the map is for augmented inputs, x₀ = 1.
func (m *FeatureMap) Bias() bool { return m.bias }

// Const is feature k's constant κₖ in φₖ(x) = κₖ x₁^a x₂^b.
func (m *FeatureMap) Const(k int) float64 { return m.kappa[k] }

// Powers are feature k's powers (a, b) of x₁ and x₂.
func (m *FeatureMap) Powers(k int) (a, b int) { return m.pow[k][0], m.pow[k][1] }

// Phi returns φ(x). x must be embedded as the map expects (x₀ = 1 with bias,
// 0 without); Phi panics otherwise.
func (m *FeatureMap) Phi(x Vec) []float64 { return m.AppendPhi(make([]float64, 0, m.Dim()), x) }

// AppendPhi appends φ(x) to dst, as Phi, and returns the extended slice.
func (m *FeatureMap) AppendPhi(dst []float64, x Vec) []float64 {
	m.check(x)
	for k, e := range m.pow {
		dst = append(dst, m.feature(k, e, x))
	}
	return dst
}

// feature is φₖ(x) = κₖ x₁^a x₂^b.
func (m *FeatureMap) feature(k int, e [2]int, x Vec) float64 {
	return m.kappa[k] * ipow(x.X1, e[0]) * ipow(x.X2, e[1])
}

// check panics on a point embedded for the other setting of bias: the map
// reads x₀ as its constant, and would silently compute another kernel.
func (m *FeatureMap) check(x Vec) {
	want := 0.0
	if m.bias {
		want = 1
	}
	if x.X0 != want {
		panic(fmt.Sprintf("learn: feature map of %s given x₀ = %v; it is built for x₀ = %v", m.kernel, x.X0, want))
	}
}

// String writes φ(x) = (x₁², √2·x₁x₂, x₂²).
func (m *FeatureMap) String() string {
	return "φ(x) = (" + strings.Join(m.Names, ", ") + ")"
}
