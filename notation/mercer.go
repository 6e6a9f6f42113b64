package notation

import (
	"errors"
	"fmt"

	"kernelscope/learn"
)

// MercerNote is the terminal program's one line on Mercer's condition
// (seed 004) under its Gram panel: learn.DecideMercer's verdict v in a few
// words, and warn when it is one to look at (not PSD, or no verdict because
// K or the eigenvalues overflowed). It is "" when there are no points.
func MercerNote(v learn.MercerVerdict) (note string, warn bool) {
	var over *learn.GramOverflowError
	switch {
	case errors.As(v.Err, &over):
		return fmt.Sprintf("K(x%s,x%s) = %s overflows: no Mercer check (rescale data or lower d)",
			learn.Sub(over.I+1), learn.Sub(over.J+1), learn.Num(over.K)), true
	case v.Err != nil:
		return "Mercer check failed: " + v.Err.Error(), true
	case len(v.Eigenvalues) == 0:
		return "", false
	case v.PSD && v.Eigenvalues[0] <= v.Tol:
		return "λmin ≈ 0 ≥ 0: PSD ✓ (Mercer)", false
	case v.PSD:
		return fmt.Sprintf("λmin = %s ≥ 0: PSD ✓ (Mercer)", learn.Num(v.Eigenvalues[0])), false
	}
	return fmt.Sprintf("λmin = %s < 0: not PSD, not a Mercer kernel here (M: the counter-example)", learn.Num(v.Eigenvalues[0])), true
}
