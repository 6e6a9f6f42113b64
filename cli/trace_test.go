package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/pflag"

	"kernelscope/lab"
	"kernelscope/setup"
	"kernelscope/tui"
)

func runCLI(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Run(args, &out, &errb)
	return out.String(), errb.String(), code
}

// rootOptions resolves args as the terminal program (the root command)
// does.
func rootOptions(t *testing.T, args ...string) lab.Options {
	t.Helper()
	fs := pflag.NewFlagSet("kernelscope", pflag.ContinueOnError)
	flags := setup.Bind(fs, "the terminal program", setup.Train)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	opts, err := flags.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return opts
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTraceWorked4Text: the text trace of the seed 003 worked example, line
// for line as the notes compute it, in the notation the terminal program
// narrates with (package notation): t counts passes as in the notes
// ("t=2, i=1"), and the step number follows.
func TestTraceWorked4Text(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "worked4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := []string{
		// "t=1, i=1: Σ_k a^k K(x^k, x^1) = 0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1"
		"t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)   [step 1]",
		// "a^1 += y^1 → a^1 += 1, new a = [1,0,0,0]"
		"  mistake → α₁ += 1, new α = [1, 0, 0, 0]",
		// "t=1, i=2: … = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
		"t=1, i=2: Σ αₖ yₖ K(xₖ, x₂) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₂ ✓ (tie rule neg)   [step 2]",
		// "t=1, i=3: … = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1"
		"t=1, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓   [step 3]",
		// "t=1, i=4: … = 1x0 + 0x4 + 0x0 + 0x4 = 0, sign(0) = −1"
		"t=1, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₄ ✓ (tie rule neg)   [step 4]",
		// "t=2, i=1: … = 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1"
		"t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₁ ✓   [step 5]",
		"t=2, i=2: Σ αₖ yₖ K(xₖ, x₂) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₂ ✓ (tie rule neg)   [step 6]",
		"t=2, i=3: Σ αₖ yₖ K(xₖ, x₃) = 1·4 + 0·0 + 0·4 + 0·0 = 4 → sign(4) = +1 = y₃ ✓   [step 7]",
		"t=2, i=4: Σ αₖ yₖ K(xₖ, x₄) = 1·0 + 0·4 + 0·0 + 0·4 = 0 → sign(0) = −1 = y₄ ✓ (tie rule neg)   [step 8]",
		// "Converged!!!"
		"converged after 2 passes (8 steps, 1 mistake): every example is classified correctly",
		"support vectors: 1 of 4 (α₁ = 1)",
		// "y = … = K([1,1], x) = (x₁ + x₂)²"
		"f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₁, x) = (x₁ + x₂)² = x₁² + 2·x₁x₂ + x₂²",
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != len(want)+1 {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want)+1, out)
	}
	if !strings.HasPrefix(lines[0], "worked4: 4 points; K(x,z) = (x·z)²; no bias; tie neg (sign(0) = −1)") {
		t.Errorf("header line %q", lines[0])
	}
	for i, w := range want {
		if lines[i+1] != w {
			t.Errorf("line %d:\n got %q\nwant %q", i+2, lines[i+1], w)
		}
	}
}

