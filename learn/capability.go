package learn

// Capabilities: what some learners have beyond a Learner. A view or a
// command that needs one asks for it,
//
//	if b, ok := l.(learn.Budgeted); ok { … b.Budget() … }
//
// and never for a learner's concrete type or its name, so that a new
// learner (one file and its line in the registry) reaches every view that
// fits it without a change there.

// A Passer visits the examples pass by pass (every learner but the SVM,
// which picks a pair a step): its steps are counted in passes, a pass
// without a mistake (or, for a margin learner, without a loss) ends
// training, and Config.Epochs caps the passes.
type Passer interface {
	Learner
	// Epoch is the pass the last step belonged to (0 before the first
	// step); EpochMistakes the mistakes made in it so far.
	Epoch() int
	EpochMistakes() int
	// AtPassStart reports whether the next step begins a pass.
	AtPassStart() bool
	// SetEpochCap changes the most passes training may take, keeping α: a
	// learner stopped at the old cap goes on under a larger one.
	SetEpochCap(n int) error
}

// A CheckedRunner runs to the end as Run does, calling check between
// steps (after every one that moved a coefficient, and every few
// thousand otherwise); an error from check stops it and is returned. A
// command that can be interrupted runs a learner through it.
type CheckedRunner interface {
	Learner
	RunChecked(check func() error) error
}

// A Narrator can skip writing out each step's terms: with narration off a
// step is O(1) where it is correct (Config.Narrate). A program that shows
// one step in many narrates only the one it shows.
type Narrator interface {
	SetNarrate(on bool)
}

// A Budgeted learner keeps at most Budget support vectors (the stoptron,
// the Forgetron, the budget perceptron).
type Budgeted interface {
	Learner
	Budget() int
	// BudgetFull reports whether Budget examples are support vectors.
	BudgetFull() bool
	// Forgotten reports whether example j was a support vector the budget
	// made the learner forget, and is not one now.
	Forgotten(j int) bool
	// StopsWhenFull reports whether a full budget stops α changing (the
	// stoptron) instead of making room by forgetting.
	StopsWhenFull() bool
}

// EnsembleMember names one of the three functions an Averaging learner
// keeps.
type EnsembleMember int

const (
	// FinalMember is the last perceptron, f.
	FinalMember EnsembleMember = iota
	// AveragedMember is the averaged perceptron, f̄ = Σ ᾱⱼ yⱼ K(xⱼ, ·).
	AveragedMember
	// VotedMember is the vote V/T = Σₖ cₖ sign fₖ / T.
	VotedMember
)

// An Averaging learner trains as the perceptron and keeps, beside its last
// f, the average of α over every step and the vote of every α⁽ᵏ⁾ it went
// through (Freund & Schapire 1999): the averaged and voted perceptrons. An
// Ensemble follows its three functions over a view's points.
type Averaging interface {
	Learner
	engine() *Perceptron
	// Predicts is the member the learner predicts with.
	Predicts() EnsembleMember
	AveragedAlpha() []float64
	AveragedPredictions() []int
	VotedPredictions() []int
	AveragedAccuracy() float64
	VotedAccuracy() float64
	// Averaged is the averaged perceptron as an expansion.
	Averaged() *Frozen
	// Vote writes V(x)/T at each point of xs into out.
	Vote(xs []Vec, out []float64) error
}

// A PairStepper updates a pair of coefficients a step (SMO); its Step
// reports the pair in Step.Pair.
type PairStepper interface {
	Learner
	// NextPair is the pair the next step updates (−1, −1 when stopped).
	NextPair() (i, j int)
}

// A Boxed learner keeps every αᵢ in [0, C] (the soft-margin SVM).
type Boxed interface {
	Learner
	C() float64
	// AtBound reports whether αᵢ = C; Free whether 0 < αᵢ < C.
	AtBound(i int) bool
	Free(i int) bool
}

// A DualSolver maximises a dual objective D(α) to a tolerance (the SVM).
type DualSolver interface {
	Learner
	Objective() float64
	// Gap is the largest violation of the optimality conditions, m − M;
	// training stops when it is at most Tol.
	Gap() float64
	Tol() float64
	// MaxIter caps the steps.
	MaxIter() int
	// WNorm2 is ‖w‖²; Width the width 2/‖w‖ of the band between f = −1
	// and f = +1 (the margin is GeometricMargin's γ).
	WNorm2() float64
	Width() float64
}

// A Value is one named quantity of a step or a run beyond what every
// learner reports: PA's loss ℓ and step τ, the count of updates, Pegasos's
// scale 1/(λT). Key is its JSON name, Symbol how the screen writes it.
type Value struct {
	Key, Symbol string
	V           float64
	// Int writes V as a whole number in JSON.
	Int bool
}

// An Explainer decides its steps by a rule of its own rather than the
// perceptron's "a mistake adds η" (the passive-aggressive learner, Pegasos),
// and writes it in the notes' notation: the notation package writes the sum
// f(xᵢ) = Σ αₖ yₖ K(xₖ, xᵢ) term by term as for the perceptron, then asks
// the learner what it made of it.
type Explainer interface {
	Learner
	// Decision writes what step s made of its sum, after the arrow:
	// "ℓ = max(0, 1 − y₁·f) = 1, τ = min(C, ℓ/K(x₁, x₁)) = 0.25".
	Decision(s Step) string
	// Update writes the update step s made, "" for none: "α₁ += τ = 0.25".
	Update(s Step) string
	// StepValues are step s's own quantities, for JSON and the screen.
	StepValues(s Step) []Value
	// RunValues are the run's own quantities so far ("updates").
	RunValues() []Value
	// Outcome writes how a run that stopped ended, "" where the
	// perceptron's words fit (converged, or stopped at the cap).
	Outcome() string
}

// A Probabilistic learner models the probability of the class,
// P(y = +1 | x) = σ(f(x)) = 1 / (1 + e^(−f(x))) (logistic regression, seed
// 003): a view shades P rather than f, and reports the mean log-loss.
type Probabilistic interface {
	Learner
	// Probability is P(y = +1 | x) where f(x) = f; Logit its inverse, the
	// f at which P(y = +1 | x) = p.
	Probability(f float64) float64
	Logit(p float64) float64
	// Gain is g = 1 − P(yᵢ | xᵢ) of step s, what it added to αᵢ in
	// steps of η.
	Gain(s Step) float64
	// LogLoss is the mean log-loss (1/n) Σᵢ log(1 + e^(−yᵢ f(xᵢ))) of f
	// now.
	LogLoss() float64
}

// A Dense learner gives every example weight in f (α > 0 after one
// pass), changes α at every step, and runs exactly Config.Epochs passes
// with no convergence of its own (logistic regression). "Support vector"
// means nothing for it: a view marks instead the examples f leans on
// most, which Heavy names.
type Dense interface {
	Learner
	// Heavy reports whether example i is one of the fewest examples
	// whose α, largest first, make up half of Σⱼ αⱼ; HeavyCount is how
	// many are.
	Heavy(i int) bool
	HeavyCount() int
}
