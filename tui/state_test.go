package tui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/region"
)

// TestModelsShareNoState: σ changed in one program is not the σ another
// program's k cycle gives (the cycle used to be a package variable).
func TestModelsShareNoState(t *testing.T) {
	a := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	b := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(a, "k", "]", "]", "k") // poly → rbf, σ 0.5 → 0.7 → 1, → sigmoid
	press(b, "k")                // poly → rbf
	if !shows(b, "│ K=rbf(sigma=0.5) │") {
		t.Errorf("program b's k does not give rbf(sigma=0.5), the registry's start:\n%s", screen(b))
	}
	press(a, "K") // back to rbf in a: it remembers its own σ
	if !shows(a, "│ K=rbf(sigma=1) │") {
		t.Errorf("program a's K does not give rbf(sigma=1):\n%s", screen(a))
	}
}

// TestDisabledKeysSayWhy: a key that does nothing now says why in the
// message line; E raises the cap and training goes on; k from a composite
// --kernel comes back to it.
func TestDisabledKeysSayWhy(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "b")
	if !shows(m, "nothing to step back") {
		t.Errorf("b at the start:\n%s", screen(m))
	}
	for range 8 {
		press(m, "space")
	}
	press(m, "space")
	if !shows(m, "converged after 2 passes") {
		t.Errorf("space after convergence:\n%s", screen(m))
	}
	press(m, "n")
	if !shows(m, "worked4 is not one") {
		t.Errorf("n on a worked example:\n%s", screen(m))
	}

	o := builtinOptions(t, "xor", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 2
	m = newModel(t, o, 120, 40)
	pressRun(m, "c")
	if !shows(m, "stopped at the cap of 2 passes") {
		t.Fatalf("xor with a linear kernel and a cap of 2 is not capped:\n%s", screen(m))
	}
	press(m, "space")
	if !shows(m, "cap of 2 passes: E doubles the cap") {
		t.Errorf("space at the cap:\n%s", screen(m))
	}
	press(m, "[")
	if !shows(m, "linear kernel has no parameter") {
		t.Errorf("[ on linear:\n%s", screen(m))
	}
	// The same α: the same step, mistakes and support vectors (α changes
	// only by a step, or back to 0).
	counts := regexp.MustCompile(`step \d+ (?:│ )?mistakes: \d+ this pass, \d+ in all (?:│ )?SV \d+/100`)
	fields := func() string { return strings.ReplaceAll(counts.FindString(flat(m)), "│ ", "") } // wherever the lines break
	steps, before := stepOf(t, m), fields()
	press(m, "E")
	if !shows(m, "│ training │") || stepOf(t, m) != steps || before == "" || fields() != before || !shows(m, "the cap is now 4 passes: training goes on from the current α") {
		t.Errorf("E: want training to go on from the same α (step %d) with a cap of 4:\n%s", steps, screen(m))
	}

	o = builtinOptions(t, "moons", 0)
	k, err := learn.ParseKernel("rbf(sigma=0.5)+poly(d=2,c=1)")
	if err != nil {
		t.Fatal(err)
	}
	o.Config.Kernel = k
	m = newModel(t, o, 120, 40)
	for range len(learn.Families()) + 1 {
		press(m, "k")
	}
	if !shows(m, "│ K="+k.Spec()+" │") {
		t.Errorf("k around the whole cycle from %s does not come back to it:\n%s", k.Spec(), screen(m))
	}
}

