package serve

import (
	"fmt"
	"math/rand/v2"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
)

// How connections are let in before they hold a session, as OpenSSH's
// sshd does (sshd_config(5)): MaxStartups start:rate:full refuses a new
// connection with probability rate % once start connections are logging
// in, rising linearly to every one at full; LoginGraceTime closes one that
// has not logged in by then. A connection that logged in but opens no
// session is still "logging in" here: it holds a place and a file
// descriptor, and is closed after loginGrace without one (sshd would keep
// it; a class has no use for it, and 300 of them were an attack).
var (
	startupStart = 32
	startupRate  = 30
	startupFull  = 128
	loginGrace   = 20 * time.Second
)

// presenterRoom is how many connections past the class's places the gate
// still takes: a presenter is always let in (admission.admit), and who
// presents is known only once a connection has logged in.
const presenterRoom = 8

// gate is the listener in front of the SSH server: it counts the
// connections open and those without a session, refuses past the limits
// above and past the file descriptors the class may hold, and closes a
// connection that opens no session in time.
type gate struct {
	net.Listener
	refusals *refusals

	mu      sync.Mutex
	open    int // connections open
	waiting int // of those, connections without a session
	maxOpen int // the most open at once: the class's places, logging-in and presenters' room
	closed  bool
	coin    func() int // 0–99, for MaxStartups' random early drop
}

// newGate guards ln for a class of maxPlaces places.
func newGate(ln net.Listener, maxPlaces int, r *refusals) *gate {
	return &gate{
		Listener: ln,
		refusals: r,
		maxOpen:  maxPlaces + startupFull + presenterRoom,
		coin:     func() int { return rand.IntN(100) },
	}
}

// Accept returns the next connection the limits let in; the others are
// closed at once, each refusal logged (refusals).
func (g *gate) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if why := g.admit(); why != "" {
			c.Close()
			g.refusals.add(why, c.RemoteAddr().String())
			continue
		}
		return g.track(c), nil
	}
}

// admit takes a place for a new connection, or says why there is none.
func (g *gate) admit() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.open >= g.maxOpen:
		return fmt.Sprintf("dropped: %d connections are open, the most this class holds", g.maxOpen)
	case g.waiting >= startupFull:
		return fmt.Sprintf("dropped: %d connections are logging in (MaxStartups %d:%d:%d)", startupFull, startupStart, startupRate, startupFull)
	case g.waiting >= startupStart:
		// sshd's random early drop: rate % at start, 100 % at full.
		p := startupRate + (100-startupRate)*(g.waiting-startupStart)/(startupFull-startupStart)
		if g.coin() < p {
			return fmt.Sprintf("dropped early: more than %d connections are logging in (MaxStartups %d:%d:%d)", startupStart, startupStart, startupRate, startupFull)
		}
	}
	g.open++
	g.waiting++
	return ""
}

// waitingNow is how many connections hold no session.
func (g *gate) waitingNow() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.waiting
}

// track wraps c, counted by admit: it gives its place back when closed,
// and is closed if it holds no session for loginGrace.
func (g *gate) track(c net.Conn) *conn {
	tc := &conn{Conn: c, g: g}
	tc.grace = time.AfterFunc(loginGrace, tc.expire)
	return tc
}

// conn is a connection the gate let in.
type conn struct {
	net.Conn
	g *gate

	mu       sync.Mutex
	sessions int
	closed   bool
	grace    *time.Timer
	logged   map[string]bool // what was logged of it, once each
	// keyless is when it logged in without a key (asked nothing), and
	// hadSession whether it ever opened a session: a client that refuses
	// such a login leaves at once, and is logged (Close).
	keyless    time.Time
	hadSession bool
}

// trivialLoginLeft is how soon after a login without a key a connection
// that opened nothing is taken for a client that refused it.
const trivialLoginLeft = 10 * time.Second

// loggedInWithoutKey notes that the connection logged in without a key.
func (c *conn) loggedInWithoutKey() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keyless = time.Now()
}

