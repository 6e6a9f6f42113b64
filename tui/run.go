package tui

import tea "charm.land/bubbletea/v2"

// Display is how the terminal program starts showing things (flags of the
// root command that are not about the data or training).
type Display struct {
	// Big starts in projector mode (B).
	Big bool
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
	g := &guard{m: m}
	prog := tea.NewProgram(g)
	g.quit = prog.Quit
	_, err := prog.Run()
	if g.err != nil {
		return g.err
	}
	return err
}
