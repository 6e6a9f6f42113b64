package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHostKeyWarning: a host key that its group or others may read or
// write is warned of, naming the file, its mode and the chmod that
// mends it, as sshd refuses such a key (sshkey_perm_ok: mode & 077); a
// key its owner alone may use, and one that is not there, are not.
func TestHostKeyWarning(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have no POSIX modes")
	}
	path := filepath.Join(t.TempDir(), "state", "ssh_host_ed25519")
	if _, _, err := hostKey(path); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode os.FileMode
		warn bool
	}{
		{0o600, false},
		{0o400, false},
		{0o700, false},
		{0o644, true},
		{0o640, true},
		{0o604, true},
		{0o620, true},
		{0o666, true},
	} {
		if err := os.Chmod(path, tc.mode); err != nil {
			t.Fatal(err)
		}
		w := hostKeyWarning(path)
		if !tc.warn {
			if w != "" {
				t.Errorf("mode %04o: warned %q", tc.mode, w)
			}
			continue
		}
		for _, want := range []string{path, fmt.Sprintf("mode 0%03o", tc.mode), "chmod 600 " + path} {
			if !strings.Contains(w, want) {
				t.Errorf("mode %04o: warning %q lacks %q", tc.mode, w, want)
			}
		}
		if strings.Contains(w, "\n") {
			t.Errorf("mode %04o: the warning is more than one line: %q", tc.mode, w)
		}
	}
	if w := hostKeyWarning(filepath.Join(t.TempDir(), "none")); w != "" {
		t.Errorf("a missing key is warned of: %q", w)
	}
}

// TestNewHostKeyPrivate: a host key the server makes is its owner's
// alone (0600), so it is never warned of.
func TestNewHostKeyPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have no POSIX modes")
	}
	path := filepath.Join(t.TempDir(), "state", "ssh_host_ed25519")
	if _, made, err := hostKey(path); err != nil || !made {
		t.Fatalf("made %v (%v)", made, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if m := fi.Mode().Perm(); m != 0o600 {
		t.Errorf("a new host key has mode %04o, want 0600", m)
	}
	if w := hostKeyWarning(path); w != "" {
		t.Errorf("a new host key is warned of: %q", w)
	}
}
