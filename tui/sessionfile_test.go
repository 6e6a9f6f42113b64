package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/setup"
)

// saveAndReopen presses w then s, runs the save in the working directory,
// and opens a new model from the file, as kernelscope --session does.
func saveAndReopen(t *testing.T, m *Model) *Model {
	t.Helper()
	press(m, "w")
	_, cmd := m.Update(keyMsg("s"))
	run(m, cmd, 1)
	files, _ := filepath.Glob("kernelscope-*-session*.json")
	if len(files) == 0 {
		t.Fatalf("no session file written: %s", m.message)
	}
	path := files[len(files)-1]
	if !strings.Contains(m.message, "kernelscope --session "+path) {
		t.Errorf("message %q does not say how to reopen %s", m.message, path)
	}
	o, err := setup.LoadSession(path)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	back := newModel(t, o, 120, 40)
	if back.openErr != nil {
		t.Fatal(back.openErr)
	}
	return back
}

// sameState compares two models' learners: α bit for bit, T, the pass,
// the next example, the undo floor; then 30 more steps of each.
func sameState(t *testing.T, a, b *Model) {
	t.Helper()
	for k := 0; k < 30; k++ {
		pa, pb := a.s.p, b.s.p
		if pa.T() != pb.T() || pa.Epoch() != pb.Epoch() || pa.Next() != pb.Next() || pa.AtPassStart() != pb.AtPassStart() || pa.UndoFloor() != pb.UndoFloor() || pa.N() != pb.N() {
			t.Fatalf("+%d steps: T %d/%d epoch %d/%d next %d/%d floor %d/%d n %d/%d", k, pa.T(), pb.T(), pa.Epoch(), pb.Epoch(), pa.Next(), pb.Next(), pa.UndoFloor(), pb.UndoFloor(), pa.N(), pb.N())
		}
		for j := range pa.N() {
			if pa.Alpha(j) != pb.Alpha(j) {
				t.Fatalf("+%d steps: α%d %v ≠ %v", k, j+1, pa.Alpha(j), pb.Alpha(j))
			}
		}
		a.s.step()
		b.s.step()
	}
}

// TestSessionRoundTripTUI: steps, points added mid-pass at the cursor,
// more steps; saved with w s and reopened, the state is the same, with
// shuffle off and on; and after r resets α.
func TestSessionRoundTripTUI(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, shuffle := range []bool{false, true} {
		o := builtinOptions(t, "moons", 60)
		o.Config.Shuffle = shuffle
		m := newModel(t, o, 120, 40)
		press(m, "space", "space", "space", "space", "space", "right", "right", "o", "space", "space", "up", "x", "space")
		if len(m.s.appendedAt) != 2 {
			t.Fatalf("shuffle %t: %d appends recorded", shuffle, len(m.s.appendedAt))
		}
		back := saveAndReopen(t, m)
		if !back.s.edited || back.s.unsaved {
			t.Errorf("reopened edited points: edited %t, unsaved %t", back.s.edited, back.s.unsaved)
		}
		sameState(t, m, back)
		// r: α = 0 on all the points, no appends to replay.
		press(m, "r", "space", "space", "space")
		sameState(t, m, saveAndReopen(t, m))
	}
}

// TestSaveChoice: w then c still writes the points as CSV; w then another
// key saves nothing.
func TestSaveChoice(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	press(m, "w")
	if !strings.Contains(m.message, "c: the points as CSV") {
		t.Errorf("w does not offer the choice: %q", m.message)
	}
	press(m, "z")
	if m.message != "nothing saved" {
		t.Errorf("w z: %q", m.message)
	}
	if files, _ := filepath.Glob("*"); len(files) != 0 {
		t.Errorf("files written: %v", files)
	}
}

// TestReproduce: R on a built-in shows a command line that the flags read
// back to the same state, and copies it to the clipboard; on edited points
// it writes a session file and names it.
func TestReproduce(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "moons", 50), 120, 40)
	press(m, "k", "]", "space", "space", "space")
	_, cmd := m.Update(keyMsg("R"))
	if cmd == nil {
		t.Fatal("R returned no clipboard command")
	}
	// tea.SetClipboard's message type is unexported: compare with its own.
	if got, want := fmt.Sprintf("%T", cmd()), fmt.Sprintf("%T", tea.SetClipboard("x")()); got != want {
		t.Errorf("R's command gives a %s, not the clipboard's %s", got, want)
	}
	args, ok := setup.CommandLine(m.s.snapshot())
	if !ok || !strings.Contains(m.message, setup.ShellQuote(args)) || !strings.Contains(m.message, "--steps 3") {
		t.Fatalf("R: %q", m.message)
	}
	press(m, "right", "o")
	_, cmd = m.Update(keyMsg("R"))
	run(m, cmd, 1)
	if !strings.Contains(m.message, "kernelscope --session kernelscope-moons-session.json") {
		t.Errorf("R on edited points: %q", m.message)
	}
}
