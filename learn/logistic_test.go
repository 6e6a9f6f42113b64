package learn

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// relErr is |got − want| / max(|got|, |want|), 0 when both are 0.
func relErr(got, want float64) float64 {
	m := math.Max(math.Abs(got), math.Abs(want))
	if m == 0 {
		return 0
	}
	return math.Abs(got-want) / m
}

// The worked example is seed 003's XOR, worked4 (perceptron_test.go):
// x¹ = (1, 1), x² = (−1, 1), x³ = (−1, −1), x⁴ = (1, −1), y = +1, −1, +1,
// −1, with K(u, v) = (u·v)², whose Gram matrix the notes write out: rows
// 4 0 4 0 / 0 4 0 4 / 4 0 4 0 / 0 4 0 4.

func logisticOn(t *testing.T, data []Example, cfg Config) *Logistic {
	t.Helper()
	cfg.Learner = "logistic"
	l, err := NewLearner(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	return l.(*Logistic)
}

// TestLogisticWorkedByHand: the first three steps on the notes' worked
// example, η = 1, λ = 0, tie rule neg, worked by hand from the update rule
// (logistic.go's comment) with σ(½) = 1/(1 + e^(−½)) = 0.6224593312018546
// and e^1.8775406687981455 = 6.537407425779398 (Python's math.exp):
//
//	t=1, i=1: f = 0 (every α and w₀ are 0); P(y=+1) = σ(0) = ½; y₁ = +1: g = 1 − ½ = ½
//	          → α₁ = ½, w₀ = ½; sign(0) = −1 under neg: a mistake (reported)
//	t=1, i=2: f = w₀ + α₁y₁K(x₁, x₂) = ½ + ½·0 = ½; y₂ = −1: g = 1 − P(y=−1) = σ(½) = 0.6224593312018546
//	          → α₂ = 0.6224593312018546, w₀ = ½ − 0.6224593312018546 = −0.1224593312018546
//	t=1, i=3: f = w₀ + α₁·4 − α₂·0 = −0.1224593312018546 + 2 = 1.8775406687981455;
//	          g = 1/(1 + 6.537407425779398) = 0.1326716128651618 → α₃ = 0.1326716128651618,
//	          w₀ = 0.010212281663307204; sign(f) = +1 = y₃: right
//
// and with λ = 0.1 (every α × 0.9 before each add): α₁ = 0.45 at step 3,
// f₃ = −0.1224593312018546 + 0.45·4 = 1.6775406687981453, g₃ =
// 0.15742139957082926, then α = [0.405, 0.5602133980816691, g₃, 0].
// Tolerance 1e-14 relative: a few roundings, and w₀ after step 3 is the
// difference of two numbers ten times its size.
func TestLogisticWorkedByHand(t *testing.T) {
	t.Parallel()
	const tol = 1e-14
	cfg := Config{Kernel: Poly{D: 2}, Tie: TieNeg, Epochs: 3}
	l := logisticOn(t, worked4, cfg)
	type want struct {
		f, g, w0   float64
		alpha      []float64
		prediction int
		mistake    bool
	}
	steps := []want{
		{0, 0.5, 0.5, []float64{0.5, 0, 0, 0}, -1, true},
		{0.5, 0.6224593312018546, -0.1224593312018546, []float64{0.5, 0.6224593312018546, 0, 0}, 1, true},
		{1.8775406687981455, 0.1326716128651618, 0.010212281663307204, []float64{0.5, 0.6224593312018546, 0.1326716128651618, 0}, 1, false},
	}
	check := func(name string, l *Logistic, steps []want) {
		for k, w := range steps {
			s, err := l.Step()
			if err != nil {
				t.Fatal(err)
			}
			g := l.Gain(s)
			if relErr(s.F, w.f) > tol || relErr(g, w.g) > tol || relErr(l.Offset(), w.w0) > tol ||
				s.Prediction != w.prediction || s.Mistake != w.mistake {
				t.Errorf("%s step %d: f = %v, g = %v, w₀ = %v, prediction %d, mistake %v; want %v, %v, %v, %d, %v",
					name, k+1, s.F, g, l.Offset(), s.Prediction, s.Mistake, w.f, w.g, w.w0, w.prediction, w.mistake)
			}
			for j, a := range l.Alphas() {
				if relErr(a, w.alpha[j]) > tol {
					t.Errorf("%s step %d: α = %v, want %v", name, k+1, l.Alphas(), w.alpha)
					break
				}
			}
			if p := l.Probability(s.F); relErr(1/(1+math.Exp(-w.f)), p) > tol {
				t.Errorf("%s step %d: P(y=+1) = %v", name, k+1, p)
			}
		}
	}
	check("λ = 0", l, steps)
	decayed := logisticOn(t, worked4, cfg.With("lambda", 0.1))
	check("λ = 0.1", decayed, []want{
		steps[0],
		{0.5, 0.6224593312018546, -0.1224593312018546, []float64{0.45, 0.6224593312018546, 0, 0}, 1, true},
		{1.6775406687981453, 0.15742139957082926, -0.1224593312018546 + 0.15742139957082926,
			[]float64{0.405, 0.5602133980816691, 0.15742139957082926, 0}, 1, false},
	})
}

// logisticCase is one run of learn/testdata/logistic/logistic_reference.json.
type logisticCase struct {
	Name, Kernel, Tie string
	Bias              bool
	Eta, Lambda       float64
	Epochs            int
	Steps             []struct {
		T, Epoch, I, Y, Prediction int
		F, P, G, W0                float64
		Mistake                    bool
		Alpha                      []float64
	}
	Final struct {
		Epochs, Steps, Mistakes int
		Alpha                   []float64
		W0, Loss, Accuracy      float64
	}
}

// TestLogisticReferenceTable: two runs on six points (an RBF kernel with
// λ = 0 and tie rule neg; poly(d=2, c=1) with the bias, η = 0.5, λ = 0.2,
// tie rule mistake), every step's f, P, g, α and w₀ and the final loss
// and accuracy against the values docs/bench/logistic_reference.py wrote
// (numpy, α decayed directly: `logistic_reference.py testdata`), within
// 1e-12 relative.
func TestLogisticReferenceTable(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("testdata", "logistic", "logistic_reference.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []logisticCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	data := readTable(t, filepath.Join("testdata", "logistic", "logistic_table.csv"))
	const tol = 1e-12
	for _, c := range cases {
		k, err := ParseKernel(c.Kernel)
		if err != nil {
			t.Fatal(err)
		}
		tie, _ := ParseTie(c.Tie)
		cfg := Config{Kernel: k, Bias: c.Bias, Tie: tie, Epochs: c.Epochs}.With("eta", c.Eta).With("lambda", c.Lambda)
		l := logisticOn(t, data, cfg)
		for _, w := range c.Steps {
			s, err := l.Step()
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			if s.T != w.T || s.Epoch != w.Epoch || s.I+1 != w.I || s.Y != w.Y || s.Prediction != w.Prediction || s.Mistake != w.Mistake {
				t.Fatalf("%s step %d: %+v, want %+v", c.Name, w.T, s, w)
			}
			vals := l.StepValues(s)
			for _, d := range [][2]float64{{s.F, w.F}, {vals[0].V, w.P}, {vals[1].V, w.G}, {vals[2].V, w.W0}, {l.Offset(), w.W0}} {
				if relErr(d[0], d[1]) > tol {
					t.Errorf("%s step %d: %v, reference %v", c.Name, w.T, d[0], d[1])
				}
			}
			for j, a := range l.Alphas() {
				if relErr(a, w.Alpha[j]) > tol {
					t.Errorf("%s step %d: α%d = %v, reference %v", c.Name, w.T, j+1, a, w.Alpha[j])
				}
			}
		}
		if _, err := l.Step(); !errors.Is(err, ErrStopped) || l.State() != Capped {
			t.Errorf("%s: after %d passes: %v, %v", c.Name, c.Epochs, err, l.State())
		}
		if relErr(l.LogLoss(), c.Final.Loss) > tol || l.Accuracy() != c.Final.Accuracy || l.Mistakes() != c.Final.Mistakes {
			t.Errorf("%s: loss %v, accuracy %v, mistakes %d; reference %v, %v, %d", c.Name, l.LogLoss(), l.Accuracy(), l.Mistakes(),
				c.Final.Loss, c.Final.Accuracy, c.Final.Mistakes)
		}
	}
}

// readTable reads a file of rows x1,x2,y after a header.
func readTable(t *testing.T, path string) []Example {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []Example
	for _, r := range rows[1:] {
		x1, _ := strconv.ParseFloat(r[0], 64)
		x2, _ := strconv.ParseFloat(r[1], 64)
		y, _ := strconv.Atoi(r[2])
		out = append(out, Example{x1, x2, y})
	}
	return out
}

// TestLogisticSteady: g, σ and the log-loss stay finite and right for any
// f (no overflow of e^(y·f)), and every step adds to α: nearly η when
// confidently wrong, almost nothing when confidently right.
func TestLogisticSteady(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		f       float64
		y       int
		g, loss float64 // by hand: g = 1/(1 + e^(y·f)), loss = log(1 + e^(−y·f))
	}{
		{0, 1, 0.5, math.Ln2},
		{1000, 1, 0, 0},                         // e^−1000 underflows: confidently right
		{1000, -1, 1, 1000},                     // log(1 + e^1000) = 1000 + log(1 + e^−1000)
		{-800, 1, 1, 800},                       //
		{40, -1, 1, 40},                         // 1 − e^−40 rounds to 1
		{-40, -1, math.Exp(-40), math.Exp(-40)}, // e^−40/(1 + e^−40), log1p(e^−40)
	} {
		g, loss := logisticGain(c.f, c.y), logLoss(c.f, c.y)
		if relErr(g, c.g) > 1e-15 || relErr(loss, c.loss) > 1e-15 || math.IsNaN(g) || math.IsNaN(loss) {
			t.Errorf("f = %v, y = %d: g = %v, loss = %v; want %v, %v", c.f, c.y, g, loss, c.g, c.loss)
		}
	}
	if p := sigma(-1000); p != 0 || sigma(1000) != 1 || sigma(0) != 0.5 {
		t.Errorf("σ(−1000), σ(1000), σ(0) = %v, %v, %v", p, sigma(1000), sigma(0))
	}
}

// TestLogisticJoint: ηλ ≥ 1 would flip the sign of every α, and is refused
// with both values named; λ < 0 too; ηλ just under 1 trains.
func TestLogisticJoint(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		eta, lambda float64
		want        string
	}{
		{1, 1, "ηλ must be < 1"},
		{2, 0.6, "η·λ = 2·0.6 = 1.2"},
		{1, -0.1, "λ must be ≥ 0"},
		{1, 0.999, ""},
		{1e-3, 500, ""},
	} {
		cfg := Config{Kernel: Linear{}, Tie: TieNeg, Epochs: 2, Learner: "logistic"}.With("eta", c.eta).With("lambda", c.lambda)
		l, err := NewLearner(cfg, worked4)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("η = %v, λ = %v: %v", c.eta, c.lambda, err)
		case c.want == "":
			if err := l.Run(); err != nil {
				t.Errorf("η = %v, λ = %v: Run: %v", c.eta, c.lambda, err)
			}
		case err == nil || !strings.Contains(err.Error(), c.want):
			t.Errorf("η = %v, λ = %v: %v, want %q", c.eta, c.lambda, err, c.want)
		}
	}
	// A λ kept for Pegasos that logistic regression cannot take goes to
	// its default when l reaches it (Fit), and says so.
	peg := Config{Learner: "pegasos"}.With("lambda", 5)
	if fit, changed := logisticKind.Fit(peg); fit.Param("lambda") != 0 || fit.Learner != "logistic" || len(changed) != 1 || changed[0] != "λ = 5 → 0" {
		t.Errorf("Fit of Pegasos's λ = 5: λ = %v, %q", fit.Param("lambda"), changed)
	}
	if fit, changed := logisticKind.Fit(peg.With("lambda", 0.5)); fit.Param("lambda") != 0.5 || len(changed) != 0 {
		t.Errorf("Fit of λ = 0.5: λ = %v, %q", fit.Param("lambda"), changed)
	}
	if got := (Config{Learner: "logistic"}).Param("lambda"); got != 0 {
		t.Errorf("logistic regression's λ by default: %v, want 0", got)
	}
	if got := (Config{Learner: "pegasos"}).Param("lambda"); got != 0.1 {
		t.Errorf("Pegasos's λ by default: %v, want 0.1", got)
	}
}

