package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestRegistry: every registered learner has a unique name and aliases
// that find it, words for every place that shows it, settings whose
// values read back, and the capabilities its kind declares: one that
// visits pass by pass is a Passer, one that appends an Appender whose
// Append works, one with the SVM's words a PairStepper.
func TestRegistry(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	xor := []Example{{1, 1, 1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, -1}}
	for _, k := range Learners() {
		for _, name := range append([]string{k.Name}, k.Aliases...) {
			if seen[name] {
				t.Errorf("%s: the name %q is taken", k.Name, name)
			}
			seen[name] = true
			if got, ok := LookupLearner(strings.ToUpper(name)); !ok || got != k {
				t.Errorf("LookupLearner(%q) = %v, %v", name, got, ok)
			}
		}
		if k.Title == "" || k.Short == "" || k.Summary == "" || k.Source == "" || k.Intro == nil || k.New == nil {
			t.Errorf("%s: a word is missing: %+v", k.Name, k)
		}
		cfg := Config{Kernel: Poly{D: 2}, Tie: TieNeg, Epochs: 5, Learner: k.Name}
		if intro := k.Intro(cfg); !strings.HasPrefix(intro, "learner: ") {
			t.Errorf("%s: intro %q", k.Name, intro)
		}
		l, err := NewLearner(cfg, xor)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		if l.Config().Kind() != k {
			t.Errorf("%s: the learner made is a %s", k.Name, l.Config().Kind().Name)
		}
		if _, ok := l.(Passer); ok != k.Passes {
			t.Errorf("%s: Passer %v, Passes %v", k.Name, ok, k.Passes)
		}
		if _, ok := l.(PairStepper); ok == k.Passes {
			t.Errorf("%s: a PairStepper %v and Passes %v", k.Name, ok, k.Passes)
		}
		a, ok := l.(Appender)
		works := ok && a.Append(Example{0.5, 0.5, 1}) == nil
		if works != k.Appends {
			t.Errorf("%s: Append works %v, Appends %v", k.Name, works, k.Appends)
		}
		if err := l.Run(); err != nil {
			t.Errorf("%s: Run: %v", k.Name, err)
		}
		for _, s := range k.Settings {
			v := s.Default
			if got, err := s.Parse(s.Text(v)); err != nil || got != v {
				t.Errorf("%s: %s's default %v reads back as %v, %v", k.Name, s.Name, v, got, err)
			}
			if s.Check(v) != nil {
				t.Errorf("%s: %s's default %v is refused: %v", k.Name, s.Name, v, s.Check(v))
			}
			for _, r := range s.Ladder {
				if err := s.Check(r); err != nil {
					t.Errorf("%s: %s's ladder holds %v: %v", k.Name, s.Name, r, err)
				}
			}
			if s.Ladder != nil && s.Keys[0] == s.Keys[1] {
				t.Errorf("%s: %s's keys %v", k.Name, s.Name, s.Keys)
			}
		}
	}
	if got, err := ParseLearner("perceptron-ish"); err == nil || !strings.Contains(err.Error(), LearnerNames()) {
		t.Errorf("ParseLearner of an unknown name: %q, %v", got, err)
	}
}

