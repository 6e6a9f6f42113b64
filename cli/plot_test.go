package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestPlotFormats: plot writes each format, the PNG at --size, and says
// what it wrote.
func TestPlotFormats(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"fig.png", "fig.svg", "fig.pdf"} {
		path := filepath.Join(dir, name)
		out, stderr, code := runCLI("plot", "--dataset", "moons", "--n", "60", "--kernel", "rbf(sigma=0.5)", "--out", path, "--size", "300x200", "--dpi", "72")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		if !strings.HasPrefix(out, "wrote "+path+": step ") {
			t.Errorf("%s: stdout %q", name, out)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(name) {
		case ".png":
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Dx() != 300 || img.Bounds().Dy() != 200 {
				t.Errorf("PNG: %v, size %v; want 300×200", err, img.Bounds())
			}
		case ".svg":
			if !bytes.Contains(data, []byte("<svg")) {
				t.Errorf("SVG: no <svg element")
			}
		case ".pdf":
			if !bytes.HasPrefix(data, []byte("%PDF")) {
				t.Errorf("PDF starts %q", data[:8])
			}
		}
	}
}

// TestPlotSteps: --steps 3 on seed 003's example stops after the third
// step of the first pass, with the one mistake of step 1 (seed 003: "t=1,
// i=1 … sign(0) = −1", a¹ += 1, then no update at i = 2, 3), and marks the
// example the next step visits, x⁴. Its numbers are trace's at step 3
// (the step, the mistakes so far, the support vectors of α after it); the
// accuracy is seed 003's: f = K(x¹, x) = (x₁ + x₂)² is 4 at x¹ and x³ and
// 0 at x² and x⁴, where the tie rule neg says −1, so all four are right.
// --steps beyond convergence (8 steps: seed 003 converges in the second
// pass) is an error that writes nothing.
func TestPlotSteps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s3.svg")
	out, stderr, code := runCLI("plot", "--dataset", "worked4", "--steps", "3", "--out", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	trace, _, code := runCLI("trace", "--dataset", "worked4", "--format", "jsonl")
	if code != 0 {
		t.Fatalf("trace: exit %d", code)
	}
	mistakes, svs := 0, 0
	for k, line := range strings.SplitN(trace, "\n", 4)[:3] {
		var st struct {
			T       int       `json:"t"`
			Mistake bool      `json:"mistake"`
			Alpha   []float64 `json:"alpha"`
		}
		if err := json.Unmarshal([]byte(line), &st); err != nil || st.T != k+1 {
			t.Fatalf("trace line %d: %q (%v)", k+1, line, err)
		}
		if st.Mistake {
			mistakes++
		}
		svs = 0
		for _, a := range st.Alpha {
			if a > 0 {
				svs++
			}
		}
	}
	if want := fmt.Sprintf("step 3 (pass 1) · %s · #SV %d · training accuracy 100%%", plural(mistakes, "mistake"), svs); !strings.Contains(out, want) {
		t.Errorf("stdout %q, want %q (trace's numbers at step 3)", out, want)
	}
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("next step: example 4")) {
		t.Errorf("the figure does not name the next example, x⁴")
	}
	path = filepath.Join(dir, "s0.png")
	if out, stderr, code := runCLI("plot", "--dataset", "worked4", "--steps", "0", "--out", path); code != 0 || !strings.Contains(out, "step 0 (pass 1) · 0 mistakes · #SV 0") {
		t.Errorf("--steps 0: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	path = filepath.Join(dir, "s100.png")
	_, stderr, code = runCLI("plot", "--dataset", "worked4", "--steps", "100", "--out", path)
	if code != 1 || !strings.Contains(stderr, "training stops after 8 steps (converged)") {
		t.Errorf("--steps 100: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("--steps 100 left a file: %v", err)
	}
}

// TestPlotUsage: a bad --out, --size, --dpi or --steps is a usage error
// (exit 2) that writes nothing.
func TestPlotUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", filepath.Join(dir, "a.gif")}, ".png, .svg or .pdf"},
		{[]string{}, "plot needs --out"},
		{[]string{"--out", filepath.Join(dir, "a.png"), "--size", "50x50"}, "--size must be WxH"},
		{[]string{"--out", filepath.Join(dir, "a.png"), "--size", "big"}, "--size must be WxH"},
		{[]string{"--out", filepath.Join(dir, "a.png"), "--dpi", "5"}, "--dpi must be 30 to 1200"},
		{[]string{"--out", filepath.Join(dir, "a.png"), "--steps", "-2"}, "--steps must be ≥ 0"},
		{[]string{"--out", filepath.Join(dir, "a.png"), "--kernel", "rbf(sigma=-1)"}, "sigma"},
	} {
		out, stderr, code := runCLI(append([]string{"plot", "--dataset", "worked4"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, stderr, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("usage errors wrote %v", entries)
	}
}

// TestPlotSVM: the SVM's figure quotes its SMO iterations, what it gets
// wrong and its support vectors free and at C, and draws its margins (the
// key says so); held-out rows add the test accuracy.
func TestPlotSVM(t *testing.T) {
	path := filepath.Join(t.TempDir(), "svm.svg")
	out, stderr, code := runCLI("plot", "--dataset", "moons", "--n", "80", "--algo", "svm", "--C", "1", "--test", "0.25", "--out", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"SMO iteration ", " misclassified · #SV ", " free, ", " at C) · training accuracy ", " · test accuracy ", "(20 held out)"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout %q lacks %q", out, want)
		}
	}
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"f = ±1 dashed", "hollow: held out", "<title>moons · K(x,z) = exp("} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
}

// TestPlotWriteFails: a figure that cannot be written (no such directory)
// is an error of the output (exit 1) that leaves nothing behind; one that
// replaces a file leaves no temporary file beside it.
func TestPlotWriteFails(t *testing.T) {
	dir := t.TempDir()
	_, stderr, code := runCLI("plot", "--dataset", "worked4", "--out", filepath.Join(dir, "no", "fig.png"))
	if code != 1 || !strings.Contains(stderr, "does not exist") {
		t.Errorf("missing directory: exit %d, stderr %q", code, stderr)
	}
	path := filepath.Join(dir, "fig.pdf")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI("plot", "--dataset", "worked4", "--out", path); code != 0 {
		t.Fatalf("replace: exit %d, %s", code, stderr)
	}
	entries, _ := os.ReadDir(dir)
	if data, _ := os.ReadFile(path); len(entries) != 1 || !bytes.HasPrefix(data, []byte("%PDF")) {
		t.Errorf("after replacing: %v, %q…", entries, data[:min(8, len(data))])
	}
}

// fullWriter is stdout on a full disk: every write fails.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestPlotReportFails: when the report on stdout cannot be written (plot
// --out keep.png > /dev/full), the run fails (exit 1, one line saying why)
// and the figure that was there is still there, with nothing beside it:
// docs/commands.md's "a run that fails, even only on stdout, leaves what was there".
func TestPlotReportFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "keep.png")
	if err := os.WriteFile(path, []byte("last week's figure"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	code := Run([]string{"plot", "--dataset", "worked4", "--out", path}, fullWriter{}, &stderr)
	want := "kernelscope: writing the output: no space left on device (" + path + " was left as it was)\n"
	if code != exitData || stderr.String() != want {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr.String(), want)
	}
	entries, _ := os.ReadDir(dir)
	if data, _ := os.ReadFile(path); len(entries) != 1 || string(data) != "last week's figure" {
		t.Errorf("after a failed report: %v, the file holds %q…", entries, data[:min(8, len(data))])
	}
}

