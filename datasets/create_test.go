package datasets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// csvOf is what WriteCSV writes for pts.
func csvOf(t *testing.T, pts []Point) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteCSV(&buf, pts); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// setHooks replaces the link and beforeLink hooks for one test.
func setHooks(t *testing.T, l func(string, string) error, before func(string)) {
	t.Helper()
	oldLink, oldBefore := link, beforeLink
	t.Cleanup(func() { link, beforeLink = oldLink, oldBefore })
	if l != nil {
		link = l
	}
	beforeLink = before
}

// noHardLinks plays a file system without hard links, as FAT.
func noHardLinks(oldname, newname string) error {
	return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: syscall.EPERM}
}

func TestCreateCSV(t *testing.T) {
	for _, fallback := range []bool{false, true} {
		t.Run(fmt.Sprintf("fallback=%v", fallback), func(t *testing.T) {
			if fallback {
				setHooks(t, noHardLinks, nil)
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "new.csv")
			if err := CreateCSV(path, worked3); err != nil {
				t.Fatal(err)
			}
			if got := readString(t, path); got != csvOf(t, worked3) {
				t.Errorf("the new file holds %q", got)
			}
			if names := dirNames(t, dir); !slices.Equal(names, []string{"new.csv"}) {
				t.Errorf("the directory holds %q; want only new.csv", names)
			}

			// Whatever is at the name stays as it was.
			err := CreateCSV(path, worked4)
			if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), "a file of that name exists already; nothing was written") {
				t.Errorf("CreateCSV(existing file) = %v; want fs.ErrExist", err)
			}
			if got := readString(t, path); got != csvOf(t, worked3) {
				t.Errorf("the existing file now holds %q", got)
			}
			sub := filepath.Join(dir, "sub")
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := CreateCSV(sub, worked4); !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), "a directory of that name") {
				t.Errorf("CreateCSV(directory) = %v; want fs.ErrExist", err)
			}
			link := filepath.Join(dir, "link.csv")
			dangling := filepath.Join(dir, "dangling.csv")
			if os.Symlink("new.csv", link) != nil || os.Symlink("nowhere.csv", dangling) != nil {
				t.Skip("no symbolic links here")
			}
			for _, l := range []string{link, dangling} {
				if err := CreateCSV(l, worked4); !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), "a symbolic link of that name") {
					t.Errorf("CreateCSV(%s) = %v; want fs.ErrExist", filepath.Base(l), err)
				}
			}
			if got := readString(t, path); got != csvOf(t, worked3) {
				t.Errorf("the link's target now holds %q", got)
			}
			if names := dirNames(t, dir); !slices.Equal(names, []string{"dangling.csv", "link.csv", "new.csv", "sub"}) {
				t.Errorf("after refused creates the directory holds %q", names)
			}
		})
	}
}

// TestCreateCSVRace takes the name after CreateCSV's first look and before
// its last step: what the other writer put there must stay.
func TestCreateCSVRace(t *testing.T) {
	for _, fallback := range []bool{false, true} {
		for _, what := range []string{"file", "dangling symbolic link"} {
			t.Run(fmt.Sprintf("%s, fallback=%v", what, fallback), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "race.csv")
				var temps []string
				take := func(p string) {
					temps = dirNames(t, dir)
					var err error
					if what == "file" {
						err = os.WriteFile(p, []byte("theirs\n"), 0o644)
					} else {
						err = os.Symlink("nowhere.csv", p)
					}
					if err != nil {
						t.Skip(err)
					}
				}
				var l func(string, string) error
				if fallback {
					l = noHardLinks
				}
				setHooks(t, l, take)
				err := CreateCSV(path, worked4)
				if !errors.Is(err, fs.ErrExist) {
					t.Errorf("CreateCSV with the name taken at the last moment = %v; want fs.ErrExist", err)
				}
				if len(temps) != 1 || !strings.HasPrefix(temps[0], fmt.Sprintf(".kernelscope-%d-", os.Getpid())) {
					t.Errorf("before the link the directory held %q; want one temporary file of ours", temps)
				}
				if what == "file" {
					if got := readString(t, path); got != "theirs\n" {
						t.Errorf("the other writer's file now holds %q", got)
					}
				} else if fi, err := os.Lstat(path); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
					t.Errorf("the dangling link was replaced: %v, %v", fi.Mode(), err)
				}
				if names := dirNames(t, dir); !slices.Equal(names, []string{"race.csv"}) {
					t.Errorf("the directory holds %q; want only race.csv (no temporary file, no link target)", names)
				}
			})
		}
	}
}

// TestCreateAtomicFails: a write that fails, or a link that fails for
// another reason than an existing name, leaves nothing behind.
func TestCreateAtomicFails(t *testing.T) {
	boom := errors.New("disk full")
	halfway := func(w io.Writer) error {
		io.WriteString(w, "x1,x2,y\n9,9,")
		return boom
	}
	for _, fallback := range []bool{false, true} {
		if fallback {
			setHooks(t, noHardLinks, nil)
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "data.csv")
		if err := createAtomic(path, halfway, nil); !errors.Is(err, boom) {
			t.Errorf("fallback=%v: createAtomic(failing write) = %v; want %v", fallback, err, boom)
		}
		if names := dirNames(t, dir); len(names) != 0 {
			t.Errorf("fallback=%v: after a failed write the directory holds %q", fallback, names)
		}
	}

	eio := &os.LinkError{Op: "link", Err: syscall.EIO}
	setHooks(t, func(string, string) error { return eio }, nil)
	dir := t.TempDir()
	err := CreateCSV(filepath.Join(dir, "data.csv"), worked4)
	if !errors.Is(err, syscall.EIO) || errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("CreateCSV(link fails with EIO) = %v; want the EIO", err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("after a failed link the directory holds %q", names)
	}
}

