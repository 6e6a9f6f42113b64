//go:build !unix

package inputguard

import "os"

// File is the guard over a terminal's input file; see file_unix.go.
type File struct{ *os.File }

// NewFile reports that the guard cannot stand in front of this system's
// terminal: Bubble Tea reads the Windows console as records, not bytes.
func NewFile(tty *os.File) (f *File, ok bool) { return nil, false }
