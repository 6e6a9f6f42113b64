package serve

import (
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// rawSession is a client's session with a PTY whose input the test writes
// byte for byte, as a crafted client or a paste would send it; what the
// server draws is read and dropped.
func rawSession(t *testing.T, c *testClass, user string, key gossh.Signer, w, h int) (io.WriteCloser, *gossh.Session) {
	t.Helper()
	client, _ := c.dial(t, user, key)
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	sess.Stdout, sess.Stderr = io.Discard, io.Discard
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return in, sess
}

// TestCraftedSequenceEndsNoSession: a student who sends a CSI of 40
// parameters (issue 33: it ended the server, status 2, in x/ansi's
// decoder) ends nothing: the others keep following, and the student's own
// program keeps taking keys.
func TestCraftedSequenceEndsNoSession(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	a := c.join(t, "alice", newKey(t), 80, 24)
	a.waitFor("following lecturer · 1 watching")

	crafted := "\x1b[" + strings.Repeat(";", 40) + "1m"
	in, _ := rawSession(t, c, "mallory", newKey(t), 80, 24)
	p.waitFor("presenting · 2 watching")
	for _, b := range []string{crafted, "\x9bM000", "\x1b[200~" + crafted + "\x1b[201~"} {
		if _, err := io.WriteString(in, b); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond) // the decoder has read them
	p.press(" ")
	a.waitStep(1)
	p.waitFor("presenting · 2 watching")
	// mallory's program still reads: q quits it, and the class says so.
	io.WriteString(in, "q")
	p.waitFor("presenting · 1 watching")
	if log := c.log.String(); strings.Contains(log, "panic") || strings.Contains(log, "internal error") {
		t.Errorf("the log:\n%s", log)
	}
}

// setFor sets *v to x for the test.
func setFor[T any](t *testing.T, v *T, x T) {
	old := *v
	*v = x
	t.Cleanup(func() { *v = old })
}

// ptyRequest is the payload of a pty-req (RFC 4254 6.2).
func ptyRequest(term string, cols, rows int) []byte {
	return gossh.Marshal(struct {
		Term                 string
		Cols, Rows, PxW, PxH uint32
		Modes                string
	}{term, uint32(cols), uint32(rows), 0, 0, ""})
}

// windowChange is the payload of a window-change (RFC 4254 6.7).
func windowChange(cols, rows int) []byte {
	return gossh.Marshal(struct{ Cols, Rows, PxW, PxH uint32 }{uint32(cols), uint32(rows), 0, 0})
}

// floodResizes opens a session on a connection of its own, never reads
// what the server draws (its SSH window fills), and sends window-change
// requests back to back for d, as the crafted client of issue 33 did.
func floodResizes(t *testing.T, c *testClass, user string, d time.Duration) {
	t.Helper()
	client, _ := c.dial(t, user, newKey(t))
	ch, reqs, err := client.OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	go gossh.DiscardRequests(reqs)
	if ok, err := ch.SendRequest("pty-req", true, ptyRequest("xterm-256color", 200, 60)); !ok || err != nil {
		t.Fatalf("pty-req: %v %v", ok, err)
	}
	if ok, err := ch.SendRequest("shell", true, nil); !ok || err != nil {
		t.Fatalf("shell: %v %v", ok, err)
	}
	for end, i := time.Now().Add(d), 0; time.Now().Before(end); i++ {
		if err := func() error {
			_, err := ch.SendRequest("window-change", false, windowChange(200+i%50, 60+i%20))
			return err
		}(); err != nil {
			return // the server hung up
		}
	}
}

// TestResizeFloodFreesTheSeat: two crafted clients that never read and
// send window changes back to back do not wedge their seats (issue 33:
// the request loop, the renderer and the program waited on each other for
// ever, the seats counted in "N watching" and holding --max-sessions).
// They are ended once their writes have waited writeStall, the
// presenter's count comes back to the real one, and two new students get
// in under --max-sessions 5.
func TestResizeFloodFreesTheSeat(t *testing.T) {
	setFor(t, &writeStall, 2*time.Second)
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer), MaxSessions: 5})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	p.waitFor("presenting · 0 watching")
	a := c.join(t, "alice", newKey(t), 80, 24)
	a.waitFor("following lecturer · 1 watching")
	p.press("p++++") // autoplay, fast: every seat draws

	done := make(chan struct{})
	for _, name := range []string{"flood1", "flood2"} {
		go func() {
			defer func() { done <- struct{}{} }()
			floodResizes(t, c, name, 3*time.Second)
		}()
	}
	p.waitFor("presenting · 3 watching")
	<-done
	<-done
	deadline := time.Now().Add(15 * time.Second)
	p.waitFor("presenting · 1 watching")
	if time.Now().After(deadline) {
		t.Errorf("the count came back after more than 15 s")
	}
	for _, name := range []string{"bob", "carol"} {
		c.join(t, name, newKey(t), 80, 24).waitFor("following lecturer")
	}
	p.waitFor("presenting · 3 watching")
	if n := strings.Count(c.log.String(), "ended: its terminal took nothing for 2s"); n != 2 {
		t.Errorf("the log says %d sessions ended for not reading, want 2:\n%s", n, c.log.String())
	}
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestEnvFlood: 64 MB of env requests on one session grow the server by
// far less than 64 MB (issue 33: 128 MB of them raised it from 89 to
// 344 MB): past 64 variables or 16 KiB a session they are refused, and
// the refusal logged once.
func TestEnvFlood(t *testing.T) {
	c := serveClass(t, Config{})
	client, _ := c.dial(t, "envy", newKey(t))
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	before := heapInUse()
	value := strings.Repeat("x", 32<<10)
	accepted := 0
	for i := range 2048 { // 2048 × 32 KiB = 64 MiB
		ok, err := sess.SendRequest("env", true, gossh.Marshal(struct{ Name, Value string }{fmt.Sprintf("V%d", i), value}))
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			accepted++
		}
	}
	grown := int64(heapInUse()) - int64(before)
	t.Logf("64 MiB of env requests: heap %+.1f MiB, %d accepted", float64(grown)/(1<<20), accepted)
	if grown > 8<<20 {
		t.Errorf("64 MiB of env requests grew the heap by %.1f MiB, want < 8", float64(grown)/(1<<20))
	}
	if accepted > maxEnvBytes/len(value)+1 {
		t.Errorf("%d env requests of 32 KiB accepted", accepted)
	}
	if n := strings.Count(c.log.String(), "refused env requests"); n != 1 {
		t.Errorf("the log says it %d times, want once:\n%s", n, c.log.String())
	}
	// The session still works: small variables were taken before it.
	sess.Close()
}

