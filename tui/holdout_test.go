package tui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
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

// moonsSplit is moons (n = 100, noise 0.1, seed 1) with 30 % held out,
// the last rows or, shuffled, the rows drawn from split seed 7.
func moonsSplit(t *testing.T, shuffled bool) Options {
	o := builtinOptions(t, "moons", 0)
	o.Holdout = lab.Holdout{Fraction: 0.3, Shuffled: shuffled, Seed: 7}
	return o
}

// trainedOn is a learner built here with o's configuration on examples,
// stepped until training stops.
func trainedOn(t *testing.T, o Options, examples []learn.Example) learn.Learner {
	t.Helper()
	l, err := learn.NewLearner(o.Config, examples)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := l.Step(); errors.Is(err, learn.ErrStopped) {
			return l
		} else if err != nil {
			t.Fatal(err)
		}
	}
}

// splitRows is o's rows as the program splits them: those it trains on and
// those it holds out.
func splitRows(o Options) (train, test []learn.Example) {
	tr, te := o.Split()
	return datasets.Examples(tr), datasets.Examples(te)
}

// testPercent is the status line's test accuracy of right of n held-out
// points, a whole percent.
func testPercent(label string, right, n int) string {
	return fmt.Sprintf("· %s %.0f%%", label, 100*float64(right)/float64(n))
}

// TestHoldoutTrainsOnTheRestOnly: after h the status says 70 rows are
// trained on and 30 held out; a run to convergence takes exactly the
// steps and mistakes of a learner built here on rows 1–70 alone and
// stepped to the end (so training saw nothing else; package lab checks
// every α and every row visited).
func TestHoldoutTrainsOnTheRestOnly(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	m := newModel(t, o, 120, 40)
	press(m, "h")
	if !shows(m, "moons n=70+30 test") {
		t.Fatalf("h: want ⌈0.3·100⌉ = 30 held out, 70 trained on:\n%s", screen(m))
	}
	pressRun(m, "c")
	if !shows(m, "converged ✓") {
		t.Fatalf("moons with rbf(σ = 0.5) on 70 rows did not converge:\n%s", screen(m))
	}
	ref := trainedOn(t, o, datasets.Examples(o.Points)[:70])
	if !shows(m, fmt.Sprintf(", step %d", ref.T())) || !shows(m, fmt.Sprintf("mistakes: 0 this pass, %d in all │", ref.Mistakes())) {
		t.Fatalf("a learner on rows 1–70 alone took %d steps and %d mistakes; the status says otherwise:\n%s", ref.T(), ref.Mistakes(), screen(m))
	}
}

// TestHoldoutAccuracyShown: with 30 rows drawn from split seed 7 held
// out, moons converges with training accuracy 100 % and a test accuracy
// that the status gives as the count of held-out points classified right
// by a learner trained here on the other 70 rows, under the tie rule (a
// test set that is not fitted perfectly, so the figure says something);
// after r (every α = 0) it is the count at α = 0.
func TestHoldoutAccuracyShown(t *testing.T) {
	o := moonsSplit(t, true)
	m := newModel(t, o, 120, 40)
	pressRun(m, "c")
	if !shows(m, "converged ✓") {
		t.Fatalf("did not converge:\n%s", screen(m))
	}
	train, test := splitRows(o)
	ref := trainedOn(t, o, train)
	right := countRight(ref, test)
	if right == 30 || right == 0 || len(test) != 30 {
		t.Fatalf("%d of %d held-out points right: pick data whose test accuracy is informative", right, len(test))
	}
	for _, want := range []string{"n=70+30 test", "accuracy: train 100%", testPercent("test", right, 30)} {
		if !shows(m, want) {
			t.Errorf("status lacks %q:\n%s", want, screen(m))
		}
	}
	// r (every α = 0) changes the accuracy with the classifier.
	press(m, "r")
	zero, err := learn.NewLearner(o.Config, train)
	if err != nil {
		t.Fatal(err)
	}
	if want := testPercent("test", countRight(zero, test), 30); !shows(m, want) {
		t.Errorf("after r the status lacks %q, the count at α = 0:\n%s", want, screen(m))
	}
}

