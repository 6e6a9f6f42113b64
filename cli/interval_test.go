package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Points on a line (issue 35): the built-in interval and one column of a
// file, through trace and plot.

// TestTraceInterval: interval converges with its preset, K = (x·z + 1)²,
// in 18 passes (48 mistakes, learn's TestIntervalConverges), and the
// trace ends with f on the line in x, 2 − 6x², and where it is positive.
func TestTraceInterval(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "interval")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"interval: 20 points on a line (x₂ = 0); K(x,z) = (x·z + 1)²",
		"converged after 18 passes (360 steps, 48 mistakes)",
		"f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = a sum over 9 support vectors = −6·x₁² + 2\n",
		"on the line (x₂ = 0): f(x) = −6·x² + 2 > 0 for −0.5774 < x < 0.5774\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the trace lacks %q:\n%s", want, out[max(0, len(out)-800):])
		}
	}
	var s struct {
		Converged bool      `json:"converged"`
		Epochs    int       `json:"epochs"`
		Alpha     []float64 `json:"alpha"`
	}
	out, _, _ = runCLI("trace", "--dataset", "interval", "--format", "summary")
	if err := json.Unmarshal([]byte(out), &s); err != nil || !s.Converged || s.Epochs != 18 || len(s.Alpha) != 20 || s.Alpha[5] != 16 {
		t.Errorf("summary: %s", out)
	}
}

// TestOneColumnData: --columns naming one column reads a file as points
// on a line, so its trace and its figure are a line's.
func TestOneColumnData(t *testing.T) {
	file := writeFile(t, "line.csv", "id,x,y\n1,-1,-1\n2,-0.3,1\n3,0.2,1\n4,0.9,-1\n")
	out, stderr, code := runCLI("trace", "--data", file, "--columns", "x", "--kernel", "poly(d=2,c=1)", "--format", "text")
	if code != 0 || !strings.Contains(out, "4 points on a line (x₂ = 0)") || !strings.Contains(out, "on the line (x₂ = 0): f(x) = ") {
		t.Errorf("exit %d, %s\n%s", code, stderr, out)
	}
	out, _, _ = runCLI("trace", "--data", file, "--columns", "2", "--format", "csv", "--epochs", "1")
	if rows := strings.Split(out, "\n"); len(rows) < 2 || !strings.HasPrefix(rows[1], "1,1,1,-1,0,-1,") {
		t.Errorf("the first step's row: %q; want x1 = −1, x2 = 0", rows[min(1, len(rows)-1)])
	}
	path := filepath.Join(t.TempDir(), "line.svg")
	if _, stderr, code := runCLI("plot", "--data", file, "--columns", "x", "--kernel", "poly(d=2,c=1)", "--out", path); code != 0 {
		t.Fatalf("plot: exit %d, %s", code, stderr)
	}
	svg, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(svg), "curve: f(x) on the line") {
		t.Errorf("the figure is not a line's: %v", err)
	}
}

// TestPlotInterval: plot draws interval as a line's figure, whose key says
// where f > 0.
func TestPlotInterval(t *testing.T) {
	path := filepath.Join(t.TempDir(), "interval.svg")
	out, stderr, code := runCLI("plot", "--dataset", "interval", "--out", path, "--size", "400x300")
	if code != 0 || !strings.Contains(out, "step 360 (pass 18) · 48 mistakes · #SV 9 · training accuracy 100%") {
		t.Fatalf("exit %d, %s%s", code, out, stderr)
	}
	svg, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(svg), "bar: f &gt; 0 for −0.5774 &lt; x &lt; 0.5774") {
		t.Errorf("the figure's description does not say where f > 0: %v\n%.600s", err, svg)
	}
}
