package learn

import (
	"fmt"
	"strings"
)

// Algo names a learner: how α is found for f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) (+ b).
type Algo int

const (
	// AlgoPerceptron is the kernel perceptron of seed 001.
	AlgoPerceptron Algo = iota
	// AlgoAveraged trains as the perceptron and keeps the average of its α
	// after each step (Freund & Schapire 1999, seed 002).
	AlgoAveraged
	// AlgoVoted trains as the perceptron and keeps every α⁽ᵏ⁾ it went
	// through with the number of steps it survived, to vote (Freund &
	// Schapire 1999, seed 002).
	AlgoVoted
	// AlgoStoptron is the perceptron that stops changing α once Budget
	// examples are support vectors (Orabona, Keshet & Caputo 2009).
	AlgoStoptron
	// AlgoForgetron is the self-tuned Forgetron of Dekel, Shalev-Shwartz &
	// Singer (2008): at most Budget support vectors, the oldest forgotten.
	AlgoForgetron
	// AlgoBudget is the randomized budget perceptron of Cavallanti,
	// Cesa-Bianchi & Gentile (2007): at most Budget support vectors, one
	// forgotten at random.
	AlgoBudget
	// AlgoSVM is the soft-margin SVM of seeds 001 and 004, solved by SMO.
	AlgoSVM
)

// Algos lists the learners in the order a user cycles through them: the
// perceptron and the SVM first, then the perceptron's relatives.
var Algos = []Algo{AlgoPerceptron, AlgoSVM, AlgoAveraged, AlgoVoted, AlgoStoptron, AlgoForgetron, AlgoBudget}

// String is the learner's name as the command line spells it.
func (a Algo) String() string {
	switch a {
	case AlgoPerceptron:
		return "perceptron"
	case AlgoAveraged:
		return "averaged"
	case AlgoVoted:
		return "voted"
	case AlgoStoptron:
		return "stoptron"
	case AlgoForgetron:
		return "forgetron"
	case AlgoBudget:
		return "budget"
	case AlgoSVM:
		return "svm"
	}
	return fmt.Sprintf("Algo(%d)", int(a))
}

// Budgeted reports whether the learner keeps at most Config.Budget support
// vectors (the stoptron, the Forgetron and the budget perceptron).
func (a Algo) Budgeted() bool {
	return a == AlgoStoptron || a == AlgoForgetron || a == AlgoBudget
}

// Averaging reports whether the learner keeps the averaged and voted
// perceptrons' bookkeeping beside plain perceptron training.
func (a Algo) Averaging() bool { return a == AlgoAveraged || a == AlgoVoted }

// AlgoNames is the learners' names, "perceptron, averaged, …, svm".
func AlgoNames() string {
	names := make([]string, len(Algos))
	for k, a := range Algos {
		names[k] = a.String()
	}
	return strings.Join(names, ", ")
}

// ParseAlgo reads a learner's name.
func ParseAlgo(s string) (Algo, error) {
	for _, a := range Algos {
		if s == a.String() {
			return a, nil
		}
	}
	return 0, fmt.Errorf("unknown learner %q (want one of %s)", s, AlgoNames())
}

// NewLearner makes the learner cfg.Algo names, with every α = 0.
func NewLearner(cfg Config, data []Example) (Learner, error) {
	switch cfg.Algo {
	case AlgoSVM:
		return NewSVM(cfg, data)
	case AlgoPerceptron, AlgoAveraged, AlgoVoted, AlgoStoptron, AlgoForgetron, AlgoBudget:
		return New(cfg, data)
	}
	return nil, fmt.Errorf("learn: unknown learner %v", cfg.Algo)
}
