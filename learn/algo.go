package learn

import "fmt"

// Algo names a learner: how α is found for f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) (+ b).
type Algo int

const (
	// AlgoPerceptron is the kernel perceptron of seed 001.
	AlgoPerceptron Algo = iota
	// AlgoSVM is the soft-margin SVM of seeds 001 and 004, solved by SMO.
	AlgoSVM
)

// Algos lists the learners in the order a user cycles through them.
var Algos = []Algo{AlgoPerceptron, AlgoSVM}

// String is the learner's name as the command line spells it.
func (a Algo) String() string {
	switch a {
	case AlgoPerceptron:
		return "perceptron"
	case AlgoSVM:
		return "svm"
	}
	return fmt.Sprintf("Algo(%d)", int(a))
}

// ParseAlgo reads a learner's name.
func ParseAlgo(s string) (Algo, error) {
	for _, a := range Algos {
		if s == a.String() {
			return a, nil
		}
	}
	return 0, fmt.Errorf("unknown learner %q (want perceptron or svm)", s)
}

// NewLearner makes the learner cfg.Algo names, with every α = 0.
func NewLearner(cfg Config, data []Example) (Learner, error) {
	switch cfg.Algo {
	case AlgoPerceptron:
		return New(cfg, data)
	case AlgoSVM:
		return NewSVM(cfg, data)
	}
	return nil, fmt.Errorf("learn: unknown learner %v", cfg.Algo)
}