// TestTraceWorked3Text: seed 004's example (x̃ = (1, x₁, x₂), sig(0) = 1),
// quoted beside each line.
func TestTraceWorked3Text(t *testing.T) {
	out, _, code := runCLI("trace", "--dataset", "worked3")
	if code != 0 {
		t.Fatal(out)
	}
	for _, w := range []string{
		// "= 0, thus sig(…) = 1 = y₁"
		"t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·6 + 0·4 + 0·0 = 0 → sign(0) = +1 = y₁ ✓ (tie rule pos)   [step 1]",
		// "= 0, thus sig(…) = 1 ≠ y₃. Hence, n⁽³⁾ = (0, 0, 1)"
		"t=1, i=3: Σ αₖ yₖ K(xₖ, x₃) = 0·0 + 0·6 + 0·11 = 0 → sign(0) = +1 ≠ y₃ = −1 ✗ (tie rule pos)   [step 3]\n" +
			"  mistake → α₃ += 1, new α = [0, 0, 1]\n",
		// "= −1 · x̃₃ · x̃₁ = −1 · 0 = 0, thus sig(…) = 1 = y₁"
		"t=2, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·6 + 0·4 − 1·0 = 0 → sign(0) = +1 = y₁ ✓ (tie rule pos)   [step 4]",
		// "= −1 · 6 = −6, thus sig(…) = −1 ≠ y₂. Hence, n⁽⁵⁾ = (0, 1, 1)"
		"t=2, i=2: Σ αₖ yₖ K(xₖ, x₂) = 0·4 + 0·6 − 1·6 = −6 → sign(−6) = −1 ≠ y₂ = +1 ✗   [step 5]\n" +
			"  mistake → α₂ += 1, new α = [0, 1, 1]\n",
		// "= 1 · x̃₂ · x̃₃ − 1 · x̃₃ · x̃₃ = −5 … This is OK."
		"t=2, i=3: Σ αₖ yₖ K(xₖ, x₃) = 0·0 + 1·6 − 1·11 = −5 → sign(−5) = −1 = y₃ ✓   [step 6]",
		// "= 1 · x̃₂ · x̃₁ − 1 · x̃₃ · x̃₁ = 4 … This is OK."
		"t=3, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·6 + 1·4 − 1·0 = 4 → sign(4) = +1 = y₁ ✓   [step 7]",
		// "= 1 · x̃₂ · x̃₂ − 1 · x̃₃ · x̃₂ = 0 … This is OK."
		"t=3, i=2: Σ αₖ yₖ K(xₖ, x₂) = 0·4 + 1·6 − 1·6 = 0 → sign(0) = +1 = y₂ ✓ (tie rule pos)   [step 8]",
		"converged after 3 passes (9 steps, 2 mistakes)",
		// "The result: x̃₂ − x̃₃."
		"= x₁ − 2·x₂",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("trace lacks %q:\n%s", w, out)
		}
	}
}

// TestTraceTextIsNarration: trace's text format and the terminal program's
// narration write a step the same way. For each of worked4's 8 steps, the
// screen after pressing space holds the trace's line for that step, and
// after a mistake its update.
func TestTraceTextIsNarration(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "worked4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// Each step: its line, then its update if it was a mistake.
	var steps [][]string
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "t="):
			steps = append(steps, []string{line})
		case strings.HasPrefix(line, "  ") && len(steps) > 0:
			steps[len(steps)-1] = append(steps[len(steps)-1], strings.TrimSpace(line))
		}
	}
	if len(steps) != 8 {
		t.Fatalf("trace has %d steps, want 8:\n%s", len(steps), out)
	}
	opts := rootOptions(t, "--dataset", "worked4")
	t.Setenv("NO_COLOR", "1")
	m := tui.New(opts)
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	for n, want := range steps {
		m.Update(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
		shown := strings.Split(ansi.Strip(m.View().Content), "\n")
		for k := range shown {
			shown[k] = strings.TrimRight(shown[k], " ")
		}
		if !slices.Contains(shown, want[0]) {
			t.Errorf("step %d: the screen lacks the trace's line\n%s\n%s", n+1, want[0], strings.Join(shown, "\n"))
		}
		if len(want) > 1 && !slices.ContainsFunc(shown, func(l string) bool { return strings.HasPrefix(l, want[1]+"   next:") }) {
			t.Errorf("step %d: the screen lacks the trace's update\n%s\n%s", n+1, want[1], strings.Join(shown, "\n"))
		}
	}
}

type jsonStep struct {
	T          int       `json:"t"`
	Epoch      int       `json:"epoch"`
	I          int       `json:"i"`
	F          float64   `json:"f"`
	Y          int       `json:"y"`
	Prediction int       `json:"prediction"`
	Mistake    bool      `json:"mistake"`
	Alpha      []float64 `json:"alpha"`
	Done       bool      `json:"done"`
	Converged  bool      `json:"converged"`
	Epochs     int       `json:"epochs"`
	Steps      int       `json:"steps"`
	Mistakes   int       `json:"mistakes"`
	SVs        []int     `json:"support_vectors"`
}

