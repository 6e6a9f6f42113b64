package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// presenterLine writes one authorized_keys line, options then key, as the
// presenter keys file.
func presenterLine(t *testing.T, options string, key gossh.Signer) string {
	t.Helper()
	line := options + " " + string(gossh.MarshalAuthorizedKey(key.PublicKey()))
	path := filepath.Join(t.TempDir(), "presenters.pub")
	if err := os.WriteFile(path, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPresenterFromElsewhereFollows: a presenter key whose from= does not
// allow the client's address (the tests connect from 127.0.0.1) follows,
// as any other key does, and its space moves only its own copy; with a
// from= that allows 127.0.0.1 it presents.
func TestPresenterFromElsewhereFollows(t *testing.T) {
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterLine(t, `from="10.0.0.0/8"`, lecturer)})
	p := c.join(t, "lecturer", lecturer, 100, 30)
	if s := p.waitFor("following the lecture · 1 watching"); strings.Contains(s, "presenting") {
		t.Fatalf("a presenter key from an address its from= does not allow presents:\n%s", s)
	}
	p.press(" ")
	p.waitFor("on your own")
	if st := c.state(); st.Seq != 0 {
		t.Errorf("a key refused by its from= moved the class's run (seq %d)", st.Seq)
	}
	eventually(t, "the log says the lecturer joined as a follower", func() bool {
		return strings.Contains(c.log.String(), "joined as follower")
	})
	if strings.Contains(c.log.String(), "joined as presenter") {
		t.Errorf("the log has a presenter:\n%s", c.log.String())
	}
}

// TestPresenterFromHerePresents: the same key, with from= allowing the
// loopback address, presents.
func TestPresenterFromHerePresents(t *testing.T) {
	for _, from := range []string{`from="127.0.0.1"`, `from="10.0.0.0/8,127.0.0.0/8"`, `no-agent-forwarding,from="127.0.0.*",no-port-forwarding`} {
		t.Run(from, func(t *testing.T) {
			lecturer := newKey(t)
			c := serveClass(t, Config{PresenterKeys: presenterLine(t, from, lecturer)})
			p := c.join(t, "lecturer", lecturer, 100, 30)
			p.waitFor("presenting · 0 watching")
			f := c.join(t, "alice", newKey(t), 80, 24)
			f.waitFor("following lecturer · 1 watching")
			p.press(" ")
			f.waitStep(1)
		})
	}
}
