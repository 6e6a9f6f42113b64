package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"

	"kernelscope/class"
	"kernelscope/internal/inputguard"
	"kernelscope/tui"
)

// Exit statuses a session ends with, as ssh reports them.
const (
	exitOK      = 0 // the student quit, or the class ended
	exitRefused = 1 // refused, or the program failed
)

// handle serves one SSH session: the class's terminal program, or a
// one-line refusal. It runs on the session's own goroutine; a panic in it
// ends this session only, said to it in one line and logged in one.
func (s *server) handle(sess ssh.Session) {
	code := exitRefused
	defer func() {
		if r := recover(); r != nil {
			err := &tui.PanicError{Value: r}
			s.log.Printf("%s: %v", who(sess), err)
			say(sess, err.Error())
			code = exitRefused
		}
		_ = sess.Exit(code)
	}()
	code = s.serve(sess)
}

// serve runs the session's program and returns its exit status.
func (s *server) serve(sess ssh.Session) int {
	pty, _, hasPty := sess.Pty()
	sizes := s.windowSizes(sess)
	if sess.RawCommand() != "" {
		// ssh host trace --data /etc/passwd: nothing is run, nothing read.
		s.log.Printf("%s: refused: a command", who(sess))
		say(sess, "only the class is served here, no commands: connect with "+s.joinLine(""))
		return exitRefused
	}
	if !hasPty || sizes == nil {
		s.log.Printf("%s: refused: no terminal", who(sess))
		say(sess, "the class is drawn in a terminal, and this session has none: connect with "+s.joinLine("-t"))
		return exitRefused
	}
	key := sess.PublicKey()
	fp, role := fingerprint(key), s.presenters.role(key, sess.RemoteAddr())
	if why := s.presenters.denied(key, sess.RemoteAddr()); why != "" {
		s.log.Printf("%s: %s", who(sess), why)
	}
	// Sessions without a key count against their connection: one
	// connection may not open the whole room's channels.
	limitKey := fp
	if limitKey == "" {
		limitKey = "connection " + sess.Context().SessionID()
	}
	// The connection holds a session from now: it no longer counts as
	// logging in, and its place is this session's.
	c := connOf(sess.Context())
	c.opened()
	defer c.ended()
	release, refusal := s.admission.admit(limitKey, role)
	if refusal != "" {
		s.log.Printf("%s: refused: %s", who(sess), refusal)
		say(sess, refusal)
		return exitRefused
	}
	defer release()

	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	seat := s.class.Join(sess.User(), fp, role)
	defer seat.Leave()     // the program's end leaves it too; a panic before would not
	var hungUp atomic.Bool // the session's input ended: the client closed the channel or the connection
	typed := newActivity(sess, func() { hungUp.Store(true); cancel() })
	in := inputguard.NewReader(typed)
	defer in.Close()
	out := &output{w: sess}
	opts := append(programOptions(sess, in, out, s.display.Colors), tea.WithContext(ctx))
	prog, err := tui.NewSeated(ctx, seat, s.display, opts...)
	if err != nil {
		// NewSeated took the seat out of the class.
		s.log.Printf("%s: could not open the class's run: %v", who(sess), err)
		say(sess, "could not open the class's run: "+err.Error())
		return exitRefused
	}
	l, ok := s.enter(prog.Program(), cancel, role)
	if !ok {
		say(sess, classEnded)
		return exitOK
	}
	defer s.exit(l)
	s.log.Printf("%s: joined as %s #%d (%d sessions)", who(sess), role, seat.Member().ID, s.admission.sessions())

	go sizes.send(ctx, prog.Program(), pty.Window)
	go s.watch(ctx, sess, l, typed, out)
	err = s.runner()(prog)

	var pe *tui.PanicError
	switch {
	case errors.As(err, &pe):
		s.log.Printf("%s: %v", who(sess), pe)
		say(sess, pe.Error())
		return exitRefused
	case l.reason() != "":
		// The server ended it: the class ended, the session was idle or
		// reached the class's time.
		s.log.Printf("%s: ended: %s", who(sess), l.reason())
		say(sess, l.reason())
		return exitOK
	case sess.Context().Err() != nil || hungUp.Load():
		// The connection closed, or the channel (its input ended first,
		// whichever the client closed).
		s.log.Printf("%s: left (the client hung up)", who(sess))
		return exitOK
	case err != nil:
		s.log.Printf("%s: the program ended: %v", who(sess), err)
		say(sess, "the program ended: "+err.Error())
		return exitRefused
	}
	s.log.Printf("%s: left", who(sess))
	return exitOK
}

// say writes one line to the session's stderr, where ssh shows it once the
// program has given the terminal back. It ends in CR LF: a client that
// has put its terminal in raw mode and asked for no PTY (plink) would
// draw the next line as a staircase after a bare LF.
func say(sess ssh.Session, line string) {
	_, _ = io.WriteString(sess.Stderr(), "kernelscope: "+line+"\r\n")
}

// who names a session in the log: its user name (as the class keeps it:
// cleaned of control characters, cut to class.MaxName), its key and its
// address.
func who(sess ssh.Session) string { return whoIn(sess.Context()) }

// whoIn names a connection in the log, as who does.
func whoIn(ctx ssh.Context) string {
	key, _ := ctx.Value(ssh.ContextKeyPublicKey).(ssh.PublicKey)
	fp := fingerprint(key)
	if fp == "" {
		fp = "no key"
	}
	return fmt.Sprintf("%s (%s, %s)", class.Name(ctx.User()), fp, ctx.RemoteAddr())
}