// TestTraceJSONL checks the contract on the worked example of seed 004, and
// its exact text on the first step of seed 003's (the example line).
func TestTraceJSONL(t *testing.T) {
	out, _, code := runCLI("trace", "--dataset", "worked4", "--format", "jsonl")
	if code != 0 {
		t.Fatal(out)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if lines[0] != `{"t":1,"epoch":1,"i":1,"f":0.0,"y":1,"prediction":-1,"mistake":true,"alpha":[1.0,0.0,0.0,0.0]}` {
		t.Errorf("first line %s", lines[0])
	}
	if last := lines[len(lines)-1]; last != `{"done":true,"converged":true,"epochs":2,"steps":8,"mistakes":1,"alpha":[1.0,0.0,0.0,0.0],"support_vectors":[1],"accuracy":1.0}` {
		t.Errorf("last line %s", last)
	}

	out, _, _ = runCLI("trace", "--dataset", "worked3", "--format", "jsonl")
	var got []jsonStep
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		var s jsonStep
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatalf("not JSON: %s: %v", line, err)
		}
		got = append(got, s)
	}
	// Seed 004: f = 0, 0, 0, 0, −6, −5, 4, 0 (and −5 for the confirming step 9).
	wantF := []float64{0, 0, 0, 0, -6, -5, 4, 0, -5}
	wantMistake := []bool{false, false, true, false, true, false, false, false, false}
	if len(got) != len(wantF)+1 {
		t.Fatalf("got %d objects, want %d", len(got), len(wantF)+1)
	}
	for n := range wantF {
		s := got[n]
		if s.T != n+1 || s.F != wantF[n] || s.Mistake != wantMistake[n] || s.I != n%3+1 || s.Epoch != n/3+1 {
			t.Errorf("step %d: %+v", n+1, s)
		}
	}
	end := got[len(got)-1]
	if !end.Done || !end.Converged || end.Epochs != 3 || end.Steps != 9 || end.Mistakes != 2 ||
		len(end.SVs) != 2 || end.SVs[0] != 2 || end.SVs[1] != 3 {
		t.Errorf("final object %+v", end)
	}
	summary, _, _ := runCLI("trace", "--dataset", "worked3", "--format", "summary")
	if summary != strings.SplitAfter(out, "\n")[len(got)-1] {
		t.Errorf("summary %q is not the final jsonl object", summary)
	}
}

func TestJSONFloat(t *testing.T) {
	for v, want := range map[float64]string{0: "0.0", 1: "1.0", -6: "-6.0", 0.25: "0.25", 1e-7: "1e-07", 2.5e20: "2.5e+20", 0.1: "0.1"} {
		if got := jsonFloat(v); got != want {
			t.Errorf("jsonFloat(%v) = %s, want %s", v, got, want)
		}
	}
}

// TestJNumList: a list of numbers writes itself as the numbers one by one
// would (jnum's MarshalJSON, jsonFloat): null for what is not finite, a
// point or an exponent always; an empty list is [] and no list null.
func TestJNumList(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1, -6, 0.25, 1e-7, 2.5e20, 0.1, math.NaN(), math.Inf(-1), 1e16, 9.999e15, 1.0000000000000002}
	var parts []string
	for _, x := range xs {
		b, err := jnum(x).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, string(b))
	}
	for _, c := range []struct {
		v    any
		want string
	}{
		{jnums(xs), "[" + strings.Join(parts, ",") + "]"},
		{jnums(nil), "[]"},
		{jnumList(nil), "null"},
		{jsonObject{{"alpha", jnums([]float64{1, 0.5})}}, `{"alpha":[1.0,0.5]}`},
		{jsonObject{{"name", "<a&b>"}, {"in", jsonObject{{"x", jnum(2)}}}}, `{"name":"\u003ca\u0026b\u003e","in":{"x":2.0}}`},
	} {
		got, err := json.Marshal(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("%#v: %s, %v; want %s", c.v, got, err, c.want)
		}
		// writeJSONLine writes the same, without encoding/json's second look.
		var line bytes.Buffer
		w := bufio.NewWriter(&line)
		if err := writeJSONLine(w, c.v); err != nil || w.Flush() != nil || line.String() != c.want+"\n" {
			t.Errorf("writeJSONLine(%#v): %q, %v; want %s", c.v, line.String(), err, c.want)
		}
	}
}

func TestTraceCSVData(t *testing.T) {
	// The same 3 points as seed 004, with labels written 0/1 and a header.
	path := writeFile(t, "w3.csv", "a,b,label\n2,-1,1\n\n2,1,1\n1,3,0\n")
	out, stderr, code := runCLI("trace", "--data", path, "--bias", "--tie", "pos", "--format", "summary")
	if code != 0 {
		t.Fatal(stderr)
	}
	if out != `{"done":true,"converged":true,"epochs":3,"steps":9,"mistakes":2,"alpha":[0.0,1.0,1.0],"support_vectors":[2,3],"accuracy":1.0}`+"\n" {
		t.Errorf("summary %s", out)
	}
	out, _, _ = runCLI("trace", "--data", path, "--bias", "--tie", "pos", "--format", "csv")
	if !strings.HasPrefix(out, "t,epoch,i,x1,x2,y,f,prediction,mistake,alpha_i\n1,1,1,2,-1,1,0,1,false,0\n") {
		t.Errorf("csv: %s", out)
	}
}

