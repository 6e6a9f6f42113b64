package tui

import (
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/region"

	"kernelscope/tui/panels"

	"kernelscope/tui/player"

	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// builtinOptions sets up a built-in dataset with its preset, as the command
// line does.
func builtinOptions(t testing.TB, name string, n int) Options {
	t.Helper()
	return tuitest.Builtin(t, name, n)
}

func newModel(t testing.TB, o Options, w, h int) *Model {
	t.Helper()
	if tt, ok := t.(*testing.T); ok {
		tt.Setenv("NO_COLOR", "")
	}
	m := New(o)
	_, cmd := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	run(m, cmd, 10) // the field of a large set, the Mercer check
	return m
}

func press(m *Model, keys ...string) {
	for _, k := range keys {
		m.Update(keyMsg(k))
		settle(m)
	}
}

// settle does at once what the Gram panel's Mercer check command would do,
// so tests that press keys see its result without running timers.
func settle(m *Model) {
	if g := m.gram; g.Asked == m.s.Built() && g.MercerFor != m.s.Built() {
		m.Update(panels.MercerMsg{Built: m.s.Built(), Note: panels.MercerOf(m.s.Learner().Gram())})
	}
}

// pressRun sends keys and runs the commands they return to the end (a
// run to convergence or to the end of a pass goes in chunks).
func pressRun(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		run(m, cmd, 1_000_000)
	}
}

// keyMsg builds the key press that tea.KeyPressMsg.String() reports as k.
func keyMsg(k string) tea.KeyPressMsg { return tuitest.Key(k) }

// screen is what a person sees: the view without colors.
func screen(m *Model) string { return ansi.Strip(m.View().Content) }

func TestKeyMessagesSpellAsBound(t *testing.T) {
	for _, k := range []string{"space", "esc", "up", "delete", "backspace", "ctrl+c", "?", "+", "[", "{", "K"} {
		if got := keyMsg(k).String(); got != k {
			t.Errorf("keyMsg(%q).String() = %q", k, got)
		}
	}
}

// TestWorked4OneStep: after one step of seed 003's example the α panel shows
// α₁ = 1 (a¹ += y¹), the Gram panel the notes' rows 4 0 4 0 / 0 4 0 4, and
// the narration the first line of the notes' trace.
func TestWorked4OneStep(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space")
	out := screen(m)
	if !regexp.MustCompile(`1\s+1\s+1\s+\+1\s+1 ⊕`).MatchString(out) {
		t.Errorf("α panel lacks the row of x₁ with α₁ = 1:\n%s", out)
	}
	for _, row := range []string{`x₁\s+4\s+0\s+4\s+0`, `x₂\s+0\s+4\s+0\s+4`, `x₃\s+4\s+0\s+4\s+0`, `x₄\s+0\s+4\s+0\s+4`} {
		if !regexp.MustCompile(row).MatchString(out) {
			t.Errorf("Gram panel lacks row %s:\n%s", row, out)
		}
	}
	for _, want := range []string{
		"t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)   [step 1]",
		"mistake → α₁ += 1, new α = [1, 0, 0, 0]",
		"SV 1/4",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
}

// TestWorked4Converges: eight steps reproduce the notes to convergence, and
// stepping back undoes them one at a time.
func TestWorked4Converges(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	for range 8 {
		press(m, "space")
	}
	out := screen(m)
	for _, want := range []string{
		"t=2, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₄ ✓ (tie rule neg)   [step 8]",
		"converged ✓",
		"(x₁ + x₂)²",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
	press(m, "space") // converged: space does nothing
	if m.s.Learner().T() != 8 {
		t.Errorf("a step after convergence was taken: t=%d", m.s.Learner().T())
	}
	press(m, "b", "b", "b")
	if m.s.Learner().T() != 5 || m.s.Learner().State() != learn.Running {
		t.Errorf("after 3 steps back: t=%d state %v", m.s.Learner().T(), m.s.Learner().State())
	}
	if !strings.Contains(screen(m), "t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]") {
		t.Errorf("after stepping back the narration is not step 5's:\n%s", screen(m))
	}
	press(m, "b", "b", "b", "b", "b", "b")
	if m.s.Learner().T() != 0 || m.s.Learner().Alpha(0) != 0 {
		t.Errorf("after stepping back to the start: t=%d α₁=%v", m.s.Learner().T(), m.s.Learner().Alpha(0))
	}
}

// run executes a command and feeds its messages back, up to depth commands.
func run(m *Model, cmd tea.Cmd, depth int) {
	for ; cmd != nil && depth > 0; depth-- {
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				run(m, c, depth)
			}
			return
		}
		_, cmd = m.Update(msg)
	}
}

