package tui

import (
	"kernelscope/tui/region"

	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
	"kernelscope/tui/common"
)

// pressJob sends a key and runs what it returns, the overlay's job
// included, to the end.
func pressJob(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		run(m, cmd, 100)
		settle(m)
	}
}

// trainedMoons is moons (RBF, σ = 0.5) trained to convergence.
func trainedMoons(t testing.TB, w, h int) *Model {
	t.Helper()
	m := newModel(t, builtinOptions(t, "moons", 0), w, h)
	pressRun(m, "c")
	if m.s.Learner().State() != learn.Converged {
		t.Fatalf("moons did not converge: %v", m.s.Learner().State())
	}
	return m
}

// shownAgreement reads the agreement the legend shows, in percent.
func shownAgreement(t *testing.T, m *Model) float64 {
	t.Helper()
	got := regexp.MustCompile(`same sign as f on ([0-9.]+)%`).FindStringSubmatch(screen(m))
	if got == nil {
		t.Fatalf("no agreement in the legend:\n%s", screen(m))
	}
	v, err := strconv.ParseFloat(got[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// agreementOf is the share of the field's lattice points where the
// approximate machine on rff:d and the learner's f predict the same class,
// worked out here from learn's map alone: w = Σⱼ αⱼ yⱼ z(xⱼ) (Weights),
// f̃(x) = w·z(x) (Map), f(x) = Decide, the tie rule's prediction of each.
func agreementOf(t *testing.T, m *Model, d int) float64 {
	t.Helper()
	p := m.s.Learner()
	amap, err := learn.NewApproxMap(learn.Approx{Kind: learn.ApproxRFF, D: d}, p.Kernel(), nil, m.s.Options().Config.Seed)
	if err != nil {
		t.Fatal(err)
	}
	n := p.N()
	alpha, ys, xs := make([]float64, n), make([]int, n), make([]learn.Vec, n)
	for i := range n {
		alpha[i], ys[i], xs[i] = p.Alpha(i), p.Y(i), p.X(i)
	}
	w := amap.Weights(alpha, ys, xs)
	z := make([]float64, amap.Dim())
	fd := m.s.Field()
	tie := p.Config().Tie
	same := 0
	for r := range fd.H {
		for c := range fd.W {
			x1, x2 := fd.Point(c, r)
			amap.Map(z, p.Embed(x1, x2))
			approx := 0.0
			for k, v := range w {
				approx += v * z[k]
			}
			a, _ := tie.Predict(approx, 1)
			b, _ := tie.Predict(p.Decide(x1, x2), 1)
			if a == b {
				same++
			}
		}
	}
	return 100 * float64(same) / float64(fd.W*fd.H)
}

// TestApproxConverges: on a trained RBF run, f̃ with D = 4096 random
// features agrees with f on far more of the grid than with D = 4 (measured
// 54% and 97% on moons, seed 1), by an independent count, and the legend
// shows that count.
func TestApproxConverges(t *testing.T) {
	m := trainedMoons(t, 120, 40)
	pressJob(m, "~")
	for range 4 { // 64 → 4
		pressJob(m, ",")
	}
	if d := m.region.Approx.D; d != 4 {
		t.Fatalf("D = %d after four halvings of 64, want 4", d)
	}
	lo, loShown := agreementOf(t, m, 4), shownAgreement(t, m)
	for range 10 { // 4 → 4096
		pressJob(m, ".")
	}
	if d := m.region.Approx.D; d != 4096 {
		t.Fatalf("D = %d after ten doublings of 4, want 4096", d)
	}
	hi, hiShown := agreementOf(t, m, 4096), shownAgreement(t, m)
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
	if !strings.Contains(screen(m), "rff:4096") {
		t.Errorf("the legend does not name the map rff:4096:\n%s", screen(m))
	}
}

// TestApproxKeys: ~ toggles the overlay and its legend; , and . halve and
// double D along 1 … 4096 and stop there; they are disabled, and say why,
// while the overlay is off.
func TestApproxKeys(t *testing.T) {
	m := trainedMoons(t, 120, 40)
	a := m.region.Approx
	if a.On || keyAction(m, ".").Binding.Enabled() || keyAction(m, ",").Binding.Enabled() || !keyAction(m, "~").Binding.Enabled() {
		t.Fatalf("at start: on %v, , enabled %v, . enabled %v, ~ enabled %v", a.On, keyAction(m, ",").Binding.Enabled(), keyAction(m, ".").Binding.Enabled(), keyAction(m, "~").Binding.Enabled())
	}
	pressJob(m, ".")
	if a.D != region.ApproxDefaultD || !strings.Contains(m.message, "~ shows the approximate boundary") {
		t.Errorf(". with the overlay off: D = %d, message %q", a.D, m.message)
	}
	plotH := m.region.PlotH
	pressJob(m, "~")
	if !a.On || !strings.Contains(screen(m), common.GlyphApprox+" f̃ = w·z(x), rff:64") {
		t.Fatalf("~ did not show the overlay and its legend:\n%s", screen(m))
	}
	if m.region.PlotH != plotH-1 {
		t.Errorf("the legend's line: plot height %d, want %d", m.region.PlotH, plotH-1)
	}
	if !strings.Contains(screen(m), common.GlyphApprox+common.GlyphApprox) {
		t.Errorf("no contour drawn:\n%s", screen(m))
	}
	for range 20 {
		pressJob(m, ",")
	}
	if a.D != region.ApproxMinD || keyAction(m, ",").Binding.Enabled() || !keyAction(m, ".").Binding.Enabled() {
		t.Errorf("after 20 halvings: D = %d, , enabled %v", a.D, keyAction(m, ",").Binding.Enabled())
	}
	if !strings.Contains(m.message, "end of the ladder") {
		t.Errorf(", at D = 1 says %q", m.message)
	}
	for range 20 {
		pressJob(m, ".")
	}
	if a.D != region.ApproxMaxD || keyAction(m, ".").Binding.Enabled() || !keyAction(m, ",").Binding.Enabled() {
		t.Errorf("after 20 doublings: D = %d, . enabled %v", a.D, keyAction(m, ".").Binding.Enabled())
	}
	pressJob(m, "~")
	if a.On || strings.Contains(screen(m), common.GlyphApprox) || m.region.PlotH != plotH {
		t.Errorf("~ again left the overlay on screen:\n%s", screen(m))
	}
	// Comparison mode refuses it.
	pressJob(m, "~", "|")
	if keyAction(m, "~").Binding.Enabled() || strings.Contains(screen(m), common.GlyphApprox+" f̃") {
		t.Errorf("comparison mode: ~ enabled %v\n%s", keyAction(m, "~").Binding.Enabled(), screen(m))
	}
	pressJob(m, "~")
	if !strings.Contains(m.message, "comparison mode") {
		t.Errorf("~ in comparison mode says %q", m.message)
	}
	pressJob(m, "|")
	if !strings.Contains(screen(m), "same sign as f on") {
		t.Errorf("the overlay did not come back after comparison mode:\n%s", screen(m))
	}
}

// TestApproxStaleDropped: a result asked for before D changed is dropped,
// and the next check asks for the D now.
func TestApproxStaleDropped(t *testing.T) {
	m := trainedMoons(t, 120, 40)
	_, cmd := m.Update(keyMsg("~"))
	var job tea.Cmd = cmd
	if !m.region.Approx.InFlight {
		t.Fatal("~ started no job")
	}
	m.Update(keyMsg("."))            // D = 128 while the job for 64 runs
	_, next := m.Update(runJob(job)) // the result for 64: dropped
	if r := m.region.Approx.Res; r != nil {
		t.Fatalf("a stale result was taken (D = %d)", r.Key.D)
	}
	run(m, next, 100)
	if r := m.region.Approx.Res; r == nil || r.Key.D != 128 || r.Spec.D != 128 {
		t.Fatalf("the next job is not for D = 128: %+v", r)
	}
}

// runJob runs cmd and returns its approxMsg (the job is the only command
// of a key that changes nothing else).
func runJob(cmd tea.Cmd) tea.Msg {
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			if c == nil {
				continue
			}
			if am, ok := c().(region.ApproxMsg); ok {
				return am
			}
		}
	}
	return msg
}

// TestApproxThrottled: while autoplay runs, a job starts at most once a
// frame, and none while one is in flight.
func TestApproxThrottled(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	clock := time.Unix(0, 0)
	m.player.Now = func() time.Time { return clock }
	pressJob(m, "~")
	m.Update(keyMsg("p"))
	a := m.region.Approx
	started := 0
	for range 20 {
		clock = clock.Add(m.player.Frame / 4)
		m.s.Step()
		if cmd := m.region.Approx.Check(m.s, true, m.player.Busy(), m.player.Now(), m.player.Frame); cmd != nil {
			started++
			m.region.Approx.Ready(runJob(cmd).(region.ApproxMsg))
		}
	}
	// 20 quarter frames: at most 5 frames, so at most 5 jobs (plus the
	// first).
	if started == 0 || started > 6 {
		t.Errorf("%d jobs in 5 frames of autoplay", started)
	}
	m.s.Step()
	a.InFlight = true
	if cmd := m.region.Approx.Check(m.s, true, m.player.Busy(), m.player.Now(), m.player.Frame); cmd != nil {
		t.Error("a second job started while one is in flight")
	}
}

// TestApproxNoSupportVectors: with every α = 0, f̃ ≡ b, here 0, and
// agrees with f everywhere.
func TestApproxNoSupportVectors(t *testing.T) {
	for _, algo := range []string{"perceptron", "svm"} {
		o := builtinOptions(t, "moons", 0)
		o.Config.Learner = algo
		m := newModel(t, o, 80, 24)
		pressJob(m, "~")
		r := m.region.Approx.Current(m.s)
		if r == nil || r.Err != nil {
			t.Fatalf("%v: no result: %+v", algo, r)
		}
		for _, v := range r.Vals {
			if v != m.s.Learner().Offset() {
				t.Fatalf("%v: f̃ = %v with no support vectors, want b = %v", algo, v, m.s.Learner().Offset())
			}
		}
		if r.Agree != 1 {
			t.Errorf("%v: agreement %v with no support vectors", algo, r.Agree)
		}
	}
}

// TestApproxNystrom: for a kernel other than RBF the map is Nyström, with
// its landmarks capped at n; with every point a landmark f̃ is f (seed
// 003's worked example, poly d = 2: rank 3 of 4).
func TestApproxNystrom(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	for range 8 {
		press(m, "space")
	}
	pressJob(m, "~")
	out := screen(m)
	for _, want := range []string{"nystrom:4", "landmarks ≤ n = 4", "same sign as f on 100.0%"} {
		if !strings.Contains(out, want) {
			t.Errorf("the legend lacks %q:\n%s", want, out)
		}
	}
}

// TestApproxGolden: the screen with the overlay on, moons trained to
// convergence, D = 64, at 80×24 and 120×40.
func TestApproxGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := trainedMoons(t, size[0], size[1])
			pressJob(m, "~")
			golden(t, filepath.Join("testdata", "screens", fmt.Sprintf("approx_moons_%dx%d.golden", size[0], size[1])), screen(m))
		})
	}
}

