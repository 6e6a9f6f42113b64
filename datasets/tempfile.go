package datasets

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"kernelscope/internal/safetext"
)

// A save writes a temporary file in the directory of its target and then
// gives it the target's name. A save that is killed halfway leaves its
// temporary file behind, so the names say whose they are:
//
//	.kernelscope-<pid>-<random>.tmp
//
// hidden, recognisably kernelscope's, and carrying the writer's process id,
// so that a later save can tell a dead writer's leftovers from a live
// writer's work in progress, and never mistakes someone else's file for one.
const (
	tempPrefix = ".kernelscope-"
	tempSuffix = ".tmp"

	// staleAge is the age after which a temporary file of ours is removed
	// even if its writer's process id is in use: by then the id may belong
	// to another process, and no save of kernelscope's takes an hour.
	staleAge = time.Hour
)

// createTemp creates a new temporary file in dir with permissions perm
// (before the umask), named as above, after removing stale ones.
func createTemp(dir string, perm fs.FileMode) (*os.File, error) {
	removeStaleTemps(dir)
	pid := strconv.Itoa(os.Getpid())
	for range 1000 {
		name := filepath.Join(dir, tempPrefix+pid+"-"+strconv.FormatUint(uint64(rand.Uint32()), 10)+tempSuffix)
		f, err := openInFlight(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if errors.Is(err, errAbandoned) {
			return nil, err
		}
		if err != nil {
			// Ask the directory itself: some file systems (such as /proc)
			// answer "no such file" to a create in a directory that does exist.
			if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
				return nil, fmt.Errorf("the directory %s does not exist; create it or choose another path", safetext.Name(dir))
			}
			return nil, fmt.Errorf("cannot create a file in %s (check that it is writable): %w", safetext.Name(dir), UnwrapPath(err))
		}
		return f, nil
	}
	return nil, fmt.Errorf("cannot find a free temporary name in %s", safetext.Name(dir))
}

// tempPID returns the process id in a temporary file name of ours, and
// whether name is one: exactly what createTemp makes, no more and no less.
func tempPID(name string) (int, bool) {
	s, ok := strings.CutPrefix(name, tempPrefix)
	if !ok {
		return 0, false
	}
	if s, ok = strings.CutSuffix(s, tempSuffix); !ok {
		return 0, false
	}
	p, r, ok := strings.Cut(s, "-")
	if !ok {
		return 0, false
	}
	pid, err := strconv.Atoi(p)
	// Canonical forms only (no sign, no leading zeros), and a pid a kill(2)
	// can take: 0 and -1 would mean process groups, not processes.
	if err != nil || pid <= 0 || pid > 1<<31-1 || strconv.Itoa(pid) != p {
		return 0, false
	}
	if n, err := strconv.ParseUint(r, 10, 32); err != nil || strconv.FormatUint(n, 10) != r {
		return 0, false
	}
	return pid, true
}

// removeStaleTemps removes from dir the temporary files of ours whose writer
// is no longer running, or that are older than staleAge. It is a courtesy,
// so it reports nothing: a file it cannot remove stays.
func removeStaleTemps(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	now := time.Now()
	for {
		// Names only, in batches: a directory may be large, and few of its
		// names are ours.
		names, err := d.Readdirnames(256)
		for _, name := range names {
			pid, ok := tempPID(name)
			if !ok {
				continue
			}
			path := filepath.Join(dir, name)
			fi, err := os.Lstat(path)
			if err != nil || !fi.Mode().IsRegular() {
				continue
			}
			if processGone(pid) || now.Sub(fi.ModTime()) > staleAge {
				os.Remove(path)
			}
		}
		if err != nil {
			return
		}
	}
}

// finish writes the file's content with write, sets its permissions to mode
// unless it has them already (some file systems, such as FAT, refuse a
// chmod), syncs and closes it. It closes f whatever happens.
func finish(f *os.File, mode fs.FileMode, write func(io.Writer) error) error {
	err := func() error {
		if err := write(f); err != nil {
			return err
		}
		if mode != 0 {
			if fi, err := f.Stat(); err != nil || fi.Mode().Perm() != mode {
				if err := f.Chmod(mode); err != nil {
					return fmt.Errorf("setting permissions: %w", UnwrapPath(err))
				}
			}
		}
		if err := f.Sync(); err != nil {
			return fmt.Errorf("syncing: %w", UnwrapPath(err))
		}
		return nil
	}()
	if cerr := f.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("closing: %w", UnwrapPath(cerr))
	}
	return err
}

// writeTemp writes a complete temporary file in dir, with permissions mode
// (0 for what perm and the umask give), and returns its path. On failure it
// leaves nothing behind.
func writeTemp(dir string, perm, mode fs.FileMode, write func(io.Writer) error) (string, error) {
	f, err := createTemp(dir, perm)
	if err != nil {
		return "", err
	}
	if err := finish(f, mode, write); err != nil {
		discard(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// A save that the program does not wait for (the terminal program's w, F
// and O run in commands of their own) may be halfway through its file when
// the program ends: q, SIGTERM, or a closed terminal (SIGHUP). Killed
// there, it would leave its temporary file behind, hundreds of megabytes
// for a large figure, until a later save in that directory removed it.
// So every file a save writes before it has its name is recorded here
// until it has its name or is removed, and AbandonSaves removes them all.
var inFlight struct {
	sync.Mutex
	files     map[string]struct{}
	abandoned bool
}

// errAbandoned is the error of a save begun after AbandonSaves.
var errAbandoned = errors.New("the program is ending")

// openInFlight opens name as os.OpenFile does and records it as a save's
// file in progress; after AbandonSaves it opens nothing.
func openInFlight(name string, flag int, perm fs.FileMode) (*os.File, error) {
	inFlight.Lock()
	defer inFlight.Unlock()
	if inFlight.abandoned {
		return nil, errAbandoned
	}
	f, err := os.OpenFile(name, flag, perm)
	if err == nil {
		if inFlight.files == nil {
			inFlight.files = make(map[string]struct{})
		}
		inFlight.files[name] = struct{}{}
	}
	return f, err
}

// settled records that the save's file name is no longer in progress: it
// has taken its final name, or is gone.
func settled(name string) {
	inFlight.Lock()
	delete(inFlight.files, name)
	inFlight.Unlock()
}

// discard removes name, a save's file that is not to be kept.
func discard(name string) {
	os.Remove(name)
	settled(name)
}

// AbandonSaves removes the files of every save still being written and
// makes saves begun after it fail, writing nothing: a program calls it as
// it ends without waiting for its saves (the terminal program when it
// quits, its terminal closed or not), so that none is left half-written.
// A save it abandons fails, or has already given its file its name; a
// program must not save again after it.
func AbandonSaves() {
	inFlight.Lock()
	defer inFlight.Unlock()
	inFlight.abandoned = true
	for name := range inFlight.files {
		os.Remove(name)
	}
	clear(inFlight.files)
}

// stopWriter is a writer that fails with ctx's error once ctx is done, so
// that a save written through it stops at its next write after ctrl+c.
type stopWriter struct {
	ctx context.Context
	w   io.Writer
}

func (s stopWriter) Write(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	return s.w.Write(p)
}

// syncDir makes a new name in dir durable. Not every system can sync a
// directory, and the data itself is synced already, so failure is ignored.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
