package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/setup"
)

// Display is how the terminal program starts showing things (flags of the
// root command that are not about the data or training).
type Display struct {
	// Big starts in projector mode (B).
	Big bool
	// FPS is the most frames a second it draws (--fps; 0 means
	// setup.DefaultFPS): autoplay ticks no faster, and the terminal is
	// written to no more often, while training keeps its speed.
	FPS int
}

// Run opens the terminal program and returns when the user quits. A panic
// inside it comes back as a *PanicError, with the terminal restored.
func Run(o Options, d Display) error {
	m := New(o)
	if m.openErr != nil && (o.Session != "" || !o.Replay.IsZero()) {
		// A session or --steps that does not replay as asked is not
		// opened half.
		return m.openErr
	}
	m.big = d.Big
	fps := d.FPS
	if fps <= 0 {
		fps = setup.DefaultFPS
	}
	m.player.frame = time.Second / time.Duration(fps)
	g := &guard{m: m}
	prog := tea.NewProgram(g, tea.WithFPS(fps))
	g.quit = prog.Quit
	_, err := prog.Run()
	if g.err != nil {
		return g.err
	}
	return err
}
