package tui

import (
	"kernelscope/tui/panels"

	"kernelscope/tui/common"

	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
)

// svmOptions sets up a built-in dataset with its preset and the SVM with C
// (0: the default), as --algo svm --C does.
func svmOptions(t testing.TB, name string, c float64) Options {
	t.Helper()
	o := builtinOptions(t, name, 0)
	if c != 0 { // 0: C's default
		o.Config = o.Config.With("C", c)
	}
	o.Config.Learner = "svm"
	return o
}

// TestSVMGoldens: the whole screen with the SVM on worked4 after its one
// iteration (seed 003's points; the pair (3, 4) moves to α = 0.25 each and
// the margins f = ±1 pass through all four points) and on circles solved
// to the tolerance, color-free; and the region alone in 256 colours,
// escapes kept. The margins are ○ (f = +1) and ◇ (f = −1) without colour,
// the boundary •; support vectors at C are ⊞ ⊟, free ones ⊕ ⊖.
func TestSVMGoldens(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
	}{{"worked4", []string{"space"}}, {"circles", []string{"c"}}} {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, svmOptions(t, c.name, 0), 120, 40)
			pressRun(m, c.keys...)
			if m.s.Learner().State() != learn.Converged {
				t.Fatalf("%s: SMO did not converge: %v", c.name, m.s.Learner().State())
			}
			press(m, "m")
			out := screen(m)
			for _, want := range []string{common.MonoBoundary, common.MonoMarginP, common.MonoMarginN, "SV at α=C", "f=+1", "f=−1", "SVM C = 1"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s: the screen lacks %q:\n%s", c.name, want, out)
				}
			}
			golden(t, filepath.Join("testdata", "screens", "svm_"+c.name+"_mono_120x40.golden"), out)

			m = newModel(t, svmOptions(t, c.name, 0), 100, 30)
			m.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
			pressRun(m, c.keys...)
			got := m.region.View()
			// Both margins are drawn in their palette entries.
			for _, idx := range []int{common.Cube256[true].MarginPos, common.Cube256[true].MarginNeg} {
				if !strings.Contains(got, fmt.Sprintf(";5;%d;", idx)) && !strings.Contains(got, fmt.Sprintf(";5;%dm", idx)) {
					t.Errorf("%s: no cell in the margin colour %d", c.name, idx)
				}
			}
			goldenRaw(t, filepath.Join("testdata", "colour", "svm_"+c.name+"_ANSI256.golden"), got)
		})
	}
}

// TestSVMMarginsDrawn: on circles the region has pixels of both margins,
// on either side of the boundary, also in projector mode, where the key
// line names them.
func TestSVMMarginsDrawn(t *testing.T) {
	m := newModel(t, svmOptions(t, "circles", 0), 120, 40)
	pressRun(m, "c")
	count := func() map[uint8]int {
		n := map[uint8]int{}
		for _, c := range m.region.Draw.Base {
			n[c]++
		}
		return n
	}
	n := count()
	if n[common.ColMarginP] == 0 || n[common.ColMarginN] == 0 || n[common.ColBoundary] == 0 {
		t.Fatalf("pixels: boundary %d, f = +1 %d, f = −1 %d; want all three", n[common.ColBoundary], n[common.ColMarginP], n[common.ColMarginN])
	}
	press(m, "B")
	if n := count(); n[common.ColMarginP] == 0 || n[common.ColMarginN] == 0 {
		t.Errorf("projector mode draws no margins: %v", n)
	}
	lines := strings.Split(screen(m), "\n")
	if !strings.Contains(lines[1], "[+] [−] free SV") || !strings.Contains(lines[1], "{+} {−} SV at α = C") || !strings.Contains(lines[1], "f = −1") {
		t.Errorf("projector mode's key line: %q", lines[1])
	}
	plot := ansi.Strip(m.region.View())
	if !strings.Contains(plot, "{") || !strings.Contains(plot, "[") {
		t.Errorf("projector mode marks free and bounded support vectors alike:\n%s", plot)
	}
}

