package serve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"kernelscope/class"
	"kernelscope/internal/heavy"
	"kernelscope/tui"
)

// state is the class's shared run now (read through a seat that joins
// and leaves at once).
func (c *testClass) state() class.State {
	s := c.class.Join("probe", "", class.Follower)
	defer s.Leave()
	return s.State()
}

// TestPresenterAndFollowerByKey: the connection whose key is in the
// presenter keys file presents; one with another key, and one without a
// key, follow, named by their keys' fingerprints.
func TestPresenterAndFollowerByKey(t *testing.T) {
	lecturer, alice := newKey(t), newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	if got, want := heavy.Limit(), runtime.GOMAXPROCS(0); got != want {
		t.Errorf("heavy jobs at once: %d, want one a core (%d)", got, want)
	}
	p := c.join(t, "lecturer", lecturer, 100, 30)
	p.waitFor("presenting · 0 watching") // seated first, as the log says
	a := c.join(t, "alice", alice, 80, 24)
	b := c.join(t, "bob", nil, 80, 24)
	p.waitFor("presenting · 2 watching")
	a.waitFor("following lecturer · 2 watching")
	b.waitFor("following lecturer · 2 watching")
	// The presenter's steps are everyone's.
	p.press("  ")
	a.waitStep(2)
	b.waitStep(2)
	for _, want := range []string{
		"lecturer (" + gossh.FingerprintSHA256(lecturer.PublicKey()) + ", 127.0.0.1:",
		"joined as presenter #1",
		"alice (" + gossh.FingerprintSHA256(alice.PublicKey()) + ", 127.0.0.1:",
		"bob (no key, 127.0.0.1:",
	} {
		if !strings.Contains(c.log.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, c.log.String())
		}
	}
	if n := strings.Count(c.log.String(), "joined as follower"); n != 2 {
		t.Errorf("%d followers joined, want 2:\n%s", n, c.log.String())
	}
}

// TestNoPresenter: without --presenter-keys every connection follows, the
// starting run, and its keys change only its own copy.
func TestNoPresenter(t *testing.T) {
	c := serveClass(t, Config{Start: startRun(t, "--dataset", "xor", "--steps", "3")})
	a := c.join(t, "alice", newKey(t), 80, 24)
	a.waitFor("following the lecture · 1 watching")
	a.waitStep(3)
	a.press(" ")
	a.waitFor("on your own")
	a.waitStep(4)
	if st := c.state(); st.Seq != 0 || st.Run.Replay.Steps != 3 {
		t.Errorf("a follower moved the class's run: seq %d, step %d; want the start, step 3", st.Seq, st.Run.Replay.Steps)
	}
}

// TestFollowerBreaksAwayAndRejoins: a follower's space steps its own copy
// (the presenter's run does not move, and the follower's status says how
// to rejoin); j shows the presenter's run as it is now, and follows it
// again.
func TestFollowerBreaksAwayAndRejoins(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	f := c.join(t, "alice", newKey(t), 80, 24)
	f.waitFor("following lecturer")
	p.press("  ")
	f.waitStep(2)

	f.press(" ")
	f.waitFor("on your own — j rejoins the lecture")
	f.waitStep(3)
	// The follower's key was handled (its screen says so): had it moved
	// the shared run, the class would say so now.
	if st := c.state(); st.Run.Replay.Steps != 2 {
		t.Fatalf("a follower's space moved the presenter's run to step %d, want 2", st.Run.Replay.Steps)
	}
	p.waitStep(2)
	// The presenter steps on; the follower on its own stays where it went.
	p.press("   ")
	p.waitStep(5)
	if s := f.screen(); step(s) != 3 || !strings.Contains(s, "on your own") {
		t.Errorf("a follower on its own moved with the presenter:\n%s", s)
	}

	f.press("j")
	f.waitFor("following lecturer")
	f.waitStep(5)
	p.press(" ")
	f.waitStep(6)
}

