package tui

import "kernelscope/learn"

// host is the program as its components see it (common.Host): the message
// bar, the player (stopped, or one step as space takes it) and the session's
// configuration.
type host struct{ m *Model }

func (h host) Say(msg string)                          { h.m.message = msg }
func (h host) StopPlayer()                             { h.m.player.Stop() }
func (h host) SetConfig(cfg learn.Config, what string) { h.m.setConfig(cfg, what) }
func (h host) Step() bool                              { h.m.player.Stop(); return h.m.player.Step(1) > 0 }
