// Package serve is the SSH server of a class (kernelscope serve): every
// connection is a seat of one shared run (package class), and its terminal
// program (tui.Seated) is drawn in the student's own terminal, at its size
// and in its colours. A connection whose key is in the presenter keys file
// drives the run; every other one follows it, may break away to a copy of
// its own and rejoins it.
//
// Only the terminal program is served: a command, a session without a
// terminal, a subsystem (sftp), agent, X11 and port forwarding are
// refused, and a follower's program touches no file of the server's.
// Every byte a student sends passes the input guard (package
// internal/inputguard) before Bubble Tea's decoder. What OpenSSH's sshd
// holds, it holds: a bound on connections logging in (MaxStartups), a
// time to open a session (LoginGraceTime), places and sessions a key
// (MaxSessions), refusals logged.
//
// One file per concern: the server and its start and end (server.go),
// the connections before they hold a session (conns.go), what a client
// may ask besides its session (requests.go), the host key (hostkey.go),
// who presents (auth.go), how many may sit (limits.go), one session
// (handler.go), its program's connection to the SSH channel (program.go)
// and the limits a session is held to while it runs (watch.go).
//
// It is Charm's SSH server, charm.land/ssh, made through wish
// (wish.NewServer: the host key, the authentication, the version, the
// session as middleware); wish's Bubble Tea middleware is not used, for
// serve needs what it leaves out: the input guard, window sizes taken
// without waiting on the program, a session ended with its terminal given
// back. The host key is made here (hostkey.go), not by wish's key maker,
// which changes an existing directory of the key to mode 0700 (a
// --host-key in the working directory, or in /tmp, would take the
// directory from everyone else).
package serve

import (
	"io"
	"time"

	"kernelscope/lab"
	"kernelscope/tui"
)

// The limits a class has unless Config says otherwise.
const (
	// DefaultMaxSessions is the most sessions served at once.
	DefaultMaxSessions = 100
	// DefaultMaxPerKey is the most sessions of one key: a student's laptop
	// and phone, not a script that fills the room.
	DefaultMaxPerKey = 4
	// DefaultIdle ends a session whose student typed nothing for that
	// long, when no presenter is there and none typed meanwhile either.
	DefaultIdle = 45 * time.Minute
	// DefaultMaxTime ends any session after that long: a lecture and its
	// exercises.
	DefaultMaxTime = 4 * time.Hour
)

// Config is a class to serve.
type Config struct {
	// Listen is the TCP address to listen on, host:port ("127.0.0.1:2222";
	// port 0 picks a free one, said at start).
	Listen string
	// HostKeyPath is the server's private key, made (ed25519) the first
	// time; its fingerprint is said at start, for students to check.
	HostKeyPath string
	// PresenterKeys is an authorized_keys file: a connection with one of
	// its keys presents. "" for none: the class shows the starting run.
	PresenterKeys string
	// MaxSessions bounds the places taken at once (a session, or a
	// connection that has yet to open one), MaxPerKey the sessions of one
	// key (per key, never per address: a class sits behind one NAT).
	// Presenters are always let in. 0 means the default.
	MaxSessions, MaxPerKey int
	// Idle ends a session whose student typed nothing for that long
	// while no presenter was there or typed (the class's idleness),
	// MaxTime any session after that long; each as SIGTERM ends it, the
	// terminal given back and one line said. 0 means the default.
	Idle, MaxTime time.Duration
	// Start is the run the class starts on (the resolved flags of the
	// terminal program), shown until a presenter changes it.
	Start lab.Options
	// Display is how the programs start (the presenter's --fps, --big);
	// followers draw at 10 frames a second whatever it says. Its Colors
	// (--colors), when set, is the colour profile of every seat whatever
	// its TERM says; a student's NO_COLOR still wins (program.go).
	Display tui.Display
	// Log receives one line for each session that joins, leaves or is
	// refused, and for each program that failed (nil: none).
	Log io.Writer
}

// withDefaults is c with its zero limits set to the defaults.
func (c Config) withDefaults() Config {
	if c.MaxSessions <= 0 {
		c.MaxSessions = DefaultMaxSessions
	}
	if c.MaxPerKey <= 0 {
		c.MaxPerKey = DefaultMaxPerKey
	}
	if c.Idle <= 0 {
		c.Idle = DefaultIdle
	}
	if c.MaxTime <= 0 {
		c.MaxTime = DefaultMaxTime
	}
	if c.Log == nil {
		c.Log = io.Discard
	}
	return c
}
