package serve

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/spf13/pflag"
	gossh "golang.org/x/crypto/ssh"

	"kernelscope/lab"
	"kernelscope/setup"
)

// The tests serve a class on a loopback port and connect to it with
// golang.org/x/crypto/ssh clients, each asking for a PTY of its size with
// TERM=xterm-256color; what the server sends goes through a terminal
// emulator (charmbracelet/x/vt), and the tests read its screen as a
// student would. They wait for what a screen shows, polling until
// patience runs out: no sleep is an assertion.

// patience bounds every wait for a screen, a count or an exit.
const patience = 20 * time.Second

// startRun is the class's run: the command line's flags, resolved as the
// terminal program resolves them (--steps too).
func startRun(t *testing.T, args ...string) lab.Options {
	t.Helper()
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	f := setup.Bind(fs, "serve", setup.Train)
	f.BindLearner()
	f.BindSession()
	steps := fs.Int("steps", 0, "")
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	o, err := f.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	o.Replay.Steps = *steps
	return o
}

// testClass is a server started for one test, stopped at its end.
type testClass struct {
	*server
	log *syncBuffer
}

// serveClass starts a class on a free loopback port, with the host key in
// a temporary directory; cfg's other fields are the test's.
func serveClass(t *testing.T, cfg Config) *testClass {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	if cfg.HostKeyPath == "" {
		cfg.HostKeyPath = filepath.Join(t.TempDir(), "state", "ssh_host_ed25519")
	}
	if cfg.Start.Dataset == "" && cfg.Start.Points == nil {
		cfg.Start = startRun(t, "--dataset", "xor")
	}
	log := &syncBuffer{}
	cfg.Log = log
	s, err := start(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.stop)
	return &testClass{server: s, log: log}
}

// newKey is a fresh ed25519 key.
func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// presenterFile writes keys' public halves as an authorized_keys file.
func presenterFile(t *testing.T, keys ...gossh.Signer) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("# the lecturer\n\n")
	for _, k := range keys {
		b.Write(gossh.MarshalAuthorizedKey(k.PublicKey()))
	}
	path := filepath.Join(t.TempDir(), "presenters.pub")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// endpoint is where a class is served, and the host key it answers with.
type endpoint struct {
	addr    string
	hostKey gossh.PublicKey
}

func (c *testClass) endpoint() endpoint { return endpoint{c.addr.String(), c.hostKey} }

func (c *testClass) dial(t *testing.T, user string, key gossh.Signer) (*gossh.Client, net.Conn) {
	t.Helper()
	return c.endpoint().dial(t, user, key)
}

func (c *testClass) join(t *testing.T, user string, key gossh.Signer, w, h int) *term {
	t.Helper()
	return c.endpoint().join(t, user, key, w, h)
}

// dial logs in as user with key (nil: keyboard-interactive, no key).
func (e endpoint) dial(t *testing.T, user string, key gossh.Signer) (*gossh.Client, net.Conn) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", e.addr, patience)
	if err != nil {
		t.Fatal(err)
	}
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}
	if key != nil {
		auth = []gossh.AuthMethod{gossh.PublicKeys(key)}
	}
	cc, chans, reqs, err := gossh.NewClientConn(conn, e.addr, &gossh.ClientConfig{
		User: user, Auth: auth, HostKeyCallback: gossh.FixedHostKey(e.hostKey), Timeout: patience,
	})
	if err != nil {
		conn.Close()
		t.Fatalf("logging in as %s: %v", user, err)
	}
	client := gossh.NewClient(cc, chans, reqs)
	t.Cleanup(func() { client.Close() })
	return client, conn
}

