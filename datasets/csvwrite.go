package datasets

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"kernelscope/internal/safetext"
)

// WriteCSV writes the header "x1,x2,y" and then one row per point, with labels
// as -1 and 1 and coordinates in the shortest form that reads back to the same
// float64. Points with a label other than ±1 or a coordinate that is not
// finite are refused before anything is written, since ReadCSV would refuse
// them later.
func WriteCSV(w io.Writer, pts []Point) error {
	return writeCSV(w, pts)
}

func writeCSV(w io.Writer, pts []Point) error {
	if err := checkWritable(pts); err != nil {
		return err
	}
	// bufio.Writer keeps its first error and writes nothing after it, so
	// checking once per row stops a failing write early and Flush reports it.
	bw := bufio.NewWriter(w)
	bw.WriteString("x1,x2,y\n")
	buf := make([]byte, 0, 64)
	for _, p := range pts {
		buf = strconv.AppendFloat(buf[:0], p.X1, 'g', -1, 64)
		buf = append(buf, ',')
		buf = strconv.AppendFloat(buf, p.X2, 'g', -1, 64)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(p.Y), 10)
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("writing CSV: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	return nil
}

// checkWritable reports the first point that WriteCSV cannot write.
func checkWritable(pts []Point) error {
	for i, p := range pts {
		for j, v := range [2]float64{p.X1, p.X2} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("point %d has x%d = %v; only finite coordinates can be written", i+1, j+1, v)
			}
		}
		if p.Y != 1 && p.Y != -1 {
			return fmt.Errorf("point %d has label %d; labels must be -1 or +1", i+1, p.Y)
		}
	}
	return nil
}

// SaveCSV writes the points to path as WriteCSV does, replacing any file
// that is there, for the export command's --out. It writes a temporary file
// in the same directory, syncs it, and renames it over path, so a failed save
// never replaces or truncates a good file and leaves no temporary file behind.
//
// A new file gets permissions 0644. An existing file is replaced, atomically
// and keeping its permissions, only if it is a regular file that the user
// may write (and, since root may write anything, whose mode has a write bit)
// and that has no other hard link, which a replacement would cut off from
// the new data. If path is a symbolic link, the file it points to is
// replaced, under the same conditions. Anything else at path (a directory, a
// device, a read-only file, a file with several links, a link that points
// nowhere) makes SaveCSV fail without writing anything. To write a file
// without ever replacing one, use CreateCSV or SaveNew.
func SaveCSV(path string, pts []Point) error {
	return SaveCSVContext(context.Background(), path, pts)
}

// SaveCSVContext is SaveCSV stopped by ctx: once ctx is done (ctrl+c) it
// writes no more and never replaces path, leaving nothing of the new file,
// and its error is ctx's to errors.Is.
func SaveCSVContext(ctx context.Context, path string, pts []Point) error {
	if err := checkWritable(pts); err != nil {
		return fmt.Errorf("cannot save %s: %w", safetext.Name(path), err)
	}
	write := func(w io.Writer) error { return writeCSV(stopWriter{ctx, w}, pts) }
	err := saveAtomic(path, write, ctx.Err)
	if err != nil {
		return fmt.Errorf("cannot save %s (any existing file is unchanged): %w", safetext.Name(path), err)
	}
	return nil
}

// SaveFile replaces the file at path with what write produces, atomically
// and under SaveCSV's conditions (a figure, a session): a failed write
// leaves any existing file as it was.
//
// ready, when not nil, runs once the new file is written in full, just
// before it takes path's name; if ready fails, path keeps what was there,
// nothing of the new file is left, and SaveFile returns ready's error as
// it is. A command that reports the file on stdout reports it in ready, so
// that a report that cannot be written (a full disk, a closed pipe) fails
// the command before anything is replaced.
func SaveFile(path string, write func(io.Writer) error, ready func() error) error {
	var readyErr error
	err := saveAtomic(path, write, func() error {
		if ready != nil {
			readyErr = ready()
		}
		return readyErr
	})
	if readyErr != nil {
		return readyErr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s (any existing file is unchanged): %w", safetext.Name(path), err)
	}
	return nil
}

// saveAtomic replaces the file at path with what write produces, or leaves it
// as it was. It is SaveCSV without the CSV, so tests can make write fail.
// ready (which may be nil) runs after the write and before the rename: its
// error too leaves path as it was.
func saveAtomic(path string, write func(io.Writer) error, ready func() error) error {
	target, mode, err := replaceable(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	tmp, err := writeTemp(dir, 0o600, mode, write)
	if err != nil {
		return err
	}
	if ready != nil {
		if err := ready(); err != nil {
			discard(tmp)
			return err
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		discard(tmp)
		return fmt.Errorf("replacing the file: %w", UnwrapPath(err))
	}
	settled(tmp)
	syncDir(dir)
	return nil
}

// replaceable checks that SaveCSV may write path, and returns the file to
// replace (path, or the file a symbolic link at path points to) and the
// permissions the new file gets.
func replaceable(path string) (target string, mode fs.FileMode, err error) {
	target = path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		t, err := filepath.EvalSymlinks(path)
		if errors.Is(err, fs.ErrNotExist) {
			return "", 0, errors.New("it is a symbolic link to a file that does not exist; remove the link or choose another name")
		}
		if err != nil {
			return "", 0, fmt.Errorf("it is a symbolic link that cannot be followed (%w); remove the link or choose another name", UnwrapPath(err))
		}
		target = t
	}
	fi, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, 0o644, nil
	case err != nil:
		return "", 0, fmt.Errorf("cannot look at the file there: %w", UnwrapPath(err))
	case !fi.Mode().IsRegular():
		return "", 0, errors.New("it exists and is not a regular file; choose another name")
	}
	if n := linkCount(fi); n > 1 {
		return "", 0, fmt.Errorf("it has %d hard links, and replacing it would break them (the other names would keep the old data); remove it first or choose another name", n)
	}
	perm := fi.Mode().Perm()
	if err := accessWrite(target); err != nil || perm&0o222 == 0 {
		if errors.Is(err, syscall.EROFS) {
			return "", 0, errors.New("it is on a read-only file system; choose another path")
		}
		return "", 0, fmt.Errorf("it is read-only (mode %v); make it writable (chmod u+w) or choose another name", perm)
	}
	return target, perm, nil
}
