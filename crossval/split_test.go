package crossval_test

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"kernelscope/crossval"
)

// TestFoldsMatchKFold compares the unshuffled folds with scikit-learn's
// KFold(n_splits=k, shuffle=False). The expected lists are what
//
//	[(list(tr), list(te)) for tr, te in KFold(n_splits=k).split(np.zeros(n))]
//
// printed with scikit-learn 1.2.1 (the first n mod k folds have ⌈n/k⌉
// examples, the rest ⌊n/k⌋, contiguous in dataset order).
func TestFoldsMatchKFold(t *testing.T) {
	tests := []struct {
		n, k  int
		folds []crossval.Split // {Train, Test}
	}{
		{10, 3, []crossval.Split{
			{Train: []int{4, 5, 6, 7, 8, 9}, Test: []int{0, 1, 2, 3}},
			{Train: []int{0, 1, 2, 3, 7, 8, 9}, Test: []int{4, 5, 6}},
			{Train: []int{0, 1, 2, 3, 4, 5, 6}, Test: []int{7, 8, 9}},
		}},
		{7, 7, []crossval.Split{
			{Train: []int{1, 2, 3, 4, 5, 6}, Test: []int{0}},
			{Train: []int{0, 2, 3, 4, 5, 6}, Test: []int{1}},
			{Train: []int{0, 1, 3, 4, 5, 6}, Test: []int{2}},
			{Train: []int{0, 1, 2, 4, 5, 6}, Test: []int{3}},
			{Train: []int{0, 1, 2, 3, 5, 6}, Test: []int{4}},
			{Train: []int{0, 1, 2, 3, 4, 6}, Test: []int{5}},
			{Train: []int{0, 1, 2, 3, 4, 5}, Test: []int{6}},
		}},
		{5, 2, []crossval.Split{
			{Train: []int{3, 4}, Test: []int{0, 1, 2}},
			{Train: []int{0, 1, 2}, Test: []int{3, 4}},
		}},
		{11, 4, []crossval.Split{
			{Train: []int{3, 4, 5, 6, 7, 8, 9, 10}, Test: []int{0, 1, 2}},
			{Train: []int{0, 1, 2, 6, 7, 8, 9, 10}, Test: []int{3, 4, 5}},
			{Train: []int{0, 1, 2, 3, 4, 5, 9, 10}, Test: []int{6, 7, 8}},
			{Train: []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, Test: []int{9, 10}},
		}},
		{2, 2, []crossval.Split{
			{Train: []int{1}, Test: []int{0}},
			{Train: []int{0}, Test: []int{1}},
		}},
	}
	for _, tt := range tests {
		got, err := crossval.Folds(tt.n, tt.k, false, 0)
		if err != nil {
			t.Fatalf("Folds(%d, %d): %v", tt.n, tt.k, err)
		}
		if !reflect.DeepEqual(got, tt.folds) {
			t.Errorf("Folds(%d, %d, unshuffled) =\n%v\nwant (scikit-learn's KFold)\n%v", tt.n, tt.k, got, tt.folds)
		}
		// The seed means nothing without shuffle.
		if again, _ := crossval.Folds(tt.n, tt.k, false, 99); !reflect.DeepEqual(again, got) {
			t.Errorf("Folds(%d, %d, unshuffled) depends on the seed", tt.n, tt.k)
		}
	}
}

// checkPartition fails unless the folds' test parts partition 0…n−1, each
// fold's Train is the complement of its Test, both ascending, and the
// sizes are KFold's (the first n mod k of ⌈n/k⌉).
func checkPartition(t *testing.T, folds []crossval.Split, n, k int) {
	t.Helper()
	if len(folds) != k {
		t.Fatalf("%d folds, want %d", len(folds), k)
	}
	seen := make([]int, n)
	for f, s := range folds {
		want := n / k
		if f < n%k {
			want++
		}
		if len(s.Test) != want {
			t.Errorf("fold %d has %d test examples, want %d", f+1, len(s.Test), want)
		}
		if !slices.IsSorted(s.Test) || !slices.IsSorted(s.Train) {
			t.Errorf("fold %d is not in dataset order: test %v train %v", f+1, s.Test, s.Train)
		}
		in := make([]bool, n)
		for _, i := range s.Test {
			seen[i]++
			in[i] = true
		}
		var complement []int
		for i := range n {
			if !in[i] {
				complement = append(complement, i)
			}
		}
		if !slices.Equal(s.Train, complement) {
			t.Errorf("fold %d: Train %v is not the complement of Test %v", f+1, s.Train, s.Test)
		}
	}
	for i, c := range seen {
		if c != 1 {
			t.Errorf("example %d is in %d test folds, want 1", i, c)
		}
	}
}

func TestFoldsShuffled(t *testing.T) {
	for _, c := range []struct{ n, k int }{{10, 3}, {7, 7}, {5, 2}, {103, 5}} {
		a, err := crossval.Folds(c.n, c.k, true, 1)
		if err != nil {
			t.Fatal(err)
		}
		checkPartition(t, a, c.n, c.k)
		again, _ := crossval.Folds(c.n, c.k, true, 1)
		if !reflect.DeepEqual(a, again) {
			t.Errorf("Folds(%d, %d, shuffle, seed 1) differs between calls", c.n, c.k)
		}
	}
	// Different seeds give different folds (for n = 103 the chance that two
	// permutations cut into the same five sets is negligible), and seed 1
	// is not the unshuffled cut.
	a, _ := crossval.Folds(103, 5, true, 1)
	b, _ := crossval.Folds(103, 5, true, 2)
	plain, _ := crossval.Folds(103, 5, false, 1)
	if reflect.DeepEqual(a, b) {
		t.Error("seeds 1 and 2 give the same shuffled folds")
	}
	if reflect.DeepEqual(a, plain) {
		t.Error("shuffled folds are the unshuffled ones")
	}
}

