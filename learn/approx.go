package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Approximate kernel features (issue 14, "Beyond 100,000 points"): an
// explicit map z with z(x)·z(x') ≈ K(x, x'), so that the perceptron can run
// in the primal, w·z(x), at O(D) memory and O(D) time a step whatever n is.

// ApproxKind is the family of an approximate feature map.
type ApproxKind int

const (
	// ApproxRFF is random Fourier features for the RBF kernel (Rahimi &
	// Recht 2007).
	ApproxRFF ApproxKind = iota + 1
	// ApproxNystrom is the Nyström map on landmarks drawn from the data
	// (Williams & Seeger 2001), for any positive semi-definite kernel.
	ApproxNystrom
)

// MaxApproxDim is the largest D of rff:D and m of nystrom:m.
const MaxApproxDim = 100000

// Approx is an approximate feature map as the command line writes it:
// rff:D (D random features) or nystrom:m (m landmarks). The zero value is
// no approximation.
type Approx struct {
	Kind ApproxKind
	D    int
}

// String writes the spec that ParseApprox reads: "rff:2000",
// "nystrom:500" ("" for the zero value).
func (a Approx) String() string {
	switch a.Kind {
	case ApproxRFF:
		return "rff:" + strconv.Itoa(a.D)
	case ApproxNystrom:
		return "nystrom:" + strconv.Itoa(a.D)
	case 0:
		return ""
	}
	return fmt.Sprintf("Approx(%d:%d)", int(a.Kind), a.D)
}

// ParseApprox reads rff:D or nystrom:m, D and m whole numbers from 1 to
// MaxApproxDim written in decimal digits.
func ParseApprox(s string) (Approx, error) {
	name, num, ok := strings.Cut(s, ":")
	var a Approx
	var what string
	switch name {
	case "rff":
		a.Kind, what = ApproxRFF, "D"
	case "nystrom":
		a.Kind, what = ApproxNystrom, "m"
	default:
		if !ok {
			return Approx{}, fmt.Errorf("approx %q: want rff:D (random Fourier features) or nystrom:m (Nyström landmarks)", s)
		}
		return Approx{}, fmt.Errorf("approx %q: unknown kind %q (want rff:D or nystrom:m)", s, name)
	}
	bad := fmt.Errorf("approx %q: %s must be a whole number from 1 to %d", s, what, MaxApproxDim)
	if !ok || num == "" || len(num) > 6 || strings.Trim(num, "0123456789") != "" {
		return Approx{}, bad
	}
	d, err := strconv.Atoi(num)
	if err != nil || d < 1 || d > MaxApproxDim {
		return Approx{}, bad
	}
	a.D = d
	return a, nil
}

// ApproxFor is the approximation of kernel k by d features: random Fourier
// features (rff:d) when k is the RBF kernel, the one whose spectrum they
// sample, and Nyström landmarks (nystrom:d) for any other, since they work
// for every positive semi-definite kernel. It is the one choice between
// the two: the terminal program's ~ overlay draws it, and trace --approx
// refuses rff:D for a kernel it would not choose rff for.
func ApproxFor(k Kernel, d int) Approx {
	if _, ok := k.(RBF); ok {
		return Approx{Kind: ApproxRFF, D: d}
	}
	return Approx{Kind: ApproxNystrom, D: d}
}

// approxStream is the PCG stream of a map's random draws, apart from the
// streams 1, 2, … of the shuffled epochs.
const approxStream = 0x617070726f78 // "approx"

// ApproxMap is an explicit feature map z: ℝ³ → ℝᴰ with z(x)·z(x') ≈ K(x, x')
// (exactly so in expectation for rff, exactly on the landmarks for
// nystrom). It is read only once built, so safe for concurrent use.
type ApproxMap struct {
	spec   Approx
	kernel Kernel
	dim    int

	// rff, in half-turns: θₖ/π = ca[k]·x₁ + cb[k]·x₂ + ph[k].
	ca, cb, ph []float64
	scale      float64   // √(2/D)
	reach      float64   // max |ca| + max |cb|: |θ/π| ≤ reach·max(|x₁|, |x₂|) + 2
	zero       []float64 // D zeros: the w of the fused kernel when only z is wanted

	// nystrom: z(x) = Σⱼ K(lⱼ, x)·proj[j·dim : (j+1)·dim].
	marks []Vec
	proj  []float64
}

