package class

import (
	"path/filepath"
	"testing"

	"kernelscope/datasets"
	"kernelscope/lab"
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
