package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/setup"
)

// TestPanicIsOneLine: a panic below run is one line on stderr and exit 3,
// never a stack trace.
func TestPanicIsOneLine(t *testing.T) {
	saved := dispatchFn
	defer func() { dispatchFn = saved }()
	dispatchFn = func([]string, io.Writer, io.Writer) error { panic("boom") }
	_, stderr, code := runCLI("trace")
	if code != exitBug {
		t.Errorf("exit %d after a panic, want %d", code, exitBug)
	}
	if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "internal error: boom") || strings.Contains(stderr, "goroutine") {
		t.Errorf("stderr after a panic: %q", stderr)
	}
}

// TestFullDevice: help, version and lists written to a full device
// (>/dev/full) exit non-zero with the reason.
func TestFullDevice(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	for _, args := range [][]string{{"--version"}, {"help"}, {"--help"}, {"trace", "--help"}, {"help", "export"}, {"datasets"}, {"trace", "--dataset", "worked4"}, {"export", "--dataset", "xor"}} {
		var stderr strings.Builder
		if code := Run(args, full, &stderr); code != exitData {
			t.Errorf("%v >/dev/full: exit %d, want %d (stderr %q)", args, code, exitData, stderr.String())
		}
		if !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%v >/dev/full: stderr %q does not say why", args, stderr.String())
		}
	}
}

// TestLimits: sizes past the documented limits are usage errors, before any
// memory is spent on them; a noise that makes coordinates infinite too.
func TestLimits(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"trace", "--dataset", "circles", "--n", "1000001"}, "--n 1000001 is more than trace allows (at most 1000000 points)"},
		{[]string{"export", "--dataset", "circles", "--n", "10000001"}, "--n 10000001 is more than export allows (at most 10000000 points)"},
		{[]string{"trace", "--dataset", "moons", "--noise", "1e308"}, "--noise 1e+308 is too large"},
		{[]string{"export", "--dataset", "moons", "--noise", "1e308"}, "--noise 1e+308 is too large"},
		{[]string{"trace", "--memory", "lots"}, `--memory "lots": not a size`},
		{[]string{"trace", "--memory", "512"}, "less than the 1M"},
		{[]string{"--undo-memory", "512"}, `--undo-memory "512" is outside 64K to 1G`},
		{[]string{"--undo-memory", "2G"}, `--undo-memory "2G" is outside 64K to 1G`},
		{[]string{"--undo-memory", "lots"}, `--undo-memory "lots": not a size`},
		{[]string{"trace", "--undo-memory", "4M"}, "unknown flag undo-memory"},
	} {
		out, stderr, code := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, stderr, c.msg)
		}
	}
	if n := datasets.MaxRows; n != setup.MaxTrainN {
		t.Errorf("the trainer's limit %d differs from the CSV reader's %d", setup.MaxTrainN, n)
	}
}

// TestNamesAreQuoted: a file name with an escape sequence reaches neither
// stdout (the trace header) nor stderr (errors) raw.
func TestNamesAreQuoted(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "evil\x1b[2J\u202e.csv")
	if err := os.WriteFile(name, []byte("x1,x2,y\n1,1,1\n-1,-1,-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI("trace", "--data", name)
	if code != 0 || strings.ContainsAny(out, "\x1b\u202e") || !strings.Contains(out, `evil\x1b[2J\u202e.csv"`) {
		t.Errorf("trace header with a hostile name: exit %d, %q (stderr %q)", code, firstLine(out), stderr)
	}
	_, stderr, code = runCLI("trace", "--data", name+"\x07missing")
	if code != exitData || strings.ContainsAny(stderr, "\x1b\x07\u202e") {
		t.Errorf("error about a hostile name: exit %d, stderr %q", code, stderr)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
