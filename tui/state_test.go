package tui

import (
	"math"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/learn"
	"kernelscope/notation"
)

// TestModelsShareNoState: σ changed in one model is not the σ another
// model's k cycle gives (the cycle used to be a package variable).
func TestModelsShareNoState(t *testing.T) {
	a := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	b := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(a, "k", "]", "]", "k") // poly → rbf, σ 0.5 → 0.7 → 1, → sigmoid
	press(b, "k")                // poly → rbf
	k, ok := b.s.Options().Config.Kernel.(learn.RBF)
	if !ok || k.Sigma != 0.5 {
		t.Errorf("model b's k gives %v, want rbf(sigma=0.5), the registry's start", b.s.Options().Config.Kernel.Spec())
	}
	press(a, "K") // back to rbf in a: it remembers its own σ
	if k, ok := a.s.Options().Config.Kernel.(learn.RBF); !ok || k.Sigma != 1 {
		t.Errorf("model a's K gives %v, want rbf(sigma=1)", a.s.Options().Config.Kernel.Spec())
	}
}

// TestDisabledKeysSayWhy: a key that does nothing now says why in the
// message line; E raises the cap and training goes on; k from a composite
// --kernel comes back to it.
func TestDisabledKeysSayWhy(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "b")
	if !strings.Contains(m.message, "nothing to step back") {
		t.Errorf("b at the start: %q", m.message)
	}
	for range 8 {
		press(m, "space")
	}
	press(m, "space")
	if !strings.Contains(m.message, "converged after 2 passes") {
		t.Errorf("space after convergence: %q", m.message)
	}
	press(m, "n")
	if !strings.Contains(m.message, "worked4 is not one") {
		t.Errorf("n on a worked example: %q", m.message)
	}

	o := builtinOptions(t, "xor", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 2
	m = newModel(t, o, 120, 40)
	pressRun(m, "c")
	if m.s.Learner().State() != learn.Capped {
		t.Fatalf("xor with a linear kernel and a cap of 2: %v", m.s.Learner().State())
	}
	press(m, "space")
	if !strings.Contains(m.message, "cap of 2 passes: E doubles the cap") {
		t.Errorf("space at the cap: %q", m.message)
	}
	press(m, "[")
	if !strings.Contains(m.message, "linear kernel has no parameter") {
		t.Errorf("[ on linear: %q", m.message)
	}
	alpha, steps := m.s.Learner().Alpha(0), m.s.Learner().T()
	press(m, "E")
	if m.s.Learner().State() != learn.Running || m.s.Learner().T() != steps || m.s.Learner().Alpha(0) != alpha || m.s.Options().Config.Epochs != 4 {
		t.Errorf("E: state %v, t=%d (was %d), cap %d; want training to go on from the same α with a cap of 4", m.s.Learner().State(), m.s.Learner().T(), steps, m.s.Options().Config.Epochs)
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
	if got := m.s.Options().Config.Kernel.Spec(); got != k.Spec() {
		t.Errorf("k around the whole cycle from %s comes back to %s", k.Spec(), got)
	}
}

// TestCursorProbe: with the cursor on, the narration answers "what does it
// predict here, and why?" After the first step of seed 003's example
// f(x) = (x₁ + x₂)² (α₁ = 1, K(u, v) = (u·v)², x₁ = (1, 1)); v jumps the
// cursor to the support vector x₁, and the probe says it is in the cell.
func TestCursorProbe(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "right", "right", "up")
	x1, x2 := m.region.At(m.region.CursorX, m.region.CurY)
	want := notation.Probe(m.s.Learner(), learn.TieNeg, x1, x2)
	if f := (x1 + x2) * (x1 + x2); !strings.Contains(want, "= "+learn.Num(f)+" →") {
		t.Fatalf("probe %q does not give (x₁ + x₂)² = %v", want, f)
	}
	if !strings.Contains(screen(m), "cursor: "+want[:40]) {
		t.Errorf("the narration does not show the probe %q:\n%s", want, screen(m))
	}
	press(m, "v")
	if !strings.Contains(m.message, "support vector x₁") {
		t.Errorf("v: %q", m.message)
	}
	if !strings.Contains(screen(m), "here: x₁") {
		t.Errorf("the probe on x₁'s cell does not say x₁ is there:\n%s", screen(m))
	}
}

// TestAlphaOnlySV: V lists the support vectors alone in the α panel.
func TestAlphaOnlySV(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	pressRun(m, "c")
	press(m, "V")
	out := ansi.Strip(m.alpha.View())
	svs := m.s.Learner().SupportVectors()
	rows := strings.Count(out, "⊕") + strings.Count(out, "⊖")
	if want := min(len(svs), strings.Count(out, "\n")-2); rows != want || strings.Contains(out, " + \n") {
		t.Errorf("V: %d support-vector rows shown, want %d:\n%s", rows, want, out)
	}
}

// TestStandardizeKey: u switches unscaled data (income against age) to
// z-scores, the axes say so, and u again brings the original points back.
func TestStandardizeKey(t *testing.T) {
	pts := []datasets.Point{{X1: 30000, X2: 25, Y: 1}, {X1: 40000, X2: 61, Y: -1}, {X1: 52000, X2: 33, Y: 1}, {X1: 61000, X2: 47, Y: -1}}
	o := fileOptions(t, "people.csv", pts, "rbf(sigma=1)", 1)
	o.Header = []string{"income", "age", "y"}
	m := newModel(t, o, 120, 40)
	press(m, "u")
	if !m.s.Options().Standardized || !strings.Contains(screen(m), "z(age)") || !strings.Contains(screen(m), "z(income)") {
		t.Fatalf("u: standardized %v, axes:\n%s", m.s.Options().Standardized, screen(m))
	}
	if x := m.s.Options().Points[0].X1; math.Abs(x-datasets.Standardize(pts)[0].X1) > 0 {
		t.Errorf("u: first income %v, want its z-score", x)
	}
	press(m, "u")
	if m.s.Options().Standardized || m.s.Options().Points[0] != pts[0] {
		t.Errorf("u again: standardized %v, first point %v; want the original %v", m.s.Options().Standardized, m.s.Options().Points[0], pts[0])
	}
}
