package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"

	"kernelscope/class"
	"kernelscope/internal/heavy"
	"kernelscope/lab"
	"kernelscope/tui"
)

// How long a stopping server waits: for the programs to quit and the
// clients to hang up (told, each in its terminal), then for what is left
// once every connection is closed. Run returns within their sum, under
// the 5 s a service manager gives a SIGTERM.
const (
	hangUpWait = 3 * time.Second
	killWait   = time.Second
)

// writeStall is how long a write to a session may wait: a client that
// reads nothing for that long (its SSH window full) holds its program's
// renderer, and its connection is closed, its seat freed.
var writeStall = 10 * time.Second

// server is a class being served.
type server struct {
	cfg        Config
	class      *class.Class
	presenters presenters
	admission  *admission
	display    tui.Display
	log        *log.Logger

	srv    *ssh.Server
	addr   *net.TCPAddr
	served chan error // Serve's end

	hostKey     gossh.PublicKey
	keyMade     bool
	studentLine string // ssh -p PORT HOST

	gate     *gate     // the listener, and the connections logging in
	refusals *refusals // connections refused before a session, logged in few lines
	sizes    sync.Map  // ssh.Session → *windowSizes, from its PTY request
	// presenting counts the presenters' sessions; presenterInput is when
	// one last typed (unix ns): a follower is not idle while a presenter
	// is there, nor for --idle after one last typed.
	presenting     atomic.Int32
	presenterInput atomic.Int64
	watchEvery     time.Duration // how often a session's limits are looked at

	// mu guards run, the programs being served (live) and whether the
	// server is stopping; programs counts them.
	mu sync.Mutex
	// run runs a session's program; tests put a failing one in its place.
	run      func(*tui.Seated) error
	live     map[*live]bool
	stopping bool
	programs sync.WaitGroup
}

// live is a program being served, as the server ends it.
type live struct {
	prog *tea.Program
	kill context.CancelFunc
	role class.Role
	why  atomic.Pointer[string] // why the server ended it ("": it did not)
}

// end asks the program to quit, for the reason why, which its session is
// told once the terminal is given back; only the first reason counts
// (ended reports whether it was this one).
func (l *live) end(why string) (ended bool) {
	if !l.why.CompareAndSwap(nil, &why) {
		return false
	}
	go l.prog.Quit() // returns once the program took it or ended
	return true
}

// reason is why the server ended the program ("": it did not).
func (l *live) reason() string {
	if w := l.why.Load(); w != nil {
		return *w
	}
	return ""
}

// Run serves a class until ctx is done: it says on out the host key's
// fingerprint, the line students type and who presents, then serves; once
// ctx is done every session is told the class has ended and closed, and
// Run returns nil within 5 s. A class that cannot start (the presenter
// keys, the host key, the address, the starting run) is an error before
// anything is served.
func Run(ctx context.Context, cfg Config, out io.Writer) error {
	s, err := start(ctx, cfg)
	if err != nil {
		return err
	}
	if err := s.greet(out); err != nil {
		s.stop()
		return fmt.Errorf("writing the output: %w", err)
	}
	select {
	case <-ctx.Done():
	case err := <-s.served:
		// The listener failed under the server (not closed by stop).
		s.served <- err
		s.stop()
		return fmt.Errorf("serving %s: %w", s.addr, err)
	}
	s.stop()
	return nil
}

