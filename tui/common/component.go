// Package common holds what every part of the terminal program shares:
// the theme (styles built once, cell escapes precomputed), boxes and the
// number formats panels draw with, the memo that keeps a panel's drawing
// until what it shows changes, and the Component interface every panel
// has.
package common

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
)

// Component is one part of the screen, in the shape of soft-serve's
// common.Component: the root gives it its size (border included) and
// routes it the messages that are its own; View draws exactly that size
// and only reads. A new panel is a new component plus a line of layout.
type Component interface {
	SetSize(w, h int)
	Update(msg tea.Msg) tea.Cmd
	View() string
}

// Host is what a component may ask of the program around it, and all it
// may ask: a line in the message bar, training by itself stopped (a
// component about to change the session stops autoplay first), a new
// training configuration (α then resets, and the message bar says so),
// a second learner stepped beside the session's, and one step taken as
// space takes it (autoplay stops first; false when no step was taken).
type Host interface {
	Say(msg string)
	StopPlayer()
	SetConfig(cfg learn.Config, what string)
	// SetTwin gives the program comparison mode's second learner (nil:
	// none): the player steps it in lockstep with the session's, the
	// narration tells both steps under labels (the left pane's, the
	// right's), and note heads the status line ("": comparison is off).
	SetTwin(twin *lab.Session, labels [2]string, note string)
	// Step takes one step as space takes it.
	Step() bool
}

// Batch is tea.Batch without the work of an empty batch: nil when both are
// nil, the one when the other is nil.
func Batch(a, b tea.Cmd) tea.Cmd {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return tea.Batch(a, b)
}
