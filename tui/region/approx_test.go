package region

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/setup"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// trainedMoons is moons (RBF, σ = 0.5) trained to convergence, in a
// region of w×h.
func trainedMoons(t testing.TB, w, h int) *harness {
	t.Helper()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), w, h)
	hs.converge()
	return hs
}

// shownAgreement reads the agreement the legend shows, in percent.
func (hs *harness) shownAgreement() float64 {
	hs.t.Helper()
	view := ansi.Strip(hs.r.View())
	got := regexp.MustCompile(`same sign as f on ([0-9.]+)%`).FindStringSubmatch(view)
	if got == nil {
		hs.t.Fatalf("no agreement in the legend:\n%s", view)
	}
	v, err := strconv.ParseFloat(got[1], 64)
	if err != nil {
		hs.t.Fatal(err)
	}
	return v
}

// agreementOf is the share of the field's lattice points where the
// approximate machine on rff:d and the learner's f predict the same class,
// and how many points it is over, worked out here from learn's map alone:
// w = Σⱼ αⱼ yⱼ z(xⱼ) (Weights), f̃(x) = w·z(x) (Map), f(x) = Decide, the
// tie rule's prediction of each, over the points where |f| is at least
// half its mean |f| over the lattice (the palest shade's edge, 2·mean/4).
func (hs *harness) agreementOf(d int) (float64, int) {
	hs.t.Helper()
	p := hs.s.Learner()
	amap, err := learn.NewApproxMap(learn.Approx{Kind: learn.ApproxRFF, D: d}, p.Kernel(), nil, hs.s.Options().Config.Seed)
	if err != nil {
		hs.t.Fatal(err)
	}
	n := p.N()
	alpha, ys, xs := make([]float64, n), make([]int, n), make([]learn.Vec, n)
	for i := range n {
		alpha[i], ys[i], xs[i] = p.Alpha(i), p.Y(i), p.X(i)
	}
	w := amap.Weights(alpha, ys, xs)
	z := make([]float64, amap.Dim())
	fd := hs.s.Field()
	tie := p.Config().Tie
	exact := make([]float64, 0, fd.W*fd.H)
	sum := 0.0
	for r := range fd.H {
		for c := range fd.W {
			v := p.Decide(fd.Point(c, r))
			exact = append(exact, v)
			sum += math.Abs(v)
		}
	}
	away := sum / float64(len(exact)) / 2
	same, counted := 0, 0
	for r := range fd.H {
		for c := range fd.W {
			f := exact[r*fd.W+c]
			if math.Abs(f) < away {
				continue
			}
			x1, x2 := fd.Point(c, r)
			amap.Map(z, p.Embed(x1, x2))
			approx := 0.0
			for k, v := range w {
				approx += v * z[k]
			}
			a, _ := tie.Predict(approx, 1)
			b, _ := tie.Predict(f, 1)
			counted++
			if a == b {
				same++
			}
		}
	}
	return 100 * float64(same) / float64(counted), counted
}

// TestApproxConverges: on a trained RBF run, f̃ with D = 4096 random
// features agrees with f on far more of the grid than with D = 4 (measured
// 56.5% and 100% on moons, seed 1, at the region of a 120×40 terminal,
// where |f| is clearly away from 0), by an independent count, and the
// legend shows that count.
func TestApproxConverges(t *testing.T) {
	t.Parallel()
	hs := trainedMoons(t, 77, 34)
	hs.press("~")
	for range 4 { // 64 → 4
		hs.press(",")
	}
	if d := hs.r.Approx.d; d != 4 {
		t.Fatalf("D = %d after four halvings of 64, want 4", d)
	}
	lo, _ := hs.agreementOf(4)
	loShown := hs.shownAgreement()
	for range 10 { // 4 → 4096
		hs.press(".")
	}
	if d := hs.r.Approx.d; d != 4096 {
		t.Fatalf("D = %d after ten doublings of 4, want 4096", d)
	}
	hi, _ := hs.agreementOf(4096)
	hiShown := hs.shownAgreement()
	if !(hi > lo+20) || hi < 90 || lo > 80 {
		t.Errorf("agreement with f: %.1f%% at D = 4, %.1f%% at D = 4096; want it to rise from below 80%% to above 90%%", lo, hi)
	}
	// The legend rounds down to 0.1%; f on the lattice is the field kept
	// up to date step by step, Decide sums afresh: a point or two at f ≈ 0
	// may differ.
	for _, c := range [][2]float64{{lo, loShown}, {hi, hiShown}} {
		if math.Abs(c[0]-c[1]) > 0.2 {
			t.Errorf("legend says %.1f%%, an independent count %.2f%%", c[1], c[0])
		}
	}
	if view := ansi.Strip(hs.r.View()); !strings.Contains(view, "rff:4096") {
		t.Errorf("the legend does not name the map rff:4096:\n%s", view)
	}
}

