package datasets

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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
