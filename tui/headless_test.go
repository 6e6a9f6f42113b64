package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/tape"
)

// driveTape drives o through keys at w×h in profile and returns the
// frames and the asciicast written from them.
func driveTape(t *testing.T, o Options, keys string, w, h int, profile colorprofile.Profile) ([]Frame, []byte) {
	t.Helper()
	sc := Script{Width: w, Height: h, Pace: 600 * time.Millisecond, Profile: profile, Hold: time.Minute}
	for _, k := range strings.Fields(keys) {
		msg, err := ParseKey(k)
		if err != nil {
			t.Fatal(err)
		}
		sc.Keys = append(sc.Keys, msg)
	}
	var buf bytes.Buffer
	tw, err := tape.NewWriter(&buf, tape.Header{Width: w, Height: h}, profile)
	if err != nil {
		t.Fatal(err)
	}
	var frames []Frame
	err = Drive(context.Background(), o, sc, func(f Frame) error {
		frames = append(frames, f)
		return tw.Screen(f.At, f.Screen)
	})
	if err == nil {
		err = tw.Flush()
	}
	if err != nil {
		t.Fatal(err)
	}
	return frames, buf.Bytes()
}

// castScreen is what a w×h terminal shows after the cast's output, its
// lines' trailing spaces and the trailing blank lines dropped.
func castScreen(t *testing.T, cast []byte, w, h int) string {
	t.Helper()
	emu := vt.NewEmulator(w, h)
	lines := strings.Split(strings.TrimSpace(string(cast)), "\n")
	for _, l := range lines[1:] {
		var ev []any
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		if ev[1] == "o" {
			emu.WriteString(ev[2].(string))
		}
	}
	return trimLines(emu.String())
}

// trimLines drops trailing spaces and blank lines.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// TestDriveEndsOnView: the cast of a headless run, replayed through a
// terminal emulator of its size, shows the screen the program itself
// shows after the same keys (a model driven as the other tests drive it,
// on the wall clock), in each colour profile and at the sizes that matter;
// two drives give the same bytes.
func TestDriveEndsOnView(t *testing.T) {
	for _, c := range []struct {
		data    string
		keys    string
		w, h    int
		profile colorprofile.Profile
	}{
		{"worked4", "space space space space c", 120, 40, colorprofile.ANSI256},
		{"worked4", "space space b", 80, 24, colorprofile.TrueColor},
		{"xor", "c", 100, 30, colorprofile.ANSI},
		{"moons", "space space ?", 100, 30, colorprofile.Ascii},
		{"worked4", "space", 30, 8, colorprofile.ANSI256},
	} {
		o := tuitest.Builtin(t, c.data, 0)
		_, cast := driveTape(t, o, c.keys, c.w, c.h, c.profile)
		if _, again := driveTape(t, o, c.keys, c.w, c.h, c.profile); !bytes.Equal(cast, again) {
			t.Errorf("%s %q: two drives wrote different bytes", c.data, c.keys)
		}
		m := newModel(t, o, c.w, c.h)
		pressRun(m, strings.Fields(c.keys)...)
		want := trimLines(screen(m))
		if got := castScreen(t, cast, c.w, c.h); got != want {
			t.Errorf("%s %q at %d×%d: the cast ends on\n%s\nthe program shows\n%s", c.data, c.keys, c.w, c.h, got, want)
		}
	}
}

// TestDriveAutoplay: autoplay (p) runs on the virtual clock, at the
// player's speed (10 steps a second) until worked4 converges after 8
// steps (seed 003), each step in a frame of its own, a tenth of a second
// apart; no frame goes back in time.
func TestDriveAutoplay(t *testing.T) {
	frames, _ := driveTape(t, tuitest.Builtin(t, "worked4", 0), "p", 100, 30, colorprofile.TrueColor)
	var steps []int
	var at []time.Duration
	for i, f := range frames {
		if i > 0 && f.At < frames[i-1].At {
			t.Fatalf("frame %d at %v after %v", i, f.At, frames[i-1].At)
		}
		for _, s := range f.Steps {
			steps, at = append(steps, s.Step.T), append(at, f.At)
		}
	}
	if len(steps) != 8 {
		t.Fatalf("steps shown %v, want 1 to 8", steps)
	}
	for i := range steps {
		if steps[i] != i+1 {
			t.Errorf("steps shown %v, want 1 to 8 in order", steps)
		}
		if i > 0 && at[i]-at[i-1] != 100*time.Millisecond {
			t.Errorf("step %d shown %v after step %d; want 100ms", steps[i], at[i]-at[i-1], steps[i-1])
		}
	}
	if last := ansi.Strip(frames[len(frames)-1].Screen); !strings.Contains(last, "converged") {
		t.Errorf("autoplay did not end converged:\n%s", last)
	}
}

