package learn

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestDecideMercer: the one Mercer verdict. Seed 003's Gram matrix of
// worked4 under (x·z)² has eigenvalues 0, 0, 8, 8 (PSD, no counter-example
// searched); two points under the sigmoid tanh(x·z) fail on the pair
// (det = tanh(1)·tanh(4) − tanh(2)² ≈ −0.169 < 0, Cauchy–Schwarz); an
// entry that overflows is named and gives no eigenvalues; eigenvalues that
// overflow from finite entries ([[M, −M], [−M, M]], M = 1e308, has 2M) are
// no verdict either.
func TestDecideMercer(t *testing.T) {
	worked4 := []Vec{{0, 1, 1}, {0, -1, 1}, {0, -1, -1}, {0, 1, -1}}
	v := DecideMercer(Gram(Poly{D: 2}, worked4))
	if v.Err != nil || !v.PSD || v.Counterexample != nil || len(v.Eigenvalues) != 4 ||
		math.Abs(v.Eigenvalues[0]) > 1e-12 || math.Abs(v.Eigenvalues[3]-8) > 1e-12 {
		t.Errorf("worked4, (x·z)²: %+v; want PSD, eigenvalues 0, 0, 8, 8, no counter-example", v)
	}

	v = DecideMercer(Gram(Sigmoid{Gamma: 1, C: 0}, []Vec{{0, 1, 0}, {0, 2, 0}}))
	det := math.Tanh(1)*math.Tanh(4) - math.Tanh(2)*math.Tanh(2)
	if v.Err != nil || v.PSD || v.Counterexample == nil || !v.Counterexample.Found || len(v.Counterexample.Points) != 2 ||
		math.Abs(v.Eigenvalues[0]*v.Eigenvalues[1]-det) > 1e-12 {
		t.Errorf("sigmoid pair: %+v; want not PSD, the pair as counter-example, λ₁λ₂ = %v", v, det)
	}

	g := mat.NewSymDense(3, []float64{1, 0, 0, 0, 1, math.Inf(1), 0, math.Inf(1), 1})
	v = DecideMercer(g)
	var over *GramOverflowError
	if !errors.As(v.Err, &over) || over.I != 1 || over.J != 2 || !math.IsInf(over.K, 1) || v.Eigenvalues != nil {
		t.Errorf("an infinite entry: %+v (%v); want a GramOverflowError at (1, 2)", v, v.Err)
	} else if got, want := v.Err.Error(), "K(x₂, x₃) = +Inf is not finite"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}

	const big = 1e308
	v = DecideMercer(mat.NewSymDense(2, []float64{big, -big, -big, big}))
	if !errors.Is(v.Err, ErrEigenOverflow) {
		t.Errorf("eigenvalue 2e308: %+v; want ErrEigenOverflow", v)
	}

	if v := DecideMercer(&mat.SymDense{}); v.Err != nil || !v.PSD || len(v.Eigenvalues) != 0 {
		t.Errorf("no points: %+v; want PSD with no eigenvalues", v)
	}
}
