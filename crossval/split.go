// Package crossval chooses a kernel the way seed 001 says to: "using
// cross-validation (randomly partitioning the experimental data into
// training and validation parts, repeatedly)". It holds out a test part
// (HoldOut), cuts the data into k folds (Folds), trains any learner of
// package learn on the rest and scores the part it never saw (Fit), and
// runs that for every value of a parameter and every fold, on every core,
// with the same results as one core gives (Run).
//
// It is pure like learn: no terminal, no files, deterministic from its
// seeds.
package crossval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Split is a partition of the examples 0…n−1 into a training part and a
// held-out part, each in dataset order (ascending).
type Split struct {
	Train, Test []int
}

// splitStream keeps the split's draws apart from the dataset's and the
// schedule's, which use the same seed.
const splitStream = 0x5e11_7e57

// TestCount is how many of n examples a test fraction holds out: ⌈frac·n⌉
// of the decimal product, so that 0.07·100 is 7 (scikit-learn's
// train_test_split takes the ceiling of the floating-point product,
// 7.000000000000001, and holds out 8), kept within 1…n−1 so that both
// parts have an example. It fails for a fraction outside (0, 1)
// or n < 2.
func TestCount(n int, frac float64) (int, error) {
	if !(frac > 0 && frac < 1) {
		return 0, fmt.Errorf("the test fraction must be between 0 and 1 (exclusive), not %v", frac)
	}
	if n < 2 {
		return 0, fmt.Errorf("a train/test split needs at least 2 examples, not %d", n)
	}
	// frac·n carries a rounding error of at most an ulp or two: 0.07·100 is
	// 7.000000000000001. Take it off before the ceiling.
	x := frac * float64(n)
	m := int(math.Ceil(x - 1e-12*x))
	return min(max(m, 1), n-1), nil
}

// HoldOut splits n examples into training and test parts with ⌈frac·n⌉
// test examples (TestCount). Without shuffle the test part is the last
// rows in dataset order; with shuffle it is a subset drawn from seed. Both
// parts keep dataset order, so training visits its examples as it would
// on the whole data with the others left out.
func HoldOut(n int, frac float64, shuffle bool, seed uint64) (Split, error) {
	m, err := TestCount(n, frac)
	if err != nil {
		return Split{}, err
	}
	order := identity(n)
	if shuffle {
		order = permutation(n, seed)
	}
	s := Split{Train: slices.Clone(order[:n-m]), Test: slices.Clone(order[n-m:])}
	slices.Sort(s.Train)
	slices.Sort(s.Test)
	return s, nil
}

// Folds cuts n examples into k folds as scikit-learn's KFold(n_splits=k,
// shuffle=False) does: contiguous in dataset order, the first n mod k
// folds of ⌈n/k⌉ examples and the rest of ⌊n/k⌋. With shuffle the
// examples are permuted (drawn from seed) before they are cut, and each
// fold is then sorted into dataset order. It fails unless 2 ≤ k ≤ n.
func Folds(n, k int, shuffle bool, seed uint64) ([]Split, error) {
	if k < 2 {
		return nil, fmt.Errorf("cross-validation needs at least 2 folds, not %d", k)
	}
	if k > n {
		return nil, fmt.Errorf("%d folds need at least %d examples; there are %d", k, k, n)
	}
	order := identity(n)
	if shuffle {
		order = permutation(n, seed)
	}
	out := make([]Split, k)
	start := 0
	for f := range k {
		size := n / k
		if f < n%k {
			size++
		}
		test := slices.Clone(order[start : start+size])
		slices.Sort(test)
		inTest := make([]bool, n)
		for _, i := range test {
			inTest[i] = true
		}
		train := make([]int, 0, n-size)
		for i := range n {
			if !inTest[i] {
				train = append(train, i)
			}
		}
		out[f] = Split{Train: train, Test: test}
		start += size
	}
	return out, nil
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// permutation is a random order of 0…n−1 drawn from seed.
func permutation(n int, seed uint64) []int {
	return rand.New(rand.NewPCG(seed, splitStream)).Perm(n)
}

// Pick returns the elements of all at the indices idx, in that order.
func Pick[T any](all []T, idx []int) []T {
	out := make([]T, len(idx))
	for k, i := range idx {
		out[k] = all[i]
	}
	return out
}
