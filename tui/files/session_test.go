package files

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/setup"
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/panels"
)

// TestSessionRoundTrip: steps, points appended mid-pass (as o and x add
// them at the cursor and a click does), more steps, one undone (b); saved
// with w s and reopened, the state is the same, for shuffle off and on
// and for the perceptron and the budget perceptron; and again after r
// resets α, and after a delete. (t.Chdir: not parallel.)
func TestSessionRoundTrip(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, algo := range []string{"perceptron", "budget"} {
		for _, shuffle := range []bool{false, true} {
			name := fmt.Sprintf("%v shuffle %t", algo, shuffle)
			o := tuitest.Builtin(t, "moons", 60)
			o.Config = o.Config.With("budget", 8)
			o.Config.Shuffle, o.Config.Learner = shuffle, algo
			h := newHarness(t, o)
			s := h.s
			steps(s, 7)
			add(t, s, 0.5, 0.25, 1)
			steps(s, 2)
			add(t, s, -0.75, 0.5, -1)
			steps(s, 1)
			add(t, s, 1.25, -0.5, -1)
			steps(s, 3)
			s.Back()
			if len(s.AppendedAt()) != 3 || s.AppendedAt()[0] != 7 || s.AppendedAt()[2] != 10 || s.Learner().T() != 12 {
				t.Fatalf("%s: appends %v at T %d", name, s.AppendedAt(), s.Learner().T())
			}
			path := h.saveSession()
			if s.Unsaved() {
				t.Errorf("%s: the points are in the session file, but q would ask", name)
			}
			back := reopen(t, path)
			if !back.Edited() || back.Unsaved() || !back.OnYours() || back.Name() != path+"*" {
				t.Errorf("%s: reopened edited points: edited %t, unsaved %t, yours %t, name %q", name, back.Edited(), back.Unsaved(), back.OnYours(), back.Name())
			}
			if got := back.Learner().Config(); got.Learner != algo || got.Shuffle != shuffle || int(got.Param("budget")) != 8 {
				t.Errorf("%s: reopened as %v, shuffle %t, budget %v", name, got.Learner, got.Shuffle, got.Param("budget"))
			}
			// Nothing changed since it opened: R names the file it came from.
			hb := on(t, back)
			if line, ok := tuitest.Clipboard(t, hb.press("R")); !ok || line != "kernelscope --session "+path {
				t.Errorf("%s: R on a reopened session: %q, %q", name, line, hb.host.Said)
			}
			sameState(t, s, back)
			// r: α = 0 on all the points, no appends to replay.
			s.Reset()
			steps(s, 3)
			if len(s.AppendedAt()) != 0 {
				t.Errorf("%s: appends %v after r", name, s.AppendedAt())
			}
			sameState(t, s, reopen(t, h.saveSession()))
			// A delete starts again on the points left.
			p := s.Options().Points[5]
			if !s.DeletePoint(p.X1, p.X2, 1e-9) {
				t.Fatalf("%s: no point deleted at (%v, %v)", name, p.X1, p.X2)
			}
			steps(s, 2)
			if len(s.Options().Points) != 62 || s.Learner().T() != 2 {
				t.Fatalf("%s: delete: %d points, T %d", name, len(s.Options().Points), s.Learner().T())
			}
			sameState(t, s, reopen(t, h.saveSession()))
		}
	}
}

