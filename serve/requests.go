package serve

import (
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// The environment a session may send (OpenSSH's SendEnv: LANG, LC_*,
// NO_COLOR, COLORTERM …): past it an env request is refused. 128 MB of
// env requests once raised the server from 89 to 344 MB.
const (
	maxEnv      = 64
	maxEnvBytes = 16 << 10
)

// notServed says, as the ssh man page does, what a client asked of the
// class besides its terminal program ("" for what is not forwarding or
// a subsystem): each is refused and logged once a connection. (A switch,
// not a map: serve builds nothing at start, startup_test.go.)
func notServed(request string) string {
	switch request {
	// session requests
	case "auth-agent-req@openssh.com":
		return "agent forwarding (ssh -A)"
	case "x11-req":
		return "X11 forwarding (ssh -X)"
	case "subsystem":
		return "a subsystem (sftp, scp -s)"
	// channels
	case "direct-tcpip":
		return "local port forwarding (ssh -L)"
	case "direct-streamlocal@openssh.com":
		return "local socket forwarding (ssh -L)"
	// global requests
	case "tcpip-forward":
		return "remote port forwarding (ssh -R)"
	case "streamlocal-forward@openssh.com":
		return "remote socket forwarding (ssh -R)"
	}
	return ""
}

// sessionChannel is charm.land/ssh's session channel, its requests read
// first: the environment is bounded, and agent and X11 forwarding and
// subsystems are refused here, and logged.
func (s *server) sessionChannel(srv *ssh.Server, c *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	ssh.DefaultSessionHandler(srv, c, &sessionRequests{NewChannel: ch, s: s, ctx: ctx}, ctx)
}

// sessionRequests is a session channel whose requests pass the server's
// filter (filter) before charm.land/ssh reads them.
type sessionRequests struct {
	gossh.NewChannel
	s   *server
	ctx ssh.Context
}

func (r *sessionRequests) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, in, err := r.NewChannel.Accept()
	if err != nil {
		return ch, in, err
	}
	out := make(chan *gossh.Request)
	go r.filter(in, out)
	return ch, out, nil
}

// filter passes the session's requests on, but for what it refuses. It
// waits for charm.land/ssh to take each one, which never waits on the
// program (a window size is kept, not sent: program.go).
func (r *sessionRequests) filter(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	envs, envBytes := 0, 0
	for req := range in {
		switch req.Type {
		case "env":
			envs, envBytes = envs+1, envBytes+len(req.Payload)
			if envs > maxEnv || envBytes > maxEnvBytes {
				r.s.logOnce(r.ctx, "env", "refused env requests past %d variables or %d KiB", maxEnv, maxEnvBytes>>10)
				_ = req.Reply(false, nil)
				continue
			}
		case "auth-agent-req@openssh.com", "x11-req", "subsystem":
			r.s.logOnce(r.ctx, req.Type, "refused: %s", notServed(req.Type))
			_ = req.Reply(false, nil)
			continue
		}
		out <- req
	}
}

// otherChannel refuses a channel that is not a session (port forwarding),
// and logs it once a connection.
func (s *server) otherChannel(_ *ssh.Server, _ *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	what := notServed(ch.ChannelType())
	if what == "" {
		what = "a channel of type " + ch.ChannelType()
	}
	s.logOnce(ctx, ch.ChannelType(), "refused: %s", what)
	_ = ch.Reject(gossh.Prohibited, "only the class is served here")
}

// globalRequest refuses a connection's global request (remote port
// forwarding), logging forwarding once a connection; a keepalive is
// answered no, as sshd answers what it does not know, without a word.
func (s *server) globalRequest(ctx ssh.Context, _ *ssh.Server, req *gossh.Request) (bool, []byte) {
	if what := notServed(req.Type); what != "" {
		s.logOnce(ctx, req.Type, "refused: %s", what)
	}
	return false, nil
}

// logOnce logs what a connection asked, the first time it asks it.
func (s *server) logOnce(ctx ssh.Context, kind, format string, args ...any) {
	if connOf(ctx).once(kind) {
		s.log.Printf("%s: "+format, append([]any{whoIn(ctx)}, args...)...)
	}
}
