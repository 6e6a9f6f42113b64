package tui

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kernelscope/lab"
	"kernelscope/tui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// tieRight reports whether score f classifies label y right under tie,
// written out from the notes' three conventions (learn/tie.go's table),
// not through Tie.Predict: mistake iff y·f ≤ 0 (seed 001); sign(0) = +1
// (seed 004); sign(0) = −1 (seed 003).
func tieRight(tie learn.Tie, f float64, y int) bool {
	switch tie {
	case learn.TiePos:
		pred := 1
		if f < 0 {
			pred = -1
		}
		return pred == y
	case learn.TieNeg:
		pred := -1
		if f > 0 {
			pred = 1
		}
		return pred == y
	}
	return float64(y)*f > 0
}

// countRight counts the points f = Decide classifies right under the
// learner's tie rule.
func countRight(p learn.Learner, pts []learn.Example) int {
	n := 0
	for _, e := range pts {
		if tieRight(p.Config().Tie, p.Decide(e.X1, e.X2), e.Y) {
			n++
		}
	}
	return n
}

// trainingExamples are the learner's own examples, read back from it.
func trainingExamples(p learn.Learner) []learn.Example {
	out := make([]learn.Example, p.N())
	for i := range out {
		x := p.X(i)
		out[i] = learn.Example{X1: x.X1, X2: x.X2, Y: p.Y(i)}
	}
	return out
}

// moonsSplit is moons (n = 100, noise 0.1, seed 1) with 30 % held out,
// the last rows or, shuffled, the rows drawn from split seed 7.
func moonsSplit(t *testing.T, shuffled bool) Options {
	o := builtinOptions(t, "moons", 0)
	o.Holdout = lab.Holdout{Fraction: 0.3, Shuffled: shuffled, Seed: 7}
	return o
}

// TestHoldoutTrainsOnTheRestOnly: after h the learner holds rows 1–70 in
// order and the test part rows 71–100; a run to convergence visits only
// rows < 70, and ends with exactly the α of a learner built here on rows
// 1–70 alone and stepped to the end (so training saw nothing else).
func TestHoldoutTrainsOnTheRestOnly(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	all := datasets.Examples(m.s.Options().Points)
	press(m, "h")
	p := m.s.Learner()
	if p.N() != 70 || len(m.s.Test().Points()) != 30 {
		t.Fatalf("h: %d rows trained on, %d held out; want ⌈0.3·100⌉ = 30 held out, 70 trained on", p.N(), len(m.s.Test().Points()))
	}
	if got := trainingExamples(p); !reflect.DeepEqual(got, all[:70]) {
		t.Fatalf("the learner's examples are not rows 1–70 in order:\n%v", got)
	}
	if !reflect.DeepEqual(m.s.Test().Points(), all[70:]) {
		t.Fatalf("the held-out points are not rows 71–100 in order:\n%v", m.s.Test().Points())
	}
	pressRun(m, "c")
	if p.State() != learn.Converged {
		t.Fatalf("moons with rbf(σ = 0.5) on 70 rows did not converge: %v after %d steps", p.State(), p.T())
	}
	if len(m.s.Steps()) != p.T() {
		t.Fatalf("%d steps narrated of %d: cannot check every one", len(m.s.Steps()), p.T())
	}
	for _, st := range m.s.Steps() {
		if st.Step.I < 0 || st.Step.I >= 70 {
			t.Fatalf("step %d visited row %d, a held-out row", st.Step.T, st.Step.I+1)
		}
	}
	for i := range p.N() {
		if slices.Contains(m.s.Test().Points(), learn.Example{X1: p.X(i).X1, X2: p.X(i).X2, Y: p.Y(i)}) {
			t.Fatalf("training example %d is a held-out point", i+1)
		}
	}

	ref, err := learn.NewLearner(m.s.Options().Config, all[:70])
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := ref.Step(); errors.Is(err, learn.ErrStopped) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if ref.T() != p.T() || ref.Mistakes() != p.Mistakes() {
		t.Fatalf("the TUI took %d steps and %d mistakes, a learner on rows 1–70 alone %d and %d", p.T(), p.Mistakes(), ref.T(), ref.Mistakes())
	}
	for i := range 70 {
		if ref.Alpha(i) != p.Alpha(i) {
			t.Fatalf("α%d = %v, want %v (a learner on rows 1–70 alone)", i+1, p.Alpha(i), ref.Alpha(i))
		}
	}
}

