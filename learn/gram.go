package learn

import (
	"errors"
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
var ErrEigen = errors.New("learn: eigendecomposition of the Gram matrix failed")

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