// TestSettings: a setting reads what the command line writes (numbers,
// inf where it is allowed), refuses what is outside its range with its
// range in the message, and steps along its ladder to both ends.
func TestSettings(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s       *Setting
		text    string
		want    float64
		wantErr string
	}{
		{cSetting, "inf", math.Inf(1), ""},
		{cSetting, "∞", math.Inf(1), ""},
		{cSetting, "0.5", 0.5, ""},
		{cSetting, "0", 0, "C must be > 0 (or inf for the hard margin), not 0"},
		{cSetting, "lots", 0, `want a number > 0 or inf, not "lots"`},
		{etaSetting, "inf", 0, "η must be a finite number > 0, not +Inf"},
		{etaSetting, "-1", 0, "η must be a finite number > 0, not -1"},
		{budgetSetting, "2.5", 0, `want a whole number ≥ 1, not "2.5"`},
		{budgetSetting, "0", 0, "the budget must be at least 1 support vector, not 0"},
		{maxIterSetting, "0", 0, ""},
		{lambdaSetting, "1e-3", 1e-3, ""},
		{lambdaSetting, "NaN", 0, "λ must be from 1e-12 to 1e12, not NaN"},
		// λ's bounds (MinLambda, MaxLambda): 1/(λt) made f NaN at 1e-320,
		// which read as kernel values too large, and 0 at 1e308.
		{lambdaSetting, "1e-12", 1e-12, ""},
		{lambdaSetting, "1e12", 1e12, ""},
		{lambdaSetting, "1e-320", 0, "λ must be from 1e-12 to 1e12, not 1e-320"},
		{lambdaSetting, "1e308", 0, "λ must be from 1e-12 to 1e12, not 1e+308"},
		{lambdaSetting, "0", 0, "λ must be from 1e-12 to 1e12, not 0"},
		{lambdaSetting, "inf", 0, "λ must be from 1e-12 to 1e12, not +Inf"},
		{lambdaSetting, "much", 0, `want a number from 1e-12 to 1e12, not "much"`},
	} {
		got, err := c.s.Parse(c.text)
		switch {
		case c.wantErr == "" && (err != nil || got != c.want):
			t.Errorf("%s.Parse(%q) = %v, %v; want %v", c.s.Name, c.text, got, err, c.want)
		case c.wantErr != "" && (err == nil || err.Error() != c.wantErr):
			t.Errorf("%s.Parse(%q): error %v, want %q", c.s.Name, c.text, err, c.wantErr)
		}
	}
	// C: 0.01 … 1000, ∞, as the terminal program's < and > have always
	// stepped it.
	v, steps := 0.01, 0
	for {
		next, ok := cSetting.Step(v, true)
		if !ok {
			break
		}
		v, steps = next, steps+1
	}
	if !math.IsInf(v, 1) || steps != 16 {
		t.Errorf("C up from 0.01: %d steps to %v, want 16 to ∞", steps, v)
	}
	if got, ok := cSetting.Step(math.Inf(1), false); !ok || got != 1000 {
		t.Errorf("C down from ∞: %v, %v; want 1000", got, ok)
	}
	if got, ok := budgetSetting.Step(3.5, true); !ok || got != 4 {
		t.Errorf("B up from 3.5 (off the ladder): %v, %v; want 4", got, ok)
	}
	if _, ok := budgetSetting.Step(1, false); ok {
		t.Error("B down from 1: a rung below the ladder")
	}
}

// TestParamsAreValues: a Config copied and changed leaves the original's
// settings as they were.
func TestParamsAreValues(t *testing.T) {
	t.Parallel()
	a := Config{Learner: "svm"}.With("C", 2)
	b := a.With("C", 5)
	if a.Param("C") != 2 || b.Param("C") != 5 || a.Param("tol") != DefaultTol {
		t.Errorf("C: a %v, b %v; tol %v", a.Param("C"), b.Param("C"), a.Param("tol"))
	}
	if a.Params.Equal(b.Params) || !a.Params.Equal(Config{}.With("C", 2).With("eta", 1).Params) {
		t.Error("Params.Equal: a setting given as its default must equal one not given")
	}
}

