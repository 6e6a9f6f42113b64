package cli

import (
	"encoding/json"
	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// relativeLine is one object of `trace --format jsonl`: a step, or the
// final {"done":true,...} with the averaged and voted perceptrons' keys.
type relativeLine struct {
	T            int       `json:"t"`
	I            int       `json:"i"`
	Mistake      bool      `json:"mistake"`
	Alpha        []float64 `json:"alpha"`
	Done         bool      `json:"done"`
	Steps        int       `json:"steps"`
	AveragedA    []float64 `json:"averaged_alpha"`
	AveragedPred []int     `json:"averaged_predictions"`
	VotedPred    []int     `json:"voted_predictions"`
}

// traceLines runs trace with args and decodes every line.
func traceLines(t *testing.T, args ...string) (raw []string, lines []relativeLine, keys []map[string]json.RawMessage) {
	t.Helper()
	out, stderr, code := runCLI(append([]string{"trace", "--format", "jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("trace %v: exit %d: %s", args, code, stderr)
	}
	raw = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range raw {
		var v relativeLine
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("not JSON: %s: %v", l, err)
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		lines, keys = append(lines, v), append(keys, m)
	}
	return raw, lines, keys
}

// TestTraceVotedKeys: `trace --algo voted` ends with averaged_alpha,
// averaged_predictions and voted_predictions, one entry per example, the
// predictions ±1 (or 0, the mistake rule's tie); no step line has them.
// ᾱ is checked against the step lines: Σ_k c_k α⁽ᵏ⁾ counts each step's α
// (the α after it) once, so ᾱ is the mean over the steps of the "alpha"
// arrays (1e-12 relative: the two sums are formed differently).
func TestTraceVotedKeys(t *testing.T) {
	const n = 24
	for _, algo := range []string{"voted", "averaged"} {
		_, lines, keys := traceLines(t, "--algo", algo, "--dataset", "moons", "--n", "24", "--noise", "0.3", "--epochs", "4")
		end := lines[len(lines)-1]
		if !end.Done || len(end.AveragedA) != n || len(end.AveragedPred) != n || len(end.VotedPred) != n {
			t.Fatalf("%s: final object %+v; want the three keys with %d entries each", algo, end, n)
		}
		for _, k := range []string{"averaged_alpha", "averaged_predictions", "voted_predictions"} {
			if _, ok := keys[len(keys)-1][k]; !ok {
				t.Errorf("%s: the final object lacks %q", algo, k)
			}
			for _, m := range keys[:len(keys)-1] {
				if _, ok := m[k]; ok {
					t.Fatalf("%s: a step line has %q", algo, k)
				}
			}
		}
		for i := range n {
			if p := end.AveragedPred[i]; p < -1 || p > 1 {
				t.Errorf("%s: averaged prediction %d = %d", algo, i+1, p)
			}
			if p := end.VotedPred[i]; p < -1 || p > 1 {
				t.Errorf("%s: voted prediction %d = %d", algo, i+1, p)
			}
		}
		steps := lines[:len(lines)-1]
		if len(steps) != end.Steps || len(steps) == 0 {
			t.Fatalf("%s: %d step lines, steps = %d", algo, len(steps), end.Steps)
		}
		for j := range n {
			sum := 0.0
			for _, s := range steps {
				sum += s.Alpha[j]
			}
			want := sum / float64(len(steps))
			if math.Abs(end.AveragedA[j]-want) > 1e-12*math.Abs(want) {
				t.Errorf("%s: averaged_alpha[%d] = %v, mean of the steps' α %v", algo, j, end.AveragedA[j], want)
			}
		}
	}
	// The perceptron's final object has none of them.
	_, _, keys := traceLines(t, "--dataset", "moons", "--n", "24", "--epochs", "4")
	for _, k := range []string{"averaged_alpha", "averaged_predictions", "voted_predictions"} {
		if _, ok := keys[len(keys)-1][k]; ok {
			t.Errorf("perceptron: the final object has %q", k)
		}
	}
}

// TestTraceAveragedIsPerceptron: the averaged perceptron trains as the
// perceptron, so every step line is the perceptron's, byte for byte, and
// its final object is the perceptron's with the three keys added.
func TestTraceAveragedIsPerceptron(t *testing.T) {
	args := []string{"--dataset", "circles", "--n", "30", "--noise", "0.2", "--kernel", "rbf", "--sigma", "0.5", "--epochs", "5", "--shuffle"}
	perc, _, _ := traceLines(t, args...)
	avg, _, _ := traceLines(t, append([]string{"--algo", "averaged"}, args...)...)
	if len(perc) != len(avg) {
		t.Fatalf("%d lines for the perceptron, %d for averaged", len(perc), len(avg))
	}
	for k := range len(perc) - 1 {
		if perc[k] != avg[k] {
			t.Fatalf("line %d:\nperceptron %s\naveraged   %s", k+1, perc[k], avg[k])
		}
	}
	last := perc[len(perc)-1]
	if !strings.HasPrefix(avg[len(avg)-1], strings.TrimSuffix(last, "}")+`,"averaged_alpha":`) {
		t.Errorf("final objects:\nperceptron %s\naveraged   %s", last, avg[len(avg)-1])
	}
}

// TestTraceSVMIsTheSVMCommand: trace --algo svm is the svm command's code
// path: the same bytes in every format (summary is svm's json).
func TestTraceSVMIsTheSVMCommand(t *testing.T) {
	for _, f := range [][2]string{{"text", "text"}, {"jsonl", "jsonl"}, {"json", "json"}, {"summary", "json"}} {
		args := []string{"--dataset", "circles", "--n", "40", "--kernel", "rbf", "--C", "2"}
		got, stderr, code := runCLI(append([]string{"trace", "--algo", "svm", "--format", f[0]}, args...)...)
		want, _, _ := runCLI(append([]string{"svm", "--format", f[1]}, args...)...)
		if code != 0 || got != want || want == "" {
			t.Errorf("trace --algo svm --format %s: exit %d, stderr %q; differs from svm --format %s:\n%s\nwant\n%s", f[0], code, stderr, f[1], got, want)
		}
	}
}

// TestTraceRelativesUsage: learner flags that do not fit are usage errors
// (exit 2, nothing on stdout, the reason on stderr).
func TestTraceRelativesUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"trace", "--algo", "perceptron", "--budget", "5"}, "--budget applies to --algo stoptron, forgetron and budget, not perceptron"},
		{[]string{"trace", "--budget", "5"}, "--budget applies to"},
		{[]string{"trace", "--algo", "voted", "--budget", "5"}, "not voted"},
		{[]string{"trace", "--algo", "forgetron", "--budget", "0"}, "--budget must be at least 1 support vector, not 0"},
		{[]string{"trace", "--algo", "budget", "--budget", "-3"}, "--budget must be at least 1"},
		{[]string{"trace", "--algo", "svm", "--format", "csv"}, "kernelscope svm"},
		{[]string{"trace", "--algo", "svm", "--epochs", "5"}, "--epochs sets the perceptron"},
		{[]string{"trace", "--algo", "pa", "--lambda", "5"}, "--lambda applies to --algo pegasos and logistic, not pa"},
		// λ past its range (learn.MinLambda, MaxLambda): 1e-320 blamed the
		// kernel values, 1e308 trained to f = 0 without a word.
		{[]string{"trace", "--algo", "pegasos", "--lambda", "1e-320"}, "kernelscope: --lambda must be from 1e-12 to 1e12, not 1e-320\n"},
		{[]string{"trace", "--algo", "pegasos", "--lambda", "1e308"}, "kernelscope: --lambda must be from 1e-12 to 1e12, not 1e+308\n"},
		{[]string{"trace", "--algo", "pegasos", "--lambda", "0"}, "--lambda must be from 1e-12 to 1e12, not 0"},
		// The Forgetron appends σ = 1 and reads no η: a header with
		// η = 0.5 would say it was used.
		{[]string{"trace", "--algo", "forgetron", "--eta", "0.5"}, "--eta applies to --algo perceptron, averaged, voted, stoptron, budget and logistic, not forgetron"},
		{[]string{"trace", "--algo", "forgettron"}, `unknown learner "forgettron"`},
	} {
		out, stderr, code := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, stderr, c.msg)
		}
	}
}

