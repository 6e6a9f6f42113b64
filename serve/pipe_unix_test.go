//go:build unix

package serve

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLogPipeClosed: serve … 2>&1 | tee log, then ctrl+c in that window,
// which ends tee first: the server's log now goes to a closed pipe. The
// class still ends as ctrl+c ends it (issue 40: the next log write raised
// SIGPIPE and the server died with 141, its students left in the
// alternate screen): every student is told, the terminal is given back,
// and the server exits 0. So does SIGHUP (the lecturer's terminal closed).
func TestLogPipeClosed(t *testing.T) {
	bin := buildServe(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			r, w, err := os.Pipe() // the pipe to tee
			if err != nil {
				t.Fatal(err)
			}
			cmd, class := startServe(t, bin, w, "--dataset", "xor")
			w.Close()
			t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
			lines := bufio.NewScanner(r)
			for lines.Scan() && !strings.Contains(lines.Text(), "ctrl+c ends the class") {
			}
			s := class.join(t, "student", newKey(t), 80, 24)
			s.waitFor("following the lecture")
			r.Close() // tee has ended: the log goes nowhere
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			if code := s.wait(); code != 0 {
				t.Errorf("the student's session ended with %d, want 0", code)
			}
			if got := s.stderr.String(); !strings.Contains(got, classEnded) {
				t.Errorf("the student was told %q, want %q", got, classEnded)
			}
			if ok, state := s.givenBack(); !ok {
				t.Errorf("the student's terminal was not given back: %s", state)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					t.Errorf("serve exited %v, want 0", ee)
				} else if err != nil {
					t.Error(err)
				}
			case <-time.After(patience):
				t.Fatal("serve did not end")
			}
		})
	}
}
