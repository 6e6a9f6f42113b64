package panels

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/internal/tuitest"
)

// checked is the Gram panel of s with its Mercer check run and back, as
// the program runs it when the panel is on screen.
func checked(t *testing.T, s *lab.Session) *GramPanel {
	t.Helper()
	g := NewGramPanel(s)
	g.SetTheme(theme())
	cmd := g.Check(true)
	if cmd == nil {
		t.Fatal("the panel on screen asks for no Mercer check")
	}
	g.Update(cmd())
	return g
}

// sigmoid is moons (20 points) under tanh(x·z − 1), which fails Mercer's
// condition there.
func sigmoid(t testing.TB) lab.Options {
	o := tuitest.Builtin(t, "moons", 20)
	o.Config.Kernel = learn.Sigmoid{Gamma: 1, C: -1}
	return o
}

// TestGramGoldens: the Gram panel alone: worked4 after one step (seed
// 003's kernel (x·z)², with the bias off) with its Mercer note, sigmoid
// moons whose note warns, and in the spectrum's place (M) the
// eigenvalues of each; wide, narrow and tiny.
func TestGramGoldens(t *testing.T) {
	t.Parallel()
	w4 := checked(t, trained(t, tuitest.Builtin(t, "worked4", 0), 1))
	golden(t, "gram_worked4", w4, [2]int{48, 10}, [2]int{30, 8}, [2]int{12, 4})
	sg := checked(t, trained(t, sigmoid(t), 5))
	golden(t, "gram_sigmoid", sg, [2]int{64, 16}, [2]int{40, 9})
	sg.SpectrumAction(&tuitest.Host{}).Do(tuitest.Key("M"))
	golden(t, "gram_sigmoid_spectrum", sg, [2]int{64, 16}, [2]int{40, 9})
}

// TestGramWorked4: after one step of seed 003's example the rows are those
// of the notes' Gram matrix, 4 0 4 0 / 0 4 0 4 (K = (x·z)² on (±1, ±1)),
// the row of x₁ lit, and the Mercer note says K is PSD.
func TestGramWorked4(t *testing.T) {
	t.Parallel()
	g := checked(t, trained(t, tuitest.Builtin(t, "worked4", 0), 1))
	g.SetSize(48, 10)
	out := ansi.Strip(g.View())
	for _, row := range []string{`x₁\s+4\s+0\s+4\s+0`, `x₂\s+0\s+4\s+0\s+4`, `x₃\s+4\s+0\s+4\s+0`, `x₄\s+0\s+4\s+0\s+4`} {
		if !regexp.MustCompile(row).MatchString(out) {
			t.Errorf("no row %s:\n%s", row, out)
		}
	}
	if !strings.Contains(out, "PSD ✓ (Mercer)") || !strings.Contains(out, "Gram K(xᵢ,xⱼ) = ") {
		t.Errorf("no title or Mercer note:\n%s", out)
	}
}

// TestMercerCheck: the check runs only when the panel is on screen, once
// for each data and kernel; until it is back the panel says it is being
// made; a result for data or a kernel changed since is dropped, and the
// change asks for a new check. Beyond 200 points it is not run, and the
// panel says why.
func TestMercerCheck(t *testing.T) {
	t.Parallel()
	s := trained(t, sigmoid(t), 0)
	g := NewGramPanel(s)
	g.SetTheme(theme())
	g.SetSize(64, 16)
	if g.Check(false) != nil {
		t.Error("a check was asked for while the panel is off screen")
	}
	cmd := g.Check(true)
	if cmd == nil || g.Check(true) != nil {
		t.Fatal("the panel on screen asks for no check, or for two")
	}
	if out := ansi.Strip(g.View()); !strings.Contains(out, "checking Mercer's condition…") {
		t.Errorf("no word of the check under way:\n%s", out)
	}
	stale := cmd()
	if err := s.SetConfig(tuitest.Builtin(t, "moons", 0).Config); err != nil {
		t.Fatal(err)
	}
	g.Update(stale)
	if out := ansi.Strip(g.View()); strings.Contains(out, "not PSD") || strings.Contains(out, "checking") {
		t.Errorf("the sigmoid's result was taken for the rbf kernel:\n%s", out)
	}
	next := g.Check(true)
	if next == nil {
		t.Fatal("a new kernel asks for no check")
	}
	g.Update(next())
	if out := ansi.Strip(g.View()); !strings.Contains(out, "PSD ✓ (Mercer)") {
		t.Errorf("the rbf kernel's check is not shown:\n%s", out)
	}

	big := NewGramPanel(tuitest.Session(t, tuitest.Builtin(t, "moons", 250)))
	big.SetTheme(theme())
	big.SetSize(64, 16)
	if big.Check(true) != nil {
		t.Error("a check was run on 250 points")
	}
	if out := strings.Join(strings.Fields(ansi.Strip(big.View())), " "); !strings.Contains(out, "Mercer check not run: n = 250 > 200") {
		t.Errorf("no word of why the check was not run:\n%s", out)
	}
}

// TestGramSpectrum: M shows the spectrum of the last check in the matrix's
// place and says what it is; M again the matrix. Until the check is back
// the spectrum says it is being made.
func TestGramSpectrum(t *testing.T) {
	t.Parallel()
	s := trained(t, sigmoid(t), 0)
	g := NewGramPanel(s)
	g.SetTheme(theme())
	host := &tuitest.Host{}
	m := g.SpectrumAction(host)
	m.Do(tuitest.Key("M"))
	g.SetSize(64, 16)
	cmd := g.Check(true)
	if out := ansi.Strip(g.View()); !strings.Contains(out, "Mercer: eigenvalues of K") || !strings.Contains(out, "checking Mercer's condition…") {
		t.Errorf("M before the check is back:\n%s", out)
	}
	if !strings.HasPrefix(host.Said, "Mercer's condition as a picture") {
		t.Errorf("M says %q", host.Said)
	}
	g.Update(cmd())
	g.SetSize(64, 16)
	if out := ansi.Strip(g.View()); !strings.Contains(out, "not PSD ✗") || !strings.Contains(out, "counter-example: ") {
		t.Errorf("M after the check:\n%s", out)
	}
	m.Do(tuitest.Key("M"))
	if out := ansi.Strip(g.View()); !strings.Contains(out, "Gram K(xᵢ,xⱼ)") || host.Said != "the Gram matrix again" {
		t.Errorf("M again: %q\n%s", host.Said, out)
	}
}

// TestGramAnySize: the matrix and the spectrum draw exactly their size.
func TestGramAnySize(t *testing.T) {
	t.Parallel()
	g := checked(t, trained(t, sigmoid(t), 5))
	fitsEverySize(t, "the Gram panel", g, 70, 18)
	g.SpectrumAction(&tuitest.Host{}).Do(tuitest.Key("M"))
	fitsEverySize(t, "the spectrum", g, 70, 18)
}