func TestConvergeAndPlay(t *testing.T) {
	m := newModel(t, builtinOptions(t, "xor", 0), 120, 40)
	_, cmd := m.Update(keyMsg("c"))
	run(m, cmd, 10000)
	if m.s.Learner().State() != learn.Converged || m.player.Converging {
		t.Fatalf("after c: state %v, converging %v", m.s.Learner().State(), m.player.Converging)
	}
	if !strings.Contains(screen(m), "converged ✓") {
		t.Error("status does not say converged")
	}
	// Play at 1000 steps a second: each tick takes several steps.
	press(m, "r")
	m.player.Speed = 9
	_, cmd = m.Update(keyMsg("p"))
	if !m.player.Playing || m.s.Learner().T() < 2 {
		t.Fatalf("p at 1000/s: playing %v after %d steps", m.player.Playing, m.s.Learner().T())
	}
	before := m.s.Learner().T()
	run(m, cmd, 2)
	if m.s.Learner().T() <= before {
		t.Error("a tick took no steps")
	}
	// Pause drops the pending tick.
	_, cmd = m.Update(keyMsg("p"))
	if m.player.Playing || cmd != nil {
		t.Error("p did not pause")
	}
	stale := player.TickMsg{ID: m.player.Tick - 1}
	at := m.s.Learner().T()
	m.Update(stale)
	if m.s.Learner().T() != at {
		t.Error("a stale tick took steps")
	}
	// esc stops a run to convergence.
	press(m, "r")
	m.Update(keyMsg("c"))
	press(m, "esc")
	if m.player.Converging {
		t.Error("esc did not stop the run")
	}
}

func TestSettingsKeys(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "space")
	press(m, "k") // poly → rbf
	if _, ok := m.s.Options().Config.Kernel.(learn.RBF); !ok || m.s.Learner().T() != 0 {
		t.Fatalf("k: kernel %v, t=%d; want rbf and α reset", m.s.Options().Config.Kernel, m.s.Learner().T())
	}
	if !strings.Contains(screen(m), "α reset") {
		t.Error("kernel change does not say α reset")
	}
	press(m, "]")
	if k := m.s.Options().Config.Kernel.(learn.RBF); k.Sigma != 0.7 {
		t.Errorf("] on σ=0.5 gives %v, want 0.7 (the 1-1.5-2-3-5-7 series)", k.Sigma)
	}
	press(m, "a", "t", "s")
	cfg := m.s.Options().Config
	if !cfg.Bias || cfg.Tie != learn.TieMistake || !cfg.Shuffle {
		t.Errorf("a t s: bias %v tie %v shuffle %v", cfg.Bias, cfg.Tie, cfg.Shuffle)
	}
	press(m, "d") // worked3
	if m.s.Options().Dataset != "worked3" || m.s.Options().Config.Tie != learn.TiePos || !m.s.Options().Config.Bias {
		t.Errorf("d: %s tie %v bias %v; want worked3 with its preset", m.s.Options().Dataset, m.s.Options().Config.Tie, m.s.Options().Config.Bias)
	}
	press(m, "d", "N")
	if m.s.Options().Dataset != "xor" || len(m.s.Options().Points) != 200 {
		t.Errorf("d N: %s with %d points; want xor with 200", m.s.Options().Dataset, len(m.s.Options().Points))
	}
	press(m, "Z", "S")
	if m.s.Options().Seed != 2 || m.s.Options().Noise <= 0.03 {
		t.Errorf("Z S: noise %v seed %d", m.s.Options().Noise, m.s.Options().Seed)
	}
	press(m, "?")
	if !strings.Contains(screen(m), "keys (? or esc closes") {
		t.Error("? does not show the key list")
	}
	press(m, "?", "m")
	if !m.th.Mono {
		t.Error("m does not turn color off")
	}
}