// TestSVMSupportVectorGlyphs: the region, the α panel and the feature view
// mark free support vectors (0 < α < C) ⊕ ⊖ and those at C ⊞ ⊟, as many
// of each as the learner has; the α panel's bars are C long at α = C.
func TestSVMSupportVectorGlyphs(t *testing.T) {
	m := newModel(t, svmOptions(t, "worked3", 0.1), 120, 40) // C = 0.1 holds both α at C
	pressRun(m, "c")
	free, bound := m.s.SVCounts()
	if bound == 0 {
		t.Fatalf("no support vector at C = 0.1 (free %d)", free)
	}
	alpha := ansi.Strip(m.alpha.View())
	if got := strings.Count(alpha, common.GlyphPosBound) + strings.Count(alpha, common.GlyphNegBound); got != bound {
		t.Errorf("α panel shows %d support vectors at C, want %d:\n%s", got, bound, alpha)
	}
	if !strings.Contains(alpha, fmt.Sprintf("%d free, %d at C = 0.1", free, bound)) {
		t.Errorf("α panel title does not split the support vectors:\n%s", alpha)
	}
	// α = C fills the bar's column.
	iw, _ := common.Inner(m.alpha.W, m.alpha.H)
	barW := iw - 36
	if !strings.Contains(alpha, strings.Repeat("█", barW)) {
		t.Errorf("no full bar (%d cells) for α = C:\n%s", barW, alpha)
	}
	region := ansi.Strip(m.region.View())
	if got := strings.Count(region, common.GlyphPosBound) + strings.Count(region, common.GlyphNegBound); got < bound {
		t.Errorf("region shows %d bounded support vectors (key line included), want ≥ %d:\n%s", got, bound, region)
	}
}

// TestSVMNarrationIsPair: after k iterations the narration's first line is
// notation.Pair of the learner's own k-th step, computed here by a second
// SVM stepped alongside; the second line is the next pair, then at the end
// the outcome and the margin.
func TestSVMNarrationIsPair(t *testing.T) {
	o := svmOptions(t, "circles", 0)
	m := newModel(t, o, 400, 40)
	cfg := o.Config
	cfg.Narrate = true
	own, err := learn.NewSVM(cfg, datasets.Examples(o.Points))
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 12; k++ {
		press(m, "space")
		st, err := own.Step()
		if err != nil {
			t.Fatal(err)
		}
		want := notation.Pair(st.T, *st.Pair, own.C())
		first, second := panels.Describe(m.s)
		if first != want {
			t.Fatalf("after %d steps the narration is\n%q, want\n%q", k, first, want)
		}
		if second != notation.NextPair(own) {
			t.Errorf("after %d steps the second line is %q, want %q", k, second, notation.NextPair(own))
		}
		if !strings.Contains(screen(m), want) {
			t.Errorf("after %d steps the screen does not show %q", k, want)
		}
	}
	pressRun(m, "c")
	if _, second := panels.Describe(m.s); !strings.HasPrefix(second, "converged after") || !strings.Contains(second, "margin 2/‖w‖") {
		t.Errorf("after c the second line is %q; want the outcome and the margin", second)
	}
}

// TestSVMUndoExact: b puts α back bit for bit, step by step to the start,
// and the region's field follows (to rounding, against a recomputation).
func TestSVMUndoExact(t *testing.T) {
	m := newModel(t, svmOptions(t, "moons", 0), 120, 40)
	var alphas [][]float64
	for range 40 {
		before := alphasOf(m.s.SMO())
		press(m, "space")
		if m.s.Learner().T() == len(alphas) {
			break // converged
		}
		alphas = append(alphas, before)
	}
	if len(alphas) < 20 {
		t.Fatalf("only %d steps before convergence: the test wants more than one checkpoint (16)", len(alphas))
	}
	for k := len(alphas) - 1; k >= 0; k-- {
		press(m, "b")
		if got := alphasOf(m.s.SMO()); !slices.Equal(got, alphas[k]) {
			t.Fatalf("after undoing to t=%d: α differs from before the step", k)
		}
		if m.s.Learner().T() != k {
			t.Fatalf("after undoing to t=%d: T = %d", k, m.s.Learner().T())
		}
	}
	pressRun(m, "c")
	press(m, "b", "b", "b")
	fieldFollows(t, m.s, 1e-9)
	if !strings.Contains(screen(m), notation.Pair(m.s.Learner().T(), *m.s.Steps()[len(m.s.Steps())-1].Step.Pair, 1)) {
		t.Errorf("after stepping back the narration is not the step now in effect:\n%s", screen(m))
	}
}

