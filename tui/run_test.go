package tui

import (
	"context"
	"errors"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"kernelscope/lab"
	"kernelscope/learn"
)

// TestRunNeedsTerminal: with stdout a pipe (or a file), Run refuses
// before it draws anything, with what to run instead. It used to draw a
// blank screen into the pipe, or with no terminal at all fail with Bubble
// Tea's raw "could not open TTY".
func TestRunNeedsTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	was := os.Stdout
	os.Stdout = w
	o := builtinOptions(t, "worked4", 0)
	o.Replay = lab.Replay{Steps: 3}
	done := make(chan error, 1)
	go func() { done <- Run(t.Context(), o, Display{}) }()
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		os.Stdout = was
		t.Fatal("Run did not return with stdout a pipe: it started the program")
	}
	os.Stdout = was
	w.Close()
	drawn, _ := io.ReadAll(r)
	const want = "kernelscope needs a terminal (stdout is not one); `kernelscope trace` or `kernelscope record` work without one"
	var nt *NoTerminalError
	if !errors.As(err, &nt) || err.Error() != want || len(drawn) != 0 {
		t.Errorf("Run with stdout a pipe: %v, %d bytes drawn (%.40q); want %q and nothing", err, len(drawn), drawn, want)
	}
}

// TestGuardedInputNoTerminal: stdin not a terminal and no controlling
// terminal to open (a cron job, setsid) is a *NoTerminalError that says
// so, not Bubble Tea's "could not open TTY".
func TestGuardedInputNoTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	was := openTTY
	openTTY = func() (*os.File, *os.File, error) {
		return nil, nil, errors.New("open /dev/tty: no such device or address")
	}
	defer func() { openTTY = was }()
	opts, done, err := guardedInput(r)
	done()
	const want = "kernelscope needs a terminal (stdin is not one, and there is no terminal to read keys from); `kernelscope trace` or `kernelscope record` work without one"
	if err == nil || err.Error() != want || opts != nil {
		t.Errorf("guardedInput on a pipe, no tty: %v, %d options; want %q", err, len(opts), want)
	}
}

// TestRunRefusesHalfSessions: a session whose steps training does not
// reach is refused before the program starts, with the reason.
func TestRunRefusesHalfSessions(t *testing.T) {
	o := builtinOptions(t, "worked4", 0)
	o.Session, o.Replay = "s.json", lab.Replay{Steps: 9}
	err := Run(t.Context(), o, Display{})
	if err == nil || err.Error() != `s.json: "steps": 9, but training stops at step 8 (converged)` {
		t.Errorf("Run: %v", err)
	}
}

// cancelOn is a writer that calls cancel once what is written contains
// when; it is written from the goroutine that runs Run.
type cancelOn struct {
	mu     sync.Mutex
	buf    strings.Builder
	cancel func()
	when   string
}

func (c *cancelOn) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if strings.Contains(string(b), c.when) {
		c.cancel()
	}
	return c.buf.Write(b)
}

// TestRunReplayProgress: a long replay (--steps, a session) draws its
// progress line before the first frame, once it has taken a second, and
// ctrl+c (the context) stops it within a step: Run returns an interrupt
// that says how far it got, the line cleared. It used to replay on, with
// a blank terminal, for as long as the steps took.
func TestRunReplayProgress(t *testing.T) {
	o := builtinOptions(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 1_000_000_000
	o.Replay = lab.Replay{Steps: 1_000_000_000} // hours of steps
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	w := &cancelOn{cancel: cancel, when: "replaying ["}
	done := make(chan error)
	go func() { done <- Run(ctx, o, Display{Progress: w}) }()
	var err error
	select {
	case err = <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("Run did not return 60 s after the progress line")
	}
	w.mu.Lock()
	out := w.buf.String()
	w.mu.Unlock()
	var ie *interruptedStart
	if !errors.Is(err, context.Canceled) || !errors.As(err, &ie) || ie.t == 0 || ie.steps != 1_000_000_000 ||
		!strings.HasPrefix(err.Error(), "interrupted while replaying step ") || !strings.HasSuffix(err.Error(), " of 1000000000; the terminal program did not open") {
		t.Fatalf("Run: %v", err)
	}
	if !regexp.MustCompile(`^\rkernelscope: replaying \[[█░]{24}\] \d+/1000000000 steps`).MatchString(out) {
		t.Errorf("progress line %q", out)
	}
	if parts := strings.Split(out, "\r"); len(parts) < 3 || parts[len(parts)-1] != "" || strings.TrimLeft(parts[len(parts)-2], " ") != "" {
		t.Errorf("the progress line is not cleared: %q", out)
	}
}
