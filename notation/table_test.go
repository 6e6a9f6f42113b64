package notation

import (
	"strings"
	"testing"

	"kernelscope/learn"
)

// tableRows trains to the end and writes every step as TableRow does.
func tableRows(t *testing.T, cfg learn.Config, data []learn.Example) []Row {
	t.Helper()
	cfg.Epochs, cfg.Narrate = 100, true
	p, err := learn.New(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	for p.State() == learn.Running {
		rows = append(rows, TableRow(p, relStep(t, p)))
	}
	return rows
}

// TestTableRowsWorked: the rows of both worked examples, cell by cell,
// against the lines of the notes.
func TestTableRowsWorked(t *testing.T) {
	a1 := "α = [1, 0, 0, 0]"
	cases := []struct {
		name string
		cfg  learn.Config
		data []learn.Example
		want [][]string
	}{
		{"seed 003 (worked4)", learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg}, seed003, [][]string{
			// "t=1, i=1 / Σₖ aᵏ K(xᵏ, x¹) = 0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1 /
			// a¹ += y¹ → a¹ += 1, new a = [1,0,0,0]"
			{"1", "1", "1", "0·4 + 0·0 + 0·4 + 0·0 = 0", "sign(0) = −1 ≠ y₁ = +1 (tie rule neg)", "✗ yes", a1},
			// "t=1, i=2 / … = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
			{"2", "1", "2", "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1 = y₂ (tie rule neg)", "✓ no", a1},
			// "t=1, i=3 / … = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1"
			{"3", "1", "3", "1·4 + 0·0 + 0·4 + 0·0 = 4", "sign(4) = +1 = y₃", "✓ no", a1},
			// "t=1, i=4 / … = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
			{"4", "1", "4", "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1 = y₄ (tie rule neg)", "✓ no", a1},
			// "t=2, i=1 / … = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1", then "..."
			{"5", "2", "1", "1·4 + 0·0 + 0·4 + 0·0 = 4", "sign(4) = +1 = y₁", "✓ no", a1},
			{"6", "2", "2", "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1 = y₂ (tie rule neg)", "✓ no", a1},
			{"7", "2", "3", "1·4 + 0·0 + 0·4 + 0·0 = 4", "sign(4) = +1 = y₃", "✓ no", a1},
			{"8", "2", "4", "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1 = y₄ (tie rule neg)", "✓ no", a1},
		}},
		{"seed 004 (worked3)", learn.Config{Kernel: learn.Linear{}, Bias: true, Tie: learn.TiePos}, seed004, [][]string{
			// "Σ n⁽⁰⁾ … x̃₁ = 0, thus sig(…) = 1 = y₁. Hence, n⁽¹⁾ = (0, 0, 0)"
			{"1", "1", "1", "0·6 + 0·4 + 0·0 = 0", "sign(0) = +1 = y₁ (tie rule pos)", "✓ no", "α = [0, 0, 0]"},
			// "… x̃₂ = 0, thus sig(…) = 1 = y₂. Hence, n⁽²⁾ = (0, 0, 0)"
			{"2", "1", "2", "0·4 + 0·6 + 0·6 = 0", "sign(0) = +1 = y₂ (tie rule pos)", "✓ no", "α = [0, 0, 0]"},
			// "… x̃₃ = 0, thus sig(…) = 1 ≠ y₃. Hence, n⁽³⁾ = (0, 0, 1)"
			{"3", "1", "3", "0·0 + 0·6 + 0·11 = 0", "sign(0) = +1 ≠ y₃ = −1 (tie rule pos)", "✗ yes", "α = [0, 0, 1]"},
			// "= −1 · x̃₃·x̃₁ = −1 · 0 = 0, thus sig(…) = 1 = y₁. Hence, n⁽⁴⁾ = (0, 0, 1)"
			{"4", "2", "1", "0·6 + 0·4 − 1·0 = 0", "sign(0) = +1 = y₁ (tie rule pos)", "✓ no", "α = [0, 0, 1]"},
			// "= −1 · x̃₃·x̃₂ = −1 · 6 = −6, thus sig(…) = −1 ≠ y₂. Hence, n⁽⁵⁾ = (0, 1, 1)"
			{"5", "2", "2", "0·4 + 0·6 − 1·6 = −6", "sign(−6) = −1 ≠ y₂ = +1", "✗ yes", "α = [0, 1, 1]"},
			// "1 · x̃₂·x̃₃ − 1 · x̃₃·x̃₃ = −5, thus n⁽⁶⁾ = (0, 1, 1). This is OK."
			{"6", "2", "3", "0·0 + 1·6 − 1·11 = −5", "sign(−5) = −1 = y₃", "✓ no", "α = [0, 1, 1]"},
			// "1 · x̃₂·x̃₁ − 1 · x̃₃·x̃₁ = 4, thus n⁽⁷⁾ = (0, 1, 1). This is OK."
			{"7", "3", "1", "0·6 + 1·4 − 1·0 = 4", "sign(4) = +1 = y₁", "✓ no", "α = [0, 1, 1]"},
			// "1 · x̃₂·x̃₂ − 1 · x̃₃·x̃₂ = 0, thus n⁽⁷⁾ = (0, 1, 1). This is OK."
			{"8", "3", "2", "0·4 + 1·6 − 1·6 = 0", "sign(0) = +1 = y₂ (tie rule pos)", "✓ no", "α = [0, 1, 1]"},
			// The notes stop there ("The result: x̃₂ − x̃₃"); the pass ends with x₃ again.
			{"9", "3", "3", "0·0 + 1·6 − 1·11 = −5", "sign(−5) = −1 = y₃", "✓ no", "α = [0, 1, 1]"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := tableRows(t, c.cfg, c.data)
			if len(rows) != len(c.want) {
				t.Fatalf("%d rows, want %d", len(rows), len(c.want))
			}
			for k, r := range rows {
				got := r.Cells()
				if len(got) != len(TableHeader) {
					t.Fatalf("row %d: %d cells, header has %d", k+1, len(got), len(TableHeader))
				}
				if strings.Join(got, " | ") != strings.Join(c.want[k], " | ") {
					t.Errorf("row %d:\n got %q\nwant %q", k+1, got, c.want[k])
				}
			}
		})
	}
}

// TestAlphaAfter: the α column beyond the worked examples, with the fake
// learner of TestLargerSums and the budget learners of relatives_test.go
// (the by-hand runs worked there).
func TestAlphaAfter(t *testing.T) {
	// n > AllTermsUpTo: only the αᵢ a mistake changed, nothing otherwise.
	f := fake{n: 12, alpha: make([]float64, 12), eta: 1}
	if got, want := AlphaAfter(f, f.step(11)), "α₁₂ = 1"; got != want {
		t.Errorf("n = 12, a mistake: %q, want %q", got, want)
	}
	f.alpha[0], f.alpha[11] = 1, 2
	if got := AlphaAfter(f, f.step(11)); got != "" {
		t.Errorf("n = 12, no mistake: %q, want nothing", got)
	}
	// n ≤ AllTermsUpTo: the vector at every step, as seed 003's "new a".
	f = fake{n: 3, alpha: []float64{0.5, 0, 1}, eta: 0.5}
	if got, want := AlphaAfter(f, f.step(1)), "α = [0.5, 0, 1]"; got != want {
		t.Errorf("n = 3, no mistake: %q, want %q", got, want)
	}

	// The Forgetron with B = 1 (TestUpdateForgetronShrink): step 2 forgets x₁.
	data := []learn.Example{{X1: 1, X2: 0, Y: 1}, {X1: 0.5, X2: 1, Y: -1}}
	p := relLearner(t, "forgetron", 1, 1, data)
	relStep(t, p)
	want := "α = [0, 0.4688]; budget 1 exceeded: forget x₁ (oldest, σ = 0.4688 after the shrink), shrink every σ by φ = 0.4688 (μ = y·f′(x₁) = 0.5; Q = 0.9375)"
	if got := TableRow(p, relStep(t, p)).Alpha; got != want {
		t.Errorf("forgetron step 2:\n got %q\nwant %q", got, want)
	}
	for k := range 7 {
		data = append(data, learn.Example{X1: float64(k), X2: 3, Y: 1})
	}
	p = relLearner(t, "forgetron", 1, 1, data)
	relStep(t, p)
	want = "α₂ = 0.4688; budget 1 exceeded: forget x₁ (oldest, σ = 0.4688 after the shrink), shrink every σ by φ = 0.4688 (μ = y·f′(x₁) = 0.5; Q = 0.9375)"
	if got := AlphaAfter(p, relStep(t, p)); got != want {
		t.Errorf("forgetron n = 9, step 2:\n got %q\nwant %q", got, want)
	}

	// The budget perceptron with B = 1, η = 0.5 (TestUpdateBudgetRemoval):
	// it forgets x₁, then adds to α₂, and the cell says it in that order.
	p = relLearner(t, "budget", 1, 0.5, []learn.Example{{X1: 1, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: -1}})
	relStep(t, p)
	if got, want := AlphaAfter(p, relStep(t, p)), "budget 1 full: forget x₁ (drawn at random), α₁ 0.5 → 0; then α = [0, 0.5]"; got != want {
		t.Errorf("budget step 2:\n got %q\nwant %q", got, want)
	}

	// The stoptron with B = 1 (TestUpdateStoptronFreeze): step 2 is a
	// mistake that changes nothing.
	stop := []learn.Example{{X1: 1, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: -1}, {X1: 0, X2: 1, Y: 1}}
	p = relLearner(t, "stoptron", 1, 1, stop)
	relStep(t, p)
	r := TableRow(p, relStep(t, p))
	if want := "α = [1, 0, 0]; the budget of 1 support vector is full: α stays"; r.Alpha != want || !r.Mistake {
		t.Errorf("stoptron step 2: mistake %t, α %q; want a mistake and %q", r.Mistake, r.Alpha, want)
	}
	for k := range 7 {
		stop = append(stop, learn.Example{X1: float64(k), X2: 3, Y: 1})
	}
	p = relLearner(t, "stoptron", 1, 1, stop)
	relStep(t, p)
	if got, want := AlphaAfter(p, relStep(t, p)), "the budget of 1 support vector is full: α stays"; got != want {
		t.Errorf("stoptron n = 10, step 2: %q, want %q", got, want)
	}
}