// TestLateJoiner: a follower that joins after the presenter stepped sees
// the run as it is now.
func TestLateJoiner(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	p.waitFor("presenting · 0 watching")
	p.press("     ")
	p.waitStep(5)
	f := c.join(t, "late", newKey(t), 80, 24)
	f.waitFor("following lecturer · 1 watching")
	f.waitStep(5)
}

// mistakesRE finds the status line's mistake counts.
var mistakesRE = regexp.MustCompile(`mistakes: \d+ this pass, \d+ in all`)

// width is the widest line of a screen, in cells.
func width(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, ansi.StringWidth(l))
	}
	return w
}

// TestFollowersAtTheirOwnSizes: two followers, at 80×24 and 160×48, draw
// the same state, each across its own width.
func TestFollowersAtTheirOwnSizes(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 120, 40)
	small := c.join(t, "small", newKey(t), 80, 24)
	big := c.join(t, "big", newKey(t), 160, 48)
	small.waitFor("following lecturer · 2 watching")
	big.waitFor("following lecturer · 2 watching")
	p.press("    ")
	s1, s2 := small.waitStep(4), big.waitStep(4)
	m1, m2 := mistakesRE.FindString(s1), mistakesRE.FindString(s2)
	if m1 == "" || m1 != m2 {
		t.Errorf("the followers show different states: %q and %q", m1, m2)
	}
	if w := width(small.lines()); w != 80 {
		t.Errorf("the 80-column follower draws %d columns:\n%s", w, s1)
	}
	if w := width(big.lines()); w != 160 {
		t.Errorf("the 160-column follower draws %d columns:\n%s", w, s2)
	}
	if n := len(big.lines()); n < 40 {
		t.Errorf("the 48-line follower draws %d lines", n)
	}
	// A window that changes size is drawn again at the new size.
	big.emu.Resize(100, 30)
	if err := big.sess.WindowChange(30, 100); err != nil {
		t.Fatal(err)
	}
	big.waitUntil("100 columns", func(string) bool { return width(big.lines()) == 100 })
}

// TestFollowerWritesNothing: w, F and R (on a run no flags recreate, so a
// session file would be written) write no file on the server for a
// follower, and say why; the presenter's F, in the same directory, does.
func TestFollowerWritesNothing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 160, 48)
	f := c.join(t, "alice", newKey(t), 160, 48)
	f.waitFor("following lecturer")

	f.press("w")
	f.waitFor("w would write a file on the lecturer's machine")
	f.press("F")
	f.waitFor("F would write a file on the lecturer's machine")
	f.press("o") // a point of its own: no flags recreate the run
	f.waitFor("on your own")
	f.press("R")
	f.waitFor("R (a session file) would write a file on the lecturer's machine")
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("a follower's keys wrote %v in the server's directory", entries)
	}

	p.press("F")
	p.waitFor("figure of step 0 written to")
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || !strings.HasSuffix(entries[0].Name(), ".png") {
		t.Errorf("the presenter's F wrote %v (%v), want one PNG", entries, err)
	}
}

