package notation

import (
	"strings"
	"testing"

	"kernelscope/learn"
)

// *learn.Perceptron is what trace and the terminal program write.
var _ Run = (*learn.Perceptron)(nil)

// seed003 is the table of seed 003's worked example ("x1 x2 y": 1 1 1,
// −1 1 −1, −1 −1 1, 1 −1 −1), trained with K(u, v) = (u·v)² and
// "sign(0) = −1": the dataset worked4.
var seed003 = []learn.Example{{X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 1, Y: -1}, {X1: -1, X2: -1, Y: 1}, {X1: 1, X2: -1, Y: -1}}

// seed004 is seed 004's "D = {((2, −1), 1), ((2, 1), 1), ((1, 3), −1)}",
// trained on x̃ = (1, x₁, x₂) with "sig(y) = 1 for y ≥ 0": the dataset
// worked3.
var seed004 = []learn.Example{{X1: 2, X2: -1, Y: 1}, {X1: 2, X2: 1, Y: 1}, {X1: 1, X2: 3, Y: -1}}

// written runs a perceptron to the end and writes it as trace does: each
// step, its update if any, then the summary.
func written(t *testing.T, cfg learn.Config, data []learn.Example) []string {
	t.Helper()
	cfg.Epochs, cfg.Narrate = 100, true
	p, err := learn.New(cfg, data)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for p.State() == learn.Running {
		s, err := p.Step()
		if err != nil {
			t.Fatal(err)
		}
		line := Step(p, s)
		if again := Line(p, s, Sum(p, s)); again != line {
			t.Errorf("Line(Sum) = %q, Step = %q", again, line)
		}
		lines = append(lines, line)
		if u := Update(p, s); u != "" {
			lines = append(lines, u)
		}
	}
	return append(lines, strings.Split(strings.TrimSuffix(Summary(p), "\n"), "\n")...)
}

