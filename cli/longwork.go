package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"kernelscope/internal/progress"
	"kernelscope/lab"
	"kernelscope/learn"
)

// Long work: training on a million points, drawing a figure of them,
// cross-validating, replaying a long session, are minutes. While such
// work writes nothing, a progress bar on stderr says how far it has got,
// on a terminal and from a second on (cv's from the start); ctrl+c (or
// SIGTERM, or SIGHUP: a closed terminal) cancels its context, every loop
// of it looks at the context at least once a kernel row (milliseconds at
// a million points), and the command stops with exit code 130, writing
// nothing (a file it was writing is removed, one it would replace left as
// it was). What trace and svm write step by step stops the same way,
// after a whole step: the output so far ends on a whole line.

// interruptible is parent, cancelled by Ctrl-C, SIGTERM or SIGHUP once it
// has run for catchAfter, or sooner when catchNow says so: before the work
// creates a file, or writes output as it goes. The first signal cancels
// the run; once it has, a second one is the default again and ends the
// program at once.
func interruptible(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	catch := sync.OnceFunc(func() {
		caught, stop := signal.NotifyContext(ctx, interruptSignals()...)
		// A signal, or the end of the run, ends the catch.
		context.AfterFunc(caught, func() { stop(); cancel() })
	})
	if intIgnored, _ := ignoredAtStart(); intIgnored {
		// Started with SIGINT ignored (a script's `cmd &`), a Ctrl-C
		// before the catch would be lost rather than end the program:
		// kill -INT must stop it all the same.
		catch()
	}
	t := time.AfterFunc(catchAfter, catch)
	return context.WithValue(ctx, catchKey{}, catch), func() { t.Stop(); cancel() }
}

// catchAfter is how long work runs before Ctrl-C is caught. Catching a
// signal costs the program three threads and 30 page faults (0.3-0.5 ms
// here, most of what a trace of a built-in does after starting:
// docs/bench/speed.md, "Starting"), and work shorter than a keypress
// needs none: Ctrl-C before then has its default effect, the program
// ends at once before it has written anything (the work writes after it),
// as the shell's 130 says.
const catchAfter = 25 * time.Millisecond

// catchKey keys the catch of an interruptible context, for catchNow.
type catchKey struct{}

// catchNow catches Ctrl-C for ctx's work at once if it is not caught yet
// (ctx from interruptible; any other ctx is left as it is): the default
// must not end the program with a temporary file on disk, or with output
// cut mid-line. (A busy program's timer can fire hundreds of
// milliseconds late: catchAfter alone is not enough.)
func catchNow(ctx context.Context) {
	if catch, ok := ctx.Value(catchKey{}).(func()); ok {
		catch()
	}
}

// interruptSignals are the signals that stop long work: Ctrl-C, SIGTERM
// (kill, a service manager) and SIGHUP (a closed terminal, a dropped SSH
// link), each of whose defaults would end the program at once, halfway
// through a file. SIGHUP is left alone when the program started with it
// ignored: nohup asks it to run on when the terminal goes.
func interruptSignals() []os.Signal {
	if _, hupIgnored := ignoredAtStart(); hupIgnored {
		return []os.Signal{os.Interrupt, syscall.SIGTERM}
	}
	return []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
}

// started is what ignoredAtStart found, the first time it was asked.
var started struct {
	once                   sync.Once
	intIgnored, hupIgnored bool
}

// ignoredAtStart reports whether SIGINT and SIGHUP were ignored when the
// program started (a shell's `cmd &` without job control, nohup). It asks
// before the program first catches either: signal.Ignored forgets an
// inherited SIG_IGN once the signal has been caught.
func ignoredAtStart() (intIgnored, hupIgnored bool) {
	started.once.Do(func() {
		started.intIgnored = signal.Ignored(os.Interrupt)
		started.hupIgnored = signal.Ignored(syscall.SIGHUP)
	})
	return started.intIgnored, started.hupIgnored
}

// interrupt is interruptible; tests put a context of their own in its
// place.
var interrupt = interruptible

// interruptedError is work that Ctrl-C (or SIGTERM) stopped: nothing was
// written, and the message says how far it got.
type interruptedError struct{ what string }

func (e *interruptedError) Error() string { return e.what }

// Unwrap makes an interrupt errors.Is(err, context.Canceled).
func (e *interruptedError) Unwrap() error { return context.Canceled }

// longWork is one command's long work: the context Ctrl-C cancels, the
// progress bar (nil when stderr is not a terminal), and what is being
// done, which the bar and an interruption name.
type longWork struct {
	ctx   context.Context
	bar   *progress.Bar
	cmd   string // the command: "plot"
	doing string // "training"
	// l is the learner being trained, whose step an interruption names
	// (nil in other phases).
	l learn.Learner
}

// newLongWork is cmd's work under ctx, with a bar on stderr when it is a
// terminal.
func newLongWork(ctx context.Context, stderr io.Writer, cmd string) *longWork {
	w := &longWork{ctx: ctx, cmd: cmd}
	if isTerminal(stderr) {
		w.bar = progress.New(stderr, cmd, "", time.Now, progress.Delay)
	}
	return w
}

// phase starts a part of the work: the bar counts unit under "cmd:
// doing", and an interruption says it came while doing.
func (w *longWork) phase(doing, unit string) {
	w.doing, w.l = doing, nil
	w.bar.Phase(w.cmd+": "+doing, unit)
	w.bar.Update(0, 0) // the label, until there is a count
}

