package compare

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/player"
	"kernelscope/tui/region"
)

// harness is comparison mode on a session beside a region of its own, in
// a main area of w×h, with a player that steps the twin it is given and a
// host that records what the mode says; after each key it does what the
// program does after every message (sync, size, fields, refresh).
type harness struct {
	t      *testing.T
	s      *lab.Session
	left   *region.RegionView
	v      *Model
	host   *tuitest.Host
	player *player.Player
	keys   action.List
	w, h   int
}

func newHarness(t *testing.T, o lab.Options, w, h int) *harness {
	t.Helper()
	s := tuitest.Session(t, o)
	hs := &harness{t: t, s: s, host: &tuitest.Host{S: s}, player: player.New(s), w: w, h: h}
	hs.left = &region.RegionView{S: s, Th: common.NewTheme(true, true, 0)}
	hs.v = New(s, hs.host, hs.left, nextKernel)
	hs.keys = append(action.List{}, hs.player.Actions()...)
	hs.keys = append(hs.keys, hs.v.Actions()...)
	hs.update()
	return hs
}

// nextKernel is the kernel after k as the program's k cycle starts: the
// next family of learn's registry, with its starting parameters.
func nextKernel(k learn.Kernel) learn.Kernel {
	fs := learn.Families()
	f, _ := learn.FamilyOf(k)
	return fs[(slices.Index(fs, f)+1)%len(fs)].Start()
}

// update does what the program does after every message: the twin
// brought up to date and handed to the player, the panes sized (the left
// one by the program while the mode is off), both fields on the plots'
// grid, the drawings refreshed.
func (hs *harness) update() {
	hs.v.Sync()
	hs.player.Twin = nil // as the program's host: no twin is a nil interface
	if hs.host.Twin != nil {
		hs.player.Twin = hs.host.Twin
	}
	if hs.v.On() {
		hs.v.SetSize(hs.w, hs.h)
	} else {
		hs.left.Compare = false
		hs.left.SetSize(hs.w, hs.h)
	}
	tuitest.RunField(hs.s.Resize(hs.left.PlotW, 2*hs.left.PlotH))
	tuitest.RunField(hs.v.Follow())
	hs.left.Refresh()
	hs.v.Refresh()
}

// press answers keys as the program does, runs to the end what they
// start (c goes in chunks) and updates after each.
func (hs *harness) press(keys ...string) {
	hs.t.Helper()
	for _, k := range keys {
		cmd, _, _ := hs.keys.Handle(tuitest.Key(k))
		for n := 0; cmd != nil; n++ {
			if n > 1_000_000 {
				hs.t.Fatalf("%s never stops", k)
			}
			switch msg := cmd().(type) {
			case player.TickMsg, player.RunMsg:
				cmd = hs.player.Update(msg)
			default:
				cmd = nil
			}
		}
		hs.update()
	}
}

// resize gives the mode a main area of w×h.
func (hs *harness) resize(w, h int) {
	hs.w, hs.h = w, h
	hs.update()
}

// fieldFollows checks that the field drawn for s is f of its α now, to
// within tol relative, against a recomputation.
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

// TestGeometry: the panes go side by side when each gets at least 34×9
// (minPaneW×minPaneH), stacked when only that fits or when it leaves the
// plots squarer, and nowhere when neither fits. A plot is the pane less
// the border (2), the x₂ labels (7 columns) and the figures, key and axis
// lines (3 rows), two pixels a row.
func TestGeometry(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w, h         int
		ok, stacked  bool
		paneW, paneH int
		why          string
	}{
		{120, 30, true, false, 60, 30, "plots of 50 pixels a side beside, 20 stacked"},
		{68, 9, true, false, 34, 9, "the smallest side by side"},
		{67, 18, true, true, 67, 9, "33 columns a pane is too narrow beside; stacked fits"},
		{50, 30, true, true, 50, 15, "too narrow beside"},
		{80, 60, true, true, 80, 30, "plots of 31 pixels a side beside, 50 stacked: squarer"},
		{34, 17, false, false, 0, 0, "too narrow beside, too low stacked"},
		{40, 12, false, false, 0, 0, "too narrow beside, too low stacked"},
		{0, 0, false, false, 0, 0, "no room"},
	} {
		g := geometry(c.w, c.h)
		want := layout{ok: c.ok, stacked: c.stacked, paneW: c.paneW, paneH: c.paneH, w: c.w, h: c.h}
		if g != want {
			t.Errorf("%d×%d: %+v, want %+v (%s)", c.w, c.h, g, want, c.why)
		}
	}
}