// TestSessionRoundTripRebuilt: learners that start again on new points
// (the averaged perceptron, the SVM) reopen as they were too, and so does
// a raised cap and held-out rows. (t.Chdir: not parallel.)
func TestSessionRoundTripRebuilt(t *testing.T) {
	t.Chdir(t.TempDir())
	avg := tuitest.Builtin(t, "moons", 40)
	avg.Config.Learner, avg.Config.Shuffle = "averaged", true
	h := newHarness(t, avg)
	steps(h.s, 2)
	add(t, h.s, 0.5, 0.25, 1)
	steps(h.s, 3)
	if len(h.s.AppendedAt()) != 0 || h.s.Learner().T() != 3 {
		t.Fatalf("averaged: appends %v, T %d", h.s.AppendedAt(), h.s.Learner().T())
	}
	sameState(t, h.s, reopen(t, h.saveSession()))

	svm := tuitest.Builtin(t, "circles", 0)
	svm.Config = svm.Config.With("C", 2)
	svm.Config.Learner = "svm"
	h = newHarness(t, svm)
	steps(h.s, 4)
	if err := h.s.ToggleHoldout(); err != nil {
		t.Fatal(err)
	}
	steps(h.s, 2)
	back := reopen(t, h.saveSession())
	if back.Options().Holdout != h.s.Options().Holdout || !back.Options().Holdout.On() {
		t.Errorf("held-out rows: %+v, want %+v", back.Options().Holdout, h.s.Options().Holdout)
	}
	sameState(t, h.s, back)

	xor := tuitest.Builtin(t, "xor", 0)
	xor.Config.Epochs = 1
	h = newHarness(t, xor)
	for h.s.Take(false) { // c: to the cap of one pass
	}
	h.s.NarrateLast()
	if why := h.s.RaiseCap(); !strings.Contains(why, "the cap is now") {
		t.Fatal(why)
	}
	steps(h.s, 2)
	back = reopen(t, h.saveSession())
	if back.Learner().Config().Epochs != 2 {
		t.Errorf("the raised cap reopened as %d", back.Learner().Config().Epochs)
	}
	sameState(t, h.s, back)
}

// TestSaveChoice: c after w writes the points as CSV, s the session, a
// key that is neither writes nothing; a second session save takes the next
// free name. (t.Chdir: not parallel.)
func TestSaveChoice(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	h := newHarness(t, tuitest.Builtin(t, "moons", 30))
	h.press("w")
	if cmd := h.press("z"); cmd != nil || h.host.Said != "nothing saved" {
		t.Errorf("w z: %q", h.host.Said)
	}
	if files, _ := filepath.Glob("*"); len(files) != 0 {
		t.Errorf("w z wrote %v", files)
	}
	if path := h.saveSession(); path != "kernelscope-moons-session.json" || h.s.Options().Config.Shuffle {
		t.Errorf("w s: %s, shuffle %t", path, h.s.Options().Config.Shuffle)
	}
	h.press("w")
	h.finish(h.press("c"))
	tab, err := datasets.LoadCSV(filepath.Join(dir, "kernelscope-moons.csv"))
	if err != nil || len(tab.Points) != 30 {
		t.Errorf("w c: %d points, %v", len(tab.Points), err)
	}
	if path := h.saveSession(); path != "kernelscope-moons-session-2.json" {
		t.Errorf("second w s: %s", path)
	}
}

