package learn

import (
	"encoding/json"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// The training points seen in feature space, from the Gram matrix alone.
//
// The learned weight vector is w = Σⱼ cⱼ φ(xⱼ) (seed 001: "w = Σᵢ αᵢ yᵢ
// φ(xᵢ)"), so without ever writing φ down
//
//	‖w‖² = cᵀKc,   w·φ(xᵢ) = (Kc)ᵢ = f(xᵢ) − b.
//
// Each φ(xᵢ) is projected onto an orthonormal basis e₁, e₂, e₃ of
// span{φ(xⱼ)}: e₁ = w/‖w‖, so the first coordinate is u₁ = (Kc)ᵢ/‖w‖ and the
// boundary f = 0 is the plane u₁ = −b/‖w‖ (u₁ = 0 for the perceptron). With
// the e₁ part taken off, rᵢ = φ(xᵢ) − u₁ᵢ e₁ has the Gram matrix
//
//	⟨rᵢ, rⱼ⟩ = Kᵢⱼ − u₁ᵢ u₁ⱼ,
//
// positive semi-definite when K is (it is a Gram matrix). Kernel PCA
// (Schölkopf, Smola & Müller 1998, "Nonlinear component analysis as a kernel
// eigenvalue problem") of the centred cloud rᵢ − r̄ decomposes
//
//	M = H (K − u₁u₁ᵀ) H,   H = I − 11ᵀ/n,
//
// and its top two eigenpairs (λ₁, v₁), (λ₂, v₂) give e₂, e₃ and the
// coordinates u₂ = √λ₁ v₁, u₃ = √λ₂ v₂. Before the first mistake (w = 0) the
// three axes are the top three kernel-PCA directions of HKH.
//
// A kernel not PSD on the data (seed 004, Mercer's condition; the sigmoid,
// usually) has no feature space: cᵀKc can be negative, and then there is no
// ‖w‖; the axes are kernel PCA of the positive part of HKH.

// ProjectionLimit is the most training examples projected by default: the
// eigendecomposition costs O(n³), about a second at n = 1000. Larger sets are
// subsampled (see ProjectionInput.Project).
const ProjectionLimit = 1000

// Projection is the training points in feature-space coordinates u.
type Projection struct {
	// U[k] is the coordinates of training example Index[k].
	U [][3]float64 `json:"u"`
	// Index is which training examples were projected, ascending: all of
	// them unless Subsampled.
	Index []int `json:"index"`
	// N is the number of training examples in all.
	N int `json:"n"`
	// NormW is ‖w‖ = √(cᵀKc) when HasNorm; HasNorm is false when there is
	// no feature space (cᵀKc < 0, or ≈ 0 with K seen not to be PSD).
	NormW   float64 `json:"-"`
	HasNorm bool    `json:"-"`
	// AlongW says that axis 1 is e₁ = w/‖w‖, u₁ = (f(xᵢ) − b)/‖w‖. When
	// false (w = 0, or no ‖w‖) all three axes are kernel-PCA directions.
	AlongW bool `json:"along_w"`
	// PlaneAt is where the boundary f = 0 lies on axis 1: u₁ = −b/‖w‖
	// (only when AlongW).
	PlaneAt float64 `json:"-"`
	// Indefinite says the Gram matrix was seen not to be PSD here (a
	// negative Kᵢᵢ, |w·φ(xᵢ)| > ‖w‖‖φ(xᵢ)‖, cᵀKc < 0, or a negative eigenvalue
	// of the decomposed matrix): coordinates are of the positive part.
	Indefinite bool `json:"indefinite"`
	// Subsampled says only some examples were projected; Sample says which.
	Subsampled bool   `json:"subsampled"`
	Sample     string `json:"sample,omitempty"`
	// Eigen[k] is the eigenvalue behind axis k+1, Σᵢ U[i][k]² (0 when
	// dropped, and for axis 1 when AlongW); EigenSum sums the positive ones
	// of the decomposed matrix, so Eigen[k]/EigenSum is that axis's share.
	Eigen    [3]float64 `json:"eigen"`
	EigenSum float64    `json:"eigen_sum"`
	// Reason says, for people, why the axes are not the ordinary ones.
	Reason string `json:"reason,omitempty"`
}

// MarshalJSON writes the projection with "norm_w" and "plane_at" as numbers,
// or null when they are undefined: never NaN.
func (p Projection) MarshalJSON() ([]byte, error) {
	type plain Projection
	out := struct {
		plain
		NormW   *float64 `json:"norm_w"`
		PlaneAt *float64 `json:"plane_at"`
	}{plain: plain(p)}
	if p.HasNorm {
		out.NormW = &p.NormW
	}
	if p.AlongW {
		out.PlaneAt = &p.PlaneAt
	}
	return json.Marshal(out)
}

// Project projects every training point, given the Gram matrix
// Kᵢⱼ = K(xᵢ, xⱼ), the coefficients cⱼ of f(x) = Σⱼ cⱼ K(xⱼ, x) + b and the
// offset b. It costs one eigendecomposition of an n×n matrix (gonum
// mat.EigenSym), O(n³): see ProjectionLimit. It panics if len(coef) is not
// n, and returns an error for values that are not finite.
func Project(g *mat.SymDense, coef []float64, offset float64) (Projection, error) {
	n := g.SymmetricDim()
	if len(coef) != n {
		panic(fmt.Sprintf("learn: Project: %d coefficients for a %d×%d Gram matrix", len(coef), n, n))
	}
	for j, c := range coef {
		if !finite(c) {
			return Projection{}, fmt.Errorf("projection: coefficient c%d = %v is not finite", j+1, c)
		}
	}
	// f = Kc, with sᵢ = Σⱼ |cⱼ Kᵢⱼ| the size of the terms (rounding scale).
	w := wInfo{f: make([]float64, n), fScale: make([]float64, n)}
	for i := range n {
		var f, s float64
		for j := range n {
			k := g.At(i, j)
			if !finite(k) {
				return Projection{}, fmt.Errorf("projection: K(x%d, x%d) = %v is not finite; choose a kernel whose values fit a float64 (a lower degree, a larger σ)", i+1, j+1, k)
			}
			f += coef[j] * k
			s += math.Abs(coef[j] * k)
		}
		w.f[i], w.fScale[i] = f, s
		w.q += coef[i] * f
		w.qScale += math.Abs(coef[i]) * s
	}
	return project(g, w, offset)
}

// wInfo is what a projection needs of w on the projected points: fᵢ =
// w·φ(xᵢ), q = ‖w‖² = cᵀKc, and the rounding scales of both.
type wInfo struct {
	f      []float64
	fScale []float64 // Σⱼ |cⱼ Kᵢⱼ|, or nil when unknown
	q      float64
	qScale float64 // Σᵢⱼ |cᵢ Kᵢⱼ cⱼ| or a bound on it
}

// project is Project given w's values on the points of g.
func project(g *mat.SymDense, w wInfo, offset float64) (Projection, error) {
	n := g.SymmetricDim()
	p := Projection{U: make([][3]float64, n), Index: make([]int, n), N: n}
	for i := range p.Index {
		p.Index[i] = i
	}
	if !finite(w.q) || !finite(offset) {
		return Projection{}, fmt.Errorf("projection: ‖w‖² = cᵀKc = %v and b = %v must be finite", w.q, offset)
	}
	for i, f := range w.f {
		if !finite(f) {
			return Projection{}, fmt.Errorf("projection: w·φ(x%d) = %v is not finite", i+1, f)
		}
	}
	// Evidence that K is not PSD, without an eigendecomposition of K: a
	// negative diagonal, or Cauchy–Schwarz failing, fᵢ² > ‖w‖² ‖φ(xᵢ)‖².
	for i := range n {
		kii := g.At(i, i)
		if kii < -1e-9*max(1, math.Abs(kii)) {
			p.Indefinite = true
		}
		if w.fScale != nil {
			f, s := w.f[i], w.fScale[i]
			if f*f-kii*w.q > 1e-9*(s*s+math.Abs(kii)*w.qScale) {
				p.Indefinite = true
			}
		}
	}
	u1 := make([]float64, n) // stays 0 unless axis 1 is along w
	switch qTol := 1e-9 * w.qScale; {
	case w.q > qTol && w.q > 0:
		p.NormW, p.HasNorm, p.AlongW = math.Sqrt(w.q), true, true
		p.PlaneAt = (0 - offset) / p.NormW // +0, not −0, when b = 0
		for i, f := range w.f {
			u1[i] = f / p.NormW
			p.U[i][0] = u1[i]
		}
	case w.q < -qTol:
		p.Indefinite = true
	}
	if n == 0 {
		return finish(p, w), nil
	}

	// M = H (K − u₁u₁ᵀ) H: with D = K − u₁u₁ᵀ, Mᵢⱼ = Dᵢⱼ − r̄ᵢ − r̄ⱼ + m̄,
	// r̄ᵢ the row means of D and m̄ their mean.
	m := mat.NewSymDense(n, nil)
	rows := make([]float64, n)
	mean := 0.0
	for i := range n {
		for j := range n {
			rows[i] += g.At(i, j) - u1[i]*u1[j]
		}
		rows[i] /= float64(n)
		mean += rows[i] / float64(n)
	}
	for i := range n {
		for j := i; j < n; j++ {
			m.SetSym(i, j, g.At(i, j)-u1[i]*u1[j]-rows[i]-rows[j]+mean)
		}
	}
	var es mat.EigenSym
	if !es.Factorize(m, true) {
		return Projection{}, fmt.Errorf("projection: %w", ErrEigen)
	}
	vals := es.Values(nil)
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	abs := 0.0
	for _, v := range vals {
		abs += math.Abs(v)
		if v > 0 {
			p.EigenSum += v
		}
	}
	// An eigenvalue below 1e-9·max(1, trace) counts as zero (the trace of a
	// PSD matrix is Σ|λ|). A negative one beyond rounding shows K is not
	// PSD: K PSD ⇒ K − u₁u₁ᵀ PSD ⇒ M PSD. Rounding in u₁u₁ᵀ = ffᵀ/q grows as
	// qScale/q, hence the allowance.
	eTol := 1e-9 * max(1, abs)
	allow, first := eTol, 0 // first: the axis the top eigenpair goes to
	if p.AlongW {
		allow, first = eTol*(1+w.qScale/w.q), 1
	}
	if vals[0] < -allow {
		p.Indefinite = true
	}
	col := make([]float64, n)
	for axis, k := first, n-1; axis < 3 && k >= 0; axis, k = axis+1, k-1 {
		if vals[k] <= eTol {
			break
		}
		mat.Col(col, k, &vecs)
		fixSign(col)
		r := math.Sqrt(vals[k])
		for i := range n {
			p.U[i][axis] = r * col[i]
		}
		p.Eigen[axis] = vals[k]
	}
	return finish(p, w), nil
}

// finish sets Reason, and HasNorm when w = 0.
func finish(p Projection, w wInfo) Projection {
	switch {
	case p.N == 0:
		p.HasNorm, p.Reason = true, "no training examples"
	case p.AlongW && p.Indefinite:
		p.Reason = "the Gram matrix is not positive semi-definite on these points, so there is no true feature space: ‖w‖ = √(cᵀKc), and axes 2 and 3 are from the positive part"
	case p.AlongW:
	case w.qScale == 0:
		// Every term cᵢ Kᵢⱼ cⱼ is 0: w = Σⱼ cⱼ φ(xⱼ) is the zero vector
		// whatever the kernel.
		p.HasNorm = true
		p.Reason = "w = 0 (no mistake yet): the axes are the top three kernel-PCA directions"
		if p.Indefinite {
			p.Reason += " of the positive part (the Gram matrix is not positive semi-definite on these points)"
		}
	case p.Indefinite:
		p.Reason = fmt.Sprintf("no feature space: the Gram matrix is not positive semi-definite on these points and cᵀKc = %s, so w has no norm; the axes are kernel PCA of the positive part", Num(w.q))
	default:
		p.HasNorm = true
		p.Reason = "w = 0 in feature space (the coefficients cancel): the axes are the top three kernel-PCA directions"
	}
	return p
}

// fixSign flips v so that its largest-magnitude entry is positive; of entries
// within 1e-9 (relative) of it the first decides, so ties don't turn on rounding.
func fixSign(v []float64) {
	big := 0.0
	for _, x := range v {
		big = max(big, math.Abs(x))
	}
	for _, x := range v {
		if math.Abs(x) >= big*(1-1e-9) {
			if x < 0 {
				for i := range v {
					v[i] = -v[i]
				}
			}
			return
		}
	}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// ProjectionInput is what a projection needs of a learner, copied so that it
// can be projected off the goroutine that trains (Project may take a second).
type ProjectionInput struct {
	Kernel Kernel
	// X are the points as the kernel sees them (Embed), Coef the cⱼ.
	X      []Vec
	Coef   []float64
	Offset float64
	// Margin, if not nil, is w·φ(xᵢ) = f(xᵢ) − b for every example (a
	// learner's Score − Offset). It is used only when #SV > limit, to save
	// the O(#SV²) kernel evaluations of ‖w‖².
	Margin []float64
}

// ProjectionInputOf copies what a projection needs of l. Call it where l is
// owned (it reads l); project the copy anywhere.
func ProjectionInputOf(l Learner) ProjectionInput {
	n := l.N()
	in := ProjectionInput{Kernel: l.Kernel(), X: make([]Vec, n), Coef: make([]float64, n), Margin: make([]float64, n), Offset: l.Offset()}
	for i := range n {
		in.X[i], in.Coef[i], in.Margin[i] = l.X(i), l.Coef(i), l.Score(i)-in.Offset
	}
	return in
}

// ProjectLearner is ProjectionInputOf(l).Project(limit).
func ProjectLearner(l Learner, limit int) (Projection, error) {
	return ProjectionInputOf(l).Project(limit)
}

// Project projects the training points, or, when there are more than limit
// of them (limit ≤ 0 means ProjectionLimit), a deterministic subsample of
// limit points:
//
//   - every support vector (cⱼ ≠ 0) and, evenly spaced in dataset order,
//     limit − #SV of the other examples (rest[⌊k·|rest|/m⌋], k < m). The SV
//     block is then inside the projected Gram matrix, so ‖w‖ and u₁ are
//     exact. The cloud that e₂, e₃ describe over-represents support vectors.
//   - if #SV > limit: limit support vectors, evenly spaced the same way.
//     u₁ = (Kc)ᵢ/‖w‖ still uses every support vector: fᵢ from Margin, or
//     from |P|·#SV kernel evaluations; ‖w‖² = Σⱼ cⱼ fⱼ over all of them,
//     from Margin, or from #SV² evaluations (no more than training took).
func (in ProjectionInput) Project(limit int) (Projection, error) {
	n := len(in.X)
	if len(in.Coef) != n || (in.Margin != nil && len(in.Margin) != n) {
		panic(fmt.Sprintf("learn: ProjectionInput.Project: %d points, %d coefficients, %d margins", n, len(in.Coef), len(in.Margin)))
	}
	if limit <= 0 {
		limit = ProjectionLimit
	}
	if n <= limit {
		return Project(Gram(in.Kernel, in.X), in.Coef, in.Offset)
	}
	var svs []int
	for j, c := range in.Coef {
		if c != 0 {
			svs = append(svs, j)
		}
	}
	idx, allSVs := projectionSample(n, svs, limit)
	xs := make([]Vec, len(idx))
	cs := make([]float64, len(idx))
	for k, i := range idx {
		xs[k], cs[k] = in.X[i], in.Coef[i]
	}
	g := Gram(in.Kernel, xs)
	p, err := Projection{}, error(nil)
	if allSVs {
		p, err = Project(g, cs, in.Offset)
		p.Sample = fmt.Sprintf("%d of %d examples: all %d support vectors and %d of the other %d, evenly spaced", len(idx), n, len(svs), len(idx)-len(svs), n-len(svs))
	} else {
		p, err = project(g, in.wOn(idx, svs), in.Offset)
		p.Sample = fmt.Sprintf("%d of the %d support vectors of %d examples, evenly spaced; ‖w‖ and u₁ from all of them", len(idx), len(svs), n)
	}
	if err != nil {
		return Projection{}, err
	}
	p.Index, p.N, p.Subsampled = idx, n, true
	return p, nil
}

// projectionSample picks the examples to project when n > limit (see
// ProjectionInput.Project); allSVs says whether every support vector is
// among them.
func projectionSample(n int, svs []int, limit int) (idx []int, allSVs bool) {
	spaced := func(from []int, m int) []int {
		out := make([]int, m)
		for k := range m {
			out[k] = from[k*len(from)/m]
		}
		return out
	}
	if len(svs) > limit {
		return spaced(svs, limit), false
	}
	chosen := make([]bool, n)
	for _, i := range svs {
		chosen[i] = true
	}
	rest := make([]int, 0, n-len(svs))
	for i, c := range chosen {
		if !c {
			rest = append(rest, i)
		}
	}
	for _, i := range spaced(rest, limit-len(svs)) {
		chosen[i] = true
	}
	idx = make([]int, 0, limit)
	for i, c := range chosen {
		if c {
			idx = append(idx, i)
		}
	}
	return idx, true
}

// wOn computes fᵢ = Σ_{j∈SV} cⱼ K(xⱼ, xᵢ) on the points idx and ‖w‖² =
// Σ_{j∈SV} cⱼ fⱼ, from Margin when there is one.
func (in ProjectionInput) wOn(idx, svs []int) wInfo {
	svX := make([]Vec, len(svs))
	sumC := 0.0
	for k, j := range svs {
		svX[k] = in.X[j]
		sumC += math.Abs(in.Coef[j])
	}
	w := wInfo{f: make([]float64, len(idx))}
	if in.Margin != nil {
		for k, i := range idx {
			w.f[k] = in.Margin[i]
		}
		// Σᵢⱼ |cᵢ Kᵢⱼ cⱼ| ≤ (Σ|cⱼ|)² max|Kⱼⱼ| when K is PSD (|Kᵢⱼ|² ≤ KᵢᵢKⱼⱼ).
		big := 0.0
		for _, j := range svs {
			w.q += in.Coef[j] * in.Margin[j]
			big = max(big, math.Abs(in.Kernel.Eval(in.X[j], in.X[j])))
		}
		w.qScale = sumC * sumC * big
		return w
	}
	row := make([]float64, len(svs))
	fAt := func(x Vec) (f, s float64) {
		KernelRow(in.Kernel, row, x, svX)
		for k, j := range svs {
			f += in.Coef[j] * row[k]
			s += math.Abs(in.Coef[j] * row[k])
		}
		return f, s
	}
	w.fScale = make([]float64, len(idx))
	for k, i := range idx {
		w.f[k], w.fScale[k] = fAt(in.X[i])
	}
	for _, j := range svs {
		f, s := fAt(in.X[j])
		w.q += in.Coef[j] * f
		w.qScale += math.Abs(in.Coef[j]) * s
	}
	return w
}
