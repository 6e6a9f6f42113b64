package tui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// relativeOptions is a built-in dataset with learner a (budget b).
func relativeOptions(t *testing.T, name string, a string, b int) Options {
	o := builtinOptions(t, name, 0)
	o.Config = o.Config.With("budget", float64(b))
	o.Config.Learner = a
	return o
}

// TestLearnerCycle: l goes through every learner of the registry in order
// and back to the perceptron, keeping the data and kernel, α from 0; the
// status names each as the registry labels it, a budget learner with the
// default budget, 10.
func TestLearnerCycle(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	m := newModel(t, o, 120, 40)
	kinds := learn.Learners()
	for k := 1; k <= len(kinds); k++ {
		press(m, "space", "l")
		kind := kinds[k%len(kinds)]
		cfg := o.Config
		cfg.Learner = kind.Name
		label := kind.Label(cfg)
		if kind.Reads("budget") && !strings.Contains(label, "B = 10") {
			t.Errorf("%s: label %q, want the default budget B = 10", kind.Name, label)
		}
		if want := fmt.Sprintf("%s │ K=%s │", label, o.Config.Kernel.Spec()); !shows(m, "moons n=100") || !shows(m, want) || !shows(m, ", step 0") && !shows(m, "│ iteration 0 │") {
			t.Fatalf("l #%d: want %q from α = 0:\n%s", k, want, screen(m))
		}
	}
}

// TestBudgetKeys: ( and ) step B along its ladder for a budget learner
// (α from 0) and do nothing for the perceptron, saying why; the status
// names it.
func TestBudgetKeys(t *testing.T) {
	m := newModel(t, relativeOptions(t, "xor", "forgetron", 5), 120, 40)
	press(m, "space", ")")
	if !shows(m, "│ Forgetron B = 7 │") || stepOf(t, m) != 0 {
		t.Fatalf(") from 5: want B = 7 (the ladder's next rung) from α = 0:\n%s", screen(m))
	}
	press(m, "(", "(")
	if !shows(m, "│ Forgetron B = 4 │") || !shows(m, "B = 4: α reset (B changes what every step does)") {
		t.Errorf("( ( from 7: want B = 4:\n%s", screen(m))
	}
	p := newModel(t, builtinOptions(t, "xor", 0), 120, 40)
	press(p, ")")
	if !shows(p, "│ perceptron │") || !shows(p, "B is read by stoptron, forgetron and budget") {
		t.Errorf(") with the perceptron: want nothing changed and a why:\n%s", screen(p))
	}
}

// svRE is the support vectors of a budget learner on the status line.
var svRE = regexp.MustCompile(`│ SV (\d+)/\d+ \(budget B = \d+(, \d+ forgotten)?\) │`)

// TestForgetronOnScreen: with a small budget the Forgetron forgets; the
// region draws forgotten support vectors ⊗ ⊘, the narration says what
// was forgotten and by which φ, and b steps back exactly: after undoing
// to T = 20 the status gives the support vectors, the forgotten ones and
// the mistakes of a fresh Forgetron stepped as far (package lab compares
// every α).
func TestForgetronOnScreen(t *testing.T) {
	o := relativeOptions(t, "xor", "forgetron", 3)
	m := newModel(t, o, 200, 60) // wide enough for the narration's line
	said := false
	for range 60 {
		press(m, "space")
		if shows(m, "budget 3 exceeded: forget x") {
			if !shows(m, "shrink every σ by φ = ") {
				t.Fatalf("the narration of a forgetting step:\n%s", screen(m))
			}
			said = true
		}
		if sv := svRE.FindStringSubmatch(flat(m)); sv == nil || len(sv[1]) > 1 || sv[1] > "3" {
			t.Fatalf("step %d: support vectors over the budget 3:\n%s", stepOf(t, m), screen(m))
		}
	}
	if !said {
		t.Fatal("no step forgot in 60 steps of xor with B = 3")
	}
	out := screen(m)
	if !strings.Contains(out, common.GlyphPosForgotten) && !strings.Contains(out, common.GlyphNegForgotten) {
		t.Errorf("no forgotten glyph on the screen:\n%s", out)
	}
	if !strings.Contains(out, "forgotten") {
		t.Errorf("the key line or status does not say forgotten:\n%s", out)
	}
	// Undo back to T = 20 and compare with a fresh Forgetron stepped to 20.
	for stepOf(t, m) > 20 {
		press(m, "b")
	}
	fresh, err := learn.New(o.Config, datasets.Examples(o.Points))
	if err != nil {
		t.Fatal(err)
	}
	for fresh.T() < 20 {
		if _, err := fresh.Step(); err != nil {
			t.Fatal(err)
		}
	}
	forgotten := 0
	for j := range fresh.N() {
		if (&learn.BudgetPerceptron{Perceptron: fresh}).Forgotten(j) {
			forgotten++
		}
	}
	want := fmt.Sprintf("│ SV %d/100 (budget B = 3, %d forgotten) │", len(fresh.SupportVectors()), forgotten)
	if forgotten == 0 {
		t.Fatal("a Forgetron on xor with B = 3 forgot nothing in 20 steps: pick a later step")
	}
	if !shows(m, want) || !shows(m, fmt.Sprintf(", %d in all │", fresh.Mistakes())) {
		t.Fatalf("after undo to T = 20: want %q and %d mistakes, as a fresh Forgetron:\n%s", want, fresh.Mistakes(), screen(m))
	}
}

// regionOf is the region's box at the screen's top left, escapes kept.
func regionOf(t *testing.T, m *Model) []string {
	t.Helper()
	lines, x0, y0 := panelBox(t, m, "")
	w := ansi.StringWidth(lines[0])
	raw := strings.Split(m.View().Content, "\n")[y0 : y0+len(lines)]
	for i, l := range raw {
		raw[i] = ansi.Cut(l, x0, x0+w)
	}
	return raw
}

