package files

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelscope/figure"
	"kernelscope/tui/internal/tuitest"
)

// TestFigure: F writes the current state as a PNG in the working
// directory (a new name each time), says where, and the figure is of the
// step shown: after 3 steps of seed 003's example, one mistake and x⁴
// next. (t.Chdir: not parallel.)
func TestFigure(t *testing.T) {
	t.Chdir(t.TempDir())
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	steps(h.s, 3)
	for k, want := range []string{"kernelscope-worked4-step3.png", "kernelscope-worked4-step3-2.png"} {
		h.finish(h.press("F"))
		f, err := os.Open(want)
		if err != nil {
			t.Fatalf("figure %d: %v", k+1, err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() != figure.DefaultSize.Width || img.Bounds().Dy() != figure.DefaultSize.Height {
			t.Fatalf("figure %d: %v, size %v", k+1, err, img.Bounds())
		}
		if w := "figure of step 3 written to " + want + " (1200×1200 PNG; kernelscope plot writes SVG and PDF too)"; h.host.Said != w {
			t.Errorf("figure %d: %q, want %q", k+1, h.host.Said, w)
		}
	}
	if h.s.Learner().T() != 3 {
		t.Errorf("F changed the run: T = %d", h.s.Learner().T())
	}
	// A directory that cannot be written: the message says so, nothing
	// else changes.
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if os.Getuid() != 0 { // root writes anywhere
		h.finish(h.press("F"))
		if !strings.HasPrefix(h.host.Said, "the figure was not written: ") {
			t.Errorf("no failure message: %q", h.host.Said)
		}
		if matches, _ := filepath.Glob(filepath.Join(dir, "*")); len(matches) != 0 {
			t.Errorf("files left: %v", matches)
		}
	}
}

// TestFigureSVM: F draws the SVM too (its margins, after three SMO
// iterations), under the learner's step count. (t.Chdir: not parallel.)
func TestFigureSVM(t *testing.T) {
	t.Chdir(t.TempDir())
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Learner = "svm" // l from the perceptron
	h := newHarness(t, o)
	if h.s.SMO() == nil {
		t.Fatalf("not the SVM: %v", h.s.Learner().Config().Learner)
	}
	steps(h.s, 3)
	h.finish(h.press("F"))
	const want = "kernelscope-moons-step3.png"
	f, err := os.Open(want)
	if err != nil {
		t.Fatalf("%v: %q", err, h.host.Said)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h.host.Said, "figure of step 3 written to "+want) {
		t.Errorf("no message naming %s: %q", want, h.host.Said)
	}
}