// TestOnlyTheClassIsServed: a command is refused in one line on stderr
// with exit status 1, and runs nothing; so is a session without a
// terminal, and a subsystem (sftp), agent and X11 forwarding and port
// forwarding are refused by the protocol.
func TestOnlyTheClassIsServed(t *testing.T) {
	c := serveClass(t, Config{})
	client, _ := c.dial(t, "mallory", newKey(t))

	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr syncBuffer
	sess.Stdout, sess.Stderr = &stdout, &stderr
	err = sess.Run("trace --data /etc/passwd")
	// Every refusal line ends in CR LF, and names the way in for OpenSSH
	// and for PuTTY, whose port flag is -P (issue 40: plink drew a bare
	// LF as a staircase).
	want := "kernelscope: only the class is served here, no commands: connect with ssh -p " + portOf(c) + " 127.0.0.1 (PuTTY: plink -P " + portOf(c) + " 127.0.0.1)\r\n"
	if exitStatus(err) != 1 || stdout.String() != "" || stderr.String() != want {
		t.Errorf("a command: exit %d (%v), stdout %q, stderr %q; want exit 1 and %q", exitStatus(err), err, stdout.String(), stderr.String(), want)
	}

	sess, err = client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	stderr = syncBuffer{}
	sess.Stderr = &stderr
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	err = sess.Wait()
	if want := "connect with ssh -t -p " + portOf(c) + " 127.0.0.1 (PuTTY: plink -t -P " + portOf(c) + " 127.0.0.1)\r\n"; exitStatus(err) != 1 || !strings.HasSuffix(stderr.String(), want) || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("no terminal: exit %d, stderr %q", exitStatus(err), stderr.String())
	}

	// The rest is refused by the protocol, and each kind logged once a
	// connection however often it is asked (issue 33: it was refused
	// without a word).
	for range 2 {
		sess, err = client.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := sess.RequestSubsystem("sftp"); err == nil {
			t.Error("the sftp subsystem was accepted")
		}
		sess.Close()
		sess, err = client.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		for _, req := range []string{"auth-agent-req@openssh.com", "x11-req"} {
			if ok, err := sess.SendRequest(req, true, nil); ok || err != nil {
				t.Errorf("%s: accepted %v, %v; want refused", req, ok, err)
			}
		}
		sess.Close()
		if conn, err := client.Dial("tcp", c.addr.String()); err == nil {
			conn.Close()
			t.Error("a local port forwarding was accepted")
		}
		if ln, err := client.Listen("tcp", "127.0.0.1:0"); err == nil {
			ln.Close()
			t.Error("a remote port forwarding was accepted")
		}
	}

	if n := c.class.Seats(); n != 0 {
		t.Errorf("%d seats after refusals, want 0", n)
	}
	log := c.log.String()
	for _, what := range []string{"a command", "no terminal", "a subsystem (sftp, scp -s)", "agent forwarding (ssh -A)", "X11 forwarding (ssh -X)", "local port forwarding (ssh -L)", "remote port forwarding (ssh -R)"} {
		if n := strings.Count(log, "refused: "+what+"\n"); n != 1 {
			t.Errorf("the log says %q %d times, want once:\n%s", "refused: "+what, n, log)
		}
	}
	if n := strings.Count(log, "refused"); n != 7 {
		t.Errorf("the log has %d refusals, want 7:\n%s", n, log)
	}
}

func portOf(c *testClass) string { return strconv.Itoa(c.addr.Port) }

// refused waits for a session to end refused, and checks its one line.
func refused(t *testing.T, tm *term, want string) {
	t.Helper()
	if code := tm.wait(); code != 1 {
		t.Errorf("exit status %d, want 1 (stderr %q)", code, tm.stderr.String())
	}
	if got := tm.stderr.String(); got != "kernelscope: "+want+"\r\n" {
		t.Errorf("stderr %q, want the line %q", got, want)
	}
}

// TestMaxSessions: past --max-sessions a follower is refused politely;
// the presenter is still let in, and a place that frees is taken again.
func TestMaxSessions(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer), MaxSessions: 2})
	a := c.join(t, "a", newKey(t), 80, 24)
	b := c.join(t, "b", nil, 80, 24)
	a.waitFor("following")
	b.waitFor("following")
	refused(t, c.join(t, "c", newKey(t), 80, 24), "the class is full: all 2 places are taken; try again later")
	p := c.join(t, "lecturer", lecturer, 100, 30)
	p.waitFor("presenting · 2 watching")

	a.press("q")
	if code := a.wait(); code != 0 {
		t.Errorf("q: exit status %d", code)
	}
	p.waitFor("presenting · 1 watching")
	// Two sessions still: the presenter is counted.
	refused(t, c.join(t, "d", newKey(t), 80, 24), "the class is full: all 2 places are taken; try again later")
	b.press("q")
	b.wait() // and its client hangs up: the place is free once the server sees it
	eventually(t, "b's connection is closed", func() bool { return c.gate.waitingNow() == 0 })
	c.join(t, "e", newKey(t), 80, 24).waitFor("following lecturer · 1 watching")
}

