//go:build !unix

package datasets

import (
	"errors"
	"io/fs"
)

// processGone cannot ask about a process here, so it never says one is
// gone; stale temporary files are removed by age alone.
func processGone(pid int) bool { return false }

// linkCount is 1: the count is not in fs.FileInfo here.
func linkCount(fs.FileInfo) uint64 { return 1 }

// accessWrite leaves the question to the file's mode bits.
func accessWrite(string) error { return nil }

// linkUnsupported: any failure but an existing name falls back to a plain
// exclusive create, which fails in its turn if the create cannot work.
func linkUnsupported(err error) bool { return !errors.Is(err, fs.ErrExist) }