// fieldFollows checks that the field on screen is f of the learner's α
// now, to within tol relative, against a recomputation.
func fieldFollows(t *testing.T, s *lab.Session, tol float64) {
	t.Helper()
	want := learn.NewField(s.Field().Rect, s.Field().W, s.Field().H)
	want.Recompute(s.Learner())
	for g := range want.Values {
		if d := math.Abs(want.Values[g] - s.Field().Values[g]); d > tol*math.Max(1, math.Abs(want.Values[g])) {
			t.Fatalf("lattice point %d: %v drawn, %v recomputed", g, s.Field().Values[g], want.Values[g])
		}
	}
}

// TestLearnerAndCKeys: l switches the learner keeping data and kernel (α
// restarts); < and > step C along 1-2-5 up to ∞ and back; an SVM that had
// converged is solved again at the new C; the perceptron disables them.
func TestLearnerAndCKeys(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "space", "space")
	pts, spec := m.s.Options().Points, m.s.Options().Config.Kernel.Spec()
	press(m, ">")
	if !strings.Contains(m.message, "C is read by svm and pa") {
		t.Errorf("> with the perceptron: %q", m.message)
	}
	press(m, "l")
	if m.s.SMO() == nil || m.s.Learner().T() != 0 || &m.s.Options().Points[0] != &pts[0] || m.s.Options().Config.Kernel.Spec() != spec {
		t.Fatalf("l: svm %v, t=%d, kernel %s; want the SVM on the same data and kernel from α = 0", m.s.SMO() != nil, m.s.Learner().T(), m.s.Options().Config.Kernel.Spec())
	}
	if !strings.Contains(m.message, "α reset") {
		t.Errorf("l does not say α reset: %q", m.message)
	}
	pressRun(m, "c")
	before := m.s.SMO().Margin()
	pressRun(m, ">")
	sv := m.s.SMO()
	if sv.C() != 2 || sv.State() != learn.Converged || sv.T() == 0 {
		t.Fatalf("> after convergence: C = %v, %v after %d iterations; want C = 2 solved again", sv.C(), sv.State(), sv.T())
	}
	if !(sv.Margin() <= before) {
		t.Errorf("a larger C widened the margin: %v → %v", before, sv.Margin())
	}
	fieldFollows(t, m.s, 1e-9)
	press(m, "space") // converged: nothing to do
	if !strings.Contains(m.message, "SMO has converged") {
		t.Errorf("space after convergence: %q", m.message)
	}
	for range 20 {
		press(m, ">")
	}
	if c := m.s.SMO().C(); !math.IsInf(c, 1) || keyAction(m, ">").Binding.Enabled() {
		t.Errorf("> to the top: C = %v, > enabled %v; want ∞ and > off", c, keyAction(m, ">").Binding.Enabled())
	}
	press(m, ">")
	if !strings.Contains(m.message, "C = ∞ is the top") {
		t.Errorf("> at ∞: %q", m.message)
	}
	press(m, "<")
	if c := m.s.SMO().C(); c != 1000 {
		t.Errorf("< from ∞: C = %v, want 1000", c)
	}
	press(m, "l")
	if m.s.SMO() != nil || keyAction(m, "<").Binding.Enabled() || m.s.Options().Config.Param("C") != 1000 {
		t.Errorf("l back: perceptron %v, < enabled %v, C kept %v", m.s.SMO() == nil, keyAction(m, "<").Binding.Enabled(), m.s.Options().Config.Param("C"))
	}
}

