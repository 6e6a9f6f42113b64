package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelscope/class"
	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/internal/tuitest"
)

// lecturersData is a run opened from --data DIR/course/mydata.csv, as the
// command line opens it, and DIR/course.
func lecturersData(t *testing.T) (lab.Options, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "course")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "mydata.csv")
	if err := os.WriteFile(path, []byte("x1,x2,y\n2,-1,1\n2,1,1\n1,3,-1\n-1,2,-1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tab, err := datasets.LoadCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	return lab.Options{
		File: path, Points: tab.Points, Header: tab.Header, Seed: 1,
		Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 100, Seed: 1},
	}, dir
}

// TestClassNamesLecturersFileByBaseName: in a class, a presenter's and a
// follower's program name the lecturer's --data file by its base name,
// on the status line, in R's line and what it copies, and in the d
// cycle, never with the lecturer's directory; R says whose the file is.
func TestClassNamesLecturersFileByBaseName(t *testing.T) {
	for _, role := range []class.Role{class.Presenter, class.Follower} {
		for _, size := range [][2]int{{80, 24}, {100, 30}} {
			t.Run(fmt.Sprintf("%s %dx%d", role, size[0], size[1]), func(t *testing.T) {
				t.Chdir(t.TempDir())
				o, dir := lecturersData(t)
				c := class.New(o)
				hs := seatIn(t, c, "someone", role, size[0], size[1])
				if !shows(hs.m, "mydata.csv n=4") {
					t.Errorf("the status line does not name mydata.csv:\n%s", screen(hs.m))
				}
				_, cmd := hs.m.Update(keyMsg("R"))
				line, ok := tuitest.Clipboard(t, cmd)
				if !ok || line != "kernelscope --data mydata.csv" {
					t.Errorf("R copies %q, want kernelscope --data mydata.csv", line)
				}
				if !shows(hs.m, "to recreate this: kernelscope --data mydata.csv") || !shows(hs.m, "--data mydata.csv is the lecturer's file: ask for it") {
					t.Errorf("R does not give the base name and say whose the file is:\n%s", screen(hs.m))
				}
				if sc := flat(hs.m); strings.Contains(sc, dir) || strings.Contains(sc, "course/") {
					t.Errorf("the screen names the lecturer's directory %s:\n%s", dir, screen(hs.m))
				}
				if role == class.Follower {
					hs.press("d") // the d cycle names the file it goes back to
					if !shows(hs.m, "your file mydata.csv") {
						t.Errorf("d does not name the file it cycles back to:\n%s", screen(hs.m))
					}
					if strings.Contains(flat(hs.m), dir) {
						t.Errorf("after d the screen names the lecturer's directory %s:\n%s", dir, screen(hs.m))
					}
				}
			})
		}
	}
}

// TestOwnProgramNamesItsFile: outside a class the program is the user's
// own, on their own machine: the status line and R give the path they
// typed, and R says nothing of a lecturer.
func TestOwnProgramNamesItsFile(t *testing.T) {
	o, dir := lecturersData(t)
	m := newModel(t, o, 200, 30)
	if !shows(m, filepath.Join(dir, "mydata.csv")) {
		t.Errorf("the status line does not give the path:\n%s", screen(m))
	}
	_, cmd := m.Update(keyMsg("R"))
	if line, ok := tuitest.Clipboard(t, cmd); !ok || line != "kernelscope --data "+o.File {
		t.Errorf("R copies %q, want kernelscope --data %s", line, o.File)
	}
	if shows(m, "lecturer") {
		t.Errorf("R on the user's own file speaks of a lecturer:\n%s", screen(m))
	}
}
