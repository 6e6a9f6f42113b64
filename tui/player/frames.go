package player

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Frames spares drawing screens nobody sees. A run to convergence yields
// every chunk (a few milliseconds) so keys get through, and Bubble Tea
// draws after every message; the terminal shows at most --fps frames a
// second. So the ticks of autoplay and the chunks of a run, while they go
// on, bring the panels up to date and draw the screen at most once a
// frame; any other message (a key, a size, a result) draws at once.
type Frames struct {
	last string    // the screen drawn last
	at   time.Time // when, by the player's clock
	skip bool      // the screen is not due: View shows last again
}

// Due reports whether the screen must be brought up to date after msg.
func (f *Frames) Due(msg tea.Msg, p *Player) bool {
	switch msg.(type) {
	case TickMsg, RunMsg:
		if p.Busy() && f.last != "" && p.Now().Sub(f.at) < p.Frame {
			f.skip = true
			return false
		}
	}
	f.skip = false
	return true
}

// Draw returns the screen: the last one when it is not due, else a new
// one from render.
func (f *Frames) Draw(p *Player, render func() string) string {
	if !f.skip {
		f.last, f.at = render(), p.Now()
	}
	return f.last
}

// Fresh reports whether the screen after the last message is a new one
// (false: the last one shown again, the frame not being due).
func (f *Frames) Fresh() bool { return !f.skip }
