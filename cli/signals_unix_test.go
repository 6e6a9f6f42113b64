//go:build unix

package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A command started as a process of its own (TestMain), with its streams
// read as it writes them, for tests that send it real signals.
type child struct {
	cmd            *exec.Cmd
	stdout, stderr lockedBuffer
	exited         chan struct{}
}

// startChild starts kernelscope args in dir, with the signals in ignored
// (such as "INT", "HUP") ignored from the start, as a shell's `cmd &`
// without job control starts a command (INT) and nohup does (HUP).
func startChild(t *testing.T, dir string, ignored []string, args ...string) *child {
	t.Helper()
	sh := fmt.Sprintf(`trap '' %s; exec "$0" "$@"`, strings.Join(ignored, " "))
	if len(ignored) == 0 {
		sh = `exec "$0" "$@"`
	}
	c := &child{exited: make(chan struct{})}
	c.cmd = exec.Command("/bin/sh", append([]string{"-c", sh, os.Args[0]}, args...)...)
	c.cmd.Dir = dir
	c.cmd.Env = append(os.Environ(), mainEnv+"=1", "NO_COLOR=1")
	c.cmd.Stdout, c.cmd.Stderr = &c.stdout, &c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Skip("cannot start a child process:", err)
	}
	go func() { c.cmd.Wait(); close(c.exited) }()
	t.Cleanup(func() {
		select {
		case <-c.exited:
		default:
			c.cmd.Process.Kill()
			<-c.exited
		}
	})
	return c
}

// waitFor waits until ok holds, and fails the test if the command ends
// first or it takes 60 s.
func (c *child) waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !ok() {
		select {
		case <-c.exited:
			t.Fatalf("the command ended before %s: %s, stderr %q", what, c.cmd.ProcessState, c.stderr.String())
		case <-time.After(2 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 60 s", what)
		}
	}
}

// signal sends sig and waits up to 20 s for the command to end; it
// returns the exit code (-1 when a signal ended it: the default).
func (c *child) signal(t *testing.T, sig syscall.Signal) int {
	t.Helper()
	if err := c.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.exited:
	case <-time.After(20 * time.Second):
		c.cmd.Process.Kill()
		<-c.exited
		t.Errorf("%v did not stop the command in 20 s", sig)
	}
	return c.cmd.ProcessState.ExitCode()
}

// temps are the temporary files of saves in dir.
func temps(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, ".kernelscope-*.tmp"))
	return m
}

// svmRun is an SVM run that writes pair updates for seconds: 180000 of
// them.
var svmRun = []string{"--dataset", "moons", "--n", "2000", "--noise", "0.3", "--C", "1000"}

// TestStreamInterrupted: Ctrl-C (SIGINT) stops what svm and trace write as
// they go after a whole update, however the command was started: the
// output ends on a whole line, the last one the update stderr names, and
// the exit code is 130. Started with SIGINT ignored (a script's `cmd &`),
// kill -INT stops it all the same. svm wrote with SIGINT's default, and
// trace from its first step on: killed, the output ended mid-line
// (`{"iter"`), and with SIGINT ignored nothing stopped them.
func TestStreamInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs commands for seconds")
	}
	said := regexp.MustCompile(`^kernelscope: (svm|trace): interrupted while writing \((?:iteration (\d+)|step (\d+), pass \d+)\); the output ends with that (?:iteration|step)\n$`)
	for _, c := range []struct {
		args []string
		// last is the number of the update on the output's last line.
		last func(line string) (int, error)
	}{
		{append([]string{"svm", "--format", "jsonl"}, svmRun...), jsonNumber("iter")},
		{append([]string{"svm"}, svmRun...), textIteration},
		{append([]string{"trace", "--algo", "svm"}, svmRun...), textIteration},
		{[]string{"trace", "--format", "jsonl", "--dataset", "moons", "--n", "3000"}, jsonNumber("t")},
	} {
		for _, ignored := range [][]string{nil, {"INT"}} {
			name := fmt.Sprintf("%q, ignoring %v", c.args, ignored)
			ch := startChild(t, t.TempDir(), ignored, c.args...)
			ch.waitFor(t, "100 KB of output", func() bool { return len(ch.stdout.String()) > 100<<10 })
			code := ch.signal(t, syscall.SIGINT)
			out, stderr := ch.stdout.String(), ch.stderr.String()
			m := said.FindStringSubmatch(stderr)
			if code != exitInterrupted || m == nil {
				t.Errorf("%s: exit %d (%s), stderr %q; want exit 130 and the update it stopped after", name, code, ch.cmd.ProcessState, stderr)
				continue
			}
			if !strings.HasSuffix(out, "\n") {
				t.Errorf("%s: the output ends mid-line: …%q", name, out[max(0, len(out)-80):])
				continue
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if slices.Contains(c.args, "jsonl") {
				for i, l := range lines {
					if !json.Valid([]byte(l)) {
						t.Errorf("%s: line %d is not JSON: %.80q", name, i+1, l)
						break
					}
				}
			}
			n, err := c.last(lines[len(lines)-1])
			if want, _ := strconv.Atoi(m[2] + m[3]); err != nil || n != want {
				t.Errorf("%s: the last line is update %d (%v); stderr says %d", name, n, err, want)
			}
		}
	}
}

