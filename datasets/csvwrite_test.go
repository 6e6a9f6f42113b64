package datasets

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dirNames lists the names in dir, to check that no temporary file is left.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestSaveCSV(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.csv")
	pts := mustLookup(t, "moons").Generate(50, 0.1, 3)

	if err := SaveCSV(path, pts); err != nil {
		t.Fatal(err)
	}
	tab, err := LoadCSV(path)
	if err != nil || !sameBits(tab.Points, pts) {
		t.Fatalf("LoadCSV after SaveCSV = %d points, %v; want the %d saved", len(tab.Points), err, len(pts))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, %v; want 0644", fi.Mode().Perm(), err)
	}

	// Saving over a file replaces its content and keeps its permissions.
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SaveCSV(path, worked3); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, path); got != "x1,x2,y\n2,-1,1\n2,1,1\n1,3,-1\n" {
		t.Errorf("saved over the file, now it holds %q", got)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after saving over a 0600 file: %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"data.csv"}) {
		t.Errorf("directory holds %q; want only data.csv", names)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSaveFileReadyFails: when ready (the command's report on stdout)
// fails after the new file is written, the existing file keeps what it
// held, no temporary file is left, and ready's error comes back as it is;
// when ready succeeds, the file is replaced.
func TestSaveFileReadyFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fig.png")
	const original = "the figure of last week"
	writeFile(t, path, original)
	full := errors.New("writing the output: no space left on device")
	write := func(w io.Writer) error { _, err := io.WriteString(w, "a new figure"); return err }
	if err := SaveFile(path, write, func() error { return full }); err != full {
		t.Errorf("SaveFile = %v; want ready's error %v", err, full)
	}
	if got := readString(t, path); got != original {
		t.Errorf("after ready failed the file holds %q; want %q", got, original)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"fig.png"}) {
		t.Errorf("after ready failed the directory holds %q; want only fig.png", names)
	}
	if err := SaveFile(path, write, func() error { return nil }); err != nil || readString(t, path) != "a new figure" {
		t.Errorf("SaveFile with ready ok = %v; file %q", err, readString(t, path))
	}
}

// TestSaveAtomicWriteFails makes the write fail halfway: the good file must be
// untouched and the temporary file gone.
func TestSaveAtomicWriteFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.csv")
	const original = "x1,x2,y\n1,2,1\n"
	writeFile(t, path, original)

	boom := errors.New("disk full")
	err := saveAtomic(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, "x1,x2,y\n9,9,"); err != nil {
			return err
		}
		return boom
	}, nil)
	if !errors.Is(err, boom) {
		t.Errorf("saveAtomic = %v; want %v", err, boom)
	}
	if got := readString(t, path); got != original {
		t.Errorf("after a failed save the file holds %q; want %q", got, original)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"data.csv"}) {
		t.Errorf("after a failed save the directory holds %q; want only data.csv", names)
	}
}

func TestSaveCSVErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.csv")
	const original = "x1,x2,y\n1,2,1\n"
	writeFile(t, path, original)

	// Points that cannot be written: the file is not touched.
	err := SaveCSV(path, []Point{{1, 2, 1}, {3, 4, 0}})
	if err == nil || !strings.Contains(err.Error(), "point 2 has label 0") || !strings.Contains(err.Error(), path) {
		t.Errorf("SaveCSV(label 0) = %v; want an error naming the path and the point", err)
	}

	// A directory that does not exist.
	nowhere := filepath.Join(dir, "no", "such", "dir", "data.csv")
	err = SaveCSV(nowhere, worked4)
	if err == nil || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), nowhere) {
		t.Errorf("SaveCSV(%s) = %v; want an error saying the directory does not exist", nowhere, err)
	}

	// A directory where the file should be.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	err = SaveCSV(sub, worked4)
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("SaveCSV(directory) = %v; want an error saying it is not a regular file", err)
	}

	if got := readString(t, path); got != original {
		t.Errorf("failed saves changed the file to %q", got)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"data.csv", "sub"}) {
		t.Errorf("after failed saves the directory holds %q; want data.csv and sub", names)
	}
	if names := dirNames(t, sub); len(names) != 0 {
		t.Errorf("after a failed save the subdirectory holds %q", names)
	}
}

func TestSaveCSVThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.csv")
	link := filepath.Join(dir, "link.csv")
	writeFile(t, target, "x1,x2,y\n1,2,1\n")
	if err := os.Symlink("target.csv", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := SaveCSV(link, worked4); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v, %v", fi.Mode(), err)
	}
	if got := readString(t, target); !strings.HasPrefix(got, "x1,x2,y\n1,1,1\n-1,1,-1\n") {
		t.Errorf("the link's target holds %q; want worked4", got)
	}
}

