package learn

import (
	"fmt"
	"strings"
)

// Pegasos, the primal estimated sub-gradient solver of the SVM
// (Shalev-Shwartz, Singer, Srebro & Cotter, Math. Program. 127, 2011), in
// the kernel's dual form: the primal step of its Figure 1 with ηₜ = 1/(λt)
// and no projection, visiting the examples in the perceptron's order
// rather than at random. With integer counts α and t = 1, 2, … counting
// steps over every pass, step t on example i is
//
//	fᵢ = (1/(λ(t−1))) Σⱼ αⱼ yⱼ K(xⱼ, xᵢ)     (0 at t = 1)
//	if yᵢ fᵢ < 1: αᵢ += 1
//
// and after T steps the learned function is
//
//	f(x) = (1/(λT)) Σⱼ αⱼ yⱼ K(xⱼ, x),
//
// which is w_{T+1} = (1 − 1/t) w_t + (1/(λt)) 1[yᵢ⟨w_t, φ(xᵢ)⟩ < 1] yᵢ φ(xᵢ)
// step for step. (The paper's Figure 3 prints 1/(λt) in its test; this is
// the form that equals the primal algorithm.) It minimises
// λ/2 ‖w‖² + (1/n) Σᵢ max(0, 1 − yᵢ⟨w, φ(xᵢ)⟩) and has no stopping rule of
// its own: it runs exactly Config.Epochs passes.

// lambdaSetting is Pegasos's regularisation λ, from MinLambda to
// MaxLambda.
var lambdaSetting = &Setting{
	Name: "lambda", Symbol: "λ", Noun: "λ", InName: true, InHeader: true,
	Usage:   "Pegasos's regularisation λ in λ/2·‖w‖² + mean hinge loss, from 1e-12 to 1e12 (its step is 1/(λt))",
	Default: 0.1, Min: MinLambda, Max: MaxLambda, Range: "from 1e-12 to 1e12",
	Ladder: []float64{1e-3, 2e-3, 5e-3, 1e-2, 2e-2, 5e-2, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50}, // the 1-2-5 series (TestLadders)
	Keys:   [2]string{"<", ">"},
}

// MinLambda and MaxLambda bound λ. f = (1/(λT)) Σⱼ αⱼ yⱼ K(xⱼ, x) scales
// the kernel sum by 1/(λT), and the optimum has ‖w‖ ≤ 1/√λ (Shalev-Shwartz
// et al. 2011: the ball its optional projection keeps w in), so
// |f(x)| ≤ √K(x, x)/√λ. Past 10¹² either way the scale, not the data,
// decides every step. Below 10⁻¹² the sums are multiplied by more than
// 10¹² (at λ = 1e-320, 1/λ is +Inf and f is NaN, which read as kernel
// values too large). Above 10¹² every |f| is below 10⁻⁶·√K(x, x), so every
// step is an update (y·f < 1) whatever the data, and once λT passes about
// 1e308 the scale is 0. λ = 1/(nC) with the SVM's C (ibid., section 1): n
// from 1 to 10⁶ points and C from 10⁻⁶ to 10⁶ give λ from 10⁻¹² to 10⁶,
// all inside.
const (
	MinLambda = 1e-12
	MaxLambda = 1e12
)

// pegasosKind is Pegasos in the dual.
var pegasosKind = &LearnerKind{
	Name: "pegasos", Title: "Pegasos", Short: "Pegasos",
	Summary: "Pegasos, the SVM by sub-gradient steps 1/(λt): αᵢ += 1 where yᵢf(xᵢ) < 1, f = Σ αⱼ yⱼ K(xⱼ, ·)/(λT); runs --epochs passes",
	Source:  "Shalev-Shwartz, Singer, Srebro & Cotter 2011",
	Intro: func(cfg Config) string {
		return fmt.Sprintf("learner: Pegasos (Shalev-Shwartz et al. 2011), λ = %s: the SVM's primal by steps 1/(λt); αᵢ += 1 where yᵢf(xᵢ) < 1 and f = Σ αⱼ yⱼ K(xⱼ, x)/(λT); it runs all %s; < > change λ",
			lambdaSetting.Format(cfg.Params.Value(lambdaSetting)), countOf(cfg.Epochs, "pass", "passes"))
	},
	Settings: []*Setting{lambdaSetting}, Passes: true, RunsAll: true,
	Quiz: Question{Long: "does the step on %s update α (y·f < 1)?", Short: "an update (y·f < 1)?",
		Yes: "an update", No: "no update", Noun: "update", Update: true},
	New: func(cfg Config, data []Example) (Learner, error) {
		r := pegasosRule{lambda: cfg.Params.Value(lambdaSetting)}
		o, err := newOnline(cfg, data, r)
		if err != nil {
			return nil, err
		}
		return &Pegasos{online: o, lambda: r.lambda}, nil
	},
}

