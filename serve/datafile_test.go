package serve

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"
)

// TestDataFileNamedByBaseName: a class started with --data DIR/mydata.csv
// names the file mydata.csv on every screen, the presenter's and the
// followers', at 80×24 and 100×30, and never DIR; R shows and copies
// kernelscope --data mydata.csv and says the file is the lecturer's.
func TestDataFileNamedByBaseName(t *testing.T) {
	t.Chdir(t.TempDir())
	dir := filepath.Join(t.TempDir(), "lecturer-course")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "mydata.csv")
	if err := os.WriteFile(path, []byte("x1,x2,y\n2,-1,1\n2,1,1\n1,3,-1\n-1,2,-1\n0,-2,1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	lecturer := newKey(t)
	c := serveClass(t, Config{PresenterKeys: presenterFile(t, lecturer), Start: startRun(t, "--data", path)})
	e := c.endpoint()
	var terms []*term
	var raws []*syncBuffer
	for _, seat := range []struct {
		user string
		key  gossh.Signer
		w, h int
	}{{"lecturer", lecturer, 100, 30}, {"alice", newKey(t), 80, 24}, {"bob", newKey(t), 100, 30}} {
		tm, raw := e.joinRecorded(t, seat.user, seat.key, seat.w, seat.h)
		terms, raws = append(terms, tm), append(raws, raw)
	}
	terms[0].waitFor("presenting · 2 watching")
	for i, tm := range terms {
		tm.waitFor("mydata.csv n=5")
		tm.press("R")
		sc := tm.waitUntil("R's line and whose the file is", func(s string) bool {
			s = flatText(s)
			return strings.Contains(s, "to recreate this: kernelscope --data mydata.csv") &&
				strings.Contains(s, "--data mydata.csv is the lecturer's file: ask for it")
		})
		if strings.Contains(flatText(sc), dir) || strings.Contains(sc, "lecturer-course") {
			t.Errorf("seat %d shows the lecturer's directory %s:\n%s", i, dir, sc)
		}
		eventually(t, "R sets the clipboard", func() bool { return len(clipboards(t, raws[i].String())) > 0 })
		if copied := clipboards(t, raws[i].String()); len(copied) != 1 || copied[0] != "kernelscope --data mydata.csv" {
			t.Errorf("seat %d's clipboard was set to %q, want kernelscope --data mydata.csv once", i, copied)
		}
		if strings.Contains(raws[i].String(), "lecturer-course") {
			t.Errorf("seat %d was sent the lecturer's directory %s", i, dir)
		}
	}
}

// flatText is s with every run of spaces and line breaks made one space,
// so that a message the screen wraps reads whole.
func flatText(s string) string { return strings.Join(strings.Fields(s), " ") }

// osc52 is a terminal's clipboard being set (OSC 52), ended by BEL or ST.
var osc52 = regexp.MustCompile("\x1b\\]52;[a-z]*;([A-Za-z0-9+/=]*)(?:\x07|\x1b\\\\)")

// clipboards are the texts out set the terminal's clipboard to, in order.
func clipboards(t *testing.T, out string) []string {
	t.Helper()
	var texts []string
	for _, m := range osc52.FindAllStringSubmatch(out, -1) {
		b, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil {
			t.Fatalf("an OSC 52 of no base64 %q: %v", m[1], err)
		}
		texts = append(texts, string(b))
	}
	return texts
}

// joinRecorded is join, with every byte the server sends kept (what a
// real terminal takes, OSC 52 too, which the emulator drops).
func (e endpoint) joinRecorded(t *testing.T, user string, key gossh.Signer, w, h int) (*term, *syncBuffer) {
	t.Helper()
	raw := &syncBuffer{}
	tm := e.joinWatched(t, user, key, w, h, func(_ *vt.Emulator, b []byte) { raw.Write(b) })
	return tm, raw
}
