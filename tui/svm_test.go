package tui

import (
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
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
// to the tolerance, color-free. The margins are ○ (f = +1) and ◇ (f = −1)
// without colour, the boundary •; support vectors at C are ⊞ ⊟, free ones
// ⊕ ⊖. Package region draws the region alone in 256 colours.
func TestSVMGoldens(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
	}{{"worked4", []string{"space"}}, {"circles", []string{"c"}}} {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, svmOptions(t, c.name, 0), 120, 40)
			pressRun(m, c.keys...)
			if !strings.Contains(flatScreen(m), "│ converged ✓ after ") {
				t.Fatalf("%s: SMO did not converge:\n%s", c.name, screen(m))
			}
			press(m, "m")
			out := screen(m)
			for _, want := range []string{common.MonoBoundary, common.MonoMarginP, common.MonoMarginN, "SV at α=C", "f=+1", "f=−1", "SVM C = 1"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s: the screen lacks %q:\n%s", c.name, want, out)
				}
			}
			golden(t, filepath.Join("testdata", "screens", "svm_"+c.name+"_mono_120x40.golden"), out)
		})
	}
}

// TestSVMProjectorKey: in projector mode (B) the region's key line names
// the free support vectors, those at C and the margins. Package region
// counts the margins' pixels.
func TestSVMProjectorKey(t *testing.T) {
	m := newModel(t, svmOptions(t, "circles", 0), 120, 40)
	pressRun(m, "c", "B")
	lines := strings.Split(screen(m), "\n")
	if !strings.Contains(lines[1], "[+] [−] free SV") || !strings.Contains(lines[1], "{+} {−} SV at α = C") || !strings.Contains(lines[1], "f = −1") {
		t.Errorf("projector mode's key line: %q", lines[1])
	}
}

// pairsTo steps an SVM of its own on o's data, narrating, until it stops,
// and returns each step's pair update as notation.Pair writes it.
func pairsTo(t *testing.T, o Options) []string {
	t.Helper()
	cfg := o.Config
	cfg.Narrate = true
	own, err := learn.NewSVM(cfg, datasets.Examples(o.Points))
	if err != nil {
		t.Fatal(err)
	}
	var pairs []string
	for {
		st, err := own.Step()
		if err != nil {
			return pairs
		}
		pairs = append(pairs, notation.Pair(st.T, *st.Pair, own.C()))
	}
}

// TestSVMNarrationIsPair: after k iterations the screen shows notation.Pair
// of the learner's k-th step, computed here by a second SVM stepped
// alongside, and the next pair; at the end the outcome and the margin.
// Package panels checks the narration line by line.
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
		if !strings.Contains(screen(m), want) {
			t.Errorf("after %d steps the screen does not show %q", k, want)
		}
		if !strings.Contains(screen(m), notation.NextPair(own)) {
			t.Errorf("after %d steps the screen does not show %q", k, notation.NextPair(own))
		}
	}
	pressRun(m, "c")
	if sc := screen(m); !regexp.MustCompile(`(?m)^converged after \d+ iterations: m − M = \S+ ≤ tol 0.001; .*margin γ = min yᵢf\(xᵢ\)/‖w‖ = \S+, width 2/‖w‖ = `).MatchString(sc) {
		t.Errorf("after c the narration does not give the outcome, the margin γ and the width:\n%s", sc)
	}
}

// TestSVMUndoShown: after a run and three steps back the narration is the
// step now in effect, as an SVM of its own stepped here writes it. Package
// lab checks that b puts α back bit for bit and the field follows.
func TestSVMUndoShown(t *testing.T) {
	o := svmOptions(t, "moons", 0)
	pairs := pairsTo(t, o)
	m := newModel(t, o, 120, 40)
	pressRun(m, "c")
	if n := stepShown(t, m); n != len(pairs) {
		t.Fatalf("c: %d iterations, the SVM stepped here %d", n, len(pairs))
	}
	press(m, "b", "b", "b")
	if want := pairs[len(pairs)-4]; !strings.Contains(screen(m), want) {
		t.Errorf("after stepping back the narration is not the step now in effect, %q:\n%s", want, screen(m))
	}
	for range len(pairs) - 3 {
		press(m, "b")
	}
	if sc := screen(m); stepShown(t, m) != 0 || !strings.Contains(sc, "No iterations yet") {
		t.Errorf("back to the start:\n%s", sc)
	}
}

