package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kernelscope/learn"
)

// cvFour is the hand example of TestCVJSONByHand, four rows x1,x2,y:
//
//	row 1: (2, 1) +1    row 2: (−2, −1) −1    row 3: (1, 1) +1    row 4: (−1, 1) −1
//
// With --folds 2 the folds are rows 1–2 and rows 3–4 (KFold, contiguous).
const cvFour = "2,1,1\n-2,-1,-1\n1,1,1\n-1,1,-1\n"

// cvResult and cvOut are cv's JSON object, as a script reads it.
type cvResult struct {
	Value float64   `json:"value"`
	Mean  float64   `json:"mean"`
	Std   float64   `json:"std"`
	Folds []float64 `json:"folds"`
	Train []float64 `json:"train"`
}

type cvOut struct {
	Param   string     `json:"param"`
	Folds   int        `json:"folds"`
	Results []cvResult `json:"results"`
	Best    float64    `json:"best"`
}

// cvJSONOf runs cv with args and --format json and decodes its one object,
// checking that it has exactly the keys of the contract.
func cvJSONOf(t *testing.T, args ...string) cvOut {
	t.Helper()
	out, stderr, code := runCLI(append([]string{"cv", "--format", "json"}, args...)...)
	if code != 0 || stderr != "" {
		t.Fatalf("cv %v: exit %d, stderr %q", args, code, stderr)
	}
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "}\n") {
		t.Fatalf("cv %v: not one JSON object on one line: %q", args, out)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("cv %v: %v: %s", args, err, out)
	}
	if keys := sortedKeys(raw); !slices.Equal(keys, []string{"best", "folds", "param", "results"}) {
		t.Errorf("cv %v: keys %v", args, keys)
	}
	var results []map[string]json.RawMessage
	if err := json.Unmarshal(raw["results"], &results); err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if keys := sortedKeys(r); !slices.Equal(keys, []string{"folds", "mean", "std", "train", "value"}) {
			t.Errorf("cv %v: a result's keys are %v", args, keys)
		}
	}
	var o cvOut
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	return o
}