// TestHoldoutAccuracyShown: with 30 rows drawn from split seed 7 held
// out, moons converges with training accuracy 100 % and a test accuracy
// that the status gives as the count, made here from Decide under the tie
// rule, of held-out points classified right (27 of 30: 90 %, a test set
// that is not fitted perfectly, so the figure says something).
func TestHoldoutAccuracyShown(t *testing.T) {
	m := newModel(t, moonsSplit(t, true), 120, 40)
	pressRun(m, "c")
	if m.s.Learner().State() != learn.Converged {
		t.Fatalf("did not converge: %v", m.s.Learner().State())
	}
	right := countRight(m.s.Learner(), m.s.Test().Points())
	if right == 30 || right == 0 {
		t.Fatalf("%d of 30 held-out points right: pick data whose test accuracy is informative", right)
	}
	got, ok := m.s.TestAccuracy()
	if !ok || got != float64(right)/30 {
		t.Errorf("test accuracy %v (ok %v), want %d/30", got, ok, right)
	}
	line := ansi.Strip(m.status.Line())
	// (100·right + 15)/30 is 100·right/30 rounded to a whole percent.
	for _, want := range []string{"n=70+30 test", "accuracy: train 100%", fmt.Sprintf("test %d%%", (100*right+15)/30)} {
		if !strings.Contains(line, want) {
			t.Errorf("status lacks %q: %s", want, line)
		}
	}
	// r (every α = 0) changes the accuracy with the classifier.
	press(m, "r")
	if got, ok := m.s.TestAccuracy(); !ok || got != float64(countRight(m.s.Learner(), m.s.Test().Points()))/30 {
		t.Errorf("after r: test accuracy %v, want the count at α = 0", got)
	}
}

// TestHoldoutAverageAndVote: the averaged and voted perceptrons score the
// held-out points with their own classifier; the TUI keeps the vote by
// an Ensemble that catches up step by step, which must agree with
// crossval.Accuracy walking every vector afresh, going forward and back.
func TestHoldoutAverageAndVote(t *testing.T) {
	for _, algo := range []string{"averaged", "voted"} {
		o := moonsSplit(t, true)
		o.Config.Learner = algo
		m := newModel(t, o, 120, 40)
		check := func(when string) {
			t.Helper()
			want, err := crossval.Accuracy(t.Context(), m.s.Learner(), m.s.Test().Points())
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := m.s.TestAccuracy(); !ok || got != want {
				t.Errorf("%v %s (t = %d): test accuracy %v (ok %v), want %v", algo, when, m.s.Learner().T(), got, ok, want)
			}
		}
		label := map[string]string{"averaged": "test (average)", "voted": "test (vote)"}[algo]
		if line := ansi.Strip(m.status.Line()); !strings.Contains(line, label) {
			t.Errorf("%v: status lacks %q: %s", algo, label, line)
		}
		for range 5 {
			for range 17 {
				press(m, "space")
			}
			check("forward")
		}
		for range 3 {
			for range 11 {
				press(m, "b")
			}
			check("back")
		}
		pressRun(m, "c")
		check("converged")
	}
}