func TestCLadder(t *testing.T) {
	for _, c := range []struct {
		from float64
		up   bool
		want float64
		ok   bool
	}{
		{1, true, 2, true}, {1, false, 0.5, true}, {2, true, 5, true}, {5, true, 10, true},
		{3, true, 5, true}, {3, false, 2, true}, {0.01, false, 0.01, false}, {0.001, true, 0.01, true},
		{1000, true, math.Inf(1), true}, {math.Inf(1), true, math.Inf(1), false}, {math.Inf(1), false, 1000, true},
	} {
		cs, _ := learn.LookupSetting("C")
		if got, ok := cs.Step(c.from, c.up); got != c.want || ok != c.ok {
			t.Errorf("stepC(%v, up %v) = %v, %v; want %v, %v", c.from, c.up, got, ok, c.want, c.ok)
		}
	}
}

// TestHardMarginNotSeparable: xor with a linear kernel and C = ∞ has no
// separating line: c stops with the learner's error, the screen says so,
// and the program stays usable: b steps back, < gives C a finite value
// and SMO then converges.
func TestHardMarginNotSeparable(t *testing.T) {
	o := svmOptions(t, "xor", math.Inf(1))
	o.Config.Kernel = learn.Linear{}
	m := newModel(t, o, 120, 40)
	pressRun(m, "c")
	if m.s.Err() != learn.ErrNotSeparable {
		t.Fatalf("c on xor, linear, C = ∞: err %v, state %v", m.s.Err(), m.s.Learner().State())
	}
	out := screen(m)
	for _, want := range []string{"not separable with this kernel: use a finite C", "< gives C a finite value"} {
		if !strings.Contains(out, want) {
			t.Errorf("the screen lacks %q:\n%s", want, out)
		}
	}
	// The field shows the α the panels show.
	fieldFollows(t, m.s, 1e-6)
	press(m, "space")
	if !strings.Contains(m.message, "cannot separate") {
		t.Errorf("space after the error: %q", m.message)
	}
	at := m.s.Learner().T()
	press(m, "b")
	if m.s.Learner().T() != at-1 || m.s.Err() != nil {
		t.Errorf("b after the error: t=%d (was %d), err %v", m.s.Learner().T(), at, m.s.Err())
	}
	pressRun(m, "<", "c")
	if sv := m.s.SMO(); sv.C() != 1000 || sv.State() != learn.Converged {
		t.Errorf("< then c: C = %v, %v", sv.C(), sv.State())
	}
}

// TestSVMKernelOutOfRange: with 1e308·rbf the SVM stops at its first step
// with the reason, as the perceptron does on the same kernel, and nothing
// moves: no iteration, α = 0, D(α) = 0 (issue 28: SMO spun through
// iterations that moved nothing, its dual objective going down).
func TestSVMKernelOutOfRange(t *testing.T) {
	for _, algo := range []string{"perceptron", "svm"} {
		o := svmOptions(t, "moons", 0)
		o.Config.Learner, o.Config.Kernel = algo, learn.Scaled{A: 1e308, K: learn.RBF{Sigma: 1}}
		m := newModel(t, o, 160, 40)
		press(m, "space")
		const why = "kernel values past 1e+300 are too large for float64"
		if algo == "perceptron" {
			// The perceptron's rule is on the scores η·K would make.
			if m.s.Err() == nil || !strings.Contains(screen(m), "training stopped: learn: the scores f(x) could grow past 1e+300") {
				t.Errorf("perceptron: err %v:\n%s", m.s.Err(), screen(m))
			}
			continue
		}
		sv := m.s.SMO()
		if m.s.Err() != nil {
			pressRun(m, "c") // on to convergence: stopped at once
		}
		if m.s.Err() == nil || !strings.Contains(m.s.Err().Error(), why) || sv.T() != 0 || sv.Objective() != 0 || len(sv.SupportVectors()) != 0 {
			t.Fatalf("SVM: err %v, iteration %d, D(α) = %v, %d SV", m.s.Err(), sv.T(), sv.Objective(), len(sv.SupportVectors()))
		}
		out := screen(m)
		for _, want := range []string{"training stopped: learn: K(x₁, x₁) = 1e+308: " + why, "m − M = 2 > tol 0.001", "stopped: numerical error"} {
			if !strings.Contains(out, want) {
				t.Errorf("the screen lacks %q:\n%s", want, out)
			}
		}
	}
}