// TestApproxKeys: ~ toggles the overlay and its legend, which takes a
// line from the plot; , and . halve and double D along 1 … 4096 and stop
// there; they are disabled, and say why, while the overlay is off. A pane
// of comparison mode draws no overlay.
func TestApproxKeys(t *testing.T) {
	t.Parallel()
	hs := trainedMoons(t, 77, 34)
	a := hs.r.Approx
	if a.on || hs.enabled(".") || hs.enabled(",") || !hs.enabled("~") {
		t.Fatalf("at start: on %v, , enabled %v, . enabled %v, ~ enabled %v", a.on, hs.enabled(","), hs.enabled("."), hs.enabled("~"))
	}
	hs.press(".")
	if a.d != approxDefaultD || !strings.Contains(hs.host.Said, "~ shows the approximate boundary") {
		t.Errorf(". with the overlay off: D = %d, message %q", a.d, hs.host.Said)
	}
	plotH := hs.r.PlotH
	hs.press("~")
	view := ansi.Strip(hs.r.View())
	if !a.on || !strings.Contains(view, common.GlyphApprox+" f̃ = w·z(x), rff:64") {
		t.Fatalf("~ did not show the overlay and its legend:\n%s", view)
	}
	if hs.r.PlotH != plotH-1 {
		t.Errorf("the legend's line: plot height %d, want %d", hs.r.PlotH, plotH-1)
	}
	if !strings.Contains(view, common.GlyphApprox+common.GlyphApprox) {
		t.Errorf("no contour drawn:\n%s", view)
	}
	if !strings.Contains(hs.host.Said, "halve and double D (64 now)") {
		t.Errorf("~ says %q", hs.host.Said)
	}
	for range 20 {
		hs.press(",")
	}
	if a.d != approxMinD || hs.enabled(",") || !hs.enabled(".") {
		t.Errorf("after 20 halvings: D = %d, , enabled %v", a.d, hs.enabled(","))
	}
	if !strings.Contains(hs.host.Said, "end of the ladder") {
		t.Errorf(", at D = 1 says %q", hs.host.Said)
	}
	for range 20 {
		hs.press(".")
	}
	if a.d != approxMaxD || hs.enabled(".") || !hs.enabled(",") {
		t.Errorf("after 20 doublings: D = %d, . enabled %v", a.d, hs.enabled("."))
	}
	for _, size := range [][2]int{{77, 34}, {40, 12}, {20, 6}} {
		hs.resize(size[0], size[1])
		tuitest.Fits(t, hs.r.View(), size[0], size[1])
		tuitest.Golden(t, filepath.Join("testdata", fmt.Sprintf("approx_moons_4096_%dx%d.golden", size[0], size[1])), hs.r.View())
	}
	hs.resize(77, 34)
	hs.r.Compare = true
	hs.update()
	if strings.Contains(ansi.Strip(hs.r.View()), common.GlyphApprox) {
		t.Errorf("a pane of comparison mode draws the overlay:\n%s", ansi.Strip(hs.r.View()))
	}
	hs.r.Compare = false
	hs.press("~")
	if a.on || strings.Contains(ansi.Strip(hs.r.View()), common.GlyphApprox) || hs.r.PlotH != plotH {
		t.Errorf("~ again left the overlay on screen:\n%s", ansi.Strip(hs.r.View()))
	}
}

