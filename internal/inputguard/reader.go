package inputguard

import (
	"io"
	"sync"
	"time"
)

// EscTimeout is how long a lone ESC waits for what may follow it before it
// is the Escape key: the decoder's own wait (ultraviolet's
// DefaultEscTimeout), so keys read as they did without the guard.
const EscTimeout = 50 * time.Millisecond

// chunkSize is how much is read from the source at a time (the decoder
// reads 4096 bytes at a time too).
const chunkSize = 4096

// Reader is the guard over any input (an SSH channel's): what Read returns
// is the canonical form of what the source sent (see the package comment).
// A goroutine reads the source, so that a lone ESC becomes the Escape key
// after EscTimeout even while the source sends nothing more; it ends when
// the source ends or fails, or once Close was called and its read returns.
type Reader struct {
	chunks  chan chunk
	free    chan []byte
	done    chan struct{}
	once    sync.Once
	f       filter
	out     []byte
	pending []byte // out's unread part
	err     error
	timer   *time.Timer
}

// chunk is one read of the source.
type chunk struct {
	b   []byte
	err error
}

// NewReader guards src.
func NewReader(src io.Reader) *Reader {
	r := &Reader{chunks: make(chan chunk), free: make(chan []byte, 1), done: make(chan struct{})}
	r.free <- make([]byte, chunkSize)
	go r.pump(src)
	return r
}

// pump reads src until it fails or ends, one chunk at a time: the next
// read waits until Read has taken the last one, so what is held is one
// chunk, whatever the client sends.
func (r *Reader) pump(src io.Reader) {
	send := func(c chunk) bool {
		select {
		case r.chunks <- c:
			return true
		case <-r.done:
			return false
		}
	}
	for {
		var buf []byte
		select {
		case buf = <-r.free:
		case <-r.done:
			return
		}
		n, err := src.Read(buf)
		if n > 0 {
			if !send(chunk{b: buf[:n]}) {
				return
			}
		} else {
			r.free <- buf
		}
		if err != nil {
			send(chunk{err: err})
			return
		}
	}
}

// Close ends the reader: a Read waiting returns io.EOF, and the goroutine
// ends once its read of the source returns. It never closes the source.
func (r *Reader) Close() error {
	r.once.Do(func() { close(r.done) })
	return nil
}

// Read returns the canonical form of what the source sent: at least one
// byte, or the source's error once everything before it was returned.
func (r *Reader) Read(p []byte) (int, error) {
	for len(r.pending) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		r.out = r.out[:0]
		var timeout <-chan time.Time
		if r.f.waiting() {
			if r.timer == nil {
				r.timer = time.NewTimer(EscTimeout)
			} else {
				r.timer.Reset(EscTimeout)
			}
			timeout = r.timer.C
		}
		select {
		case c := <-r.chunks:
			if c.err != nil {
				r.err = c.err
				r.out = r.f.end(r.out)
				break
			}
			r.out = r.f.feed(r.out, c.b)
			r.free <- c.b[:cap(c.b)]
		case <-timeout:
			r.out = r.f.flush(r.out)
		case <-r.done:
			r.err = io.EOF
		}
		if r.timer != nil {
			r.timer.Stop()
		}
		r.pending = r.out
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}
