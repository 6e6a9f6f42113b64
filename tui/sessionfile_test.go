package tui

import (
	"kernelscope/tui/panels"

	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"kernelscope/lab"
	"kernelscope/learn"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/pflag"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/setup"
)

// saveSessionFile presses w then s, runs the save it returns (in the
// working directory) and returns the file's path.
func saveSessionFile(t *testing.T, m *Model) string {
	t.Helper()
	press(m, "w")
	if !strings.HasPrefix(m.message, "save: c = the points as CSV, s = the whole session") {
		t.Fatalf("w does not offer the choice: %q", m.message)
	}
	_, cmd := m.Update(keyMsg("s"))
	if cmd == nil {
		t.Fatalf("w s returned no command: %q", m.message)
	}
	msg, ok := cmd().(sessionSavedMsg)
	if !ok || msg.err != nil {
		t.Fatalf("w s: %+v", msg)
	}
	m.Update(msg)
	line := "kernelscope --session " + msg.path
	if want := fmt.Sprintf("session saved: %s reopens it (step %d, %d points)", line, m.s.Learner().T(), len(m.s.Options().Points)); m.message != want {
		t.Errorf("message %q, want %q", m.message, want)
	}
	return msg.path
}

// reopen opens a new model on a session file, as kernelscope --session
// does.
func reopen(t *testing.T, path string) *Model {
	t.Helper()
	o, err := lab.LoadSession(path)
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(t, o, 120, 40)
	if m.openErr != nil {
		t.Fatal(m.openErr)
	}
	return m
}

// sameState compares two models' learners: α bit for bit, T, the pass and
// the position in it, the next example, the state, the undo floor; then
// 30 more steps of each.
func sameState(t *testing.T, a, b *Model) {
	t.Helper()
	for k := 0; ; k++ {
		pa, pb := a.s.Learner(), b.s.Learner()
		if pa.T() != pb.T() || epochOf(pa) != epochOf(pb) || pa.Next() != pb.Next() || atPassStart(pa) != atPassStart(pb) ||
			pa.State() != pb.State() || pa.Mistakes() != pb.Mistakes() || pa.UndoFloor() != pb.UndoFloor() || pa.N() != pb.N() {
			t.Fatalf("+%d steps: T %d/%d, pass %d/%d, next %d/%d, at start %t/%t, state %v/%v, mistakes %d/%d, floor %d/%d, n %d/%d", k,
				pa.T(), pb.T(), epochOf(pa), epochOf(pb), pa.Next(), pb.Next(), atPassStart(pa), atPassStart(pb), pa.State(), pb.State(),
				pa.Mistakes(), pb.Mistakes(), pa.UndoFloor(), pb.UndoFloor(), pa.N(), pb.N())
		}
		for j := range pa.N() {
			if pa.Alpha(j) != pb.Alpha(j) {
				t.Fatalf("+%d steps: α%d %v, reopened %v", k, j+1, pa.Alpha(j), pb.Alpha(j))
			}
		}
		if k == 30 {
			return
		}
		a.s.Step()
		b.s.Step()
	}
}