// TestBadInput: every kind of bad input gets a specific message on stderr,
// nothing on stdout, and exit 2 (usage) or 1 (data).
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"unknown flag", []string{"trace", "--colour"}, 2, "unknown flag colour"},
		{"unknown dataset", []string{"trace", "--dataset", "iris"}, 2, `unknown dataset "iris"`},
		{"unknown kernel", []string{"trace", "--kernel", "cubic"}, 2, `unknown kernel "cubic"`},
		{"bad kernel syntax", []string{"trace", "--kernel", "rbf(sigma=1"}, 2, "never closed"},
		{"unknown format", []string{"trace", "--format", "xml"}, 2, `unknown --format "xml"`},
		{"unknown tie", []string{"trace", "--tie", "zero"}, 2, `unknown tie rule "zero"`},
		{"sigma 0", []string{"trace", "--kernel", "rbf", "--sigma", "0"}, 2, "--sigma must be a finite number > 0"},
		{"sigma negative in spec", []string{"trace", "--kernel", "rbf(sigma=-1)"}, 2, "sigma must be > 0"},
		{"degree 2.5", []string{"trace", "--kernel", "poly", "--degree", "2.5"}, 2, "--degree must be a whole number"},
		{"degree 0", []string{"trace", "--kernel", "poly", "--degree", "0"}, 2, "--degree must be a whole number"},
		{"degree in spec", []string{"trace", "--kernel", "poly(d=1.5)"}, 2, "whole number"},
		{"eta 0", []string{"trace", "--eta", "0"}, 2, "--eta must be a finite number > 0"},
		{"eta negative", []string{"trace", "--eta", "-1"}, 2, "--eta must be"},
		{"epochs negative", []string{"trace", "--epochs", "-3"}, 2, "--epochs must be ≥ 0"},
		{"n negative", []string{"trace", "--dataset", "xor", "--n", "-5"}, 2, "--n must be ≥ 0"},
		{"noise negative", []string{"trace", "--dataset", "xor", "--noise", "-1"}, 2, "--noise must be"},
		{"eta not a number", []string{"trace", "--eta", "fast"}, 2, "--eta"},
		{"n on a fixed set", []string{"trace", "--dataset", "worked4", "--n", "10"}, 2, "fixed worked example"},
		{"sigma on poly", []string{"trace", "--dataset", "worked4", "--sigma", "1"}, 2, "--sigma applies to rbf"},
		{"data and dataset", []string{"trace", "--data", "x.csv", "--dataset", "xor"}, 2, "give one"},
		{"stray argument", []string{"trace", "worked4"}, 2, `unexpected argument "worked4"`},
		{"missing file", []string{"trace", "--data", filepath.Join(dir, "nope.csv")}, 1, "no such file"},
		{"empty file", []string{"trace", "--data", file("empty.csv", "\n\n")}, 1, "empty"},
		{"header only", []string{"trace", "--data", file("h.csv", "x1,x2,y\n")}, 1, "no data rows"},
		{"wrong field count", []string{"trace", "--data", file("f.csv", "1,2,1\n1,2\n")}, 1, "line 2"},
		{"not a number", []string{"trace", "--data", file("nan.csv", "1,2,1\n1,abc,1\n")}, 1, "line 2"},
		{"NaN", []string{"trace", "--data", file("nan2.csv", "1,NaN,1\n")}, 1, "NaN"},
		{"Inf", []string{"trace", "--data", file("inf.csv", "1,2,1\nInf,2,-1\n")}, 1, "line 2"},
		{"bad label", []string{"trace", "--data", file("lab.csv", "1,2,2\n")}, 1, `label "2"`},
		{"mixed labels", []string{"trace", "--data", file("mix.csv", "1,2,-1\n1,3,0\n")}, 1, "mixed"},
		{"long line", []string{"trace", "--data", file("long.csv", "1,2,1\n"+strings.Repeat("9", 1<<20+1)+",1,1\n")}, 1, "line 2: line is too long to be data (over 1 MiB)"},
		{"datasets with args", []string{"datasets", "xor"}, 2, "no arguments"},
		{"empty dataset name", []string{"trace", "--dataset", ""}, 2, `unknown dataset ""`},
		{"spec and a parameter flag", []string{"trace", "--kernel", "poly(d=2,c=1)", "--degree", "3"}, 2, "writes its parameters out"},
		{"sigma underflows", []string{"trace", "--kernel", "rbf(sigma=1e-200)"}, 2, "sigma must be at least"},
		{"bias not a boolean", []string{"trace", "--bias=maybe"}, 2, "want true or false"},
		// Reviewer's case: the overflow comes after more than 64 KiB of trace.
		{"late overflow", []string{"trace", "--data", file("late.csv", lateOverflow()), "--kernel", "poly(d=2,c=0)", "--format", "jsonl"}, 1, "overflows"},
		{"scores overflow", []string{"trace", "--data", file("big.csv", "1e77,0,1\n0,1e77,1\n1e77,1e77,1\n"), "--kernel", "poly(d=2,c=0)", "--format", "jsonl"}, 1, "too large for float64"},
		{"eta overflows", []string{"trace", "--dataset", "xor", "--eta", "1e308", "--format", "summary"}, 1, "too large for float64"},
		// Issue 28: kernel values so large that sums of two overflow are
		// refused by every learner and command, as the perceptron's trace
		// refuses them; the SVM ran its cap of pair updates that moved
		// nothing (--max-iter keeps that short where it is not fixed), and
		// nystrom:50 trained on 0 features.
		{"svm, kernel too large", []string{"svm", "--dataset", "moons", "--kernel", "1e308*rbf", "--max-iter", "1000"}, 1, "K(x₁, x₁) = 1e+308: kernel values past 1e+300 are too large for float64"},
		{"svm json, kernel too large", []string{"svm", "--dataset", "moons", "--kernel", "1e308*rbf", "--max-iter", "1000", "--format", "json"}, 1, "too large for float64"},
		{"plot svm, kernel too large", []string{"plot", "--dataset", "moons", "--kernel", "1e308*rbf", "--algo", "svm", "--max-iter", "1000", "--out", filepath.Join(dir, "svm.png")}, 1, "too large for float64"},
		{"cv svm, kernel too large", []string{"cv", "--dataset", "moons", "--kernel", "1e308*rbf", "--algo", "svm", "--max-iter", "1000", "--param", "C", "--values", "1,2"}, 1, "too large for float64"},
		{"nystrom, kernel too large", []string{"trace", "--dataset", "moons", "--kernel", "1e308*rbf", "--approx", "nystrom:50", "--format", "summary"}, 1, "approx nystrom:50: K(l1, l1) = 1e+308: kernel values past 1e+300 are too large for float64"},
		{"averaged, kernel too large", []string{"trace", "--dataset", "moons", "--kernel", "1e308*rbf", "--algo", "averaged"}, 1, "too large for float64"},
		{"voted, kernel too large", []string{"plot", "--dataset", "moons", "--kernel", "1e308*rbf", "--algo", "voted", "--out", filepath.Join(dir, "voted.png")}, 1, "too large for float64"},
		{"stoptron, kernel too large", []string{"cv", "--dataset", "moons", "--kernel", "1e308*rbf", "--algo", "stoptron", "--param", "sigma", "--values", "1,2"}, 1, "too large for float64"},
		{"forgetron, kernel too large", []string{"trace", "--dataset", "moons", "--kernel", "1e308*rbf", "--algo", "forgetron", "--format", "summary"}, 1, "too large for float64"},
		{"budget, kernel too large", []string{"trace", "--dataset", "moons", "--kernel", "1e308*rbf", "--algo", "budget", "--format", "csv"}, 1, "too large for float64"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, code := runCLI(c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, stderr)
			}
			if out != "" {
				t.Errorf("stdout not empty: %q", out)
			}
			if !strings.Contains(stderr, c.msg) {
				t.Errorf("stderr %q lacks %q", stderr, c.msg)
			}
		})
	}
}

