package tui

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelscope/figure"
)

// TestFigureKey: F writes the current state as a PNG in the working
// directory (a new name each time), says where, and the figure is of the
// step shown: after 3 steps of seed 003's example, one mistake and x⁴
// next.
func TestFigureKey(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "space", "space")
	for k, want := range []string{"kernelscope-worked4-step3.png", "kernelscope-worked4-step3-2.png"} {
		_, cmd := m.Update(keyMsg("F"))
		if cmd == nil {
			t.Fatal("F returned no command: the figure must be written off the UI path")
		}
		run(m, cmd, 1)
		f, err := os.Open(want)
		if err != nil {
			t.Fatalf("figure %d: %v", k+1, err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() != figure.DefaultSize.Width || img.Bounds().Dy() != figure.DefaultSize.Height {
			t.Fatalf("figure %d: %v, size %v", k+1, err, img.Bounds())
		}
		if !strings.Contains(screen(m), "figure of step 3 written to "+want) {
			t.Errorf("figure %d: no message naming %s:\n%s", k+1, want, screen(m))
		}
	}
	if m.s.Learner().T() != 3 {
		t.Errorf("F changed the run: T = %d", m.s.Learner().T())
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
		_, cmd := m.Update(keyMsg("F"))
		run(m, cmd, 1)
		if !strings.Contains(screen(m), "the figure was not written") {
			t.Errorf("no failure message:\n%s", screen(m))
		}
		if matches, _ := filepath.Glob(filepath.Join(dir, "*")); len(matches) != 0 {
			t.Errorf("files left: %v", matches)
		}
	}
}

// TestFigureKeySVM: F draws the SVM too (its margins, after three SMO
// iterations), under the learner's step count.
func TestFigureKeySVM(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	press(m, "l")
	if m.s.SMO() == nil {
		t.Fatalf("l did not switch to the SVM: %v", m.s.Learner().Config().Learner)
	}
	press(m, "space", "space", "space")
	_, cmd := m.Update(keyMsg("F"))
	run(m, cmd, 1)
	const want = "kernelscope-moons-step3.png"
	f, err := os.Open(want)
	if err != nil {
		t.Fatalf("%v\n%s", err, screen(m))
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(screen(m), "figure of step 3 written to "+want) {
		t.Errorf("no message naming %s:\n%s", want, screen(m))
	}
}