// TestSVMAddPointRebuilds: the SVM takes no new point while it trains: an
// added point rebuilds it (α = 0), and the message says so.
func TestSVMAddPointRebuilds(t *testing.T) {
	m := newModel(t, svmOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "o")
	if m.s.Learner().N() != 5 || m.s.Learner().T() != 0 || !strings.Contains(m.message, "α reset") {
		t.Errorf("o with the SVM: n=%d t=%d, %q", m.s.Learner().N(), m.s.Learner().T(), m.message)
	}
}

// TestPerceptronMargin: the geometric margin min yᵢf(xᵢ)/‖w‖ from the kept
// scores equals the double sum ‖w‖² = Σᵢ Σⱼ cᵢ cⱼ K(xᵢ, xⱼ) written out.
func TestPerceptronMargin(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	pressRun(m, "c")
	p := m.s.Learner()
	n2 := 0.0
	for _, i := range p.SupportVectors() {
		for _, j := range p.SupportVectors() {
			n2 += p.Coef(i) * p.Coef(j) * p.K(i, j)
		}
	}
	low := math.Inf(1)
	for i := range p.N() {
		low = math.Min(low, float64(p.Y(i))*p.Decide(p.X(i).X1, p.X(i).X2))
	}
	_, _, got, ok, _ := common.Margin(p)
	if want := low / math.Sqrt(n2); !ok || math.Abs(got-want) > 1e-9*math.Abs(want) {
		t.Errorf("margin %v (ok %v), want %v", got, ok, want)
	}
}

// TestCompareMode: | shows the perceptron and the SVM side by side on one
// grid, each titled with its learner, margin (with its formula), support
// vectors and accuracy; space, b and r act on both (the narration tells
// each learner's step); a click in the right pane adds a point for both; L
// compares two kernels; | again ends it. Package compare tests the
// lockstep itself (one grid, α restored exactly by b).
func TestCompareMode(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 0), 120, 36)
	press(m, "|")
	panes := func(want ...string) {
		t.Helper()
		out := screen(m)
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("the comparison lacks %q:\n%s", w, out)
			}
		}
	}
	panes("╭─ perceptron · K = poly(d=2,c=1) ", "╮╭─ SVM C = 1 · K = poly(d=2,c=1) ", "comparing perceptron vs SVM C = 1 (| ends it")
	press(m, "space", "space")
	panes("[step 2]", "SVM C = 1: iteration 2:")
	press(m, "b")
	panes("[step 1]", "SVM C = 1: iteration 1:")
	press(m, "space")
	pressRun(m, "c")
	out := screen(m)
	panes("perceptron · K = poly(d=2,c=1)", "SVM C = 1 · K = poly(d=2,c=1)", "margin min yᵢf(xᵢ)/‖w‖ = ", "margin 2/‖w‖ = ", "free, ", "at C", "comparing perceptron vs SVM C = 1")
	golden(t, filepath.Join("testdata", "screens", "compare_circles_120x36.golden"), out)
	press(m, "r")
	panes("perceptron: No steps yet", "SVM C = 1: No iterations yet")
	// A click in the right pane puts a point where it was clicked, for
	// both: the right pane's plot starts at column 68 (the left pane is
	// 60 wide; its border and the axis labels take 8 columns) and row 3
	// (under the title, the figures and the key), and a click 3 cells
	// right and 2 down adds the point the golden below shows.
	m.Update(tea.MouseClickMsg{X: 68 + 3, Y: 3 + 2, Button: tea.MouseLeft})
	panes("(n = 101)", "the SVM C = 1 beside it")
	// Both learners have it: at 200×60 each pane counts its examples.
	wide := newModel(t, builtinOptions(t, "circles", 0), 200, 60)
	press(wide, "|")
	wide.Update(tea.MouseClickMsg{X: 100 + 8 + 3, Y: 3 + 2, Button: tea.MouseLeft})
	if out := screen(wide); strings.Count(out, "SV 0/101") != 2 {
		t.Errorf("a click in the right pane: the panes do not both count 101 examples:\n%s", out)
	}

	// L: one learner, this kernel and the next of the k cycle.
	press(m, "L", "m")
	panes("╮╭─ perceptron · K = rbf(sigma=0.5) ", "comparing K = poly(d=2,c=1) vs K = rbf(sigma=0.5)")
	pressRun(m, "c")
	golden(t, filepath.Join("testdata", "screens", "compare_kernels_mono_120x36.golden"), screen(m))
	press(m, "|")
	if out := screen(m); strings.Contains(out, "rbf") || strings.Contains(out, "comparing") {
		t.Errorf("| again did not end comparison mode:\n%s", out)
	}
	press(m, "space")
	if out := screen(m); strings.Contains(out, "perceptron: ") {
		t.Errorf("after comparison mode the narration still tells two learners:\n%s", out)
	}
}

