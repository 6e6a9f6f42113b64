package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	gossh "golang.org/x/crypto/ssh"
)

// hostKey reads the server's private key at path, making it first when
// there is none (made reports that). The key stays the same from one
// lecture to the next, so that students' ssh knows the server.
func hostKey(path string) (signer gossh.Signer, made bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		data, made, err = newHostKey(path)
	}
	if err != nil {
		return nil, false, fmt.Errorf("the host key %s: %w", path, err)
	}
	signer, err = gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, false, fmt.Errorf("the host key %s is not an unencrypted SSH private key (%v); give another --host-key, or move it away to have a new one made", path, err)
	}
	return signer, made, nil
}

// hostKeyWarning is a line for the server to print when the host key at
// path may be read or written by others than its owner (its mode has a
// group or other bit: mode & 0o077 != 0), and "" when not, when it cannot
// be read (hostKey says so), and on Windows, whose files have no such
// modes. sshd refuses such a key ("WARNING: UNPROTECTED PRIVATE KEY FILE!
// Permissions 0644 for '…' are too open."): whoever reads it can pose as
// the server to every student. A class must start, so this server uses it,
// and says so.
func hostKeyWarning(path string) string {
	if runtime.GOOS == "windows" {
		return ""
	}
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	mode := fi.Mode().Perm()
	if mode&0o077 == 0 {
		return ""
	}
	return fmt.Sprintf("WARNING: the host key %s is open to others (mode 0%03o): whoever reads it can pose as this server. sshd would refuse it; kernelscope serve uses it. Run chmod 600 %s", path, mode, path)
}

// newHostKey writes a new ed25519 key to path, readable by its owner only,
// making its directory (mode 0700) when missing; a directory that exists
// keeps its mode. A key another server wrote there meanwhile is read
// instead (made false).
func newHostKey(path string) (data []byte, made bool, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, false, err
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, false, err
	}
	block, err := gossh.MarshalPrivateKey(priv, "kernelscope serve")
	if err != nil {
		return nil, false, err
	}
	data = pem.EncodeToMemory(block)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		data, err = os.ReadFile(path)
		return data, false, err
	}
	if err != nil {
		return nil, false, err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path) // half a key would be read as a broken one next time
		return nil, false, err
	}
	return data, true, nil
}
