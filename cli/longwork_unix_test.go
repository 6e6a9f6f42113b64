//go:build unix

package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// TestInterruptible: once work has run for catchAfter, Ctrl-C (SIGINT)
// cancels its context, as the commands' exit code 130 needs; the catch is
// set up late, so the test sends the signal until it is caught. (A channel
// of the test's own holds SIGINT too, so a signal that comes before the
// catch does not end the test binary.) Stopped before then, the context
// is cancelled at once.
func TestInterruptible(t *testing.T) {
	guard := make(chan os.Signal, 64)
	signal.Notify(guard, os.Interrupt)
	defer signal.Stop(guard)
	ctx, stop := interruptible(context.Background())
	defer stop()
	deadline := time.After(10 * time.Second)
	for ctx.Err() == nil {
		if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			t.Fatal("SIGINT has not cancelled the context after 10 s")
		}
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("cancelled with %v", ctx.Err())
	}
	ctx, stop = interruptible(context.Background())
	stop()
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("stopped: %v", ctx.Err())
	}
}