// TestLogisticDecayUndo: with a decay strong enough that the shared scale
// is folded into α every few hundred steps (ηλ = 0.5: s halves each
// step), Undo goes back step by step to 0 with α, w₀ and the schedule bit
// for bit those of a fresh run at each T checked; a field that follows the
// learner through it all matches one recomputed (within 1e-9 of the
// largest |f| on it: undos double its rounding each, until resync); and the
// run narrated makes the same steps, bit for bit, as the run quiet.
func TestLogisticDecayUndo(t *testing.T) {
	t.Parallel()
	data := []Example{{0.3, 1.1, 1}, {-0.7, 0.2, -1}, {1.4, -0.5, 1}, {-1.2, -0.9, -1}, {0.1, 0.4, 1}, {0.8, 0.9, -1}, {-0.3, -1.6, 1}}
	cfg := Config{Kernel: RBF{Sigma: 0.8}, Bias: true, Tie: TieMistake, Epochs: 200}.With("lambda", 0.5)
	l := logisticOn(t, data, cfg)
	fd := NewField(Rect{-2, 2, -2, 2}, 9, 7)
	fd.Follow(l)
	narrated := logisticOn(t, data, Config{Kernel: cfg.Kernel, Bias: true, Tie: TieMistake, Epochs: 200,
		Params: cfg.Params, RunOptions: RunOptions{Narrate: true}})
	type snap struct {
		t, epoch, mistakes int
		alpha              []float64
		w0                 float64
	}
	at := func(l *Logistic) snap { return snap{l.T(), l.Epoch(), l.Mistakes(), l.Alphas(), l.Offset()} }
	var path []snap
	folds := 0
	for l.State() == Running {
		path = append(path, at(l))
		s, err := l.Step()
		if err != nil {
			t.Fatal(err)
		}
		n, err := narrated.Step()
		if err != nil || math.Float64bits(s.F) != math.Float64bits(n.F) || !slices.Equal(l.Alphas(), narrated.Alphas()) {
			t.Fatalf("step %d: quiet f = %v, narrated %v (%v)", s.T, s.F, n.F, err)
		}
		if l.s > 0.25 && path[len(path)-1].t > 0 {
			folds++ // s is back near 1: a fold (it halves each step otherwise)
		}
	}
	if folds < 3 {
		t.Fatalf("only %d folds in %d steps", folds, l.T())
	}
	checkField := func() {
		ref := NewField(fd.Rect, fd.W, fd.H)
		ref.Recompute(l)
		scale := 0.0
		for _, v := range ref.Values {
			scale = math.Max(scale, math.Abs(v))
		}
		for g, v := range fd.Values {
			if math.Abs(v-ref.Values[g]) > 1e-9*scale {
				t.Fatalf("T = %d: the field followed %v at %d, recomputed %v", l.T(), v, g, ref.Values[g])
			}
		}
	}
	checkField()
	for l.T() > 0 {
		if !l.Undo() {
			t.Fatalf("Undo refused at T = %d", l.T())
		}
		want := path[l.T()]
		got := at(l)
		if got.t != want.t || got.epoch != want.epoch || got.mistakes != want.mistakes || !slices.Equal(got.alpha, want.alpha) ||
			math.Float64bits(got.w0) != math.Float64bits(want.w0) {
			t.Fatalf("undone to T = %d: %+v, the run there %+v", l.T(), got, want)
		}
		if l.T()%97 == 0 {
			checkField()
		}
	}
	checkField()
	if len(l.SupportVectors()) != 0 || l.Offset() != 0 {
		t.Errorf("undone to 0: %v, w₀ = %v", l.SupportVectors(), l.Offset())
	}
}