// lateOverflow is 300 ordinary rows and one whose kernel values overflow.
func lateOverflow() string {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "0,%g,%d\n", float64(i%17)/17-0.5, 1-2*(i%2))
	}
	b.WriteString("1e200,0,1\n")
	return b.String()
}

func TestPresetsAndOverrides(t *testing.T) {
	// Explicit flags override the preset: worked4 with the mistake rule makes
	// f = 0 a mistake for every example in the first pass.
	out, _, _ := runCLI("trace", "--dataset", "worked4", "--tie", "mistake", "--format", "summary")
	var s jsonStep
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	// Seed 001 rule y·f ≤ 0: x₁ (f=0) mistake; x₂: f = 1·0 = 0, mistake; x₃: f = 4, fine;
	// x₄: f = −1·4·… = K(x₂,x₄)(−1) = −4, fine. Then pass 2 is clean.
	if s.Mistakes != 2 || s.Steps != 8 || !s.Converged {
		t.Errorf("worked4 --tie mistake: %s", out)
	}
	out, _, _ = runCLI("trace", "--dataset", "circles", "--kernel", "rbf", "--sigma", "0.5", "--n", "50", "--format", "summary")
	if err := json.Unmarshal([]byte(out), &s); err != nil || len(s.Alpha) != 50 {
		t.Errorf("circles n=50: %s", out)
	}
	out, _, code := runCLI("datasets")
	for _, name := range []string{"worked4", "worked3", "interval", "xor", "circles", "moons", "blobs", "spiral", "linear"} {
		if !strings.Contains(out, name) {
			t.Errorf("datasets lacks %s (exit %d)", name, code)
		}
	}
	if out, _, code := runCLI("--version"); code != 0 || !strings.HasPrefix(out, "kernelscope ") {
		t.Errorf("--version: %q", out)
	}
	if out, _, code := runCLI("trace", "--help"); code != 0 || !strings.Contains(out, "--kernel") {
		t.Errorf("trace --help: %d %q", code, out)
	}
}