// TestLockstep: | puts the SVM beside the perceptron on one grid (the same
// plot size and viewport, so a point is in the same cell of both, and a
// click in the right pane lands where it would in the left); the player
// it is handed to steps both (space), undoes both exactly (b: the SVM's α
// bit for bit as before the step, its field recomputed) and resets both
// (r); L compares this kernel with the next of the k cycle; | ends it and
// takes the twin back from the player.
func TestLockstep(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "circles", 0), 120, 30)
	hs.press("|")
	v, s := hs.v, hs.s
	twin := v.Twin()
	if !v.On() || twin == nil || twin.SMO() == nil || hs.player.Twin != twin {
		t.Fatalf("| did not set up the SVM beside the perceptron: on %v, twin %v", v.On(), twin)
	}
	if hs.left.PlotW != v.right.PlotW || hs.left.PlotH != v.right.PlotH || s.View() != twin.View() {
		t.Errorf("the panes are not in lockstep: %dx%d and %dx%d", hs.left.PlotW, hs.left.PlotH, v.right.PlotW, v.right.PlotH)
	}
	lx, ly, lok := hs.left.Hit(hs.left.PlotX0+3, hs.left.PlotY0+2)
	rx, ry, rok := v.Hit(v.right.PlotX0+3, v.right.PlotY0+2)
	if !lok || !rok || lx != rx || ly != ry || v.right.PlotX0 != hs.left.PlotX0+60 {
		t.Errorf("a click 3 right and 2 down in each plot: cell (%d, %d) %v on the left, (%d, %d) %v on the right", lx, ly, lok, rx, ry, rok)
	}
	if _, _, ok := v.Hit(hs.left.PlotX0+3, hs.left.PlotY0+2); ok {
		t.Error("a click in the left pane counts as the right pane's")
	}
	hs.press("space", "space")
	if s.Learner().T() != 2 || twin.Learner().T() != 2 {
		t.Errorf("space space: t = %d and %d, want 2 and 2", s.Learner().T(), twin.Learner().T())
	}
	alpha := twin.Learner().Alphas()
	hs.press("space", "b")
	if got := twin.Learner().Alphas(); !slices.Equal(got, alpha) {
		t.Error("b in comparison mode: the SVM's α differs from before the step")
	}
	hs.press("b")
	if s.Learner().T() != 1 || twin.Learner().T() != 1 {
		t.Errorf("b: t = %d and %d, want 1 and 1", s.Learner().T(), twin.Learner().T())
	}
	fieldFollows(t, twin, 1e-9)
	hs.press("c", "r")
	if s.Learner().T() != 0 || twin.Learner().T() != 0 {
		t.Errorf("r: t = %d and %d", s.Learner().T(), twin.Learner().T())
	}

	// L: one learner, this kernel and the next of the k cycle.
	hs.press("L")
	if tw := v.Twin(); tw == twin || tw.SMO() != nil || tw.Options().Config.Kernel.Spec() != "rbf(sigma=0.5)" || hs.player.Twin != tw {
		t.Fatalf("L: the second pane is %s with %s", tw.LearnerName(), tw.Options().Config.Kernel.Spec())
	}
	hs.press("|")
	if v.On() || v.Twin() != nil || hs.player.Twin != nil || hs.host.Note != "" {
		t.Error("| again did not end comparison mode")
	}
}

// TestTwinRebuilt: the twin is built again when its data or settings
// change (another kernel), and kept otherwise, even when the cap on
// passes is raised (E).
func TestTwinRebuilt(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), 100, 24)
	hs.press("|", "space")
	twin := hs.v.Twin()
	hs.update()
	if hs.v.Twin() != twin || twin.Learner().T() != 1 {
		t.Fatal("the twin was built again though nothing changed")
	}
	cfg := hs.s.Options().Config
	cfg.Epochs *= 2
	hs.host.SetConfig(cfg, "a higher cap")
	hs.update()
	if hs.v.Twin() != twin {
		t.Error("a higher cap on passes built the twin again")
	}
	cfg.Kernel = learn.Linear{}
	hs.host.SetConfig(cfg, "kernel K(x,z) = x·z")
	hs.update()
	if tw := hs.v.Twin(); tw == twin || tw.Options().Config.Kernel.Spec() != "linear" || tw.SMO() == nil {
		t.Errorf("another kernel: the twin is %v", tw.Options().Config.Kernel.Spec())
	}
}

