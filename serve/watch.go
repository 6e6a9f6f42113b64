package serve

import (
	"context"
	"fmt"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"kernelscope/class"
)

// watch keeps a session within the class's limits while its program runs,
// looking every s.watchEvery:
//   - idle for --idle, or on for --max-time: the program is asked to
//     quit, as SIGTERM asks it (live.end), so the terminal is given back
//     (alternate screen left, mouse off, cursor shown) and one line says
//     why;
//   - a program that has not quit hangUpWait after, or a write that has
//     waited writeStall (a client that reads nothing): the connection is
//     closed, which ends the program and frees the seat.
//
// A follower is not idle while a presenter is there, nor for --idle after
// one last typed: idleness is the class's, so that a paused lecture ends
// nobody's session (lastActivity).
func (s *server) watch(ctx context.Context, sess ssh.Session, l *live, typed *activity, out *output) {
	tick := time.NewTicker(s.watchEvery)
	defer tick.Stop()
	began := time.Now()
	var asked time.Time // when the program was asked to quit
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			if l.role == class.Presenter {
				s.presenterTyped(typed.lastInput())
			}
			switch {
			case out.stalled(now) >= writeStall:
				l.why.CompareAndSwap(nil, ptr(fmt.Sprintf("its terminal took nothing for %s", short(writeStall))))
				hangUp(sess)
				return
			case !asked.IsZero():
				if now.Sub(asked) >= hangUpWait {
					hangUp(sess) // asked to quit, and still running
					return
				}
			case now.Sub(began) >= s.cfg.MaxTime:
				if l.end(fmt.Sprintf("the class's %s are up (--max-time): the session has ended", short(s.cfg.MaxTime))) {
					asked = now
				}
			case now.Sub(s.lastActivity(l.role, typed)) >= s.cfg.Idle:
				if l.end(fmt.Sprintf("idle for %s (--idle): the session has ended; connect again to rejoin", short(s.cfg.Idle))) {
					asked = now
				}
			}
		}
	}
}

// lastActivity is when a session of role was last active: its own input,
// and for a follower the class's too (now while a presenter is there,
// else when one last typed).
func (s *server) lastActivity(role class.Role, typed *activity) time.Time {
	last := typed.lastInput()
	if role == class.Presenter {
		return last
	}
	if s.presenting.Load() > 0 {
		return time.Now()
	}
	if p := time.Unix(0, s.presenterInput.Load()); p.After(last) {
		return p
	}
	return last
}

// presenterTyped notes that a presenter typed at t.
func (s *server) presenterTyped(t time.Time) {
	for {
		old := s.presenterInput.Load()
		if t.UnixNano() <= old || s.presenterInput.CompareAndSwap(old, t.UnixNano()) {
			return
		}
	}
}

// hangUp closes a session's connection: its channels end, a write that
// waits returns, and the program with them.
func hangUp(sess ssh.Session) {
	if c, ok := sess.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn); ok {
		_ = c.Close()
	}
}

func ptr[T any](v T) *T { return &v }