// TestPlotCompletion: plot's --out completes to figure files, export's
// still to CSV files (the extensions the shell filters by).
func TestPlotCompletion(t *testing.T) {
	for cmd, want := range map[string]string{"plot": "png\nsvg\npdf\n:8\n", "export": "csv\n:8\n"} {
		if out, _, code := runCLI("__complete", cmd, "--out", ""); code != 0 || out != want {
			t.Errorf("%s --out completes to %q, want %q", cmd, out, want)
		}
	}
}

// TestPlotNamesAxes: plot names its axes after the data's columns: a CSV
// with a header, cut down with --columns to 'height (cm)' and weight_kg,
// gives those names, z(height (cm)) and z(weight_kg) with --standardize;
// a built-in dataset's axes are x₁ and x₂ (z(x₁), z(x₂) standardized), as
// the terminal program names them. The run writes its figure as well.
func TestPlotNamesAxes(t *testing.T) {
	csv := writeFile(t, "people.csv", `id,height (cm),weight_kg,sex
1,182,81.5,m
2,165,58.0,f
3,178,77.2,m
4,160,52.3,f
5,190,92.0,m
6,158,49.9,f
7,171,70.1,m
8,168,60.4,f
`)
	data := []string{"--data", csv, "--columns", "height (cm),weight_kg", "--label", "sex", "--positive", "m", "--epochs", "1000"}
	for _, c := range []struct {
		args []string
		want [2]string
	}{
		{data, [2]string{"height (cm)", "weight_kg"}},
		{append(slices.Clone(data), "--standardize"), [2]string{"z(height (cm))", "z(weight_kg)"}},
		{[]string{"--dataset", "moons"}, [2]string{"x₁", "x₂"}},
		{[]string{"--dataset", "moons", "--standardize"}, [2]string{"z(x₁)", "z(x₂)"}},
	} {
		s := rootOptions(t, c.args...)
		spec, err := plotSpec(newLongWork(t.Context(), io.Discard, "plot"), &s, -1)
		if err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		if spec.Axes != c.want {
			t.Errorf("%q: axes %q, want %q", c.args, spec.Axes, c.want)
		}
		path := filepath.Join(t.TempDir(), "fig.svg")
		if _, stderr, code := runCLI(append([]string{"plot", "--out", path}, c.args...)...); code != 0 {
			t.Errorf("plot %q: exit %d: %s", c.args, code, stderr)
		}
	}
}
