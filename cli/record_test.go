package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"kernelscope/lab"
)

// castEvent is one event line of an asciicast.
type castEvent struct {
	at   float64
	kind string
	data string
}

// readCast checks the asciicast grammar of data (a JSON header, then
// [seconds, "o"|"m", text] lines whose times never go back) and returns
// the header and the events.
func readCast(t *testing.T, data []byte) (map[string]any, []castEvent) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	if !sc.Scan() {
		t.Fatal("an empty cast")
	}
	var hdr map[string]any
	if err := json.Unmarshal(sc.Bytes(), &hdr); err != nil {
		t.Fatalf("the header is not a JSON object: %v: %s", err, sc.Text())
	}
	var events []castEvent
	last := 0.0
	for n := 2; sc.Scan(); n++ {
		var raw []any
		if err := json.Unmarshal(sc.Bytes(), &raw); err != nil || len(raw) != 3 {
			t.Fatalf("line %d is not a JSON array of three: %v: %.200s", n, err, sc.Text())
		}
		at, ok1 := raw[0].(float64)
		kind, ok2 := raw[1].(string)
		text, ok3 := raw[2].(string)
		if !ok1 || !ok2 || !ok3 || (kind != "o" && kind != "m") {
			t.Fatalf("line %d is not [seconds, \"o\"|\"m\", text]: %.200s", n, sc.Text())
		}
		if at < last {
			t.Fatalf("line %d goes back in time: %v after %v", n, at, last)
		}
		last = at
		events = append(events, castEvent{at, kind, text})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return hdr, events
}

// replay is the screen a terminal of w×h shows after the cast's output:
// its lines without trailing spaces, trailing blank lines dropped.
func replay(t *testing.T, events []castEvent, w, h int) string {
	t.Helper()
	emu := vt.NewEmulator(w, h)
	for _, e := range events {
		if e.kind == "o" {
			emu.WriteString(e.data)
		}
	}
	return trimScreen(emu.String())
}