// TestLogisticHeavy: the examples f leans on most are the fewest whose α,
// largest first, make up half of Σα: on α = [0.5, 0.62, 0.13, 0.08]
// (after the worked example's first pass) x₂ alone has 0.62 of 1.33, not
// half; x₂ and x₁ have 1.12.
func TestLogisticHeavy(t *testing.T) {
	t.Parallel()
	l := logisticOn(t, worked4, Config{Kernel: Poly{D: 2}, Tie: TieNeg, Epochs: 1})
	if err := l.Run(); err != nil {
		t.Fatal(err)
	}
	var heavy []int
	for j := range l.N() {
		if l.Heavy(j) {
			heavy = append(heavy, j)
		}
	}
	if !slices.Equal(heavy, []int{0, 1}) || l.HeavyCount() != 2 {
		t.Errorf("heavy %v (count %d), α = %v; want x₁, x₂", heavy, l.HeavyCount(), l.Alphas())
	}
}

// TestSharedSetting: λ is one flag and one session key (Settings lists it
// once) with two variants, Pegasos's (default 0.1, from 1e-12) and
// logistic regression's (default 0, from 0), so it has no common default;
// a value some learner takes is accepted for another's turn (0: logistic
// regression's; 1e-3: both), one none takes is not (−1); η, which several
// learners share as one Setting, has one variant and its default.
func TestSharedSetting(t *testing.T) {
	t.Parallel()
	n := 0
	for _, s := range Settings() {
		if s.Name == "lambda" {
			n++
		}
	}
	if vs := Variants("lambda"); n != 1 || len(vs) != 2 || vs[0] != lambdaSetting || vs[1] != lrLambdaSetting {
		t.Errorf("λ: %d in Settings, variants %v", n, vs)
	}
	if _, ok := CommonDefault("lambda"); ok {
		t.Error("λ has a common default")
	}
	if d, ok := CommonDefault("eta"); !ok || d != 1 || len(Variants("eta")) != 1 {
		t.Errorf("η: common default %v, %v", d, ok)
	}
	for v, ok := range map[float64]bool{0: true, 1e-3: true, 1e12: true, -1: false, 2e12: false} {
		if err := Accepts("lambda", v); (err == nil) != ok {
			t.Errorf("Accepts(λ = %v) = %v", v, err)
		}
	}
	if got := ReadBy(lambdaSetting); got != "pegasos and logistic" {
		t.Errorf("λ is read by %q", got)
	}
}