func sortedKeys[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestCVJSONByHand: the sweep of the degree d of K(x,z) = (x·z)^d on
// cvFour, worked by hand (perceptron, no bias, tie mistake: a mistake iff
// y·f ≤ 0, η = 1), values in the order given.
//
// Fold 1 trains on rows 3, 4 and tests rows 1, 2; fold 2 the other way.
//
//	d = 1, fold 1: row 3: f = 0, mistake, α₃ = 1, f(x) = x₁ + x₂; row 4: f = 0,
//	  mistake, α₄ = 1, f(x) = (x₁ + x₂) − (x₂ − x₁) = 2x₁; pass 2 makes no
//	  mistake: train 1. Row 1: f = 4 ✓, row 2: f = −4 ✓: validation 1.
//	d = 1, fold 2: row 1: mistake, f(x) = 2x₁ + x₂; row 2: f = −5 ✓; pass 2
//	  clean: train 1. Row 3: f = 3 ✓, row 4: f = −1 ✓: validation 1.
//	d = 2, fold 1: as d = 1, f(x) = (x₁ + x₂)² − (x₂ − x₁)² = 4x₁x₂: train 1.
//	  Row 1: f = 8 ✓, row 2: f = 8, y = −1 ✗: validation 0.5.
//	d = 2, fold 2: rows 1 and 2 are x and −x with opposite labels, which
//	  (x·z)² cannot tell apart: row 1 mistake, f(x) = (2x₁ + x₂)²; row 2:
//	  f = 25 ✗, f(x) = (2x₁ + x₂)² − (2x₁ + x₂)² = 0; every pass after ends
//	  in f ≡ 0, up to the cap of 100 passes. f = 0 is a mistake on every
//	  row: train 0, validation 0.
//	d = 3, fold 1: row 3 and row 4 mistakes, f(x) = (x₁ + x₂)³ − (x₂ − x₁)³,
//	  pass 2 clean: train 1. Row 1: 27 + 1 = 28 ✓, row 2: −27 − 1 = −28 ✓: 1.
//	d = 3, fold 2: row 1 mistake, f(x) = (2x₁ + x₂)³; row 2: −125 ✓: train 1.
//	  Row 3: 27 ✓, row 4: −1 ✓: validation 1.
//
// So d = 3 and d = 1 tie at mean 1 (best: the smaller, 1), and d = 2 has
// mean 0.25 and sample std √((0.25² + 0.25²)/1) = √0.125.
func TestCVJSONByHand(t *testing.T) {
	data := writeFile(t, "four.csv", cvFour)
	o := cvJSONOf(t, "--data", data, "--kernel", "poly", "--coef0", "0", "--param", "degree", "--values", "3,2,1", "--folds", "2")
	want := cvOut{Param: "degree", Folds: 2, Best: 1, Results: []cvResult{
		{Value: 3, Mean: 1, Std: 0, Folds: []float64{1, 1}, Train: []float64{1, 1}},
		{Value: 2, Mean: 0.25, Std: math.Sqrt(0.125), Folds: []float64{0.5, 0}, Train: []float64{1, 0}},
		{Value: 1, Mean: 1, Std: 0, Folds: []float64{1, 1}, Train: []float64{1, 1}},
	}}
	if o.Param != want.Param || o.Folds != want.Folds || o.Best != want.Best || len(o.Results) != len(want.Results) {
		t.Fatalf("got %+v\nwant %+v", o, want)
	}
	for i, r := range o.Results {
		w := want.Results[i]
		if r.Value != w.Value || math.Abs(r.Mean-w.Mean) > 1e-15 || math.Abs(r.Std-w.Std) > 1e-15 ||
			!slices.Equal(r.Folds, w.Folds) || !slices.Equal(r.Train, w.Train) {
			t.Errorf("result %d: got %+v, want %+v", i, r, w)
		}
	}
}

// TestCVJSONStatistics: on a generated dataset, every mean is the mean of
// its folds, every std their sample standard deviation (k − 1), and best
// the value of the highest mean (the smaller value on a tie); the values
// of a log range are numpy.geomspace's, printed in full.
func TestCVJSONStatistics(t *testing.T) {
	o := cvJSONOf(t, "--dataset", "moons", "--n", "60", "--kernel", "rbf", "--param", "sigma", "--values", "0.1:10:log:5", "--folds", "3")
	if o.Param != "sigma" || o.Folds != 3 || len(o.Results) != 5 {
		t.Fatalf("got %+v", o)
	}
	// numpy.geomspace(0.1, 10, 5) = [0.1, 0.31622776601683794, 1, 3.1622776601683795, 10]
	wantValues := []float64{0.1, 0.31622776601683794, 1, 3.1622776601683795, 10}
	best := 0
	for i, r := range o.Results {
		if math.Abs(r.Value-wantValues[i]) > 1e-15*wantValues[i] {
			t.Errorf("value %d: %v, want %v", i, r.Value, wantValues[i])
		}
		if len(r.Folds) != 3 || len(r.Train) != 3 {
			t.Fatalf("result %d: %d folds, %d train", i, len(r.Folds), len(r.Train))
		}
		m := (r.Folds[0] + r.Folds[1] + r.Folds[2]) / 3
		ss := 0.0
		for _, f := range r.Folds {
			ss += (f - m) * (f - m)
			// 20 rows a fold: accuracies are multiples of 1/20.
			if k := f * 20; math.Abs(k-math.Round(k)) > 1e-9 {
				t.Errorf("result %d: fold accuracy %v is not a count of 20", i, f)
			}
		}
		if math.Abs(r.Mean-m) > 1e-12 || math.Abs(r.Std-math.Sqrt(ss/2)) > 1e-12 {
			t.Errorf("result %d: mean %v std %v, want %v and %v", i, r.Mean, r.Std, m, math.Sqrt(ss/2))
		}
		if r.Mean > o.Results[best].Mean+1e-12 {
			best = i
		}
	}
	if o.Best != o.Results[best].Value {
		t.Errorf("best %v, want %v", o.Best, o.Results[best].Value)
	}
}

// TestCVText: the text format on the hand example is the table (d = 2's
// row as TestCVJSONByHand works it out), the best value marked, the chart,
// and the lesson at d = 2, the largest gap; no escape codes.
func TestCVText(t *testing.T) {
	data := writeFile(t, "four.csv", cvFour)
	out, stderr, code := runCLI("cv", "--data", data, "--kernel", "poly", "--coef0", "0", "--param", "degree", "--values", "1:3", "--folds", "2")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"four.csv: 4 points; kernel poly(d=2,c=0), d swept; no bias; tie mistake",
		"2-fold cross-validation, folds contiguous in dataset order: 3 values × 2 folds = 6 trainings",
		"d  validation %  train %    gap  fold 1  fold 2",
		"*  1  100.0 ±  0.0    100.0    0.0   100.0   100.0",
		"   2   25.0 ± 35.4     50.0  +25.0    50.0     0.0",
		"* best: d = 1, validation 100.0% ± 0.0% (the highest mean; on a tie, the smaller value)",
		"2 │██████████░░░░░░░░░░                    │  25.0%\n",
		"1 │████████████████████████████████████████│ 100.0% *\n",
		// Fold 2's learner at d = 2 gets none of its training rows right.
		"the largest gap, at d = 2 (training 50.0%, validation 25.0%: 25.0 points), comes with low training accuracy, which is underfitting rather than overfitting; where training accuracy is 90.0% or more, it is never above validation accuracy.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.ContainsRune(out, '\x1b') || strings.ContainsRune(out, '\r') {
		t.Errorf("text has control characters: %q", out)
	}
}