// TestApproxRandomKeys: random keys with the overlay on, every command
// run, at sizes down to 1×1, for the perceptron, a relative, the averaged
// perceptron and the SVM, never panic and always fill the terminal. Two
// rounds: every key (views, comparison mode, help, quiz), then the keys
// that change what f̃ is computed from (training, data, kernel, learner,
// D, edits) in a terminal where the region is on screen, where each
// result must reach the legend.
func TestApproxRandomKeys(t *testing.T) {
	every := append(allKeys(), "~", ",", ".", ".", ",", "|", "o", "x", "delete")
	training := strings.Fields("space space e c b r E d D n N z Z S k K [ ] { } a t s l l < > ( ) o x delete up left right down v 1 u h , . , . ,")
	sizes := [][2]int{{120, 40}, {80, 24}, {30, 8}, {1, 1}, {20, 6}, {200, 60}}
	for _, c := range []struct {
		data string
		algo string
	}{{"moons", "perceptron"}, {"circles", "svm"}, {"xor", "forgetron"}, {"worked4", "averaged"}} {
		t.Run(c.data, func(t *testing.T) {
			o := builtinOptions(t, c.data, 0)
			o.Config.Learner = c.algo
			m := newModel(t, o, 120, 40)
			pressJob(m, "~")
			r := rand.New(rand.NewPCG(14, 0))
			send := func(k string) {
				_, cmd := m.Update(keyMsg(k))
				if !m.player.Playing { // autoplay's ticks wait for their time
					run(m, cmd, 50)
				}
				m.player.Stop()
			}
			for i := range 300 {
				k := every[r.IntN(len(every))]
				if k == "q" || k == "ctrl+c" || k == "w" || k == "F" || k == "R" {
					continue
				}
				send(k)
				if i%10 == 0 {
					sz := sizes[r.IntN(len(sizes))]
					_, cmd := m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
					run(m, cmd, 50)
				}
				_ = m.View()
			}
			assertFits(t, m, sizes)

			// Round two: back to one region with the overlay on.
			m = newModel(t, o, 120, 40)
			pressJob(m, "~")
			shown := 0
			for range 200 {
				k := training[r.IntN(len(training))]
				send(k)
				out := screen(m)
				if m.region.Approx.Current(m.s) != nil {
					shown++
					if !strings.Contains(out, common.GlyphApprox+" f̃") {
						t.Fatalf("after %q: a result, and no legend:\n%s", k, out)
					}
				}
			}
			if shown < 150 {
				t.Errorf("a result was on screen after only %d of 200 keys", shown)
			}
		})
	}
}