// done clears the bar, for the output or the error that follows.
func (w *longWork) done() { w.bar.Clear() }

// stopped is the error to return for err: an interruption when ctx was
// cancelled (whatever err says: the cancellation, or a failure it caused),
// else err.
func (w *longWork) stopped(err error) error {
	w.done()
	if w.ctx.Err() == nil {
		return err
	}
	return &interruptedError{fmt.Sprintf("%s: interrupted while %s%s; nothing written", w.cmd, w.doing, w.at())}
}

// at is where training has got, for an interruption: " (step 12, pass
// 2)", " (iteration 7)", or nothing in other phases.
func (w *longWork) at() string {
	if w.l == nil {
		return ""
	}
	if p, ok := w.l.(learn.Passer); ok {
		return fmt.Sprintf(" (step %d, pass %d)", p.T(), p.Epoch())
	}
	return fmt.Sprintf(" (iteration %d)", w.l.T())
}

// cut is the interruption of output written as it goes, step by step, by
// l (trace's steps, svm's pair updates): the output so far ends on a
// whole line, after l's last step.
func (w *longWork) cut(l learn.Learner) error {
	w.done()
	w.l = l
	unit := "iteration"
	if _, ok := l.(learn.Passer); ok {
		unit = "step"
	}
	end := "with that " + unit
	if l.T() == 0 {
		end = "before the first " + unit
	}
	return &interruptedError{fmt.Sprintf("%s: interrupted while writing%s; the output ends %s", w.cmd, w.at(), end)}
}

// streamOut is stdout for output written as the work goes: from its first
// write on, Ctrl-C is caught (catchNow), so that it stops the output
// between two steps, never in the middle of a line. The last write, once
// ending is set, leaves the catch as it is: a run that ends before
// catchAfter writes all its output in that one write.
type streamOut struct {
	ctx    context.Context
	w      io.Writer
	ending bool
}

func (o *streamOut) Write(p []byte) (int, error) {
	if !o.ending {
		catchNow(o.ctx)
	}
	return o.w.Write(p)
}

// checkEvery is how many steps train takes between looks at its context
// when none moved a coefficient: a correct step is O(1), so 1024 of them
// are microseconds.
const checkEvery = 1024

// training starts the phase of training l for steps steps (until it
// stops when steps < 0) and returns what to call between steps: it
// counts them on the bar (the passes up to the cap, or the SVM's
// iterations up to its cap, when l trains until it stops) and returns
// ctx's error once ctx is done.
func (w *longWork) training(l learn.Learner, steps int) (check func() error) {
	start := l.T()
	total, unit := steps, "steps"
	at := func() int { return l.T() - start }
	if steps < 0 {
		switch m := l.(type) {
		case learn.Passer:
			total, unit, at = l.Config().Epochs, "passes", m.Epoch
		case learn.DualSolver:
			total, unit, at = m.MaxIter(), "iterations", l.T
		}
	}
	w.phase("training", unit)
	w.l = l
	return func() error {
		w.bar.Update(at(), total)
		return w.ctx.Err()
	}
}

// train takes steps steps of l (until it stops when steps < 0) and
// returns the error that stopped training, if any, or ctx's once ctx is
// done: it looks after every step that moved a coefficient (a kernel row:
// milliseconds at a million points) and every checkEvery steps.
func (w *longWork) train(l learn.Learner, steps int) error {
	check := w.training(l, steps)
	for n := 0; steps < 0 || n < steps; n++ {
		st, err := l.Step()
		if errors.Is(err, learn.ErrStopped) {
			break
		}
		if err != nil {
			return err
		}
		if st.Changed() || n%checkEvery == 0 {
			if err := check(); err != nil {
				return err
			}
		}
	}
	return l.Err()
}

// run is l.Run (for the perceptron, the RBF update shared with a second
// core), looking at ctx as train does.
func (w *longWork) run(l learn.Learner) error {
	if r, ok := l.(learn.CheckedRunner); ok {
		return r.RunChecked(w.training(l, -1))
	}
	return w.train(l, -1)
}

// replay replays o's run on l, a fresh learner of o.ReplayBase()
// (lab.ReplayOn), counting its steps on the bar; it stops with ctx's
// error once ctx is done, looking as train does.
func (w *longWork) replay(o lab.Options, l learn.Learner) error {
	w.phase("replaying", "steps")
	w.l = l
	n := 0
	step := func() (bool, error) {
		st, err := l.Step()
		if errors.Is(err, learn.ErrStopped) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if n++; st.Changed() || n%checkEvery == 0 {
			w.bar.Update(l.T(), o.Replay.Steps)
			if err := w.ctx.Err(); err != nil {
				return false, err
			}
		}
		return true, nil
	}
	return lab.ReplayOn(o, l, step, nil)
}

// await runs f, a library call that cannot stop part way (gonum's
// eigendecomposition: seconds at n = 1000), in a goroutine of its own and
// waits for it or for ctx, whichever is first. When ctx is, f runs on
// unseen until the program exits, which it is about to: the caller
// returns ctx's error and reads nothing f writes.
func (w *longWork) await(f func()) error {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
		return nil
	case <-w.ctx.Done():
		return w.ctx.Err()
	}
}
