//go:build unix

package datasets

import (
	"errors"
	"io/fs"
	"syscall"
)

// processGone reports whether no process has the id pid. Signal 0 checks
// without sending anything; EPERM means the process exists but is not ours.
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

// linkCount is the number of hard links to the file fi describes.
func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// accessWrite asks the kernel whether this process may write the file at
// path: EACCES if not, EROFS on a read-only file system.
func accessWrite(path string) error {
	const wOK = 2 // W_OK of access(2)
	return syscall.Access(path, wOK)
}

// linkUnsupported reports whether link(2) failed because the file system
// has no hard links (FAT, some network and FUSE file systems) rather than
// for a reason that a plain create would meet too.
func linkUnsupported(err error) bool {
	for _, e := range []syscall.Errno{syscall.EPERM, syscall.ENOTSUP, syscall.EOPNOTSUPP, syscall.EXDEV, syscall.ENOSYS, syscall.EMLINK} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