func TestEditPoints(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	n := len(m.s.Options().Points)
	press(m, "o") // shows the cursor and adds at its centre
	if len(m.s.Options().Points) != n+1 || m.s.Options().Points[n].Y != 1 {
		t.Fatalf("o: %d points", len(m.s.Options().Points))
	}
	press(m, "right", "right", "x")
	if len(m.s.Options().Points) != n+2 || m.s.Options().Points[n+1].Y != -1 {
		t.Fatalf("x: %v", m.s.Options().Points)
	}
	press(m, "delete")
	if len(m.s.Options().Points) != n+1 {
		t.Errorf("delete at the cursor: %d points, want %d", len(m.s.Options().Points), n+1)
	}
	// A left click on the plot adds +1, a right click −1, where clicked.
	m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + 3, Y: m.region.PlotY0 + 2, Button: tea.MouseLeft})
	m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + 5, Y: m.region.PlotY0 + 2, Button: tea.MouseRight})
	pts := m.s.Options().Points
	if len(pts) != n+3 || pts[n+1].Y != 1 || pts[n+2].Y != -1 {
		t.Fatalf("clicks: %v", pts)
	}
	x1, x2 := region.CellAt(m.s.View(), m.region.PlotW, m.region.PlotH, 3, 2)
	if d := pts[n+1].X1 - x1; d > 0.001 || d < -0.001 || pts[n+1].X2-x2 > 0.001 || pts[n+1].X2-x2 < -0.001 {
		t.Errorf("click at cell (3,2) added (%v,%v), want (%v,%v)", pts[n+1].X1, pts[n+1].X2, x1, x2)
	}
	// A click outside the plot does nothing.
	m.Update(tea.MouseClickMsg{X: 0, Y: 0, Button: tea.MouseLeft})
	if len(m.s.Options().Points) != n+3 {
		t.Error("a click on the border added a point")
	}
	if !strings.Contains(screen(m), "worked4*") {
		t.Error("edited data is not marked")
	}
}

// TestFileStringsArePrinted: a file name and CSV header with control
// characters (an escape sequence, a bell) are shown without them.
func TestFileStringsArePrinted(t *testing.T) {
	o := builtinOptions(t, "worked3", 0)
	o.Dataset, o.File, o.Header = "", "evil\x1b[31m\a.csv", []string{"len\x1b[2Jgth", "wid\x07th", "y"}
	m := newModel(t, o, 120, 40)
	raw := m.View().Content
	for _, bad := range []string{"\x1b[31m\a", "\x1b[2J", "\x07"} {
		if strings.Contains(raw, bad) {
			t.Errorf("view contains %q from the file", bad)
		}
	}
	out := screen(m)
	if !strings.Contains(out, "evil[31m.csv") || !strings.Contains(out, "len[2Jg") || !strings.Contains(out, "width") {
		t.Errorf("file name or header not shown:\n%s", out)
	}
}

