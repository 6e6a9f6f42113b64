package setup

import (
	"bytes"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"kernelscope/datasets"
	"kernelscope/learn"
)

func sessionOptions(t *testing.T) Options {
	t.Helper()
	b, _ := datasets.Lookup("moons")
	k, _ := learn.ParseKernel("rbf(sigma=0.5)")
	return Options{
		Dataset: "moons", N: 40, Noise: 0.1, Seed: 3,
		Points: b.Generate(40, 0.1, 3),
		Config: learn.Config{Kernel: k, Tie: learn.TieMistake, Eta: 0.5, Epochs: 7, Shuffle: true, Seed: 3,
			Algo: learn.AlgoPerceptron, Budget: 4, SVM: learn.SVMOptions{C: math.Inf(1), Tol: 0.01, MaxIter: 9}},
		Replay: Replay{Steps: 30, AppendedAt: []int{5, 12}, Edited: true},
	}
}

// TestSessionRoundTrip: every field a session holds reads back as it was
// written, floats bit for bit.
func TestSessionRoundTrip(t *testing.T) {
	o := sessionOptions(t)
	o.Points[0].X1 = 0.1 + 0.2 // a float with no short decimal
	var buf bytes.Buffer
	if err := WriteSession(&buf, o); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSession(&buf, "s.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if !reflect.DeepEqual(got.Points, o.Points) || got.Dataset != o.Dataset || got.N != o.N || got.Noise != o.Noise || got.Seed != o.Seed {
		t.Errorf("data: got %+v", got)
	}
	want := o.Config
	if got.Config.Kernel.Spec() != want.Kernel.Spec() {
		t.Errorf("kernel %s, want %s", got.Config.Kernel.Spec(), want.Kernel.Spec())
	}
	got.Config.Kernel, want.Kernel = nil, nil
	if !reflect.DeepEqual(got.Config, want) {
		t.Errorf("config %+v, want %+v", got.Config, want)
	}
	if !reflect.DeepEqual(got.Replay, o.Replay) {
		t.Errorf("replay %+v, want %+v", got.Replay, o.Replay)
	}
}

// TestSessionErrors: each bad file says where and what, and gives no
// options at all.
func TestSessionErrors(t *testing.T) {
	var buf bytes.Buffer
	o := sessionOptions(t)
	o.Replay = Replay{Steps: 3}
	if err := WriteSession(&buf, o); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	line := func(field string) string {
		for n, l := range strings.Split(good, "\n") {
			if strings.Contains(l, `"`+field+`":`) {
				return "line " + itoa(n+1)
			}
		}
		return "?"
	}
	for _, tc := range []struct {
		name, file, want string
	}{
		{"future", strings.Replace(good, `"kernelscope_session": 1`, `"kernelscope_session": 2`, 1), "line 2, column 3: \"kernelscope_session\": written by a newer kernelscope (format 2; this one reads format 1)"},
		{"syntax", strings.Replace(good, `"tie": "mistake",`, `"tie": "mistake"`, 1), "not valid JSON"},
		{"tie", strings.Replace(good, `"tie": "mistake"`, `"tie": "maybe"`, 1), line("tie") + ", column 5: \"tie\":"},
		{"type", strings.Replace(good, `"epochs": 7`, `"epochs": "seven"`, 1), line("epochs") + ", column 22: \"training.epochs\": wants a int, not a JSON string"},
		{"unknown", strings.Replace(good, `"bias": false`, `"bias": false, "colour": 1`, 1), "\"colour\": is not a field of a session"},
		{"missing", strings.Replace(good, `"steps": 3`, `"stepz": 3`, 1), "stepz"},
		{"label", strings.Replace(good, ", -1]", ", 0]", 1), "\"points\": point"},
		{"kernel", strings.Replace(good, `rbf(sigma=0.5)`, `rbf(sigma=-1)`, 1), "\"kernel\":"},
		{"steps", strings.Replace(good, `"steps": 3`, `"steps": -3`, 1), "\"steps\": -3"},
		{"appends", strings.Replace(good, `"appended_at": []`, `"appended_at": [4]`, 1), "\"appended_at\": [4] must ascend from 0 to steps (3)"},
		{"empty", "", "empty or cut short"},
		{"not a session", `{"points": []}`, "not a kernelscope session"},
	} {
		o, err := ReadSession(strings.NewReader(tc.file), "s.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if !reflect.DeepEqual(o, Options{}) {
			t.Errorf("%s: partial options %+v", tc.name, o)
		}
	}
}