// term is a student's terminal: an SSH session with a PTY of a size,
// drawn by a terminal emulator.
type term struct {
	t      *testing.T
	conn   net.Conn
	client *gossh.Client
	sess   *gossh.Session
	mu     sync.Mutex // guards emu's screen
	emu    *vt.Emulator
	stderr syncBuffer
	done   chan struct{}
	err    error // the session's end (sess.Wait), once done
	once   sync.Once
	// drawn, when set, is told of every write the terminal drew, while the
	// screen is held (the load test times steps; a test keeps what a real
	// terminal takes and the emulator drops, OSC 52).
	drawn func(emu *vt.Emulator, b []byte)
	// own is set when the session is its connection's only one: once it
	// ends, the client hangs up, as ssh does.
	own bool
	// alt and mouse are whether the program left the terminal in the
	// alternate screen, and with mouse tracking on (guarded by mu).
	alt, mouse bool
}

// modeRE finds DEC private modes set (h) or reset (l).
var modeRE = regexp.MustCompile(`\x1b\[\?([0-9;]+)([hl])`)

// modes follows the alternate screen and mouse tracking through what the
// program writes.
func (tm *term) modes(b []byte) {
	for _, m := range modeRE.FindAllSubmatch(b, -1) {
		on := string(m[2]) == "h"
		for _, p := range strings.Split(string(m[1]), ";") {
			switch p {
			case "1049", "47", "1047":
				tm.alt = on
			case "1000", "1002", "1003":
				tm.mouse = on
			}
		}
	}
}

// given back reports whether the program gave the terminal back as it
// found it: the main screen, the mouse off, the cursor shown.
func (tm *term) givenBack() (bool, string) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	hidden := tm.emu.CursorHidden()
	return !tm.alt && !tm.mouse && !hidden, fmt.Sprintf("alternate screen %v, mouse tracking %v, cursor hidden %v", tm.alt, tm.mouse, hidden)
}

// join connects user with key at w×h and starts the class's program.
func (e endpoint) join(t *testing.T, user string, key gossh.Signer, w, h int) *term {
	t.Helper()
	return e.joinWatched(t, user, key, w, h, nil)
}

// joinWatched is join with drawn told of every write drawn.
func (e endpoint) joinWatched(t *testing.T, user string, key gossh.Signer, w, h int, drawn func(*vt.Emulator, []byte)) *term {
	t.Helper()
	client, conn := e.dial(t, user, key)
	tm := joinOn(t, client, conn, w, h, drawn)
	tm.own = true
	return tm
}

// joinOn starts the class's program in a new session of an open
// connection, at w×h.
func joinOn(t *testing.T, client *gossh.Client, conn net.Conn, w, h int, drawn func(*vt.Emulator, []byte)) *term {
	t.Helper()
	return joinTerm(t, client, conn, terminal{Type: "xterm-256color"}, w, h, drawn)
}

// terminal is what a client's session says of its terminal: the type its
// PTY request names (OpenSSH sends $TERM; plink sends "xterm" unless
// PuTTY's session says otherwise) and the variables it sends (env
// requests, as SendEnv and SetEnv do).
type terminal struct {
	Type string
	Env  map[string]string
}

// joinAs connects user with key at w×h from a terminal of the given
// kind, drawn told of every write drawn (nil: none).
func (e endpoint) joinAs(t *testing.T, user string, key gossh.Signer, kind terminal, w, h int, drawn func(*vt.Emulator, []byte)) *term {
	t.Helper()
	client, conn := e.dial(t, user, key)
	tm := joinTerm(t, client, conn, kind, w, h, drawn)
	tm.own = true
	return tm
}