// start checks what the class needs, opens its run and listens.
func start(ctx context.Context, cfg Config) (*server, error) {
	cfg = cfg.withDefaults()
	// The heavy work of every session (a field for a new size, the
	// feature view, Mercer's check, the approximate boundary,
	// cross-validation, opening the presenter's run) takes one of a slot
	// per core, so that sixty sessions starting it at once do not take
	// every session's keys with them.
	heavy.SetLimit(runtime.GOMAXPROCS(0))
	s := &server{
		cfg:       cfg,
		admission: newAdmission(cfg.MaxSessions, cfg.MaxPerKey),
		display:   cfg.Display,
		log:       log.New(cfg.Log, "", log.LstdFlags),
		run:       (*tui.Seated).Run,
		live:      map[*live]bool{},
		served:    make(chan error, 1),
	}
	s.display.Progress = nil // a replay draws on no one's terminal
	s.refusals = newRefusals(s.log.Printf)
	s.watchEvery = min(time.Second, cfg.Idle/4, cfg.MaxTime/4)
	if cfg.PresenterKeys != "" {
		p, err := readPresenters(cfg.PresenterKeys)
		if err != nil {
			return nil, err
		}
		s.presenters = p
	}
	// The starting run is opened once here, as a session file would hold
	// it: a --steps or --session that does not replay is said now, and
	// every seat opens the same state, without the server's paths.
	run, err := lab.OpenSession(ctx, cfg.Start, nil)
	if err != nil {
		return nil, fmt.Errorf("the class's run: %w", err)
	}
	startRun := run.Snapshot()
	startRun.Session = ""
	s.class = class.New(startRun)

	signer, made, err := hostKey(cfg.HostKeyPath)
	if err != nil {
		return nil, err
	}
	s.hostKey, s.keyMade = signer.PublicKey(), made
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", cfg.Listen, err)
	}
	s.addr = ln.Addr().(*net.TCPAddr)
	s.studentLine = studentLine(s.addr)
	s.gate = newGate(ln, cfg.MaxSessions, s.refusals)
	s.admission.waiting = s.gate.waitingNow
	srv, err := s.sshServer()
	if err != nil {
		ln.Close()
		return nil, err
	}
	s.srv = srv
	go func() { s.served <- s.srv.Serve(s.gate) }()
	return s, nil
}

// sshServer is Charm's SSH server, made through wish, for the class: the
// host key exists by now (hostKey made it, 0600, its directory 0700 only
// if new), so wish.WithHostKeyPath only reads it (its own key maker would
// chmod the key's directory to 0700 whatever it is: --host-key ./key
// would lock the working directory). Sessions are the class's (handle),
// their requests filtered first (requests.go); every other channel and
// request is refused and logged. No timeout of the connection's own is
// set: the idle and the whole time end a session cleanly, its terminal
// given back (watch), and a connection without a session is closed by
// the gate.
func (s *server) sshServer() (*ssh.Server, error) {
	srv, err := wish.NewServer(
		wish.WithHostKeyPath(s.cfg.HostKeyPath),
		wish.WithPublicKeyAuth(anyKey),
		wish.WithKeyboardInteractiveAuth(anyone),
		wish.WithVersion("kernelscope"),
		wish.WithMiddleware(func(ssh.Handler) ssh.Handler { return s.handle }),
	)
	if err != nil {
		return nil, fmt.Errorf("the SSH server: %w", err)
	}
	srv.HandshakeTimeout = loginGrace
	srv.ConnCallback = func(ctx ssh.Context, c net.Conn) net.Conn {
		if tc, ok := c.(*conn); ok {
			ctx.SetValue(connKey{}, tc)
		}
		return c
	}
	srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel, "default": s.otherChannel}
	srv.RequestHandlers = map[string]ssh.RequestHandler{"default": s.globalRequest}
	// A session's window sizes are taken from its PTY request on (the
	// PTY handler sees the session), never by the handler that starts
	// later: a resize before the shell would otherwise wait for it.
	var emulated ssh.Server
	if err := ssh.EmulatePty()(&emulated); err != nil {
		return nil, fmt.Errorf("the SSH server: %w", err)
	}
	emulate := emulated.PtyHandler
	srv.PtyHandler = func(ctx ssh.Context, sess ssh.Session, pty ssh.Pty) (func() error, error) {
		done, err := emulate(ctx, sess, pty)
		if err != nil {
			return done, err
		}
		if _, win, ok := sess.Pty(); ok {
			sizes := newWindowSizes()
			s.sizes.Store(sess, sizes)
			go sizes.follow(win)
		}
		return func() error { s.sizes.Delete(sess); return done() }, nil
	}
	return srv, nil
}

// windowSizes are the sizes of sess's window (nil without a PTY).
func (s *server) windowSizes(sess ssh.Session) *windowSizes {
	w, _ := s.sizes.Load(sess)
	sizes, _ := w.(*windowSizes)
	return sizes
}

// joinLine is how to join with OpenSSH and with PuTTY, whose port flag is
// -P: "ssh -t -p 2222 host (PuTTY: plink -t -P 2222 host)" for flag -t.
func (s *server) joinLine(flag string) string {
	ssh, plink := s.studentLine, "plink"+strings.TrimPrefix(strings.Replace(s.studentLine, " -p ", " -P ", 1), "ssh")
	if flag != "" {
		ssh = "ssh " + flag + strings.TrimPrefix(ssh, "ssh")
		plink = "plink " + flag + strings.TrimPrefix(plink, "plink")
	}
	return ssh + " (PuTTY: " + plink + ")"
}

