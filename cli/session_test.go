package cli

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/setup"
	"kernelscope/tui"
)

// writeSessionFile writes o as a session file in dir.
func writeSessionFile(t *testing.T, dir, name string, o lab.Options) string {
	t.Helper()
	var b strings.Builder
	if err := lab.WriteSession(&b, o); err != nil {
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
func recordTUI(t *testing.T) *lab.Options {
	t.Helper()
	var got lab.Options
	runTUI = func(_ context.Context, o lab.Options, _ tui.Display) error { got = o; return nil }
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
	o.Replay = lab.Replay{Steps: 3}
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
	if _, stderr, code := runCLI("--session", path, "--memory", "64M", "--undo-memory", "512K"); code != 0 || opened.Replay.Steps != 3 || opened.Session != path ||
		!reflect.DeepEqual(opened.Points, o.Points) || opened.Config.RowCacheBytes != 64<<20 || opened.Config.UndoBytes != 512<<10 {
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
		// refused before it starts. trace, which trains from α = 0 to the
		// end, refuses it too (issue 28: it took a file whose steps go
		// past where training stops): one rule for every command.
		runTUI = tui.Run
		for _, cmd := range [][]string{{"trace", "--session", bad}, {"--session", bad}, {"plot", "--session", bad, "--out", filepath.Join(dir, "bad.png")},
			{"trace", "--session", bad, "--format", "summary"}} {
			out, stderr, code := runCLI(cmd...)
			if code != 1 || out != "" || !strings.Contains(stderr, "bad.json") || !strings.Contains(stderr, tc.want) {
				t.Errorf("%s, %q: exit %d, stdout %q, stderr %s", name, cmd, code, out, stderr)
			}
		}
	}
}

// TestSessionPathIsQuoted: a --session path that names no file, or a
// directory, is named in the error quoted with its escape sequence written
// out ("\x1b]0;…\a"), as every other error names a path: never raw, which
// would retitle a terminal, and never with the sequence dropped, which
// would name another file. trace, plot and the terminal program alike.
func TestSessionPathIsQuoted(t *testing.T) {
	dir := t.TempDir()
	hostile := "s\x1b]0;TITLE\a.json"
	folder := filepath.Join(dir, hostile)
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	recordTUI(t)
	for _, c := range []struct{ path, why string }{
		{filepath.Join(dir, "no"+hostile), "no such file or directory"},
		{folder, "it is a directory"},
	} {
		want := "kernelscope: cannot open the session file " + strconv.Quote(c.path) + ": " + c.why + "\n"
		for _, args := range [][]string{
			{"trace", "--session", c.path},
			{"plot", "--session", c.path, "--out", filepath.Join(dir, "f.svg")},
			{"--session", c.path},
		} {
			out, stderr, code := runCLI(args...)
			if code != exitData || out != "" || stderr != want {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and %q", args, code, out, stderr, want)
			}
		}
	}
}

// TestSessionTraceOfAppends: a session that added points while it trained
// is traced from α = 0 on all of them, and the header says so.
func TestSessionTraceOfAppends(t *testing.T) {
	o := rootOptions(t, "--dataset", "worked4")
	o.Points = append(o.Points, datasets.Point{X1: 2, X2: 0.5, Y: 1})
	o.Edited, o.Replay = true, lab.Replay{Steps: 6, AppendedAt: []int{2}}
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

// TestSessionHostileKernel: a session whose training.kernel nests 400 000
// parentheses around rbf (an 800 KB file) is refused by every command that
// reads a session, with one line that names the field and the limit, exit
// 1 and nothing on stdout; so is one nested a level past the limit. Issue
// 28: the recursive parser overflowed the stack (a Go stack trace, exit 2,
// about 1 GB).
func TestSessionHostileKernel(t *testing.T) {
	dir := t.TempDir()
	o := rootOptions(t, "--dataset", "xor", "--kernel", "rbf")
	file, err := os.ReadFile(writeSessionFile(t, dir, "ok.json", o))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, kernel, want string
	}{
		{"deep.json", strings.Repeat("(", 400_000) + "rbf" + strings.Repeat(")", 400_000),
			`"training.kernel": kernel "((((((((((((((((((((((((((((((((((((((((… (800003 bytes)": at column 4097: the spec is 800003 bytes long; a kernel spec has at most 4096`},
		{"33.json", strings.Repeat("(", 33) + "rbf" + strings.Repeat(")", 33),
			`"training.kernel": kernel "(((((((((((((((((((((((((((((((((rbf))))… (69 bytes)": at column 33: parentheses nest more than 32 deep`},
	} {
		path := filepath.Join(dir, c.name)
		bad := strings.Replace(string(file), `"kernel": "rbf(sigma=1)"`, `"kernel": "`+c.kernel+`"`, 1)
		if bad == string(file) {
			t.Fatal("the session file has no kernel rbf(sigma=1) to replace")
		}
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		runTUI = tui.Run
		for _, cmd := range [][]string{{"--session", path}, {"trace", "--session", path}, {"plot", "--session", path, "--out", filepath.Join(dir, "f.png")}} {
			out, stderr, code := runCLI(cmd...)
			if code != 1 || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, path+": line ") || !strings.Contains(stderr, c.want) {
				t.Errorf("%s %q: exit %d, stdout %q, stderr (%d bytes) %.400q; want exit 1 and one line with %q", c.name, cmd[0], code, out, len(stderr), stderr, c.want)
			}
		}
	}
}

// TestUndoMemoryFlag: --undo-memory sets the terminal program's undo
// budget (0 without it: the session's default, lab.UndoBytes).
func TestUndoMemoryFlag(t *testing.T) {
	opened := recordTUI(t)
	for _, c := range []struct {
		args []string
		want int64
	}{
		{[]string{"--dataset", "xor"}, 0},
		{[]string{"--dataset", "xor", "--undo-memory", "16M"}, 16 << 20},
		{[]string{"--undo-memory", "64K"}, 64 << 10},
	} {
		if _, stderr, code := runCLI(c.args...); code != 0 || opened.Config.UndoBytes != c.want {
			t.Errorf("%v: exit %d %s, undo budget %d; want %d", c.args, code, stderr, opened.Config.UndoBytes, c.want)
		}
	}
}