func TestSaveNew(t *testing.T) {
	dir := t.TempDir()
	for i, want := range []string{"kernelscope-moons.csv", "kernelscope-moons-2.csv", "kernelscope-moons-3.csv"} {
		pts := worked4[:i+1]
		path, err := SaveNew(dir, "moons", pts)
		if err != nil || path != filepath.Join(dir, want) {
			t.Fatalf("SaveNew #%d = %q, %v; want %s", i+1, path, err, want)
		}
		if got := readString(t, path); got != csvOf(t, pts) {
			t.Errorf("%s holds %q", want, got)
		}
	}
	// A dangling link takes its name as a file does, and stays as it is.
	if err := os.Remove(filepath.Join(dir, "kernelscope-moons-2.csv")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere.csv", filepath.Join(dir, "kernelscope-moons-2.csv")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	path, err := SaveNew(dir, "moons", worked3)
	if err != nil || filepath.Base(path) != "kernelscope-moons-4.csv" {
		t.Errorf("SaveNew past a dangling link = %q, %v; want kernelscope-moons-4.csv", path, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "nowhere.csv")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("SaveNew wrote through the dangling link: %v", err)
	}

	// Points that cannot be written: nothing is.
	if _, err := SaveNew(dir, "bad", []Point{{0, 0, 0}}); err == nil || !strings.Contains(err.Error(), "point 1 has label 0") {
		t.Errorf("SaveNew(label 0) = %v", err)
	}

	// The working directory: the path is the bare name, as the TUI shows it.
	t.Chdir(dir)
	if path, err := SaveNew(".", "worked3", worked3); err != nil || path != "kernelscope-worked3.csv" {
		t.Errorf(`SaveNew(".", "worked3") = %q, %v; want kernelscope-worked3.csv`, path, err)
	}
}

// TestSaveNewFull: a directory that holds kernelscope-STEM.csv and -2 to
// -1002 gets nothing written and nothing overwritten.
func TestSaveNewFull(t *testing.T) {
	dir := t.TempDir()
	before := map[string]string{}
	for i := 1; i <= 1002; i++ {
		name := "kernelscope-xor.csv"
		if i > 1 {
			name = fmt.Sprintf("kernelscope-xor-%d.csv", i)
		}
		before[name] = fmt.Sprintf("file %d\n", i)
		writeFile(t, filepath.Join(dir, name), before[name])
	}
	path, err := SaveNew(dir, "xor", worked4)
	want := "no free name: kernelscope-xor.csv … -1000.csv all exist in " + dir + "; move or delete some"
	if path != "" || !errors.Is(err, fs.ErrExist) || err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("SaveNew(full directory) = %q, %v; want fs.ErrExist starting %q", path, err, want)
	}
	names := dirNames(t, dir)
	if len(names) != len(before) {
		t.Errorf("the directory holds %d names, not the %d it had", len(names), len(before))
	}
	for name, content := range before {
		if got := readString(t, filepath.Join(dir, name)); got != content {
			t.Errorf("%s now holds %q, not %q", name, got, content)
		}
	}

	// A free name among the taken ones is found.
	if err := os.Remove(filepath.Join(dir, "kernelscope-xor-1000.csv")); err != nil {
		t.Fatal(err)
	}
	if path, err := SaveNew(dir, "xor", worked4); err != nil || filepath.Base(path) != "kernelscope-xor-1000.csv" {
		t.Errorf("SaveNew with -1000 free = %q, %v", path, err)
	}
}

// TestSaveNewRace: a name taken between SaveNew's look and its link is
// left to whoever took it, and SaveNew moves on.
func TestSaveNewRace(t *testing.T) {
	dir := t.TempDir()
	first := true
	setHooks(t, nil, func(p string) {
		if first {
			first = false
			if err := os.WriteFile(p, []byte("theirs\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
	path, err := SaveNew(dir, "spiral", worked4)
	if err != nil || filepath.Base(path) != "kernelscope-spiral-2.csv" {
		t.Errorf("SaveNew with the first name taken at the last moment = %q, %v; want kernelscope-spiral-2.csv", path, err)
	}
	if got := readString(t, filepath.Join(dir, "kernelscope-spiral.csv")); got != "theirs\n" {
		t.Errorf("the other writer's file now holds %q", got)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"kernelscope-spiral-2.csv", "kernelscope-spiral.csv"}) {
		t.Errorf("the directory holds %q", names)
	}
}

func TestFileStem(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"moons", "moons"},
		{"my data", "my data"},
		{"Höhe_m", "Höhe_m"},
		{"../../etc/passwd", ".._.._etc_passwd"},
		{`C:\data\x`, "C__data_x"},
		{"a*b?c\"d<e>f|g", "a_b_c_d_e_f_g"},
		{"evil\x1b[2J\u202etxt", "evil[2Jtxt"},
		{"line\nbreak\tand\u2028sep", "line break and sep"},
		{"  \x00\x07  ", "data"},
		{"", "data"},
		{strings.Repeat("é", 150), strings.Repeat("é", 100)},
	} {
		if got := fileStem(c.in); got != c.want {
			t.Errorf("fileStem(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