func TestWorkedExamples(t *testing.T) {
	cases := []struct {
		name string
		cfg  learn.Config
		data []learn.Example
		want []string
	}{
		{"seed 003 (worked4)", learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg}, seed003, []string{
			// "t=1, i=1 / Σ_k a^k K(x^k, x^1) = 0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1"
			"t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)   [step 1]",
			// "a^1 += y^1 → a^1 += 1, new a = [1,0,0,0]"
			"mistake → α₁ += 1, new α = [1, 0, 0, 0]",
			// "t=1, i=2 / Σ_k a^k K(x^k, x^2) = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
			"t=1, i=2: Σ αₖ yₖ K(xₖ, x₂) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₂ ✓ (tie rule neg)   [step 2]",
			// "t=1, i=3 / Σ_k a^k K(x^k, x^3) = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1"
			"t=1, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓   [step 3]",
			// "t=1, i=4 / Σ_k a^k K(x^k, x^4) = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
			"t=1, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₄ ✓ (tie rule neg)   [step 4]",
			// "t=2, i=1 / Σ_k a^k K(x^k, x^1) = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1"
			"t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]",
			// "..." (the notes stop here; the pass repeats the first one's sums)
			"t=2, i=2: Σ αₖ yₖ K(xₖ, x₂) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₂ ✓ (tie rule neg)   [step 6]",
			"t=2, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓   [step 7]",
			"t=2, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₄ ✓ (tie rule neg)   [step 8]",
			// "Converged!!!"
			"converged after 2 passes (8 steps, 1 mistake): every example is classified correctly",
			"support vectors: 1 of 4 (α₁ = 1)",
			// "y = Σ_k a^k K(x^k, x) = 1 × K(x^1, x) + 0 × … = K([1,1], x) = (x_1 + x_2)^2"
			"f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₁, x) = (x₁ + x₂)² = x₁² + 2·x₁x₂ + x₂²",
		}},
		{"seed 004 (worked3)", learn.Config{Kernel: learn.Linear{}, Bias: true, Tie: learn.TiePos}, seed004, []string{
			// "Σ n^(0) · y · x̃ · x̃_1 = 0, thus sig(…) = 1 = y_1. Hence n^(1) = (0, 0, 0)."
			"t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·6 + 0·4 + 0·0 = 0 → sign(0) = +1 = y₁ ✓ (tie rule pos)   [step 1]",
			// "Σ n^(1) · y · x̃ · x̃_2 = 0, thus sig(…) = 1 = y_2. Hence n^(2) = (0, 0, 0)."
			"t=1, i=2: Σ αₖ yₖ K(xₖ, x₂) = 0·4 + 0·6 + 0·6 = 0 → sign(0) = +1 = y₂ ✓ (tie rule pos)   [step 2]",
			// "Σ n^(2) · y · x̃ · x̃_3 = 0, thus sig(…) = 1 ≠ y_3."
			"t=1, i=3: Σ αₖ yₖ K(xₖ, x₃) = 0·0 + 0·6 + 0·11 = 0 → sign(0) = +1 ≠ y₃ = −1 ✗ (tie rule pos)   [step 3]",
			// "Hence, n^(3) = (0, 0, 1)."
			"mistake → α₃ += 1, new α = [0, 0, 1]",
			// "= −1 · x̃_3 · x̃_1 = −1 · (1, 1, 3) · (1, 2, −1) = −1 · 0 = 0, thus sig(…) = 1 = y_1"
			"t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·6 + 0·4 − 1·0 = 0 → sign(0) = +1 = y₁ ✓ (tie rule pos)   [step 4]",
			// "= −1 · x̃_3 · x̃_2 = −1 · (1, 1, 3) · (1, 2, 1) = −1 · 6 = −6, thus sig(…) = −1 ≠ y_2"
			"t=2, i=2: Σ αₖ yₖ K(xₖ, x₂) = 0·4 + 0·6 − 1·6 = −6 → sign(−6) = −1 ≠ y₂ = +1 ✗   [step 5]",
			// "Hence, n^(5) = (0, 1, 1)."
			"mistake → α₂ += 1, new α = [0, 1, 1]",
			// "= 1 · x̃_2 · x̃_3 − 1 · x̃_3 · x̃_3 = −5 … This is OK."
			"t=2, i=3: Σ αₖ yₖ K(xₖ, x₃) = 0·0 + 1·6 − 1·11 = −5 → sign(−5) = −1 = y₃ ✓   [step 6]",
			// "= 1 · x̃_2 · x̃_1 − 1 · x̃_3 · x̃_1 = 4 … This is OK."
			"t=3, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·6 + 1·4 − 1·0 = 4 → sign(4) = +1 = y₁ ✓   [step 7]",
			// "= 1 · x̃_2 · x̃_2 − 1 · x̃_3 · x̃_2 = 0 … This is OK."
			"t=3, i=2: Σ αₖ yₖ K(xₖ, x₂) = 0·4 + 1·6 − 1·6 = 0 → sign(0) = +1 = y₂ ✓ (tie rule pos)   [step 8]",
			// (the notes stop at a consistent vector; the pass ends on x̃₃ again)
			"t=3, i=3: Σ αₖ yₖ K(xₖ, x₃) = 0·0 + 1·6 − 1·11 = −5 → sign(−5) = −1 = y₃ ✓   [step 9]",
			"converged after 3 passes (9 steps, 2 mistakes): every example is classified correctly",
			"support vectors: 2 of 3 (α₂ = 1, α₃ = 1)",
			// "The result: x̃_2 − x̃_3."
			"f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₂, x) − 1·K(x₃, x) = 1·(2·x₁ + x₂ + 1) − 1·(x₁ + 3·x₂ + 1) = x₁ − 2·x₂",
		}},
		{"seed 003's data under seed 001's rule y·f ≤ 0", learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieMistake}, seed003, []string{
			"t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → y₁·f = 0 ≤ 0 ✗ (tie rule mistake)   [step 1]",
			"mistake → α₁ += 1, new α = [1, 0, 0, 0]",
			"t=1, i=2: Σ αₖ yₖ K(xₖ, x₂) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → y₂·f = 0 ≤ 0 ✗ (tie rule mistake)   [step 2]",
			"mistake → α₂ += 1, new α = [1, 1, 0, 0]",
			"t=1, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 − 1·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓   [step 3]",
			"t=1, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 − 1·4 + 0·0 + 0·4 = −4 → sign(−4) = −1 = y₄ ✓   [step 4]",
			"t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 − 1·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]",
			"t=2, i=2: Σ αₖ yₖ K(xₖ, x₂) = 1·0 − 1·4 + 0·0 + 0·4 = −4 → sign(−4) = −1 = y₂ ✓   [step 6]",
			"t=2, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 − 1·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓   [step 7]",
			"t=2, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 − 1·4 + 0·0 + 0·4 = −4 → sign(−4) = −1 = y₄ ✓   [step 8]",
			"converged after 2 passes (8 steps, 2 mistakes): every example is classified correctly",
			"support vectors: 2 of 4 (α₁ = 1, α₂ = 1)",
			"f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₁, x) − 1·K(x₂, x) = 1·(x₁ + x₂)² − 1·(−x₁ + x₂)² = 4·x₁x₂",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := written(t, c.cfg, c.data)
			for n := range max(len(got), len(c.want)) {
				var g, w string
				if n < len(got) {
					g = got[n]
				}
				if n < len(c.want) {
					w = c.want[n]
				}
				if g != w {
					t.Errorf("line %d:\n got %q\nwant %q", n+1, g, w)
				}
			}
		})
	}
}

