package datasets

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
)

// WriteCSV writes the header "x1,x2,y" and then one row per point, with labels
// as -1 and 1 and coordinates in the shortest form that reads back to the same
// float64. Points with a label other than ±1 or a coordinate that is not
// finite are refused before anything is written, since ReadCSV would refuse
// them later.
func WriteCSV(w io.Writer, pts []Point) error {
	if err := writeCSV(w, pts); err != nil {
		return fmt.Errorf("datasets: %w", err)
	}
	return nil
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

// SaveCSV writes the points to path as WriteCSV does. It writes to a
// temporary file in the same directory, syncs it, and renames it over path, so
// a failed save never replaces or truncates a good file and leaves no
// temporary file behind. A file that already exists keeps its permissions; a
// new one gets 0644. If path is a symbolic link, the file it points to is
// replaced.
func SaveCSV(path string, pts []Point) error {
	if err := checkWritable(pts); err != nil {
		return fmt.Errorf("datasets: cannot save %s: %w", path, err)
	}
	err := saveAtomic(path, func(w io.Writer) error { return writeCSV(w, pts) })
	if err != nil {
		return fmt.Errorf("datasets: cannot save %s (any existing file is unchanged): %w", path, err)
	}
	return nil
}

// saveAtomic replaces the file at path with what write produces, or leaves it
// as it was. It is SaveCSV without the CSV, so tests can make write fail.
func saveAtomic(path string, write func(io.Writer) error) (err error) {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return errors.New("it exists and is not a regular file; choose another name")
		}
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		// Ask the directory itself: some file systems (such as /proc) answer
		// "no such file" to a create in a directory that does exist.
		if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
			return fmt.Errorf("the directory %s does not exist; create it or choose another path", dir)
		}
		return fmt.Errorf("cannot create a file in %s (check that it is writable): %w", dir, unwrapPath(err))
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close() // may already be closed; the first error is the one to report
			os.Remove(tmp)
		}
	}()
	if err := write(f); err != nil {
		return err
	}
	if err := f.Chmod(mode); err != nil {
		return fmt.Errorf("setting permissions: %w", unwrapPath(err))
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("syncing: %w", unwrapPath(err))
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("closing: %w", unwrapPath(err))
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("replacing the file: %w", unwrapPath(err))
	}
	return nil
}