// widthOn reads the SVM's width 2/‖w‖ off the status line.
func widthOn(t *testing.T, m *Model) float64 {
	t.Helper()
	sub := regexp.MustCompile(`│ width 2/‖w‖ = (\S+) │`).FindStringSubmatch(flatScreen(m))
	if sub == nil {
		t.Fatalf("no width in the status line:\n%s", screen(m))
	}
	v, err := strconv.ParseFloat(sub[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestLearnerAndCKeys: l switches the learner keeping data and kernel (α
// restarts); < and > step C along 1-2-5 up to ∞ and back; an SVM that had
// converged is solved again at the new C; the perceptron disables them,
// and a learner that does not read C keeps it for the SVM. Package lab
// checks that the field follows; package learn, C's ladder.
func TestLearnerAndCKeys(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "space", "space")
	const data = "moons n=100 noise=0.1 seed=1 │"
	press(m, ">")
	if sc := flatScreen(m); !strings.Contains(sc, "C is read by svm and pa") || !strings.Contains(sc, data+" perceptron │ K=rbf(sigma=0.5) │") {
		t.Errorf("> with the perceptron:\n%s", screen(m))
	}
	press(m, "l")
	if sc := flatScreen(m); !strings.Contains(sc, "moons n=100") || !strings.Contains(sc, "SVM C = 1 │ K=rbf(sigma=0.5) │ bias off │ iteration 0 │") {
		t.Fatalf("l: want the SVM on the same data and kernel from α = 0:\n%s", screen(m))
	}
	if !strings.Contains(flatScreen(m), "α reset") {
		t.Errorf("l does not say α reset:\n%s", screen(m))
	}
	pressRun(m, "c")
	before := widthOn(t, m)
	pressRun(m, ">")
	if sc := flatScreen(m); !strings.Contains(sc, "│ SVM C = 2 │") || !regexp.MustCompile(`│ converged ✓ after [1-9]\d* iterations? │`).MatchString(sc) {
		t.Fatalf("> after convergence: want C = 2 solved again:\n%s", screen(m))
	}
	if after := widthOn(t, m); !(after <= before) {
		t.Errorf("a larger C widened the band 2/‖w‖: %v → %v", before, after)
	}
	press(m, "space") // converged: nothing to do
	if !strings.Contains(flatScreen(m), "SMO has converged") {
		t.Errorf("space after convergence:\n%s", screen(m))
	}
	for range 20 {
		press(m, ">")
	}
	if !strings.Contains(flatScreen(m), "│ SVM C = ∞ │") {
		t.Errorf("> to the top: not C = ∞:\n%s", screen(m))
	}
	press(m, ">")
	if !strings.Contains(flatScreen(m), "C = ∞ is the top") {
		t.Errorf("> at ∞:\n%s", screen(m))
	}
	press(m, "<")
	if !strings.Contains(flatScreen(m), "│ SVM C = 1000 │") {
		t.Errorf("< from ∞: not C = 1000:\n%s", screen(m))
	}
	press(m, "l", "<")
	if sc := flatScreen(m); strings.Contains(sc, "SVM") || !strings.Contains(sc, "C is read by svm and pa") {
		t.Errorf("l on: < still acts, or still the SVM:\n%s", screen(m))
	}
	for range len(learn.Learners()) - 1 {
		press(m, "l")
	}
	if !strings.Contains(flatScreen(m), "│ SVM C = 1000 │") {
		t.Errorf("l round to the SVM: C not kept at 1000:\n%s", screen(m))
	}
}

// TestHardMarginNotSeparable: xor with a linear kernel and C = ∞ has no
// separating line: c stops with the learner's error, the screen says so,
// and the program stays usable: b steps back, < gives C a finite value
// and SMO then converges. Package lab checks the field on the way.
func TestHardMarginNotSeparable(t *testing.T) {
	o := svmOptions(t, "xor", math.Inf(1))
	o.Config.Kernel = learn.Linear{}
	m := newModel(t, o, 120, 40)
	pressRun(m, "c")
	out := screen(m)
	for _, want := range []string{"not separable with this kernel: use a finite C", "< gives C a finite value"} {
		if !strings.Contains(out, want) {
			t.Errorf("the screen lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(flatScreen(m), "│ stopped: not separable with this kernel") {
		t.Fatalf("c on xor, linear, C = ∞: the status does not say it stopped:\n%s", out)
	}
	press(m, "space")
	if !strings.Contains(flatScreen(m), "cannot separate") {
		t.Errorf("space after the error:\n%s", screen(m))
	}
	at := stepShown(t, m)
	press(m, "b")
	if sc := flatScreen(m); stepShown(t, m) != at-1 || strings.Contains(sc, "stopped:") {
		t.Errorf("b after the error: iteration %d (was %d):\n%s", stepShown(t, m), at, screen(m))
	}
	pressRun(m, "<", "c")
	if sc := flatScreen(m); !strings.Contains(sc, "│ SVM C = 1000 │") || !strings.Contains(sc, "│ converged ✓ after ") {
		t.Errorf("< then c:\n%s", screen(m))
	}
}

// TestHardMarginCoincident: two points of opposite labels at the origin,
// where the linear kernel's K(x, x) = 0, are separated by no hard margin:
// the screen says "not separable" from the start and c takes no step, as
// svm exits 1 at once. It used to run to the cap (here --max-iter 1000;
// 10⁷ by default).
func TestHardMarginCoincident(t *testing.T) {
	o := fileOptions(t, "pair.csv", []datasets.Point{{X1: 0, X2: 0, Y: 1}, {X1: 0, X2: 0, Y: -1}}, "linear", 1)
	o.Config.Learner = "svm"
	o.Config = o.Config.With("C", math.Inf(1)).With("max-iter", 1000)
	m := newModel(t, o, 120, 40)
	for _, k := range []string{"", "c"} {
		if k != "" {
			pressRun(m, k)
		}
		sc := flatScreen(m)
		if !strings.Contains(sc, "│ stopped: not separable with this kernel") || stepShown(t, m) != 0 ||
			!strings.Contains(sc, "training stopped: not separable with this kernel: use a finite C") || strings.Contains(sc, "b steps back") {
			t.Errorf("after %q: want iteration 0 and stopped: not separable:\n%s", k, screen(m))
		}
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
			if sc := flatScreen(m); !strings.Contains(sc, "training stopped: the scores f(x) could grow past 1e+300") || !strings.Contains(sc, "stopped: numerical error") {
				t.Errorf("perceptron:\n%s", screen(m))
			}
			continue
		}
		pressRun(m, "c") // on to convergence: stopped at once
		out := screen(m)
		for _, want := range []string{"training stopped: K(x₁, x₁) = 1e+308: " + why, "iteration 0 │ m − M = 2 > tol 0.001 │ D(α) = 0 │ SV 0/100: 0 free, 0 at C", "stopped: numerical error"} {
			if !strings.Contains(out, want) && !strings.Contains(flatScreen(m), want) {
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
	if sc := flatScreen(m); !strings.Contains(sc, " n=5 │") || stepShown(t, m) != 0 || !strings.Contains(sc, "α reset") {
		t.Errorf("o with the SVM: want 5 points at iteration 0 and α reset:\n%s", screen(m))
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
	// Both panes in the same form (the longest that fits the SVM's too).
	panes("perceptron · K = poly(d=2,c=1)", "SVM C = 1 · K = poly(d=2,c=1)", "│ γ = ", "γ = ", "width ", "at C", "comparing perceptron vs SVM C = 1")
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
			t.Chdir(t.TempDir()) // O starts a recording, a file in the working directory
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
// one iteration gives α₂ = α₃ = 0.4 and b = 1, here from an SVM of its own;
// the probe's K values are those at the point it names (to its 4 digits).
func TestSVMProbeWritesB(t *testing.T) {
	o := svmOptions(t, "worked3", 0)
	own, err := learn.NewSVM(o.Config, datasets.Examples(o.Points))
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := own.Step(); err != nil {
			break
		}
	}
	if math.Abs(own.Offset()-1) > 1e-12 {
		t.Fatalf("b = %v, want 1", own.Offset())
	}
	m := newModel(t, o, 200, 40)
	pressRun(m, "c", "right", "right")
	probe := regexp.MustCompile(`cursor: f\((\S+), (\S+)\) = Σ αₖ yₖ K\(xₖ, x\) \+ b = (\S+)·(\S+) − (\S+)·(\S+) \+ 1 = (\S+) → `)
	sub := probe.FindStringSubmatch(flatScreen(m))
	if sub == nil {
		t.Fatalf("the narration does not show the probe's sum with + b = … + 1:\n%s", screen(m))
	}
	v := make([]float64, len(sub))
	for i := 1; i < len(sub); i++ {
		if v[i], err = strconv.ParseFloat(strings.Replace(sub[i], "−", "-", 1), 64); err != nil {
			t.Fatalf("%q: %v", sub[i], err)
		}
	}
	x1, x2, a2, k2, a3, k3, f := v[1], v[2], v[3], v[4], v[5], v[6], v[7]
	if sub[3] != learn.Num(own.Alpha(1)) || sub[5] != learn.Num(own.Alpha(2)) {
		t.Errorf("the probe's α are %s and %s, want %s and %s", sub[3], sub[5], learn.Num(own.Alpha(1)), learn.Num(own.Alpha(2)))
	}
	x := own.Embed(x1, x2)
	for _, c := range []struct {
		i     int
		shown float64
	}{{1, k2}, {2, k3}} {
		if want := own.Kernel().Eval(own.X(c.i), x); math.Abs(c.shown-want) > 1e-2*math.Max(1, math.Abs(want)) {
			t.Errorf("K(x%s, x) = %v shown, %v at (%v, %v)", learn.Sub(c.i+1), c.shown, want, x1, x2)
		}
	}
	if sum := a2*k2 - a3*k3 + 1; math.Abs(sum-f) > 1e-3*(math.Abs(a2*k2)+math.Abs(a3*k3)+1) {
		t.Errorf("the probe's sum %v·%v − %v·%v + 1 = %v, shown as %v", a2, k2, a3, k3, sum, f)
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
			press(m, "space")
			if v := m.View().Content; strings.Contains(v, "has converged") {
				press(m, "r") // space did nothing: both learners are done
			}
		}
	})
}