func TestFoldsErrors(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want string
	}{
		{10, 1, "at least 2 folds"},
		{10, 0, "at least 2 folds"},
		{10, -3, "at least 2 folds"},
		{4, 5, "5 folds need at least 5 examples; there are 4"},
		{0, 2, "2 folds need at least 2 examples"},
	} {
		_, err := crossval.Folds(c.n, c.k, false, 0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Folds(%d, %d) error = %v, want one containing %q", c.n, c.k, err, c.want)
		}
	}
}

// TestTestCount checks ⌈frac·n⌉ clamped to 1…n−1. The counts are worked
// by hand: 0.3·10 = 3; 0.07·100 is 7 in decimal though the float product
// is 7.000000000000001 (scikit-learn's train_test_split, which takes the
// ceiling of the float product, holds out 8 there; the spec asks for 7);
// ⌈0.25·10⌉ = ⌈2.5⌉ = 3; ⌈0.001·10⌉ = 1; ⌈0.999·10⌉ = 10 → n−1 = 9.
func TestTestCount(t *testing.T) {
	if got := 0.07 * float64(100); got == 7 {
		t.Fatalf("0.07·100 = %v exactly: the float case this test is about is gone", got)
	}
	for _, c := range []struct {
		n    int
		frac float64
		want int
	}{
		{10, 0.3, 3},
		{100, 0.07, 7},
		{10, 0.25, 3},
		{10, 0.2, 2},
		{10, 0.001, 1},
		{1000, 1e-9, 1},
		{10, 0.999, 9},
		{2, 0.5, 1},
		{2, 0.9, 1},
		{3, 0.5, 2},
		{1000, 0.1, 100},
		{100, 0.29, 29}, // 0.29·100 = 28.999999999999996 in float: the ceiling is still 29
	} {
		got, err := crossval.TestCount(c.n, c.frac)
		if err != nil || got != c.want {
			t.Errorf("TestCount(%d, %v) = %d, %v; want %d", c.n, c.frac, got, err, c.want)
		}
	}
}

func TestTestCountErrors(t *testing.T) {
	for _, c := range []struct {
		n    int
		frac float64
		want string
	}{
		{10, 0, "between 0 and 1"},
		{10, -0.1, "between 0 and 1"},
		{10, 1, "between 0 and 1"},
		{10, 1.5, "between 0 and 1"},
		{10, math.NaN(), "between 0 and 1"},
		{10, math.Inf(1), "between 0 and 1"},
		{1, 0.5, "at least 2 examples"},
		{0, 0.5, "at least 2 examples"},
	} {
		if _, err := crossval.TestCount(c.n, c.frac); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("TestCount(%d, %v) error = %v, want one containing %q", c.n, c.frac, err, c.want)
		}
		if _, err := crossval.HoldOut(c.n, c.frac, true, 1); err == nil {
			t.Errorf("HoldOut(%d, %v) did not fail", c.n, c.frac)
		}
	}
}

func TestHoldOutUnshuffledIsTheLastRows(t *testing.T) {
	got, err := crossval.HoldOut(10, 0.3, false, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := crossval.Split{Train: []int{0, 1, 2, 3, 4, 5, 6}, Test: []int{7, 8, 9}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("HoldOut(10, 0.3) = %v, want %v", got, want)
	}
	got, _ = crossval.HoldOut(100, 0.07, false, 0)
	if !slices.Equal(got.Test, []int{93, 94, 95, 96, 97, 98, 99}) || len(got.Train) != 93 {
		t.Errorf("HoldOut(100, 0.07) test part = %v (train %d), want 93…99", got.Test, len(got.Train))
	}
}

func TestHoldOutShuffled(t *testing.T) {
	const n = 50
	a, err := crossval.HoldOut(n, 0.3, true, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Test) != 15 || len(a.Train) != 35 {
		t.Fatalf("sizes %d/%d, want 35 train and 15 test", len(a.Train), len(a.Test))
	}
	if !slices.IsSorted(a.Test) || !slices.IsSorted(a.Train) {
		t.Errorf("parts not ascending: %v / %v", a.Train, a.Test)
	}
	all := slices.Sorted(slices.Values(slices.Concat(a.Train, a.Test)))
	for i, v := range all {
		if v != i {
			t.Fatalf("the parts are not a partition of 0…%d: %v", n-1, all)
		}
	}
	again, _ := crossval.HoldOut(n, 0.3, true, 1)
	if !reflect.DeepEqual(a, again) {
		t.Error("the same seed gave another split")
	}
	b, _ := crossval.HoldOut(n, 0.3, true, 2)
	if reflect.DeepEqual(a, b) {
		t.Error("seeds 1 and 2 gave the same split")
	}
	if slices.Equal(a.Test, []int{35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49}) {
		t.Error("the shuffled test part is the last rows")
	}
}

func TestPick(t *testing.T) {
	all := []string{"a", "b", "c", "d"}
	if got := crossval.Pick(all, []int{3, 0, 2}); !slices.Equal(got, []string{"d", "a", "c"}) {
		t.Errorf("Pick = %v", got)
	}
	if got := crossval.Pick(all, nil); len(got) != 0 {
		t.Errorf("Pick(nil) = %v", got)
	}
}