// BenchmarkApproxJob is one recomputation of the overlay off the UI path
// on moons trained to convergence (10 support vectors), at the lattice of
// a 240×70 terminal (20,374 points, under maxFieldPixels): the map (built
// afresh here; the program reuses it between jobs), w, f̃ at every
// lattice point and the agreement.
func BenchmarkApproxJob(b *testing.B) {
	m := trainedMoons(b, 240, 70)
	for _, d := range []int{64, 512, 4096} {
		for _, kind := range []string{"rff", "nystrom"} {
			b.Run(fmt.Sprintf("%s:%d", kind, d), func(b *testing.B) {
				a := &region.ApproxOverlay{On: true, D: d}
				s := m.s
				key := a.KeyFor(s)
				frozen := learn.Freeze(s.Learner())
				var spec learn.Approx
				if kind == "rff" {
					spec, _ = region.ApproxSpec(s.Learner().Kernel(), d, s.Learner().N(), len(frozen.SupportVectors()))
				} else {
					spec = learn.Approx{Kind: learn.ApproxNystrom, D: min(d, s.Learner().N(), region.NystromMaxM)}
				}
				xs := make([]learn.Vec, s.Learner().N())
				for i := range xs {
					xs[i] = s.Learner().X(i)
				}
				geom := learn.NewField(s.Field().Rect, s.Field().W, s.Field().H)
				mk := region.ApproxMapKey{Spec: spec, Seed: 1}
				for b.Loop() {
					r := region.ComputeApprox(key, spec, "", mk, nil, xs, frozen, s.Field().Values, geom)
					if r.Err != nil {
						b.Fatal(r.Err)
					}
				}
				b.ReportMetric(float64(s.Field().W*s.Field().H), "points")
			})
		}
	}
}

