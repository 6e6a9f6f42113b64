package class

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
)

// lecturersRun is a run as the server opens it from --data: the file's
// points, and the path the lecturer typed, with a session file's path
// beside it (--session).
func lecturersRun() lab.Options {
	return lab.Options{
		File:    filepath.Join("/home", "lecturer", "course", "mydata.csv"),
		Session: filepath.Join("/home", "lecturer", "course", "week3.json"),
		Points:  []datasets.Point{{X1: 1, X2: 2, Y: 1}, {X1: -1, X2: 0, Y: -1}},
	}
}

// noPath fails the test when st names the lecturer's directory or session
// file: every seat's program reads st, and each is a student's screen.
func noPath(t *testing.T, what string, st State) {
	t.Helper()
	if st.Run.File != "mydata.csv" {
		t.Errorf("%s: the run's file is %q, want the base name mydata.csv", what, st.Run.File)
	}
	if st.Run.Session != "" {
		t.Errorf("%s: the run names the session file %q", what, st.Run.Session)
	}
	if len(st.Run.Points) != 2 {
		t.Errorf("%s: the run holds %d points, want the file's 2 (no seat reads the file)", what, len(st.Run.Points))
	}
}

// TestStateNamesNoServerPath: the class's run names a --data file by its
// base name and no session file, in the state it starts with and in every
// state a presenter publishes (another run, or a step of the same run),
// so that no seat's program can show a student the lecturer's paths.
func TestStateNamesNoServerPath(t *testing.T) {
	c := New(lecturersRun())
	p := c.Join("lecturer", "SHA256:lecturer", Presenter)
	f := c.Join("student", "SHA256:student", Follower)
	noPath(t, "the starting run", f.State())

	run := lecturersRun()
	run.Replay.Steps = 3
	if _, ok := p.Publish(run, lab.SessionMark{}, 0); !ok {
		t.Fatal("the presenter could not publish")
	}
	noPath(t, "a published run", f.State())
	first := f.State()
	run.Replay.Steps = 4
	if _, ok := p.Publish(run, lab.SessionMark{}, 0); !ok {
		t.Fatal("the presenter could not publish")
	}
	if st := f.State(); !st.SameRun(first) {
		t.Fatal("a step of the same run was published as another run")
	}
	noPath(t, "a step of the same run", f.State())
}

// TestStateKeepsBuiltinName: a built-in's run has no file, and keeps its
// name (no "." for an empty path's base).
func TestStateKeepsBuiltinName(t *testing.T) {
	c := New(lab.Options{Dataset: "moons"})
	if st := c.Join("student", "", Follower).State(); st.Run.File != "" || st.Run.Dataset != "moons" {
		t.Errorf("a built-in's run: file %q, dataset %q; want none and moons", st.Run.File, st.Run.Dataset)
	}
}

