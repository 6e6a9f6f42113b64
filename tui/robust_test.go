package tui

import (
	"kernelscope/tui/common"
	"kernelscope/tui/player"

	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
)

// fileOptions opens points as the command line opens a --data file: with
// the given kernel (the default for files is linear), tie rule mistake.
func fileOptions(t testing.TB, name string, pts []datasets.Point, spec string, eta float64) Options {
	t.Helper()
	k, err := learn.ParseKernel(spec)
	if err != nil {
		t.Fatal(err)
	}
	return Options{File: name, Points: pts, Config: learn.Config{Kernel: k, Tie: learn.TieMistake, Epochs: 100, Seed: 1, Params: learn.NewParams("eta", eta)}}
}

// allKeys is one press of every key the key map declares, in order.
func allKeys() []string {
	var keys []string
	m := New(Options{Dataset: "empty", Config: learn.Config{Kernel: learn.Linear{}, Epochs: 1}})
	for _, a := range m.list {
		for _, k := range a.Binding.Keys() {
			if !strings.HasPrefix(k, "mouse:") {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// pressAll sends each key, runs what it returns (a chunk of a run, not the
// timers of autoplay) and renders after each.
func pressAll(t *testing.T, m *Model, keys []string) {
	t.Helper()
	for _, k := range keys {
		if k == "q" || k == "ctrl+c" || k == "w" {
			continue
		}
		_, cmd := m.Update(keyMsg(k))
		if m.player.Converging || m.player.Finishing {
			run(m, cmd, 50)
		}
		m.player.Stop()
		_ = m.View()
	}
}

// overflowCases are the reproductions of issue 6: data or kernels whose
// Gram entries or field values pass float64.
func overflowCases(t *testing.T) map[string]func() (*Model, []string) {
	stamps := make([]datasets.Point, 30)
	for i := range stamps {
		// A nanosecond timestamp as x₁: (x·z + 1)^d passes 1.8e308 at d = 9.
		stamps[i] = datasets.Point{X1: 1700000000000000000 + float64(i)*1e9, X2: 21.3 + float64(i%5), Y: 1 - 2*(i%2)}
	}
	far := []datasets.Point{{X1: 1.2e5, X2: 0, Y: 1}, {X1: 0, X2: 1.2e5, Y: -1}, {X1: -1.2e5, X2: 0, Y: 1}, {X1: 0, X2: -1.2e5, Y: -1}, {X1: 8e4, X2: 8e4, Y: -1}}
	return map[string]func() (*Model, []string){
		// A CSV with the row 1e160,0,1: K(x, x) = 1e320 under the linear kernel.
		"csv 1e160": func() (*Model, []string) {
			pts := []datasets.Point{{X1: 1e160, X2: 0, Y: 1}, {X1: 1, X2: 2, Y: -1}, {X1: -1, X2: 0.5, Y: 1}}
			return newModel(t, fileOptions(t, "big.csv", pts, "linear", 1), 120, 40), nil
		},
		// kernelscope --dataset circles --kernel 'poly(d=30,c=1e11)'
		"circles poly d=30 c=1e11": func() (*Model, []string) {
			o := builtinOptions(t, "circles", 0)
			o.Config.Kernel = learn.Poly{D: 30, C: 1e11}
			return newModel(t, o, 120, 40), nil
		},
		// Timestamps, then ] until d reaches 10.
		"timestamps d→10": func() (*Model, []string) {
			return newModel(t, fileOptions(t, "stamps.csv", stamps, "poly(d=2,c=1)", 1), 120, 40), strings.Fields("] ] ] ] ] ] ] ]")
		},
		// 5 points at ±1.2e5, poly(d=30,c=0), η = 1e-6, then c.
		"±1e5 poly d=30": func() (*Model, []string) {
			return newModel(t, fileOptions(t, "far.csv", far, "poly(d=30,c=0)", 1e-6), 120, 40), []string{"c"}
		},
	}
}

// TestOverflowEveryKey loads each overflow case and sends every key once;
// the values that are not finite must be shown as such.
func TestOverflowEveryKey(t *testing.T) {
	for name, open := range overflowCases(t) {
		t.Run(name, func(t *testing.T) {
			m, first := open()
			pressAll(t, m, first)
			out := screen(m)
			if !strings.Contains(out, "Inf") && !strings.Contains(out, "NaN") && !strings.Contains(out, "overflow") {
				t.Errorf("nothing on screen says that a value overflowed:\n%s", out)
			}
			if strings.Contains(out, "not PSD") {
				t.Errorf("an overflowing Gram matrix is reported as not PSD:\n%s", out)
			}
			pressAll(t, m, allKeys())
			for _, size := range [][2]int{{60, 20}, {1, 1}, {200, 60}} {
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				_ = m.View()
			}
		})
	}
}

// TestGramOverflowShown: K(x₁, x₁) = (1e160)² is +Inf; the Gram panel says
// so and the Mercer line blames the overflow, not the kernel.
func TestGramOverflowShown(t *testing.T) {
	pts := []datasets.Point{{X1: 1e160, X2: 0, Y: 1}, {X1: 1, X2: 2, Y: -1}, {X1: -1, X2: 0.5, Y: 1}}
	m := newModel(t, fileOptions(t, "big.csv", pts, "linear", 1), 120, 40)
	out := screen(m)
	for _, want := range []string{"+Inf", "K(x₁,x₁) = +Inf overflows: no Mercer"} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
	// A step on x₁ overflows: training stops with the reason, not a panic.
	press(m, "space")
	if m.s.Err() == nil || !strings.Contains(screen(m), "training stopped") {
		t.Errorf("a step with an overflowing row did not stop training with a message:\n%s", screen(m))
	}
}

// TestFieldOverflowShown: the field holds ±Inf/NaN where (x·g)^30 passes
// float64 on the lattice; those cells are drawn as ░ and the status says so.
func TestFieldOverflowShown(t *testing.T) {
	// K(xᵢ, xⱼ) ≤ (1.44e10)³⁰ ≈ 5.7e304 on the data, so training converges
	// (x₅ becomes a support vector); on the lattice, which reaches ±1.5e5,
	// (x₅·g)³⁰ passes 1.8e308 wherever x₅·g > 1.88e10, near the corner
	// g₁ + g₂ > 2.35e5.
	far := []datasets.Point{{X1: 1.2e5, X2: 0, Y: 1}, {X1: 0, X2: 1.2e5, Y: -1}, {X1: -1.2e5, X2: 0, Y: 1}, {X1: 0, X2: -1.2e5, Y: -1}, {X1: 8e4, X2: 8e4, Y: -1}}
	m := newModel(t, fileOptions(t, "far.csv", far, "poly(d=30,c=0)", 1e-6), 120, 40)
	_, cmd := m.Update(keyMsg("c"))
	run(m, cmd, 1000)
	bad, all := m.s.FieldOverflow()
	if bad == 0 || m.s.Learner().State() != learn.Converged {
		t.Fatalf("%d of %d lattice values overflowed, state %v: want some, after convergence", bad, all, m.s.Learner().State())
	}
	if !strings.Contains(screen(m), "1e-6") {
		t.Errorf("α = 1e-6 is not shown as such:\n%s", screen(m))
	}
	out := screen(m)
	if !strings.Contains(out, "f overflows in part of the plane") || !strings.Contains(out, common.GlyphOverflow) {
		t.Errorf("%d of %d field values are not finite, but the screen does not show it:\n%s", bad, all, out)
	}
	m.mono = true
	m.setTheme()
	if !strings.Contains(screen(m), common.GlyphOverflow) {
		t.Error("without color the overflowing cells are not marked")
	}
}

// TestFailedBuildKeepsWorking: data that cannot be trained on (moons with
// noise 1e308 makes infinite coordinates) opens an empty plane with the
// reason, and every key keeps working; a later failure keeps the last good
// state.
func TestFailedBuildKeepsWorking(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Noise = 1e308
	o.Points = append(o.Points, datasets.Point{X1: math.Inf(1), X2: 0, Y: 1})
	m := newModel(t, o, 120, 40)
	if m.s.Learner() == nil || m.s.Learner().N() != 0 {
		t.Fatalf("after a failed build: perceptron %v", m.s.Learner())
	}
	if !strings.Contains(screen(m), "could not open that data") {
		t.Errorf("the reason is not shown:\n%s", screen(m))
	}
	pressAll(t, m, allKeys())

	// A kernel the perceptron refuses leaves everything as it was.
	m = newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "space")
	cfg := m.s.Options().Config
	cfg.Kernel = learn.RBF{Sigma: 0}
	host{m}.SetConfig(cfg, "kernel")
	if m.s.Learner().T() != 2 || m.s.Options().Config.Kernel.Spec() != "poly(d=2,c=0)" {
		t.Errorf("a failed setConfig changed the state: t=%d K=%s", m.s.Learner().T(), m.s.Options().Config.Kernel.Spec())
	}
	if !strings.Contains(m.message, "nothing changed") {
		t.Errorf("message %q does not say nothing changed", m.message)
	}
}

// TestGuardCatchesPanics: a panic in Update, View or a command becomes a
// *PanicError and a quit, never a crash.
func TestGuardCatchesPanics(t *testing.T) {
	for _, where := range []string{"update", "view", "cmd"} {
		g := &guard{m: panicky{where}}
		_, cmd := g.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
		if where == "view" {
			_ = g.View()
		}
		if where == "cmd" {
			msg := cmd()
			_, cmd = g.Update(msg)
		}
		var pe *PanicError
		if g.err == nil || !errors.As(error(g.err), &pe) || !strings.Contains(g.err.Error(), "boom "+where) {
			t.Errorf("%s: err %v, want a PanicError naming the panic", where, g.err)
		}
		if where != "view" {
			if cmd == nil {
				t.Fatalf("%s: no command after a panic", where)
			}
			if _, ok := cmd().(tea.QuitMsg); !ok {
				t.Errorf("%s: the program does not quit after a panic", where)
			}
		}
	}
}

type panicky struct{ where string }

func (p panicky) Init() tea.Cmd { return nil }
func (p panicky) Update(tea.Msg) (tea.Model, tea.Cmd) {
	switch p.where {
	case "update":
		panic("boom update")
	case "cmd":
		return p, func() tea.Msg { panic("boom cmd") }
	}
	return p, nil
}
func (p panicky) View() tea.View {
	if p.where == "view" {
		panic("boom view")
	}
	return tea.NewView("")
}

// TestEpochRunsInChunks: e on 20,000 noisy points does not block: it
// returns a command after a frame's work, and esc cancels it.
func TestEpochRunsInChunks(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 20000), 120, 40)
	// A step that costs a millisecond: whatever this machine's speed, a
	// chunk of a few milliseconds is a few steps.
	clock := time.Unix(1e9, 0)
	m.player.Now = func() time.Time { clock = clock.Add(time.Millisecond); return clock }
	_, cmd := m.Update(keyMsg("e"))
	if cmd == nil || !m.player.Finishing {
		t.Fatalf("e on 20000 points finished at once (t=%d): it blocks the screen", m.s.Learner().T())
	}
	at := m.s.Learner().T()
	if at >= 20000 {
		t.Fatalf("e took the whole pass (%d steps) in one go", at)
	}
	press(m, "esc")
	if m.player.Finishing {
		t.Fatal("esc did not cancel e")
	}
	m.Update(player.RunMsg{ID: m.player.Tick - 1}) // the stale chunk
	if m.s.Learner().T() != at {
		t.Errorf("a cancelled e went on: t=%d, was %d", m.s.Learner().T(), at)
	}
	// Run to the end of the pass.
	_, cmd = m.Update(keyMsg("e"))
	run(m, cmd, 100000)
	if !atPassStart(m.s.Learner()) || epochOf(m.s.Learner()) != 1 {
		t.Errorf("e ended at epoch %d, pass start %v", epochOf(m.s.Learner()), atPassStart(m.s.Learner()))
	}
}

// TestYourDataStaysInTheCycle: points added by hand head the d/D cycle, so
// switching datasets never loses them; q asks before quitting without them;
// a save clears that.
func TestYourDataStaysInTheCycle(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + 3, Y: m.region.PlotY0 + 2, Button: tea.MouseLeft})
	if len(m.s.Options().Points) != 5 || !m.s.Unsaved() {
		t.Fatalf("after a click: %d points, unsaved %v", len(m.s.Options().Points), m.s.Unsaved())
	}
	press(m, "d") // from your points to the first built-in, worked4 as it was
	if m.s.OnYours() || m.s.Options().Dataset != "worked4" || len(m.s.Options().Points) != 4 {
		t.Fatalf("d went to %q with %d points", m.s.Options().Dataset, len(m.s.Options().Points))
	}
	press(m, "D")
	if len(m.s.Options().Points) != 5 || !m.s.OnYours() {
		t.Fatalf("D did not come back to your points: %d points", len(m.s.Options().Points))
	}
	// q asks first; any other key cancels the question.
	_, cmd := m.Update(keyMsg("q"))
	if cmd != nil || m.quitting || !strings.Contains(screen(m), "not saved") {
		t.Fatalf("q with unsaved points quit at once:\n%s", screen(m))
	}
	press(m, "space")
	if _, cmd = m.Update(keyMsg("q")); cmd != nil {
		t.Fatal("q after another key quit without asking again")
	}
	// Editing other data asks before it replaces your unsaved points.
	press(m, "d", "o")
	if len(m.s.Yours().Points) != 5 || !strings.Contains(m.message, "press o again") {
		t.Fatalf("o on other data replaced your unsaved points without asking: %d, %q", len(m.s.Yours().Points), m.message)
	}
	press(m, "D", "w")
	_, cmd = m.Update(keyMsg("c"))
	run(m, cmd, 1)
	if m.s.Unsaved() {
		t.Fatalf("still unsaved after w: %s", m.message)
	}
	if _, cmd = m.Update(keyMsg("q")); cmd == nil {
		t.Error("q after saving does not quit")
	}
}

