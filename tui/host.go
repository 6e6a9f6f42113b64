package tui

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
)

// host is the program as its components see it (common.Host): the message
// bar, the player, the session's configuration, and comparison mode's
// second learner for the player, the narration and the status line, and
// one step as space takes it.
type host struct{ m *Model }

func (h host) Say(msg string) { h.m.message = msg }
func (h host) StopPlayer()    { h.m.player.Stop() }
func (h host) SetConfig(cfg learn.Config, what string) {
	if err := h.m.s.SetConfig(cfg); err != nil {
		h.m.message = what + ": cannot train with it, nothing changed: " + err.Error()
		return
	}
	h.m.message = what + ": α reset (α belongs to one learner, kernel, bias and tie rule)"
}
func (h host) SetTwin(twin *lab.Session, labels [2]string, note string) {
	m := h.m
	m.player.Twin, m.narration.Twin = nil, nil // no twin: nil interfaces, not a nil *lab.Session in one
	if twin != nil {
		m.player.Twin, m.narration.Twin = twin, twin
	}
	m.narration.Labels, m.status.Note = labels, note
}
func (h host) Step() bool { h.m.player.Stop(); return h.m.player.Step(1) > 0 }

// Field runs a field job off the UI path (seat.Host).
func (h host) Field(job lab.FieldJob) tea.Cmd { return fieldCmd(job) }
