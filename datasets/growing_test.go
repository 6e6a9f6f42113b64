package datasets

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// names are the names in dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestGrowing: a growing file is on disk under a temporary name of ours
// while it is written, and nowhere else; SaveNew gives it the first free
// kernelscope-STEM[-k].EXT, whole, never replacing a file (one there
// already, or one that takes the name in the moment before the link), and
// leaves no temporary file; on a file system without hard links it is
// copied to its name, created exclusively; if its temporary name was
// removed meanwhile (another program's cleanup), the open file is copied.
// Discard leaves nothing.
func TestGrowing(t *testing.T) {
	for _, c := range []struct {
		name   string
		link   func(string, string) error
		before func(g *Growing) // just before SaveNew
		taken  bool             // a file takes kernelscope-x.cast just before the link
	}{
		{name: "link"},
		{name: "no hard links", link: noHardLinks},
		{name: "name taken in the moment", taken: true},
		{name: "temporary name removed", before: func(g *Growing) { os.Remove(g.TempPath()) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "kernelscope-x.cast"), []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			var before func(string)
			if c.taken {
				before = func(p string) {
					if filepath.Base(p) == "kernelscope-x-2.cast" {
						os.WriteFile(p, []byte("theirs"), 0o644)
					}
				}
			}
			setHooks(t, c.link, before)
			g, err := StartNew(dir)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			for k := range 1000 {
				line := strings.Repeat("x", k%97) + "\n"
				want.WriteString(line)
				if _, err := g.Write([]byte(line)); err != nil {
					t.Fatal(err)
				}
			}
			tmp := filepath.Base(g.TempPath())
			if pid, ok := tempPID(tmp); !ok || pid != os.Getpid() {
				t.Fatalf("the temporary name %q is not one of ours", tmp)
			}
			if got := names(t, dir); len(got) != 2 || got[0] != tmp && got[1] != tmp {
				t.Fatalf("while growing the directory holds %v", got)
			}
			if c.before != nil {
				c.before(g)
			}
			path, err := g.SaveNew("x", ".cast")
			wantName := "kernelscope-x-2.cast"
			if c.taken {
				wantName = "kernelscope-x-3.cast"
			}
			if err != nil || path != filepath.Join(dir, wantName) {
				t.Fatalf("SaveNew = %q, %v; want %s", path, err, wantName)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s holds %d bytes, want the %d written", wantName, len(got), want.Len())
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "kernelscope-x.cast")); string(got) != "mine" {
				t.Errorf("the file there before now holds %q", got)
			}
			for _, n := range names(t, dir) {
				if strings.HasSuffix(n, ".tmp") {
					t.Errorf("a temporary file is left: %s", n)
				}
			}
			if c.taken {
				if got, _ := os.ReadFile(filepath.Join(dir, "kernelscope-x-2.cast")); string(got) != "theirs" {
					t.Errorf("the file that took the name in the moment now holds %q", got)
				}
			}
		})
	}
	dir := t.TempDir()
	g, err := StartNew(dir)
	if err != nil {
		t.Fatal(err)
	}
	g.Write([]byte("half"))
	g.Discard()
	if got := names(t, dir); len(got) != 0 {
		t.Errorf("Discard leaves %v", got)
	}
}

// TestGrowingNoFreeName: with every name taken, SaveNew names nothing,
// leaves no temporary file and says so with an error that is fs.ErrExist.
func TestGrowingNoFreeName(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= SaveNewTries; i++ {
		name := "kernelscope-x.cast"
		if i > 1 {
			name = "kernelscope-x-" + strconv.Itoa(i) + ".cast"
		}
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, err := StartNew(dir)
	if err != nil {
		t.Fatal(err)
	}
	g.Write([]byte("cast"))
	if _, err := g.SaveNew("x", ".cast"); !errors.Is(err, fs.ErrExist) {
		t.Errorf("SaveNew with every name taken: %v", err)
	}
	if got := names(t, dir); len(got) != SaveNewTries {
		t.Errorf("%d names in the directory, want the %d there before", len(got), SaveNewTries)
	}
}