// TestHoldoutAverageAndVote: the averaged and voted perceptrons score the
// held-out points with their own classifier, labelled so on the status
// line: crossval.Accuracy of a learner stepped here as far on the other
// rows, going forward and back (package lab checks the session's figure
// at every one of these steps).
func TestHoldoutAverageAndVote(t *testing.T) {
	for _, algo := range []string{"averaged", "voted"} {
		o := moonsSplit(t, true)
		o.Config.Learner = algo
		m := newModel(t, o, 120, 40)
		train, test := splitRows(o)
		label := map[string]string{"averaged": "test (average)", "voted": "test (vote)"}[algo]
		check := func(when string) {
			t.Helper()
			ref, err := learn.NewLearner(o.Config, train)
			if err != nil {
				t.Fatal(err)
			}
			for ref.T() < stepOf(t, m) {
				if _, err := ref.Step(); err != nil {
					t.Fatal(err)
				}
			}
			acc, err := crossval.Accuracy(t.Context(), ref, test)
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf("· %s %.0f%%", label, 100*acc); !shows(m, want) {
				t.Errorf("%v %s (step %d): the status lacks %q:\n%s", algo, when, stepOf(t, m), want, screen(m))
			}
		}
		check("at the start")
		for range 17 {
			press(m, "space")
		}
		check("forward")
		for range 11 {
			press(m, "b")
		}
		check("back")
	}
}

// TestHoldoutGlyphs: a held-out point is drawn △ (+1) or ▽ (−1) at its
// own cell of the plot (where no training point shares the cell), the
// cell computed here from the viewport of a session opened on the same
// options; h again draws none.
func TestHoldoutGlyphs(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	m := newModel(t, o, 120, 40)
	press(m, "h")
	x0, y0, pw, ph := plotArea(t, m)
	held := o
	held.Holdout = lab.Holdout{Fraction: lab.DefaultTestFraction}
	train, test := splitRows(held)
	view := refView(t, held, pw, ph)
	taken := map[[2]int]bool{}
	for _, e := range train {
		if cx, cy, ok := cellOf(view, pw, ph, e.X1, e.X2); ok {
			taken[[2]int{cx, cy}] = true
		}
	}
	// A cell that two held-out points of opposite labels share shows the
	// later one: leave those out too.
	label := map[[2]int]int{}
	for _, e := range test {
		if cx, cy, ok := cellOf(view, pw, ph, e.X1, e.X2); ok {
			if y, seen := label[[2]int{cx, cy}]; seen && y != e.Y {
				taken[[2]int{cx, cy}] = true
			}
			label[[2]int{cx, cy}] = e.Y
		}
	}
	cells := map[[2]int]bool{}
	for k, e := range test {
		cx, cy, ok := cellOf(view, pw, ph, e.X1, e.X2)
		if !ok || taken[[2]int{cx, cy}] {
			continue
		}
		want := map[bool]string{true: common.GlyphPosTest, false: common.GlyphNegTest}[e.Y > 0]
		if got := screenCell(m, x0+cx, y0+cy); got != want {
			t.Errorf("held-out point %d (y = %+d) at cell (%d, %d): %q on screen, want %q", k+1, e.Y, cx, cy, got, want)
		}
		cells[[2]int{cx, cy}] = true
	}
	checked := len(cells)
	if checked < 10 {
		t.Fatalf("only %d held-out points have a cell of their own", checked)
	}
	var plot string
	for y := y0; y < y0+ph; y++ {
		for x := x0; x < x0+pw; x++ {
			plot += screenCell(m, x, y)
		}
	}
	if n := strings.Count(plot, common.GlyphPosTest) + strings.Count(plot, common.GlyphNegTest); n < checked || n > 30 {
		t.Errorf("%d test glyphs in the plot, want %d to 30", n, checked)
	}
	press(m, "h")
	sc := screen(m)
	if n := strings.Count(sc, common.GlyphPosTest) + strings.Count(sc, common.GlyphNegTest); n != 0 || !shows(m, "moons n=100 noise") || shows(m, "test") {
		t.Errorf("h again: %d test glyphs; want none, 100 rows trained on and no test in the status:\n%s", n, sc)
	}
}