// connKey finds a connection's conn in its SSH context.
type connKey struct{}

// connOf is the conn a session came on (nil when the gate did not let it
// in: tests that serve without one).
func connOf(ctx ssh.Context) *conn {
	c, _ := ctx.Value(connKey{}).(*conn)
	return c
}

// opened counts a session of the connection: its first stops the grace.
func (c *conn) opened() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hadSession = true
	if c.sessions++; c.sessions == 1 && !c.closed {
		c.grace.Stop()
		c.g.mu.Lock()
		c.g.waiting--
		c.g.mu.Unlock()
	}
}

// ended counts the end of a session: a connection left without one waits
// again, for loginGrace at most.
func (c *conn) ended() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions--; c.sessions == 0 && !c.closed {
		c.g.mu.Lock()
		c.g.waiting++
		c.g.mu.Unlock()
		c.grace.Reset(loginGrace)
	}
}

// expire closes a connection that holds no session after loginGrace.
func (c *conn) expire() {
	c.mu.Lock()
	idle := c.sessions == 0 && !c.closed
	c.mu.Unlock()
	if idle {
		c.g.refusals.add(fmt.Sprintf("closed: no session opened within %s (LoginGraceTime)", short(loginGrace)), c.RemoteAddr().String())
		c.Close()
	}
}

// Close closes the connection once and gives its place back.
func (c *conn) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	c.grace.Stop()
	c.g.mu.Lock()
	c.g.open--
	if c.sessions == 0 {
		c.g.waiting--
	}
	c.g.mu.Unlock()
	refusedLogin := !c.keyless.IsZero() && !c.hadSession && time.Since(c.keyless) < trivialLoginLeft
	c.mu.Unlock()
	if refusedLogin {
		// plink -no-trivial-auth and dbclient's DisableTrivialAuth refuse
		// a login that asks nothing, and hang up: they need a key.
		c.g.refusals.add("left at once after a login without a key: a client that refuses a login that asks nothing (plink -no-trivial-auth, dbclient DisableTrivialAuth) joins with a key", c.RemoteAddr().String())
	}
	return c.Conn.Close()
}

// once reports whether what has not been said of the connection yet, and
// marks it said.
func (c *conn) once(what string) bool {
	if c == nil {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.logged[what] {
		return false
	}
	if c.logged == nil {
		c.logged = map[string]bool{}
	}
	c.logged[what] = true
	return true
}

// refusalWindow is how often a kind of refusal is logged at most: its
// first at once, then how many more came, once a window.
const refusalWindow = 10 * time.Second

// refusals logs the connections refused or closed before they held a
// session: the first of a kind at once, with its address, and the count
// of the others once a window, so that a flood of 20 000 connections
// is a few lines, not 20 000.
type refusals struct {
	printf func(format string, args ...any)

	mu      sync.Mutex
	counts  map[string]int // kind → refusals since its line, in this window
	flusher *time.Timer
	stopped bool
}

func newRefusals(printf func(string, ...any)) *refusals {
	return &refusals{printf: printf, counts: map[string]int{}}
}

// add counts one refusal of kind why, from addr.
func (r *refusals) add(why, addr string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	n, seen := r.counts[why]
	if !seen {
		r.printf("%s: %s", addr, why)
		r.counts[why] = 0
		if r.flusher == nil {
			r.flusher = time.AfterFunc(refusalWindow, r.flush)
		}
		return
	}
	r.counts[why] = n + 1
}

// flush logs how many more of each kind came in the window, and starts
// the next one.
func (r *refusals) flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flusher = nil
	for why, n := range r.counts {
		if n > 0 {
			r.printf("%d more connections %s, in the last %s", n, why, short(refusalWindow))
		}
	}
	clear(r.counts)
}

// stop logs what is left and stops logging.
func (r *refusals) stop() {
	r.mu.Lock()
	if r.flusher != nil {
		r.flusher.Stop()
	}
	r.mu.Unlock()
	r.flush()
	r.mu.Lock()
	r.stopped = true
	r.mu.Unlock()
}
