package heavy

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLimitBoundsJobs: with a bound of 2, ten jobs that each wait a while
// never run more than two at once, and all of them run.
func TestLimitBoundsJobs(t *testing.T) {
	SetLimit(2)
	defer SetLimit(0)
	var running, most, done atomic.Int32
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			Do(func() struct{} {
				n := running.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				time.Sleep(5 * time.Millisecond)
				running.Add(-1)
				done.Add(1)
				return struct{}{}
			})
		}()
	}
	wg.Wait()
	if most.Load() > 2 || done.Load() != 10 {
		t.Errorf("at most %d jobs at once (bound 2), %d of 10 done", most.Load(), done.Load())
	}
}

// TestAcquireGivesUp: a wait for a slot ends with its context.
func TestAcquireGivesUp(t *testing.T) {
	SetLimit(1)
	defer SetLimit(0)
	release, ok := Acquire(context.Background())
	if !ok {
		t.Fatal("the first slot was refused")
	}
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, ok := Acquire(ctx); ok {
		t.Error("a second slot was given under a bound of 1")
	}
	if Limit() != 1 {
		t.Errorf("Limit() = %d, want 1", Limit())
	}
}
