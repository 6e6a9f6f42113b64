package learn

import (
	"runtime"
	"sync/atomic"
	"time"
)

// A rowTeam splits the two O(n) operations of a mistake, a new kernel row
// (rbfRow) and a score update from a cached one (axpy), between this
// goroutine and one helper on another core: each takes half of the n
// entries. Every entry's arithmetic is the same whoever does it, so the
// scores come out bit for bit as one core computes them, whatever the
// split, the number of cores and who took which half.
//
// A mistake costs microseconds, less than waking a parked goroutine, so the
// helper spins on an atomic counter for a while after each job (it lives as
// long as one Run: a single Step never uses it) and naps only when
// mistakes stop coming. The second half is claimed, not handed over: when
// the caller has finished its half before the helper took the other (the
// helper was napping, or its core busy with another program), the caller
// takes that half too. So a helper that is not running costs a split only
// the claim; the caller waits only for a half the helper has begun (and
// then only long if the system takes the helper's core away mid-half).
type rowTeam struct {
	posted  atomic.Uint64 // jobs posted
	claimed atomic.Uint64 // jobs whose second half someone took
	done    atomic.Uint64 // jobs the helper finished
	quit    atomic.Bool
	job     func(lo, hi int) // written before posted moves
	lo, hi  int
}

// teamMinN is the smallest n a team splits. A hand-over between cores
// costs 0.15 to 0.5 µs here, and the half that changes core takes its
// cache lines along: at n = 4000 (10 epochs on circles, noise 0.2) two
// cores took 31 ms whole-process against 28 on one; at n = 8000, 108
// against 124.
const teamMinN = 6000

// teamSpins is how many idle checks the helper makes before it naps (some
// tens of microseconds), and teamNap how long a nap lasts.
const (
	teamSpins    = 1 << 14
	teamPatience = 1024 // checks (a few hundred nanoseconds) before the caller takes the second half itself
	teamNap      = 50 * time.Microsecond
)

// startTeam returns a running team when the run is worth splitting, a
// second processor is there to take half and the run may use it (not
// oneCore), else nil.
func startTeam(n int, oneCore bool) *rowTeam {
	if n < teamMinN || runtime.GOMAXPROCS(0) < 2 || oneCore {
		return nil
	}
	t := &rowTeam{}
	go t.help()
	return t
}

// help takes the second halves of posted jobs until the team stops. Idle
// for a while, it naps between checks instead of spinning: nobody wakes it
// (a wake is a system call, dearer than the half job), so a mistake that
// comes while it naps is done wholly by the caller, and the first that
// finds it awake brings it back to spinning.
func (t *rowTeam) help() {
	var seen uint64
	for spins := 0; !t.quit.Load(); spins++ {
		if n := t.posted.Load(); n != seen {
			seen, spins = n, 0
			if t.claimed.CompareAndSwap(n-1, n) {
				t.job(t.lo, t.hi)
				t.done.Store(n)
			}
			continue
		}
		if spins >= teamSpins {
			time.Sleep(teamNap)
		}
	}
}

// stop ends the helper (within a nap).
func (t *rowTeam) stop() { t.quit.Store(true) }

// split runs job over [0, n): the first half, to a multiple of eight, here;
// the second on the helper if it claims it first, else here too.
func (t *rowTeam) split(n int, job func(lo, hi int)) {
	mid := (n / 2) &^ 7
	t.job, t.lo, t.hi = job, mid, n
	posted := t.posted.Add(1)
	job(0, mid)
	// Give the helper a moment to claim its half (taking it here would move
	// its cache lines to this core, and back again the next time), then
	// take it if the helper is not there.
	for spins := 0; t.claimed.Load() != posted; spins++ {
		if spins == teamPatience && t.claimed.CompareAndSwap(posted-1, posted) {
			job(mid, n)
			return
		}
	}
	for spins := 0; t.done.Load() != posted; spins++ {
		if spins%64 == 63 {
			runtime.Gosched()
		}
	}
}