// TestConnectionsWithoutSession: a connection that logs in and opens no
// session holds a place of --max-sessions, and is closed (and logged)
// once it has held none for loginGrace (issue 33: 300 of them were
// neither counted nor logged).
func TestConnectionsWithoutSession(t *testing.T) {
	setFor(t, &loginGrace, time.Second)
	c := serveClass(t, Config{MaxSessions: 3})
	var conns []net.Conn
	for i := range 3 {
		_, conn := c.dial(t, fmt.Sprintf("idle%d", i), newKey(t))
		conns = append(conns, conn)
	}
	refused(t, c.join(t, "alice", newKey(t), 80, 24), "the class is full: all 3 places are taken; try again later")
	// Once they are closed, there is room.
	eventually(t, "the connections without a session are closed", func() bool { return c.gate.waitingNow() == 0 })
	for _, conn := range conns {
		conn.SetReadDeadline(time.Now().Add(patience))
		if _, err := conn.Read(make([]byte, 1)); err == nil {
			t.Error("a connection without a session is still open")
		}
	}
	c.join(t, "bob", newKey(t), 80, 24).waitFor("following")
	log := c.log.String()
	if n := strings.Count(log, "closed: no session opened within 1s (LoginGraceTime)"); n != 1 {
		t.Errorf("the first closing logged %d times, want once at once:\n%s", n, log)
	}
}