// TestNoPanics feeds thousands of random keys, clicks and window sizes
// (1×1 to 400×150) and renders after each; any panic fails the test.
func TestNoPanics(t *testing.T) {
	keys := []string{"space", "e", "c", "p", "+", "-", "b", "r", "?", "d", "D", "n", "N", "z", "Z", "S",
		"k", "K", "[", "]", "{", "}", "a", "t", "s", "up", "down", "left", "right", "o", "x", "delete",
		"backspace", "g", "m", "esc", "enter", "Q", "1", "ß", "l", "<", ">", "|", "L", "f", "B", "U", "h", "X", "P", "tab", "F"}
	r := rand.New(rand.NewPCG(42, 42))
	opens := map[string]func() *Model{}
	for _, name := range []string{"worked4", "xor", "circles", "spiral"} {
		opens[name] = func() *Model { return newModel(t, builtinOptions(t, name, 0), 80, 24) }
	}
	// Kernels and data that overflow float64, and data that cannot be
	// trained on at all (issue 6).
	for name, open := range overflowCases(t) {
		opens[name] = func() *Model { m, _ := open(); return m }
	}
	// The SVM, and comparison mode (issue 10).
	opens["circles svm"] = func() *Model { return newModel(t, svmOptions(t, "circles", 0), 80, 24) }
	opens["moons compare"] = func() *Model {
		m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
		press(m, "|")
		return m
	}
	opens["moons noise 1e308"] = func() *Model {
		o := builtinOptions(t, "moons", 0)
		o.Points = append(o.Points, datasets.Point{X1: math.Inf(-1), X2: 8e307, Y: 1})
		return newModel(t, o, 80, 24)
	}
	names := make([]string, 0, len(opens))
	for name := range opens {
		names = append(names, name)
	}
	slices.Sort(names)
	messages := 2000
	if raceDetector {
		messages = 500
	}
	for _, name := range names {
		m := opens[name]()
		var pending tea.Cmd
		for i := range messages {
			switch r.IntN(10) {
			case 0:
				m.Update(tea.WindowSizeMsg{Width: 1 + r.IntN(400), Height: 1 + r.IntN(150)})
			case 1:
				m.Update(tea.MouseClickMsg{X: r.IntN(420) - 10, Y: r.IntN(160) - 5, Button: []tea.MouseButton{tea.MouseLeft, tea.MouseRight, tea.MouseMiddle}[r.IntN(3)]})
			case 2:
				if pending != nil {
					// Run a pending tick or run chunk without waiting for its timer.
					switch m.player.Tick % 2 {
					default:
						if m.player.Playing {
							m.Update(player.TickMsg{ID: m.player.Tick})
						}
						if m.player.Converging || m.player.Finishing {
							m.Update(player.RunMsg{ID: m.player.Tick})
						}
					}
				}
			default:
				k := keys[r.IntN(len(keys))]
				if k == "w" {
					continue
				}
				_, pending = m.Update(keyMsg(k))
			}
			if m.quitting {
				t.Fatalf("%s: quit at message %d without q", name, i)
			}
			_ = m.View()
		}
	}
	m := newModel(t, builtinOptions(t, "worked4", 0), 1, 1)
	if got := m.View().Content; strings.Count(got, "\n") != 0 {
		t.Errorf("1×1 view has %d lines", strings.Count(got, "\n")+1)
	}
}

// TestViewFitsTerminal: every line of the view is exactly as wide as the
// terminal, and there are exactly as many lines, at every size.
func TestViewFitsTerminal(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 80, 24)
	pressRun(m, "e")
	assertFits(t, m, [][2]int{{1, 1}, {19, 5}, {20, 6}, {40, 12}, {80, 24}, {99, 29}, {100, 24}, {120, 36}, {200, 60}, {400, 150}})
	m.Update(tea.WindowSizeMsg{Width: 19, Height: 5})
	if !strings.Contains(screen(m), "too small") {
		t.Error("no 'too small' message at 19×5")
	}
}

// assertFits resizes m to each size and checks that the view has exactly
// as many lines as the terminal, each exactly as wide.
func assertFits(t *testing.T, m *Model, sizes [][2]int) {
	t.Helper()
	for _, size := range sizes {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(screen(m), "\n")
		if len(lines) != size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != size[0] {
				t.Errorf("%dx%d: line %d is %d wide: %q", size[0], size[1], i, w, l)
				break
			}
		}
	}
}

// TestGolden compares the screen (colors stripped) of worked4 after 0, 1
// and 8 steps at three sizes with testdata/*.golden (go test -update
// rewrites them).
// golden compares got (colors stripped) with the golden file at path, or
// rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	tuitest.Golden(t, path, got)
}

// goldenRaw is golden with the escapes kept.
func goldenRaw(t *testing.T, path, got string) {
	t.Helper()
	tuitest.GoldenRaw(t, path, got)
}

func TestGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		for _, steps := range []int{0, 1, 8} {
			name := fmt.Sprintf("worked4_%dx%d_%dsteps", size[0], size[1], steps)
			t.Run(name, func(t *testing.T) {
				m := newModel(t, builtinOptions(t, "worked4", 0), size[0], size[1])
				for range steps {
					press(m, "space")
				}
				golden(t, filepath.Join("testdata", name+".golden"), screen(m))
			})
		}
	}
}

