package cli

import (
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// svmOut is the final object of `kernelscope svm`, as a script reads it.
type svmOut struct {
	Done           bool      `json:"done"`
	Converged      bool      `json:"converged"`
	Iterations     int       `json:"iterations"`
	Objective      float64   `json:"objective"`
	B              float64   `json:"b"`
	Alpha          []float64 `json:"alpha"`
	SupportVectors []int     `json:"support_vectors"`
	AtBound        []int     `json:"at_bound"`
	Margin         *float64  `json:"margin"`
	Gamma          *float64  `json:"geometric_margin"`
	Width          *float64  `json:"width"`
	Accuracy       float64   `json:"accuracy"`
	State          string    `json:"state"`
	C              *float64  `json:"C"`
	Tol            float64   `json:"tol"`
	Gap            float64   `json:"gap"`
}

// svmStep is one jsonl line of a pair update.
type svmStep struct {
	Iter      int     `json:"iter"`
	I         int     `json:"i"`
	J         int     `json:"j"`
	AlphaI    float64 `json:"alpha_i"`
	AlphaJ    float64 `json:"alpha_j"`
	Objective float64 `json:"objective"`
	Gap       float64 `json:"gap"`
}

// svmKeys are the keys of the final object, in the order written.
var svmKeys = []string{"done", "converged", "iterations", "objective", "b", "alpha", "support_vectors", "at_bound", "margin", "geometric_margin", "width", "accuracy", "state", "C", "tol", "gap"}

// three is the hand example: x₁ = (0, 0), y₁ = −1; x₂ = (2, 2), y₂ = +1;
// x₃ = (2, 0), y₃ = +1.
const three = "0,0,-1\n2,2,1\n2,0,1\n"

// svmJSONOf runs svm with args and --format json, and decodes its one
// object both as svmOut and as plain JSON values.
func svmJSONOf(t *testing.T, args ...string) (string, svmOut, map[string]any) {
	t.Helper()
	out, stderr, code := runCLI(append([]string{"svm", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("svm %v: exit %d: %s", args, code, stderr)
	}
	if strings.Count(out, "\n") != 1 || strings.Contains(out, "NaN") || strings.Contains(out, "Inf") {
		t.Errorf("svm %v: not one finite object: %.300s", args, out)
	}
	var o svmOut
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("svm %v: %v: %s", args, err, out)
	}
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	return out, o, raw
}

// checkKeys checks that the object has every key of the contract and no
// other, and no list that is null.
func checkKeys(t *testing.T, raw map[string]any) {
	t.Helper()
	for _, k := range svmKeys {
		if _, ok := raw[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	for k := range raw {
		if !slices.Contains(svmKeys, k) {
			t.Errorf("unexpected key %q", k)
		}
	}
	for _, k := range []string{"alpha", "support_vectors", "at_bound"} {
		if _, ok := raw[k].([]any); !ok {
			t.Errorf("%q is %v, want a list", k, raw[k])
		}
	}
}

// TestSVMHardMarginByHand: the hard margin (C = ∞, linear, no bias) on
// three points, solved by hand.
//
// The classes' convex hulls are the point x₁ = (0, 0) and the segment from
// x₃ = (2, 0) to x₂ = (2, 2); the nearest points are x₁ and x₃, 2 apart, so
// the widest margin is 2 and the boundary their bisector x₁ = 1: w = (1, 0),
// b = −1, f(x) = x₁ − 1 (f(x₁) = −1, f(x₃) = f(x₂) = 1: all on the margin).
// In the dual, w = Σ αᵢ yᵢ xᵢ = α₂(2, 2) + α₃(2, 0) = (1, 0) gives α₂ = 0,
// α₃ = ½, and Σ αᵢ yᵢ = 0 gives α₁ = α₂ + α₃ = ½: α = (½, 0, ½),
// D(α) = Σ αᵢ − ½‖w‖² = 1 − ½ = ½. Every point is on the margin,
// yᵢf(xᵢ) = 1, so the margin is γ = min yᵢf(xᵢ)/‖w‖ = 1/1 = 1 and the
// width 2/‖w‖ = 2 (written "margin" too, as before). Every point is
// classified right; no α is at C = ∞.
//
// SMO gets there in one iteration: at α = 0 every Gᵢ = −1, so i = x₃ (the
// last of the maximisers of −yₜGₜ = 1 over I_up = {x₂, x₃}), j = x₁ (the
// only member of I_low), and the step δ = (−G₃ − G₁)/(K₃₃ + K₁₁ − 2K₁₃)
// = 2/4 = ½ moves α₃ and α₁ to ½. The values are computed in a few
// float64 operations on small integers, so they are compared to 1e-12.
func TestSVMHardMarginByHand(t *testing.T) {
	path := writeFile(t, "three.csv", three)
	out, o, raw := svmJSONOf(t, "--data", path, "--C", "inf")
	checkKeys(t, raw)
	const tol = 1e-12
	want := []float64{0.5, 0, 0.5}
	for i, a := range o.Alpha {
		if !near(a, want[i], tol) {
			t.Errorf("α%d = %v, want %v", i+1, a, want[i])
		}
	}
	if len(o.Alpha) != 3 || !near(o.B, -1, tol) || !near(o.Objective, 0.5, tol) || o.Margin == nil || !near(*o.Margin, 2, tol) {
		t.Errorf("α %v, b %v, D %v, margin %v; want (½, 0, ½), −1, ½, 2", o.Alpha, o.B, o.Objective, o.Margin)
	}
	if o.Gamma == nil || !near(*o.Gamma, 1, tol) || o.Width == nil || !near(*o.Width, 2, tol) {
		t.Errorf("geometric_margin %v, width %v; want 1, 2", o.Gamma, o.Width)
	}
	if !o.Done || !o.Converged || o.State != "converged" || o.Iterations != 1 || o.Accuracy != 1 {
		t.Errorf("done %v converged %v state %q iterations %d accuracy %v", o.Done, o.Converged, o.State, o.Iterations, o.Accuracy)
	}
	if !slices.Equal(o.SupportVectors, []int{1, 3}) || o.C != nil || o.Tol != 0.001 {
		t.Errorf("support vectors %v, C %v, tol %v", o.SupportVectors, o.C, o.Tol)
	}
	if !strings.Contains(out, `"at_bound":[]`) {
		t.Errorf("at_bound is not written []: %s", out)
	}
}

// TestSVMSoftMarginByHand: the same three points with C = 0.1. The hard
// margin's α₁ = ½ is above C, so α₁ = C = 0.1 and α₂ + α₃ = 0.1 (Σ αᵢ yᵢ = 0);
// w = α₂(2, 2) + α₃(2, 0) has ‖w‖² = 4(α₂ + α₃)² + 4α₂², least at α₂ = 0:
// α = (0.1, 0, 0.1), w = (0.2, 0), D = 0.2 − ½·0.04 = 0.18, width
// 2/0.2 = 10. Both support vectors are at C. The KKT conditions pin b:
// α₁ = C needs y₁f(x₁) = −b ≤ 1, α₃ = C needs 0.4 + b ≤ 1, α₂ = 0 needs
// 0.4 + b ≥ 1, so b = 0.6, and f(x₁) = 0.6 > 0 misclassifies x₁: accuracy
// 2/3, and the margin γ = min yᵢf(xᵢ)/‖w‖ = −0.6/0.2 = −3 (x₁ is 3 on
// the wrong side; y₂f(x₂) = y₃f(x₃) = 1). Tolerance 1e-12, as above.
func TestSVMSoftMarginByHand(t *testing.T) {
	path := writeFile(t, "three.csv", three)
	_, o, raw := svmJSONOf(t, "--data", path, "--C", "0.1")
	checkKeys(t, raw)
	const tol = 1e-12
	if len(o.Alpha) != 3 || !near(o.Alpha[0], 0.1, tol) || o.Alpha[1] != 0 || !near(o.Alpha[2], 0.1, tol) {
		t.Errorf("α = %v, want (0.1, 0, 0.1)", o.Alpha)
	}
	if !near(o.B, 0.6, tol) || !near(o.Objective, 0.18, tol) || o.Margin == nil || !near(*o.Margin, 10, tol) || !near(o.Accuracy, 2.0/3, tol) {
		t.Errorf("b %v, D %v, margin %v, accuracy %v; want 0.6, 0.18, 10, 2/3", o.B, o.Objective, o.Margin, o.Accuracy)
	}
	if o.Gamma == nil || !near(*o.Gamma, -3, tol) || o.Width == nil || !near(*o.Width, 10, tol) {
		t.Errorf("geometric_margin %v, width %v; want −3, 10", o.Gamma, o.Width)
	}
	if !slices.Equal(o.SupportVectors, []int{1, 3}) || !slices.Equal(o.AtBound, []int{1, 3}) || o.C == nil || *o.C != 0.1 {
		t.Errorf("support vectors %v, at bound %v, C %v", o.SupportVectors, o.AtBound, o.C)
	}
}

// TestSVMEmpty: no points (--n 0): nothing to train, every list [], and
// the margin of w = 0, which is infinite, null.
func TestSVMEmpty(t *testing.T) {
	out, o, raw := svmJSONOf(t, "--dataset", "xor", "--n", "0")
	checkKeys(t, raw)
	for _, k := range []string{`"alpha":[]`, `"support_vectors":[]`, `"at_bound":[]`, `"margin":null`, `"geometric_margin":null`, `"width":null`} {
		if !strings.Contains(out, k) {
			t.Errorf("lacks %s: %s", k, out)
		}
	}
	if o.Iterations != 0 || !o.Converged {
		t.Errorf("%+v", o)
	}
}

// TestSVMJSONL: one line per pair update, then the json object; each
// line's pair, α after the update and the objective agree with the final
// object. Circles with an RBF kernel takes over a hundred iterations.
func TestSVMJSONL(t *testing.T) {
	args := []string{"--dataset", "circles", "--kernel", "rbf", "--sigma", "0.5"}
	out, stderr, code := runCLI(append([]string{"svm", "--format", "jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	final, o, raw := svmJSONOf(t, args...)
	checkKeys(t, raw)
	if lines[len(lines)-1]+"\n" != final {
		t.Errorf("last jsonl line %s is not the json object %s", lines[len(lines)-1], final)
	}
	if len(lines) != o.Iterations+1 || o.Iterations < 10 {
		t.Fatalf("%d lines for %d iterations", len(lines), o.Iterations)
	}
	n := len(o.Alpha)
	alpha := make([]float64, n)
	prev := 0.0
	for k, line := range lines[:len(lines)-1] {
		var s svmStep
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			t.Fatalf("line %d: %v: %s", k+1, err, line)
		}
		for _, key := range []string{`"iter":`, `"i":`, `"j":`, `"alpha_i":`, `"alpha_j":`, `"objective":`, `"gap":`} {
			if !strings.Contains(line, key) {
				t.Errorf("line %d lacks %s: %s", k+1, key, line)
			}
		}
		if s.Iter != k+1 || s.I < 1 || s.I > n || s.J < 1 || s.J > n || s.I == s.J {
			t.Errorf("line %d: iter %d, pair (%d, %d)", k+1, s.Iter, s.I, s.J)
		}
		// Box 0 ≤ α ≤ C = 1; a pair is updated only while m − M > tol; SMO's
		// objective never falls (up to rounding of D's sum, 1e-12).
		if s.AlphaI < 0 || s.AlphaI > 1 || s.AlphaJ < 0 || s.AlphaJ > 1 || s.Gap <= o.Tol || s.Objective < prev-1e-12 {
			t.Errorf("line %d: %s (previous D %v)", k+1, line, prev)
		}
		alpha[s.I-1], alpha[s.J-1] = s.AlphaI, s.AlphaJ
		prev = s.Objective
	}
	// Replaying the updates gives the final α exactly: the same numbers.
	if !slices.Equal(alpha, o.Alpha) || prev != o.Objective {
		t.Errorf("replayed α %v, D %v; final α %v, D %v", alpha, prev, o.Alpha, o.Objective)
	}
}

// TestSVMKKT checks the printed α and b independently of the solver: with
// K(x, z) = exp(−‖x − z‖²/(2σ²)) evaluated here and f(xᵢ) = Σⱼ αⱼ yⱼ
// K(xⱼ, xᵢ) + b, the KKT conditions of the dual hold to within the
// tolerance, Σ αᵢ yᵢ = 0, and D and the margin are what their formulas give.
// LIBSVM's stopping rule m − M ≤ tol bounds every violation of yᵢf(xᵢ) by
// tol (within rounding), so with --tol 1e-6 it is checked against 1e-6
// (and 1e-9 of rounding in f's sum of 80 terms). D and the margin are
// checked to 1e-9, relative: sums of 6400 products of numbers ≤ C.
func TestSVMKKT(t *testing.T) {
	const sigma, c = 0.5, 2.0
	const eps = 1e-6 + 1e-9 // --tol, and the rounding of f's sum
	_, o, _ := svmJSONOf(t, "--dataset", "moons", "--n", "80", "--kernel", "rbf", "--sigma", "0.5", "--C", "2", "--tol", "1e-6")
	pts := rootOptions(t, "--dataset", "moons", "--n", "80").Points
	n := len(pts)
	if len(o.Alpha) != n {
		t.Fatalf("%d α for %d points", len(o.Alpha), n)
	}
	k := func(i, j int) float64 {
		d1, d2 := pts[i].X1-pts[j].X1, pts[i].X2-pts[j].X2
		return math.Exp(-(d1*d1 + d2*d2) / (2 * sigma * sigma))
	}
	sumAY, sumA, w2, right := 0.0, 0.0, 0.0, 0
	var sv, atC []int
	for i := range n {
		f := o.B
		for j := range n {
			f += o.Alpha[j] * float64(pts[j].Y) * k(j, i)
			w2 += o.Alpha[i] * o.Alpha[j] * float64(pts[i].Y*pts[j].Y) * k(i, j)
		}
		yf := float64(pts[i].Y) * f
		a := o.Alpha[i]
		switch {
		case a == 0 && yf < 1-eps, a == c && yf > 1+eps, a > 0 && a < c && math.Abs(yf-1) > eps, a < 0 || a > c:
			t.Errorf("x%d: α = %v, y·f = %v breaks the KKT conditions", i+1, a, yf)
		}
		if a > 0 {
			sv = append(sv, i+1)
		}
		if a == c {
			atC = append(atC, i+1)
		}
		if yf > 0 {
			right++
		}
		sumAY += a * float64(pts[i].Y)
		sumA += a
	}
	if math.Abs(sumAY) > 1e-12 {
		t.Errorf("Σ αᵢ yᵢ = %v", sumAY)
	}
	if d := sumA - w2/2; !near(o.Objective, d, 1e-9) || o.Margin == nil || !near(*o.Margin, 2/math.Sqrt(w2), 1e-9) {
		t.Errorf("D = %v, margin %v; computed here %v, %v", o.Objective, o.Margin, d, 2/math.Sqrt(w2))
	}
	if !slices.Equal(o.SupportVectors, sv) || !slices.Equal(o.AtBound, atC) || o.Accuracy != float64(right)/float64(n) {
		t.Errorf("support vectors %v at C %v accuracy %v; computed here %v, %v, %v", o.SupportVectors, o.AtBound, o.Accuracy, sv, atC, float64(right)/float64(n))
	}
}

// pairLine is the form of one narrated iteration (notation.Pair).
var pairLine = regexp.MustCompile(`^iteration (\d+): pair \((\d+), (\d+)\), violation m − M = \S+; α\S+ \S+ → \S+(, clipped at (C = \S+|0))?, α\S+ \S+ → \S+(, clipped at (C = \S+|0))?; D\(α\) \S+ → \S+$`)

// TestSVMText: the text output of the hand example line for line (the
// numbers of TestSVMHardMarginByHand), and on a longer run every line
// between the header and the summary is one narrated iteration.
func TestSVMText(t *testing.T) {
	path := writeFile(t, "three.csv", three)
	out, stderr, code := runCLI("svm", "--data", path, "--C", "inf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := []string{
		path + ": 3 points; K(x,z) = x·z; no bias; SVM: C = ∞ (the hard margin), tol 0.001; at most 10000000 iterations",
		"iteration 1: pair (3, 1), violation m − M = 2; α₃ 0 → 0.5, α₁ 0 → 0.5; D(α) 0 → 0.5",
		"converged after 1 iteration: m − M = 0 ≤ tol 0.001",
		"D(α) = 0.5; training accuracy 100% (3 of 3 classified right)",
		"b = −1, margin γ = min yᵢf(xᵢ)/‖w‖ = 1, width 2/‖w‖ = 2; support vectors: 2 of 3, free (on the margin, y·f = 1): x₁, x₃; at C (inside the margin or misclassified): none",
		"f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) + b = −0.5·K(x₁, x) + 0.5·K(x₃, x) − 1 = −0.5·(0) + 0.5·(2·x₁) − 1 = x₁ − 1",
		"kernel x·z: φ(x) = (x₁, x₂), 2 features",
		"w = (1, 0) on (x₁, x₂), b = −1",
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Clipping is said: α₁ stops at C = 0.1 (TestSVMSoftMarginByHand).
	out, _, _ = runCLI("svm", "--data", path, "--C", "0.1")
	if !strings.Contains(out, "\niteration 1: pair (3, 1), violation m − M = 2; α₃ 0 → 0.1, α₁ 0 → 0.1, clipped at C = 0.1; D(α) 0 → 0.18\n") {
		t.Errorf("C = 0.1:\n%s", out)
	}

	out, _, code = runCLI("svm", "--dataset", "circles", "--kernel", "rbf", "--sigma", "0.5")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	k := 0
	for _, line := range lines[1:] {
		if strings.HasPrefix(line, "converged after ") {
			break
		}
		m := pairLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("not an iteration: %q", line)
		}
		if k++; m[1] != strconv.Itoa(k) {
			t.Errorf("iteration %s where %d was due", m[1], k)
		}
	}
	if code != 0 || k < 10 || !strings.HasPrefix(lines[k+1], "converged after "+strconv.Itoa(k)+" iterations") {
		t.Errorf("exit %d, %d iterations, then %q", code, k, lines[min(k+1, len(lines)-1)])
	}
	if !strings.Contains(out, "\nφ has no finite form") || !strings.Contains(out, "\nb = ") {
		t.Errorf("summary:\n%s", strings.Join(lines[k+1:], "\n"))
	}
}

// TestSVMNotSeparable: the hard margin on xor with a linear kernel has no
// maximum: exit 1 with the message; the iterations written stay (text,
// jsonl) but nothing reads as a finished run; json writes nothing.
func TestSVMNotSeparable(t *testing.T) {
	const msg = "not separable with this kernel: use a finite C"
	base := []string{"svm", "--dataset", "xor", "--kernel", "linear", "--C", "inf"}
	for _, format := range []string{"text", "jsonl", "json"} {
		out, stderr, code := runCLI(append(base, "--format", format)...)
		if code != exitData || !strings.Contains(stderr, msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and %q", format, code, stderr, msg)
		}
		switch format {
		case "json":
			if out != "" {
				t.Errorf("json: stdout %.200q", out)
			}
		case "jsonl":
			if !strings.HasPrefix(out, `{"iter":1,`) || strings.Contains(out, `"done"`) {
				t.Errorf("jsonl: %.200q … %q", out, out[max(0, len(out)-200):])
			}
		case "text":
			if !strings.Contains(out, "\niteration 1: ") || strings.Contains(out, "converged") || strings.Contains(out, "margin 2/‖w‖") {
				t.Errorf("text: %.200q … %q", out, out[max(0, len(out)-200):])
			}
		}
	}
	// A finite C trains on the same data.
	if _, o, _ := svmJSONOf(t, "--dataset", "xor", "--kernel", "linear", "--C", "1"); !o.Converged {
		t.Errorf("C = 1 on xor: %+v", o)
	}
}

// TestSVMUsage: flag mistakes exit 2 before any work, data of one class
// exits 1 (learn.NewSVM's error); nothing on stdout.
func TestSVMUsage(t *testing.T) {
	oneClass := writeFile(t, "one.csv", "1,2,1\n3,4,1\n")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--C", "0"}, exitUsage, "--C must be > 0 (or inf for the hard margin), not 0"},
		{[]string{"--C", "-1"}, exitUsage, "--C must be > 0"},
		{[]string{"--C", "abc"}, exitUsage, `--C: want a number > 0 or inf, not "abc"`},
		{[]string{"--tol", "0"}, exitUsage, "--tol must be a finite number > 0, not 0"},
		{[]string{"--max-iter", "-1"}, exitUsage, "--max-iter must be ≥ 0"},
		{[]string{"--format", "csv"}, exitUsage, `unknown --format "csv" (want text, jsonl or json)`},
		{[]string{"--eta", "2"}, exitUsage, "svm: --eta sets the perceptron, averaged, voted, stoptron, budget and logistic; the SVM's settings are --C, --tol and --max-iter"},
		{[]string{"--shuffle"}, exitUsage, "svm: --shuffle sets the perceptron"},
		{[]string{"moons"}, exitUsage, "to use that dataset: --dataset moons"},
		{[]string{"--data", oneClass}, exitData, "the SVM needs examples of both classes"},
	} {
		out, stderr, code := runCLI(append([]string{"svm"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, stderr, c.code, c.want)
		}
	}
	// --eta is hidden: neither svm's help nor another command's hint lists it.
	help, _, _ := runCLI("svm", "--help")
	if strings.Contains(help, "--eta") || !strings.Contains(help, "--C") || !strings.Contains(help, "--max-iter") {
		t.Errorf("svm --help:\n%s", help)
	}
	if _, stderr, _ := runCLI("export", "--eta", "1"); strings.Contains(stderr, "svm") {
		t.Errorf("export --eta: %s", stderr)
	}
}

// TestSVMCompletion: --format completes to svm's own formats.
func TestSVMCompletion(t *testing.T) {
	out, _, code := runCLI("__complete", "svm", "--format", "")
	var names []string
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if !strings.HasPrefix(line, ":") {
			name, _, _ := strings.Cut(line, "\t")
			names = append(names, name)
		}
	}
	if code != 0 || !slices.Equal(names, []string{"text", "jsonl", "json"}) {
		t.Errorf("svm --format completes to %v", names)
	}
}

// TestSVMCoincidentNotSeparable: two points of opposite labels at one
// point of feature space, at the origin (K(x, x) = 0 for the linear kernel)
// or at (1, 1), are separated by no hard margin: exit 1 at once with the
// message, nothing on stdout, in every format. The origin pair used to run
// to the cap (10⁷ iterations, 1.8 GB of text) and exit 0; --max-iter keeps
// that failure short here.
func TestSVMCoincidentNotSeparable(t *testing.T) {
	const msg = "not separable with this kernel: use a finite C (--C 1, say) or a kernel that separates these points (with C = ∞ the dual D(α) grows without bound; found before the first iteration)"
	for _, rows := range []string{"0,0,1\n0,0,-1\n", "1,1,1\n1,1,-1\n"} {
		file := writeFile(t, "pair.csv", rows)
		for _, format := range []string{"text", "jsonl", "json"} {
			for _, cmd := range [][]string{{"svm"}, {"trace", "--algo", "svm"}} {
				args := append(cmd, "--data", file, "--C", "inf", "--max-iter", "1000", "--format", format)
				out, stderr, code := runCLI(args...)
				if code != exitData || out != "" || stderr != "kernelscope: "+msg+"\n" {
					t.Errorf("%q %v: exit %d, stdout %.100q, stderr %q; want exit 1, no output, %q", rows, args, code, out, stderr, msg)
				}
			}
		}
	}
}