// TestSessionRoundTripTUI: steps, points added mid-pass at the cursor and
// by a click, more steps; saved with w s and reopened, the state is the
// same, for shuffle off and on and for the perceptron and the budget
// perceptron; and again after b, after r resets α, and after a delete.
func TestSessionRoundTripTUI(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, algo := range []string{"perceptron", "budget"} {
		for _, shuffle := range []bool{false, true} {
			name := fmt.Sprintf("%v shuffle %t", algo, shuffle)
			o := builtinOptions(t, "moons", 60)
			o.Config = o.Config.With("budget", 8)
			o.Config.Shuffle, o.Config.Learner = shuffle, algo
			m := newModel(t, o, 120, 40)
			press(m, "space", "space", "space", "space", "space", "space", "space", "right", "right", "o", "space", "space", "up", "x", "space")
			m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + 3, Y: m.region.PlotY0 + 2, Button: tea.MouseRight})
			press(m, "space", "space", "space", "b")
			if len(m.s.AppendedAt()) != 3 || m.s.AppendedAt()[0] != 7 || m.s.AppendedAt()[2] != 10 || m.s.Learner().T() != 12 {
				t.Fatalf("%s: appends %v at T %d", name, m.s.AppendedAt(), m.s.Learner().T())
			}
			path := saveSessionFile(t, m)
			if m.s.Unsaved() {
				t.Errorf("%s: the points are in the session file, but q would ask", name)
			}
			back := reopen(t, path)
			if !back.s.Edited() || back.s.Unsaved() || !back.s.OnYours() || back.s.Name() != path+"*" {
				t.Errorf("%s: reopened edited points: edited %t, unsaved %t, yours %t, name %q", name, back.s.Edited(), back.s.Unsaved(), back.s.OnYours(), back.s.Name())
			}
			if got := back.s.Learner().Config(); got.Learner != algo || got.Shuffle != shuffle || budgetOf(got) != 8 {
				t.Errorf("%s: reopened as %v, shuffle %t, budget %d", name, got.Learner, got.Shuffle, budgetOf(got))
			}
			// Nothing changed since it opened: R names the file it came from.
			_, cmd := back.Update(keyMsg("R"))
			if line, ok := clipboard(t, cmd); !ok || line != "kernelscope --session "+path {
				t.Errorf("%s: R on a reopened session: %q, %q", name, line, back.message)
			}
			sameState(t, m, back)
			// r: α = 0 on all the points, no appends to replay.
			press(m, "r", "space", "space", "space")
			if len(m.s.AppendedAt()) != 0 {
				t.Errorf("%s: appends %v after r", name, m.s.AppendedAt())
			}
			sameState(t, m, reopen(t, saveSessionFile(t, m)))
			// A delete starts again on the points left.
			p := m.s.Options().Points[5]
			m.region.CursorOn = true
			m.region.CursorX, m.region.CurY, _ = m.region.CellOf(p.X1, p.X2)
			press(m, "delete", "space", "space")
			if len(m.s.Options().Points) != 62 || m.s.Learner().T() != 2 {
				t.Fatalf("%s: delete: %d points, T %d: %s", name, len(m.s.Options().Points), m.s.Learner().T(), m.message)
			}
			sameState(t, m, reopen(t, saveSessionFile(t, m)))
		}
	}
}

// TestSessionRoundTripRebuilt: learners that start again on new points
// (the averaged perceptron, the SVM) reopen as they were too, and so does
// a raised cap and held-out rows.
func TestSessionRoundTripRebuilt(t *testing.T) {
	t.Chdir(t.TempDir())
	avg := builtinOptions(t, "moons", 40)
	avg.Config.Learner, avg.Config.Shuffle = "averaged", true
	m := newModel(t, avg, 120, 40)
	press(m, "space", "space", "right", "o", "space", "space", "space")
	if len(m.s.AppendedAt()) != 0 || m.s.Learner().T() != 3 {
		t.Fatalf("averaged: appends %v, T %d", m.s.AppendedAt(), m.s.Learner().T())
	}
	sameState(t, m, reopen(t, saveSessionFile(t, m)))

	m = newModel(t, svmOptions(t, "circles", 2), 120, 40)
	press(m, "space", "space", "space", "space", "h", "space", "space")
	back := reopen(t, saveSessionFile(t, m))
	if back.s.Options().Holdout != m.s.Options().Holdout || !back.s.Options().Holdout.On() {
		t.Errorf("held-out rows: %+v, want %+v", back.s.Options().Holdout, m.s.Options().Holdout)
	}
	sameState(t, m, back)

	w := builtinOptions(t, "xor", 0)
	w.Config.Epochs = 1
	m = newModel(t, w, 120, 40)
	pressRun(m, "c")
	press(m, "E", "space", "space")
	back = reopen(t, saveSessionFile(t, m))
	if back.s.Learner().Config().Epochs != 2 {
		t.Errorf("the raised cap reopened as %d", back.s.Learner().Config().Epochs)
	}
	sameState(t, m, back)
}