// joinTerm is joinOn from a terminal of the given kind.
func joinTerm(t *testing.T, client *gossh.Client, conn net.Conn, kind terminal, w, h int, drawn func(*vt.Emulator, []byte)) *term {
	t.Helper()
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, conn: conn, client: client, sess: sess, emu: vt.NewEmulator(w, h), done: make(chan struct{}), drawn: drawn}
	for k, v := range kind.Env {
		if err := sess.Setenv(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := sess.RequestPty(kind.Type, h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	// What the server sends is drawn; what the terminal answers (its
	// replies to the program's queries) and the keys typed go back.
	sess.Stdout = writerFunc(tm.draw)
	sess.Stderr = &tm.stderr
	sess.Stdin = tm.input()
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() {
		tm.err = sess.Wait()
		close(tm.done)
	}()
	t.Cleanup(tm.close)
	return tm
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

func (tm *term) draw(b []byte) (int, error) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	tm.modes(b)
	_, _ = tm.emu.Write(b) // a closed terminal draws nothing
	if tm.drawn != nil {
		tm.drawn(tm.emu, b)
	}
	return len(b), nil
}

// input is what the terminal sends: its answers to the program's queries
// and the keys typed. The emulator answers within its Write, holding the
// screen: once the session no longer reads (it ended), its answers are
// dropped rather than left to block the screen.
func (tm *term) input() io.Reader {
	in := make(chan []byte, 64)
	go func() {
		defer close(in)
		buf := make([]byte, 4096)
		for {
			n, err := tm.emu.Read(buf)
			if err != nil {
				return
			}
			select {
			case in <- bytes.Clone(buf[:n]):
			default:
			}
		}
	}()
	return &chanReader{in: in}
}

// chanReader reads the byte slices of a channel, until it is closed.
type chanReader struct {
	in   <-chan []byte
	rest []byte
}

func (r *chanReader) Read(p []byte) (int, error) {
	if len(r.rest) == 0 {
		b, ok := <-r.in
		if !ok {
			return 0, io.EOF
		}
		r.rest = b
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// close hangs up and ends the terminal's input.
func (tm *term) close() {
	tm.once.Do(func() {
		tm.client.Close()
		// The emulator's input pipe, closed: the session's stdin copy
		// ends (Emulator.Close would race with its Read).
		tm.emu.InputPipe().(*io.PipeWriter).CloseWithError(io.EOF)
	})
}

// screen is what the terminal shows.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.emu.String()
}

// lines are the screen's lines, without trailing spaces.
func (tm *term) lines() []string {
	var out []string
	for _, l := range strings.Split(tm.screen(), "\n") {
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}

// press types keys, as the terminal would send them.
func (tm *term) press(keys string) { tm.emu.SendText(keys) }

// waitFor waits until the screen shows want and returns it.
func (tm *term) waitFor(want string) string {
	tm.t.Helper()
	return tm.waitUntil(want, func(s string) bool { return strings.Contains(s, want) })
}

// waitUntil waits until ok holds for the screen.
func (tm *term) waitUntil(what string, ok func(screen string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(patience)
	for {
		s := tm.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("the screen never showed %s:\n%s\nstderr: %q", what, s, tm.stderr.String())
		}
		select {
		case <-tm.done:
			if s := tm.screen(); ok(s) {
				return s
			}
			tm.t.Fatalf("the session ended (%v) before the screen showed %s:\n%s\nstderr: %q", tm.err, what, tm.screen(), tm.stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// stepRE finds the step the status line says the run is at.
var stepRE = regexp.MustCompile(`pass \d+, step (\d+)`)

// step is the step the screen shows (-1: none).
func step(screen string) int {
	m := stepRE.FindStringSubmatch(screen)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// waitStep waits until the screen shows step n.
func (tm *term) waitStep(n int) string {
	tm.t.Helper()
	return tm.waitUntil("step "+strconv.Itoa(n), func(s string) bool { return step(s) == n })
}

// wait waits for the session to end and returns its exit status (-1: it
// ended without one); a connection of its own then hangs up, as ssh does
// once its session has ended.
func (tm *term) wait() int {
	tm.t.Helper()
	select {
	case <-tm.done:
	case <-time.After(patience):
		tm.t.Fatalf("the session did not end:\n%s", tm.screen())
	}
	if tm.own {
		tm.client.Close()
	}
	return exitStatus(tm.err)
}

// exitStatus is the status a session ended with (-1: none, or an error).
func exitStatus(err error) int {
	var ee *gossh.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitStatus()
	}
	return -1
}

// syncBuffer is a buffer safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// eventually polls cond until it holds, failing with what after patience.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