// TestMaxPerKey: one key holds at most MaxPerKey sessions; sessions
// without a key are limited only by the total (a class behind one NAT
// shares an address, never a key).
func TestMaxPerKey(t *testing.T) {
	c := serveClass(t, Config{MaxPerKey: 1})
	k := newKey(t)
	c.join(t, "a", k, 80, 24).waitFor("following")
	refused(t, c.join(t, "a", k, 80, 24), "this key is in the class 1 times already, the most one key may be; close a session of it and try again")
	c.join(t, "b", newKey(t), 80, 24).waitFor("following")
	c.join(t, "x", nil, 80, 24).waitFor("following")
	c.join(t, "y", nil, 80, 24).waitFor("following the lecture · 4 watching")
}

// TestTimeouts: a connection that carries nothing for --idle is closed,
// TestTimeouts: --idle and --max-time end a session as SIGTERM does: the
// program quits and gives the terminal back (the main screen, the mouse
// off, the cursor shown), one line says why, and the place is free
// (issue 33: the connection was cut, the terminal left in the alternate
// screen, and the log said "the client hung up").
func TestTimeouts(t *testing.T) {
	ended := func(t *testing.T, c *testClass, tm *term, why string) {
		t.Helper()
		if code := tm.wait(); code != 0 {
			t.Errorf("exit status %d, want 0", code)
		}
		if ok, state := tm.givenBack(); !ok {
			t.Errorf("the terminal was not given back: %s", state)
		}
		if got, want := tm.stderr.String(), "kernelscope: "+why+"\r\n"; got != want {
			t.Errorf("stderr %q, want %q", got, want)
		}
		eventually(t, "the log says why", func() bool { return strings.Contains(c.log.String(), ": ended: "+why) })
		if strings.Contains(c.log.String(), "hung up") {
			t.Errorf("the log says the client hung up:\n%s", c.log.String())
		}
		eventually(t, "the place is free", func() bool { return c.admission.sessions() == 0 && c.class.Seats() == 0 })
	}
	t.Run("idle", func(t *testing.T) {
		c := serveClass(t, Config{Idle: 300 * time.Millisecond})
		f := c.join(t, "sleepy", newKey(t), 80, 24)
		f.waitFor("following")
		ended(t, c, f, "idle for 300ms (--idle): the session has ended; connect again to rejoin")
	})
	t.Run("max time", func(t *testing.T) {
		lecturer := newKey(t)
		c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer), MaxTime: time.Second})
		p := c.join(t, "lecturer", lecturer, 80, 24)
		p.waitFor("presenting")
		p.press("p") // autoplay: the connection is never idle
		ended(t, c, p, "the class's 1s are up (--max-time): the session has ended")
	})
}

// TestIdleIsTheClasss: a follower watching a paused lecture is not idle
// while the presenter is there, however long it types nothing; once the
// presenter has gone, it is idle --idle after the presenter last typed.
func TestIdleIsTheClasss(t *testing.T) {
	lecturer := newKey(t)
	const idle = 600 * time.Millisecond
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer), Idle: idle})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	p.waitFor("presenting · 0 watching")
	f := c.join(t, "watcher", newKey(t), 80, 24)
	f.waitFor("following lecturer · 1 watching")
	// The presenter types now and then; the follower never does.
	for range 8 {
		time.Sleep(idle / 3)
		p.press("?")
	}
	select {
	case <-f.done:
		t.Fatalf("the follower ended while the presenter was there: %q", f.stderr.String())
	default:
	}
	// Even a presenter that types nothing keeps its class: wait past
	// --idle with no key at all.
	p.press("q")
	p.wait()
	begun := time.Now()
	f.wait()
	if waited := time.Since(begun); waited > idle+2*time.Second {
		t.Errorf("the follower ended %v after the presenter left, want about --idle (%v)", waited, idle)
	}
	if !strings.Contains(f.stderr.String(), "idle for 600ms") {
		t.Errorf("stderr %q", f.stderr.String())
	}
}