// TestSaveChoice: the key after w answers it and does nothing else: c
// writes the points as CSV, s the session (and does not toggle shuffle),
// any other key cancels (and does not change the noise); the key after
// that is itself again.
func TestSaveChoice(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m := newModel(t, builtinOptions(t, "moons", 30), 120, 40)
	press(m, "w", "z")
	if m.message != "nothing saved" || m.s.Options().Noise != builtinOptions(t, "moons", 30).Noise {
		t.Errorf("w z: %q, noise %v", m.message, m.s.Options().Noise)
	}
	if files, _ := filepath.Glob("*"); len(files) != 0 {
		t.Errorf("w z wrote %v", files)
	}
	path := saveSessionFile(t, m)
	if path != "kernelscope-moons-session.json" || m.s.Options().Config.Shuffle {
		t.Errorf("w s: %s, shuffle %t", path, m.s.Options().Config.Shuffle)
	}
	press(m, "s")
	if !m.s.Options().Config.Shuffle {
		t.Error("s after w s does not toggle shuffle")
	}
	press(m, "w")
	_, cmd := m.Update(keyMsg("c"))
	run(m, cmd, 1)
	tab, err := datasets.LoadCSV(filepath.Join(dir, "kernelscope-moons.csv"))
	if err != nil || len(tab.Points) != 30 || m.player.Converging {
		t.Errorf("w c: %d points, %v; converging %t", len(tab.Points), err, m.player.Converging)
	}
	// A second session save takes the next free name.
	if path := saveSessionFile(t, m); path != "kernelscope-moons-session-2.json" {
		t.Errorf("second w s: %s", path)
	}
}

// clipboard is the text a command copies to the clipboard with OSC 52,
// and false when it copies nothing.
func clipboard(t *testing.T, cmd tea.Cmd) (string, bool) {
	t.Helper()
	if cmd == nil {
		return "", false
	}
	msg := cmd()
	want := tea.SetClipboard("")()
	if fmt.Sprintf("%T", msg) != fmt.Sprintf("%T", want) {
		return "", false
	}
	return fmt.Sprint(msg), true // the message is the text, as a string type
}

// TestReproduce: R on a built-in shows a command line that the flags read
// back to the same state, and copies it to the clipboard; on edited points
// it saves a session and names it, and names it again while nothing
// changes.
func TestReproduce(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "moons", 50), 120, 40)
	press(m, "k", "]", "s", "space", "space", "space", "u", "space", "space")
	_, cmd := m.Update(keyMsg("R"))
	line, ok := clipboard(t, cmd)
	if !ok {
		t.Fatal("R copies nothing to the clipboard")
	}
	if !strings.HasPrefix(m.message, "to recreate this: "+line+"  (copied to the clipboard with OSC 52, if your terminal allows it)") {
		t.Errorf("R: %q", m.message)
	}
	args := strings.Fields(strings.ReplaceAll(line, "'", ""))
	fs := pflag.NewFlagSet("kernelscope", pflag.ContinueOnError)
	flags := setup.Bind(fs, "the terminal program", setup.Train)
	flags.BindLearner()
	flags.CycleLearners()
	flags.BindSplit()
	steps := fs.Int("steps", 0, "")
	if err := fs.Parse(args[1:]); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	o, err := flags.Resolve()
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	o.Replay.Steps = *steps
	if *steps != 2 || !o.Standardized || !o.Config.Shuffle {
		t.Errorf("%s: steps %d, standardized %t, shuffle %t", line, *steps, o.Standardized, o.Config.Shuffle)
	}
	sameState(t, m, newModel(t, o, 120, 40))
	if files, _ := filepath.Glob("*"); len(files) != 0 {
		t.Errorf("R on a built-in wrote %v", files)
	}

	// Edited points: a session file.
	press(m, "right", "o", "space")
	_, cmd = m.Update(keyMsg("R"))
	saved, ok := cmd().(sessionSavedMsg)
	if !ok {
		t.Fatal("R on edited points does not save a session")
	}
	_, cmd = m.Update(saved)
	if line, ok := clipboard(t, cmd); !ok || line != "kernelscope --session kernelscope-moons-session.json" {
		t.Errorf("R on edited points copies %q", line)
	}
	if !strings.HasPrefix(m.message, "to recreate this: kernelscope --session kernelscope-moons-session.json  (copied") ||
		!strings.Contains(m.message, "no flags recreate points edited by hand, so the session went to kernelscope-moons-session.json") {
		t.Errorf("R on edited points: %q", m.message)
	}
	// Nothing changed: R names the same file, and writes none.
	_, cmd = m.Update(keyMsg("R"))
	if line, ok := clipboard(t, cmd); !ok || line != "kernelscope --session kernelscope-moons-session.json" ||
		!strings.Contains(m.message, "the session in kernelscope-moons-session.json holds it") {
		t.Errorf("R with nothing changed: %q, %q", line, m.message)
	}
	if files, _ := filepath.Glob("*.json"); len(files) != 1 {
		t.Errorf("R with nothing changed wrote another file: %v", files)
	}
	// A step later, R saves the new state.
	press(m, "space")
	_, cmd = m.Update(keyMsg("R"))
	run(m, cmd, 1)
	if !strings.HasPrefix(m.message, "to recreate this: kernelscope --session kernelscope-moons-session-2.json  (copied") {
		t.Errorf("R after a step: %q", m.message)
	}
	sameState(t, m, reopen(t, "kernelscope-moons-session-2.json"))
}

