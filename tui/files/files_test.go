package files

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/internal/tuitest"
)

// Every file goes to the working directory, as in the program: the tests
// that write one call t.Chdir, and so cannot be parallel (Go forbids
// t.Chdir in a parallel test, and the directory is the process's).

// harness is the writes alone on a session, their host recording what
// they say.
type harness struct {
	t    *testing.T
	s    *lab.Session
	f    *Model
	host *tuitest.Host
}

// newHarness opens o as the program does (its replay included).
func newHarness(t *testing.T, o lab.Options) *harness {
	t.Helper()
	s, err := lab.OpenSession(t.Context(), o, nil)
	if err != nil {
		t.Fatal(err)
	}
	return on(t, s)
}

// on is a harness on s.
func on(t *testing.T, s *lab.Session) *harness {
	h := &harness{t: t, s: s, host: &tuitest.Host{S: s}}
	h.f = New(s, h.host)
	return h
}

// press answers key as the program does: w's question first, then w, R
// and F.
func (h *harness) press(key string) tea.Cmd {
	msg := tuitest.Key(key)
	if h.f.Asking() {
		return h.f.Answer(msg)
	}
	cmd, _, _ := h.f.Actions().Handle(msg)
	return cmd
}

// finish runs the write cmd as Bubble Tea would and gives its message to
// Update, returning what Update returns (the clipboard write after R).
func (h *harness) finish(cmd tea.Cmd) tea.Cmd {
	h.t.Helper()
	if cmd == nil {
		h.t.Fatalf("no command: a file is written off the UI path (%q)", h.host.Said)
	}
	return h.f.Update(cmd())
}

// saveSession presses w then s, writes the session (in the working
// directory) and returns the file's path.
func (h *harness) saveSession() string {
	h.t.Helper()
	h.press("w")
	if !strings.HasPrefix(h.host.Said, "save: c = the points as CSV, s = the whole session") {
		h.t.Fatalf("w does not offer the choice: %q", h.host.Said)
	}
	cmd := h.press("s")
	if cmd == nil {
		h.t.Fatalf("w s returned no command: %q", h.host.Said)
	}
	msg, ok := cmd().(SessionSavedMsg)
	if !ok || msg.err != nil {
		h.t.Fatalf("w s: %+v", msg)
	}
	h.f.Update(msg)
	line := "kernelscope --session " + msg.path
	if want := fmt.Sprintf("session saved: %s reopens it (step %d, %d points)", line, h.s.Learner().T(), len(h.s.Options().Points)); h.host.Said != want {
		h.t.Errorf("message %q, want %q", h.host.Said, want)
	}
	return msg.path
}

// reopen opens a session file as kernelscope --session does.
func reopen(t *testing.T, path string) *lab.Session {
	t.Helper()
	o, err := lab.LoadSession(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := lab.OpenSession(t.Context(), o, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// steps takes n steps, as space does.
func steps(s *lab.Session, n int) {
	for range n {
		s.Step()
	}
}

// add adds a point as o, x or a click does, failing the test when it
// cannot.
func add(t *testing.T, s *lab.Session, x1, x2 float64, y int) {
	t.Helper()
	if _, err := s.AddPoint(x1, x2, y); err != nil {
		t.Fatal(err)
	}
}

// epochOf is the pass of a learner that visits pass by pass (0 for one
// that does not).
func epochOf(l learn.Learner) int {
	if p, ok := l.(learn.Passer); ok {
		return p.Epoch()
	}
	return 0
}

// atPassStart reports whether the next step of l begins a pass (true for
// a learner without passes).
func atPassStart(l learn.Learner) bool {
	if p, ok := l.(learn.Passer); ok {
		return p.AtPassStart()
	}
	return true
}

// sameState compares two sessions' learners: α bit for bit, T, the pass
// and the position in it, the next example, the state, the undo floor;
// then 30 more steps of each.
func sameState(t *testing.T, a, b *lab.Session) {
	t.Helper()
	for k := 0; ; k++ {
		pa, pb := a.Learner(), b.Learner()
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
		a.Step()
		b.Step()
	}
}

// TestAnswer: w asks which save; the key after it answers and does
// nothing else: esc and any key but c and s save nothing and say so, and
// no command runs; the key after that is not w's. A click (Forget) drops
// the question without a word.
func TestAnswer(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"esc", "z", "q", "ctrl+c", "space", "w", "R", "F", "C", "S"} {
		h := newHarness(t, tuitest.Builtin(t, "moons", 30))
		if h.press("w"); !h.f.Asking() || h.host.Said != "save: c = the points as CSV, s = the whole session · any other key cancels" {
			t.Fatalf("w: asking %t, %q", h.f.Asking(), h.host.Said)
		}
		if cmd := h.press(key); cmd != nil || h.f.Asking() || h.host.Said != "nothing saved" {
			t.Errorf("w %s: command %t, asking %t, %q", key, cmd != nil, h.f.Asking(), h.host.Said)
		}
		if key == "z" {
			if cmd, _, ok := h.f.Actions().Handle(tuitest.Key("s")); ok || cmd != nil {
				t.Error("s after the answer is still w's")
			}
		}
	}
	h := newHarness(t, tuitest.Builtin(t, "moons", 30))
	h.press("w")
	h.host.Said = ""
	h.f.Forget()
	if h.f.Asking() || h.host.Said != "" {
		t.Errorf("Forget: asking %t, %q", h.f.Asking(), h.host.Said)
	}
}

// TestKeys: the program lists w, R, F and O under cursor and editing,
// always on; c, s and esc answer w.
func TestKeys(t *testing.T) {
	t.Parallel()
	f := New(tuitest.Session(t, tuitest.Builtin(t, "moons", 30)), &tuitest.Host{})
	var got []string
	for _, a := range f.Actions() {
		got = append(got, a.Group+": "+a.Binding.Help().Key+" "+a.Binding.Help().Desc)
		if a.Why() != "" {
			t.Errorf("%s is off: %s", a.Binding.Help().Key, a.Why())
		}
	}
	want := []string{"cursor and editing: w save data/session", "cursor and editing: R reproduce command", "cursor and editing: F write figure (PNG)", "cursor and editing: O record/stop a tape (.cast)"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("actions %q, want %q", got, want)
	}
	got = nil
	for _, b := range f.Keys().ShortHelp() {
		got = append(got, b.Help().Key+" "+b.Help().Desc)
	}
	if want := []string{"c the points as CSV", "s the whole session", "esc save nothing"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("keys %q, want %q", got, want)
	}
}
