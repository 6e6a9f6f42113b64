package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
	"kernelscope/tui/tape"
)

// What O records goes to its file as it is recorded (issue 34): the
// program used to hold the whole cast in memory until O stopped it (210 MB
// in 3 minutes of autoplay at 200×60), and lost it at SIGTERM or SIGHUP.

// endless is moons with a linear kernel and a cap of 10⁹ passes: every
// space is a step and changes the screen, for as long as a test presses.
func endless(t testing.TB) Options {
	o := builtinOptions(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs = learn.Linear{}, 1_000_000_000
	return o
}

// dirFiles are the names in the working directory.
func dirFiles(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// checkCast fails unless cast is a whole asciicast v2 of w×h: a header,
// then events, each line JSON.
func checkCast(t *testing.T, cast []byte, w, h int) {
	t.Helper()
	if len(cast) == 0 || cast[len(cast)-1] != '\n' {
		t.Fatalf("the cast does not end in a whole line: %q", cast[max(0, len(cast)-80):])
	}
	lines := strings.Split(strings.TrimSuffix(string(cast), "\n"), "\n")
	var hdr tape.Header
	if err := json.Unmarshal([]byte(lines[0]), &hdr); err != nil || hdr.Version != 2 || hdr.Width != w || hdr.Height != h {
		t.Fatalf("header %s: %v", lines[0], err)
	}
	if len(lines) < 2 {
		t.Fatal("the cast has no event")
	}
	for k, l := range lines[1:] {
		var ev []any
		if err := json.Unmarshal([]byte(l), &ev); err != nil || len(ev) != 3 {
			t.Fatalf("event %d: %v: %s", k+1, err, l)
		}
	}
}

// TestRecordStreams: while O records, the cast grows in a temporary file
// of the working directory (.kernelscope-PID-N.tmp, hidden), and no file
// has the cast's name; O again gives that file the name, whole, and
// leaves no temporary file. The cast used to be held in memory until O
// stopped it.
func TestRecordStreams(t *testing.T) {
	t.Chdir(t.TempDir())
	m := newModel(t, endless(t), 120, 40)
	pressRun(m, "O")
	var sizes []int64
	for range 3 {
		for range 40 {
			pressRun(m, "space")
		}
		names := dirFiles(t)
		if len(names) != 1 || !strings.HasPrefix(names[0], ".kernelscope-") || !strings.HasSuffix(names[0], ".tmp") {
			t.Fatalf("while recording the directory holds %v, want one temporary file", names)
		}
		fi, err := os.Stat(names[0])
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, fi.Size())
	}
	if !(sizes[0] > 0 && sizes[1] > sizes[0] && sizes[2] > sizes[1]) {
		t.Errorf("the temporary file's sizes %v: it does not grow as the recording goes on", sizes)
	}
	pressRun(m, "O")
	if names := dirFiles(t); len(names) != 1 || names[0] != "kernelscope-moons.cast" {
		t.Fatalf("after O again the directory holds %v, want kernelscope-moons.cast alone", names)
	}
	cast, err := os.ReadFile("kernelscope-moons.cast")
	if err != nil {
		t.Fatal(err)
	}
	checkCast(t, cast, 120, 40)
	if n := strings.Count(string(cast), `, "m", "step `); n != 120 {
		t.Errorf("%d step markers, want 120", n)
	}
}

// TestRecordMemoryFlat: recording does not grow the program's live heap
// with the cast: 400 steps (a screen and a marker each, 8 MB of cast at
// 120×40 in true colour) grow it by less than 512 KiB more than the same
// steps unrecorded do (the narration kept for stepping back grows both by
// about 100 KB). It used to hold the cast until O stopped it.
func TestRecordMemoryFlat(t *testing.T) {
	t.Chdir(t.TempDir())
	growth := func(record bool) int64 {
		m := newModel(t, endless(t), 120, 40)
		if record {
			pressRun(m, "O")
		}
		for range 100 {
			pressRun(m, "space")
		}
		before := heapNow()
		for range 400 {
			pressRun(m, "space")
		}
		grown := int64(heapNow()) - int64(before)
		runtime.KeepAlive(m)
		return grown
	}
	plain, recorded := growth(false), growth(true)
	t.Logf("400 steps grew the heap by %.1f KB unrecorded, %.1f KB recorded", float64(plain)/1e3, float64(recorded)/1e3)
	if recorded-plain > 512<<10 {
		t.Errorf("recording 400 steps grew the heap by %.1f KB more than the steps alone, more than 512 KiB", float64(recorded-plain)/1e3)
	}
	names := dirFiles(t)
	if len(names) != 1 {
		t.Fatalf("the directory holds %v, want the recording's temporary file", names)
	}
	if fi, err := os.Stat(names[0]); err != nil || fi.Size() < 1_000_000 {
		t.Fatalf("the cast: %v, %d bytes: too few to tell", err, fi.Size())
	}
}

// heapNow is the live heap after a collection.
func heapNow() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestRunEndFinishesRecording: SIGTERM, SIGHUP and SIGINT sent to the
// program while O records end it with the cast written under its name,
// whole, ending on the screen the program showed, and no temporary file
// left; so does q pressed at once after O stops the recording (the
// program waits for the file to be named). Bubble Tea's handler quit at
// SIGTERM without a word to the model, and SIGHUP killed the program: the
// recording was lost. SIGINT ends it as an interrupt, as before.
func TestRunEndFinishesRecording(t *testing.T) {
	for _, c := range []struct {
		name string
		sig  syscall.Signal // or 0 for
		keys string         // these keys
	}{
		{"SIGTERM", syscall.SIGTERM, ""},
		{"SIGHUP", syscall.SIGHUP, ""},
		{"SIGINT", syscall.SIGINT, ""},
		{"O q", 0, "Oq"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			t.Setenv("NO_COLOR", "")
			m := open(t.Context(), endless(t), nil)
			in, keys := io.Pipe()
			defer keys.Close()
			out := &drawn{want: "moons"}
			done := make(chan error, 1)
			go func() {
				done <- runProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithWindowSize(100, 30))
			}()
			// O once the program has drawn its screen (it records the
			// screen at its size, which it then knows); the temporary file
			// appears when O starts the recording, and the steps after it
			// are recorded as they come.
			waitFor(t, "the first screen", out.seen)
			if _, err := keys.Write([]byte("O")); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "a recording", func() bool { return len(dirFiles(t)) > 0 })
			keys.Write([]byte("   " + c.keys))
			if c.sig != 0 {
				if err := syscall.Kill(os.Getpid(), c.sig); err != nil {
					t.Fatal(err)
				}
			}
			select {
			case err := <-done:
				if interrupt := c.sig == syscall.SIGINT; interrupt != errors.Is(err, tea.ErrInterrupted) || !interrupt && err != nil {
					t.Errorf("the program ended with %v", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the program did not end")
			}
			if names := dirFiles(t); len(names) != 1 || names[0] != "kernelscope-moons.cast" {
				t.Fatalf("after %s the directory holds %v, want kernelscope-moons.cast alone", c.name, names)
			}
			cast, err := os.ReadFile("kernelscope-moons.cast")
			if err != nil {
				t.Fatal(err)
			}
			checkCast(t, cast, 100, 30)
			if got := castScreen(t, cast, 100, 30); !strings.Contains(got, "● REC") || !bytes.Contains(cast, []byte("moons")) {
				t.Errorf("the cast ends on\n%s", got)
			}
		})
	}
}

// drawn is a program's output, which notes when want was written.
type drawn struct {
	mu   sync.Mutex
	want string
	saw  bool
}

func (d *drawn) Write(b []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.saw = d.saw || bytes.Contains(b, []byte(d.want))
	return len(b), nil
}

func (d *drawn) seen() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.saw
}

// waitFor waits up to 20 s for cond, failing with what it waited for.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 20 s", what)
		}
	}
}
