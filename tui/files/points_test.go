package files

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/tui/internal/tuitest"
)

// TestSavePoints: w c writes the points as CSV in the working directory,
// which reads back the same; a second save does not overwrite the first
// and says where it went. (t.Chdir: not parallel.)
func TestSavePoints(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	h := newHarness(t, tuitest.Builtin(t, "worked3", 0))
	h.press("w") // w asks: c for the points as CSV, s for the session
	h.finish(h.press("c"))
	tab, err := datasets.LoadCSV(filepath.Join(dir, "kernelscope-worked3.csv"))
	if err != nil || len(tab.Points) != 3 || tab.Points[2] != (datasets.Point{X1: 1, X2: 3, Y: -1}) {
		t.Fatalf("saved file: %v %v", tab.Points, err)
	}
	h.press("w")
	h.finish(h.press("c"))
	if _, err := os.Stat(filepath.Join(dir, "kernelscope-worked3-2.csv")); err != nil {
		t.Errorf("second save: %v", err)
	}
	if h.host.Said != "saved 3 points to kernelscope-worked3-2.csv" {
		t.Errorf("save message %q", h.host.Said)
	}
}

// TestSaveMarksSaved: points edited by hand are unsaved (q asks) until w c
// or w s writes them; an edit made while the file is written stays
// unsaved. (t.Chdir: not parallel.)
func TestSaveMarksSaved(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, key := range []string{"c", "s"} {
		h := newHarness(t, tuitest.Builtin(t, "moons", 30))
		add(t, h.s, 0.5, 0.25, 1)
		if !h.s.Unsaved() {
			t.Fatal("an added point is not unsaved")
		}
		h.press("w")
		h.finish(h.press(key))
		if h.s.Unsaved() {
			t.Errorf("w %s: still unsaved: %q", key, h.host.Said)
		}
		add(t, h.s, 0.75, 0.25, -1)
		h.press("w")
		cmd := h.press(key)
		add(t, h.s, 1, 0.25, -1) // after the points were taken
		h.finish(cmd)
		if !h.s.Unsaved() {
			t.Errorf("w %s: a point added during the save counts as saved", key)
		}
	}
}

// TestSaveNeverReplaces: w c in a directory holding kernelscope-worked3.csv
// and -2 … -1002 overwrites none of them, and says nothing was written.
// (t.Chdir: not parallel.)
func TestSaveNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	names := []string{"kernelscope-worked3.csv"}
	for i := 2; i <= 1002; i++ {
		names = append(names, "kernelscope-worked3-"+strconv.Itoa(i)+".csv")
	}
	for _, n := range names {
		if err := os.WriteFile(n, []byte("mine "+n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, tuitest.Builtin(t, "worked3", 0))
	h.press("w")
	h.finish(h.press("c"))
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != "mine "+n {
			t.Fatalf("%s was replaced or lost: %q %v", n, b, err)
		}
	}
	if !strings.HasPrefix(h.host.Said, "save failed, nothing was written: ") {
		t.Errorf("no message that nothing was saved: %q", h.host.Said)
	}
}

// TestSavePointsCount: the message counts in words, singular for one
// point. (t.Chdir: not parallel.)
func TestSavePointsCount(t *testing.T) {
	t.Chdir(t.TempDir())
	h := newHarness(t, tuitest.Builtin(t, "xor", 1))
	h.press("w")
	h.finish(h.press("c"))
	if h.host.Said != "saved 1 point to kernelscope-xor.csv" {
		t.Errorf("save message %q, want the singular", h.host.Said)
	}
}