// TestTraceBudgetReproducible: the budget perceptron draws from --seed, so
// the same command gives the same bytes; every step of the budget learners
// keeps at most --budget α > 0.
func TestTraceBudgetReproducible(t *testing.T) {
	args := []string{"trace", "--format", "jsonl", "--algo", "budget", "--budget", "3", "--dataset", "moons", "--n", "40", "--noise", "0.4", "--seed", "9", "--epochs", "5"}
	a, stderr, code := runCLI(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _, _ := runCLI(args...)
	if a != b {
		t.Fatal("the same --seed gave different output")
	}
	for _, algo := range []string{"budget", "forgetron", "stoptron"} {
		_, lines, _ := traceLines(t, "--algo", algo, "--budget", "3", "--dataset", "moons", "--n", "40", "--noise", "0.4", "--seed", "9", "--epochs", "5")
		mistakes := 0
		for _, l := range lines {
			if l.Mistake {
				mistakes++
			}
			svs := 0
			for _, v := range l.Alpha {
				if v > 0 {
					svs++
				}
			}
			if svs > 3 {
				t.Fatalf("%s: %d α > 0 at t = %d, budget 3", algo, svs, l.T)
			}
		}
		if mistakes <= 3 {
			t.Errorf("%s: only %d mistakes: the budget never mattered", algo, mistakes)
		}
	}
}

// TestTraceMarginLearners: trace --algo pa and --algo pegasos write the
// JSONL contract of every learner plus "update" (and PA's "loss" and
// "tau") each step, and the final object with "updates" (and Pegasos's
// "scale" = 1/(λT)). The values are the worked example by hand (learn's
// TestPAWorkedByHand and TestPegasosWorkedByHand work them out): x₁ =
// (1, 0), y = +1 and x₂ = (0, 1), y = −1, linear kernel.
func TestTraceMarginLearners(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "two.csv")
	if err := os.WriteFile(data, []byte("1,0,1\n0,1,-1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI("trace", "--data", data, "--algo", "pa", "--format", "jsonl")
	want := `{"t":1,"epoch":1,"i":1,"f":0.0,"y":1,"prediction":0,"mistake":true,"update":true,"loss":1.0,"tau":1.0,"alpha":[1.0,0.0]}
{"t":2,"epoch":1,"i":2,"f":0.0,"y":-1,"prediction":0,"mistake":true,"update":true,"loss":1.0,"tau":1.0,"alpha":[1.0,1.0]}
{"t":3,"epoch":2,"i":1,"f":1.0,"y":1,"prediction":1,"mistake":false,"update":false,"loss":0.0,"tau":0.0,"alpha":[1.0,1.0]}
{"t":4,"epoch":2,"i":2,"f":-1.0,"y":-1,"prediction":-1,"mistake":false,"update":false,"loss":0.0,"tau":0.0,"alpha":[1.0,1.0]}
{"done":true,"algo":"pa","converged":true,"epochs":2,"steps":4,"mistakes":2,"alpha":[1.0,1.0],"support_vectors":[1,2],"accuracy":1.0,"updates":2}
`
	if code != 0 || out != want {
		t.Errorf("pa: exit %d, stderr %q\n%s\nwant\n%s", code, stderr, out, want)
	}
	out, stderr, code = runCLI("trace", "--data", data, "--algo", "pegasos", "--lambda", "1", "--epochs", "3", "--format", "summary")
	want = `{"done":true,"algo":"pegasos","converged":false,"epochs":3,"steps":6,"mistakes":2,"alpha":[3.0,3.0],"support_vectors":[1,2],"accuracy":1.0,"updates":6,"scale":0.16666666666666666}` + "\n"
	if code != 0 || out != want {
		t.Errorf("pegasos: exit %d, stderr %q\n%s\nwant\n%s", code, stderr, out, want)
	}
	// The text names the learner, its setting, and the rule of each step.
	out, _, code = runCLI("trace", "--data", data, "--algo", "pegasos", "--lambda", "1", "--epochs", "1")
	for _, s := range []string{"Pegasos; λ = 1; at most 1 pass", "f = 0 (T = 1: every α is 0) → y₁·f = 0 < 1: update",
		"update → α₂ += 1, new α = [1, 1]", "ran its 1 pass (2 steps, 2 updates, 2 mistakes)"} {
		if code != 0 || !strings.Contains(out, s) {
			t.Errorf("pegasos text lacks %q:\n%s", s, out)
		}
	}
}

// TestVotedWithHeldOutRows: the voted perceptron votes with every vector
// since the first step, which it reads from its undo history; trace and
// plot train with no history, and with rows held out (which they score
// with the vote) they failed with "the undo history reaches back only to
// step 210". Both now run, and trace's test accuracy is the one
// crossval.Fit computes for the same split on its own path.
func TestVotedWithHeldOutRows(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "moons", "--algo", "voted", "--test", "0.3", "--format", "summary")
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, stderr)
	}
	var sum struct {
		NTest        int     `json:"n_test"`
		TestAccuracy float64 `json:"test_accuracy"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	b, _ := datasets.Lookup("moons")
	o := lab.Options{Points: b.Generate(b.DefaultN, b.DefaultNoise, 1), Holdout: lab.Holdout{Fraction: 0.3}}
	train, test := o.Split()
	k, _ := learn.ParseKernel(b.Preset.Kernel)
	cfg := learn.Config{Learner: "voted", Kernel: k, Bias: b.Preset.Bias, Tie: b.Preset.Tie, Epochs: 100, Seed: 1, Params: learn.NewParams("eta", 1)}
	fit, err := crossval.Fit(t.Context(), cfg, datasets.Examples(train), datasets.Examples(test))
	if err != nil {
		t.Fatal(err)
	}
	if sum.NTest != 30 || sum.TestAccuracy != fit.Test {
		t.Errorf("trace: %d held out, test accuracy %v; crossval.Fit: %v", sum.NTest, sum.TestAccuracy, fit.Test)
	}
	if _, stderr, code := runCLI("plot", "--dataset", "moons", "--algo", "voted", "--test", "0.3", "--out", filepath.Join(t.TempDir(), "v.png")); code != 0 {
		t.Errorf("plot: exit %d: %s", code, stderr)
	}
}
