package panels

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// passesOf is the chart of mistakes per pass of s.
func passesOf(s *lab.Session) *PassesView {
	th := theme()
	return &PassesView{S: s, Th: th, Inks: common.NewChartInks(th)}
}

// capped is moons with a linear kernel and no bias, which is not
// separable, run in a fresh order each pass to its cap of 4 passes.
func capped(t testing.TB) *lab.Session {
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs, o.Config.Shuffle = learn.Linear{}, 4, true
	return trained(t, o, -1)
}

// TestPassesGoldens: the chart alone: seed 003's example converged (one
// mistake in pass 1, none in pass 2), moons at its cap of 4 passes, and
// the SVM, which makes no passes; at the size the program gives it beside
// the region of a 120×40 terminal, wider, and tiny.
func TestPassesGoldens(t *testing.T) {
	t.Parallel()
	golden(t, "passes_worked4", passesOf(trained(t, tuitest.Builtin(t, "worked4", 0), -1)), [2]int{43, 9}, [2]int{64, 9}, [2]int{20, 5})
	golden(t, "passes_capped", passesOf(capped(t)), [2]int{43, 9}, [2]int{64, 12})
	golden(t, "passes_svm", passesOf(trained(t, svmOptions(t, "moons", 0), -1)), [2]int{43, 9}, [2]int{20, 5})
}

// TestPassesTitle: the title gives the mistakes of the last pass and its
// number, from the session's pass log; an empty log says no pass has
// finished yet.
func TestPassesTitle(t *testing.T) {
	t.Parallel()
	v := passesOf(tuitest.Session(t, tuitest.Builtin(t, "moons", 0)))
	v.SetSize(43, 9)
	if out := ansi.Strip(v.View()); !strings.HasPrefix(out, "╭─ mistakes per pass ─") || !strings.Contains(out, "no pass finished yet") {
		t.Errorf("an empty log:\n%s", out)
	}
	s := capped(t)
	ends := s.Passes().Ends()
	if len(ends) != 4 {
		t.Fatalf("%d passes logged at the cap of 4", len(ends))
	}
	v = passesOf(s)
	v.SetSize(43, 9)
	if out := ansi.Strip(v.View()); !strings.HasPrefix(out, fmt.Sprintf("╭─ mistakes per pass: %d in pass 4 ─", ends[3].Mistakes)) {
		t.Errorf("the title does not give pass 4:\n%s", out)
	}
	w := passesOf(trained(t, tuitest.Builtin(t, "worked4", 0), -1))
	w.SetSize(43, 9)
	if out := ansi.Strip(w.View()); !strings.HasPrefix(out, "╭─ mistakes per pass: 0 in pass 2 ─") {
		t.Errorf("worked4 converged after 2 passes (seed 003):\n%s", out)
	}
}

// TestPassesAnySize: the chart draws exactly its size, with passes or
// without, down to 1×1, and nothing at 0.
func TestPassesAnySize(t *testing.T) {
	t.Parallel()
	v := passesOf(capped(t))
	fitsEverySize(t, "the chart", v, 70, 14)
	fitsEverySize(t, "the SVM's chart", passesOf(trained(t, svmOptions(t, "moons", 0), -1)), 70, 14)
	for _, sz := range [][2]int{{0, 0}, {0, 9}, {43, 0}} {
		v.SetSize(sz[0], sz[1])
		tuitest.Fits(t, v.View(), sz[0], sz[1])
	}
}

// TestPassesTitleShortens: at pass 10 and beyond the title is longer than
// the side panel of a 100×30 terminal (36 cells, border included) had
// room for, and was cut to "… 0 in pass 1…" (the Forgetron, issue 24). It
// now drops words by rule: at every width the pass's number and its
// mistakes are whole or absent, and no title ends in "…".
func TestPassesTitleShortens(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Learner, o.Config.Kernel, o.Config.Epochs, o.Config.Shuffle = "forgetron", learn.Linear{}, 12, true
	s := trained(t, o, -1)
	ends := s.Passes().Ends()
	if len(ends) != 12 {
		t.Fatalf("%d passes logged at the cap of 12", len(ends))
	}
	last := fmt.Sprintf("%d in pass 12", ends[11].Mistakes)
	v := passesOf(s)
	for w := 4; w <= 60; w++ {
		v.SetSize(w, 9)
		title := strings.Split(ansi.Strip(v.View()), "\n")[0]
		if strings.Contains(title, "…") {
			t.Errorf("width %d: the title is cut: %s", w, title)
		}
		if strings.Contains(title, " in pass") && !strings.Contains(title, last+" ") {
			t.Errorf("width %d: the title cuts %q: %s", w, last, title)
		}
		if w == 36 && !strings.Contains(title, last) {
			t.Errorf("the side panel of a 100×30 terminal: %s, want %q in it", title, last)
		}
	}
}