// TestHoldoutGlyphs: a held-out point is drawn △ (+1) or ▽ (−1) at its
// own cell of the plot, cellOf of the region's geometry (where no
// training point shares the cell); h again draws none.
func TestHoldoutGlyphs(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h")
	r := m.region
	taken := map[[2]int]bool{}
	for i := range m.s.Learner().N() {
		if cx, cy, ok := r.CellOf(m.s.Learner().X(i).X1, m.s.Learner().X(i).X2); ok {
			taken[[2]int{cx, cy}] = true
		}
	}
	// A cell that two held-out points of opposite labels share shows the
	// later one: leave those out too.
	label := map[[2]int]int{}
	for _, e := range m.s.Test().Points() {
		if cx, cy, ok := r.CellOf(e.X1, e.X2); ok {
			if y, seen := label[[2]int{cx, cy}]; seen && y != e.Y {
				taken[[2]int{cx, cy}] = true
			}
			label[[2]int{cx, cy}] = e.Y
		}
	}
	lines := strings.Split(screen(m), "\n")
	cells := map[[2]int]bool{}
	for k, e := range m.s.Test().Points() {
		cx, cy, ok := r.CellOf(e.X1, e.X2)
		if !ok || taken[[2]int{cx, cy}] {
			continue
		}
		want := map[bool]string{true: common.GlyphPosTest, false: common.GlyphNegTest}[e.Y > 0]
		if got := ansi.Cut(lines[r.PlotY0+cy], r.PlotX0+cx, r.PlotX0+cx+1); got != want {
			t.Errorf("held-out point %d (y = %+d) at cell (%d, %d): %q on screen, want %q", k+1, e.Y, cx, cy, got, want)
		}
		cells[[2]int{cx, cy}] = true
	}
	checked := len(cells)
	if checked < 10 {
		t.Fatalf("only %d held-out points have a cell of their own", checked)
	}
	var plot string
	for _, l := range lines[r.PlotY0 : r.PlotY0+r.PlotH] {
		plot += ansi.Cut(l, r.PlotX0, r.PlotX0+r.PlotW) + "\n"
	}
	if n := strings.Count(plot, common.GlyphPosTest) + strings.Count(plot, common.GlyphNegTest); n < checked || n > 30 {
		t.Errorf("%d test glyphs in the plot, want %d to 30", n, checked)
	}
	press(m, "h")
	sc := screen(m)
	if n := strings.Count(sc, common.GlyphPosTest) + strings.Count(sc, common.GlyphNegTest); n != 0 || m.s.Learner().N() != 100 {
		t.Errorf("h again: %d test glyphs, N = %d; want none and 100", n, m.s.Learner().N())
	}
	if line := ansi.Strip(m.status.Line()); !strings.Contains(line, "n=100 ") || strings.Contains(line, "test") {
		t.Errorf("h again: status %s", line)
	}
}

// TestHoldoutBlocksEditing: while rows are held out, o, x and del add or
// delete nothing and are off in the help; h puts the rows back and they
// work again.
func TestHoldoutBlocksEditing(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h", "right")
	if keyAction(m, "o").Binding.Enabled() || keyAction(m, "x").Binding.Enabled() || keyAction(m, "delete").Binding.Enabled() {
		t.Fatal("o, x or del enabled while rows are held out")
	}
	for _, k := range []string{"o", "x", "delete", "delete"} {
		press(m, k)
		if len(m.s.Options().Points) != 100 || m.s.Learner().N() != 70 || len(m.s.Test().Points()) != 30 {
			t.Fatalf("%s while held out: %d points, %d trained on, %d held out", k, len(m.s.Options().Points), m.s.Learner().N(), len(m.s.Test().Points()))
		}
	}
	press(m, "h")
	if !keyAction(m, "o").Binding.Enabled() || !keyAction(m, "delete").Binding.Enabled() {
		t.Fatal("h put the rows back but o or del stays off")
	}
	press(m, "o")
	if len(m.s.Options().Points) != 101 || m.s.Learner().N() != 101 {
		t.Errorf("o with every row trained on: %d points, N = %d; want 101", len(m.s.Options().Points), m.s.Learner().N())
	}
}

// TestHoldoutEditKeyExplains: o while rows are held out says that h puts
// them back, not that the terminal is too small.
func TestHoldoutEditKeyExplains(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h", "right", "o")
	if strings.Contains(m.message, "make the terminal larger") || !strings.Contains(m.message, "h") {
		t.Fatal("o with rows held out (cursor on, 120×40) says " + fmt.Sprintf("%q", m.message) + ": why.go gives the 'no plot' reason for every disabled AddPos")
	}
}