// TestAbruptDisconnect: clients whose TCP connections close without an
// SSH goodbye (a network drop, kill -9 of ssh) leave: their places, their
// seats and their goroutines are released, and the others see fewer
// watching.
func TestAbruptDisconnect(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	p.waitFor("presenting · 0 watching")
	before := runtime.NumGoroutine()

	var fs []*term
	for _, name := range []string{"a", "b", "c"} {
		fs = append(fs, c.join(t, name, newKey(t), 80, 24))
	}
	p.waitFor("presenting · 3 watching")
	p.press(" ")
	for _, f := range fs {
		f.waitStep(1)
	}
	for _, f := range fs {
		f.conn.Close()
		f.close()
	}
	p.waitFor("presenting · 0 watching")
	eventually(t, "the places are free", func() bool { return c.admission.sessions() == 1 && c.class.Seats() == 1 })
	var now int
	deadline := time.Now().Add(patience)
	for now = runtime.NumGoroutine(); now > before && time.Now().Before(deadline); now = runtime.NumGoroutine() {
		time.Sleep(10 * time.Millisecond)
	}
	if now > before {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the clients vanished, %d before:\n%s", now, before, buf[:runtime.Stack(buf, true)])
	}
	if n := strings.Count(c.log.String(), "left (the client hung up)"); n != 3 {
		t.Errorf("the log says %d left, want 3:\n%s", n, c.log.String())
	}
}

// TestPanicEndsOneSession: a panic while serving a session (in the
// handler, or one the program's guard caught) ends that session only,
// with one line to it and one in the log, no stack trace; the others go
// on, and new ones are served.
func TestPanicEndsOneSession(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	f := c.join(t, "alice", newKey(t), 80, 24)
	f.waitFor("following lecturer · 1 watching")

	var fail atomic.Int32 // 1: panic in the handler; 2: the program's guard caught one
	c.mu.Lock()
	run := c.run
	c.run = func(s *tui.Seated) error {
		switch fail.Swap(0) {
		case 1:
			panic("boom in the handler")
		case 2:
			go s.Program().Quit()
			_ = s.Run()
			return &tui.PanicError{Value: "boom in the program"}
		}
		return run(s)
	}
	c.mu.Unlock()
	fail.Store(1)
	refused(t, c.join(t, "boom1", newKey(t), 80, 24), (&tui.PanicError{Value: "boom in the handler"}).Error())
	fail.Store(2)
	refused(t, c.join(t, "boom2", newKey(t), 80, 24), (&tui.PanicError{Value: "boom in the program"}).Error())

	p.press(" ")
	f.waitStep(1)
	c.join(t, "later", newKey(t), 80, 24).waitStep(1)
	p.waitFor("presenting · 2 watching")
	log := c.log.String()
	for _, boom := range []string{"boom in the handler", "boom in the program"} {
		if n := strings.Count(log, boom); n != 1 {
			t.Errorf("the log says %q %d times, want once:\n%s", boom, n, log)
		}
	}
	if strings.Contains(log, "goroutine ") || strings.Contains(log, ".go:") {
		t.Errorf("a stack trace in the log:\n%s", log)
	}
}

