package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/tape"
)

// driveTape drives o through keys at w×h in profile and returns the
// frames and the asciicast written from them.
func driveTape(t *testing.T, o Options, keys string, w, h int, profile colorprofile.Profile) ([]Frame, []byte) {
	t.Helper()
	sc := Script{Width: w, Height: h, Pace: 600 * time.Millisecond, Profile: profile, Hold: time.Minute,
		Keep: func(lab.Shown) bool { return true }}
	var msgs []tea.KeyPressMsg
	for _, k := range strings.Fields(keys) {
		msg, err := ParseKey(k)
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, msg)
	}
	sc.Keys = slices.Values(msgs)
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

// driveXOR drives xor with a linear kernel, which never separates it, for
// passes passes of its 100 points (100·passes steps), through keys, with
// the frames going to frame.
func driveXOR(t *testing.T, ctx context.Context, passes int, keys []string, keep func(lab.Shown) bool, frame func(Frame) error) error {
	t.Helper()
	o := tuitest.Builtin(t, "xor", 0)
	k, err := learn.ParseKernel("linear")
	if err != nil {
		t.Fatal(err)
	}
	o.Config.Kernel, o.Config.Epochs = k, passes
	var msgs []tea.KeyPressMsg
	for _, name := range keys {
		msg, err := ParseKey(name)
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, msg)
	}
	sc := Script{Width: 100, Height: 30, Keys: slices.Values(msgs), Pace: 600 * time.Millisecond, Profile: colorprofile.ANSI256, Hold: time.Minute, Keep: keep}
	return Drive(ctx, o, sc, frame)
}

// TestDriveRunFrames: a run of many steps (c: 300 000 steps of xor, which
// a linear kernel never separates, until the cap of 3 000 passes) is drawn
// at --fps as autoplay is, not in one frame. A step of a run costs runStep
// (1 µs) of the virtual clock, so the run's 36 chunks of 8 333 steps (1/120
// s each) and the breaths of 1 ms between them last 0.336 s; a frame is
// due 1/30 s after the last one, at the end of every fourth chunk (37 ms):
// 9 frames, each at least 1/30 s after the one before but the last, drawn
// when the run stops. Every step is listed once, in order, by the first
// frame that shows it, and none when Script.Keep keeps none.
func TestDriveRunFrames(t *testing.T) {
	const steps = 300_000
	var frames []Frame
	err := driveXOR(t, context.Background(), steps/100, []string{"c"}, func(lab.Shown) bool { return true }, func(f Frame) error {
		frames = append(frames, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var run []Frame // the frames after the key's
	next := 1
	for i, f := range frames {
		for _, sh := range f.Steps {
			if sh.Step.T != next {
				t.Fatalf("frame %d lists step %d, want step %d next", i, sh.Step.T, next)
			}
			next++
		}
		if f.Key < 0 && f.At > 600*time.Millisecond {
			run = append(run, f)
		}
	}
	if next != steps+1 {
		t.Errorf("the frames list steps 1 to %d, want 1 to %d", next-1, steps)
	}
	frame := time.Second / 30
	// The last frame is the run's end (the cap), drawn at once as any
	// change of state is.
	for i := 1; i < len(run)-1; i++ {
		if d := run[i].At - run[i-1].At; d < frame {
			t.Errorf("run frames %d and %d are %v apart, less than a frame (%v)", i-1, i, d, frame)
		}
	}
	if len(run) < 8 || len(run) > 10 {
		t.Errorf("the run drew %d frames, want 9 (0.336 s, a frame every 37 ms)", len(run))
	}
	for _, f := range run {
		if len(f.Steps) > steps/5 {
			t.Errorf("a frame at %v lists %d steps: the run is not spread over its frames", f.At, len(f.Steps))
		}
	}

	listed := 0
	if err := driveXOR(t, context.Background(), steps/100, []string{"c"}, nil, func(f Frame) error {
		listed += len(f.Steps)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if listed != 0 {
		t.Errorf("with no Keep the frames list %d steps, want none", listed)
	}
}

// TestDriveStopsAtAStep: a context cancelled in the middle of a run (c)
// stops Drive with its error after the step that saw it and at most one
// more (the player ends its chunk there), drawing nothing after it; one
// cancelled between keys stops it before the next key.
func TestDriveStopsAtAStep(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	taken, drawn := 0, 0
	err := driveXOR(t, ctx, 1000, []string{"c"}, func(lab.Shown) bool {
		if taken++; taken == 1000 {
			cancel()
		}
		return true
	}, func(f Frame) error {
		if ctx.Err() != nil {
			drawn++
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Drive returned %v, want context.Canceled", err)
	}
	if taken > 1001 || drawn > 0 {
		t.Errorf("cancelled at step 1000: %d steps taken, %d frames drawn after it; want at most 1001 and none", taken, drawn)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	last := -1
	err = driveXOR(t, ctx, 1000, []string{"space", "space", "space", "space", "space"}, nil, func(f Frame) error {
		last = max(last, f.Key)
		if f.Key == 1 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || last != 1 {
		t.Errorf("cancelled at key 2: Drive returned %v after key %d; want context.Canceled after key 2", err, last+1)
	}
}

// TestDriveWritesNothing: a headless run writes no file of its own: w (and
// its answer), F, O and R do nothing, each frame that answers one says it
// was skipped, the screen says why; the keys between act as ever (the two
// spaces take steps 1 and 2). The working directory stays empty.
func TestDriveWritesNothing(t *testing.T) {
	t.Chdir(t.TempDir())
	frames, _ := driveTape(t, tuitest.Builtin(t, "worked4", 0), "w s F O space O R space", 100, 30, colorprofile.TrueColor)
	skipped := map[int]bool{}
	steps := 0
	for _, f := range frames {
		if f.Skipped {
			skipped[f.Key] = true
			if f.Key != 1 && !strings.Contains(ansi.Strip(f.Screen), "writes no file") {
				t.Errorf("key %d skipped, but the screen does not say why:\n%s", f.Key+1, ansi.Strip(f.Screen))
			}
		}
		steps += len(f.Steps)
	}
	if want := map[int]bool{0: true, 1: true, 2: true, 3: true, 5: true, 6: true}; !maps.Equal(skipped, want) {
		t.Errorf("skipped keys %v, want %v (w s F O O R, by index)", skipped, want)
	}
	if steps != 2 {
		t.Errorf("%d steps taken, want the two spaces'", steps)
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("the run wrote %v", entries)
	}
}
