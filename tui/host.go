package tui

import (
	"kernelscope/lab"
	"kernelscope/learn"
)

// host is the program as its components see it (common.Host): the message
// bar, the player, the session's configuration, and comparison mode's
// second learner for the player, the narration and the status line.
type host struct{ m *Model }

func (h host) Say(msg string)                          { h.m.message = msg }
func (h host) StopPlayer()                             { h.m.player.Stop() }
func (h host) SetConfig(cfg learn.Config, what string) { h.m.setConfig(cfg, what) }
func (h host) SetTwin(twin *lab.Session, labels [2]string, note string) {
	m := h.m
	m.player.Twin, m.narration.Twin, m.narration.Labels, m.status.Note = twin, twin, labels, note
}
