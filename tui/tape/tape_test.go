package tape

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/vt"
)

// events are the event lines of a cast, decoded.
func events(t *testing.T, cast string) [][]any {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(cast, "\n"), "\n")
	var hdr Header
	if err := json.Unmarshal([]byte(lines[0]), &hdr); err != nil || hdr.Version != 2 {
		t.Fatalf("header %s: %v", lines[0], err)
	}
	var evs [][]any
	for _, l := range lines[1:] {
		var ev []any
		if err := json.Unmarshal([]byte(l), &ev); err != nil || len(ev) != 3 {
			t.Fatalf("event %s: %v", l, err)
		}
		evs = append(evs, ev)
	}
	return evs
}

// TestScreens: the first screen enters the alternate screen and draws
// every line; a screen repeated writes nothing; the next writes only the
// lines that changed; a line as wide as the terminal is not followed by
// an erase (which would clear its last cell), a shorter one is. Played
// into a terminal, the output shows the last screen, colours downsampled
// to the profile (a 24-bit colour becomes one of the 256).
func TestScreens(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, Header{Width: 6, Height: 3, Timestamp: 7, Env: map[string]string{"TERM": "xterm-256color"}, Title: "t"}, colorprofile.ANSI256)
	if err != nil {
		t.Fatal(err)
	}
	first := "abcdef\n\x1b[38;2;255;0;0mred\x1b[m\nxyz"
	second := "abcdef\n\x1b[38;2;255;0;0mred\x1b[m\nuvwxyz"
	for i, s := range []string{first, first, second} {
		if err := w.Screen(time.Duration(i)*time.Second, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Marker(2*time.Second, "step 1 · t=1, i=1 · ✗"); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `{"version":2,"width":6,"height":3,"timestamp":7,"env":{"TERM":"xterm-256color"},"title":"t"}`+"\n") {
		t.Errorf("header %q", strings.SplitN(buf.String(), "\n", 2)[0])
	}
	evs := events(t, buf.String())
	if len(evs) != 3 {
		t.Fatalf("%d events, want 2 outputs (the repeated screen writes none) and a marker: %v", len(evs), evs)
	}
	one, two := evs[0][2].(string), evs[1][2].(string)
	if !strings.HasPrefix(one, "\x1b[?1049h") || strings.Contains(one, "38;2;") || !strings.Contains(one, "38;5;196") {
		t.Errorf("first output %q: want the alternate screen, the red in 256 colours", one)
	}
	if strings.Contains(one, "abcdef\x1b[m\x1b[K") || !strings.Contains(one, "xyz\x1b[m\x1b[K") {
		t.Errorf("first output %q: erase after the short lines only", one)
	}
	if two != "\x1b[3;1H\x1b[muvwxyz" || evs[1][0] != 2.0 {
		t.Errorf("second output %q at %v: want the third line alone at 2 s", two, evs[1][0])
	}
	if evs[2][1] != "m" || evs[2][2] != "step 1 · t=1, i=1 · ✗" {
		t.Errorf("marker %v", evs[2])
	}
	emu := vt.NewEmulator(6, 3)
	emu.WriteString(one + two)
	if got := emu.String(); got != "abcdef\nred\nuvwxyz" {
		t.Errorf("the terminal shows %q", got)
	}
}

// TestTimeGoesForward: an event earlier than the last is an error.
func TestTimeGoesForward(t *testing.T) {
	w, err := NewWriter(&bytes.Buffer{}, Header{Width: 2, Height: 1}, colorprofile.TrueColor)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Marker(time.Second, "a"); err != nil {
		t.Fatal(err)
	}
	if err := w.Marker(time.Millisecond, "b"); err == nil || !strings.Contains(err.Error(), "never go back") {
		t.Errorf("an event back in time: %v", err)
	}
	if _, err := NewWriter(&bytes.Buffer{}, Header{Width: 0, Height: 1}, colorprofile.TrueColor); err == nil {
		t.Error("a 0×1 terminal was accepted")
	}
}

// TestScreensKeepNoScreen: the writer remembers the lines on the terminal,
// not the screens they came in: 40 screens of 40 lines of 10 KB, each
// changing one row, leave about one screen's worth (400 KB) in memory,
// not the 40 screens (16 MB) whose rows it kept as parts of them.
func TestScreensKeepNoScreen(t *testing.T) {
	const rows, width = 40, 10_000
	w, err := NewWriter(io.Discard, Header{Width: width, Height: rows}, colorprofile.TrueColor)
	if err != nil {
		t.Fatal(err)
	}
	lines := make([]string, rows)
	for r := range lines {
		lines[r] = strings.Repeat("a", width)
	}
	before := liveHeap()
	for k := range rows {
		lines[k] = strings.Repeat("b", width) // a new screen, one row changed
		if err := w.Screen(time.Duration(k)*time.Millisecond, strings.Join(lines, "\n")); err != nil {
			t.Fatal(err)
		}
	}
	lines = nil
	if grown := int64(liveHeap()) - int64(before); grown > 2<<20 {
		t.Errorf("the writer keeps %.1f MB after 40 screens of 400 KB, want about one screen", float64(grown)/1e6)
	}
	runtime.KeepAlive(w)
}

// liveHeap is the live heap after a collection.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