// fake is a Learner of any size, without training: K(i, j) = −1 for i ≠ j
// and 2 for i = j, every y = +1 but the last.
type fake struct {
	n     int
	alpha []float64
	eta   float64
}

func (f fake) N() int { return f.n }
func (f fake) Y(i int) int {
	if i == f.n-1 {
		return -1
	}
	return 1
}
func (f fake) Alpha(i int) float64 { return f.alpha[i] }
func (f fake) K(i, j int) float64 {
	if i == j {
		return 2
	}
	return -1
}
func (f fake) SupportVectors() []int {
	var svs []int
	for j, a := range f.alpha {
		if a > 0 {
			svs = append(svs, j)
		}
	}
	return svs
}
func (f fake) Config() learn.Config {
	return learn.Config{Tie: learn.TieMistake, Params: learn.NewParams("eta", f.eta)}
}

// step makes the step that visits i with the given α, as learn would
// (without changing f.alpha: Update reads αᵢ from the step for n > 8).
func (f fake) step(i int) learn.Step {
	s := learn.Step{T: 42, Epoch: 3, I: i, Y: f.Y(i)}
	for _, j := range f.SupportVectors() {
		t := learn.Term{J: j, Alpha: f.alpha[j], Y: f.Y(j), K: f.K(j, i)}
		s.Terms = append(s.Terms, t)
		s.F += t.Value()
	}
	s.Prediction, s.Mistake = f.Config().Tie.Predict(s.F, s.Y)
	s.Alpha = f.alpha[i]
	if s.Mistake {
		s.Alpha += f.eta
	}
	return s
}

func TestLargerSums(t *testing.T) {
	alphas := func(n int, set map[int]float64) []float64 {
		a := make([]float64, n)
		for j, v := range set {
			a[j] = v
		}
		return a
	}
	many := map[int]float64{}
	for j := range 9 {
		many[j] = 1
	}
	cases := []struct {
		name      string
		f         fake
		i         int
		sum, line string
		update    string
	}{
		{"n ≤ 8: every term, a negative K in parentheses",
			fake{n: 3, alpha: []float64{0.5, 0, 1}, eta: 0.5}, 1,
			"0.5·(−1) + 0·2 − 1·(−1) = 0.5",
			"t=3, i=2: Σ αₖ yₖ K(xₖ, x₂) = 0.5·(−1) + 0·2 − 1·(−1) = 0.5 → sign(0.5) = +1 = y₂ ✓   [step 42]", ""},
		{"n > 8, no support vectors",
			fake{n: 12, alpha: make([]float64, 12), eta: 1}, 11,
			"0 (every α is 0)",
			"t=3, i=12: Σ αₖ yₖ K(xₖ, x₁₂) = 0 (every α is 0) → y₁₂·f = 0 ≤ 0 ✗ (tie rule mistake)   [step 42]",
			"mistake → α₁₂ += 1, new α₁₂ = 1"},
		{"n > 8, a few support vectors: the nonzero terms",
			fake{n: 12, alpha: alphas(12, map[int]float64{0: 1, 11: 2}), eta: 1}, 11,
			"1·(−1) − 2·2 = −5",
			"t=3, i=12: Σ αₖ yₖ K(xₖ, x₁₂) = 1·(−1) − 2·2 = −5 → sign(−5) = −1 = y₁₂ ✓   [step 42]", ""},
		{"n > 8, many support vectors: Σ over them",
			fake{n: 12, alpha: alphas(12, many), eta: 1}, 10,
			"Σ over 9 support vectors = −9",
			"t=3, i=11: Σ αₖ yₖ K(xₖ, x₁₁) = Σ over 9 support vectors = −9 → sign(−9) = −1 ≠ y₁₁ = +1 ✗   [step 42]",
			"mistake → α₁₁ += 1, new α₁₁ = 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.f.step(c.i)
			if got := Sum(c.f, s); got != c.sum {
				t.Errorf("Sum = %q, want %q", got, c.sum)
			}
			if got := Step(c.f, s); got != c.line {
				t.Errorf("Step =\n %q, want\n %q", got, c.line)
			}
			if got := Update(c.f, s); got != c.update {
				t.Errorf("Update = %q, want %q", got, c.update)
			}
		})
	}
}

