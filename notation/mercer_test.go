package notation

import (
	"math"
	"testing"

	"kernelscope/learn"
)

// TestMercerNote: the Gram panel's line for each kind of verdict, as the
// panel has always written it.
func TestMercerNote(t *testing.T) {
	sigmoid := learn.DecideMercer(learn.Gram(learn.Sigmoid{Gamma: 1, C: 0}, []learn.Vec{{X1: 1}, {X1: 2}}))
	for _, c := range []struct {
		v    learn.MercerVerdict
		note string
		warn bool
	}{
		{learn.MercerVerdict{Mercer: learn.Mercer{Eigenvalues: []float64{1e-12, 8}, PSD: true, Tol: 8e-9}}, "λmin ≈ 0 ≥ 0: PSD ✓ (Mercer)", false},
		{learn.MercerVerdict{Mercer: learn.Mercer{Eigenvalues: []float64{0.5, 8}, PSD: true, Tol: 8e-9}}, "λmin = 0.5 ≥ 0: PSD ✓ (Mercer)", false},
		{sigmoid, "λmin = " + learn.Num(sigmoid.Eigenvalues[0]) + " < 0: not PSD, not a Mercer kernel here (M: the counter-example)", true},
		{learn.MercerVerdict{Err: &learn.GramOverflowError{I: 0, J: 2, K: math.Inf(1)}}, "K(x₁,x₃) = +Inf overflows: no Mercer check (rescale data or lower d)", true},
		{learn.MercerVerdict{Err: learn.ErrEigenOverflow}, "Mercer check failed: the eigenvalues overflow float64 (K is too large: rescale the data)", true},
		{learn.MercerVerdict{Mercer: learn.Mercer{PSD: true, Tol: 1e-9}}, "", false},
	} {
		if note, warn := MercerNote(c.v); note != c.note || warn != c.warn {
			t.Errorf("MercerNote(%+v) = %q, %v; want %q, %v", c.v, note, warn, c.note, c.warn)
		}
	}
}