// TestHoldoutBlocksClicks: a click on the plot adds no point while rows
// are held out, as o does not: the new row would fall on one side of the
// split in the learner and on the other in the options.
func TestHoldoutBlocksClicks(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h")
	r := m.region
	m.Update(tea.MouseClickMsg{X: r.PlotX0 + 3, Y: r.PlotY0 + 3, Button: tea.MouseLeft})
	if len(m.s.Options().Points) != 100 || m.s.Learner().N() != 70 {
		train, test := optsOf(m.s).Split()
		t.Fatal(fmt.Sprintf("a left click with rows held out adds a point: %d points, the learner trains on %d and %d are held out, "+
			"but the options split them %d + %d (handleClick does not check the split)", len(m.s.Options().Points), m.s.Learner().N(), len(m.s.Test().Points()), len(train), len(test)))
	}
}

// TestHoldoutFromOptions: --test 0.2 opens with the last ⌈0.2·100⌉ = 20
// rows held out; --split-seed 7 holds out 20 other rows, the same ones
// every time, training and test parts partitioning the data in dataset
// order; another seed draws another set; h twice comes back to the split
// the program started with, not h's default 30 %.
func TestHoldoutFromOptions(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	all := datasets.Examples(o.Points)
	o.Holdout = lab.Holdout{Fraction: 0.2}
	m := newModel(t, o, 120, 40)
	if m.s.Learner().N() != 80 || !reflect.DeepEqual(m.s.Test().Points(), all[80:]) {
		t.Fatalf("--test 0.2: N = %d, held out %d; want 80 and rows 81–100", m.s.Learner().N(), len(m.s.Test().Points()))
	}
	if line := ansi.Strip(m.status.Line()); !strings.Contains(line, "n=80+20 test") {
		t.Errorf("status: %s", line)
	}

	shuffled := func(seed uint64) *Model {
		o.Holdout = lab.Holdout{Fraction: 0.2, Shuffled: true, Seed: seed}
		return newModel(t, o, 120, 40)
	}
	a, b, c := shuffled(7), shuffled(7), shuffled(8)
	if !reflect.DeepEqual(a.s.Test().Points(), b.s.Test().Points()) {
		t.Fatal("split seed 7 holds out different rows twice")
	}
	if reflect.DeepEqual(a.s.Test().Points(), m.s.Test().Points()) || reflect.DeepEqual(a.s.Test().Points(), c.s.Test().Points()) {
		t.Fatal("split seed 7 holds out the last rows, or the rows of seed 8")
	}
	// Training part and test part are the data, each in dataset order.
	train, test := trainingExamples(a.s.Learner()), a.s.Test().Points()
	if len(train) != 80 || len(test) != 20 {
		t.Fatalf("seed 7: %d + %d rows", len(train), len(test))
	}
	i, j := 0, 0
	for _, e := range all {
		switch {
		case i < len(train) && train[i] == e:
			i++
		case j < len(test) && test[j] == e:
			j++
		default:
			t.Fatalf("row %v is in neither part, or out of order", e)
		}
	}
	heldBefore := slices.Clone(a.s.Test().Points())
	press(a, "h")
	if a.s.Learner().N() != 100 || len(a.s.Test().Points()) != 0 {
		t.Fatalf("h: N = %d, held out %d", a.s.Learner().N(), len(a.s.Test().Points()))
	}
	press(a, "h")
	if !reflect.DeepEqual(a.s.Test().Points(), heldBefore) {
		t.Errorf("h twice holds out %d other rows, want the --test 0.2 --split-seed 7 split back", len(a.s.Test().Points()))
	}
}

// TestHoldoutGolden: held-out moons after a run to convergence, the
// whole screen at 120×40, colors stripped.
func TestHoldoutGolden(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h")
	pressRun(m, "c")
	golden(t, "testdata/screens/holdout_moons_120x40.golden", screen(m))
}
