package tui

import (
	"errors"
	"math"
	"os"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/learn"
	"kernelscope/tui/common"
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

// everyKey is one press of every key the program binds, in the full
// help's order, with the keys that share an action (= and _ for + and −,
// backspace for del, the shifted arrows, ctrl+c for q).
var everyKey = []string{
	"space", "e", "c", "p", "+", "=", "-", "_", "b", "r", "E", "Q",
	"d", "D", "n", "N", "z", "Z", "S", "u", "h", "~", ",", ".",
	"k", "K", "[", "]", "{", "}", "a", "t", "s",
	"up", "shift+up", "down", "shift+down", "left", "shift+left", "right", "shift+right",
	"v", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "o", "x", "delete", "backspace", "w", "R", "F", "O",
	"g", "V", "f", "U", "M", "X", "P", "B", "m", "C", "esc", "?", "q", "ctrl+c",
	"l", "<", ">", "(", ")", "A", "|", "L",
}

// busy reports whether the status line says autoplay or a run is going on.
func busy(m *Model) bool {
	return shows(m, "(esc stops)") || regexp.MustCompile(`│ playing \d+/s`).MatchString(flat(m))
}

// pressEvery sends each key but q, ctrl+c and w, runs a little of what it
// returns (a chunk of a run, not the timers of autoplay), stops whatever
// still runs with esc, and renders after each.
func pressEvery(t *testing.T, m *Model, keys []string) {
	t.Helper()
	// O starts a recording, a file in the working directory.
	t.Chdir(t.TempDir())
	for _, k := range keys {
		if k == "q" || k == "ctrl+c" || k == "w" {
			continue
		}
		_, cmd := m.Update(keyMsg(k))
		if k == "c" || k == "e" {
			run(m, cmd, 50)
		}
		if busy(m) {
			m.Update(keyMsg("esc"))
		}
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
			pressEvery(t, m, first)
			out := screen(m)
			if !strings.Contains(out, "Inf") && !strings.Contains(out, "NaN") && !strings.Contains(out, "overflow") {
				t.Errorf("nothing on screen says that a value overflowed:\n%s", out)
			}
			if strings.Contains(out, "not PSD") {
				t.Errorf("an overflowing Gram matrix is reported as not PSD:\n%s", out)
			}
			pressEvery(t, m, everyKey)
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
	if !strings.Contains(screen(m), "training stopped") || !shows(m, "stopped: numerical error") {
		t.Errorf("a step with an overflowing row did not stop training with a message:\n%s", screen(m))
	}
}

// TestFieldOverflowShown: the field holds ±Inf/NaN where (x·g)^30 passes
// float64 on the lattice (package lab counts them); those cells are drawn
// as ░ and the status says so.
func TestFieldOverflowShown(t *testing.T) {
	// K(xᵢ, xⱼ) ≤ (1.44e10)³⁰ ≈ 5.7e304 on the data, so training converges
	// (x₅ becomes a support vector); on the lattice, which reaches ±1.5e5,
	// (x₅·g)³⁰ passes 1.8e308 wherever x₅·g > 1.88e10, near the corner
	// g₁ + g₂ > 2.35e5.
	far := []datasets.Point{{X1: 1.2e5, X2: 0, Y: 1}, {X1: 0, X2: 1.2e5, Y: -1}, {X1: -1.2e5, X2: 0, Y: 1}, {X1: 0, X2: -1.2e5, Y: -1}, {X1: 8e4, X2: 8e4, Y: -1}}
	m := newModel(t, fileOptions(t, "far.csv", far, "poly(d=30,c=0)", 1e-6), 120, 40)
	_, cmd := m.Update(keyMsg("c"))
	run(m, cmd, 1000)
	if !shows(m, "converged ✓") {
		t.Fatalf("far.csv with poly(d=30) did not converge:\n%s", screen(m))
	}
	if !strings.Contains(screen(m), "1e-6") {
		t.Errorf("α = 1e-6 is not shown as such:\n%s", screen(m))
	}
	out := screen(m)
	if !shows(m, "f overflows in part of the plane") || !strings.Contains(out, common.GlyphOverflow) {
		t.Errorf("field values are not finite, but the screen does not show it:\n%s", out)
	}
	press(m, "m")
	if !strings.Contains(screen(m), common.GlyphOverflow) {
		t.Error("without color the overflowing cells are not marked")
	}
}

// TestFailedBuildKeepsWorking: data that cannot be trained on (moons with
// noise 1e308 makes infinite coordinates) opens an empty plane with the
// reason, and every key keeps working; a later failure keeps the last good
// state: the stoptron refuses a budget of 0.5 support vectors, so l to it
// leaves the voted perceptron two steps in.
func TestFailedBuildKeepsWorking(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Noise = 1e308
	o.Points = append(o.Points, datasets.Point{X1: math.Inf(1), X2: 0, Y: 1})
	m := newModel(t, o, 120, 40)
	if !shows(m, "empty n=0 │") {
		t.Fatalf("after a failed build: want an empty plane:\n%s", screen(m))
	}
	if !strings.Contains(screen(m), "could not open that data") {
		t.Errorf("the reason is not shown:\n%s", screen(m))
	}
	pressEvery(t, m, everyKey)

	// A learner that refuses the configuration leaves everything as it was.
	o = builtinOptions(t, "worked4", 0)
	o.Config = o.Config.With("budget", 0.5) // read by the budget learners only
	m = newModel(t, o, 120, 40)
	for !shows(m, "│ voted perceptron │") {
		press(m, "l")
	}
	press(m, "space", "space", "l") // the stoptron is next
	if !shows(m, "│ voted perceptron │ K=poly(d=2,c=0) │") || stepOf(t, m) != 2 {
		t.Errorf("a refused configuration changed the state:\n%s", screen(m))
	}
	if !shows(m, "cannot train with it, nothing changed: the budget must be at least 1 support vector, not 0.5") {
		t.Errorf("the message does not say nothing changed:\n%s", screen(m))
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

// TestEpochRunsInChunks: e on 10,000 points a linear kernel cannot separate does not block: it
// returns a command after a chunk's work (a 120th of a second: a few
// hundred steps at most, each mistake updating a field of thousands of
// pixels), and esc cancels it; the chunk that was pending takes no steps.
func TestEpochRunsInChunks(t *testing.T) {
	// A linear kernel on circles makes a mistake on about half the steps,
	// a kernel row of 10000 each: the pass is some fifty million kernel
	// evaluations, far more than a chunk's work on any machine.
	o := builtinOptions(t, "circles", 10000)
	o.Config.Kernel = learn.Linear{}
	m := newModel(t, o, 120, 40)
	_, cmd := m.Update(keyMsg("e"))
	if cmd == nil || !shows(m, "finishing the pass (esc stops)") {
		t.Fatalf("e on 10000 points finished at once: it blocks the screen:\n%s", screen(m))
	}
	at := stepOf(t, m)
	if at >= 10000 {
		t.Fatalf("e took the whole pass (%d steps) in one go", at)
	}
	press(m, "esc")
	if shows(m, "finishing the pass") {
		t.Fatal("esc did not cancel e")
	}
	deliver(m, cmd) // the stale chunk
	if stepOf(t, m) != at {
		t.Errorf("a cancelled e went on: step %d, was %d", stepOf(t, m), at)
	}
	// Run to the end of the pass.
	_, cmd = m.Update(keyMsg("e"))
	run(m, cmd, 100000)
	if pass, step := passStep(t, m); pass != 1 || step != 10000 || !strings.Contains(screen(m), "next: i=1,") {
		t.Errorf("e ended at pass %d, step %d; want the first pass's 10000 steps done, x₁ next:\n%s", pass, step, screen(m))
	}
}

// TestYourDataStaysInTheCycle: points added by hand head the d/D cycle, so
// switching datasets never loses them; q asks before quitting without them;
// a save clears that.
func TestYourDataStaysInTheCycle(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	x0, y0, _, _ := plotArea(t, m)
	click(m, x0+3, y0+2, tea.MouseLeft)
	if !shows(m, "worked4* n=5 │") {
		t.Fatalf("after a click: want 5 points of yours:\n%s", screen(m))
	}
	press(m, "d") // from your points to the first built-in, worked4 as it was
	if !shows(m, "worked4 n=4 │") || !shows(m, "(d/D cycles back to your points (from worked4), unsaved)") {
		t.Fatalf("d: want worked4 as it was, your points next in the cycle:\n%s", screen(m))
	}
	press(m, "D")
	if !shows(m, "worked4* n=5 │") {
		t.Fatalf("D did not come back to your points:\n%s", screen(m))
	}
	// q asks first; any other key cancels the question.
	_, cmd := m.Update(keyMsg("q"))
	if cmd != nil || !strings.Contains(screen(m), "not saved") {
		t.Fatalf("q with unsaved points quit at once:\n%s", screen(m))
	}
	press(m, "space")
	if _, cmd = m.Update(keyMsg("q")); cmd != nil {
		t.Fatal("q after another key quit without asking again")
	}
	// Editing other data asks before it replaces your unsaved points.
	press(m, "d", "o")
	if !shows(m, "worked4 n=4 │") || !shows(m, "drops your 5 unsaved points") || !shows(m, "press o again") {
		t.Fatalf("o on other data replaced your unsaved points without asking:\n%s", screen(m))
	}
	press(m, "D", "w")
	_, cmd = m.Update(keyMsg("c"))
	run(m, cmd, 1)
	if !shows(m, "saved 5 points to") {
		t.Fatalf("w c did not save your points:\n%s", screen(m))
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
	if first := datasets.Builtins()[0].Name; !shows(m, first+" n=") || shows(m, "mine.csv n=") {
		t.Fatalf("d from the file did not go to %s:\n%s", first, screen(m))
	}
	press(m, "D")
	if !shows(m, "mine.csv n=2 │ perceptron │ K=linear │") {
		t.Fatalf("D did not return to the file:\n%s", screen(m))
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

// circles4000 is circles with 4000 points at noise 0.3 after three
// passes: about a thousand support vectors, whose field is too much work
// for one frame.
func circles4000(t *testing.T) *Model {
	t.Helper()
	o := builtinOptions(t, "circles", 4000)
	b, _ := datasets.Lookup("circles")
	o.Noise, o.Points = 0.3, b.Generate(4000, 0.3, 1)
	m := newModel(t, o, 120, 40)
	pressRun(m, "e", "e", "e")
	if pass, _ := passStep(t, m); pass != 3 {
		t.Fatalf("e e e: pass %d", pass)
	}
	return m
}

// TestResizeComputesOffTheUIPath: with thousands of support vectors a
// resize does not recompute the field inside Update: it returns a command,
// the old field stays on screen meanwhile, steps taken before the result
// arrives are caught up, and a result for an older size is dropped (the
// field's values are package lab's tests').
func TestResizeComputesOffTheUIPath(t *testing.T) {
	m := circles4000(t)
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	if cmd == nil || !strings.Contains(screen(m), "computing the field") {
		t.Fatalf("the resize recomputed the field inside Update (cmd %v):\n%s", cmd != nil, screen(m))
	}
	msg := cmd()
	press(m, "space", "space", "space") // steps taken meanwhile
	if !strings.Contains(screen(m), "computing the field") {
		t.Fatal("the field was taken before its result came")
	}
	m.Update(msg)
	if strings.Contains(screen(m), "computing the field") {
		t.Fatal("the computed field did not replace the old one")
	}
	// One job at a time: a size asked for while one runs waits for it,
	// and a result for a size that is no longer wanted is dropped.
	_, cmd = m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
	_, cmd2 := m.Update(tea.WindowSizeMsg{Width: 180, Height: 55})
	if cmd == nil || cmd2 != nil {
		t.Fatalf("two fields computed at once (%v, %v)", cmd != nil, cmd2 != nil)
	}
	_, fresh := m.Update(cmd())
	if !strings.Contains(screen(m), "computing the field") || fresh == nil {
		t.Fatal("a stale field was taken, or the newest size was not computed next")
	}
	m.Update(fresh())
	if strings.Contains(screen(m), "computing the field") {
		t.Error("the field of the newest size was not taken")
	}
}

// TestLongCatchUpOffTheUIPath: when the learner changed many coefficients
// while the field was computed, catching up is a job too.
func TestLongCatchUpOffTheUIPath(t *testing.T) {
	m := circles4000(t)
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	msg := cmd()
	pressRun(m, "e") // a pass of mistakes meanwhile
	_, cmd = m.Update(msg)
	if cmd == nil || !strings.Contains(screen(m), "computing the field") {
		t.Fatal("a long catch-up ran inside Update")
	}
	run(m, cmd, 10)
	if strings.Contains(screen(m), "computing the field") {
		t.Fatal("the field never arrived")
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
