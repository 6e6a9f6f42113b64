// Package heavy bounds the work the terminal programs of one process run
// off the UI path at once: a field recomputed for a new size, the feature
// view's projection, the Mercer check, kernel approximation, a
// cross-validation, a run opened to follow a presenter. One program runs
// few of them at a time by itself; a class of sixty served over SSH
// (package serve) could start sixty at once, and then every session's
// keys would wait for the cores. Outside serve there is no bound.
package heavy

import (
	"context"
	"sync/atomic"
)

// slots holds one token per job running, when a bound is set.
var slots atomic.Pointer[chan struct{}]

// SetLimit lets at most n jobs run at once from now on (n ≤ 0: no bound).
// Jobs already waiting keep the bound they started under.
func SetLimit(n int) {
	if n <= 0 {
		slots.Store(nil)
		return
	}
	ch := make(chan struct{}, n)
	slots.Store(&ch)
}

// Limit is the bound set (0: none).
func Limit() int {
	if ch := slots.Load(); ch != nil {
		return cap(*ch)
	}
	return 0
}

// Do runs f when a slot is free (at once without a bound) and returns its
// result.
func Do[T any](f func() T) T {
	ch := slots.Load()
	if ch == nil {
		return f()
	}
	*ch <- struct{}{}
	defer func() { <-*ch }()
	return f()
}

// Acquire waits for a slot until ctx is done; release gives it back (a
// no-op without a bound). ok is false when ctx ended first.
func Acquire(ctx context.Context) (release func(), ok bool) {
	ch := slots.Load()
	if ch == nil {
		return func() {}, true
	}
	select {
	case *ch <- struct{}{}:
		return func() { <-*ch }, true
	case <-ctx.Done():
		return func() {}, false
	}
}
