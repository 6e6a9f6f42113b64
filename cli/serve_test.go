package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"

	"kernelscope/serve"
)

// TestServeFlags: serve takes the terminal program's flags for the run a
// class starts on (--steps and --fps too, resolved as the root resolves
// them) and its own; the host key goes under the user's state directory
// unless --host-key says.
func TestServeFlags(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	saved := runServe
	defer func() { runServe = saved }()
	var got serve.Config
	runServe = func(_ context.Context, cfg serve.Config, _ io.Writer) error { got = cfg; return nil }

	_, stderr, code := runCLI("serve", "--dataset", "moons", "--n", "50", "--steps", "3", "--fps", "20", "--big",
		"--listen", "0.0.0.0:2200", "--presenter-keys", "keys.pub", "--max-sessions", "60", "--max-per-key", "2", "--idle", "10m", "--max-time", "2h")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := serve.Config{Listen: "0.0.0.0:2200", HostKeyPath: filepath.Join(state, "kernelscope", "ssh_host_ed25519"), PresenterKeys: "keys.pub",
		MaxSessions: 60, MaxPerKey: 2, Idle: 10 * time.Minute, MaxTime: 2 * time.Hour}
	if got.Listen != want.Listen || got.HostKeyPath != want.HostKeyPath || got.PresenterKeys != want.PresenterKeys ||
		got.MaxSessions != want.MaxSessions || got.MaxPerKey != want.MaxPerKey || got.Idle != want.Idle || got.MaxTime != want.MaxTime {
		t.Errorf("serve's config %+v, want %+v", got, want)
	}
	if got.Start.Dataset != "moons" || len(got.Start.Points) != 50 || got.Start.Replay.Steps != 3 || got.Display.FPS != 20 || !got.Display.Big {
		t.Errorf("the starting run: dataset %q, %d points, steps %d, fps %d, big %v", got.Start.Dataset, len(got.Start.Points), got.Start.Replay.Steps, got.Display.FPS, got.Display.Big)
	}
	if got.Log == nil {
		t.Error("no log")
	}
	if got.Display.Colors != colorprofile.Unknown {
		t.Errorf("without --colors the class draws in %v, want each terminal's own (Unknown)", got.Display.Colors)
	}

	// --colors: the class's colours, whatever each terminal's TERM says.
	for name, want := range map[string]colorprofile.Profile{"true": colorprofile.TrueColor, "256": colorprofile.ANSI256, "16": colorprofile.ANSI, "none": colorprofile.Ascii} {
		if _, stderr, code := runCLI("serve", "--colors", name); code != 0 || got.Display.Colors != want {
			t.Errorf("serve --colors %s: exit %d (%s), colours %v; want %v", name, code, stderr, got.Display.Colors, want)
		}
	}

	// The defaults, and a session file (serve's own flags go with it).
	session := writeSessionFile(t, t.TempDir(), "s.json", rootOptions(t, "--dataset", "worked4"))
	if _, stderr, code := runCLI("serve", "--session", session, "--listen", "127.0.0.1:0", "--host-key", "k"); code != 0 {
		t.Fatalf("serve --session: exit %d: %s", code, stderr)
	}
	if got.Listen != "127.0.0.1:0" || got.HostKeyPath != "k" || got.MaxSessions != serve.DefaultMaxSessions || got.Idle != serve.DefaultIdle || got.Start.Dataset != "worked4" {
		t.Errorf("serve --session: %+v", got)
	}
}

// TestServeUsage: serve's flag mistakes are usage errors, said before
// anything is served.
func TestServeUsage(t *testing.T) {
	saved := runServe
	defer func() { runServe = saved }()
	runServe = func(context.Context, serve.Config, io.Writer) error { t.Error("served"); return nil }
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--listen", "2222"}, `--listen takes HOST:PORT, such as 127.0.0.1:2222 or 0.0.0.0:2222, not "2222"`},
		{[]string{"--listen", "localhost:ssh"}, `--listen takes HOST:PORT`},
		{[]string{"--max-sessions", "0"}, "--max-sessions must be at least 1, not 0"},
		{[]string{"--max-per-key", "-1"}, "--max-per-key must be at least 1, not -1"},
		{[]string{"--idle", "0s"}, "--idle must be a time longer than 0, such as 45m or 4h, not 0s"},
		{[]string{"--max-time", "-1h"}, "--max-time must be a time longer than 0"},
		{[]string{"--idle", "45"}, `invalid value "45" for --idle`},
		{[]string{"--presenter-keys", ""}, "--presenter-keys needs a file name"},
		{[]string{"--steps", "-1"}, "--steps must be ≥ 0, not -1"},
		{[]string{"--fps", "0"}, "--fps must be a whole number from 1 to 120, not 0"},
		{[]string{"--colors", "8"}, `--colors takes true, 256, 16 or none, not "8"`},
		{[]string{"--colors", ""}, `--colors takes true, 256, 16 or none, not ""`},
		{[]string{"moons"}, `serve: unexpected argument "moons" (to use that dataset: --dataset moons`},
	} {
		out, stderr, code := runCLI(append([]string{"serve"}, c.args...)...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("serve %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, stderr, c.want)
		}
	}
}

// TestServeStartError: a class that cannot start (a presenter keys file
// that is not there) is one line and exit 1, and serves nothing.
func TestServeStartError(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "keys.pub")
	out, stderr, code := runCLI("serve", "--listen", "127.0.0.1:0", "--host-key", filepath.Join(dir, "host"), "--presenter-keys", missing)
	want := "kernelscope: serve: --presenter-keys: open " + missing + ": no such file or directory\n"
	if code != exitData || out != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "host")); err == nil {
		t.Error("a host key was made for a class that did not start")
	}
}

// TestDefaultHostKey: the host key lives in the user's state directory:
// $XDG_STATE_HOME when it is an absolute path, else ~/.local/state.
func TestDefaultHostKey(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for xdg, want := range map[string]string{
		"/var/state": "/var/state/kernelscope/ssh_host_ed25519",
		"":           filepath.Join(home, ".local", "state", "kernelscope", "ssh_host_ed25519"),
		"relative":   filepath.Join(home, ".local", "state", "kernelscope", "ssh_host_ed25519"),
	} {
		t.Setenv("XDG_STATE_HOME", xdg)
		if got, err := defaultHostKey(); err != nil || got != want {
			t.Errorf("XDG_STATE_HOME=%q: %q, %v; want %q", xdg, got, err, want)
		}
	}
}