// TestReproduce: R on a built-in shows a command line that the flags read
// back to the same state, and copies it to the clipboard; on edited points
// it saves a session and names it, and names it again while nothing
// changes. (t.Chdir: not parallel.)
func TestReproduce(t *testing.T) {
	t.Chdir(t.TempDir())
	h := newHarness(t, tuitest.Builtin(t, "moons", 50))
	s := h.s
	// k ] s: the next kernel with its parameter a step up, shuffled.
	cfg := s.Options().Config
	k, err := learn.ParseKernel("sigmoid(gamma=1.5,c=0)")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Kernel, cfg.Shuffle = k, true
	if err := s.SetConfig(cfg); err != nil {
		t.Fatal(err)
	}
	steps(s, 3)
	if _, err := s.Standardize(); err != nil { // u: α reset
		t.Fatal(err)
	}
	steps(s, 2)
	line, ok := tuitest.Clipboard(t, h.press("R"))
	if !ok {
		t.Fatal("R copies nothing to the clipboard")
	}
	if !strings.HasPrefix(h.host.Said, "to recreate this: "+line+"  (copied to the clipboard with OSC 52, if your terminal allows it)") {
		t.Errorf("R: %q", h.host.Said)
	}
	args := strings.Fields(strings.ReplaceAll(line, "'", ""))
	fs := pflag.NewFlagSet("kernelscope", pflag.ContinueOnError)
	flags := setup.Bind(fs, "the terminal program", setup.Train)
	flags.BindLearner()
	flags.CycleLearners()
	flags.BindSplit()
	n := fs.Int("steps", 0, "")
	if err := fs.Parse(args[1:]); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	o, err := flags.Resolve()
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	o.Replay.Steps = *n
	if *n != 2 || !o.Standardized || !o.Config.Shuffle {
		t.Errorf("%s: steps %d, standardized %t, shuffle %t", line, *n, o.Standardized, o.Config.Shuffle)
	}
	sameState(t, s, newHarness(t, o).s)
	if files, _ := filepath.Glob("*"); len(files) != 0 {
		t.Errorf("R on a built-in wrote %v", files)
	}

	// Edited points: a session file.
	add(t, s, 0.5, 0.25, 1)
	steps(s, 1)
	cmd := h.press("R")
	saved, ok := cmd().(SessionSavedMsg)
	if !ok {
		t.Fatal("R on edited points does not save a session")
	}
	if line, ok := tuitest.Clipboard(t, h.f.Update(saved)); !ok || line != "kernelscope --session kernelscope-moons-session.json" {
		t.Errorf("R on edited points copies %q", line)
	}
	if !strings.HasPrefix(h.host.Said, "to recreate this: kernelscope --session kernelscope-moons-session.json  (copied") ||
		!strings.Contains(h.host.Said, "no flags recreate points edited by hand, so the session went to kernelscope-moons-session.json") {
		t.Errorf("R on edited points: %q", h.host.Said)
	}
	// Nothing changed: R names the same file, and writes none.
	if line, ok := tuitest.Clipboard(t, h.press("R")); !ok || line != "kernelscope --session kernelscope-moons-session.json" ||
		!strings.Contains(h.host.Said, "the session in kernelscope-moons-session.json holds it") {
		t.Errorf("R with nothing changed: %q, %q", line, h.host.Said)
	}
	if files, _ := filepath.Glob("*.json"); len(files) != 1 {
		t.Errorf("R with nothing changed wrote another file: %v", files)
	}
	// A step later, R saves the new state.
	steps(s, 1)
	h.finish(h.press("R"))
	if !strings.HasPrefix(h.host.Said, "to recreate this: kernelscope --session kernelscope-moons-session-2.json  (copied") {
		t.Errorf("R after a step: %q", h.host.Said)
	}
	sameState(t, s, reopen(t, "kernelscope-moons-session-2.json"))
}

// TestReproduceHostileNames: R copies exactly the line it shows. A data
// file name with an escape sequence (a title, an OSC 52 clipboard write)
// or a bidi override reaches neither raw: the line writes those bytes out
// as $'…' escapes, which bash reads back as the very name.
func TestReproduceHostileNames(t *testing.T) {
	t.Parallel()
	bash, _ := exec.LookPath("bash")
	for _, name := range []string{"evil\x1b]0;TITLE\a.csv", "evil\x1b]52;c;cm0gLXJmIH4K\a.csv", "x\u202ecsv.exe", "it's\tme\u200b.csv"} {
		o := tuitest.Builtin(t, "worked3", 0)
		o.Dataset, o.File = "", name
		h := newHarness(t, o)
		line, ok := tuitest.Clipboard(t, h.press("R"))
		if !ok {
			t.Fatalf("%q: R copies nothing: %q", name, h.host.Said)
		}
		if safetext.Clean(line) != line {
			t.Errorf("%q: R copies hidden characters: %q", name, line)
		}
		if !strings.HasPrefix(h.host.Said, "to recreate this: "+line+"  (copied") ||
			!strings.Contains(h.host.Said, "a name holds control or bidi characters, written out as $'…' escapes") {
			t.Errorf("%q: the message does not show what R copies (%q): %q", name, line, h.host.Said)
		}
		if bash == "" {
			continue
		}
		out, err := exec.Command(bash, "-c", `printf '%s\0' `+line).Output()
		if words := strings.Split(string(out), "\x00"); err != nil || len(words) < 3 || words[1] != "--data" || words[2] != name {
			t.Errorf("%q: bash reads %s as %q (%v)", name, line, out, err)
		}
	}
}