// TestCVOverfitLesson: on noisy moons a narrow Gaussian fits every
// training fold and does worse on the held-out ones; the lesson names it
// with the numbers of the JSON format.
func TestCVOverfitLesson(t *testing.T) {
	args := []string{"--dataset", "moons", "--noise", "0.35", "--kernel", "rbf", "--param", "sigma", "--values", "0.1,1"}
	o := cvJSONOf(t, args...)
	narrow, wide := o.Results[0], o.Results[1]
	train := meanOf(narrow.Train)
	if train < 0.9 || train-narrow.Mean < 0.05 || train-narrow.Mean <= meanOf(wide.Train)-wide.Mean {
		t.Fatalf("σ = 0.1 does not overfit here: %+v", o)
	}
	out, _, code := runCLI(append([]string{"cv"}, args...)...)
	want := fmt.Sprintf("the gap is largest at σ = 0.1 (training %.1f%%, validation %.1f%%: %.1f points), where the learner fits its training folds far better than the fold it never saw.\n",
		100*train, 100*narrow.Mean, 100*(train-narrow.Mean))
	if code != 0 || !strings.HasSuffix(out, want) {
		t.Errorf("exit %d; the lesson is not %q:\n%s", code, want, out)
	}
}

func meanOf(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// TestCVUsageErrors: every mistake of the command line is a usage error
// (exit 2) that says what is wrong, and nothing is written on stdout.
func TestCVUsageErrors(t *testing.T) {
	four := writeFile(t, "four.csv", cvFour)
	rbf := []string{"--dataset", "moons", "--kernel", "rbf"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(rbf, "--param", "sigma", "--values", "1", "--folds", "1"), "cv: --folds: cross-validation needs at least 2 folds, not 1"},
		{[]string{"--data", four, "--param", "degree", "--kernel", "poly", "--values", "1", "--folds", "5"}, "cv: --folds: 5 folds need at least 5 examples; there are 4"},
		{append(rbf, "--param", "sigma", "--values", ""), "cv: --values: no values"},
		{append(rbf, "--param", "sigma"), "cv: --values is required"},
		{append(rbf, "--values", "1"), "cv: --param is required"},
		{[]string{"--dataset", "moons", "--kernel", "poly", "--param", "sigma", "--values", "1"}, "cv: --param sigma: the kernel poly(d=2,c=1) has no sigma (sigma is rbf's)"},
		{append(rbf, "--param", "C", "--values", "1"), "cv: --param C: C is read by svm and pa; the perceptron learner has none"},
		{append(rbf, "--param", "sigma", "--values", "0.5,0"), `cv: --values: "0": sigma must be at least`},
		{append(rbf, "--param", "sigma", "--values", "-1"), `cv: --values: "-1": sigma must be at least`},
		{[]string{"--dataset", "moons", "--kernel", "poly", "--param", "degree", "--values", "2.5"}, `cv: --values: "2.5": degree d must be a whole number`},
		{append(rbf, "--param", "width2", "--values", "1"), `cv: --param: unknown parameter "width2"`},
		{append(rbf, "--param", "sigma", "--values", "1", "--format", "xml"), `unknown --format "xml" (want text or json)`},
		{append(rbf, "--param", "sigma", "--values", "1", "--folds", "x"), `cv: invalid value "x" for --folds`},
		{append(rbf, "--param", "sigma", "--values", "1", "--eta", "0"), "--eta must be a finite number > 0"},
	} {
		out, stderr, code := runCLI(append([]string{"cv"}, c.args...)...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, stderr, c.want)
		}
	}
	// A file that cannot be read is the data's fault, as in trace.
	out, stderr, code := runCLI("cv", "--data", four+".missing", "--param", "degree", "--kernel", "poly", "--values", "1")
	if code != exitData || out != "" || stderr == "" {
		t.Errorf("missing file: exit %d, stdout %q, stderr %q; want exit 1", code, out, stderr)
	}
}