// TestCursorProbe: with the cursor on, the narration answers "what does it
// predict here, and why?" After the first step of seed 003's example
// f(x) = (x₁ + x₂)² (α₁ = 1, K(u, v) = (u·v)², x₁ = (1, 1)); the cursor,
// shown at the plot's middle cell by the first arrow, two cells right and
// one up, is at the centre of that cell (region.CellAt) of the viewport a
// session opened here frames; v jumps the cursor to the support vector
// x₁, and the probe says it is in the cell.
func TestCursorProbe(t *testing.T) {
	o := builtinOptions(t, "worked4", 0)
	m := newModel(t, o, 120, 40)
	press(m, "space", "right", "right", "up")
	_, _, pw, ph := plotArea(t, m)
	x1, x2 := region.CellAt(refView(t, o, pw, ph), pw, ph, pw/2+1, ph/2-1)
	ref, err := learn.NewLearner(o.Config, datasets.Examples(o.Points))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ref.Step(); err != nil {
		t.Fatal(err)
	}
	want := notation.Probe(ref, learn.TieNeg, x1, x2)
	if f := (x1 + x2) * (x1 + x2); !strings.Contains(want, "= "+learn.Num(f)+" →") {
		t.Fatalf("probe %q does not give (x₁ + x₂)² = %v", want, f)
	}
	if !strings.Contains(screen(m), "cursor: "+want[:40]) {
		t.Errorf("the narration does not show the probe %q:\n%s", want, screen(m))
	}
	press(m, "v")
	if !shows(m, "support vector x₁") {
		t.Errorf("v:\n%s", screen(m))
	}
	if !strings.Contains(screen(m), "here: x₁") {
		t.Errorf("the probe on x₁'s cell does not say x₁ is there:\n%s", screen(m))
	}
}

// TestAlphaOnlySV: V lists the support vectors alone in the α panel: as
// many rows as the status line counts support vectors, or as fit.
func TestAlphaOnlySV(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	pressRun(m, "c")
	press(m, "V")
	sv := regexp.MustCompile(`│ SV (\d+)/100 │`).FindStringSubmatch(flat(m))
	if sv == nil {
		t.Fatalf("no support vectors on the status line:\n%s", screen(m))
	}
	svs, _ := strconv.Atoi(sv[1])
	panel, _, _ := panelBox(t, m, "α")
	out := strings.Join(panel, "\n")
	rows := strings.Count(out, "⊕") + strings.Count(out, "⊖")
	plus := false
	for _, l := range panel[2 : len(panel)-1] {
		plus = plus || strings.HasSuffix(strings.TrimRight(strings.Trim(l, "│"), " "), " +")
	}
	// Borders and the heading take three lines.
	if want := min(svs, len(panel)-3); rows != want || plus {
		t.Errorf("V: %d support-vector rows shown, want %d:\n%s", rows, want, out)
	}
}

// TestStandardizeKey: u switches unscaled data (income against age) to
// z-scores, the axes say so and the α panel lists the first point's
// z-scores (datasets.Standardize), and u again brings the original points
// back.
func TestStandardizeKey(t *testing.T) {
	pts := []datasets.Point{{X1: 30000, X2: 25, Y: 1}, {X1: 40000, X2: 61, Y: -1}, {X1: 52000, X2: 33, Y: 1}, {X1: 61000, X2: 47, Y: -1}}
	o := fileOptions(t, "people.csv", pts, "rbf(sigma=1)", 1)
	o.Header = []string{"income", "age", "y"}
	m := newModel(t, o, 120, 40)
	// The α panel's first row: x₁ and x₂ of the first point.
	first := func() string {
		panel, _, _ := panelBox(t, m, "α")
		return strings.Join(strings.Fields(strings.Trim(panel[2], "│▶")), " ")
	}
	press(m, "u")
	if !shows(m, "people.csv n=4 (z-scores) │") || !strings.Contains(screen(m), "z(age)") || !strings.Contains(screen(m), "z(income)") {
		t.Fatalf("u: want z-scores on the axes:\n%s", screen(m))
	}
	z := datasets.Standardize(pts)[0]
	if want := fmt.Sprintf("1 %s %s +1", learn.Num(z.X1), learn.Num(z.X2)); !strings.HasPrefix(first(), want) {
		t.Errorf("u: the first point is %q, want its z-scores %q", first(), want)
	}
	press(m, "u")
	if !shows(m, "people.csv n=4 │") || !strings.HasPrefix(first(), "1 30000 25 +1") {
		t.Errorf("u again: want the original points back, not %q:\n%s", first(), screen(m))
	}
}
