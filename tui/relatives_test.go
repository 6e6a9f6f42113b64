package tui

import (
	"kernelscope/tui/panels"

	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
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

// TestLearnerCycle: l goes through every learner of learn.Algos in order
// and back to the perceptron, keeping the data and kernel, α from 0.
func TestLearnerCycle(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	spec := m.s.Options().Config.Kernel.Spec()
	names := learnerNames()
	for k := 1; k <= len(names); k++ {
		press(m, "space", "l")
		want := names[k%len(names)]
		if got := m.s.Learner().Config().Learner; got != want || m.s.Learner().T() != 0 || m.s.Options().Config.Kernel.Spec() != spec {
			t.Fatalf("l #%d: %v at T = %d with %s; want %v from α = 0 with %s", k, got, m.s.Learner().T(), m.s.Options().Config.Kernel.Spec(), want, spec)
		}
		if m.s.Budgeted() != nil && budgetOf(m.s.Learner().Config()) != 10 {
			t.Errorf("%v: budget %d, want the default %d", want, budgetOf(m.s.Learner().Config()), 10)
		}
	}
}

// TestBudgetKeys: ( and ) step B along budgetLadder for a budget learner
// (α from 0) and do nothing for the perceptron; the status names it.
func TestBudgetKeys(t *testing.T) {
	m := newModel(t, relativeOptions(t, "xor", "forgetron", 5), 120, 40)
	press(m, "space", ")")
	if b := budgetOf(m.s.Learner().Config()); b != 7 || m.s.Learner().T() != 0 {
		t.Fatalf(") from 5: B = %d at T = %d; want 7 (the ladder's next rung) from α = 0", b, m.s.Learner().T())
	}
	press(m, "(", "(")
	if b := budgetOf(m.s.Learner().Config()); b != 4 {
		t.Fatalf("( ( from 7: B = %d, want 4", b)
	}
	if !strings.Contains(screen(m), "Forgetron B = 4") {
		t.Errorf("the status does not name the Forgetron with B = 4:\n%s", screen(m))
	}
	p := newModel(t, builtinOptions(t, "xor", 0), 120, 40)
	press(p, ")")
	if budgetOf(p.s.Learner().Config()) != 10 || !strings.Contains(p.message, "B is read by stoptron, forgetron and budget") {
		t.Errorf(") with the perceptron: B = %d, message %q; want nothing changed and a why", budgetOf(p.s.Learner().Config()), p.message)
	}
}

// TestForgetronOnScreen: with a small budget the Forgetron forgets; the
// region draws forgotten support vectors ⊗ ⊘, the narration says what
// was forgotten and by which φ, and b steps back exactly: α after undoing
// every step is what a fresh learner stepped as far has, bit for bit.
func TestForgetronOnScreen(t *testing.T) {
	m := newModel(t, relativeOptions(t, "xor", "forgetron", 3), 120, 40)
	p := m.s.Budgeted()
	said := false
	for range 60 {
		press(m, "space")
		if ls, ok := m.s.Last(); ok && ls.Step.Forget != nil && ls.Step.Forget.Removed >= 0 {
			first, second := panels.Describe(m.s)
			if !strings.Contains(second, "budget 3 exceeded: forget x") || !strings.Contains(second, "shrink every σ by φ = ") {
				t.Fatalf("the narration of a forgetting step:\n%s\n%s", first, second)
			}
			said = true
		}
		if n := len(p.SupportVectors()); n > 3 {
			t.Fatalf("T = %d: %d support vectors over the budget 3", p.T(), n)
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
	for p.T() > 20 {
		press(m, "b")
	}
	fresh, err := learn.New(p.Config(), datasets.Examples(m.s.Options().Points))
	if err != nil {
		t.Fatal(err)
	}
	for fresh.T() < 20 {
		if _, err := fresh.Step(); err != nil {
			t.Fatal(err)
		}
	}
	for j := range p.N() {
		if p.Alpha(j) != fresh.Alpha(j) || p.Forgotten(j) != (&learn.BudgetPerceptron{Perceptron: fresh}).Forgotten(j) {
			t.Fatalf("after undo to T = 20: α%d = %v (forgotten %v), fresh %v (%v)", j+1, p.Alpha(j), p.Forgotten(j), fresh.Alpha(j), (&learn.BudgetPerceptron{Perceptron: fresh}).Forgotten(j))
		}
	}
	if !slices.Equal(p.SupportVectors(), fresh.SupportVectors()) {
		t.Fatalf("support vectors after undo %v, fresh %v", p.SupportVectors(), fresh.SupportVectors())
	}
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
	if m.s.Shown() != learn.VotedMember || !strings.Contains(screen(m), "V(x)/T") {
		t.Errorf("A from the average: shown %d, want the vote:\n%s", m.s.Shown(), screen(m))
	}
	press(m, "A")
	if m.s.Shown() != learn.FinalMember || !strings.Contains(screen(m), "the final perceptron") {
		t.Errorf("A from the vote: shown %d, want the final perceptron", m.s.Shown())
	}
	// The marks of the other boundaries are where those functions change
	// sign: the final view marks the average's (≈) somewhere on noisy moons.
	if !strings.Contains(m.region.View(), common.ShownGlyphs[learn.AveragedMember]) {
		t.Errorf("the final view marks no cell of the average's boundary:\n%s", m.region.View())
	}
}

// TestAveragedAddPointStartsAgain: a point added to the averaged or voted
// perceptron's data starts training again on the new data (the vote at the
// new point would need every vector so far); the Forgetron keeps
// training where it was, as the perceptron does.
func TestAveragedAddPointStartsAgain(t *testing.T) {
	for _, c := range []struct {
		algo string
		kept bool
	}{{"voted", false}, {"averaged", false}, {"forgetron", true}} {
		m := newModel(t, relativeOptions(t, "xor", c.algo, 5), 120, 40)
		press(m, "space", "space")
		n := m.s.Learner().N()
		kept, err := m.s.AddPoint(0.1, 0.2, 1)
		wantT := 0
		if c.kept {
			wantT = 2
		}
		if err != nil || kept != c.kept || m.s.Learner().N() != n+1 || m.s.Learner().T() != wantT || m.s.Learner().Config().Learner != c.algo {
			t.Errorf("%v: add a point: kept %v, err %v, n %d → %d, T = %d; want kept %v, n + 1, T = %d", c.algo, kept, err, n, m.s.Learner().N(), m.s.Learner().T(), c.kept, wantT)
		}
	}
}

// TestEnsembleLiveMatchesReopened: the averaged and voted perceptrons'
// region, drawn live while stepping (and stepping back), is line for line
// the region of a model opened afresh at the same state (the session
// file's options, replayed). A correct step moves f̄ and V/T though α
// stays, so a drawing kept from the last mistake drifts.
func TestEnsembleLiveMatchesReopened(t *testing.T) {
	for _, algo := range []string{"averaged", "voted"} {
		m := newModel(t, relativeOptions(t, "moons", algo, 0), 120, 40)
		for _, c := range []struct{ forward, back int }{{40, 0}, {110, 0}, {0, 7}} {
			for range c.forward {
				press(m, "space")
			}
			for range c.back {
				press(m, "b")
			}
			for range common.NumShown {
				fresh := newModel(t, m.s.Snapshot(), 120, 40)
				for fresh.s.Shown() != m.s.Shown() {
					press(fresh, "A")
				}
				if fresh.s.Learner().T() != m.s.Learner().T() {
					t.Fatalf("%v: reopened at T = %d, live at %d", algo, fresh.s.Learner().T(), m.s.Learner().T())
				}
				live, want := strings.Split(m.region.View(), "\n"), strings.Split(fresh.region.View(), "\n")
				if len(live) != len(want) {
					t.Fatalf("%v T = %d: %d lines live, %d reopened", algo, m.s.Learner().T(), len(live), len(want))
				}
				// Colors and marks both: the shades of f̄ and V/T move too.
				differ := 0
				for i := range live {
					if live[i] != want[i] {
						if differ == 0 {
							t.Errorf("%v T = %d, %s shown: line %d (without colors)\nlive:     %s\nreopened: %s", algo, m.s.Learner().T(), common.ShownShort[m.s.Shown()], i, ansi.Strip(live[i]), ansi.Strip(want[i]))
						}
						differ++
					}
				}
				if differ > 0 {
					t.Errorf("%v T = %d, %s shown: %d of %d lines differ", algo, m.s.Learner().T(), common.ShownShort[m.s.Shown()], differ, len(live))
				}
				press(m, "A")
			}
		}
	}
}