// TestCVLearners: every learner of --algo cross-validates, and the SVM's
// C is a parameter to sweep.
func TestCVLearners(t *testing.T) {
	for _, k := range learn.Learners() {
		a := k.Name
		args := []string{"--dataset", "moons", "--n", "30", "--kernel", "rbf", "--algo", a, "--folds", "3", "--param", "sigma", "--values", "0.5,1"}
		if a == "svm" {
			args[len(args)-3], args[len(args)-1] = "C", "0.1,10"
		}
		o := cvJSONOf(t, args...)
		if len(o.Results) != 2 || (o.Best != o.Results[0].Value && o.Best != o.Results[1].Value) {
			t.Errorf("--algo %v: %+v", a, o)
		}
	}
}

// TestCVShuffleFolds: --shuffle-folds cuts other folds than dataset order,
// the same ones for the same --seed.
func TestCVShuffleFolds(t *testing.T) {
	args := []string{"cv", "--dataset", "moons", "--n", "40", "--kernel", "rbf", "--param", "sigma", "--values", "0.2,1", "--folds", "4", "--format", "json", "--seed", "2"}
	plain, _, _ := runCLI(args...)
	a, _, codeA := runCLI(append(args, "--shuffle-folds")...)
	b, _, codeB := runCLI(append(args, "--shuffle-folds")...)
	if codeA != 0 || codeB != 0 || a != b {
		t.Errorf("--shuffle-folds --seed 2 twice: exit %d, %d;\n%s\n%s", codeA, codeB, a, b)
	}
	if a == plain {
		t.Errorf("--shuffle-folds changed nothing: %s", a)
	}
	text, _, _ := runCLI(append(args[:len(args)-4], "--shuffle-folds", "--seed", "2")...)
	if !strings.Contains(text, "folds cut after shuffling the rows (seed 2)") {
		t.Errorf("the text does not say the folds are shuffled:\n%s", text)
	}
}

// runCVEnv runs `kernelscope cv args` with env in place of the process's,
// and returns stdout and the error.
func runCVEnv(env cvEnv, stderr io.Writer, args ...string) (string, error) {
	root := newRoot()
	for _, c := range root.Commands() {
		if c.Name() == "cv" {
			root.RemoveCommand(c)
		}
	}
	root.AddCommand(newCVCmdWith(env))
	var out bytes.Buffer
	err := execute(root, append([]string{"cv"}, args...), &out, stderr)
	return out.String(), err
}

