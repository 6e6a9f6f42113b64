//go:build unix

package inputguard

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// File is the guard over a terminal's input file (the local terminal
// program's): Bubble Tea still sees the file (its Fd puts the terminal in
// raw mode and lets it cancel a read), and reads through the guard.
type File struct {
	*os.File
	f       filter
	buf     []byte
	out     []byte
	pending []byte
}

// NewFile guards the terminal input tty. ok is false where the guard
// cannot stand in front of a terminal's file (Windows, whose console
// Bubble Tea reads as records).
func NewFile(tty *os.File) (f *File, ok bool) {
	return &File{File: tty, buf: make([]byte, chunkSize)}, true
}

// Read reads what the terminal has and returns its canonical form. Bubble
// Tea reads only once the file is readable, so Read reads once and then
// only what comes within EscTimeout after a lone ESC; it may return no
// bytes (all of what came was dropped: a paste), never blocking again.
func (t *File) Read(p []byte) (int, error) {
	if len(t.pending) == 0 {
		t.out = t.out[:0]
		n, err := t.File.Read(t.buf)
		t.out = t.f.feed(t.out, t.buf[:n])
		for err == nil && t.f.waiting() {
			if !t.readable() {
				t.out = t.f.flush(t.out)
				break
			}
			n, err = t.File.Read(t.buf)
			t.out = t.f.feed(t.out, t.buf[:n])
		}
		if err != nil {
			t.out = t.f.end(t.out)
		}
		t.pending = t.out
		if len(t.pending) == 0 {
			return 0, err
		}
	}
	n := copy(p, t.pending)
	t.pending = t.pending[n:]
	return n, nil
}

// readable waits up to EscTimeout for the terminal to have more to read.
func (t *File) readable() bool {
	fds := []unix.PollFd{{Fd: int32(t.Fd()), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(EscTimeout.Milliseconds()))
		if errors.Is(err, unix.EINTR) {
			continue
		}
		return err == nil && n > 0
	}
}