// NewApproxMap builds the map a for kernel k. Random draws come from
// math/rand/v2's PCG seeded with seed, so the same seed gives the same map.
// Nyström draws its landmarks from xs (the points as the learner embeds
// them); rff ignores xs.
func NewApproxMap(a Approx, k Kernel, xs []Vec, seed uint64) (*ApproxMap, error) {
	if a.D < 1 || a.D > MaxApproxDim {
		return nil, fmt.Errorf("approx %v: the dimension must be from 1 to %d", a, MaxApproxDim)
	}
	if err := Validate(k); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	r := rand.New(rand.NewPCG(seed, approxStream))
	switch a.Kind {
	case ApproxRFF:
		rbf, ok := k.(RBF)
		if !ok {
			return nil, fmt.Errorf("approx %v: random Fourier features need the RBF kernel rbf(sigma=…), not %s; nystrom:m works for any positive semi-definite kernel", a, k.Spec())
		}
		return newRFF(a, rbf, r), nil
	case ApproxNystrom:
		return newNystrom(a, k, xs, r)
	}
	return nil, fmt.Errorf("no approximation kind in %v (want rff:D or nystrom:m)", a)
}

// newRFF draws the random Fourier features of the RBF kernel (Rahimi &
// Recht 2007, "Random features for large-scale kernel machines", NIPS,
// algorithm 1): by Bochner's theorem K(x, x') = exp(−‖x−x'‖²/(2σ²)) =
// E_ω[cos(ωᵀ(x−x'))] with ω ~ N(0, σ⁻²I), and with b ~ U[0, 2π]
//
//	z(x) = √(2/D)·(cos(ω₁ᵀx + b₁), …, cos(ω_Dᵀx + b_D)),  E[z(x)·z(x')] = K(x, x')
//
// over the input coordinates (x₁, x₂): the bias coordinate x₀ is the same
// for every point, so it changes no distance. The draws are, for each k in
// turn, ω₁ₖ, ω₂ₖ, bₖ.
func newRFF(a Approx, k RBF, r *rand.Rand) *ApproxMap {
	d := a.D
	m := &ApproxMap{spec: a, kernel: k, dim: d, scale: math.Sqrt(2 / float64(d)),
		ca: make([]float64, d), cb: make([]float64, d), ph: make([]float64, d), zero: make([]float64, d)}
	var maxA, maxB float64
	for i := range d {
		w1 := r.NormFloat64() / k.Sigma
		w2 := r.NormFloat64() / k.Sigma
		b := 2 * math.Pi * r.Float64()
		// In half-turns θ/π the reduction of cosHalf is one rounding.
		m.ca[i], m.cb[i], m.ph[i] = w1/math.Pi, w2/math.Pi, b/math.Pi
		maxA, maxB = max(maxA, math.Abs(m.ca[i])), max(maxB, math.Abs(m.cb[i]))
	}
	m.reach = maxA + maxB
	return m
}

// nystromTol is the relative size below which an eigenvalue of K_mm counts
// as zero.
const nystromTol = 1e-12