// TestSaveCSVRefuses: SaveCSV replaces only a regular, writable file with
// one link; for anything else it writes nothing and says why.
func TestSaveCSVRefuses(t *testing.T) {
	const original = "x1,x2,y\n1,2,1\n"

	t.Run("read-only", func(t *testing.T) {
		// The mode's write bits decide for root too, who may write anything.
		dir := t.TempDir()
		path := filepath.Join(dir, "data.csv")
		writeFile(t, path, original)
		if err := os.Chmod(path, 0o444); err != nil {
			t.Fatal(err)
		}
		err := SaveCSV(path, worked4)
		if err == nil || !strings.Contains(err.Error(), "it is read-only (mode -r--r--r--); make it writable (chmod u+w) or choose another name") {
			t.Errorf("SaveCSV(read-only file) = %v; want it refused as read-only", err)
		}
		if got := readString(t, path); got != original {
			t.Errorf("the read-only file now holds %q", got)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o444 {
			t.Errorf("the read-only file's mode is now %v, %v", fi.Mode(), err)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"data.csv"}) {
			t.Errorf("after a refused save the directory holds %q", names)
		}

		// Through a symbolic link: the target is what counts.
		link := filepath.Join(dir, "link.csv")
		if err := os.Symlink("data.csv", link); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		if err := SaveCSV(link, worked4); err == nil || !strings.Contains(err.Error(), "read-only") {
			t.Errorf("SaveCSV(link to a read-only file) = %v; want it refused as read-only", err)
		}
		if got := readString(t, path); got != original {
			t.Errorf("the read-only file now holds %q", got)
		}
	})

	t.Run("hard links", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "data.csv")
		other := filepath.Join(dir, "other.csv")
		writeFile(t, path, original)
		if err := os.Link(path, other); err != nil {
			t.Skip("no hard links here:", err)
		}
		err := SaveCSV(path, worked4)
		if err == nil || !strings.Contains(err.Error(), "it has 2 hard links, and replacing it would break them") ||
			!strings.Contains(err.Error(), "remove it first or choose another name") {
			t.Errorf("SaveCSV(file with 2 links) = %v; want it refused for its links", err)
		}
		a, errA := os.Stat(path)
		b, errB := os.Stat(other)
		if errA != nil || errB != nil || !os.SameFile(a, b) {
			t.Errorf("the two names no longer share a file: %v, %v", errA, errB)
		}
		if got := readString(t, other); got != original {
			t.Errorf("the linked file now holds %q", got)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"data.csv", "other.csv"}) {
			t.Errorf("after a refused save the directory holds %q", names)
		}
	})

	t.Run("dangling symbolic link", func(t *testing.T) {
		dir := t.TempDir()
		link := filepath.Join(dir, "link.csv")
		if err := os.Symlink("nowhere.csv", link); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		err := SaveCSV(link, worked4)
		if err == nil || !strings.Contains(err.Error(), "it is a symbolic link to a file that does not exist") {
			t.Errorf("SaveCSV(dangling link) = %v; want it refused", err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link was replaced: %v, %v", fi.Mode(), err)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"link.csv"}) {
			t.Errorf("after a refused save the directory holds %q", names)
		}
	})
}

// TestSaveCSVContext: a save whose context is done (ctrl+c, or SIGHUP: a
// closed terminal) while it writes stops at its next write, leaves the
// file it would replace as it was and nothing beside it, and says it was
// the context. export --out used to be killed by the signal halfway,
// leaving its temporary file.
func TestSaveCSVContext(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.csv")
	writeFile(t, path, "last week's points")
	pts := mustLookup(t, "moons").Generate(100_000, 0.1, 3) // more than a bufio buffer
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := SaveCSVContext(ctx, path, pts); !errors.Is(err, context.Canceled) {
		t.Errorf("SaveCSVContext, cancelled: %v; want context.Canceled", err)
	}
	if got := readString(t, path); got != "last week's points" {
		t.Errorf("the file now holds %.40q…", got)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"data.csv"}) {
		t.Errorf("the directory holds %q", names)
	}
	if err := SaveCSVContext(t.Context(), path, worked3); err != nil || readString(t, path) != csvOf(t, worked3) {
		t.Errorf("SaveCSVContext, not cancelled: %v", err)
	}
}