// Pegasos is the Pegasos learner. It is an Explainer.
type Pegasos struct {
	*online
	lambda float64
}

var (
	_ Passer    = (*Pegasos)(nil)
	_ Explainer = (*Pegasos)(nil)
)

// pegasosRule is Pegasos's step.
type pegasosRule struct{ lambda float64 }

func (r pegasosRule) decide(t int, sum float64, y int, _ float64) (float64, float64, bool) {
	f := r.scale(t-1) * sum
	if float64(y)*f < 1 {
		return f, 1, true
	}
	return f, 0, false
}

// scale is 1/(λT), and 0 before the first step.
func (r pegasosRule) scale(T int) float64 {
	if T == 0 {
		return 0
	}
	return 1 / (r.lambda * float64(T))
}

func (pegasosRule) converges() bool { return false }

// Decision writes what step s made of its sum:
//
//	f = 0 (T = 1: every α is 0) → y₁·f = 0 < 1: update ✗
//	f = Σ/(λ·(T−1)) = 4/(0.1·4) = 10 → y₂·f = 10 ≥ 1: no update ✓
func (p *Pegasos) Decision(s Step) string {
	sub := Sub(s.I + 1)
	var d string
	if s.T == 1 {
		d = "f = 0 (T = 1: every α is 0)"
	} else {
		d = fmt.Sprintf("f = Σ/(λ·(T−1)) = %s/(%s·%d) = %s", Num(s.SumValue()), Num(p.lambda), s.T-1, Num(s.F))
	}
	yf := float64(s.Y) * s.F
	if s.Update {
		d += fmt.Sprintf(" → y%s·f = %s < 1: update", sub, Num(yf))
	} else {
		d += fmt.Sprintf(" → y%s·f = %s ≥ 1: no update", sub, Num(yf))
	}
	if s.Mistake {
		return d + " ✗"
	}
	return d + " ✓"
}

// Update writes the update of step s: "α₂ += 1" ("" for none).
func (p *Pegasos) Update(s Step) string {
	if !s.Update {
		return ""
	}
	return "α" + Sub(s.I+1) + " += 1"
}

// Scale is 1/(λT), the factor of f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x)/(λT) now.
func (p *Pegasos) Scale() float64 { return p.rule.scale(p.t) }

// StepValues are none beyond f and the update.
func (p *Pegasos) StepValues(Step) []Value { return nil }

// RunValues are the updates so far and the scale 1/(λT).
func (p *Pegasos) RunValues() []Value {
	return []Value{p.updatesValue(), {Key: "scale", Symbol: "1/(λT)", V: p.Scale()}}
}

// Function writes f(x) = (1/(λT)) Σⱼ αⱼ yⱼ K(xⱼ, x), then the function with
// the scale folded into each coefficient, as the perceptron's is written.
func (p *Pegasos) Function() string {
	f := writeFunction(p, p.cfg.Bias)
	if p.t == 0 || len(p.svs) == 0 {
		return f
	}
	return "f(x) = (1/(λT))·Σⱼ αⱼ yⱼ K(xⱼ, x) = " + strings.TrimPrefix(f, "f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = ") +
		fmt.Sprintf(", with 1/(λT) = 1/(%s·%d) = %s", Num(p.lambda), p.t, Num(p.Scale()))
}

// Outcome says that Pegasos ran its passes: it has no convergence of its
// own.
func (p *Pegasos) Outcome() string {
	if p.state == Running {
		return ""
	}
	s := fmt.Sprintf("ran its %s (%s, %s, %s)", countOf(p.epoch, "pass", "passes"), countOf(p.t, "step", "steps"),
		countOf(p.updates, "update", "updates"), countOf(p.mistakes, "mistake", "mistakes"))
	if p.t > 0 {
		s += fmt.Sprintf(": f = Σ αⱼ yⱼ K(xⱼ, ·)/(λT) with 1/(λT) = %s", Num(p.Scale()))
	}
	return s
}

// countOf writes "1 pass", "3 passes".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
