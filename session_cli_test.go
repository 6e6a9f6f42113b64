package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelscope/setup"
)

// TestSessionFlag: trace and plot read a session file; a bad one exits 1
// with the line and field at fault and nothing on stdout; --session with a
// training flag is a usage error.
func TestSessionFlag(t *testing.T) {
	dir := t.TempDir()
	o := rootOptions(t, "--dataset", "worked4")
	o.Replay = setup.Replay{Steps: 3}
	var b strings.Builder
	if err := setup.WriteSession(&b, o); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "s.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// trace trains the session's data and configuration from α = 0:
	// seed 003's run, the same as --dataset worked4.
	got, stderr, code := runCLI("trace", "--session", path)
	want, _, _ := runCLI("trace", "--dataset", "worked4")
	if code != 0 || got != want {
		t.Errorf("trace --session: exit %d %s\n%s\nwant\n%s", code, stderr, got, want)
	}
	// plot stops where the session stopped: step 3, x⁴ next.
	out, stderr, code := runCLI("plot", "--session", path, "--out", filepath.Join(dir, "f.svg"))
	if code != 0 || !strings.Contains(out, "step 3 (pass 1)") {
		t.Errorf("plot --session: exit %d, %q %s", code, out, stderr)
	}
	_, stderr, code = runCLI("trace", "--session", path, "--kernel", "linear")
	if code != 2 || !strings.Contains(stderr, "--session sets the data and training; --kernel cannot be combined with it") {
		t.Errorf("--session --kernel: exit %d, %s", code, stderr)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(strings.Replace(b.String(), `"tie": "neg"`, `"tie": "sometimes"`, 1)), 0o644)
	out, stderr, code = runCLI("trace", "--session", bad)
	if code != 1 || out != "" || !strings.Contains(stderr, "bad.json: line ") || !strings.Contains(stderr, `"tie"`) {
		t.Errorf("bad session: exit %d, stdout %q, stderr %s", code, out, stderr)
	}
}
