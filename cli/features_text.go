package cli

import (
	"bufio"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"kernelscope/learn"
	"kernelscope/notation"
)

// maxEigenList is the largest n whose Gram eigenvalues the text lists one
// by one; larger sets get λmin and λmax.
const maxEigenList = 8

// maxFeatureRows is how many points the text table lists; JSON lists all.
const maxFeatureRows = 50

// writeFeaturesText writes the report the way the notes write a learned
// classifier in feature space (seed 003, "The Kernel Trick": w = (1, √2, 1)
// on (x₁², √2·x₁x₂, x₂²)), in the notation of trace: the run, φ and w, ‖w‖,
// Mercer's verdict, then the points in feature-space coordinates.
func writeFeaturesText(w *bufio.Writer, r *featuresReport) error {
	p := r.p
	w.WriteString(traceHeader(r.s, p) + "\n")
	w.WriteString(notation.Outcome(p) + "\n")
	w.WriteString(notation.SupportVectors(p) + "\n\n")
	writeMap(w, r.p, r.prim, r.noMap)
	r.writeNorm(w)
	r.writeMercer(w)
	w.WriteByte('\n')
	r.writeProjection(w)
	return nil
}

// writeMap writes l's φ, w and f when prim (learn.Weights of l) is not
// nil, or else why φ has no finite form (noMap) and f as l writes it.
func writeMap(w *bufio.Writer, l learn.Learner, prim *learn.Primal, noMap error) {
	if prim != nil {
		writeWeights(w, l.Kernel(), prim)
		w.WriteString(prim.Function() + "\n")
		return
	}
	writeNoMap(w, l.Kernel(), noMap)
	w.WriteString(l.Function() + "\n")
}

// writeWeights writes φ of kernel k and w on it (seed 003: "w = (1, √2, 1)"
// on (x₁², √2·x₁x₂, x₂²)), with b when it is not 0.
func writeWeights(w *bufio.Writer, k learn.Kernel, prim *learn.Primal) {
	m := prim.Map
	on := ""
	if m.Bias() {
		on = " on x̃ = (1, x₁, x₂)"
	}
	fmt.Fprintf(w, "kernel %s%s: %s, %s\n", k, on, m, plural(m.Dim(), "feature"))
	w.WriteString(prim.String() + "\n")
}

// writeNoMap says why kernel k has no w to write out (noMap is
// learn.Weights' error).
func writeNoMap(w *bufio.Writer, k learn.Kernel, noMap error) {
	switch mapKind(noMap) {
	case "infinite":
		fmt.Fprintf(w, "φ has no finite form: the feature space of %s is infinite-dimensional (the lecture notes' Taylor expansion of exp: exp(x·z/σ²) = Σᵢ (x·z/σ²)ⁱ/i! has a term of every degree), so w = Σⱼ αⱼ yⱼ φ(xⱼ) is known only through K\n", k)
	case "indefinite":
		fmt.Fprintf(w, "φ does not exist: %s is not positive semi-definite in general (Mercer's condition fails), so it is no dot product φ(x)·φ(z) in any feature space\n", k)
	case "too_large":
		fmt.Fprintf(w, "φ is too large to write out: %s has more than %d features\n", k, learn.MaxFeatures)
	default:
		fmt.Fprintf(w, "w cannot be written out: %s\n", noMap.Error())
	}
}

// writeNorm writes ‖w‖, said to be of an indefinite kernel when it is
// one, or why there is none.
func (r *featuresReport) writeNorm(w *bufio.Writer) {
	switch {
	case r.hasNorm() && r.prim != nil:
		fmt.Fprintf(w, "‖w‖ = %s\n", learn.Num(r.proj.NormW))
	case r.hasNorm():
		fmt.Fprintf(w, "‖w‖ = √(cᵀKc) = %s, from the Gram matrix alone (‖w‖² = Σᵢⱼ cᵢcⱼ K(xᵢ, xⱼ), cⱼ = αⱼyⱼ)\n", learn.Num(r.proj.NormW))
	default:
		if nw, ok := r.normW(); ok {
			fmt.Fprintf(w, "‖w‖ = √(cᵀKc) = %s, but the kernel is indefinite (not PSD) on these points: there is no feature space for w to live in, so it is a length in name only (cᵀKc = Σᵢⱼ cᵢcⱼ K(xᵢ, xⱼ), cⱼ = αⱼyⱼ)\n", learn.Num(nw))
			return
		}
		fmt.Fprintf(w, "‖w‖: none, as there is no feature space for w to live in: cᵀKc = Σᵢⱼ cᵢcⱼ K(xᵢ, xⱼ) = %s is no squared length\n", learn.Num(r.ctkc))
	}
}