// openFDs is how many files this process has open.
func openFDs(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd here")
	}
	return len(fds)
}

// TestConnectionFlood: connections that send nothing past MaxStartups'
// full are dropped at once, so a flood holds a bounded number of file
// descriptors (issue 33: 20 600 half-open connections took all of them
// for 30 s at a time); the drops are logged in a few lines, and once the
// flood ends students get in.
func TestConnectionFlood(t *testing.T) {
	setFor(t, &startupStart, 4)
	setFor(t, &startupFull, 8)
	setFor(t, &loginGrace, 2*time.Second)
	c := serveClass(t, Config{MaxSessions: 20})
	before := openFDs(t)
	var flood []net.Conn
	for range 300 {
		conn, err := net.Dial("tcp", c.addr.String())
		if err != nil {
			t.Fatal(err)
		}
		flood = append(flood, conn)
	}
	// The server's own descriptors: those it holds for the flood, beside
	// the 300 of the flood's clients in this process.
	eventually(t, "the flood is dropped but for MaxStartups' full", func() bool {
		return openFDs(t)-before-len(flood) <= startupFull+4
	})
	if n := c.gate.waitingNow(); n > startupFull {
		t.Errorf("%d connections logging in, more than full (%d)", n, startupFull)
	}
	for _, conn := range flood {
		conn.Close()
	}
	eventually(t, "the flood's connections are given back", func() bool { return c.gate.waitingNow() == 0 })
	c.join(t, "alice", newKey(t), 80, 24).waitFor("following")
	log := c.log.String()
	if n := strings.Count(log, "\n"); n > 12 {
		t.Errorf("the flood took %d log lines, want a few:\n%s", n, log)
	}
	if !strings.Contains(log, "dropped") {
		t.Errorf("the log says nothing of the drops:\n%s", log)
	}
}

// TestLinuxFunctionKeys: PuTTY's "Linux" function keys (CSI [ A to
// CSI [ E) are F1–F5 to a follower, not F4's D (the previous dataset),
// which broke the student away (issue 40).
func TestLinuxFunctionKeys(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	p.waitFor("presenting · 0 watching")
	f := c.join(t, "putty", newKey(t), 80, 24)
	f.waitFor("following lecturer · 1 watching")
	if _, err := io.WriteString(f.emu.InputPipe(), "\x1b[[A\x1b[[B\x1b[[C\x1b[[D\x1b[[E"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	p.press(" ")
	screen := f.waitStep(1)
	if !strings.Contains(screen, "following lecturer") || !strings.Contains(screen, "xor n=") {
		t.Errorf("F1–F5 in the Linux console's form changed the follower's run:\n%s", screen)
	}
}

// TestKeylessLoginLeftLogged: a client without a key that refuses a login
// that asks nothing (plink -no-trivial-auth, dbclient DisableTrivialAuth)
// hangs up right after it; the server says so, with the way in (issue 40:
// it said nothing).
func TestKeylessLoginLeftLogged(t *testing.T) {
	c := serveClass(t, Config{})
	client, _ := c.dial(t, "putty", nil) // keyboard-interactive, asking nothing
	client.Close()
	eventually(t, "the log says the keyless client left", func() bool {
		return strings.Contains(c.log.String(), "left at once after a login without a key") &&
			strings.Contains(c.log.String(), "joins with a key")
	})
	// A keyless student who joins is not such a client.
	c.join(t, "bob", nil, 80, 24).waitFor("following")
	if n := strings.Count(c.log.String(), "left at once"); n != 1 {
		t.Errorf("logged %d times, want once:\n%s", n, c.log.String())
	}
}
