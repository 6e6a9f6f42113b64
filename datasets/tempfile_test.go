package datasets

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestTempPID(t *testing.T) {
	for _, c := range []struct {
		name string
		pid  int
		ok   bool
	}{
		{".kernelscope-123-4567.tmp", 123, true},
		{".kernelscope-1-0.tmp", 1, true},
		{".kernelscope-2147483647-4294967295.tmp", 2147483647, true},
		{".kernelscope-2147483648-1.tmp", 0, false}, // no such pid
		{".kernelscope-123-4294967296.tmp", 0, false},
		{".kernelscope-0-1.tmp", 0, false},  // kill(0) is the process group
		{".kernelscope--1-1.tmp", 0, false}, // kill(-1) is every process
		{".kernelscope-+1-1.tmp", 0, false},
		{".kernelscope-0123-1.tmp", 0, false},
		{".kernelscope-123-01.tmp", 0, false},
		{".kernelscope-123-.tmp", 0, false},
		{".kernelscope-123.tmp", 0, false},
		{".kernelscope-abc-1.tmp", 0, false},
		{".kernelscope-123-1.tmp.bak", 0, false},
		{"kernelscope-123-1.tmp", 0, false},
		{".data.csv.123456.tmp", 0, false}, // an older kernelscope's, or anyone's
		{".kernelscope-123-1-2.tmp", 0, false},
	} {
		pid, ok := tempPID(c.name)
		if pid != c.pid || ok != c.ok {
			t.Errorf("tempPID(%q) = %d, %v; want %d, %v", c.name, pid, ok, c.pid, c.ok)
		}
	}
}

// deadPID is the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Skip("cannot run a child process:", err)
	}
	if !processGone(cmd.Process.Pid) {
		t.Skipf("pid %d is in use again, or processes cannot be asked about here", cmd.Process.Pid)
	}
	return cmd.Process.Pid
}

// TestStaleTemps: a save removes the temporary files that dead or hour-old
// saves of ours left in its directory, and nothing else.
func TestStaleTemps(t *testing.T) {
	dead := deadPID(t)
	me := os.Getpid()
	old := time.Now().Add(-2 * time.Hour)
	type file struct {
		name  string
		old   bool // modified two hours ago
		stays bool
	}
	files := []file{
		{fmt.Sprintf(".kernelscope-%d-1.tmp", dead), false, false},
		{fmt.Sprintf(".kernelscope-%d-2.tmp", me), true, false}, // pid in use, but two hours old
		{fmt.Sprintf(".kernelscope-%d-3.tmp", me), false, true}, // a save in progress
		{".kernelscope-1-4.tmp", false, true},                   // init is alive
		{fmt.Sprintf(".kernelscope-%d-5.tmp.bak", dead), true, true},
		{fmt.Sprintf(".kernelscope-0%d-6.tmp", dead), true, true},
		{fmt.Sprintf("kernelscope-%d-7.tmp", dead), true, true},
		{".data.csv.12345.tmp", true, true},
		{".kernelscope-abc-8.tmp", true, true},
		{"data.csv", true, true},
	}
	for _, save := range []struct {
		name   string
		target string
		save   func(dir string) error
	}{
		{"CreateCSV", "new.csv", func(dir string) error { return CreateCSV(filepath.Join(dir, "new.csv"), worked4) }},
		{"SaveCSV", "new.csv", func(dir string) error { return SaveCSV(filepath.Join(dir, "new.csv"), worked4) }},
		{"SaveNew", "kernelscope-x.csv", func(dir string) error { _, err := SaveNew(dir, "x", worked4); return err }},
	} {
		dir := t.TempDir()
		want := []string{save.target}
		for _, f := range files {
			p := filepath.Join(dir, f.name)
			writeFile(t, p, "x")
			if f.old {
				if err := os.Chtimes(p, old, old); err != nil {
					t.Fatal(err)
				}
			}
			if f.stays {
				want = append(want, f.name)
			}
		}
		// Not regular files: a directory and a symbolic link named as ours.
		if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf(".kernelscope-%d-9.tmp", dead)), 0o755); err != nil {
			t.Fatal(err)
		}
		want = append(want, fmt.Sprintf(".kernelscope-%d-9.tmp", dead))
		if os.Symlink("data.csv", filepath.Join(dir, fmt.Sprintf(".kernelscope-%d-10.tmp", dead))) == nil {
			want = append(want, fmt.Sprintf(".kernelscope-%d-10.tmp", dead))
		}
		if err := save.save(dir); err != nil {
			t.Fatalf("%s: %v", save.name, err)
		}
		slices.Sort(want)
		if got := dirNames(t, dir); !slices.Equal(got, want) {
			t.Errorf("%s: after the save the directory holds\n%q\nwant\n%q", save.name, got, want)
		}
		if got := readString(t, filepath.Join(dir, "data.csv")); got != "x" {
			t.Errorf("%s: data.csv now holds %q", save.name, got)
		}
	}
}

// TestTempNames: the temporary file a save writes is named as ours, with
// this process's id.
func TestTempNames(t *testing.T) {
	dir := t.TempDir()
	f, err := createTemp(dir, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	name := filepath.Base(f.Name())
	if pid, ok := tempPID(name); !ok || pid != os.Getpid() || !strings.HasPrefix(name, ".kernelscope-") {
		t.Errorf("temporary file %q; want .kernelscope-%d-<random>.tmp", name, os.Getpid())
	}
	if fi, err := f.Stat(); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("temporary file mode %v, %v; want 0600", fi.Mode(), err)
	}
}

// TestAbandonSaves: a program that ends without waiting for its saves
// (the terminal program's w, F and O, when it quits or its terminal
// closes) leaves none of their files: AbandonSaves removes the temporary
// file of a save halfway through its write, in each way a save names its
// file, and the saves begun after it write nothing. They used to be left,
// .kernelscope-PID-N.tmp, as large as the save had got.
func TestAbandonSaves(t *testing.T) {
	t.Cleanup(func() {
		inFlight.Lock()
		inFlight.abandoned = false
		inFlight.Unlock()
	})
	dir := t.TempDir()
	writing, release := make(chan struct{}), make(chan struct{})
	halfway := func(w io.Writer) error {
		if _, err := io.WriteString(w, "x1,x2,y\n1,1,1\n"); err != nil {
			return err
		}
		writing <- struct{}{}
		<-release
		_, err := io.WriteString(w, "-1,1,-1\n")
		return err
	}
	saves := []func() error{
		func() error { return SaveFile(filepath.Join(dir, "replaced.csv"), halfway, nil) },
		func() error { return CreateFile(filepath.Join(dir, "new.csv"), halfway, nil) },
		func() error { _, err := SaveNewFile(dir, "points", ".csv", halfway); return err },
	}
	errs := make(chan error, len(saves))
	for _, save := range saves {
		go func() { errs <- save() }()
		<-writing
	}
	if names := dirNames(t, dir); len(names) != len(saves) {
		t.Fatalf("%d saves halfway: the directory holds %q", len(saves), names)
	}
	AbandonSaves()
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("after AbandonSaves the directory holds %q", names)
	}
	close(release)
	for range saves {
		if err := <-errs; err == nil {
			t.Errorf("a save abandoned halfway succeeded")
		}
	}
	if err := CreateCSV(filepath.Join(dir, "later.csv"), worked4); err == nil {
		t.Errorf("a save begun after AbandonSaves succeeded")
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("after the saves ended the directory holds %q", names)
	}
}