// trimScreen drops trailing spaces and blank lines.
func trimScreen(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// markers are the labels of the cast's markers.
func markers(events []castEvent) []string {
	var m []string
	for _, e := range events {
		if e.kind == "m" {
			m = append(m, e.data)
		}
	}
	return m
}

// TestRecordWorked4 is the check: seed 003's example stepped four
// times and run to convergence (8 steps, trace's count: converged in the
// second pass) gives the same bytes twice, a version 2 header of the size
// and timestamp, 8 step markers from step 1 (t=1, i=1, the one mistake),
// and ends on the converged screen with f = (x₁ + x₂)² (seed 003).
func TestRecordWorked4(t *testing.T) {
	dir := t.TempDir()
	var casts [2][]byte
	for i := range casts {
		out := filepath.Join(dir, "w4-"+strconv.Itoa(i)+".cast")
		stdout, stderr, code := runCLI("record", "--dataset", "worked4", "--keys", "space space space space c", "--marks", "step",
			"--size", "120x40", "--colors", "256", "--timestamp", "1700000000", "--out", out)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if !strings.HasPrefix(stdout, "wrote "+out+": 120×40") || !strings.Contains(stdout, "8 markers") {
			t.Errorf("stdout %q", stdout)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		casts[i] = data
	}
	if !bytes.Equal(casts[0], casts[1]) {
		t.Fatal("two runs with the same arguments wrote different files")
	}
	hdr, events := readCast(t, casts[0])
	if hdr["version"] != 2.0 || hdr["width"] != 120.0 || hdr["height"] != 40.0 || hdr["timestamp"] != 1700000000.0 {
		t.Errorf("header %v", hdr)
	}
	if env, _ := hdr["env"].(map[string]any); env["TERM"] != "xterm-256color" {
		t.Errorf("header env %v", hdr["env"])
	}
	m := markers(events)
	if len(m) != 8 || m[0] != "step 1 · t=1, i=1 · ✗" || m[7] != "step 8 · t=2, i=4 · ✓" {
		t.Errorf("markers %q, want 8 from step 1 · t=1, i=1 · ✗ to step 8 · t=2, i=4 · ✓", m)
	}
	screen := replay(t, events, 120, 40)
	for _, want := range []string{"(x₁ + x₂)²", "converged"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the replayed screen does not show %q:\n%s", want, screen)
		}
	}
	if strings.Contains(string(casts[0]), `\u001b[?1049l`) {
		t.Error("the cast leaves the alternate screen")
	}
}

// TestRecordMarkerCounts: a run to convergence (c) of xor with
// poly(d=2,c=1) has a step marker per step and a mistake marker per
// mistake that trace counts (900 and 44 when written), though the run is
// one frame and the narration keeps fewer steps; --marks key one per key,
// none none.
func TestRecordMarkerCounts(t *testing.T) {
	data := []string{"--dataset", "xor", "--kernel", "poly(d=2,c=1)"}
	steps, mistakes, _ := traceCounts(t, data...)
	dir := t.TempDir()
	for _, c := range []struct {
		marks, keys string
		want        int
	}{{"step", "c", steps}, {"mistake", "c", mistakes}, {"key", "space space c", 3}, {"none", "space c", 0}} {
		out := filepath.Join(dir, c.marks+".cast")
		_, stderr, code := runCLI(append(append([]string{"record"}, data...), "--keys", c.keys, "--marks", c.marks, "--out", out)...)
		if code != 0 {
			t.Fatalf("--marks %s: exit %d: %s", c.marks, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		_, events := readCast(t, b)
		if m := markers(events); len(m) != c.want {
			t.Errorf("--marks %s: %d markers, want %d", c.marks, len(m), c.want)
		}
	}
}

// TestRecordErrors: an unknown key and a size below the program's minimum
// are usage errors (exit 2); an existing --out is never replaced (exit 1,
// the file as it was). Each is one line.
func TestRecordErrors(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.cast")
	if err := os.WriteFile(kept, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--keys", "space spcae", "--out", filepath.Join(dir, "a.cast")}, 2, `unknown key "spcae"`},
		{[]string{"--size", "19x30", "--out", filepath.Join(dir, "b.cast")}, 2, "--size 19x30"},
		{[]string{"--size", "100x5", "--out", filepath.Join(dir, "c.cast")}, 2, "--size 100x5"},
		{[]string{"--size", "big", "--out", filepath.Join(dir, "d.cast")}, 2, "COLUMNSxLINES"},
		{[]string{"--colors", "8", "--out", filepath.Join(dir, "e.cast")}, 2, "--colors"},
		{[]string{"--marks", "pass", "--out", filepath.Join(dir, "f.cast")}, 2, "--marks"},
		{[]string{"--keys", "c"}, 2, "--out"},
		{[]string{"--keys", "c", "--out", kept}, 1, "exists; it is never replaced"},
	} {
		_, stderr, code := runCLI(append([]string{"record", "--dataset", "worked4"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, stderr, c.code, c.want)
		}
	}
	if b, _ := os.ReadFile(kept); string(b) != "mine" {
		t.Errorf("the existing file now holds %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the failed runs left files: %v", entries)
	}
}

// TestRecordSession: --session FILE without --keys records the saved run
// from its start, a space a step: a session saved at step 5 of seed 003's
// example gives the markers of steps 1 to 5 and ends on step 5, as the
// same run from --dataset with five spaces; with --keys, the keys act on
// the saved state (c: steps 6 to 8, to convergence).
func TestRecordSession(t *testing.T) {
	dir := t.TempDir()
	o := rootOptions(t, "--dataset", "worked4")
	o.Replay = lab.Replay{Steps: 5}
	path := writeSessionFile(t, dir, "s.json", o)
	read := func(name string, args ...string) []castEvent {
		t.Helper()
		out := filepath.Join(dir, name)
		if _, stderr, code := runCLI(append([]string{"record", "--out", out}, args...)...); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		_, events := readCast(t, b)
		return events
	}
	saved := read("saved.cast", "--session", path)
	fresh := read("fresh.cast", "--dataset", "worked4", "--keys", "space space space space space")
	if m := markers(saved); len(m) != 5 || m[4] != "step 5 · t=2, i=1 · ✓" {
		t.Errorf("markers %q, want steps 1 to 5", m)
	}
	if got, want := replay(t, saved, 100, 30), replay(t, fresh, 100, 30); got != want || !strings.Contains(got, "step 5") {
		t.Errorf("the saved run ends on\n%s\nfive spaces on\n%s", got, want)
	}
	if m := markers(read("on.cast", "--session", path, "--keys", "c")); len(m) != 3 || m[0] != "step 6 · t=2, i=2 · ✓" {
		t.Errorf("c on the saved state: markers %q, want steps 6 to 8", m)
	}
}

// TestRecordLongRun: a run to the cap of many steps (c: 200 000 steps of
// xor, which a linear kernel never separates) is drawn at --fps, not as
// one frame: each step of a run costs 1 µs of the recording's clock
// (tui.Drive), so the screens after the key come 1/30 s apart or more
// (but the last, when the run stops) over the run's 0.22 s. The markers
// stop at maxMarkers (10 000, the first 10 000 steps), and record says so
// on stderr.
func TestRecordLongRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "long.cast")
	stdout, stderr, code := runCLI("record", "--dataset", "xor", "--kernel", "linear", "--epochs", "2000", "--keys", "c", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "10000 markers") || !strings.Contains(stderr, "the tape has 10000 markers, the most it takes; the steps after step 10000 have none") {
		t.Errorf("stdout %q, stderr %q; want 10000 markers, and a note that they stop at step 10000", stdout, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	_, events := readCast(t, b)
	m := markers(events)
	if len(m) != maxMarkers || m[maxMarkers-1] != "step 10000 · t=100, i=100 · ✗" && m[maxMarkers-1] != "step 10000 · t=100, i=100 · ✓" {
		t.Errorf("%d markers, the last %q; want steps 1 to 10000", len(m), m[len(m)-1])
	}
	var run []float64 // the screens after the key's (at 0.6 s)
	for _, e := range events {
		if e.kind == "o" && e.at > 0.6 && (len(run) == 0 || e.at != run[len(run)-1]) {
			run = append(run, e.at)
		}
	}
	if len(run) < 4 {
		t.Fatalf("the run is %d screens at %v; want one every 1/30 s over 0.22 s", len(run), run)
	}
	for i := 1; i < len(run)-1; i++ {
		if d := run[i] - run[i-1]; d < 1.0/30-1e-6 {
			t.Errorf("screens at %v s and %v s: %v s apart, less than a frame at 30 a second", run[i-1], run[i], d)
		}
	}
}

// TestRecordSessionStops: a session whose run stops before the steps it
// says (the SVM on seed 003's example converges at step 1; the file says
// 100) is refused as trace, plot and the program refuse it, with the
// same words, exit 1 and nothing written, not recorded as a minute of a
// frozen screen.
func TestRecordSessionStops(t *testing.T) {
	dir := t.TempDir()
	o := rootOptions(t, "--dataset", "worked4")
	o.Config.Learner = "svm"
	o.Replay = lab.Replay{Steps: 100}
	path := writeSessionFile(t, dir, "svm.json", o)
	_, want, code := runCLI("trace", "--session", path)
	if code != 1 || !strings.Contains(want, `"steps": 100, but training stops at step 1 (converged)`) {
		t.Fatalf("trace: exit %d, stderr %q", code, want)
	}
	out := filepath.Join(dir, "svm.cast")
	_, stderr, code := runCLI("record", "--session", path, "--out", out)
	if code != 1 || stderr != want {
		t.Errorf("record: exit %d, stderr %q; want exit 1 and trace's %q", code, stderr, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the refused session was recorded")
	}
}

// TestRecordWritesNothing: the keys that write a file in the working
// directory (w and its answer s, F, O, R) are skipped, and record says
// which: the recording writes its --out and nothing else, even when --out
// is the name O would have taken (kernelscope-worked4.cast); the spaces
// between still step (3 markers).
func TestRecordWritesNothing(t *testing.T) {
	t.Chdir(t.TempDir())
	const out = "kernelscope-worked4.cast"
	stdout, stderr, code := runCLI("record", "--dataset", "worked4", "--keys", "w s F O space space O R space", "--out", out)
	if code != 0 || !strings.Contains(stdout, "3 markers") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if want := "record: skipped key 1 (w), key 2 (s), key 3 (F), key 4 (O), key 7 (O), key 8 (R): a recording writes no file but its tape\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	entries, _ := os.ReadDir(".")
	if len(entries) != 1 || entries[0].Name() != out {
		t.Errorf("the directory holds %v, want only %s", entries, out)
	}
}

// TestRecordOutAndPace: --out - is refused as plot refuses it (a tape is
// a file, never half written to a stream), and a --pace that would take
// the recording past its clock (2562047h is the most a time.Duration
// holds) is a usage error, exit 2, one line, not an internal error; no
// file is written, "-" least of all.
func TestRecordOutAndPace(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--keys", "space c", "--out", "-"}, "--out -: record writes its tape to a file"},
		{[]string{"--keys", "space c", "--pace", "2562047h", "--out", "p.cast"}, "--pace must be a time longer than 0 and at most 1h"},
		{[]string{"--keys", "space", "--pace", "1h", "--hold", "10m", "--out", "p.cast"}, ""},
	} {
		_, stderr, code := runCLI(append([]string{"record", "--dataset", "worked4"}, c.args...)...)
		if c.want == "" {
			if code != 0 {
				t.Errorf("%q: exit %d: %s", c.args, code, stderr)
			}
			continue
		}
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error(`--out - wrote a file named "-"`)
	}
	if err := checkRecordLength(900_000, time.Hour, 0); err == nil {
		t.Error("900 000 keys an hour apart (103 years) pass the length check")
	}
}

// TestRecordStdoutFails: when the line that says where the tape went
// cannot be written (stdout on a full disk), record fails (exit 1) and
// says that the tape was written, which it was.
func TestRecordStdoutFails(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w4.cast")
	var stderr bytes.Buffer
	code := Run([]string{"record", "--dataset", "worked4", "--keys", "space", "--out", out}, fullWriter{}, &stderr)
	if want := "record: wrote " + out + ", but could not say so on stdout"; code != 1 || !strings.Contains(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr.String(), want)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("the tape: %v", err)
	}
}

// BenchmarkRecordRun is a run of 200 000 steps (xor, linear, to the cap
// of 2 000 passes: c) recorded without markers: its B/op is what the
// recording holds of the run.
func BenchmarkRecordRun(b *testing.B) {
	dir := b.TempDir()
	for i := 0; b.Loop(); i++ {
		out := filepath.Join(dir, strconv.Itoa(i)+".cast")
		if _, stderr, code := runCLI("record", "--dataset", "xor", "--kernel", "linear", "--epochs", "2000", "--keys", "c", "--marks", "none", "--out", out); code != 0 {
			b.Fatal(stderr)
		}
	}
}