func TestDecisionTies(t *testing.T) {
	for _, c := range []struct {
		tie  learn.Tie
		y    int
		want string
	}{
		{learn.TieMistake, 1, "y₁·f = 0 ≤ 0 ✗ (tie rule mistake)"},
		{learn.TiePos, 1, "sign(0) = +1 = y₁ ✓ (tie rule pos)"},
		{learn.TiePos, -1, "sign(0) = +1 ≠ y₁ = −1 ✗ (tie rule pos)"},
		{learn.TieNeg, 1, "sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)"},
		{learn.TieNeg, -1, "sign(0) = −1 = y₁ ✓ (tie rule neg)"},
	} {
		pred, mistake := c.tie.Predict(0, c.y)
		s := learn.Step{I: 0, Y: c.y, Prediction: pred, Mistake: mistake}
		if got := Predicted(s, c.tie); got != c.want {
			t.Errorf("tie %s, y = %d: %q, want %q", c.tie, c.y, got, c.want)
		}
	}
}

func TestOutcome(t *testing.T) {
	p, err := learn.New(learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 2, RunOptions: learn.RunOptions{Narrate: true}},
		[]learn.Example{{X1: 1, Y: 1}, {X1: 1, Y: -1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	want := "not converged: stopped at the cap of 2 passes (4 steps, 4 mistakes; 2 in the last pass). The cap of 2 passes stopped it, not the data: allow more passes to go on."
	if got := Outcome(p); got != want {
		t.Errorf("Outcome = %q, want %q", got, want)
	}
	if got := SupportVectors(fake{n: 2, alpha: []float64{0, 0}}); got != "support vectors: 0 of 2" {
		t.Errorf("SupportVectors = %q", got)
	}
}

// TestProbe: after the first step of seed 003's example α₁ = 1 alone, so
// f(x) = 1·K(x₁, x) = ((1, 1)·x)² = (x₁ + x₂)² (seed 003: "= (x₁ + x₂)²").
// At (0.5, −0.2): (0.3)² = 0.09 (to within Num's rounding); on the
// anti-diagonal f = 0, which tie neg calls −1.
func TestProbe(t *testing.T) {
	data := []learn.Example{{X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 1, Y: -1}, {X1: -1, X2: -1, Y: 1}, {X1: 1, X2: -1, Y: -1}}
	p, err := learn.New(learn.Config{Kernel: learn.Poly{D: 2, C: 0}, Tie: learn.TieNeg, Epochs: 100}, data)
	if err != nil {
		t.Fatal(err)
	}
	p.Step()
	for _, c := range []struct {
		x1, x2 float64
		want   string
	}{
		{0.5, -0.2, "f(0.5, −0.2) = Σ αₖ yₖ K(xₖ, x) = 1·0.09 = 0.09 → sign(0.09) = +1: predicts +1"},
		{-1, 1, "f(−1, 1) = Σ αₖ yₖ K(xₖ, x) = 1·0 = 0 → sign(0) = −1 (tie rule neg): predicts −1"},
	} {
		if got := Probe(p, learn.TieNeg, c.x1, c.x2); got != c.want {
			t.Errorf("Probe(%v, %v) =\n %q, want\n %q", c.x1, c.x2, got, c.want)
		}
	}
}

// TestCapReason: the reason a run stopped at its cap names the cause. PA-I
// with C = 0.1 on x = ±1 (linear kernel) classifies both points after its
// first step but moves α by at most C = 0.1 a step, so yᵢf(xᵢ) < 1 keeps
// it updating, without a mistake, through both passes. The Stoptron with
// a budget of 1 on x = 1, 2, 3 labelled +1, −1, +1 keeps α₁ alone and
// misclassifies x₂ for ever.
func TestCapReason(t *testing.T) {
	run := func(cfg learn.Config, data []learn.Example) Run {
		t.Helper()
		l, err := learn.NewLearner(cfg, data)
		if err != nil {
			t.Fatal(err)
		}
		r := l.(interface {
			Run
			Run() error
		})
		if err := r.Run(); err != nil {
			t.Fatal(err)
		}
		return r
	}
	pa := run(learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 2, Learner: "pa", Params: learn.NewParams("C", 0.1)},
		[]learn.Example{{X1: 1, Y: 1}, {X1: -1, Y: -1}})
	if pa.State() != learn.Capped || pa.EpochMistakes() != 0 {
		t.Fatalf("PA-I: state %v with %d mistakes in the last pass; want capped with none", pa.State(), pa.EpochMistakes())
	}
	if got := CapReason(pa); !strings.Contains(got, "No mistake in the last pass, but updates go on where yᵢf(xᵢ) < 1") {
		t.Errorf("PA-I's cap reason = %q", got)
	}
	stop := run(learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 3, Learner: "stoptron", Params: learn.NewParams("budget", 1)},
		[]learn.Example{{X1: 1, Y: 1}, {X1: 2, Y: -1}, {X1: 3, Y: 1}})
	if got := CapReason(stop); !strings.Contains(got, "The budget is full, so α stopped changing") {
		t.Errorf("the Stoptron's cap reason = %q", got)
	}
}
