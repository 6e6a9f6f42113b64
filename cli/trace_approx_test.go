package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// approxSummary is the final object of trace --approx.
type approxSummary struct {
	Done           bool      `json:"done"`
	Epochs         int       `json:"epochs"`
	Steps          int       `json:"steps"`
	Mistakes       int       `json:"mistakes"`
	Approx         string    `json:"approx"`
	Dim            int       `json:"dim"`
	Alpha          []float64 `json:"alpha"`
	SupportVectors []int     `json:"support_vectors"`
	Accuracy       *float64  `json:"accuracy"`
}

// TestTraceApprox runs trace --approx rff:D and nystrom:m on circles and
// checks the summary against itself and the exact run: as many α as
// points, support vectors exactly the α > 0, Σα = mistakes (η = 1), the
// accuracy a fraction; and, on this nearly separable set (noise 0.1, σ =
// 0.5: the exact run's training accuracy is above 0.98), each approximate
// run's training accuracy within 2 points of the exact run's. (Measured on
// n = 20000: 0.99295 exact, 0.99095 rff:2000, 0.99295 nystrom:500.)
func TestTraceApprox(t *testing.T) {
	base := []string{"trace", "--dataset", "circles", "--n", "600", "--noise", "0.1", "--kernel", "rbf(sigma=0.5)", "--epochs", "10", "--format", "summary"}
	exactOut, stderr, code := runCLI(base...)
	if code != 0 {
		t.Fatalf("exact run: exit %d: %s", code, stderr)
	}
	var exact approxSummary
	if err := json.Unmarshal([]byte(exactOut), &exact); err != nil || exact.Accuracy == nil {
		t.Fatalf("exact summary %q: %v (accuracy missing?)", exactOut, err)
	}
	if *exact.Accuracy < 0.98 {
		t.Fatalf("exact accuracy %v: the comparison below assumes a nearly separable set", *exact.Accuracy)
	}
	for _, spec := range []string{"rff:2000", "nystrom:100"} {
		out, stderr, code := runCLI(append(base, "--approx", spec)...)
		if code != 0 {
			t.Fatalf("--approx %s: exit %d: %s", spec, code, stderr)
		}
		var s approxSummary
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatalf("--approx %s: %q: %v", spec, out, err)
		}
		if !s.Done || s.Approx != spec || s.Dim < 1 || len(s.Alpha) != 600 || s.Accuracy == nil {
			t.Fatalf("--approx %s: summary %+v", spec, s)
		}
		sum, svs := 0.0, 0
		for i, a := range s.Alpha {
			sum += a
			if a > 0 {
				if svs >= len(s.SupportVectors) || s.SupportVectors[svs] != i+1 {
					t.Fatalf("--approx %s: support_vectors %v do not list α > 0 at %d", spec, s.SupportVectors, i+1)
				}
				svs++
			}
		}
		if svs != len(s.SupportVectors) || sum != float64(s.Mistakes) {
			t.Fatalf("--approx %s: %d support vectors listed, %d with α > 0; Σα = %v, mistakes %d", spec, len(s.SupportVectors), svs, sum, s.Mistakes)
		}
		if d := math.Abs(*s.Accuracy - *exact.Accuracy); d > 0.02 {
			t.Errorf("--approx %s: accuracy %v, exact %v: %.3f apart", spec, *s.Accuracy, *exact.Accuracy, d)
		}
	}
}

// TestTraceApproxErrors: bad specs, formats and kernels are usage errors
// (exit 2) that say what to do.
func TestTraceApproxErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--approx", "rff:0"}, "D must be a whole number from 1 to 100000"},
		{[]string{"--approx", "fourier:10"}, "unknown kind"},
		{[]string{"--approx", "rff:10", "--format", "text"}, "only --format summary"},
		{[]string{"--approx", "rff:10", "--kernel", "poly", "--format", "summary"}, "need the RBF kernel rbf(sigma=…), not poly(d=2,c=1); for this kernel use --approx nystrom:10"},
		{[]string{"--approx", "rff:10", "--kernel", "rbf+linear", "--format", "summary"}, "for this kernel use --approx nystrom:10"},
		{[]string{"--approx", "rff:10", "--algo", "averaged", "--format", "summary"}, "perceptron only"},
	} {
		_, stderr, code := runCLI(append([]string{"trace", "--dataset", "circles"}, c.args...)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want an error saying %q", c.args, code, stderr, c.want)
		}
	}
}

// TestTraceApproxKeepsPresetRBF: rff:D approximates the RBF kernel, so a
// preset of another kernel gives way to rbf (circles: poly), also with
// --sigma; a preset RBF kernel keeps its σ (moons: rbf(sigma=0.5)), so the
// run is the one --kernel 'rbf(sigma=0.5)' asks for, where it used to fall
// back to σ = 1 (47 mistakes against 6).
func TestTraceApproxKeepsPresetRBF(t *testing.T) {
	for _, c := range []struct{ preset, explicit []string }{
		{[]string{"--dataset", "moons"}, []string{"--dataset", "moons", "--kernel", "rbf(sigma=0.5)"}},
		{[]string{"--dataset", "circles"}, []string{"--dataset", "circles", "--kernel", "rbf"}},
		{[]string{"--dataset", "circles", "--sigma", "0.3"}, []string{"--dataset", "circles", "--kernel", "rbf(sigma=0.3)"}},
	} {
		args := func(a []string) []string {
			return append(append([]string{"trace"}, a...), "--approx", "rff:64", "--format", "summary")
		}
		got, stderr, code := runCLI(args(c.preset)...)
		want, stderr2, code2 := runCLI(args(c.explicit)...)
		if code != 0 || code2 != 0 {
			t.Fatalf("%v: exit %d (%s), %v: exit %d (%s)", c.preset, code, stderr, c.explicit, code2, stderr2)
		}
		if got != want {
			t.Errorf("%v trains another kernel than %v:\n%s\n%s", c.preset, c.explicit, got, want)
		}
	}
}
