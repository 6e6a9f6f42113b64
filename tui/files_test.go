package tui

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/figure"
	"kernelscope/tui/internal/tuitest"
)

// What w, R and F write is tested in package files; these see the keys in
// the program, through Update and View only. Each writes in the working
// directory (t.Chdir).

// TestSaveKeys: the key after w answers it and does nothing else: z
// cancels (and does not change the noise), s writes the session (and does
// not toggle shuffle), c the points as CSV (and does not run to
// convergence); the key after that is itself again; a click drops the
// question.
func TestSaveKeys(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m := newModel(t, builtinOptions(t, "moons", 30), 120, 40)
	press(m, "w")
	if !strings.Contains(screen(m), "save: c = the points as CSV, s = the whole session · any other key cancels") {
		t.Fatalf("w does not ask:\n%s", screen(m))
	}
	press(m, "z")
	if sc := screen(m); !strings.Contains(sc, "nothing saved") || !strings.Contains(sc, "noise=0.1 ") {
		t.Errorf("w z:\n%s", sc)
	}
	if files, _ := filepath.Glob("*"); len(files) != 0 {
		t.Errorf("w z wrote %v", files)
	}
	press(m, "w")
	_, cmd := m.Update(keyMsg("s"))
	run(m, cmd, 1)
	if sc := screen(m); !strings.Contains(sc, "session saved: kernelscope --session kernelscope-moons-session.json reopens it (step 0, 30 points)") || strings.Contains(sc, "shuffle (seed") {
		t.Errorf("w s:\n%s", sc)
	}
	press(m, "s")
	if sc := screen(m); !strings.Contains(sc, "shuffle on") {
		t.Errorf("s after w s does not toggle shuffle:\n%s", sc)
	}
	press(m, "w")
	_, cmd = m.Update(keyMsg("c"))
	run(m, cmd, 1)
	if sc := screen(m); !strings.Contains(sc, "saved 30 points to kernelscope-moons.csv") || !strings.Contains(sc, "pass 0, step 0") {
		t.Errorf("w c:\n%s", sc)
	}
	if tab, err := datasets.LoadCSV(filepath.Join(dir, "kernelscope-moons.csv")); err != nil || len(tab.Points) != 30 {
		t.Errorf("w c: %v", err)
	}
	// A click (here on the region's border) drops the question: s is
	// shuffle again.
	press(m, "w")
	m.Update(tea.MouseClickMsg{X: 0, Y: 0, Button: tea.MouseLeft})
	press(m, "s")
	if sc := screen(m); !strings.Contains(sc, "shuffle off") {
		t.Errorf("s after w and a click:\n%s", sc)
	}
}

// TestReproduceKey: R shows the command line that recreates the state and
// copies it to the clipboard; on edited points it saves a session first,
// and shows and copies the line that reopens it.
func TestReproduceKey(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "moons", 50), 120, 40)
	press(m, "k", "]", "s", "space", "space", "space", "u", "space", "space")
	_, cmd := m.Update(keyMsg("R"))
	line, ok := tuitest.Clipboard(t, cmd)
	if !ok || !strings.HasPrefix(line, "kernelscope --dataset moons --n 50 ") || !strings.HasSuffix(line, " --steps 2") {
		t.Errorf("R copies %q", line)
	}
	if sc := screen(m); !strings.Contains(sc, "to recreate this: kernelscope --dataset moons --n 50 ") {
		t.Errorf("R:\n%s", sc)
	}
	press(m, "right", "o", "space")
	_, cmd = m.Update(keyMsg("R"))
	_, cmd = m.Update(cmd())
	if line, ok := tuitest.Clipboard(t, cmd); !ok || line != "kernelscope --session kernelscope-moons-session.json" {
		t.Errorf("R on edited points copies %q", line)
	}
	if sc := screen(m); !strings.Contains(sc, "to recreate this: kernelscope --session kernelscope-moons-session.json  (copied") {
		t.Errorf("R on edited points:\n%s", sc)
	}
}

// TestFigureKey: F writes the figure of the step shown off the UI path,
// and says where.
func TestFigureKey(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "space", "space", "space")
	_, cmd := m.Update(keyMsg("F"))
	if cmd == nil {
		t.Fatal("F returned no command: the figure must be written off the UI path")
	}
	run(m, cmd, 1)
	const want = "kernelscope-worked4-step3.png"
	f, err := os.Open(want)
	if err != nil {
		t.Fatalf("%v\n%s", err, screen(m))
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() != figure.DefaultSize.Width {
		t.Fatalf("%s: %v", want, err)
	}
	if !strings.Contains(screen(m), "figure of step 3 written to "+want) {
		t.Errorf("no message naming %s:\n%s", want, screen(m))
	}
}
