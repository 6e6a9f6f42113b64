//go:build unix

package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"kernelscope/lab"
)

// TestRecordProcess is not a test of its own: TestRecordInterrupt runs the
// test binary again with KERNELSCOPE_RECORD_ARGS set, and this runs that
// command line (an argument a line) as the program does, exiting
// with its code.
func TestRecordProcess(t *testing.T) {
	args := os.Getenv("KERNELSCOPE_RECORD_ARGS")
	if args == "" {
		t.Skip("a process of TestRecordInterrupt's")
	}
	os.Exit(Run(strings.Split(args, "\n"), os.Stdout, os.Stderr))
}

// TestRecordInterrupt: Ctrl-C (SIGINT to a process of its own) stops
// record within half a second, while it replays a session one step a key
// (Pegasos, 100 000 steps of moons: minutes of frames) and while it runs
// c (xor, linear, 2 million steps to the cap: seconds), with exit code 130
// and "interrupted" on stderr; the file that turned up at --out meanwhile
// is as it was, and no temporary file is left.
func TestRecordInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs record in processes of its own")
	}
	dir := t.TempDir()
	o := rootOptions(t, "--dataset", "moons", "--n", "1000")
	o.Config.Learner = "pegasos"
	o.Replay = lab.Replay{Steps: 100_000}
	session := writeSessionFile(t, dir, "pegasos.json", o)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"replay", []string{"--session", session}},
		{"c", []string{"--dataset", "xor", "--kernel", "linear", "--epochs", "20000", "--keys", "c", "--marks", "none"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			work := t.TempDir()
			out := filepath.Join(work, "tape.cast")
			cmd := exec.Command(os.Args[0], "-test.run=^TestRecordProcess$")
			cmd.Env = append(os.Environ(), "KERNELSCOPE_RECORD_ARGS="+strings.Join(append(append([]string{"record"}, c.args...), "--out", out), "\n"))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			defer cmd.Process.Kill()
			// The recording is under way once its temporary file holds
			// its first screens.
			tmp := waitForTemp(t, work, done)
			if err := os.WriteFile(out, []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond)
			sent := time.Now()
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("record still runs 10 s after SIGINT; stderr %q", stderr.String())
			}
			took := time.Since(sent)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("after SIGINT: %v, stderr %q; want exit 130, interrupted", err, stderr.String())
			}
			if took > 500*time.Millisecond {
				t.Errorf("record stopped %v after SIGINT, more than half a second", took)
			}
			t.Logf("stopped %v after SIGINT", took)
			if b, _ := os.ReadFile(out); string(b) != "mine" {
				t.Errorf("--out holds %.20q, not what was there", b)
			}
			if _, err := os.Stat(tmp); err == nil {
				t.Errorf("the temporary file %s is left", filepath.Base(tmp))
			}
		})
	}
}

// waitForTemp waits for a temporary file of the save's in dir to hold
// something and returns its path; the test fails if the process ends
// (done) or 20 s pass first.
func waitForTemp(t *testing.T, dir string, done chan error) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			t.Fatalf("record ended before it was interrupted: %v", err)
		default:
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".tmp") && info.Size() > 0 {
				return filepath.Join(dir, e.Name())
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("no temporary file after 20 s")
	return ""
}