// TestKeys: | and L say what they do, stop the player first, and L does
// nothing (saying why) while the mode is off; the program hears the
// panes' labels and what is compared.
func TestKeys(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "circles", 0), 120, 30)
	if why := hs.v.keys.what.Why(); !strings.Contains(why, "| turns it on") {
		t.Errorf("L while off: %q", why)
	}
	hs.press("|")
	if !hs.host.Stopped || !strings.HasPrefix(hs.host.Said, "comparing perceptron vs SVM C = 1 on the same data") || !strings.HasSuffix(hs.host.Said, "or compare kernels (L)") {
		t.Errorf("|: stopped %v, said %q", hs.host.Stopped, hs.host.Said)
	}
	if hs.host.Labels != [2]string{"perceptron", "SVM C = 1"} || hs.host.Note != "comparing perceptron vs SVM C = 1 (| ends it, L compares kernels)" {
		t.Errorf("labels %q, note %q", hs.host.Labels, hs.host.Note)
	}
	hs.press("L")
	if want := "comparing K = poly(d=2,c=1) vs K = rbf(sigma=0.5): the right pane starts from α = 0"; hs.host.Said != want {
		t.Errorf("L said %q, want %q", hs.host.Said, want)
	}
	if hs.host.Labels != [2]string{"K = poly(d=2,c=1)", "K = rbf(sigma=0.5)"} || !strings.HasSuffix(hs.host.Note, "(| ends it, L compares learners)") {
		t.Errorf("labels %q, note %q", hs.host.Labels, hs.host.Note)
	}
	hs.press("|")
	if hs.host.Said != "comparison off" || hs.host.Twin != nil {
		t.Errorf("| again said %q, twin %v", hs.host.Said, hs.host.Twin)
	}
	// What is compared is kept while the mode is off.
	hs.press("|")
	if !strings.HasSuffix(hs.host.Said, "or compare the perceptron with the SVM (L)") || hs.v.Twin().Options().Config.Kernel.Spec() != "rbf(sigma=0.5)" {
		t.Errorf("| after L: said %q", hs.host.Said)
	}
}

// TestTwinCannotTrain: data of one class has no SVM (Σ αᵢyᵢ = 0 forces
// α = 0); the SVM's pane says why, and the player gets no twin.
func TestTwinCannotTrain(t *testing.T) {
	t.Parallel()
	pts := []datasets.Point{{X1: 0, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 0.5, Y: 1}}
	o := lab.Options{File: "ones.csv", Points: pts, Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 100, Seed: 1, Params: learn.NewParams("eta", 1)}}
	hs := newHarness(t, o, 120, 30)
	hs.press("|", "space")
	if hs.v.Twin() != nil || hs.host.Twin != nil || hs.s.Learner().T() != 1 {
		t.Fatalf("twin %v, t = %d; want no SVM and the perceptron stepping", hs.v.Twin() != nil, hs.s.Learner().T())
	}
	out := hs.v.View()
	tuitest.Fits(t, out, 120, 30)
	if !strings.Contains(ansi.Strip(out), "the SVM C = 1 cannot train on this data") {
		t.Errorf("the SVM's pane does not say why:\n%s", out)
	}
	tuitest.Golden(t, filepath.Join("testdata", "ones_svm_120x30.golden"), out)
}

// TestGoldens: the two panes alone, color-free: the perceptron and the
// SVM solved on circles side by side, stacked, and in a main area too
// small for either; two kernels; the same in projector mode.
func TestGoldens(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "circles", 0), 120, 30)
	hs.press("|", "c")
	for _, c := range []struct {
		name string
		w, h int
	}{{"circles", 120, 30}, {"circles", 50, 26}, {"circles", 40, 12}} {
		hs.resize(c.w, c.h)
		out := hs.v.View()
		tuitest.Fits(t, out, c.w, c.h)
		tuitest.Golden(t, filepath.Join("testdata", fmt.Sprintf("%s_%dx%d.golden", c.name, c.w, c.h)), out)
	}
	hs.resize(100, 24)
	hs.press("L", "c")
	tuitest.Golden(t, filepath.Join("testdata", "circles_kernels_100x24.golden"), hs.v.View())
	hs.left.Big = true
	hs.resize(100, 24)
	tuitest.Golden(t, filepath.Join("testdata", "circles_kernels_big_100x24.golden"), hs.v.View())
}