func TestEpochsZeroAndEta(t *testing.T) {
	out, _, _ := runCLI("trace", "--dataset", "worked4", "--epochs", "0", "--format", "jsonl")
	// accuracy 0.5: with every f = 0, worked4's tie rule (neg: sign(0) = −1)
	// gets its two points labelled −1 right and its two labelled +1 wrong.
	if out != `{"done":true,"converged":false,"epochs":0,"steps":0,"mistakes":0,"alpha":[0.0,0.0,0.0,0.0],"support_vectors":[],"accuracy":0.5}`+"\n" {
		t.Errorf("epochs 0: %s", out)
	}
	// η scales α but not the decisions (f scales with it).
	out, _, _ = runCLI("trace", "--dataset", "worked3", "--eta", "0.5", "--format", "summary")
	if !strings.Contains(out, `"alpha":[0.0,0.5,0.5]`) {
		t.Errorf("eta 0.5: %s", out)
	}
}

// incomeAge is a real-looking CSV in raw units: income in dollars, age in
// years, whether the person buys. Its columns' root mean squares are
// √(mean income²) ≈ 44436 and √(mean age²) ≈ 42.73, a ratio of ≈ 1039.9
// (computed apart, in Python, from the ten rows).
const incomeAge = `income,age,buys
32000,23,-1
45000,52,1
38000,61,1
51000,29,-1
29000,48,1
60000,35,-1
41000,58,1
55000,44,1
36000,31,-1
47000,26,-1
`

// TestTraceScaleHint: raw units that stop the perceptron at its cap get a
// hint under the outcome: the columns differ in scale ×1040, try
// --standardize. With --standardize the same data converges (in 2 passes)
// and nothing is hinted; nor for data on one scale that stops at the cap
// (xor with a linear kernel).
func TestTraceScaleHint(t *testing.T) {
	path := writeFile(t, "people.csv", incomeAge)
	out, stderr, code := runCLI("trace", "--data", path, "--epochs", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	hint := "The columns differ in scale ×1040: try --standardize (z-scores: mean 0, sd 1 each).\n"
	if !strings.Contains(out, "\nnot converged: stopped at the cap of 50 passes") || !strings.Contains(out, " (or the margin is tiny).\n"+hint) {
		t.Errorf("no hint under the outcome:\n%s", out)
	}
	out, _, _ = runCLI("trace", "--data", path, "--epochs", "50", "--standardize")
	if !strings.Contains(out, "\nconverged after 2 passes") || strings.Contains(out, "differ in scale") {
		t.Errorf("--standardize: want convergence and no hint:\n%s", out)
	}
	out, _, _ = runCLI("trace", "--dataset", "xor", "--kernel", "linear", "--epochs", "3")
	if !strings.Contains(out, "stopped at the cap of 3 passes") || strings.Contains(out, "differ in scale") {
		t.Errorf("xor, linear: want the cap and no hint:\n%s", out)
	}
}