// TestRunRefusesHalfSessions: a session whose steps training does not
// reach is refused before the program starts, with the reason.
func TestRunRefusesHalfSessions(t *testing.T) {
	o := builtinOptions(t, "worked4", 0)
	o.Session, o.Replay = "s.json", lab.Replay{Steps: 9}
	err := Run(t.Context(), o, Display{})
	if err == nil || err.Error() != `s.json: "steps": 9, but training stops at step 8 (converged)` {
		t.Errorf("Run: %v", err)
	}
}

// TestReproduceHostileNames: R copies exactly the line it shows. A data
// file name with an escape sequence (a title, an OSC 52 clipboard write)
// or a bidi override reaches neither raw: the line writes those bytes out
// as $'…' escapes, which bash reads back as the very name. And a session's
// data.file, which kernelscope never read, is never offered as --data: R
// names the session file that holds the points.
func TestReproduceHostileNames(t *testing.T) {
	bash, _ := exec.LookPath("bash")
	for _, name := range []string{"evil\x1b]0;TITLE\a.csv", "evil\x1b]52;c;cm0gLXJmIH4K\a.csv", "x\u202ecsv.exe", "it's\tme\u200b.csv"} {
		o := builtinOptions(t, "worked3", 0)
		o.Dataset, o.File = "", name
		m := newModel(t, o, 120, 40)
		_, cmd := m.Update(keyMsg("R"))
		line, ok := clipboard(t, cmd)
		if !ok {
			t.Fatalf("%q: R copies nothing: %q", name, m.message)
		}
		if safetext.Clean(line) != line {
			t.Errorf("%q: R copies hidden characters: %q", name, line)
		}
		if !strings.HasPrefix(m.message, "to recreate this: "+line+"  (copied") ||
			!strings.Contains(m.message, "a name holds control or bidi characters, written out as $'…' escapes") {
			t.Errorf("%q: the message does not show what R copies (%q): %q", name, line, m.message)
		}
		if bash == "" {
			continue
		}
		out, err := exec.Command(bash, "-c", `printf '%s\0' `+line).Output()
		if words := strings.Split(string(out), "\x00"); err != nil || len(words) < 3 || words[1] != "--data" || words[2] != name {
			t.Errorf("%q: bash reads %s as %q (%v)", name, line, out, err)
		}
	}

	// A session whose points say they came from a file.
	t.Chdir(t.TempDir())
	o := builtinOptions(t, "worked3", 0)
	o.Dataset, o.File = "", "../../etc/passwd"
	var b strings.Builder
	if err := lab.WriteSession(&b, o); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("s.json", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	m := reopen(t, "s.json")
	_, cmd := m.Update(keyMsg("R"))
	if line, ok := clipboard(t, cmd); !ok || line != "kernelscope --session s.json" ||
		!strings.Contains(m.message, "no flags recreate a session's points; the session in s.json holds it") {
		t.Errorf("R on a session's points: copies %q, says %q", line, m.message)
	}
	// A step later the state is no file's: R saves a session, and offers
	// that, not the path the first one named.
	press(m, "space")
	_, cmd = m.Update(keyMsg("R"))
	run(m, cmd, 1)
	if !strings.HasPrefix(m.message, "to recreate this: kernelscope --session kernelscope-passwd-session.json  (copied") {
		t.Errorf("R after a step on a session's points: %q", m.message)
	}
}

// TestAddPointAtLimit: with data at the most points kernelscope trains on
// (made small here), o, x and a click add nothing and say why, naming the
// limit; del then makes room for one again. What w s and w c save then
// holds no more points than the program opens.
func TestAddPointAtLimit(t *testing.T) {
	t.Chdir(t.TempDir())
	o := builtinOptions(t, "moons", 60)
	defer func(n int) { lab.MaxPoints = n }(lab.MaxPoints)
	lab.MaxPoints = 62
	m := newModel(t, o, 120, 40)
	press(m, "space", "o", "right", "right", "x")
	if n := len(m.s.Options().Points); n != 62 {
		t.Fatalf("two points added below the limit: n = %d, want 62: %q", n, m.message)
	}
	limit := "n = 62 is the most points kernelscope trains on"
	for _, k := range []string{"o", "x"} {
		press(m, "up", k)
		if n := len(m.s.Options().Points); n != 62 || !strings.Contains(m.message, limit) {
			t.Errorf("%s at the limit: n = %d, message %q; want n = 62 and %q", k, n, m.message, limit)
		}
	}
	m.Update(tea.MouseClickMsg{X: m.region.PlotX0 + 3, Y: m.region.PlotY0 + 2, Button: tea.MouseLeft})
	if n := len(m.s.Options().Points); n != 62 || !strings.Contains(m.message, limit) {
		t.Errorf("a click at the limit: n = %d, message %q; want n = 62 and %q", n, m.message, limit)
	}
	if keyAction(m, "o").Binding.Enabled() || keyAction(m, "x").Binding.Enabled() {
		t.Errorf("o and x are in the help at the limit")
	}
	back := reopen(t, saveSessionFile(t, m))
	if n := len(back.s.Options().Points); n != 62 {
		t.Errorf("the saved session reopened with %d points, want 62", n)
	}
	// del makes room: o adds again.
	p := m.s.Options().Points[5]
	m.region.CursorOn = true
	m.region.CursorX, m.region.CurY, _ = m.region.CellOf(p.X1, p.X2)
	press(m, "delete", "o")
	if n := len(m.s.Options().Points); n != 62 {
		t.Errorf("del then o at the limit: n = %d, want 62: %q", n, m.message)
	}
}

// cancelOn is a writer that calls cancel once what is written contains
// when; it is written from the goroutine that runs Run.
type cancelOn struct {
	mu     sync.Mutex
	buf    strings.Builder
	cancel func()
	when   string
}

func (c *cancelOn) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if strings.Contains(string(b), c.when) {
		c.cancel()
	}
	return c.buf.Write(b)
}

