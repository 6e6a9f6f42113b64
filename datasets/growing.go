package datasets

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"kernelscope/internal/safetext"
)

// Growing is a new file written as it is made, for as long as that takes
// (a recording, O): it grows under a temporary name in its directory, as a
// save's file does (tempfile.go), and takes its name only when it is
// finished, so that no one ever finds part of it under that name. A
// program killed before then (SIGKILL, a crash) leaves the temporary file,
// .kernelscope-PID-N.tmp, which the next save in that directory removes.
type Growing struct {
	f   *os.File
	dir string
}

// StartNew starts a new file in dir.
func StartNew(dir string) (*Growing, error) {
	f, err := createTemp(dir, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot start a file: %w", err)
	}
	return &Growing{f: f, dir: dir}, nil
}

// Write appends p to the file.
func (g *Growing) Write(p []byte) (int, error) { return g.f.Write(p) }

// SaveNew finishes the file (synced and closed) and gives it its name in
// its directory: kernelscope-STEM.EXT, or the first free
// kernelscope-STEM-k.EXT, never replacing one, as SaveNewFile names a file
// (STEM is stem made fit for a file name). It returns the path. On failure
// nothing is left, neither a name nor the temporary file. Call it once.
func (g *Growing) SaveNew(stem, ext string) (string, error) {
	defer g.Discard()
	stem = fileStem(stem)
	if err := g.f.Sync(); err != nil {
		return "", fmt.Errorf("cannot save kernelscope-%s%s (nothing was written): syncing: %w", safetext.Name(stem), ext, UnwrapPath(err))
	}
	for i := 1; i <= SaveNewTries; i++ {
		name := "kernelscope-" + stem + ext
		if i > 1 {
			name = "kernelscope-" + stem + "-" + strconv.Itoa(i) + ext
		}
		path := filepath.Join(g.dir, name)
		err := g.name(path)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		return path, nil
	}
	where := safetext.Name(g.dir)
	if g.dir == "" || g.dir == "." {
		where = "the working directory"
	}
	return "", fmt.Errorf("no free name: kernelscope-%s%s … -%d%s all exist in %s; move or delete some (nothing was written): %w",
		safetext.Name(stem), ext, SaveNewTries, ext, where, fs.ErrExist)
}

// name links the finished file to path, which must not exist (an error
// that is fs.ErrExist if it does). Where the link cannot be made (a file
// system without hard links, or a temporary file someone removed), the
// file still open is copied to path, created exclusively.
func (g *Growing) name(path string) error {
	if _, err := os.Lstat(path); err == nil {
		return newExistsError(path)
	}
	if beforeLink != nil {
		beforeLink(path)
	}
	err := link(g.f.Name(), path)
	switch {
	case err == nil:
		syncDir(g.dir)
		return nil
	case errors.Is(err, fs.ErrExist):
		return newExistsError(path)
	}
	if _, serr := g.f.Seek(0, io.SeekStart); serr != nil {
		return fmt.Errorf("cannot save %s (nothing was written): naming the file: %w", safetext.Name(path), UnwrapPath(err))
	}
	return createExclusive(path, func(w io.Writer) error {
		_, err := io.Copy(w, g.f)
		return err
	}, nil)
}

// Discard drops the file: it closes it and removes its temporary name.
// After SaveNew it does nothing.
func (g *Growing) Discard() {
	if g.f == nil {
		return
	}
	g.f.Close()
	os.Remove(g.f.Name())
	g.f = nil
}

// TempPath is the temporary file's path while the file grows.
func (g *Growing) TempPath() string { return g.f.Name() }