// BenchmarkView is one View() of a trained model: the region is cached, so
// this is the cost of a frame while autoplay advances one correct step.
func BenchmarkView(b *testing.B) {
	for _, size := range [][2]int{{160, 48}, {240, 70}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := newModel(b, builtinOptions(b, "moons", 200), size[0], size[1])
			press(m, "e", "e")
			_ = m.View()
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkViewStep is a frame of autoplay at one step a frame: a
// correct step moves the markers, so the region, α and Gram panels are
// drawn again.
func BenchmarkViewStep(b *testing.B) {
	m := newModel(b, builtinOptions(b, "moons", 200), 160, 48)
	pressRun(m, "e", "e")
	b.ReportAllocs()
	for b.Loop() {
		if !m.s.Step() {
			m.s.Reset()
		}
		m.refreshPanels()
		_ = m.View()
	}
}

// BenchmarkViewAfterMistake includes redrawing the region after the field
// changed.
func BenchmarkViewAfterMistake(b *testing.B) {
	m := newModel(b, builtinOptions(b, "moons", 200), 160, 48)
	pressRun(m, "e")
	b.ReportAllocs()
	for b.Loop() {
		m.s.Touch()
		_ = m.View()
	}
}

// BenchmarkAutoplay2000 is one frame of autoplay at 5000 steps/s on a
// 2000-point set: the steps of a 1/30 s tick and a redraw.
func BenchmarkAutoplay2000(b *testing.B) {
	m := newModel(b, builtinOptions(b, "circles", 2000), 160, 48)
	m.player.Speed = len(player.Speeds) - 1
	m.Update(keyMsg("p"))
	b.ReportAllocs()
	for b.Loop() {
		if m.s.Learner().State() != learn.Running {
			press(m, "r")
			m.Update(keyMsg("p"))
		}
		m.Update(player.TickMsg{ID: m.player.Tick})
		_ = m.View()
	}
}

var _ = time.Second

// TestEmptyData: no points at all (kernelscope --dataset xor --n 0) still
// draws, steps (nothing) and takes clicks.
func TestEmptyData(t *testing.T) {
	o := builtinOptions(t, "xor", 0)
	o.Points, o.N = nil, 0
	m := newModel(t, o, 120, 40)
	press(m, "space", "e", "c", "b", "r", "o", "g", "right", "delete", "k", "]", "a", "t", "s")
	m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + 1, Y: m.region.PlotY0 + 1, Button: tea.MouseRight})
	for _, size := range [][2]int{{120, 40}, {60, 20}, {1, 1}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		_ = m.View()
	}
	// o added a point, del (one cell away) removed it, the click added one.
	if len(m.s.Options().Points) != 1 || m.s.Options().Points[0].Y != -1 {
		t.Errorf("empty data after o, del and a right click: %v, want one −1 point", m.s.Options().Points)
	}
}

// TestAddKeepsTraining: a point added after convergence keeps α and
// reopens training (online learning); deleting one starts over.
func TestAddKeepsTraining(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	for range 8 {
		press(m, "space")
	}
	// A −1 point where f = (x₁ + x₂)² > 0: the click's cell, whatever it is,
	// lies in the +1 region except on the line x₁ = −x₂.
	m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + m.region.PlotW - 2, Y: m.region.PlotY0 + m.region.PlotH/2, Button: tea.MouseRight})
	p := m.s.Learner()
	if p.N() != 5 || p.Alpha(0) != 1 || p.State() != learn.Running {
		t.Fatalf("after adding: n=%d α₁=%v state %v; want α kept and training reopened", p.N(), p.Alpha(0), p.State())
	}
	if !strings.Contains(screen(m), "α kept") {
		t.Errorf("no message that α was kept:\n%s", screen(m))
	}
	_, cmd := m.Update(keyMsg("c"))
	run(m, cmd, 1000)
	if p.Alpha(4) == 0 {
		t.Errorf("the new point never became a support vector: α = %v", p.(*learn.Perceptron).Alphas())
	}
	press(m, "delete") // cursor is on the new point
	if m.s.Learner().N() != 4 || m.s.Learner().T() != 0 {
		t.Errorf("delete: n=%d t=%d; want 4 points and α reset", m.s.Learner().N(), m.s.Learner().T())
	}
}

// TestFinishEpochAfterAdd: e ends the pass even when a point added mid-pass
// made it one step longer than n was.
func TestFinishEpochAfterAdd(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "space")
	if _, err := m.s.AddPoint(0.3, -0.2, 1); err != nil {
		t.Fatal(err)
	}
	pressRun(m, "e")
	p := m.s.Learner()
	if !atPassStart(p) || epochOf(p) != 1 || p.T() != 5 {
		t.Errorf("after e: epoch %d t=%d at pass start %v; want the 5-step first pass finished", epochOf(p), p.T(), atPassStart(p))
	}
}
