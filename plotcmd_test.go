package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
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
// example the next step visits, x⁴. --steps beyond convergence (8 steps:
// seed 003 converges in the second pass) is an error that writes nothing.
func TestPlotSteps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s3.svg")
	out, stderr, code := runCLI("plot", "--dataset", "worked4", "--steps", "3", "--out", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := "step 3 (pass 1) · 1 mistake · #SV 1 · training accuracy 100%"; !strings.Contains(out, want) {
		t.Errorf("stdout %q, want %q", out, want)
	}
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("next step: example 4")) {
		t.Errorf("the figure does not name the next example, x⁴")
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