// TestReplayExact: replaying a session's steps and appends on a fresh
// learner gives α bit for bit, the position in the pass, the undo floor
// and the next 40 steps of a learner that went through them live — for
// shuffle on and off, the perceptron, a budget learner, the averaged one
// and the SVM.
func TestReplayExact(t *testing.T) {
	for _, tc := range []struct {
		name    string
		algo    learn.Algo
		shuffle bool
		appends bool
	}{
		{"perceptron", learn.AlgoPerceptron, false, true},
		{"perceptron shuffled", learn.AlgoPerceptron, true, true},
		{"budget shuffled", learn.AlgoBudget, true, true},
		{"forgetron", learn.AlgoForgetron, false, true},
		{"averaged", learn.AlgoAveraged, true, false},
		{"svm", learn.AlgoSVM, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := sessionOptions(t)
			o.Config.Algo, o.Config.Shuffle, o.Config.Epochs = tc.algo, tc.shuffle, 100
			o.Config.SVM.C = 1
			o.Replay = Replay{Steps: 37}
			extra := []datasets.Point{{X1: 0.3, X2: -0.2, Y: 1}, {X1: -1, X2: 0.4, Y: -1}}
			// The live run: steps, points appended at 9 and 20 (mid-pass),
			// more steps.
			live, err := learn.NewLearner(o.Config, datasets.Examples(o.Points))
			if err != nil {
				t.Fatal(err)
			}
			if tc.appends {
				for k, at := range []int{9, 20} {
					for live.T() < at {
						if _, err := live.Step(); err != nil {
							t.Fatal(err)
						}
					}
					if err := live.(learn.Appender).Append(learn.Example{X1: extra[k].X1, X2: extra[k].X2, Y: extra[k].Y}); err != nil {
						t.Fatal(err)
					}
				}
				o.Points = append(o.Points, extra...)
				o.Replay.AppendedAt = []int{9, 20}
			}
			for live.T() < 37 {
				if _, err := live.Step(); err != nil {
					break // the SVM may converge sooner
				}
			}
			o.Replay.Steps = live.T()
			var buf bytes.Buffer
			if err := WriteSession(&buf, o); err != nil {
				t.Fatal(err)
			}
			back, err := ReadSession(&buf, "s.json")
			if err != nil {
				t.Fatal(err)
			}
			base := back.ReplayBase()
			re, err := learn.NewLearner(back.Config, datasets.Examples(base.Points))
			if err != nil {
				t.Fatal(err)
			}
			if err := ReplayOn(back, re, nil, nil); err != nil {
				t.Fatal(err)
			}
			for k := 0; k < 40; k++ {
				if re.T() != live.T() || re.Epoch() != live.Epoch() || re.Next() != live.Next() || re.AtPassStart() != live.AtPassStart() ||
					re.State() != live.State() || re.Mistakes() != live.Mistakes() || re.UndoFloor() != live.UndoFloor() {
					t.Fatalf("after %d more steps: T %d/%d, epoch %d/%d, next %d/%d, floor %d/%d", k, re.T(), live.T(), re.Epoch(), live.Epoch(),
						re.Next(), live.Next(), re.UndoFloor(), live.UndoFloor())
				}
				for j := range live.N() {
					if re.Alpha(j) != live.Alpha(j) {
						t.Fatalf("after %d more steps: α%d = %v, live %v", k, j+1, re.Alpha(j), live.Alpha(j))
					}
				}
				_, e1 := re.Step()
				_, e2 := live.Step()
				if (e1 == nil) != (e2 == nil) {
					t.Fatalf("step %d: %v vs %v", k, e1, e2)
				}
			}
		})
	}
}

// TestReplayBeyondTheRun: a session that claims more steps than training
// takes is an error naming where training stopped.
func TestReplayBeyondTheRun(t *testing.T) {
	pts := []datasets.Point{{X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 1, Y: -1}, {X1: -1, X2: -1, Y: 1}, {X1: 1, X2: -1, Y: -1}}
	o := Options{Dataset: "worked4", Points: pts, Config: learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg, Eta: 1, Epochs: 100}, Replay: Replay{Steps: 20}}
	l, err := learn.NewLearner(o.Config, datasets.Examples(pts))
	if err != nil {
		t.Fatal(err)
	}
	// Seed 003 converges after two passes, 8 steps.
	if err := ReplayOn(o, l, nil, nil); err == nil || !strings.Contains(err.Error(), "training stops at step 8 (converged)") {
		t.Errorf("got %v", err)
	}
}

// TestCommandLineRoundTrip: the command line R shows parses, through the
// terminal program's own flags, back to the same options.
func TestCommandLineRoundTrip(t *testing.T) {
	o := sessionOptions(t)
	o.Replay = Replay{Steps: 12}
	o.Config.Algo = learn.AlgoSVM
	o.Config.SVM = learn.SVMOptions{C: 2.5, Tol: learn.DefaultTol}
	o.Config.Budget = DefaultBudget // the SVM has none: the flag's default
	o.Holdout = Holdout{Fraction: 0.25, Shuffled: true, Seed: 9}
	args, ok := CommandLine(o)
	if !ok {
		t.Fatal("no command line for a built-in dataset")
	}
	fs := pflag.NewFlagSet("kernelscope", pflag.ContinueOnError)
	f := Bind(fs, "the terminal program", Train)
	f.BindLearner(true)
	f.BindSplit()
	steps := fs.Int("steps", 0, "")
	if err := fs.Parse(args[1:]); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	got, err := f.Resolve()
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if !reflect.DeepEqual(got.Points, o.Points) || got.Holdout != o.Holdout || *steps != 12 {
		t.Errorf("%v: points equal %t, holdout %+v, steps %d", args, reflect.DeepEqual(got.Points, o.Points), got.Holdout, *steps)
	}
	got.Config.RowCacheBytes = 0
	want := o.Config
	if got.Config.Kernel.Spec() != want.Kernel.Spec() {
		t.Errorf("kernel %s", got.Config.Kernel.Spec())
	}
	got.Config.Kernel, want.Kernel = nil, nil
	if !reflect.DeepEqual(got.Config, want) {
		t.Errorf("%v:\nconfig %+v\nwant   %+v", args, got.Config, want)
	}
	if q := ShellQuote(args); !strings.Contains(q, "--kernel 'rbf(sigma=0.5)'") {
		t.Errorf("quoted: %s", q)
	}
	o.Replay.Edited = true
	if _, ok := CommandLine(o); ok {
		t.Error("edited points have a command line")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
