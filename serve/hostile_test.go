package serve

import (
	"io"
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