// jsonNumber reads key, a number, from a line of JSON.
func jsonNumber(key string) func(string) (int, error) {
	return func(line string) (int, error) {
		var o map[string]any
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			return 0, err
		}
		n, ok := o[key].(float64)
		if !ok {
			return 0, fmt.Errorf("no %q in %.60q", key, line)
		}
		return int(n), nil
	}
}

// textIteration reads the iteration of a line of svm's text.
func textIteration(line string) (int, error) {
	m := pairLine.FindStringSubmatch(line)
	if m == nil {
		return 0, fmt.Errorf("not a pair update: %.80q", line)
	}
	return strconv.Atoi(m[1])
}

// TestAtomicWritesSignalled: a signal while a command writes a file
// (SIGINT: ctrl+c; SIGHUP: the terminal closed, an SSH link dropped)
// stops it with exit 130, the file it would replace as it was and no
// temporary file left: plot encoding a large PNG, plot --animate drawing
// its frames, export --out writing ten million points. plot went on
// encoding, exited 0 and replaced the file; SIGHUP, and SIGINT for export,
// killed them and left the temporary file.
func TestAtomicWritesSignalled(t *testing.T) {
	if testing.Short() {
		t.Skip("runs commands for seconds")
	}
	encoding := func(dir string) bool {
		// The PNG's first 32 KB are written: the encoding has begun.
		for _, p := range temps(dir) {
			if fi, err := os.Stat(p); err == nil && fi.Size() > 0 {
				return true
			}
		}
		return false
	}
	started := func(dir string) bool { return len(temps(dir)) > 0 }
	for _, c := range []struct {
		sig  syscall.Signal
		args []string
		when func(dir string) bool
		want string
	}{
		{syscall.SIGINT, []string{"plot", "--dataset", "moons", "--size", "4000x4000", "--out", "keep.png"}, encoding, "kernelscope: plot: interrupted while drawing; nothing written\n"},
		{syscall.SIGHUP, []string{"plot", "--dataset", "moons", "--size", "4000x4000", "--out", "keep.png"}, encoding, "kernelscope: plot: interrupted while drawing; nothing written\n"},
		{syscall.SIGHUP, []string{"plot", "--dataset", "moons", "--size", "2000x2000", "--animate", "--steps", "8", "--out", "new.gif"}, started, "kernelscope: plot: interrupted while drawing; nothing written\n"},
		{syscall.SIGINT, []string{"export", "--dataset", "circles", "--n", "10000000", "--out", "keep.csv"}, started, "kernelscope: export: interrupted while writing keep.csv; nothing written\n"},
		{syscall.SIGHUP, []string{"export", "--dataset", "circles", "--n", "10000000", "--out", "keep.csv"}, started, "kernelscope: export: interrupted while writing keep.csv; nothing written\n"},
	} {
		name := fmt.Sprintf("%v %q", c.sig, c.args)
		dir := t.TempDir()
		for _, f := range []string{"keep.png", "keep.csv"} {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("last week's"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ch := startChild(t, dir, nil, c.args...)
		ch.waitFor(t, "the file being written", func() bool { return c.when(dir) })
		code := ch.signal(t, c.sig)
		if stderr := ch.stderr.String(); code != exitInterrupted || stderr != c.want || ch.stdout.String() != "" {
			t.Errorf("%s: exit %d (%s), stdout %q, stderr %q; want exit 130 and %q", name, code, ch.cmd.ProcessState, ch.stdout.String(), stderr, c.want)
		}
		for _, f := range []string{"keep.png", "keep.csv"} {
			if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != "last week's" {
				t.Errorf("%s: %s now holds %.20q", name, f, b)
			}
		}
		if files, _ := os.ReadDir(dir); len(files) != 2 {
			t.Errorf("%s: left %v beside the two files", name, files)
		}
	}
}

// TestNohupRunsOn: a command started with SIGHUP ignored (nohup) is not
// stopped by it: it writes its file to the end, as nohup asks.
func TestNohupRunsOn(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a command for seconds")
	}
	dir := t.TempDir()
	ch := startChild(t, dir, []string{"HUP"}, "plot", "--dataset", "moons", "--size", "2000x2000", "--out", "fig.png")
	ch.waitFor(t, "the file being written", func() bool { return len(temps(dir)) > 0 })
	if code := ch.signal(t, syscall.SIGHUP); code != 0 || !strings.HasPrefix(ch.stdout.String(), "wrote fig.png: ") {
		t.Errorf("SIGHUP under nohup: exit %d (%s), stdout %q, stderr %q; want exit 0 and the figure written", code, ch.cmd.ProcessState, ch.stdout.String(), ch.stderr.String())
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 || files[0].Name() != "fig.png" {
		t.Errorf("left %v", files)
	}
}