// TestFileInTheCycle: a --data file is the first entry of the d/D cycle.
func TestFileInTheCycle(t *testing.T) {
	pts := []datasets.Point{{X1: 0, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: -1}}
	m := newModel(t, fileOptions(t, "mine.csv", pts, "linear", 1), 120, 40)
	press(m, "d")
	if m.s.Options().File != "" || m.s.Options().Dataset != datasets.Builtins()[0].Name {
		t.Fatalf("d from the file went to %q %q", m.s.Options().File, m.s.Options().Dataset)
	}
	press(m, "D")
	if m.s.Options().File != "mine.csv" || len(m.s.Options().Points) != 2 || m.s.Options().Config.Kernel.Spec() != "linear" {
		t.Fatalf("D did not return to the file: %q, %d points, K=%s", m.s.Options().File, len(m.s.Options().Points), m.s.Options().Config.Kernel.Spec())
	}
	if _, cmd := m.Update(keyMsg("q")); cmd == nil {
		t.Error("q with an unedited file asks before quitting")
	}
}

func chdir(t *testing.T, dir string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
}

// TestResizeComputesOffTheUIPath: with thousands of support vectors a
// resize does not recompute the field inside Update: it returns a command,
// the old field stays on screen meanwhile, steps taken before the result
// arrives are caught up, and a result for an older size is dropped.
func TestResizeComputesOffTheUIPath(t *testing.T) {
	o := builtinOptions(t, "circles", 4000)
	b, _ := datasets.Lookup("circles")
	o.Noise, o.Points = 0.3, b.Generate(4000, 0.3, 1)
	m := newModel(t, o, 120, 40)
	for range 3 {
		pressRun(m, "e")
	}
	if n := len(m.s.Learner().SupportVectors()); n*24000/10 < lab.SyncFieldWork {
		t.Fatalf("only %d support vectors: not enough work to leave the UI path", n)
	}
	old := m.s.Field()
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	if cmd == nil || m.s.Field() != old || !m.s.Computing() {
		t.Fatalf("the resize recomputed the field inside Update (cmd %v)", cmd != nil)
	}
	if !strings.Contains(screen(m), "computing the field") {
		t.Error("the region does not say the field is being computed")
	}
	msg := cmd()
	press(m, "space", "space", "space") // steps taken meanwhile
	m.Update(msg)
	if m.s.Computing() || m.s.Field() == old {
		t.Fatal("the computed field did not replace the old one")
	}
	want := learn.NewField(m.s.Field().Rect, m.s.Field().W, m.s.Field().H)
	want.Recompute(m.s.Learner())
	for g := range want.Values {
		if d := math.Abs(want.Values[g] - m.s.Field().Values[g]); d > 1e-9*math.Max(1, math.Abs(want.Values[g])) {
			t.Fatalf("lattice point %d: %v after catching up, %v recomputed", g, m.s.Field().Values[g], want.Values[g])
		}
	}
	// One job at a time: a size asked for while one runs waits for it,
	// and a result for a size that is no longer wanted is dropped.
	_, cmd = m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
	_, cmd2 := m.Update(tea.WindowSizeMsg{Width: 180, Height: 55})
	if cmd == nil || cmd2 != nil {
		t.Fatalf("two fields computed at once (%v, %v)", cmd != nil, cmd2 != nil)
	}
	_, fresh := m.Update(cmd())
	if !m.s.Computing() || fresh == nil {
		t.Fatal("a stale field was taken, or the newest size was not computed next")
	}
	m.Update(fresh())
	if m.s.Computing() || m.s.Field().W != m.s.FieldW() || m.s.Field().H != m.s.FieldH() {
		t.Error("the field of the newest size was not taken")
	}
}

