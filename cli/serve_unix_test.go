//go:build unix

package cli

import (
	"bytes"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a buffer written by a command running on another
// goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestServeSIGTERM: SIGTERM ends a class cleanly, with exit code 0. (A
// channel of the test's own holds SIGTERM too, so that the signal never
// ends the test binary.)
func TestServeSIGTERM(t *testing.T) {
	guard := make(chan os.Signal, 1)
	signal.Notify(guard, syscall.SIGTERM)
	defer signal.Stop(guard)
	var out, stderr lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Run([]string{"serve", "--listen", "127.0.0.1:0", "--host-key", filepath.Join(t.TempDir(), "host"), "--dataset", "xor"}, &out, &stderr)
	}()
	deadline := time.After(20 * time.Second)
	for !strings.Contains(out.String(), "ctrl+c ends the class") {
		select {
		case code := <-done:
			t.Fatalf("serve ended with %d before serving: %s", code, stderr.String())
		case <-deadline:
			t.Fatalf("serve did not start: %q %q", out.String(), stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 || stderr.String() != "" {
			t.Errorf("SIGTERM: exit %d, stderr %q; want 0 and nothing", code, stderr.String())
		}
	case <-deadline:
		t.Fatal("serve did not end after SIGTERM")
	}
}