// studentLine is the command students type to join: ssh with the port
// and the host, or this machine's name when it listens on every address.
func studentLine(addr *net.TCPAddr) string {
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		host = "HOST"
		if h, err := os.Hostname(); err == nil && h != "" {
			host = h
		}
	}
	if addr.Port == 22 {
		return "ssh " + host
	}
	return "ssh -p " + strconv.Itoa(addr.Port) + " " + host
}

// greet says how to join the class.
func (s *server) greet(out io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "kernelscope serve: a class on %s\n", s.addr)
	made := ""
	if s.keyMade {
		made = ", made now"
	}
	fmt.Fprintf(&b, "  host key   %s (%s%s)\n", gossh.FingerprintSHA256(s.hostKey), s.cfg.HostKeyPath, made)
	if w := hostKeyWarning(s.cfg.HostKeyPath); w != "" {
		fmt.Fprintf(&b, "  %s\n", w)
	}
	fmt.Fprintf(&b, "  students   %s\n", s.studentLine)
	switch n := len(s.presenters); n {
	case 0:
		b.WriteString("  presenter  none (no --presenter-keys): the class shows the starting run, and no one changes it\n")
	default:
		keys := "1 key"
		if n > 1 {
			keys = fmt.Sprintf("%d keys", n)
		}
		fmt.Fprintf(&b, "  presenter  %s in %s: ssh -o IdentitiesOnly=yes -i YOUR_KEY%s\n", keys, s.cfg.PresenterKeys, strings.TrimPrefix(s.studentLine, "ssh"))
	}
	fmt.Fprintf(&b, "  limits     %d places (a session, or a connection yet to open one), %d sessions a key; a session ends after %s idle, %s in all\n",
		s.cfg.MaxSessions, s.cfg.MaxPerKey, short(s.cfg.Idle), short(s.cfg.MaxTime))
	if w := fdWarning(s.gate.maxOpen); w != "" {
		fmt.Fprintf(&b, "  %s\n", w)
	}
	if s.addr.IP.IsLoopback() {
		fmt.Fprintf(&b, "  %s is this machine only: --listen 0.0.0.0:%d serves the network\n", s.addr.IP, s.addr.Port)
	}
	b.WriteString("ctrl+c ends the class.\n")
	_, err := io.WriteString(out, b.String())
	return err
}

// short writes a duration without its zero tails: 45m, 4h, 1h30m.
func short(d time.Duration) string {
	t := d.String()
	if strings.HasSuffix(t, "m0s") {
		t = strings.TrimSuffix(t, "0s")
	}
	if strings.HasSuffix(t, "h0m") {
		t = strings.TrimSuffix(t, "0m")
	}
	return t
}

// runner is how a session's program is run.
func (s *server) runner() func(*tui.Seated) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.run
}

// enter records a session's program, unless the server is stopping.
func (s *server) enter(prog *tea.Program, kill context.CancelFunc, role class.Role) (*live, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopping {
		return nil, false
	}
	l := &live{prog: prog, kill: kill, role: role}
	s.live[l] = true
	s.programs.Add(1)
	if role == class.Presenter {
		s.presenting.Add(1)
	}
	return l, true
}

// exit forgets a program that ended.
func (s *server) exit(l *live) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.live, l)
	s.programs.Done()
	if l.role == class.Presenter {
		s.presenting.Add(-1)
	}
}

// stop ends the class: no one is let in, every program quits (giving its
// terminal back) and its session is told why, the clients hang up or are
// hung up on, and what is left is killed.
func (s *server) stop() {
	s.admission.close()
	s.mu.Lock()
	s.stopping = true
	for l := range s.live {
		l.end(classEnded)
	}
	s.mu.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), hangUpWait)
	defer cancel()
	if err := s.srv.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		s.log.Printf("stopping: %v", err)
	}
	_ = s.srv.Close()
	s.mu.Lock()
	for l := range s.live {
		l.kill()
	}
	s.mu.Unlock()
	wait(&s.programs, killWait)
	<-s.served
	s.refusals.stop()
}

// wait waits for wg, for d at most.
func wait(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}
