//go:build unix

package serve

import (
	"fmt"
	"syscall"
)

// fdReserve is what the server holds besides its connections: the
// listener, the log, the standard files, a figure or session a presenter
// writes.
const fdReserve = 64

// fdWarning says when this process may open too few files for the
// connections the class may hold (maxOpen): a flood of connections would
// then take the descriptors a student's connection needs. Go raises the
// soft limit to the hard one at start; what is left is the system's.
func fdWarning(maxOpen int) string {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return ""
	}
	if need := uint64(maxOpen + fdReserve); lim.Cur < need {
		return fmt.Sprintf("WARNING: this process may open %d files (ulimit -n), fewer than the %d the class may need: raise the limit or lower --max-sessions", lim.Cur, need)
	}
	return ""
}