// TestEnsembleView: for the averaged perceptron A cycles the region
// through the average, the vote and the final perceptron; the title says
// which, the other two boundaries are marked, and the status gives the
// three accuracies. Color-free golden of the averaged view after training
// on noisy moons, where the final and the averaged boundaries differ.
func TestEnsembleView(t *testing.T) {
	o := relativeOptions(t, "moons", "averaged", 0)
	m := newModel(t, o, 120, 40)
	pressRun(m, "c")
	press(m, "m")
	out := screen(m)
	for _, want := range []string{"f_avg(x) = Σ ᾱⱼ yⱼ K(xⱼ, x)", "accuracy: final", "average", common.ShownGlyphs[learn.FinalMember] + common.ShownGlyphs[learn.FinalMember] + " final f"} {
		if !strings.Contains(out, want) {
			t.Errorf("the averaged view lacks %q:\n%s", want, out)
		}
	}
	golden(t, filepath.Join("testdata", "screens", "averaged_moons_mono_120x40.golden"), out)
	press(m, "A")
	if !strings.Contains(screen(m), "V(x)/T") || !shows(m, "region: the voted perceptron") {
		t.Errorf("A from the average: want the vote:\n%s", screen(m))
	}
	press(m, "A")
	if !shows(m, "region: the final perceptron") {
		t.Errorf("A from the vote: want the final perceptron:\n%s", screen(m))
	}
	// The marks of the other boundaries are where those functions change
	// sign: the final view marks the average's (≈) somewhere on noisy moons.
	region, _, _ := panelBox(t, m, "")
	if !strings.Contains(strings.Join(region[1:], "\n"), common.ShownGlyphs[learn.AveragedMember]) {
		t.Errorf("the final view marks no cell of the average's boundary:\n%s", strings.Join(region, "\n"))
	}
}

// TestAddPointOnScreen: a click adds a point to the averaged or voted
// perceptron's data and training starts again (package lab says why);
// the Forgetron keeps training where it was, as the perceptron does.
func TestAddPointOnScreen(t *testing.T) {
	for _, c := range []struct {
		algo string
		kept bool
	}{{"voted", false}, {"averaged", false}, {"forgetron", true}} {
		m := newModel(t, relativeOptions(t, "xor", c.algo, 5), 120, 40)
		press(m, "space", "space")
		x0, y0, _, _ := plotArea(t, m)
		click(m, x0+3, y0+3, tea.MouseLeft)
		want := map[bool]int{true: 2, false: 0}[c.kept]
		if !shows(m, "xor* n=101 ") || stepOf(t, m) != want || shows(m, "α kept") != c.kept {
			t.Errorf("%v: a click: want 101 points at step %d (α kept %v):\n%s", c.algo, want, c.kept, screen(m))
		}
	}
}

// TestEnsembleLiveMatchesReopened: the averaged and voted perceptrons'
// region, drawn live while stepping (and stepping back), is line for line
// the region of a program opened afresh at the same state (the options
// with the steps to replay, as a session file opens). A correct step
// moves f̄ and V/T though α stays, so a drawing kept from the last mistake
// drifts.
func TestEnsembleLiveMatchesReopened(t *testing.T) {
	for _, algo := range []string{"averaged", "voted"} {
		o := relativeOptions(t, "moons", algo, 0)
		m := newModel(t, o, 120, 40)
		for _, c := range []struct{ forward, back int }{{40, 0}, {110, 0}, {0, 7}} {
			for range c.forward {
				press(m, "space")
			}
			for range c.back {
				press(m, "b")
			}
			steps := stepOf(t, m)
			for range common.NumShown {
				title := strings.Split(screen(m), "\n")[0]
				r := o
				r.Replay = lab.Replay{Steps: steps}
				fresh := newModel(t, r, 120, 40)
				for range common.NumShown {
					if strings.Split(screen(fresh), "\n")[0] == title {
						break
					}
					press(fresh, "A")
				}
				if stepOf(t, fresh) != steps {
					t.Fatalf("%v: reopened at step %d, live at %d", algo, stepOf(t, fresh), steps)
				}
				// The same state, laid out afresh: the narration's lines
				// (which only grow while the size stays) as this step's.
				relayout(m)
				relayout(fresh)
				live, want := regionOf(t, m), regionOf(t, fresh)
				if len(live) != len(want) || ansi.Strip(live[0]) != ansi.Strip(want[0]) {
					t.Fatalf("%v step %d: %d lines live, %d reopened, titled\n%s\n%s", algo, steps, len(live), len(want), ansi.Strip(live[0]), ansi.Strip(want[0]))
				}
				// Colors and marks both: the shades of f̄ and V/T move too.
				differ := 0
				for i := range live {
					if live[i] != want[i] {
						if differ == 0 {
							t.Errorf("%v step %d, %s: line %d (without colors)\nlive:     %s\nreopened: %s", algo, steps, ansi.Strip(live[0]), i, ansi.Strip(live[i]), ansi.Strip(want[i]))
						}
						differ++
					}
				}
				if differ > 0 {
					t.Errorf("%v step %d, %s: %d of %d lines differ", algo, steps, ansi.Strip(live[0]), differ, len(live))
				}
				press(m, "A")
			}
		}
	}
}

// relayout clears the last key's message and lays the screen out afresh,
// as a resize does.
func relayout(m *Model) {
	press(m, "f12")
	m.Update(tea.WindowSizeMsg{Width: m.width + 1, Height: m.height})
	m.Update(tea.WindowSizeMsg{Width: m.width - 1, Height: m.height})
}