// TestRun: Run says the host key's fingerprint (a key it made, readable by
// its owner only, in a directory it made 0700), the line students type
// with the port it bound and who presents; once its context is done it
// tells every session the class has ended, gives each terminal back, and
// returns nil within 5 s.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	keyPath := filepath.Join(dir, "state", "kernelscope", "ssh_host_ed25519")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Config{Listen: "127.0.0.1:0", HostKeyPath: keyPath, Start: startRun(t, "--dataset", "xor")}, &out)
	}()
	eventually(t, "Run greets", func() bool { return strings.Contains(out.String(), "ctrl+c ends the class") })
	greeting := out.String()
	port := regexp.MustCompile(`students   ssh -p (\d+) 127\.0\.0\.1\n`).FindStringSubmatch(greeting)
	if port == nil || port[1] == "0" {
		t.Fatalf("no student line with the bound port:\n%s", greeting)
	}
	for _, want := range []string{"host key   SHA256:", keyPath + ", made now)", "presenter  none (no --presenter-keys)", "100 places (a session, or a connection yet to open one), 4 sessions a key", "45m idle, 4h in all", "is this machine only"} {
		if !strings.Contains(greeting, want) {
			t.Errorf("the greeting lacks %q:\n%s", want, greeting)
		}
	}
	data, err := os.ReadFile(keyPath)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(greeting, gossh.FingerprintSHA256(signer.PublicKey())) {
		t.Errorf("the greeting does not give the key's fingerprint %s", gossh.FingerprintSHA256(signer.PublicKey()))
	}
	for path, mode := range map[string]os.FileMode{keyPath: 0o600, filepath.Dir(keyPath): 0o700} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != mode {
			t.Errorf("%s: mode %v (%v), want %v", path, fi.Mode().Perm(), err, mode)
		}
	}

	ep := endpoint{"127.0.0.1:" + port[1], signer.PublicKey()}
	f := ep.join(t, "alice", newKey(t), 80, 24)
	f.waitFor("following the lecture")
	if !f.emu.IsAltScreen() {
		t.Fatal("the program is not on the alternate screen")
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return within 5 s of its context's end")
	}
	if code := f.wait(); code != 0 {
		t.Errorf("the session ended with %d, want 0", code)
	}
	if got := f.stderr.String(); got != "kernelscope: "+classEnded+"\r\n" {
		t.Errorf("the session was told %q", got)
	}
	if f.emu.IsAltScreen() {
		t.Error("the terminal was not given back (still on the alternate screen)")
	}
}

// TestStartErrors: what keeps a class from starting is said in one line,
// before anything is served.
func TestStartErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	key := filepath.Join(dir, "host")
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"missing presenter keys", Config{PresenterKeys: filepath.Join(dir, "none.pub")}, "--presenter-keys: open " + filepath.Join(dir, "none.pub") + ": no such file"},
		{"empty presenter keys", Config{PresenterKeys: write("empty.pub", "# nobody yet\n\n")}, "holds no public key"},
		{"not a key", Config{PresenterKeys: write("bad.pub", "# the lecturer\nssh-ed25519 not-base64\n")}, "line 2 is not a public key"},
		{"host key not a key", Config{HostKeyPath: write("hostkey", "hello")}, "is not an unencrypted SSH private key"},
		{"bad address", Config{Listen: "127.0.0.1:99999"}, "listening on 127.0.0.1:99999"},
		{"replay past the run", Config{Start: startRun(t, "--dataset", "worked4", "--epochs", "1", "--steps", "999")}, "the class's run"},
	} {
		cfg := tc.cfg
		if cfg.HostKeyPath == "" {
			cfg.HostKeyPath = key
		}
		if cfg.Listen == "" {
			cfg.Listen = "127.0.0.1:0"
		}
		if cfg.Start.Dataset == "" {
			cfg.Start = startRun(t, "--dataset", "xor")
		}
		err := Run(t.Context(), cfg, &syncBuffer{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want one line with %q", tc.name, err, tc.want)
		}
	}
}

// TestHostKeyKept: the host key is made once and read after; a directory
// that exists keeps its mode.
func TestHostKeyKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "key")
	k1, made1, err1 := hostKey(path)
	k2, made2, err2 := hostKey(path)
	if err1 != nil || err2 != nil || !made1 || made2 {
		t.Fatalf("made %v then %v (%v, %v)", made1, made2, err1, err2)
	}
	if gossh.FingerprintSHA256(k1.PublicKey()) != gossh.FingerprintSHA256(k2.PublicKey()) {
		t.Error("the host key changed from one start to the next")
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("the key's directory is now %v (%v), want it left 0755", fi.Mode().Perm(), err)
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		t.Error("no key written")
	}
}

// TestKeylessPerConnection: sessions without a key count against their
// connection, so one connection cannot open the room's channels.
func TestKeylessPerConnection(t *testing.T) {
	c := serveClass(t, Config{MaxPerKey: 1})
	client, conn := c.dial(t, "anon", nil)
	joinOn(t, client, conn, 80, 24, nil).waitFor("following")
	refused(t, joinOn(t, client, conn, 80, 24, nil), "this connection has 1 sessions in the class already, the most one may have; close one and try again")
	c.join(t, "other", nil, 80, 24).waitFor("following the lecture · 2 watching")
}