// TestReproduceSessionPoints: a session's data.file, which kernelscope
// never read, is never offered as --data: R names the session file that
// holds the points, and a step later saves a session and offers that, not
// the path the first one named. (t.Chdir: not parallel.)
func TestReproduceSessionPoints(t *testing.T) {
	t.Chdir(t.TempDir())
	o := tuitest.Builtin(t, "worked3", 0)
	o.Dataset, o.File = "", "../../etc/passwd"
	var b strings.Builder
	if err := lab.WriteSession(&b, o); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("s.json", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	h := on(t, reopen(t, "s.json"))
	if line, ok := tuitest.Clipboard(t, h.press("R")); !ok || line != "kernelscope --session s.json" ||
		!strings.Contains(h.host.Said, "no flags recreate a session's points; the session in s.json holds it") {
		t.Errorf("R on a session's points: copies %q, says %q", line, h.host.Said)
	}
	steps(h.s, 1)
	h.finish(h.press("R"))
	if !strings.HasPrefix(h.host.Said, "to recreate this: kernelscope --session kernelscope-passwd-session.json  (copied") {
		t.Errorf("R after a step on a session's points: %q", h.host.Said)
	}
}

// TestWhyNoLine: what R says no command line recreates, from the state:
// points edited by hand, a shuffle seed that differs from the data's, a
// session's points, or else the data.
func TestWhyNoLine(t *testing.T) {
	t.Parallel()
	edited := tuitest.Builtin(t, "moons", 30)
	seed := tuitest.Builtin(t, "moons", 30)
	seed.Config.Seed = 7
	session := tuitest.Builtin(t, "worked3", 0)
	session.Dataset, session.File, session.Session = "", "points.csv", "s.json"
	for _, c := range []struct {
		o    lab.Options
		edit bool
		want string
	}{
		{edited, true, "points edited by hand"},
		{seed, false, "a shuffle seed that differs from the data's"},
		{session, false, "a session's points"},
		{tuitest.Builtin(t, "moons", 30), false, "this data"},
	} {
		h := on(t, tuitest.Session(t, c.o))
		if c.edit {
			add(t, h.s, 0.5, 0.25, 1)
		}
		if got := h.f.whyNoLine(); got != c.want {
			t.Errorf("%s: %q, want %q", c.want, got, c.want)
		}
	}
}

// TestSaveSessionAtLimit: with data at the most points kernelscope trains
// on (made small here), what w s saves holds no more points than the
// program opens: it reopens with all of them. (t.Chdir, and lab.MaxPoints
// changed: not parallel.)
func TestSaveSessionAtLimit(t *testing.T) {
	t.Chdir(t.TempDir())
	defer func(n int) { lab.MaxPoints = n }(lab.MaxPoints)
	lab.MaxPoints = 62
	h := newHarness(t, tuitest.Builtin(t, "moons", 60))
	steps(h.s, 1)
	add(t, h.s, 0.5, 0.25, 1)
	add(t, h.s, 0.75, -0.25, -1)
	if !h.s.Full() {
		t.Fatalf("%d points are not the limit", len(h.s.Options().Points))
	}
	if n := len(reopen(t, h.saveSession()).Options().Points); n != 62 {
		t.Errorf("the saved session reopened with %d points, want 62", n)
	}
}

// TestReopenedNarration: a session replayed (quietly, as c runs) shows
// the narration that stepping showed: of its last step, and after a
// point appended mid-run, of the step before it; and b then narrates the
// step before, as it does live. (t.Chdir: not parallel.)
func TestReopenedNarration(t *testing.T) {
	t.Chdir(t.TempDir())
	h := newHarness(t, tuitest.Builtin(t, "moons", 40))
	steps(h.s, 57)
	same := func(when string, back *lab.Session) {
		t.Helper()
		a1, a2 := panels.Describe(h.s)
		b1, b2 := panels.Describe(back)
		if a1 != b1 || a2 != b2 {
			t.Errorf("%s, reopened at step %d:\n%s\n%s\nlive:\n%s\n%s", when, back.Learner().T(), b1, b2, a1, a2)
		}
	}
	same("stepped", reopen(t, h.saveSession()))
	add(t, h.s, 0.5, 0.25, 1)
	same("a point appended", reopen(t, h.saveSession()))
	steps(h.s, 2)
	back := reopen(t, h.saveSession())
	h.s.Back()
	back.Back()
	same("b", back)
}
