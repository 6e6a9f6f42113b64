package main

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/setup"
	"kernelscope/tui"
)

// writeSessionFile writes o as a session file in dir.
func writeSessionFile(t *testing.T, dir, name string, o setup.Options) string {
	t.Helper()
	var b strings.Builder
	if err := setup.WriteSession(&b, o); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// recordTUI puts a recorder in the terminal program's place for the test:
// it returns what the program would have opened on.
func recordTUI(t *testing.T) *setup.Options {
	t.Helper()
	var got setup.Options
	runTUI = func(_ context.Context, o setup.Options, _ tui.Display) error { got = o; return nil }
	t.Cleanup(func() { runTUI = tui.Run })
	return &got
}

// TestSessionFlag: trace and plot read a session file, and the terminal
// program opens on it; a bad one exits 1 with the line and field at fault
// and nothing on stdout; --session with a data or training flag is a
// usage error.
func TestSessionFlag(t *testing.T) {
	dir := t.TempDir()
	o := rootOptions(t, "--dataset", "worked4")
	o.Replay = setup.Replay{Steps: 3}
	path := writeSessionFile(t, dir, "s.json", o)

	// trace trains the session's data and configuration from α = 0:
	// seed 003's run, as --dataset worked4 traces it, under a header that
	// names the session.
	got, stderr, code := runCLI("trace", "--session", path)
	want, _, _ := runCLI("trace", "--dataset", "worked4")
	want = strings.Replace(want, "worked4: ", "session "+path+" (worked4): ", 1)
	if code != 0 || got != want {
		t.Errorf("trace --session: exit %d %s\n%s\nwant\n%s", code, stderr, got, want)
	}
	// plot stops where the session stopped: step 3, x₄ next.
	out, stderr, code := runCLI("plot", "--session", path, "--out", filepath.Join(dir, "f.svg"))
	if code != 0 || !strings.Contains(out, "step 3 (pass 1)") {
		t.Errorf("plot --session: exit %d, %q %s", code, out, stderr)
	}
	// The terminal program opens on the file's options, at its step.
	opened := recordTUI(t)
	if _, stderr, code := runCLI("--session", path, "--memory", "64M"); code != 0 || opened.Replay.Steps != 3 || opened.Session != path ||
		!reflect.DeepEqual(opened.Points, o.Points) || opened.Config.RowCacheBytes != 64<<20 {
		t.Errorf("--session: exit %d %s, opened %+v", code, stderr, *opened)
	}

	for _, args := range [][]string{
		{"trace", "--session", path, "--kernel", "linear"},
		{"--session", path, "--steps", "2"},
		{"plot", "--session", path, "--out", "x.png", "--seed", "4"},
	} {
		flag := args[len(args)-2]
		out, stderr, code := runCLI(args...)
		if code != 2 || out != "" || !strings.Contains(stderr, "--session sets the data and training; "+flag+" cannot be combined with it") {
			t.Errorf("%q: exit %d, %q, %s", args, code, out, stderr)
		}
	}

	file, _ := os.ReadFile(path)
	for name, tc := range map[string]struct{ old, new, want string }{
		"bad tie": {`"tie": "neg"`, `"tie": "sometimes"`, `: "training.tie": unknown tie rule "sometimes" (want mistake, pos or neg)`},
		"future":  {`"kernelscope_session": 1`, `"kernelscope_session": 2`, `: line 2, column 3: "kernelscope_session": written by a newer kernelscope (format 2; this one reads format 1)`},
		"beyond":  {`"steps": 3`, `"steps": 9`, `: "steps": 9, but training stops at step 8 (converged)`},
	} {
		bad := filepath.Join(dir, "bad.json")
		os.WriteFile(bad, []byte(strings.Replace(string(file), tc.old, tc.new, 1)), 0o644)
		// The terminal program itself: a session it cannot replay is
		// refused before it starts.
		runTUI = tui.Run
		for _, cmd := range [][]string{{"trace", "--session", bad}, {"--session", bad}} {
			if name == "beyond" && cmd[0] == "trace" {
				continue // trace trains from α = 0 to the end: it replays no steps
			}
			out, stderr, code := runCLI(cmd...)
			if code != 1 || out != "" || !strings.Contains(stderr, "bad.json") || !strings.Contains(stderr, tc.want) {
				t.Errorf("%s, %q: exit %d, stdout %q, stderr %s", name, cmd, code, out, stderr)
			}
		}
	}
}

// TestSessionTraceOfAppends: a session that added points while it trained
// is traced from α = 0 on all of them, and the header says so.
func TestSessionTraceOfAppends(t *testing.T) {
	o := rootOptions(t, "--dataset", "worked4")
	o.Points = append(o.Points, datasets.Point{X1: 2, X2: 0.5, Y: 1})
	o.Edited, o.Replay = true, setup.Replay{Steps: 6, AppendedAt: []int{2}}
	path := writeSessionFile(t, t.TempDir(), "s.json", o)
	out, stderr, code := runCLI("trace", "--session", path)
	header, _, _ := strings.Cut(out, "\n")
	if code != 0 || !strings.HasPrefix(header, "session "+path+" (worked4, edited): 5 points;") ||
		!strings.HasSuffix(header, " (the session added 1 point while it trained; this trace trains on all 5 from α = 0)") {
		t.Errorf("exit %d %s: %s", code, stderr, header)
	}
}

// TestReproduceLineThroughRoot: the line R shows, run through the
// terminal program's own command line, opens on the same options.
func TestReproduceLineThroughRoot(t *testing.T) {
	opened := recordTUI(t)
	for _, args := range [][]string{
		{"--dataset", "moons", "--kernel", "rbf(sigma=0.3)", "--shuffle", "--seed", "5"},
		{"--dataset", "xor", "--algo", "svm", "--C", "inf", "--test", "0.2", "--split-seed", "4", "--standardize"},
		{"--dataset", "spiral", "--algo", "forgetron", "--budget", "7", "--tie", "neg", "--epochs", "3", "--bias"},
	} {
		if _, stderr, code := runCLI(args...); code != 0 {
			t.Fatalf("%q: exit %d %s", args, code, stderr)
		}
		o := *opened
		o.Replay.Steps = 17
		line, ok := setup.CommandLine(o)
		if !ok {
			t.Fatalf("%q: no command line", args)
		}
		if _, stderr, code := runCLI(line[1:]...); code != 0 {
			t.Fatalf("%q: exit %d %s", line, code, stderr)
		}
		back := *opened
		if back.Config.Kernel.Spec() != o.Config.Kernel.Spec() {
			t.Errorf("%q: kernel %s", line, back.Config.Kernel.Spec())
		}
		back.Config.Kernel, o.Config.Kernel = nil, nil
		if !reflect.DeepEqual(back, o) {
			t.Errorf("%q:\n got %+v\nwant %+v", line, back, o)
		}
	}
}
