package datasets

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"kernelscope/internal/safetext"
)

// SaveNewTries is how many names SaveNew tries: kernelscope-STEM.csv, then
// kernelscope-STEM-2.csv up to kernelscope-STEM-1000.csv.
const SaveNewTries = 1000

// CreateCSV writes the points, as WriteCSV does, to a new file at path, and
// never replaces anything: if a file, a directory or a symbolic link (even
// one that points nowhere) is at path, at any moment up to and including the
// one the file gets its name, it fails with an error that is fs.ErrExist to
// errors.Is, and leaves what is there as it was.
//
// The file is written in full under a temporary name in the same directory,
// synced, and then linked to path, which fails if path exists; so path never
// holds a partial file. Where the file system has no hard links (FAT, some
// network file systems), it falls back to creating path exclusively
// (O_CREATE|O_EXCL, which does not follow a symbolic link either) and
// writing it there, removing it again if the write fails. The new file's
// permissions are 0644 less the umask.
//
// Each save also removes the temporary files that killed saves of
// kernelscope's left in the directory; it touches no other file.
func CreateCSV(path string, pts []Point) error {
	if err := checkWritable(pts); err != nil {
		return fmt.Errorf("cannot save %s: %w", safetext.Name(path), err)
	}
	return createAtomic(path, func(w io.Writer) error { return writeCSV(w, pts) }, nil)
}

// SaveNew writes the points to a new file in dir named kernelscope-STEM.csv,
// or if that name is taken kernelscope-STEM-2.csv, -3 and so on up to
// SaveNewTries names, and returns the path it wrote (filepath.Join(dir,
// name)). It never replaces a file: each name is taken with CreateCSV, and
// SaveNew moves on to the next only when one exists. If every name is taken
// it writes nothing and returns an error that is fs.ErrExist to errors.Is.
//
// STEM is stem made fit for a file name: path separators and the characters
// Windows forbids become '_', other spaces ' ', control, bidirectional and
// zero-width characters are dropped, and it is cut to 200 bytes; an empty
// stem becomes "data".
func SaveNew(dir, stem string, pts []Point) (path string, err error) {
	if err := checkWritable(pts); err != nil {
		return "", fmt.Errorf("cannot save kernelscope-%s.csv: %w", safetext.Name(fileStem(stem)), err)
	}
	return SaveNewFile(dir, stem, ".csv", func(w io.Writer) error { return writeCSV(w, pts) })
}

// SaveNewFile is SaveNew for any file: it writes what write produces to a
// new file in dir named kernelscope-STEM.EXT, or the first free
// kernelscope-STEM-k.EXT, never replacing one (a session, a figure). ext
// includes its dot.
func SaveNewFile(dir, stem, ext string, write func(io.Writer) error) (path string, err error) {
	stem = fileStem(stem)
	for i := 1; i <= SaveNewTries; i++ {
		name := "kernelscope-" + stem + ext
		if i > 1 {
			name = "kernelscope-" + stem + "-" + strconv.Itoa(i) + ext
		}
		path = filepath.Join(dir, name)
		err := createAtomic(path, write, nil)
		if !errors.Is(err, fs.ErrExist) {
			if err != nil {
				return "", err
			}
			return path, nil
		}
	}
	where := safetext.Name(dir)
	if dir == "" || dir == "." {
		where = "the working directory"
	}
	return "", fmt.Errorf("no free name: kernelscope-%s%s … -%d%s all exist in %s; move or delete some: %w",
		safetext.Name(stem), ext, SaveNewTries, ext, where, fs.ErrExist)
}

// maxStem is the longest stem SaveNew keeps, in bytes: with "kernelscope-",
// "-1000" and ".csv" the name stays well under the 255 bytes that file
// systems allow.
const maxStem = 200

// fileStem makes s fit to stand in a file name (see SaveNew).
func fileStem(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case strings.ContainsRune(`/\:*?"<>|`, r):
			return '_'
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case unicode.IsSpace(r) && !unicode.IsControl(r):
			return ' '
		}
		return r
	}, s)
	s = strings.TrimSpace(safetext.Clean(s))
	if len(s) > maxStem {
		n := maxStem
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = strings.TrimSpace(s[:n])
	}
	if s == "" {
		return "data"
	}
	return s
}

// Hooks for tests: link is os.Link, so a test can play a file system without
// hard links, and beforeLink, if set, runs just before the temporary file is
// linked to its name, so a test can take the name in that moment.
var (
	link       = os.Link
	beforeLink func(path string)
)

