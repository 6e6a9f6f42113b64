package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"kernelscope/crossval"
)

// A cross-validation runs off the UI path (crossval.Run on every core):
// its progress and its report come back as messages tagged with the run's
// id, so a run that was cancelled or replaced says nothing.

// cvProgressMsg says how many of the run's trainings are done.
type cvProgressMsg struct {
	id, done, total int
	ch              <-chan tea.Msg
}

// cvDoneMsg is a run's report, or why there is none.
type cvDoneMsg struct {
	id     int
	report crossval.Report
	err    error
}

// startCV starts plan in the background and returns the command that
// waits for its first message. Progress is sent only when the last one was
// read, so a fast run never queues more than one; the report is always
// sent, unless ctx ends first (the view was closed).
func startCV(ctx context.Context, id int, plan crossval.Plan) tea.Cmd {
	ch := make(chan tea.Msg, 1)
	go func() {
		r, err := crossval.Run(ctx, plan, func(done, total int) {
			select {
			case ch <- cvProgressMsg{id: id, done: done, total: total, ch: ch}:
			default:
			}
		})
		select {
		case ch <- cvDoneMsg{id: id, report: r, err: err}:
		case <-ctx.Done():
		}
	}()
	return waitCV(ch)
}

// waitCV reads the run's next message.
func waitCV(ch <-chan tea.Msg) tea.Cmd {
	return func() tea.Msg { return <-ch }
}
