package tui

import tea "charm.land/bubbletea/v2"

// component is one part of the screen, in the shape of soft-serve's
// common.Component: the root gives it its size (border included) and
// routes it the messages that are its own; View draws exactly that size
// and only reads. A new panel is a new component plus a line of layout.
type component interface {
	SetSize(w, h int)
	Update(msg tea.Msg) tea.Cmd
	View() string
}

var (
	_ component = (*regionView)(nil)
	_ component = (*alphaView)(nil)
	_ component = (*gramView)(nil)
	_ component = (*narrationView)(nil)
	_ component = (*statusView)(nil)
)

var (
	_ component = (*featureView)(nil)
	_ component = (*spectrumView)(nil)
)

// batch is tea.Batch without the work of an empty batch: nil when both are
// nil, the one when the other is nil.
func batch(a, b tea.Cmd) tea.Cmd {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return tea.Batch(a, b)
}
