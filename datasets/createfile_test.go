package datasets

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCreateFile: CreateFile writes a new file and reports it in ready
// once; an existing name is fs.ErrExist (CheckNew says so first) and keeps
// what it holds; a failing ready leaves nothing, not even a temporary file.
func TestCreateFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.gif")
	if err := CheckNew(path); err != nil {
		t.Fatalf("CheckNew of a free name: %v", err)
	}
	readies := 0
	write := func(w io.Writer) error { _, err := io.WriteString(w, "frames"); return err }
	if err := CreateFile(path, write, func() error { readies++; return nil }); err != nil || readies != 1 {
		t.Fatalf("CreateFile: %v, ready ran %d times; want nil, once", err, readies)
	}
	if b, _ := os.ReadFile(path); string(b) != "frames" {
		t.Errorf("the file holds %q", b)
	}
	if err := CheckNew(path); !errors.Is(err, fs.ErrExist) {
		t.Errorf("CheckNew of a taken name: %v; want fs.ErrExist", err)
	}
	again := func(w io.Writer) error { _, err := io.WriteString(w, "other frames"); return err }
	if err := CreateFile(path, again, nil); !errors.Is(err, fs.ErrExist) {
		t.Errorf("CreateFile over a file: %v; want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "frames" {
		t.Errorf("the file was replaced: %q", b)
	}
	boom := errors.New("stdout is closed")
	if err := CreateFile(filepath.Join(dir, "new.pdf"), write, func() error { return boom }); err != boom {
		t.Errorf("CreateFile with a failing ready: %v; want ready's error as it is", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("files left: %v; want run.gif only", files)
	}
}

// TestCreateFileReadyNamed: CreateFile's ready runs once the file has its
// name, so a command says "wrote" only of a file that is there: with hard
// links and without (the file written in place). A name taken while the
// file is written fails with fs.ErrExist and never runs ready; a failing
// ready removes the named file again. ready used to run before the link,
// so plot --animate said "wrote x.gif" and then failed, x.gif taken.
func TestCreateFileReadyNamed(t *testing.T) {
	write := func(w io.Writer) error { _, err := io.WriteString(w, "frames"); return err }
	for _, fallback := range []bool{false, true} {
		if fallback {
			setHooks(t, noHardLinks, nil)
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "run.gif")
		var saw string
		err := CreateFile(path, write, func() error { b, _ := os.ReadFile(path); saw = string(b); return nil })
		if err != nil || saw != "frames" {
			t.Errorf("fallback=%v: CreateFile: %v; ready saw %q at the name, want \"frames\"", fallback, err, saw)
		}
		boom := errors.New("stdout is closed")
		other := filepath.Join(dir, "other.gif")
		if err := CreateFile(other, write, func() error { return boom }); err != boom {
			t.Errorf("fallback=%v: a failing ready: %v; want its error as it is", fallback, err)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"run.gif"}) {
			t.Errorf("fallback=%v: after a failing ready the directory holds %q", fallback, names)
		}
	}
	// The name taken while the file is written.
	dir := t.TempDir()
	path := filepath.Join(dir, "taken.gif")
	setHooks(t, os.Link, func(p string) { writeFile(t, p, "someone else's") })
	readies := 0
	err := CreateFile(path, write, func() error { readies++; return nil })
	if !errors.Is(err, fs.ErrExist) || readies != 0 {
		t.Errorf("a name taken meanwhile: %v, ready ran %d times; want fs.ErrExist and never", err, readies)
	}
	if got := readString(t, path); got != "someone else's" {
		t.Errorf("the file that took the name holds %q", got)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"taken.gif"}) {
		t.Errorf("the directory holds %q", names)
	}
}

// TestCheckNew: CheckNew finds before the work what would stop CreateFile
// after it: a name too long for the file system and a directory that is
// not there, as well as a file of that name. It used to find only the file,
// and plot --animate trained and drew for nothing.
func TestCheckNew(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		path, want string
	}{
		{filepath.Join(dir, strings.Repeat("x", 300)+".gif"), "the name is too long for the file system; choose a shorter one"},
		{filepath.Join(dir, "missing", "run.gif"), "the directory " + filepath.Join(dir, "missing") + " does not exist; create it or choose another path"},
	} {
		err := CheckNew(c.path)
		if err == nil || err.Error() != "cannot save "+c.path+": "+c.want {
			t.Errorf("CheckNew(%.40q…): %v; want %q", c.path, err, c.want)
		}
	}
	if err := CheckNew(filepath.Join(dir, "free.gif")); err != nil {
		t.Errorf("a free name: %v", err)
	}
}
