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
	// The renderer runs at 60 frames a second or more, so a key is
	// answered within 17 ms; what autoplay and runs draw is capped at fps
	// by frames.go, which hands the renderer the same screen in between
	// (nothing to send). Measured at n = 20000, noise 0.2, in tmux: key
	// latency while resizing during c, median 56 ms with the renderer at
	// 30 frames a second, 46 ms at 60; idle 30 → 13 ms; bytes a second
	// during autoplay unchanged (0.68 MB at --fps 30).
	err = runProgram(m, append(input, tea.WithFPS(max(fps, 60)))...)
	// The saves still being written (w and F write in commands of their
	// own) end with the program, and leave nothing half-written: a
	// process runs the program once, and ends.
	datasets.AbandonSaves()
	return err
}

// runProgram runs the terminal program of m with opts (its input and
// frame rate; a test's output and size) until it ends, and catches the
// signals that end it itself (relaySignals): Bubble Tea's handler would
// quit at SIGTERM without a word to the model, and SIGHUP would kill the
// program, losing a recording and leaving a save half-written (issue 34).
func runProgram(m *Model, opts ...tea.ProgramOption) error {
	g := &guard{m: m}
	prog := tea.NewProgram(g, append(opts, tea.WithoutSignalHandler())...)
	g.quit = prog.Quit
	stop := relaySignals(prog)
	_, err := prog.Run()
	stop()
	// A recording the program ended without finishing (a panic, or the
	// input gone with the terminal before SIGHUP's message came) is
	// finished here: the program no longer runs, so nothing else touches
	// it.
	m.files.EndRecording()
	if g.err != nil {
		return g.err
	}
	return err
}

// endedMsg is a signal that ends the program: SIGTERM (kill, a service
// manager), SIGHUP (the terminal closed: a window, an SSH connection) or
// SIGINT from outside the terminal (ctrl+c in the terminal is a key).
type endedMsg struct{ sig os.Signal }

// endSignals are the signals that end the program, as endedMsg. A
// program started with SIGHUP ignored (nohup) leaves it so: it was asked
// to run on when the terminal goes.
func endSignals() []os.Signal {
	if signal.Ignored(syscall.SIGHUP) {
		return []os.Signal{os.Interrupt, syscall.SIGTERM}
	}
	return []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
}

// relaySignals sends p an endedMsg for each of endSignals caught, until
// stop.
func relaySignals(p *tea.Program) (stop func()) {
	c := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(c, endSignals()...)
	go func() {
		for {
			select {
			case sig := <-c:
				p.Send(endedMsg{sig})
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(c)
		close(done)
	}
}

// ended answers a signal that ends the program: a recording going is
// finished and named before it quits (SIGINT quits as an interrupt, as
// Bubble Tea's handler did).
func (m *Model) ended(msg endedMsg) tea.Cmd {
	m.player.Stop()
	m.files.EndRecording()
	m.quitting = true
	if msg.sig == os.Interrupt {
		return tea.Interrupt
	}
	return tea.Quit
}

// interruptedStart is a replay that ctrl+c stopped before the program
// opened.
type interruptedStart struct{ t, steps int }

func (e *interruptedStart) Error() string {
	return fmt.Sprintf("interrupted while replaying step %d of %d; the terminal program did not open", e.t, e.steps)
}

// Unwrap makes an interrupt errors.Is(err, context.Canceled).
func (e *interruptedStart) Unwrap() error { return context.Canceled }