// BenchmarkApproxJobNystrom512 is the costliest Nyström job: 2000 points
// (circles, poly d = 2) give 512 landmarks, the cap, so the map's
// eigendecomposition (512³) is in every job here; the program builds it
// once per data and kernel and reuses it while training runs.
func BenchmarkApproxJobNystrom512(b *testing.B) {
	m := newModel(b, builtinOptions(b, "circles", 2000), 240, 70)
	pressRun(m, "e")
	s := m.s
	a := &region.ApproxOverlay{On: true, D: region.ApproxMaxD}
	key := a.KeyFor(s)
	frozen := learn.Freeze(s.Learner())
	spec, capped := region.ApproxSpec(s.Learner().Kernel(), a.D, s.Learner().N(), len(frozen.SupportVectors()))
	xs := make([]learn.Vec, s.Learner().N())
	for i := range xs {
		xs[i] = s.Learner().X(i)
	}
	geom := learn.NewField(s.Field().Rect, s.Field().W, s.Field().H)
	mk := region.ApproxMapKey{Spec: spec, Seed: 1}
	var amap *learn.ApproxMap
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			r := region.ComputeApprox(key, spec, capped, mk, nil, xs, frozen, s.Field().Values, geom)
			if r.Err != nil {
				b.Fatal(r.Err)
			}
			amap = r.Amap
		}
	})
	b.Run("reused", func(b *testing.B) {
		for b.Loop() {
			region.ComputeApprox(key, spec, capped, mk, amap, xs, frozen, s.Field().Values, geom)
		}
	})
}