// TestApproxStaleDropped: a result asked for before D changed is dropped,
// and the next check asks for the D now.
func TestApproxStaleDropped(t *testing.T) {
	t.Parallel()
	hs := trainedMoons(t, 77, 34)
	a := hs.r.Approx
	hs.keys.Handle(tuitest.Key("~"))
	hs.r.SetSize(hs.w, hs.h)
	job := a.Check(hs.s, true, false, time.Time{}, 0)
	if job == nil || !a.inFlight {
		t.Fatal("~ started no job")
	}
	hs.keys.Handle(tuitest.Key(".")) // D = 128 while the job for 64 runs
	if a.Check(hs.s, true, false, time.Time{}, 0) != nil {
		t.Fatal("a second job started while one is in flight")
	}
	a.Ready(job().(ApproxMsg)) // the result for 64: dropped
	if r := a.res; r != nil {
		t.Fatalf("a stale result was taken (D = %d)", r.key.d)
	}
	hs.update()
	if r := a.res; r == nil || r.key.d != 128 || r.spec.D != 128 {
		t.Fatalf("the next job is not for D = 128: %+v", r)
	}
}

// TestApproxThrottled: while training runs by itself, a job starts at
// most once a frame (the program's, 1/30 s), and none while one is in
// flight.
func TestApproxThrottled(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), 77, 34)
	hs.press("~")
	a := hs.r.Approx
	frame := time.Second / setup.DefaultFPS
	clock := time.Unix(0, 0)
	started := 0
	for range 20 {
		clock = clock.Add(frame / 4)
		hs.s.Step()
		if cmd := a.Check(hs.s, true, true, clock, frame); cmd != nil {
			started++
			a.Ready(cmd().(ApproxMsg))
		}
	}
	// 20 quarter frames: at most 5 frames, so at most 5 jobs (plus the
	// first).
	if started == 0 || started > 6 {
		t.Errorf("%d jobs in 5 frames of autoplay", started)
	}
	hs.s.Step()
	a.inFlight = true
	if cmd := a.Check(hs.s, true, true, clock.Add(time.Hour), frame); cmd != nil {
		t.Error("a second job started while one is in flight")
	}
}

// TestApproxNoSupportVectors: with every α = 0, f̃ ≡ b, here 0, and
// agrees with f everywhere (the region of an 80×24 terminal).
func TestApproxNoSupportVectors(t *testing.T) {
	t.Parallel()
	for _, algo := range []string{"perceptron", "svm"} {
		o := tuitest.Builtin(t, "moons", 0)
		o.Config.Learner = algo
		hs := newHarness(t, o, 80, 18)
		hs.press("~")
		r := hs.r.Approx.Current(hs.s)
		if r == nil || r.err != nil {
			t.Fatalf("%v: no result: %+v", algo, r)
		}
		for _, v := range r.vals {
			if v != hs.s.Learner().Offset() {
				t.Fatalf("%v: f̃ = %v with no support vectors, want b = %v", algo, v, hs.s.Learner().Offset())
			}
		}
		if r.agree != 1 {
			t.Errorf("%v: agreement %v with no support vectors", algo, r.agree)
		}
		if view := ansi.Strip(hs.r.View()); !strings.Contains(view, "same sign as f on 100.0%") {
			t.Errorf("%v: the legend does not say 100.0%%:\n%s", algo, view)
		}
	}
}

// BenchmarkApproxJob is one recomputation of the overlay off the UI path
// on moons trained to convergence (10 support vectors), at the lattice of
// a 240×70 terminal (its region 176×64: 20,374 points, under
// maxFieldPixels): the map (built afresh here; the program reuses it
// between jobs), w, f̃ at every lattice point and the agreement.
func BenchmarkApproxJob(b *testing.B) {
	hs := trainedMoons(b, 176, 64)
	s := hs.s
	for _, d := range []int{64, 512, 4096} {
		for _, kind := range []string{"rff", "nystrom"} {
			b.Run(fmt.Sprintf("%s:%d", kind, d), func(b *testing.B) {
				a := &ApproxOverlay{on: true, d: d}
				key := a.KeyFor(s)
				frozen := learn.Freeze(s.Learner())
				var spec learn.Approx
				if kind == "rff" {
					spec, _ = approxSpec(s.Learner().Kernel(), d, s.Learner().N(), len(frozen.SupportVectors()))
				} else {
					spec = learn.Approx{Kind: learn.ApproxNystrom, D: min(d, s.Learner().N(), nystromMaxM)}
				}
				xs := make([]learn.Vec, s.Learner().N())
				for i := range xs {
					xs[i] = s.Learner().X(i)
				}
				geom := learn.NewField(s.Field().Rect, s.Field().W, s.Field().H)
				mk := ApproxMapKey{spec: spec, seed: 1}
				for b.Loop() {
					r := computeApprox(key, spec, "", mk, nil, xs, frozen, s.Field().Values, geom)
					if r.err != nil {
						b.Fatal(r.err)
					}
				}
				b.ReportMetric(float64(s.Field().W*s.Field().H), "points")
			})
		}
	}
}