// TestOnlineUndoAndField: for PA and Pegasos, a run stepped forward and
// back at random (as b does) is, after each move, the run a fresh learner
// stepped as far reaches: α and the counts exactly, every score and a
// Field that followed the moves (through Pegasos's rescaling of every
// coefficient each step) within 1e-9 of the fresh values.
func TestOnlineUndoAndField(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 23))
	for trial := range 8 {
		name := []string{"pa", "pegasos"}[trial%2]
		cfg := Config{Kernel: []Kernel{RBF{Sigma: 0.8}, Poly{D: 2, C: 1}, Linear{}}[trial%3], Bias: trial%4 < 2, Tie: Ties[trial%3],
			Epochs: 6, Shuffle: trial%3 == 0, Seed: uint64(trial), Learner: name}
		cfg = cfg.With("C", []float64{0.3, 1, math.Inf(1)}[trial%3]).With("lambda", []float64{0.05, 0.5}[trial%2])
		if trial >= 6 {
			cfg.UndoBytes = 60 // a short history: Undo stops at its floor
		}
		data := relNoisy(r, 25, 0.3)
		l, err := NewLearner(cfg, data)
		if err != nil {
			t.Fatal(err)
		}
		fd := NewField(Rect{MinX1: -2, MaxX1: 2, MinX2: -2, MaxX2: 2}, 9, 7)
		fd.Follow(l)
		for move := range 300 {
			if r.IntN(3) == 0 {
				if !l.Undo() && l.CanUndo() {
					t.Fatalf("%s trial %d move %d: CanUndo but Undo fails", name, trial, move)
				}
			} else if _, err := l.Step(); err != nil && !errors.Is(err, ErrStopped) {
				t.Fatal(err)
			}
			fresh, _ := NewLearner(cfg, data)
			for fresh.T() < l.T() {
				if _, err := fresh.Step(); err != nil {
					t.Fatal(err)
				}
			}
			for j := range l.N() {
				if l.Alpha(j) != fresh.Alpha(j) || math.Abs(l.Score(j)-fresh.Score(j)) > 1e-9*(1+math.Abs(fresh.Score(j))) {
					t.Fatalf("%s trial %d move %d, T = %d: α%d %v / %v, f %v / %v", name, trial, move, l.T(), j+1,
						l.Alpha(j), fresh.Alpha(j), l.Score(j), fresh.Score(j))
				}
			}
			p, q := l.(Passer), fresh.(Passer)
			if l.Mistakes() != fresh.Mistakes() || p.Epoch() != q.Epoch() || p.EpochMistakes() != q.EpochMistakes() ||
				l.State() != fresh.State() || l.Next() != fresh.Next() {
				t.Fatalf("%s trial %d move %d, T = %d: mistakes %d/%d, pass %d/%d (%d/%d this pass), state %v/%v, next %d/%d",
					name, trial, move, l.T(), l.Mistakes(), fresh.Mistakes(), p.Epoch(), q.Epoch(), p.EpochMistakes(), q.EpochMistakes(),
					l.State(), fresh.State(), l.Next(), fresh.Next())
			}
			if a, b := l.(Explainer).RunValues()[0].V, fresh.(Explainer).RunValues()[0].V; a != b {
				t.Fatalf("%s trial %d move %d: %v updates, fresh %v", name, trial, move, a, b)
			}
			want := NewField(fd.Rect, fd.W, fd.H)
			want.Recompute(fresh)
			for g, v := range fd.Values {
				if math.Abs(v-want.Values[g]) > 1e-9*(1+math.Abs(want.Values[g])) {
					t.Fatalf("%s trial %d move %d: field %v at %d, fresh %v", name, trial, move, v, g, want.Values[g])
				}
			}
		}
	}
}

// TestPegasosWorkedByHand: Pegasos with λ = 1 on x₁ = (1, 0), y₁ = +1 and
// x₂ = (0, 1), y₂ = −1, linear kernel, no bias (K₁₁ = K₂₂ = 1, K₁₂ = 0):
//
//	t=1, i=1: f = 0                              y·f = 0 < 1: α₁ = 1
//	t=2, i=2: f = (1/(1·1))·(1·1·0) = 0          y·f = 0 < 1: α₂ = 1
//	t=3, i=1: f = (1/2)·(1·1·1 − 1·1·0) = 0.5    y·f = 0.5 < 1: α₁ = 2
//	t=4, i=2: f = (1/3)·(2·0 − 1·1) = −1/3       y·f = 1/3 < 1: α₂ = 2
//	t=5, i=1: f = (1/4)·(2·1 − 2·0) = 0.5        y·f = 0.5 < 1: α₁ = 3
//	t=6, i=2: f = (1/5)·(3·0 − 2·1) = −0.4       y·f = 0.4 < 1: α₂ = 3
//
// and f(x) = (1/(λT)) Σ αⱼ yⱼ K(xⱼ, x) = (3x₁ − 3x₂)/6 after T = 6: at
// x = (1, 0) it is 0.5. (Every value is exact or one rounding.)
func TestPegasosWorkedByHand(t *testing.T) {
	t.Parallel()
	data := []Example{{1, 0, 1}, {0, 1, -1}}
	l, err := NewLearner(Config{Kernel: Linear{}, Tie: TieMistake, Epochs: 3, Learner: "pegasos"}.With("lambda", 1), data)
	if err != nil {
		t.Fatal(err)
	}
	wantF := []float64{0, 0, 0.5, -1.0 / 3, 0.5, -0.4}
	wantAlpha := []float64{1, 1, 2, 2, 3, 3}
	for k := range 6 {
		s, err := l.Step()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(s.F-wantF[k]) > 1e-15 || !s.Update || s.Alpha != wantAlpha[k] {
			t.Errorf("step %d: f = %v, update %v, α%d = %v; want %v, true, %v", k+1, s.F, s.Update, s.I+1, s.Alpha, wantF[k], wantAlpha[k])
		}
	}
	if _, err := l.Step(); !errors.Is(err, ErrStopped) || l.State() != Capped {
		t.Errorf("after 3 passes: %v, state %v; want stopped at the cap", err, l.State())
	}
	if got := l.Decide(1, 0); math.Abs(got-0.5) > 1e-15 {
		t.Errorf("f(1, 0) = %v, want 0.5", got)
	}
	if got := l.(*Pegasos).Scale(); got != 1.0/6 {
		t.Errorf("scale 1/(λT) = %v, want 1/6", got)
	}
	if !slices.Equal(l.SupportVectors(), []int{0, 1}) {
		t.Errorf("support vectors %v", l.SupportVectors())
	}
}

