package learn

import (
	"fmt"
	"math"
)

// The passive-aggressive learner PA-I of Crammer, Dekel, Keshet,
// Shalev-Shwartz & Singer, "Online Passive-Aggressive Algorithms" (JMLR 7,
// 2006, Figure 1 and section 3), kernelized: f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x), and
// at each step, with α before the step,
//
//	fᵢ = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ)
//	ℓ  = max(0, 1 − yᵢ fᵢ)                 the hinge loss
//	τ  = min(C, ℓ / K(xᵢ, xᵢ))             (τ = 0 when ℓ = 0 or K(xᵢ, xᵢ) ≤ 0)
//	αᵢ += τ                                 w += τ yᵢ φ(xᵢ) in the primal
//
// It is passive where the margin yᵢfᵢ is at least 1 and otherwise moves
// just far enough to reach it (PA, C = ∞), or at most C (PA-I). Training
// stops after the first pass in which every loss is ≤ paLossTol: a
// corrected example sits at margin 1 only up to rounding.

// paLossTol is the loss below which a step counts as at the margin.
const paLossTol = 1e-9

// paKind is PA-I; --C inf is the classic PA.
var paKind = &LearnerKind{
	Name: "pa", Aliases: []string{"passive-aggressive", "pa-i", "pa1"},
	Title: "the passive-aggressive learner", Short: "PA",
	Summary: "passive-aggressive PA-I: moves αᵢ by τ = min(C, ℓ/K(xᵢ, xᵢ)) to reach yᵢf(xᵢ) = 1 (--C inf: the classic PA)",
	Source:  "Crammer, Dekel, Keshet, Shalev-Shwartz & Singer 2006",
	Intro: func(cfg Config) string {
		return fmt.Sprintf("learner: passive-aggressive PA-I (Crammer et al. 2006), C = %s: passive where yᵢf(xᵢ) ≥ 1, otherwise αᵢ += τ = min(C, ℓ/K(xᵢ, xᵢ)) with the hinge loss ℓ = 1 − yᵢf(xᵢ); < > change C",
			cSetting.Format(cfg.Params.Value(cSetting)))
	},
	Settings: []*Setting{cSetting}, Passes: true,
	Quiz: Question{Long: "does the step on %s update α (a loss ℓ = 1 − y·f > 0)?", Short: "an update (ℓ > 0)?",
		Yes: "an update", No: "passive", Noun: "update", Update: true},
	New: func(cfg Config, data []Example) (Learner, error) {
		r := paRule{c: cfg.Params.Value(cSetting)}
		o, err := newOnline(cfg, data, r)
		if err != nil {
			return nil, err
		}
		return &PassiveAggressive{online: o, c: r.c}, nil
	},
}

// PassiveAggressive is the PA-I learner. It is an Explainer.
type PassiveAggressive struct {
	*online
	c float64
}

var (
	_ Passer    = (*PassiveAggressive)(nil)
	_ Explainer = (*PassiveAggressive)(nil)
)

// paRule is PA-I's step.
type paRule struct{ c float64 }

func (r paRule) decide(_ int, f float64, y int, kii float64) (float64, float64, bool) {
	loss := math.Max(0, 1-float64(y)*f)
	tau := 0.0
	if loss > 0 && kii > 0 {
		tau = math.Min(r.c, loss/kii)
	}
	return f, tau, loss > paLossTol
}

func (paRule) scale(int) float64 { return 1 }
func (paRule) converges() bool   { return true }

// loss and tau are step s's ℓ and τ, from its f and the update it made.
func (p *PassiveAggressive) loss(s Step) float64 { return math.Max(0, 1-float64(s.Y)*s.F) }

func (p *PassiveAggressive) tau(s Step) float64 {
	_, tau, _ := paRule{p.c}.decide(s.I, s.F, s.Y, p.kii[s.I])
	return tau
}

// Decision writes what step s made of fᵢ:
//
//	y₁·f = 1.5 ≥ 1 → ℓ = 0: passive ✓
//	y₁·f = 0.5 < 1 → ℓ = 1 − y₁·f = 0.5, τ = min(C, ℓ/K(x₁, x₁)) = min(1, 0.5/2) = 0.25
//	y₁·f = −1 < 1 → ℓ = 1 − y₁·f = 2, τ = ℓ/K(x₁, x₁) = 2/4 = 0.5 (C = ∞) ✗
func (p *PassiveAggressive) Decision(s Step) string {
	sub := Sub(s.I + 1)
	yf := float64(s.Y) * s.F
	l := p.loss(s)
	if l == 0 {
		return fmt.Sprintf("y%s·f = %s ≥ 1 → ℓ = 0: passive ✓", sub, Num(yf))
	}
	d := fmt.Sprintf("y%s·f = %s < 1 → ℓ = 1 − y%s·f = %s, ", sub, Num(yf), sub, Num(l))
	k := p.kii[s.I]
	switch {
	case !(k > 0):
		d += fmt.Sprintf("K(x%s, x%s) = %s ≤ 0: τ = 0", sub, sub, Num(k))
	case math.IsInf(p.c, 1):
		d += fmt.Sprintf("τ = ℓ/K(x%s, x%s) = %s/%s = %s (C = ∞)", sub, sub, Num(l), Num(k), Num(p.tau(s)))
	default:
		d += fmt.Sprintf("τ = min(C, ℓ/K(x%s, x%s)) = min(%s, %s/%s) = %s", sub, sub, Num(p.c), Num(l), Num(k), Num(p.tau(s)))
	}
	if s.Mistake {
		d += " ✗"
	}
	return d
}

// Update writes the update of step s: "α₁ += τ = 0.25" ("" for none).
func (p *PassiveAggressive) Update(s Step) string {
	if !s.Update {
		return ""
	}
	return fmt.Sprintf("α%s += τ = %s", Sub(s.I+1), Num(p.tau(s)))
}

// StepValues are the step's loss ℓ and step τ.
func (p *PassiveAggressive) StepValues(s Step) []Value {
	return []Value{{Key: "loss", Symbol: "ℓ", V: p.loss(s)}, {Key: "tau", Symbol: "τ", V: p.tau(s)}}
}

// RunValues are the updates so far.
func (p *PassiveAggressive) RunValues() []Value { return []Value{p.updatesValue()} }

// Function writes f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x), as the perceptron's is written.
func (p *PassiveAggressive) Function() string { return writeFunction(p, p.cfg.Bias) }

// Outcome says what convergence means for PA: every margin reached 1. A
// run stopped at the cap is worded as the perceptron's ("").
func (p *PassiveAggressive) Outcome() string {
	if p.state != Converged || p.t == 0 {
		return ""
	}
	return fmt.Sprintf("converged after %s (%s, %s, %s): every loss ℓ = max(0, 1 − yᵢf(xᵢ)) ≤ 10⁻⁹, so every example has yᵢf(xᵢ) ≥ 1 (up to rounding)",
		countOf(p.epoch, "pass", "passes"), countOf(p.t, "step", "steps"), countOf(p.updates, "update", "updates"),
		countOf(p.mistakes, "mistake", "mistakes"))
}