// TestJoinCapsName: a seat's name is cleaned of what must not reach a
// terminal, then cut to MaxName characters at a rune boundary, the last
// an ellipsis; every place the class gives it (the seat's Member, the
// state the seat publishes, a quiz score) gives the capped name.
func TestJoinCapsName(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"short", "alice", "alice"},
		{"exactly MaxName", strings.Repeat("b", MaxName), strings.Repeat("b", MaxName)},
		{"one too many", strings.Repeat("c", MaxName+1), strings.Repeat("c", MaxName-1) + "…"},
		{"20 000 characters", strings.Repeat("d", 20000), strings.Repeat("d", MaxName-1) + "…"},
		// Multi-byte runes are cut between runes, never inside one.
		{"runes", strings.Repeat("é", 40), strings.Repeat("é", MaxName-1) + "…"},
		{"wide runes", strings.Repeat("名", 40), strings.Repeat("名", MaxName-1) + "…"},
		// Control characters go first: they neither count nor survive.
		{"escapes", "\x1b[2J\x1b[31mmallory\x07", "[2J[31mmallory"},
		{"escapes then long", "\x1b" + strings.Repeat("\x00", 50) + strings.Repeat("e", MaxName), strings.Repeat("e", MaxName)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(lab.Options{})
			s := c.Join(tc.in, "SHA256:k", Presenter)
			got := s.Member().Name
			if got != tc.want {
				t.Errorf("Join(%s).Member().Name = %s, want %q", head(tc.in), head(got), tc.want)
			}
			if n := utf8.RuneCountInString(got); n > MaxName || !utf8.ValidString(got) {
				t.Errorf("the name kept is %d characters (valid UTF-8: %v), want at most %d", n, utf8.ValidString(got), MaxName)
			}
			if ms := s.Members(); len(ms) != 1 || ms[0].Name != tc.want {
				t.Errorf("Members() names %s, want %q", head(ms[0].Name), tc.want)
			}
			if st, ok := s.Publish(lab.Options{}, lab.SessionMark{}, learn.EnsembleMember(0)); !ok || st.By != tc.want {
				t.Errorf("the published state is by %s, want %q", head(st.By), tc.want)
			}
		})
	}
	// A quiz's score is by the capped name too.
	c := New(lab.Options{})
	p := c.Join("lecturer", "SHA256:lecturer", Presenter)
	f := c.Join(strings.Repeat("x", 20000), "", Follower)
	if !p.StartQuiz() || !p.Ask(Truth{Yes: true}, true) {
		t.Fatal("the presenter could not start the quiz")
	}
	f.Answer(p.Quiz().Round, Answer{Yes: true})
	p.Reveal(Truth{Yes: true})
	sc := p.EndQuiz()
	if want := strings.Repeat("x", MaxName-1) + "…"; len(sc) != 1 || sc[0].Name != want {
		t.Errorf("%d scores, the first by %s; want one, by %q", len(sc), head(sc[0].Name), want)
	}
}

// head is s quoted, its first 40 characters and its length when longer,
// so that a failure does not print a name of 20 000 characters.
func head(s string) string {
	r := []rune(s)
	if len(r) <= 40 {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q… (%d characters)", string(r[:40]), len(r))
}

// TestPresence: the class counts its presenter seats and names the one
// that joined first; the count going to 0 (the last presenter seat left)
// is counted, so a follower that looks later still learns the presenter
// left (and came back), and every seat is woken by it.
func TestPresence(t *testing.T) {
	c := New(lab.Options{})
	f := c.Join("student", "SHA256:student", Follower)
	if got := f.Presence(); got != (Presence{}) {
		t.Errorf("with no presenter: %+v, want none", got)
	}
	drain(f)
	p1 := c.Join("lecturer", "SHA256:lecturer", Presenter)
	p2 := c.Join("assistant", "SHA256:assistant", Presenter)
	if got, want := f.Presence(), (Presence{Presenters: 2, Name: "lecturer"}); got != want {
		t.Errorf("two presenters: %+v, want %+v", got, want)
	}
	p1.Leave()
	if got, want := f.Presence(), (Presence{Presenters: 1, Name: "assistant"}); got != want {
		t.Errorf("one of two presenters left: %+v, want %+v", got, want)
	}
	drain(f)
	p2.Leave()
	if !woken(f) {
		t.Error("the last presenter's leaving did not wake the follower")
	}
	if got, want := f.Presence(), (Presence{Left: 1}); got != want {
		t.Errorf("the last presenter left: %+v, want %+v", got, want)
	}
	p2.Leave() // twice: nothing
	if got := f.Presence().Left; got != 1 {
		t.Errorf("a seat left twice counts %d leavings, want 1", got)
	}
	f.Leave() // a follower leaving is not a presenter's
	g := c.Join("late", "", Follower)
	if got, want := g.Presence(), (Presence{Left: 1}); got != want {
		t.Errorf("a follower joining after: %+v, want %+v", got, want)
	}
	drain(g)
	c.Join("lecturer", "SHA256:lecturer", Presenter)
	if !woken(g) {
		t.Error("a presenter's joining did not wake the follower")
	}
	if got, want := g.Presence(), (Presence{Presenters: 1, Name: "lecturer", Left: 1}); got != want {
		t.Errorf("the presenter back: %+v, want %+v", got, want)
	}
}

// drain takes the token a seat's wake holds, if any.
func drain(s *Seat) {
	select {
	case <-s.Wake():
	default:
	}
}

// woken reports whether s's wake holds a token, and takes it.
func woken(s *Seat) bool {
	select {
	case <-s.Wake():
		return true
	default:
		return false
	}
}