// TestCompareReplacesViews: the views that take the region's place (the
// feature space, f; a panel of the narrow layout, g) have none beside two
// regions: after comparison mode the region is back.
func TestCompareReplacesViews(t *testing.T) {
	for _, c := range []struct {
		key  string
		w, h int
	}{{"f", 100, 30}, {"g", 80, 24}} {
		m := newModel(t, builtinOptions(t, "moons", 0), c.w, c.h)
		press(m, c.key, "|", "|")
		if out := screen(m); !strings.HasPrefix(out, "╭─ f(x) = Σ αⱼ yⱼ K(xⱼ, x)") {
			t.Errorf("%s, then | twice: the region is not back:\n%s", c.key, out)
		}
	}
}

// TestCompareSmallTerminals: comparison mode stacks the panes where they
// do not fit side by side, asks for a wider terminal where neither fits,
// and fills exactly the terminal at every size down to 1×1.
func TestCompareSmallTerminals(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "l", "|", "space")
	assertFits(t, m, [][2]int{{1, 1}, {19, 5}, {20, 6}, {40, 12}, {50, 30}, {60, 20}, {68, 24}, {80, 24}, {99, 29}, {200, 60}})
	press(m, "B")
	assertFits(t, m, [][2]int{{1, 1}, {40, 12}, {80, 24}, {200, 60}})
	press(m, "B")
	m.Update(tea.WindowSizeMsg{Width: 50, Height: 30})
	// Stacked: each pane's top border starts a line.
	tops := 0
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.HasPrefix(l, "╭─ ") && strings.HasSuffix(l, "╮") {
			tops++
		}
	}
	if tops != 2 {
		t.Errorf("at 50×30 the panes are not stacked:\n%s", screen(m))
	}
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 12})
	if !strings.Contains(screen(m), "widen the terminal to compare") {
		t.Errorf("at 40×12 no request for a wider terminal:\n%s", screen(m))
	}
}

