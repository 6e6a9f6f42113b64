package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestThrottle: at most one redraw a tick, the end always.
func TestThrottle(t *testing.T) {
	var w bytes.Buffer
	now := time.Unix(0, 0)
	b := New(&w, "cv", "trainings", func() time.Time { return now }, 0)
	b.Update(0, 10)
	b.Update(1, 10) // too soon
	now = now.Add(Tick)
	b.Update(2, 10)
	b.Update(10, 10) // the end, however soon
	for range 100 {
		b.Update(10, 10) // the same count is not drawn again (the last pass checked a mistake at a time)
	}
	if got := strings.Count(w.String(), "\r"); got != 3 || strings.Contains(w.String(), " 1/10") {
		t.Errorf("%d redraws: %q", got, w.String())
	}
}

// TestDelay: nothing is drawn before the delay, not even the end (work
// that ends sooner leaves no trace), and Clear then writes nothing; after
// it the bar is drawn, and a new phase's label at once.
func TestDelay(t *testing.T) {
	var w bytes.Buffer
	now := time.Unix(0, 0)
	b := New(&w, "plot: training", "passes", func() time.Time { return now }, Delay)
	b.Update(0, 4)
	now = now.Add(Delay - time.Millisecond)
	b.Update(4, 4)
	b.Clear()
	if w.Len() != 0 {
		t.Fatalf("drawn before the delay: %q", w.String())
	}
	now = now.Add(time.Millisecond)
	b.Update(1, 4)
	want := "\rplot: training [██████░░░░░░░░░░░░░░░░░░] 1/4 passes"
	if w.String() != want {
		t.Fatalf("at the delay: %q, want %q", w.String(), want)
	}
	b.Phase("plot: drawing", "points")
	b.Update(0, 0)
	if got := w.String()[len(want):]; got != "\rplot: drawing…"+strings.Repeat(" ", len([]rune(want))-1-len([]rune("plot: drawing…"))) {
		t.Errorf("a new phase: %q", got)
	}
	var nilBar *Bar
	nilBar.Update(1, 2) // a nil bar draws nothing, and does not panic
	nilBar.Phase("x", "y")
	nilBar.Clear()
}