// TestRunReplayProgress: a long replay (--steps, a session) draws its
// progress line before the first frame, once it has taken a second, and
// ctrl+c (the context) stops it within a step: Run returns an interrupt
// that says how far it got, the line cleared. It used to replay on, with
// a blank terminal, for as long as the steps took.
func TestRunReplayProgress(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 1_000_000_000
	o.Replay = lab.Replay{Steps: 1_000_000_000} // hours of steps
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	w := &cancelOn{cancel: cancel, when: "replaying ["}
	done := make(chan error)
	go func() { done <- Run(ctx, o, Display{Progress: w}) }()
	var err error
	select {
	case err = <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("Run did not return 60 s after the progress line")
	}
	w.mu.Lock()
	out := w.buf.String()
	w.mu.Unlock()
	var ie *interruptedStart
	if !errors.Is(err, context.Canceled) || !errors.As(err, &ie) || ie.t == 0 || ie.steps != 1_000_000_000 ||
		!strings.HasPrefix(err.Error(), "interrupted while replaying step ") || !strings.HasSuffix(err.Error(), " of 1000000000; the terminal program did not open") {
		t.Fatalf("Run: %v", err)
	}
	if !regexp.MustCompile(`^\rkernelscope: replaying \[[█░]{24}\] \d+/1000000000 steps`).MatchString(out) {
		t.Errorf("progress line %q", out)
	}
	if parts := strings.Split(out, "\r"); len(parts) < 3 || parts[len(parts)-1] != "" || strings.TrimLeft(parts[len(parts)-2], " ") != "" {
		t.Errorf("the progress line is not cleared: %q", out)
	}
}

// TestReopenedNarration: a session replayed (quietly, as c runs) shows
// the narration that stepping showed: of its last step, and after a
// point appended mid-run, of the step before it; and b then narrates the
// step before, as it does live.
func TestReopenedNarration(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, builtinOptions(t, "moons", 40), 120, 40)
	for range 57 {
		press(m, "space")
	}
	same := func(when string, back *Model) {
		t.Helper()
		a1, a2 := panels.Describe(m.s)
		b1, b2 := panels.Describe(back.s)
		if a1 != b1 || a2 != b2 {
			t.Errorf("%s, reopened at step %d:\n%s\n%s\nlive:\n%s\n%s", when, back.s.Learner().T(), b1, b2, a1, a2)
		}
	}
	same("stepped", reopen(t, saveSessionFile(t, m)))
	press(m, "right", "o")
	same("a point appended", reopen(t, saveSessionFile(t, m)))
	press(m, "space", "space")
	back := reopen(t, saveSessionFile(t, m))
	press(m, "b")
	press(back, "b")
	same("b", back)
}