// TestChannelCloseEndsSession: a client that closes its session's
// channel but keeps the connection (OpenSSH's ControlMaster) ends that
// session: its place and its seat are free at once, not at --idle.
func TestChannelCloseEndsSession(t *testing.T) {
	c := serveClass(t, Config{})
	client, conn := c.dial(t, "mux", newKey(t))
	for range 3 {
		tm := joinOn(t, client, conn, 80, 24, nil)
		tm.waitFor("following")
		tm.sess.Close()
	}
	eventually(t, "the closed channels' sessions end", func() bool { return c.admission.sessions() == 0 && c.class.Seats() == 0 })
}

// TestHugeWindowClamped: a client that asks for a 1200×600 terminal (or 3000×3000) is
// drawn at most maxCols × maxRows, not a screen of nine million cells.
func TestHugeWindowClamped(t *testing.T) {
	c := serveClass(t, Config{})
	f := c.join(t, "wide", nil, 1200, 600)
	f.waitFor("following")
	lines := f.lines()
	n := 0
	for _, l := range lines {
		if l != "" {
			n++
		}
	}
	if w := width(lines); w > maxCols || n > maxRows {
		t.Errorf("drawn %d columns and %d lines; want at most %d × %d", w, n, maxCols, maxRows)
	}
}

// TestPresenterLeavesAndReturns: the presenter's q ends its session, and
// every follower is told that the presenter left, its screen keeping the
// run as the presenter left it; when the presenter connects again, the
// followers are told so and follow it.
func TestPresenterLeavesAndReturns(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	f := c.join(t, "alice", newKey(t), 80, 24)
	f.waitFor("following lecturer · 1 watching")
	p.press("  ")
	f.waitStep(2)

	p.press("q")
	if status := p.wait(); status != 0 {
		t.Errorf("the presenter's q ended its session with status %d, want 0", status)
	}
	f.waitFor("the presenter left; you see the last state of the lecture")
	if s := f.waitFor("lecturer left · their last state · 1 watching"); step(s) != 2 {
		t.Errorf("the follower shows step %d after the presenter left, want 2:\n%s", step(s), s)
	}

	p = c.join(t, "lecturer", lecturer, 100, 30)
	f.waitFor("lecturer is presenting again")
	f.waitFor("following lecturer · 1 watching")
	p.waitStep(2) // the presenter goes on from where it left
	p.press(" ")
	f.waitStep(3)
}

// TestWhoListOverSSH: the presenter's W lists the students by name, each
// with the start of their key's fingerprint (as ssh-keygen -l begins it),
// and esc closes it; a presenter whose user name is 20 000 characters is
// followed under its first class.MaxName characters.
func TestWhoListOverSSH(t *testing.T) {
	lecturer, alice, bob := newKey(t), newKey(t), newKey(t)
	long := strings.Repeat("n", 20000)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, long, lecturer, 80, 24)
	c.join(t, "bob", bob, 80, 24)
	a := c.join(t, "alice", alice, 100, 30)
	c.join(t, "carol", nil, 80, 24)
	capped := strings.Repeat("n", class.MaxName-1) + "…"
	a.waitFor("following " + capped + " · 3 watching")
	p.waitFor("presenting · 3 watching")
	p.press("W")
	s := p.waitFor("3 watching · by name · page 1/1")
	short := func(k gossh.Signer) string { return gossh.FingerprintSHA256(k.PublicKey())[:len("SHA256:")+8] }
	var rows []string
	for _, l := range strings.Split(s, "\n") {
		if f := strings.Fields(strings.Trim(l, "│ ")); len(f) >= 3 && (f[0] == "alice" || f[0] == "bob" || f[0] == "carol") {
			rows = append(rows, strings.Join(f, " "))
		}
	}
	want := []string{"alice " + short(alice) + " following", "bob " + short(bob) + " following", "carol (no key) following"}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("the list's rows:\n%s\nwant\n%s\nscreen:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"), s)
	}
	p.press("\x1b") // esc
	p.waitUntil("the list closed", func(s string) bool { return !strings.Contains(s, "who is watching") })
}