// createAtomic creates path with what write produces, or fails without
// touching anything at path (see CreateCSV). It is CreateCSV without the
// CSV, so tests can make write fail. named, when not nil, runs once the
// file has its name; if it fails, the file is removed again and its error
// returned as it is (see CreateFile).
func createAtomic(path string, write func(io.Writer) error, named func() error) error {
	// A cheap first look spares a temporary file when the name is taken;
	// the link below is what makes sure.
	if _, err := os.Lstat(path); err == nil {
		return newExistsError(path)
	}
	dir := filepath.Dir(path)
	tmp, err := writeTemp(dir, 0o644, 0, write)
	if err != nil {
		return fmt.Errorf("cannot save %s (nothing was written): %w", safetext.Name(path), err)
	}
	if beforeLink != nil {
		beforeLink(path)
	}
	err = link(tmp, path)
	if err == nil && named != nil {
		if err := named(); err != nil {
			// The temporary name still holds the file: path is removed
			// only if it is that file still.
			removeIfSame(path, tmp)
			discard(tmp)
			return err
		}
	}
	discard(tmp) // on success the data keeps its new name
	switch {
	case err == nil:
		syncDir(dir)
		return nil
	case errors.Is(err, fs.ErrExist):
		return newExistsError(path)
	case linkUnsupported(err):
		return createExclusive(path, write, named)
	}
	return fmt.Errorf("cannot save %s (nothing was written): naming the file: %w", safetext.Name(path), UnwrapPath(err))
}

// removeIfSame removes path if it is the file at other, another name of
// the file a save wrote, and not something put there since.
func removeIfSame(path, other string) {
	a, err1 := os.Lstat(path)
	b, err2 := os.Lstat(other)
	if err1 == nil && err2 == nil && os.SameFile(a, b) {
		os.Remove(path)
	}
}

// createExclusive is createAtomic for file systems without hard links: it
// creates path with O_EXCL and writes it, and removes it again if the write
// (or named) fails, since only this call can have created it.
func createExclusive(path string, write func(io.Writer) error, named func() error) error {
	f, err := openInFlight(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return newExistsError(path)
	}
	if err != nil {
		return fmt.Errorf("cannot save %s (nothing was written): %w", safetext.Name(path), UnwrapPath(err))
	}
	if err := finish(f, 0, write); err != nil {
		discard(path)
		return fmt.Errorf("cannot save %s (nothing was written): %w", safetext.Name(path), err)
	}
	if named != nil {
		if err := named(); err != nil {
			discard(path)
			return err
		}
	}
	settled(path)
	syncDir(filepath.Dir(path))
	return nil
}

// existsError says what is in the way of a new file, and is fs.ErrExist to
// errors.Is.
type existsError struct {
	path string
	what string // "a file", "a directory", …
}

func newExistsError(path string) existsError {
	what := "a file"
	if fi, err := os.Lstat(path); err == nil {
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			what = "a symbolic link"
		case fi.IsDir():
			what = "a directory"
		}
	}
	return existsError{path, what}
}

func (e existsError) Error() string {
	return fmt.Sprintf("cannot save %s: %s of that name exists already; nothing was written (choose another name)",
		safetext.Name(e.path), e.what)
}

func (e existsError) Unwrap() error { return fs.ErrExist }

// CreateFile is CreateCSV for any file (an animation, a flip-book): it
// writes what write produces to a new file at path and never replaces
// anything there. ready, when not nil, runs once, when the file has its
// name; if ready fails, the file is removed again (nothing is left) and
// CreateFile returns ready's error as it is. A command reports the file
// in ready, so that it says "wrote" only of a file that has its name, and
// a report that cannot be written (a full disk, a closed pipe) fails the
// command with nothing left.
func CreateFile(path string, write func(io.Writer) error, ready func() error) error {
	return createAtomic(path, write, ready)
}

// CheckNew reports what is in the way of a new file at path, as CreateFile
// would once its file is written: a command that takes long to write one
// looks first. It finds a file (or a directory, or a link) of that name, a
// directory that does not exist, and a name the file system refuses (too
// long, say); each error reads "cannot save PATH: …".
func CheckNew(path string) error {
	_, err := os.Lstat(path)
	switch {
	case err == nil:
		return newExistsError(path)
	case errors.Is(err, syscall.ENAMETOOLONG):
		return fmt.Errorf("cannot save %s: the name is too long for the file system; choose a shorter one", safetext.Name(path))
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot save %s: %w", safetext.Name(path), UnwrapPath(err))
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("cannot save %s: the directory %s does not exist; create it or choose another path", safetext.Name(path), safetext.Name(dir))
	}
	return nil
}
