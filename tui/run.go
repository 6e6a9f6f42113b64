package tui

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/datasets"
	"kernelscope/internal/progress"
	"kernelscope/setup"
)

// Display is how the terminal program starts showing things (flags of the
// root command that are not about the data or training).
type Display struct {
	// Big starts in projector mode (B).
	Big bool
	// FPS is the most frames a second autoplay and runs draw (--fps; 0
	// means setup.DefaultFPS): autoplay ticks no faster and a run yields
	// no screen more often (frames.go), while training keeps its speed.
	// A key's answer is drawn at once, at up to 60 frames a second.
	FPS int
	// Colors is the colour profile a class set (serve --colors, package
	// serve, which draws its seats' programs in it): a seat then asks its
	// terminal nothing about colours. Unknown (0) leaves the terminal's
	// own, as Run always does; C changes either, for one program.
	Colors colorprofile.Profile
	// Progress is where a long start (a session or --steps replayed:
	// seconds for millions of steps) draws its progress line before the
	// first frame: stderr on a terminal, nil for none.
	Progress io.Writer
}

// Run opens the terminal program and returns when the user quits, or its
// terminal closes (SIGHUP). Without a terminal (stdout, and stdin or the
// controlling terminal) it returns a *NoTerminalError before the program
// starts. A panic inside it comes back as a *PanicError, with the
// terminal restored. The saves still being written when it returns are
// abandoned (datasets.AbandonSaves): a process runs the program once,
// and ends.
// Opening replays o.Replay, drawing its progress on d.Progress; ctx
// stops that (ctrl+c, before the program has the terminal), and Run then
// returns an error that errors.Is context.Canceled.
func Run(ctx context.Context, o Options, d Display) error {
	var bar *progress.Bar
	if d.Progress != nil {
		bar = progress.New(d.Progress, "kernelscope: replaying", "steps", time.Now, progress.Delay)
	}
	m := open(ctx, o, bar)
	bar.Clear()
	if ctx.Err() != nil {
		return &interruptedStart{t: m.s.Learner().T(), steps: o.Replay.Steps}
	}
	if m.openErr != nil && (o.Session != "" || !o.Replay.IsZero()) {
		// A session or --steps that does not replay as asked is not
		// opened half.
		return m.openErr
	}
	// Before the program draws anything: without a terminal it has
	// nowhere to draw (a *NoTerminalError). After the replay, so that what
	// is wrong with a session or --steps is said first, terminal or not.
	input, closeInput, err := terminalOn(os.Stdout, os.Stdin)
	if err != nil {
		return err
	}
	defer closeInput()
	m.big = d.Big
	fps := d.FPS
	if fps <= 0 {
		fps = setup.DefaultFPS
	}
	m.player.Frame = time.Second / time.Duration(fps)
	g := &guard{m: m}
	// The renderer runs at 60 frames a second or more, so a key is
	// answered within 17 ms; what autoplay and runs draw is capped at fps
	// by frames.go, which hands the renderer the same screen in between
	// (nothing to send). Measured at n = 20000, noise 0.2, in tmux: key
	// latency while resizing during c, median 56 ms with the renderer at
	// 30 frames a second, 46 ms at 60; idle 30 → 13 ms; bytes a second
	// during autoplay unchanged (0.68 MB at --fps 30).
	prog := tea.NewProgram(g, append(input, tea.WithFPS(max(fps, 60)))...)
	g.quit = prog.Quit
	stopWatch := quitOnHangup(prog)
	_, err = prog.Run()
	stopWatch()
	// The saves still being written (w, F and O write in commands of
	// their own) end with the program, and leave nothing half-written.
	datasets.AbandonSaves()
	if g.err != nil {
		return g.err
	}
	return err
}

// quitOnHangup quits prog when its terminal closes (SIGHUP: a terminal
// window closed, an SSH link dropped), as Bubble Tea quits it on SIGTERM:
// the signal's default would end the process at once, in the middle of
// any save. A program started with SIGHUP ignored (nohup) leaves it so.
// It returns what ends the watch.
func quitOnHangup(prog *tea.Program) (stop func()) {
	if signal.Ignored(syscall.SIGHUP) {
		return func() {}
	}
	hup, done := make(chan os.Signal, 1), make(chan struct{})
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		select {
		case <-hup:
			prog.Quit()
		case <-done:
		}
	}()
	return func() { signal.Stop(hup); close(done) }
}

// interruptedStart is a replay that ctrl+c stopped before the program
// opened.
type interruptedStart struct{ t, steps int }

func (e *interruptedStart) Error() string {
	return fmt.Sprintf("interrupted while replaying step %d of %d; the terminal program did not open", e.t, e.steps)
}

// Unwrap makes an interrupt errors.Is(err, context.Canceled).
func (e *interruptedStart) Unwrap() error { return context.Canceled }