// TestParseKey: keys are named as bubbles/key names bindings, and as
// tuitest.Key builds them; anything else is an error naming it.
func TestParseKey(t *testing.T) {
	for _, k := range []string{"space", "esc", "up", "down", "left", "right", "enter", "tab", "delete", "backspace", "ctrl+c", "c", "?", "K", "+", "|"} {
		got, err := ParseKey(k)
		if err != nil {
			t.Errorf("%q: %v", k, err)
			continue
		}
		if want := tuitest.Key(k); got.String() != want.String() || got.Text != want.Text {
			t.Errorf("%q: got %q (text %q), want %q (text %q)", k, got.String(), got.Text, want.String(), want.Text)
		}
	}
	for _, k := range []string{"shift+left", "pgdown", "f1", "alt+x"} {
		if got, err := ParseKey(k); err != nil || got.String() != k {
			t.Errorf("%q: %q, %v", k, got.String(), err)
		}
	}
	for _, k := range []string{"spcae", "ctrl+", "", "cc", "hyper+x", "\x01"} {
		if _, err := ParseKey(k); err == nil || !strings.Contains(err.Error(), "unknown key") {
			t.Errorf("%q: error %v, want unknown key", k, err)
		}
	}
}

// TestRecordKey: O records the session, with a red "● REC" in the status
// line while it does, until O again writes kernelscope-NAME.cast: an
// asciicast of the terminal's size whose output ends on the screen shown
// when it stopped, with a marker per step taken meanwhile; a second
// recording takes the next free name, never replacing the first. q while
// recording writes what was recorded before the program ends.
func TestRecordKey(t *testing.T) {
	t.Chdir(t.TempDir())
	o := tuitest.Builtin(t, "worked4", 0)
	m := newModel(t, o, 120, 40)
	if shows(m, "● REC") {
		t.Fatal("● REC before O")
	}
	pressRun(m, "O")
	if !shows(m, "● REC") {
		t.Fatalf("no ● REC after O:\n%s", screen(m))
	}
	pressRun(m, "space", "space", "space")
	stopped := trimLines(screen(m))
	pressRun(m, "O")
	if shows(m, "● REC") || !shows(m, "to kernelscope-worked4.cast") {
		t.Fatalf("after O again:\n%s", screen(m))
	}
	cast, err := os.ReadFile("kernelscope-worked4.cast")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(cast)), "\n")
	var hdr tape.Header
	if err := json.Unmarshal([]byte(lines[0]), &hdr); err != nil || hdr.Version != 2 || hdr.Width != 120 || hdr.Height != 40 {
		t.Fatalf("header %s: %v", lines[0], err)
	}
	if n := strings.Count(string(cast), `, "m", "step `); n != 3 {
		t.Errorf("%d step markers, want 3", n)
	}
	if got := castScreen(t, cast, 120, 40); got != stopped {
		t.Errorf("the cast ends on\n%s\nthe program showed\n%s", got, stopped)
	}
	pressRun(m, "O", "space")
	pressRun(m, "q")
	if _, err := os.Stat("kernelscope-worked4-2.cast"); err != nil {
		t.Errorf("q while recording: %v", err)
	}
}

// TestDriveQuit: q ends the script (the keys after it are not pressed)
// and draws no empty screen: the recording stays on the screen before it.
func TestDriveQuit(t *testing.T) {
	frames, cast := driveTape(t, tuitest.Builtin(t, "worked4", 0), "space q space", 100, 30, colorprofile.TrueColor)
	last := frames[len(frames)-1]
	if last.Key != 0 || !strings.Contains(ansi.Strip(last.Screen), "step 1") {
		t.Errorf("the last frame answers key %d:\n%s", last.Key, ansi.Strip(last.Screen))
	}
	if got := castScreen(t, cast, 100, 30); !strings.Contains(got, "step 1") {
		t.Errorf("the cast ends on\n%s", got)
	}
}