// BenchmarkApproxJobNystrom512 is the costliest Nyström job: 2000 points
// (circles, poly d = 2) after one pass give 512 landmarks, the cap, so
// the map's eigendecomposition (512³) is in every job here; the program
// builds it once per data and kernel and reuses it while training runs.
func BenchmarkApproxJobNystrom512(b *testing.B) {
	hs := newHarness(b, tuitest.Builtin(b, "circles", 2000), 176, 64)
	hs.step(2000) // e: one pass
	s := hs.s
	a := &ApproxOverlay{on: true, d: approxMaxD}
	key := a.KeyFor(s)
	frozen := learn.Freeze(s.Learner())
	spec, capped := approxSpec(s.Learner().Kernel(), a.d, s.Learner().N(), len(frozen.SupportVectors()))
	xs := make([]learn.Vec, s.Learner().N())
	for i := range xs {
		xs[i] = s.Learner().X(i)
	}
	geom := learn.NewField(s.Field().Rect, s.Field().W, s.Field().H)
	mk := ApproxMapKey{spec: spec, seed: 1}
	var amap *learn.ApproxMap
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			r := computeApprox(key, spec, capped, mk, nil, xs, frozen, s.Field().Values, geom)
			if r.err != nil {
				b.Fatal(r.err)
			}
			amap = r.amap
		}
	})
	b.Run("reused", func(b *testing.B) {
		for b.Loop() {
			computeApprox(key, spec, capped, mk, amap, xs, frozen, s.Field().Values, geom)
		}
	})
}

// TestApproxAgreementRisesWithD: the agreement the legend shows rises
// with D, counted where |f| is clearly away from 0 (awayFromZero), on a
// fixed case: circles (seed 1) under the perceptron with K = rbf(σ = 0.5),
// trained to the end, in the region of an 80×24 terminal (80×18) and of a
// 100×30 one (64×24), at D = 16, 32, 64, 128. Each figure may fall below
// the one before by at most 1 point (each D is a fresh draw of random
// features, so f̃'s error is itself random), and D = 128 is at least 10
// points above D = 16. The legend's figure and count agree with an
// independent count (agreementOf). Before, every lattice point counted,
// most of them in the far field where f ≈ 0: 77.1% → 60.3% → 63.2% →
// 63.3% at 80×18.
func TestApproxAgreementRisesWithD(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 18}, {64, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			o := tuitest.Builtin(t, "circles", 0)
			k, err := learn.ParseKernel("rbf(sigma=0.5)")
			if err != nil {
				t.Fatal(err)
			}
			o.Config.Kernel = k
			hs := newHarness(t, o, size[0], size[1])
			hs.converge()
			hs.press("~", ",", ",") // 64 → 16
			var shown []float64
			for _, d := range []int{16, 32, 64, 128} {
				if hs.r.Approx.d != d {
					t.Fatalf("D = %d, want %d", hs.r.Approx.d, d)
				}
				got := hs.shownAgreement()
				want, n := hs.agreementOf(d)
				if math.Abs(got-want) > 0.2 {
					t.Errorf("D = %d: legend says %.1f%%, an independent count %.2f%%", d, got, want)
				}
				if view := ansi.Strip(hs.r.View()); !strings.Contains(view, fmt.Sprintf("of %d", n)) {
					t.Errorf("D = %d: the legend does not say it counted %d points:\n%s", d, n, view)
				}
				shown = append(shown, got)
				hs.press(".")
			}
			for k := 1; k < len(shown); k++ {
				if shown[k] < shown[k-1]-1 {
					t.Errorf("agreement at D = 16, 32, 64, 128: %v%%; falls by more than 1 point at D = %d", shown, 16<<k)
				}
			}
			if shown[3] < shown[0]+10 {
				t.Errorf("agreement at D = 16, 32, 64, 128: %v%%; want D = 128 at least 10 points above D = 16", shown)
			}
			t.Logf("agreement at D = 16, 32, 64, 128: %v%%", shown)
		})
	}
}
