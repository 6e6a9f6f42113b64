package tui

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestFrameUnder100KB: a frame of autoplay at one step a frame at 160×48,
// BenchmarkViewStep's, allocates under 100 KB on average (issue 25). The
// screen string itself is 56 KB; the rest is what the step changed (a
// marker's rows of the region, the ▶ of the α panel, the Gram window),
// not the panels drawn, boxed and copied again. The bytes are counted by
// the runtime (MemStats.TotalAlloc) over 400 frames, two resets of α
// among them, as the benchmark takes them; no other test runs meanwhile
// (none in this package is parallel).
func TestFrameUnder100KB(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates for itself (sync.Pool drops what it holds)")
	}
	m := newModel(t, builtinOptions(t, "moons", 200), 160, 48)
	pressRun(m, "e", "e")
	n := 0
	frame := func() {
		if n++; n%200 == 0 {
			m.Update(keyMsg("r"))
		}
		m.Update(keyMsg("space"))
		_ = m.View()
	}
	for range 20 {
		frame() // what a frame keeps for the next is drawn once
	}
	const frames, budget = 400, 100_000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range frames {
		frame()
	}
	runtime.ReadMemStats(&after)
	per := float64(after.TotalAlloc-before.TotalAlloc) / frames
	if per >= budget {
		t.Errorf("a frame after a step allocates %.0f bytes, want under %d", per, budget)
	}
	t.Logf("%.0f bytes a frame (%d-byte screen)", per, len(m.View().Content))
}

// TestFramesKeptAsDrawnFresh: what a frame keeps for the next (the
// region's rows, each box's lines, the α panel's rows, the chart of
// passes, the x₁ axis) never shows in place of what changed. Every frame
// of a run, escapes and all, is the one a model that never drew before
// draws after the same messages: through steps that are mistakes and
// steps that are not, undo, reset, resizes, color-free mode, projector
// mode, the α panel's support vectors only, the spectrum, the cursor,
// the feature view, another learner and kernel, comparison mode, for
// the perceptron on moons and xor, the SVM, and seed 003's worked
// example in the strip beside the region.
func TestFramesKeptAsDrawnFresh(t *testing.T) {
	events := map[int][]string{
		3: {"V"}, 9: {"V"}, 12: {"b"}, 14: {"b", "b"}, 17: {"M"}, 21: {"M"}, 24: {"right", "down"},
		27: {"esc"}, 30: {"m"}, 36: {"m"}, 40: {"B"}, 46: {"B"}, 50: {"r"}, 55: {"g"}, 58: {"g"},
		61: {"P"}, 64: {"P"}, 67: {"~"}, 70: {"~"}, 73: {"f"}, 76: {"f"}, 80: {"k"}, 85: {"l"},
		90: {"|"}, 96: {"|"},
	}
	sizes := map[int][2]int{33: {80, 24}, 43: {100, 30}, 52: {74, 20}, 57: {160, 48}}
	for _, c := range []struct {
		name   string
		o      Options
		w, h   int
		start  []string
		frames int
	}{
		{"moons", builtinOptions(t, "moons", 200), 160, 48, []string{"e", "e"}, 100},
		{"xor", builtinOptions(t, "xor", 0), 120, 40, nil, 100},
		{"svm", svmOptions(t, "moons", 0), 160, 48, nil, 60}, // its steps cost more
		{"worked4", builtinOptions(t, "worked4", 0), 80, 24, nil, 100},
	} {
		t.Run(c.name, func(t *testing.T) {
			var msgs []tea.Msg // after start, in order
			apply := func(m *Model, msg tea.Msg) {
				_, cmd := m.Update(msg)
				if _, ok := msg.(tea.WindowSizeMsg); ok {
					run(m, cmd, 10) // the field for the new size
				}
				settle(m)
			}
			fresh := func() string {
				m := newModel(t, c.o, c.w, c.h)
				pressRun(m, c.start...)
				for _, msg := range msgs {
					apply(m, msg)
				}
				return m.View().Content
			}
			kept := newModel(t, c.o, c.w, c.h)
			pressRun(kept, c.start...)
			send := func(what string, k int, msg tea.Msg) {
				msgs = append(msgs, msg)
				apply(kept, msg)
				got := kept.View().Content
				if k%5 != 0 && events[k] == nil && sizes[k] == [2]int{} {
					return // a fresh model every few frames, and after every event
				}
				if want := fresh(); got != want {
					t.Fatalf("frame %d (%s): drawn from what earlier frames kept, the screen differs from a fresh one's at %s",
						k, what, firstDiff(got, want))
				}
			}
			for k := range c.frames {
				for _, key := range events[k] {
					send(key, k, keyMsg(key))
				}
				if s, ok := sizes[k]; ok {
					send(fmt.Sprintf("%d×%d", s[0], s[1]), k, tea.WindowSizeMsg{Width: s[0], Height: s[1]})
				}
				send("space", k, keyMsg("space"))
			}
		})
	}
}

// firstDiff says where two screens first differ: the line, and both
// lines with their escapes quoted.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i, g[i], w[i])
		}
	}
	return fmt.Sprintf("the end: %d lines, want %d", len(g), len(w))
}
