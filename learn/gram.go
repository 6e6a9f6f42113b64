package learn

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Gram returns the kernel matrix Gᵢⱼ = K(xᵢ, xⱼ) (seed 001: "All values of
// xᵢᵀxⱼ are contained in the Gram matrix"; seed 004: "the Gram matrix K of
// the training set D"). It costs n²/2 kernel evaluations and n² floats: for
// showing and analysing small sets, never for training.
func Gram(k Kernel, xs []Vec) *mat.SymDense {
	n := len(xs)
	if n == 0 {
		return &mat.SymDense{}
	}
	g := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			g.SetSym(i, j, k.Eval(xs[i], xs[j]))
		}
	}
	return g
}

// Gram returns the Gram matrix of the perceptron's examples under its kernel
// (in augmented coordinates when bias is on).
func (p *Perceptron) Gram() *mat.SymDense { return Gram(p.cfg.Kernel, p.xs) }

// Mercer is the outcome of checking Mercer's condition on one Gram matrix
// (seed 004, "Věta (Mercer's)": κ is a kernel iff its Gram matrices are
// positive semi-definite).
type Mercer struct {
	// Eigenvalues of the Gram matrix, ascending.
	Eigenvalues []float64
	// PSD reports whether the smallest eigenvalue is ≥ −Tol.
	PSD bool
	// Tol is the rounding allowance: 1e-9·max(1, max|λ|).
	Tol float64
}

// ErrEigen is returned when the eigendecomposition does not converge.
var ErrEigen = errors.New("eigendecomposition of the Gram matrix failed")

// CheckMercer computes the eigenvalues of a symmetric matrix (gonum
// mat.EigenSym) and whether it is positive semi-definite within rounding.
func CheckMercer(g *mat.SymDense) (Mercer, error) {
	n := g.SymmetricDim()
	if n == 0 {
		return Mercer{PSD: true, Tol: 1e-9}, nil
	}
	var es mat.EigenSym
	if !es.Factorize(g, false) {
		return Mercer{}, ErrEigen
	}
	vals := es.Values(nil)
	big := 1.0
	for _, v := range vals {
		big = math.Max(big, math.Abs(v))
	}
	tol := 1e-9 * big
	return Mercer{Eigenvalues: vals, PSD: vals[0] >= -tol, Tol: tol}, nil
}

// ErrEigenOverflow is returned when the eigenvalues of a Gram matrix whose
// entries are all finite overflow float64.
var ErrEigenOverflow = errors.New("the eigenvalues overflow float64 (K is too large: rescale the data)")

// A GramOverflowError is an entry K(xᵢ, xⱼ) of a Gram matrix that is not a
// finite number (float64 overflowed: a high degree, data far from 0). Such a
// matrix has no eigenvalues to judge Mercer's condition by, and is no
// evidence against it either.
type GramOverflowError struct {
	I, J int // the entry, 0-based, I ≤ J
	K    float64
}

func (e *GramOverflowError) Error() string {
	return fmt.Sprintf("K(x%s, x%s) = %s is not finite", Sub(e.I+1), Sub(e.J+1), Num(e.K))
}

// A MercerVerdict is Mercer's condition (seed 004) decided on one Gram
// matrix, as far as float64 allows: the eigenvalues and whether they are
// ≥ 0, and when they are not the smallest set of points that shows it.
type MercerVerdict struct {
	// Mercer is the outcome when Err is nil.
	Mercer
	// Err says why there is no outcome: a *GramOverflowError for the
	// first entry (row by row) that is not finite, ErrEigen, or
	// ErrEigenOverflow.
	Err error
	// Counterexample is MercerCounterexample's outcome when the matrix is
	// not PSD (Found may still be false); nil otherwise, or when it failed.
	Counterexample *Counterexample
}

// DecideMercer checks Mercer's condition on the Gram matrix g: that every
// entry is finite, then its eigenvalues (CheckMercer), then, when g is not
// positive semi-definite, the counter-example (MercerCounterexample). It is
// the one verdict the terminal program's Gram panel and spectrum view and
// `kernelscope features` give, each in its own words.
func DecideMercer(g *mat.SymDense) MercerVerdict {
	n := g.SymmetricDim()
	for i := range n {
		for j := i; j < n; j++ {
			if k := g.At(i, j); math.IsNaN(k) || math.IsInf(k, 0) {
				return MercerVerdict{Err: &GramOverflowError{I: i, J: j, K: k}}
			}
		}
	}
	m, err := CheckMercer(g)
	if err != nil {
		return MercerVerdict{Err: err}
	}
	for _, v := range m.Eigenvalues {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return MercerVerdict{Err: ErrEigenOverflow}
		}
	}
	out := MercerVerdict{Mercer: m}
	if !m.PSD {
		if ce, err := MercerCounterexample(g); err == nil {
			out.Counterexample = &ce
		}
	}
	return out
}