// newNystrom builds the Nyström map (Williams & Seeger 2001, "Using the
// Nyström method to speed up kernel machines", NIPS). With landmarks
// l₁…l_m, K_mm = [K(lᵢ, lⱼ)] = U Λ Uᵀ and k_m(x) = (K(l₁, x), …, K(l_m, x)):
//
//	K(x, x') ≈ k_m(x)ᵀ K_mm⁺ k_m(x') = z(x)·z(x'),  z(x) = Λᵣ^{−1/2} Uᵣᵀ k_m(x)
//
// over the r eigenvalues above nystromTol·λ_max (largest first), so Dim is r
// ≤ m. This is K_mm^{+1/2} k_m(x) written in the eigenbasis: the same dot
// products in r coordinates instead of m. It is exact, z(lᵢ)·z(lⱼ) =
// K(lᵢ, lⱼ), when K_mm has full rank. It assumes K is positive
// semi-definite: the negative eigenvalues of an indefinite kernel (sigmoid)
// are dropped with the tiny ones, so the map approximates its PSD part.
// The landmarks are the first m of a permutation of xs (m capped at
// len(xs)); the eigendecomposition costs O(m³).
func newNystrom(a Approx, k Kernel, xs []Vec, r *rand.Rand) (*ApproxMap, error) {
	if len(xs) == 0 {
		return nil, fmt.Errorf("approx %v: Nyström draws its landmarks from the data, and there are no points", a)
	}
	m := min(a.D, len(xs))
	marks := make([]Vec, m)
	for i, j := range r.Perm(len(xs))[:m] {
		marks[i] = xs[j]
	}
	g := Gram(k, marks)
	for i := range m {
		for j := i; j < m; j++ {
			// As for the SVM (kernelInRange): past maxScore, the sums the
			// eigendecomposition forms overflow (with 1e308·rbf every
			// eigenvalue was +Inf, and no feature was left).
			if v := g.At(i, j); !kernelInRange(v) {
				return nil, kernelRangeError(fmt.Sprintf("approx %v: ", a), fmt.Sprintf("l%d", i+1), fmt.Sprintf("l%d", j+1), v)
			}
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(g, true) {
		return nil, fmt.Errorf("approx %v: the eigendecomposition of the landmarks' kernel matrix did not converge", a)
	}
	vals := eig.Values(nil) // ascending
	var u mat.Dense
	eig.VectorsTo(&u)
	top := vals[m-1]
	if math.IsInf(top, 0) {
		return nil, fmt.Errorf("approx %v: the largest eigenvalue of the landmarks' kernel matrix overflows float64 (use a smaller scale or degree, or rescale the data)", a)
	}
	if !(top > 0) {
		return nil, fmt.Errorf("approx %v: the landmarks' kernel matrix has no positive eigenvalue (is the kernel positive semi-definite?)", a)
	}
	var keep []int // largest first
	for q := m - 1; q >= 0 && vals[q] > nystromTol*top; q-- {
		keep = append(keep, q)
	}
	r2 := len(keep)
	proj := make([]float64, m*r2)
	for j := range m {
		for c, q := range keep {
			proj[j*r2+c] = u.At(j, q) / math.Sqrt(vals[q])
		}
	}
	return &ApproxMap{spec: a, kernel: k, dim: r2, marks: marks, proj: proj}, nil
}

// Approx is the spec the map was built from.
func (m *ApproxMap) Approx() Approx { return m.spec }

// Kernel is the kernel the map approximates.
func (m *ApproxMap) Kernel() Kernel { return m.kernel }

// Dim is the number of features: D for rff, the rank kept for nystrom.
func (m *ApproxMap) Dim() int { return m.dim }

// Landmarks are the Nyström landmarks, in the order drawn (nil for rff).
// Read only.
func (m *ApproxMap) Landmarks() []Vec { return m.marks }

// Map writes z(x) into dst[:Dim()].
func (m *ApproxMap) Map(dst []float64, x Vec) {
	if len(dst) < m.dim {
		panic(fmt.Sprintf("learn: ApproxMap.Map: dst has %d entries, need %d", len(dst), m.dim))
	}
	m.dot(dst[:m.dim], m.zero, x)
}

// dot writes z(x) into z (Dim() entries) and returns w·z(x). For rff it is
// one fused pass (rffDot), with len(w) = Dim().
func (m *ApproxMap) dot(z, w []float64, x Vec) float64 {
	if m.marks == nil {
		return m.rff(z, w, x.X1, x.X2)
	}
	clear(z)
	for j, l := range m.marks {
		axpy(z, m.proj[j*m.dim:(j+1)*m.dim], m.kernel.Eval(l, x))
	}
	if w == nil {
		return 0
	}
	return dotOf(w, z)
}

// rffReachMax is the largest |θ/π| the fast cosine reduces correctly with
// room to spare (its rounding trick needs < 2⁵¹).
const rffReachMax = 1 << 45

// rff is the fused random-feature pass, z = √(2/D) cos(θ) and w·z, on the
// fast kernel unless the point is so far out that θ/π could leave the
// range of cosHalf's reduction; there math.Cos takes over.
func (m *ApproxMap) rff(z, w []float64, x1, x2 float64) float64 {
	if m.reach*max(math.Abs(x1), math.Abs(x2))+2 < rffReachMax {
		return rffDot(z, w, m.ca, m.cb, m.ph, x1, x2, m.scale)
	}
	s := 0.0
	for k := range z {
		z[k] = m.scale * math.Cos(math.Pi*(m.ca[k]*x1+m.cb[k]*x2+m.ph[k]))
		s += w[k] * z[k]
	}
	return s
}

// Weights returns w = Σⱼ αⱼ yⱼ z(xⱼ), summed in dataset order over αⱼ ≠ 0:
// the primal machine f̃(x) = w·z(x) that shares an exact (dual) run's α.
// As Dim grows, f̃ tends to the exact f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x).
func (m *ApproxMap) Weights(alpha []float64, ys []int, xs []Vec) []float64 {
	if len(alpha) != len(ys) || len(alpha) != len(xs) {
		panic(fmt.Sprintf("learn: ApproxMap.Weights: %d α, %d labels, %d points", len(alpha), len(ys), len(xs)))
	}
	w := make([]float64, m.dim)
	z := make([]float64, m.dim)
	for j, a := range alpha {
		if a == 0 {
			continue
		}
		m.Map(z, xs[j])
		axpy(w, z, a*float64(ys[j]))
	}
	return w
}

// dotOf is a·b summed in index order.
func dotOf(a, b []float64) float64 {
	b = b[:len(a)]
	s := 0.0
	for k, v := range a {
		s += v * b[k]
	}
	return s
}

// Coefficients of cosHalf: p(s) ≈ cos(π√s) on s ∈ [0, 1/4], interpolated at
// the 8 Chebyshev nodes of that interval (solved in 300-bit arithmetic,
// rounded to float64). Measured against math.Cos on 2·10⁶ points of
// f ∈ [−½, ½]: |p(f²) − cos(πf)| ≤ 2.3e-15.
const (
	cosC0 = 0.99999999999999811
	cosC1 = -4.9348022005436709
	cosC2 = 4.058712126332404
	cosC3 = -1.3352627661629046
	cosC4 = 0.23533058813103705
	cosC5 = -0.025806531105062216
	cosC6 = 0.0019278680648573438
	cosC7 = -0.00010041476804980475
)

// roundShift is 1.5·2⁵²: t + roundShift rounds t to an integer k (for
// |t| < 2⁵¹), and the last bit of the sum's mantissa is k's parity.
const roundShift = 0x1.8p52

// cosHalf is cos(πt), for |t| < 2⁵¹:
//
//	k = round(t),  f = t − k ∈ [−½, ½] (exact),  cos(πt) = (−1)ᵏ cos(πf) ≈ (−1)ᵏ p(f²)
//
// The reduction is exact, so the absolute error is that of p, ≤ 2.3e-15
// (plus rounding of the Horner sum, a few 1e-16). Written in half-turns, an
// angle θ costs its rounding to θ/π, |θ|·2⁻⁵³ — the phase error of any
// cosine fed a rounded argument.
func cosHalf(t float64) float64 {
	u := t + roundShift
	f := t - (u - roundShift)
	s := f * f
	p := cosC0 + s*(cosC1+s*(cosC2+s*(cosC3+s*(cosC4+s*(cosC5+s*(cosC6+s*cosC7))))))
	return math.Float64frombits(math.Float64bits(p) ^ math.Float64bits(u)<<63)
}

// rffDotGo is the portable fused random-feature pass: for every k,
//
//	z[k] = scale·cos(π(ca[k]·x₁ + cb[k]·x₂ + ph[k])),
//
// and it returns Σₖ w[k]·z[k], kept in four running sums over k mod 4 added
// as (s₀ + s₁) + (s₂ + s₃): a fixed order, so the same bits every run.
func rffDotGo(z, w, ca, cb, ph []float64, x1, x2, scale float64) float64 {
	n := len(z)
	w, ca, cb, ph = w[:n], ca[:n], cb[:n], ph[:n]
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+4 <= n; k += 4 {
		z0 := scale * cosHalf(ca[k]*x1+cb[k]*x2+ph[k])
		z1 := scale * cosHalf(ca[k+1]*x1+cb[k+1]*x2+ph[k+1])
		z2 := scale * cosHalf(ca[k+2]*x1+cb[k+2]*x2+ph[k+2])
		z3 := scale * cosHalf(ca[k+3]*x1+cb[k+3]*x2+ph[k+3])
		zz := z[k : k+4 : k+4]
		zz[0], zz[1], zz[2], zz[3] = z0, z1, z2, z3
		s0 += w[k] * z0
		s1 += w[k+1] * z1
		s2 += w[k+2] * z2
		s3 += w[k+3] * z3
	}
	for ; k < n; k++ {
		z[k] = scale * cosHalf(ca[k]*x1+cb[k]*x2+ph[k])
		s0 += w[k] * z[k]
	}
	return (s0 + s1) + (s2 + s3)
}