// TestPassesAxes: the bars' count and the accuracy's percentages are on
// two axes, each beside its own strip: the count on the left, from 0 at
// the x axis up to the largest pass's count (worked4 with the tie rule
// "mistake": seed 003's trace has 1 mistake in pass 1); the percentages on
// the right of the accuracy strip, the rows of the bars having none. At
// the side panel's width (36) and at the full width of an 80×24 terminal.
func TestPassesAxes(t *testing.T) {
	t.Parallel()
	s := capped(t)
	ends := s.Passes().Ends()
	most := 0
	for _, e := range ends {
		most = max(most, e.Mistakes)
	}
	v := passesOf(s)
	for _, sz := range [][2]int{{36, 9}, {80, 18}} {
		v.SetSize(sz[0], sz[1])
		rows := strings.Split(ansi.Strip(v.View()), "\n")
		var countRow, zeroRow, pctRows, barRows []int
		for k, r := range rows {
			rs := []rune(r)
			inner := strings.TrimSpace(string(rs[1 : len(rs)-1]))
			switch {
			case strings.HasPrefix(inner, fmt.Sprintf("%d┤", most)):
				countRow = append(countRow, k)
			case strings.HasPrefix(inner, "0└"):
				zeroRow = append(zeroRow, k)
			}
			if at := strings.LastIndex(inner, "├"); at >= 0 && strings.HasSuffix(inner, "%") {
				pctRows = append(pctRows, k)
				if strings.Contains(inner[:at], "┤") {
					t.Errorf("%v: a percentage's row has a tick on the left too: %q", sz, inner)
				}
			}
			if strings.ContainsAny(inner, "▁▂▃▄▅▆▇█") && !strings.HasPrefix(inner, "▇ ") {
				barRows = append(barRows, k)
				if strings.Contains(inner, "%") || strings.Contains(inner, "├") {
					t.Errorf("%v: a row of bars has the percentage axis: %q", sz, inner)
				}
			}
		}
		if len(countRow) != 1 || len(zeroRow) != 1 || len(pctRows) < 2 || len(barRows) == 0 {
			t.Fatalf("%v: want the count axis %d┤ … 0└ and ≥ 2 percentage ticks on the right:\n%s", sz, most, ansi.Strip(v.View()))
		}
		if pctRows[len(pctRows)-1] >= countRow[0] || countRow[0] > barRows[0] || barRows[len(barRows)-1] >= zeroRow[0] {
			t.Errorf("%v: want the accuracy strip, then the bars from %d┤ down to 0└:\n%s", sz, most, ansi.Strip(v.View()))
		}
	}
}

// opposite is issue 34's four points, which no function of x separates
// ((0, 0) with both labels): with a cap of 10⁹ passes the perceptron never
// stops, two mistakes a pass.
func opposite(t testing.TB) *lab.Session {
	return tuitest.Session(t, lab.Options{
		File:   "opp.csv",
		Points: []datasets.Point{{X1: 0, X2: 0, Y: 1}, {X1: 0, X2: 0, Y: -1}, {X1: 1, X2: 1, Y: 1}, {X1: -1, X2: -1, Y: -1}},
		Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 1_000_000_000},
	})
}

// TestPassesLongRun: 10 000 passes of issue 34's run, which the log keeps
// in groups, draw the whole run (its legend says passes 1–10000 and how
// many share a column; the title the last pass's 2 mistakes), and the
// chart draws again when a pass ends, and when a step back takes one back,
// not at a step within a pass.
func TestPassesLongRun(t *testing.T) {
	t.Parallel()
	s := opposite(t)
	for range 40_000 {
		s.Take(false)
	}
	v := passesOf(s)
	v.SetSize(64, 12)
	out := ansi.Strip(strings.Join(v.Cached(), "\n"))
	if !strings.Contains(out, "2 in pass 10000 ") || !strings.Contains(out, "passes 1–10000, 192 per column") {
		t.Fatalf("10 000 passes:\n%s", out)
	}
	s.Take(false)
	if again := ansi.Strip(strings.Join(v.Cached(), "\n")); again != out {
		t.Errorf("a step within a pass changed the chart:\n%s", again)
	}
	for range 3 {
		s.Take(false)
	}
	if out := ansi.Strip(strings.Join(v.Cached(), "\n")); !strings.Contains(out, "in pass 10001") {
		t.Errorf("pass 10001 ended:\n%s", out)
	}
	s.Back()
	if again := ansi.Strip(strings.Join(v.Cached(), "\n")); again != out {
		t.Errorf("a step back over pass 10001's end:\n%s\nwant\n%s", again, out)
	}
}

// BenchmarkPassesCached is what the chart of a run of 100 000 passes of
// issue 34's four points costs when a pass ends (four steps) and it is
// drawn again, as autoplay draws it: the chart used to copy the whole pass
// log at each (40 bytes a pass), and draw from every pass.
func BenchmarkPassesCached(b *testing.B) {
	s := opposite(b)
	for range 400_000 {
		s.Take(false)
	}
	v := passesOf(s)
	v.SetSize(64, 12)
	v.Cached()
	b.ReportAllocs()
	for b.Loop() {
		for range 4 {
			s.Take(false)
		}
		v.Cached()
	}
}