// writeMercer writes Mercer's verdict on the Gram matrix (seed 004, "Věta
// (Mercer's)") and, when it fails, the counter-example.
func (r *featuresReport) writeMercer(w *bufio.Writer) {
	mo := r.merc
	if !mo.run {
		if psd, known := r.psd(); known && !psd {
			fmt.Fprintf(w, "Mercer: %s; but the projection saw the Gram matrix fail it: not PSD: no feature space\n", mo.note)
			return
		}
		w.WriteString("Mercer: " + mo.note + "\n")
		return
	}
	ev, tol := mo.Eigenvalues, mo.Tol
	if len(ev) == 0 {
		w.WriteString("Mercer: no points, nothing to check\n")
		return
	}
	snap := func(v float64) string {
		if math.Abs(v) <= tol {
			return "0"
		}
		return learn.Num(v)
	}
	var list string
	if len(ev) <= maxEigenList {
		parts := make([]string, len(ev))
		for i, v := range ev {
			parts[i] = snap(v)
		}
		list = "the Gram matrix's eigenvalues are " + strings.Join(parts, ", ")
	} else {
		list = fmt.Sprintf("the Gram matrix's %d eigenvalues run from %s to %s", len(ev), snap(ev[0]), snap(ev[len(ev)-1]))
	}
	switch {
	case mo.PSD && ev[0] <= tol:
		fmt.Fprintf(w, "Mercer: %s; λmin ≈ 0 ≥ 0: positive semi-definite ✓\n", list)
		return
	case mo.PSD:
		fmt.Fprintf(w, "Mercer: %s; λmin = %s ≥ 0: positive semi-definite ✓\n", list, learn.Num(ev[0]))
		return
	}
	fmt.Fprintf(w, "Mercer: %s; λmin = %s < 0: not PSD: no feature space ✗ (K is a kernel only if every Gram matrix it makes is PSD)\n", list, learn.Num(ev[0]))
	ce := mo.Counterexample
	if ce == nil {
		return
	}
	if !ce.Found {
		w.WriteString("counter-example: " + ce.String() + "\n")
		return
	}
	names := make([]string, len(ce.Points))
	pts := make([]string, len(ce.Points))
	for a, i := range ce.Points {
		x := r.p.X(i)
		names[a] = "x" + learn.Sub(i+1)
		pts[a] = fmt.Sprintf("%s = (%s, %s)", names[a], learn.Num(x.X1), learn.Num(x.X2))
	}
	sep := ", "
	if len(pts) == 2 {
		sep = " and "
	}
	fmt.Fprintf(w, "counter-example: %s, whose Gram submatrix\n", strings.Join(pts, sep))
	rows := [][]string{append([]string{""}, names...)}
	for a := range ce.Points {
		row := []string{names[a]}
		for b := range ce.Points {
			row = append(row, learn.Num(ce.Sub.At(a, b)))
		}
		rows = append(rows, row)
	}
	w.WriteString(formatTable(rows, "  ", alignRight))
	fmt.Fprintf(w, "has the eigenvalue %s < 0: %s\n", learn.Num(ce.MinEig), whyNotPSD(ce.Sub, names))
}

// whyNotPSD says why a counter-example's Gram submatrix cannot be one of
// vectors φ(xᵢ) (see learn.MercerCounterexample): a negative ‖φ(xᵢ)‖², a
// pair against Cauchy–Schwarz, or a triple whose pairs all pass.
func whyNotPSD(sub *mat.SymDense, names []string) string {
	k := func(a, b int) string { return "K(" + names[a] + ", " + names[b] + ")" }
	switch len(names) {
	case 1:
		return fmt.Sprintf("%s would be ‖φ(%s)‖² ≥ 0", k(0, 0), names[0])
	case 2:
		det := sub.At(0, 0)*sub.At(1, 1) - sub.At(0, 1)*sub.At(0, 1)
		return fmt.Sprintf("its determinant %s·%s − %s² = %s·%s − %s² = %s < 0 breaks Cauchy–Schwarz, |φ(%s)·φ(%s)| ≤ ‖φ(%s)‖‖φ(%s)‖",
			k(0, 0), k(1, 1), k(0, 1), learn.Num(sub.At(0, 0)), learn.Num(sub.At(1, 1)), learn.Num(sub.At(0, 1)), learn.Num(det),
			names[0], names[1], names[0], names[1])
	}
	return "no 3 vectors φ(xᵢ) have this Gram matrix, though every pair of them passes Cauchy–Schwarz"
}

// writeProjection says what u₁, u₂, u₃ are, then lists the points.
func (r *featuresReport) writeProjection(w *bufio.Writer) {
	pr := r.proj
	share := func(axis int) string {
		if pr.EigenSum <= 0 {
			return "0%"
		}
		return learn.Num(math.Round(1000*pr.Eigen[axis]/pr.EigenSum)/10) + "%"
	}
	w.WriteString("the points in feature space, u = (u₁, u₂, u₃): ")
	switch {
	case pr.AlongW && r.hasNorm():
		fmt.Fprintf(w, "u₁ = f(xᵢ)/‖w‖ along w, the boundary f = 0 at u₁ = %s; u₂, u₃ the directions of most remaining spread (kernel PCA), %s and %s of it\n",
			learn.Num(pr.PlaneAt), share(1), share(2))
	case pr.AlongW:
		fmt.Fprintf(w, "u₁ = f(xᵢ)/√(cᵀKc) = f(xᵢ)/%s along the direction of w; u₂, u₃ from kernel PCA of the positive part, %s and %s of its spread\n",
			learn.Num(pr.NormW), share(1), share(2))
	default:
		fmt.Fprintf(w, "the top three kernel-PCA directions, %s, %s and %s of the spread\n", share(0), share(1), share(2))
	}
	if pr.Reason != "" {
		w.WriteString("note: " + pr.Reason + "\n")
	}
	if pr.Subsampled {
		w.WriteString("projected: " + pr.Sample + "; the others have no u (·)\n")
	}
	rows := [][]string{{"i", "y", "α", "f", "u₁", "u₂", "u₃"}}
	n := r.p.N()
	for i := range min(n, maxFeatureRows) {
		row := []string{strconv.Itoa(i + 1), learn.Sign(r.p.Y(i)), learn.Num(r.p.Alpha(i)), learn.Num(r.p.Score(i))}
		if k := r.slot[i]; k >= 0 {
			for _, u := range pr.U[k] {
				row = append(row, learn.Num(u))
			}
		} else {
			row = append(row, "·", "·", "·")
		}
		rows = append(rows, row)
	}
	w.WriteString(formatTable(rows, "  ", alignRight))
	if n > maxFeatureRows {
		fmt.Fprintf(w, "… and %d more points (--format json lists every one)\n", n-maxFeatureRows)
	}
}

// plural writes "1 feature", "3 features".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
