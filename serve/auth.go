package serve

import (
	"bufio"
	"bytes"
	"fmt"
	"os"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"kernelscope/class"
)

// Who may connect: anyone. A key proves who a student is (its fingerprint
// names the seat, and limits it), but every key is let in, and so is a
// client without one (keyboard-interactive, asking nothing). Only the
// presenter keys change the shared run.
//
// A client offers its keys one by one and the first one accepted is the
// one it logs in with: a lecturer with several keys connects with the
// presenter key alone (ssh -o IdentitiesOnly=yes -i KEY), or the server
// sees the first of the others, a follower's.

// presenters are the keys that present.
type presenters []gossh.PublicKey

// readPresenters reads an authorized_keys file: one key a line, blank
// lines and # comments skipped, options before a key allowed (and
// ignored). A file that cannot be read, a line that is not a key, and a
// file without keys are errors: a lecturer who gave one meant to present.
func readPresenters(path string) (presenters, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--presenter-keys: %w", err)
	}
	var keys presenters
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20) // an RSA key with options is long, not a megabyte
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("--presenter-keys %s: line %d is not a public key (%v); the file is in authorized_keys format, a line like the one in ~/.ssh/id_ed25519.pub", path, n, err)
		}
		keys = append(keys, key)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("--presenter-keys %s: %w", path, err)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("--presenter-keys %s holds no public key; put the lecturer's in it (cat ~/.ssh/id_ed25519.pub > %s)", path, path)
	}
	return keys, nil
}

// role is what a connection that logged in with key (nil: none) may do.
func (p presenters) role(key ssh.PublicKey) class.Role {
	for _, k := range p {
		if ssh.KeysEqual(key, k) {
			return class.Presenter
		}
	}
	return class.Follower
}

// fingerprint names a key as ssh-keygen -l does ("" for none).
func fingerprint(key ssh.PublicKey) string {
	if key == nil {
		return ""
	}
	return gossh.FingerprintSHA256(key)
}

// anyKey lets every key in; anyone lets a client without a key in,
// asking it nothing.
func anyKey(ssh.Context, ssh.PublicKey) bool { return true }

func anyone(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }
