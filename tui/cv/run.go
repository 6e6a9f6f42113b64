package cv

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"kernelscope/crossval"
	"kernelscope/internal/heavy"
)

// A cross-validation runs off the UI path (crossval.Run on every core):
// its progress and its report come back as messages tagged with the run's
// id, so a run that was cancelled or replaced says nothing.

// ProgressMsg says how many of the run's trainings are done; next waits
// for the run's next message.
type ProgressMsg struct {
	id, done, total int
	next            tea.Cmd
}

// DoneMsg is a run's report, or why there is none.
type DoneMsg struct {
	id     int
	report crossval.Report
	err    error
}

// start returns the command that starts plan in the background and
// waits for its first message: nothing runs until Bubble Tea runs the
// command. Progress is sent only when the last one was read, so a fast run
// never queues more than one. Once ctx ends (the view was closed, or a new
// run replaced this one) the run stops and every wait returns nil, so no
// goroutine is left behind.
func start(ctx context.Context, id int, plan crossval.Plan) tea.Cmd {
	return func() tea.Msg {
		ch := make(chan tea.Msg, 1)
		var wait tea.Cmd
		wait = func() tea.Msg {
			select {
			case msg := <-ch:
				return msg
			case <-ctx.Done():
				return nil
			}
		}
		go func() {
			release, ok := heavy.Acquire(ctx)
			defer release()
			if !ok {
				return
			}
			r, err := crossval.Run(ctx, plan, func(done, total int) {
				select {
				case ch <- ProgressMsg{id: id, done: done, total: total, next: wait}:
				default:
				}
			})
			select {
			case ch <- DoneMsg{id: id, report: r, err: err}:
			case <-ctx.Done():
			}
		}()
		return wait()
	}
}