// TestHoldoutBlocksEditing: while rows are held out, o, x and del add or
// delete nothing and say why; h puts the rows back and they work again.
func TestHoldoutBlocksEditing(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h", "right")
	for _, k := range []string{"o", "x", "delete", "delete"} {
		press(m, k)
		if !shows(m, "moons n=70+30 test") || !shows(m, "rows are held out as test data") {
			t.Fatalf("%s while held out: want no point added or deleted, and why:\n%s", k, screen(m))
		}
	}
	press(m, "h")
	if !shows(m, "moons n=100 noise") {
		t.Fatalf("h did not put the rows back:\n%s", screen(m))
	}
	press(m, "o")
	if !shows(m, "moons* n=101 │") || !shows(m, "(n = 101)") {
		t.Errorf("o with every row trained on: want 101 points:\n%s", screen(m))
	}
	press(m, "delete")
	if !shows(m, "moons* n=100 │") {
		t.Errorf("del on the point o added: want 100 points:\n%s", screen(m))
	}
}

// TestHoldoutEditKeyExplains: o while rows are held out says that h puts
// them back, not that the terminal is too small.
func TestHoldoutEditKeyExplains(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h", "right", "o")
	if shows(m, "make the terminal larger") || !shows(m, "h puts them back first") {
		t.Fatalf("o with rows held out (cursor on, 120×40) does not say h puts them back: why.go gives the 'no plot' reason for every disabled AddPos:\n%s", screen(m))
	}
}

// TestHoldoutBlocksClicks: a click on the plot adds no point while rows
// are held out, as o does not: the new row would fall on one side of the
// split in the learner and on the other in the options.
func TestHoldoutBlocksClicks(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "h")
	x0, y0, _, _ := plotArea(t, m)
	click(m, x0+3, y0+3, tea.MouseLeft)
	if !shows(m, "moons n=70+30 test") || !shows(m, "rows are held out as test data") {
		t.Fatalf("a left click with rows held out adds a point (handleClick does not check the split):\n%s", screen(m))
	}
}

// TestHoldoutFromOptions: --test 0.2 opens with the last ⌈0.2·100⌉ = 20
// rows held out, and so does --split-seed 7 with 20 others (package lab
// checks which); h twice comes back to the split the program started
// with, not h's default 30 %.
func TestHoldoutFromOptions(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Holdout = lab.Holdout{Fraction: 0.2}
	m := newModel(t, o, 120, 40)
	if !shows(m, "moons n=80+20 test") {
		t.Errorf("--test 0.2: want 80 trained on, 20 held out:\n%s", screen(m))
	}
	o.Holdout = lab.Holdout{Fraction: 0.2, Shuffled: true, Seed: 7}
	a := newModel(t, o, 120, 40)
	if !shows(a, "moons n=80+20 test") {
		t.Fatalf("--test 0.2 --split-seed 7: want 80 trained on, 20 held out:\n%s", screen(a))
	}
	before := screen(a)
	press(a, "h")
	if !shows(a, "moons n=100 noise") {
		t.Fatalf("h: want every row trained on:\n%s", screen(a))
	}
	press(a, "h")
	if !shows(a, "moons n=80+20 test") {
		t.Fatalf("h twice: want the --test 0.2 split back:\n%s", screen(a))
	}
	// The same rows: the plot is drawn as it was.
	x0, y0, pw, ph := plotArea(t, a)
	for y := y0; y < y0+ph; y++ {
		if got, want := ansi.Cut(strings.Split(screen(a), "\n")[y], x0, x0+pw), ansi.Cut(strings.Split(before, "\n")[y], x0, x0+pw); got != want {
			t.Fatalf("h twice holds out other rows than --split-seed 7: plot row %d\n%s\nwas\n%s", y-y0, got, want)
		}
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