// TestLongCatchUpOffTheUIPath: when the learner changed many coefficients
// while the field was computed, catching up is a job too, and the field
// it gives is the learner's.
func TestLongCatchUpOffTheUIPath(t *testing.T) {
	o := builtinOptions(t, "circles", 4000)
	b, _ := datasets.Lookup("circles")
	o.Noise, o.Points = 0.3, b.Generate(4000, 0.3, 1)
	m := newModel(t, o, 120, 40)
	pressRun(m, "e", "e", "e")
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	msg := cmd()
	pressRun(m, "e") // a pass of mistakes meanwhile
	_, cmd = m.Update(msg)
	if cmd == nil || !m.s.Computing() {
		t.Fatal("a long catch-up ran inside Update")
	}
	run(m, cmd, 10)
	if m.s.Computing() {
		t.Fatal("the field never arrived")
	}
	want := learn.NewField(m.s.Field().Rect, m.s.Field().W, m.s.Field().H)
	want.Recompute(m.s.Learner())
	for g := range want.Values {
		if d := math.Abs(want.Values[g] - m.s.Field().Values[g]); d > 1e-9*math.Max(1, math.Abs(want.Values[g])) {
			t.Fatalf("lattice point %d: %v after catching up, %v recomputed", g, m.s.Field().Values[g], want.Values[g])
		}
	}
}

// TestGuardCatchesPanicsInBatches: a command inside a batch is guarded too.
func TestGuardCatchesPanicsInBatches(t *testing.T) {
	boom := func() tea.Msg { panic("boom batch") }
	msg := guardCmd(tea.Batch(boom, func() tea.Msg { return nil }))()
	batch, ok := msg.(tea.BatchMsg)
	if !ok {
		t.Fatalf("got %T, want a batch", msg)
	}
	var got tea.Msg
	for _, c := range batch {
		if c != nil {
			if m := c(); m != nil {
				got = m
			}
		}
	}
	if pm, ok := got.(panicMsg); !ok || pm.value != "boom batch" {
		t.Errorf("a panic inside a batch came back as %#v", got)
	}
}