// TestSVMEveryKey sends every key with the SVM selected, in comparison
// mode and at 1×1, rendering after each.
func TestSVMEveryKey(t *testing.T) {
	for _, c := range []struct {
		name  string
		o     Options
		first []string
		w, h  int
	}{
		{"worked4 svm", svmOptions(t, "worked4", 0), nil, 120, 40},
		{"circles svm 80x24", svmOptions(t, "circles", 0), []string{"c"}, 80, 24},
		{"xor compare", builtinOptions(t, "xor", 0), []string{"|", "c"}, 120, 40},
		{"moons compare kernels", svmOptions(t, "moons", 0), []string{"|", "L", "c"}, 100, 30},
		{"spiral svm 1x1", svmOptions(t, "spiral", 0), []string{"c"}, 1, 1},
		{"moons compare 1x1", builtinOptions(t, "moons", 0), []string{"|"}, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, c.o, c.w, c.h)
			pressAll(t, m, c.first)
			pressAll(t, m, allKeys())
			pressAll(t, m, allKeys())
			for _, size := range [][2]int{{60, 20}, {1, 1}, {200, 60}} {
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				_ = m.View()
			}
		})
	}
}

// TestSVMProbeWritesB: the cursor's probe writes the SVM's offset in its
// sum, so the sum adds up. worked3 (seed 004), linear with bias, C = 1:
// one iteration gives α₂ = α₃ = 0.4 and b = 1.
func TestSVMProbeWritesB(t *testing.T) {
	m := newModel(t, svmOptions(t, "worked3", 0), 120, 40)
	pressRun(m, "c", "right", "right")
	sv := m.s.SMO()
	if math.Abs(sv.Offset()-1) > 1e-12 {
		t.Fatalf("b = %v, want 1", sv.Offset())
	}
	x1, x2 := m.region.At(m.region.CursorX, m.region.CurY)
	got := notation.Probe(sv, sv.Config().Tie, x1, x2)
	f := sv.Decide(x1, x2)
	x := sv.Embed(x1, x2)
	k := sv.Kernel()
	want := fmt.Sprintf("= Σ αₖ yₖ K(xₖ, x) + b = %s·%s − %s·%s + 1 = %s → ", learn.Num(sv.Alpha(1)), learn.Num(k.Eval(sv.X(1), x)),
		learn.Num(sv.Alpha(2)), learn.Num(k.Eval(sv.X(2), x)), learn.Num(f))
	if !strings.Contains(got, want) {
		t.Errorf("probe %q lacks %q", got, want)
	}
	if !strings.Contains(screen(m), "cursor: "+got[:30]) {
		t.Errorf("the narration does not show the probe:\n%s", screen(m))
	}
}

// TestCompareTwinCannotTrain: data of one class has no SVM (Σ αᵢyᵢ = 0
// forces α = 0); comparison mode says why in the SVM's pane, and the
// perceptron beside it still steps.
func TestCompareTwinCannotTrain(t *testing.T) {
	pts := []datasets.Point{{X1: 0, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 0.5, Y: 1}}
	m := newModel(t, fileOptions(t, "ones.csv", pts, "linear", 1), 120, 40)
	press(m, "|", "space")
	out := screen(m)
	if !strings.Contains(out, "the SVM C = 1 cannot train on this data") {
		t.Errorf("the SVM's pane does not say why:\n%s", out)
	}
	if !strings.Contains(out, "t=1, i=1") {
		t.Errorf("the perceptron beside it did not step:\n%s", out)
	}
}

// BenchmarkViewSVM is one View() of the SVM solved on moons, alone and in
// comparison mode beside the perceptron, and one frame after an SMO
// iteration (the field, the margins and the figures redrawn).
func BenchmarkViewSVM(b *testing.B) {
	for _, c := range []struct {
		name string
		keys []string
	}{{"svm", []string{"c"}}, {"compare", []string{"|", "c"}}} {
		b.Run(c.name, func(b *testing.B) {
			m := newModel(b, svmOptions(b, "moons", 0), 160, 48)
			pressRun(m, c.keys...)
			_ = m.View()
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
	b.Run("iteration", func(b *testing.B) {
		m := newModel(b, svmOptions(b, "moons", 0), 160, 48)
		press(m, "|")
		b.ReportAllocs()
		for b.Loop() {
			if !m.player.AnyRunning(false) {
				press(m, "r")
			}
			press(m, "space")
			_ = m.View()
		}
	})
}