// TestFits: the view is exactly its size at every size, in projector mode
// too, and asks for a wider terminal where neither layout fits.
func TestFits(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), 120, 40)
	hs.press("|", "space")
	for _, big := range []bool{false, true} {
		hs.left.Big = big
		for _, size := range [][2]int{{0, 0}, {1, 1}, {19, 5}, {40, 12}, {50, 30}, {60, 20}, {68, 9}, {68, 24}, {80, 24}, {99, 29}, {200, 60}} {
			hs.resize(size[0], size[1])
			tuitest.Fits(t, hs.v.View(), size[0], size[1])
		}
	}
	hs.resize(40, 12)
	if out := ansi.Strip(hs.v.View()); !strings.Contains(out, "widen the terminal to compare") {
		t.Errorf("at 40×12 no request for a wider terminal:\n%s", out)
	}
}

// TestViewOff: while the mode is off the view is nothing, there is no
// twin, and no click lands in a right pane.
func TestViewOff(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 120, 30)
	hs.press("|", "|")
	if _, _, ok := hs.v.Hit(70, 5); ok || hs.v.View() != "" || hs.v.Twin() != nil || hs.v.Follow() != nil {
		t.Errorf("off: hit %v, view %q", ok, hs.v.View())
	}
}

// TestOneMargin: the panes write the same quantity under the one name
// "margin", γ = min yᵢf(xᵢ)/‖w‖, for the perceptron and for the SVM, and
// the SVM's 2/‖w‖ only as its width, at every width of pane, whole. On the notes'
// 4-point XOR example, K = (x·z)², worked by hand: the perceptron ends at
// f = (x₁ + x₂)², which is 0 at x₂ and x₄, so γ = 0; the SVM (C = 1) at
// f = x₁x₂, y·f = 1 at all four corners and ‖w‖ = 1/√2, so γ = √2 ≈ 1.414
// and the width 2/‖w‖ = 2√2 ≈ 2.828.
func TestOneMargin(t *testing.T) {
	t.Parallel()
	gamma := func(figures, v string) bool {
		return regexp.MustCompile(`γ (= min yᵢf\(xᵢ\)/‖w‖ )?= ` + regexp.QuoteMeta(v) + `( |,|$)`).MatchString(figures)
	}
	hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 120, 30)
	hs.press("|", "c")
	for _, size := range [][2]int{{160, 30}, {120, 30}, {80, 24}, {50, 26}} {
		hs.resize(size[0], size[1])
		iw, _ := common.Inner(hs.v.left.W, hs.v.left.H)
		for _, f := range []string{hs.v.left.Figures, hs.v.right.Figures} {
			if ansi.StringWidth(f) > iw {
				t.Errorf("%dx%d: the figures %q are wider than the pane's %d cells: cut", size[0], size[1], f, iw)
			}
		}
		perceptron, svm := strings.Fields(hs.v.left.Figures), strings.Fields(hs.v.right.Figures)
		p, s := strings.Join(perceptron, " "), strings.Join(svm, " ")
		// One form in both panes: the same fields, the same separators.
		if strings.Count(p, "│") != strings.Count(s, "│") || strings.Contains(p, "acc") != strings.Contains(s, "acc") || strings.Contains(p, "min yᵢ") != strings.Contains(s, "min yᵢ") {
			t.Errorf("%dx%d: the panes' figures differ in form: %q and %q", size[0], size[1], p, s)
		}
		if !gamma(p, "0") || strings.Contains(p, "width") {
			t.Errorf("%dx%d: the perceptron's figures %q, want γ = 0 and no width", size[0], size[1], p)
		}
		if !gamma(s, "1.414") || !regexp.MustCompile(`width (2/‖w‖ = )?2\.828`).MatchString(s) {
			t.Errorf("%dx%d: the SVM's figures %q, want γ = 1.414 and the width 2.828", size[0], size[1], s)
		}
		for _, f := range []string{p, s} {
			if strings.Contains(f, "margin 2/‖w‖") || strings.Contains(f, "· 2/‖w‖") || strings.HasPrefix(f, "2/‖w‖") {
				t.Errorf("%dx%d: 2/‖w‖ is not called the margin: %q", size[0], size[1], f)
			}
		}
	}
}