// TestPAWorkedByHand: PA-I with C = 1 on the same two points: step 1, f = 0,
// ℓ = 1, τ = min(1, 1/1) = 1; step 2, f = 1·1·K₁₂ = 0, ℓ = 1, τ = 1; pass 2:
// f(x₁) = 1 and f(x₂) = −1, both at margin 1, ℓ = 0: converged after two
// passes; and with C = 0.25 every τ is capped at 0.25 until the margins
// reach 1 (f(x₁) = 0.25, 0.5, 0.75, 1 over four passes).
func TestPAWorkedByHand(t *testing.T) {
	t.Parallel()
	data := []Example{{1, 0, 1}, {0, 1, -1}}
	l, err := NewLearner(Config{Kernel: Linear{}, Tie: TieMistake, Epochs: 10, Learner: "pa"}, data)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Run(); err != nil || l.State() != Converged || l.T() != 4 || l.Alpha(0) != 1 || l.Alpha(1) != 1 {
		t.Errorf("C = 1: %v, %v after %d steps, α = [%v %v]; want converged after 4 steps, α = [1 1]", err, l.State(), l.T(), l.Alpha(0), l.Alpha(1))
	}
	l, _ = NewLearner(Config{Kernel: Linear{}, Tie: TieMistake, Epochs: 10, Learner: "pa"}.With("C", 0.25), data)
	if err := l.Run(); err != nil || l.State() != Converged || l.Alpha(0) != 1 || l.(Passer).Epoch() != 5 {
		t.Errorf("C = 0.25: %v, %v after %d passes, α₁ = %v; want converged after 5 passes, α₁ = 1", err, l.State(), l.(Passer).Epoch(), l.Alpha(0))
	}
}

// TestIntroCountsInWords: a learner's introduction counts in words, the
// singular for one: a budget of 1 is "at most 1 support vector", a cap of 1
// pass "all 1 pass"; never "1 support vectors" or "1 passes".
func TestIntroCountsInWords(t *testing.T) {
	for _, c := range []struct {
		learner, param, want string
	}{
		{"budget", "budget", "at most 1 support vector;"},
		{"forgetron", "budget", "at most 1 support vector;"},
		{"stoptron", "budget", "until 1 example is a support vector,"},
		{"pegasos", "", "it runs all 1 pass;"},
	} {
		cfg := Config{Kernel: Linear{}, Tie: TieNeg, Epochs: 1, Learner: c.learner}
		if c.param != "" {
			cfg.Params = NewParams(c.param, 1)
		}
		k, _ := LookupLearner(c.learner)
		if intro := k.Intro(cfg); !strings.Contains(intro, c.want) {
			t.Errorf("%s: intro %q lacks %q", c.learner, intro, c.want)
		}
	}
}
