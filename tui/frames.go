package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// frames spares drawing screens nobody sees. A run to convergence yields
// every chunk (a few milliseconds) so keys get through, and Bubble Tea
// draws after every message; the terminal shows at most --fps frames a
// second. So the ticks of autoplay and the chunks of a run, while they go
// on, bring the panels up to date and draw the screen at most once a
// frame; any other message (a key, a size, a result) draws at once.
type frames struct {
	last string    // the screen drawn last
	at   time.Time // when, by the player's clock
	skip bool      // the screen is not due: View shows last again
}

// due reports whether the screen must be brought up to date after msg.
func (f *frames) due(msg tea.Msg, p *player) bool {
	switch msg.(type) {
	case tickMsg, runMsg:
		if p.busy() && f.last != "" && p.now().Sub(f.at) < p.frame {
			f.skip = true
			return false
		}
	}
	f.skip = false
	return true
}

// draw returns the screen: the last one when it is not due, else a new
// one from render.
func (f *frames) draw(p *player, render func() string) string {
	if !f.skip {
		f.last, f.at = render(), p.now()
	}
	return f.last
}