// aTerminal is a terminal check that always says yes.
func aTerminal(io.Writer) bool { return true }

// keep is a context that Ctrl-C does not reach.
func keep(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithCancel(parent)
}

// TestCVProgress: stderr is silent when it is not a terminal (runCLI's
// buffers: every test above checks it); on a terminal a bar is drawn at the
// start and the end, in place, and cleared.
func TestCVProgress(t *testing.T) {
	data := writeFile(t, "four.csv", cvFour)
	var stderr bytes.Buffer
	env := cvEnv{terminal: aTerminal, context: keep, now: time.Now}
	out, err := runCVEnv(env, &stderr, "--data", data, "--kernel", "poly", "--coef0", "0", "--param", "degree", "--values", "1:3", "--folds", "2")
	if err != nil || !strings.Contains(out, "* best: d = 1") {
		t.Fatalf("err %v, stdout %q", err, out)
	}
	e := stderr.String()
	for _, want := range []string{"\rcv [░░░░░░░░░░░░░░░░░░░░░░░░] 0/6 trainings", "\rcv [████████████████████████] 6/6 trainings"} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr %q lacks %q", e, want)
		}
	}
	if !strings.HasSuffix(e, "\r"+strings.Repeat(" ", len([]rune("cv [████████████████████████] 6/6 trainings")))+"\r") {
		t.Errorf("the bar is not cleared: %q", e)
	}
}

// TestCVInterrupted: a run interrupted before or during its trainings
// writes nothing on stdout, fails with an error that is not a usage error,
// and says how far it got.
func TestCVInterrupted(t *testing.T) {
	data := writeFile(t, "four.csv", cvFour)
	cancelled := func(parent context.Context) (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(parent)
		cancel()
		return ctx, cancel
	}
	var stderr bytes.Buffer
	out, err := runCVEnv(cvEnv{terminal: isTerminal, context: cancelled, now: time.Now}, &stderr,
		"--data", data, "--kernel", "poly", "--coef0", "0", "--param", "degree", "--values", "1:3", "--folds", "2")
	if out != "" || err == nil || exitCode(err) == exitOK || exitCode(err) == exitUsage ||
		stderr.String() != "kernelscope: cv: interrupted after 0 of 6 trainings; no results written\n" {
		t.Errorf("pre-cancelled: stdout %q, err %v (exit %d), stderr %q", out, err, exitCode(err), stderr.String())
	}

	// Interrupt after the first training: the bar's writer cancels when it
	// is told one is done, and the clock lets every update draw.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelOn{cancel: cancel, when: " 1/12 "}
	clock := time.Unix(0, 0)
	env := cvEnv{
		terminal: aTerminal,
		context:  func(context.Context) (context.Context, context.CancelFunc) { return ctx, cancel },
		now:      func() time.Time { clock = clock.Add(time.Second); return clock },
	}
	out, err = runCVEnv(env, w, "--dataset", "moons", "--kernel", "rbf", "--param", "sigma", "--values", "0.3,1,3", "--folds", "4")
	m := regexp.MustCompile(`kernelscope: cv: interrupted after (\d+) of 12 trainings; no results written\n$`).FindStringSubmatch(w.String())
	if out != "" || err == nil || m == nil {
		t.Fatalf("interrupted: stdout %q, err %v, stderr %q", out, err, w.String())
	}
	if n, _ := strconv.Atoi(m[1]); n < 1 || n >= 12 {
		t.Errorf("interrupted after %d of 12", n)
	}
}

// cancelOn is a writer that calls cancel once what is written contains
// when.
type cancelOn struct {
	bytes.Buffer
	cancel func()
	when   string
}

func (c *cancelOn) Write(b []byte) (int, error) {
	if strings.Contains(string(b), c.when) {
		c.cancel()
	}
	return c.Buffer.Write(b)
}
