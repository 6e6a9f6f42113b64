package lab

import (
	"math"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// What the session tests share.

// builtin is the built-in dataset name with n points (0: its default), its
// default noise and seed 1, and its preset kernel, bias and tie rule, as
// the terminal program opens it; training is capped at 100 passes.
func builtin(t testing.TB, name string, n int) Options {
	t.Helper()
	b, ok := datasets.Lookup(name)
	if !ok {
		t.Fatalf("no dataset %s", name)
	}
	k, err := learn.ParseKernel(b.Preset.Kernel)
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		n = b.DefaultN
	}
	return Options{
		Dataset: name, N: n, Noise: b.DefaultNoise, Seed: 1,
		Points: b.Generate(n, b.DefaultNoise, 1),
		Config: learn.Config{Kernel: k, Bias: b.Preset.Bias, Tie: b.Preset.Tie, Epochs: 100, Seed: 1},
	}
}

// open opens o as the terminal program does, failing the test when it
// cannot.
func open(t testing.TB, o Options) *Session {
	t.Helper()
	s, err := NewSession(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// train steps s until training stops.
func train(s *Session) {
	for s.Step() {
	}
}

// trainingExamples are the learner's own examples, read back from it.
func trainingExamples(p learn.Learner) []learn.Example {
	out := make([]learn.Example, p.N())
	for i := range out {
		x := p.X(i)
		out[i] = learn.Example{X1: x.X1, X2: x.X2, Y: p.Y(i)}
	}
	return out
}

// runOut trains s until it stops as a run does: every step quiet, the last
// one narrated afterwards.
func runOut(s *Session) {
	for s.Take(false) {
	}
	s.NarrateLast()
}

// tieRight reports whether score f classifies label y right under tie,
// written out from the notes' three conventions (learn/tie.go's table),
// not through Tie.Predict: mistake iff y·f ≤ 0 (seed 001); sign(0) = +1
// (seed 004); sign(0) = −1 (seed 003).
func tieRight(tie learn.Tie, f float64, y int) bool {
	switch tie {
	case learn.TiePos:
		pred := 1
		if f < 0 {
			pred = -1
		}
		return pred == y
	case learn.TieNeg:
		pred := -1
		if f > 0 {
			pred = 1
		}
		return pred == y
	}
	return float64(y)*f > 0
}

// countRight counts the points f = Decide classifies right under the
// learner's tie rule.
func countRight(p learn.Learner, pts []learn.Example) int {
	n := 0
	for _, e := range pts {
		if tieRight(p.Config().Tie, p.Decide(e.X1, e.X2), e.Y) {
			n++
		}
	}
	return n
}

// fieldIsF checks that the session's field is f of the learner's α now,
// to within tol relative, against a recomputation.
func fieldIsF(t *testing.T, s *Session, tol float64) {
	t.Helper()
	if s.Field() == nil {
		t.Fatal("no field")
	}
	want := learn.NewField(s.Field().Rect, s.Field().W, s.Field().H)
	want.Recompute(s.Learner())
	for g := range want.Values {
		if d := math.Abs(want.Values[g] - s.Field().Values[g]); d > tol*math.Max(1, math.Abs(want.Values[g])) {
			t.Fatalf("lattice point %d: %v kept, %v recomputed", g, s.Field().Values[g], want.Values[g])
		}
	}
}
