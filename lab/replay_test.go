package lab

import (
	"errors"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// sameLearner fails unless a and b are in the same state: T, the pass, the
// position in it, the next example, the state, the mistakes, the undo
// floor, and every α bit for bit; then steps both k more times and checks
// again after each step.
func sameLearner(t *testing.T, a, b learn.Learner, k int) {
	t.Helper()
	// The pass and its start, for learners that visit pass by pass.
	epoch := func(l learn.Learner) (int, bool) {
		if p, ok := l.(learn.Passer); ok {
			return p.Epoch(), p.AtPassStart()
		}
		return 0, true
	}
	for step := 0; ; step++ {
		ae, as := epoch(a)
		be, bs := epoch(b)
		if a.T() != b.T() || ae != be || a.Next() != b.Next() || as != bs ||
			a.State() != b.State() || a.Mistakes() != b.Mistakes() || a.UndoFloor() != b.UndoFloor() || a.N() != b.N() {
			t.Fatalf("+%d steps: T %d/%d, pass %d/%d, next %d/%d, at pass start %t/%t, state %v/%v, mistakes %d/%d, undo floor %d/%d, n %d/%d",
				step, a.T(), b.T(), ae, be, a.Next(), b.Next(), as, bs, a.State(), b.State(),
				a.Mistakes(), b.Mistakes(), a.UndoFloor(), b.UndoFloor(), a.N(), b.N())
		}
		for j := range a.N() {
			if a.Alpha(j) != b.Alpha(j) {
				t.Fatalf("+%d steps: α%d = %v, replayed %v", step, j+1, a.Alpha(j), b.Alpha(j))
			}
		}
		if step == k {
			return
		}
		_, e1 := a.Step()
		_, e2 := b.Step()
		if !errors.Is(e1, e2) && (e1 == nil || e2 == nil || e1.Error() != e2.Error()) {
			t.Fatalf("+%d steps: %v, replayed %v", step, e1, e2)
		}
	}
}

// TestReplayExact: a run taken live (steps, points appended mid-pass and
// at a pass's start, more steps) is saved as a session, read back and
// replayed on a fresh learner: the state is the live one, bit for bit, and
// so are the next 50 steps. For shuffle on and off (a shuffled pass with
// an append keeps the order it had, learn/append.go), the perceptron, the
// budget learners (the budget perceptron draws from the seed), the
// averaged and voted perceptrons and the SVM.
func TestReplayExact(t *testing.T) {
	for _, tc := range []struct {
		name    string
		algo    string
		shuffle bool
		appends []int // the steps at which the extra points are appended
	}{
		{"perceptron", "perceptron", false, []int{9, 20}},
		{"perceptron shuffled", "perceptron", true, []int{9, 20}},
		{"perceptron shuffled, appended at a pass start and twice at once", "perceptron", true, []int{40, 40}},
		{"budget perceptron shuffled", "budget", true, []int{9, 20}},
		{"forgetron", "forgetron", false, []int{9, 20}},
		{"stoptron shuffled", "stoptron", true, []int{0, 33}},
		{"averaged shuffled", "averaged", true, nil},
		{"voted", "voted", false, nil},
		{"svm", "svm", false, nil},
		{"pa shuffled", "pa", true, nil},
		{"pegasos", "pegasos", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := moonsSession(t)
			o.Holdout = Holdout{}
			o.Config = o.Config.With("budget", 6).With("C", 1).With("tol", learn.DefaultTol).With("max-iter", 0)
			o.Config.Learner, o.Config.Shuffle, o.Config.Epochs = tc.algo, tc.shuffle, 100
			extra := []datasets.Point{{X1: 0.3, X2: -0.2, Y: 1}, {X1: -1, X2: 0.4, Y: -1}}
			live, err := learn.NewLearner(o.Config, datasets.Examples(o.Points))
			if err != nil {
				t.Fatal(err)
			}
			stepTo := func(n int) {
				for live.T() < n {
					if _, err := live.Step(); err != nil {
						t.Fatalf("the live run stops at step %d: %v", live.T(), err)
					}
				}
			}
			for k, at := range tc.appends {
				stepTo(at)
				if err := live.(learn.Appender).Append(learn.Example{X1: extra[k].X1, X2: extra[k].X2, Y: extra[k].Y}); err != nil {
					t.Fatal(err)
				}
				o.Points = append(o.Points, extra[k])
			}
			steps := 37
			if n := len(tc.appends); n > 0 {
				steps = max(steps, tc.appends[n-1]+7)
			}
			stepTo(steps)
			o.Replay = Replay{Steps: steps, AppendedAt: tc.appends}
			o.Edited = len(tc.appends) > 0
			back, err := ReadSession(strings.NewReader(writeSession(t, o)), "s.json")
			if err != nil {
				t.Fatal(err)
			}
			replayed, err := Open(back, learn.RunOptions{})
			if err != nil {
				t.Fatal(err)
			}
			sameLearner(t, live, replayed, 50)
		})
	}
}

// TestReplayStops: a session or --steps that asks for more than training
// takes is an error that says where training stops, and why.
func TestReplayStops(t *testing.T) {
	b, _ := datasets.Lookup("worked4")
	o := Options{Dataset: "worked4", Seed: 1, Points: b.Generate(0, 0, 1),
		Config: learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg, Epochs: 100, Seed: 1}}
	// Seed 003: training converges after two passes, 8 steps.
	o.Replay = Replay{Steps: 20}
	if _, err := Open(o, learn.RunOptions{}); err == nil || err.Error() != "--steps 20: training stops at step 8 (converged)" {
		t.Errorf("--steps: %v", err)
	}
	o.Session = "s.json"
	if _, err := Open(o, learn.RunOptions{}); err == nil || err.Error() != `s.json: "steps": 20, but training stops at step 8 (converged)` {
		t.Errorf("session: %v", err)
	}
	o.Points = append(o.Points, datasets.Point{X1: 2, X2: 2, Y: 1})
	o.Replay = Replay{Steps: 12, AppendedAt: []int{10}}
	if _, err := Open(o, learn.RunOptions{}); err == nil ||
		err.Error() != `s.json: "appended_at": point 5 is appended at step 10, but training stops at step 8 (converged)` {
		t.Errorf("append: %v", err)
	}
	// The cap stops it too.
	o.Replay, o.Config.Epochs = Replay{Steps: 5}, 1
	o.Points = o.Points[:4]
	if _, err := Open(o, learn.RunOptions{}); err == nil || err.Error() != `s.json: "steps": 5, but training stops at step 4 (at its cap)` {
		t.Errorf("cap: %v", err)
	}
	// Exactly where it stops is fine.
	o.Replay = Replay{Steps: 4}
	if l, err := Open(o, learn.RunOptions{}); err != nil || l.T() != 4 {
		t.Errorf("steps 4: %v", err)
	}
}
