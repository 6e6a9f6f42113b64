package lab

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"kernelscope/datasets"
)

// TestReopenAppendsLinear: reopening a session replays its appended points
// in one pass, as the learner took them, and costs memory in proportion to
// their number. Issue 28: each replayed append copied every point so far
// (and the learner's shuffled order), so 50 000 appended points took 8 s
// to reopen, 100 000 35 s, and 1 000 000 did not open. Memory, not time,
// is measured: 4 times the appends may take at most 6 times the bytes (the
// copies took 12 times).
func TestReopenAppendsLinear(t *testing.T) {
	reopenWith := func(k int) uint64 {
		o := builtin(t, "moons", 100)
		o.Config.Shuffle, o.Edited = true, true
		o.Replay = Replay{Steps: 10, AppendedAt: make([]int, k)}
		r := rand.New(rand.NewPCG(1, 2))
		for i := range k {
			o.Points = append(o.Points, datasets.Point{X1: 3*r.Float64() - 1.5, X2: 2*r.Float64() - 1, Y: 2*r.IntN(2) - 1})
			o.Replay.AppendedAt[i] = 10 // mid-pass: the pass's order is pinned and grows
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s, err := OpenSession(context.Background(), o, nil)
		runtime.ReadMemStats(&after)
		if err != nil || s.p.N() != 100+k || s.p.T() != 10 || len(s.appendedAt) != k || len(s.opts.Points) != 100+k || s.opts.Points[100+k-1] != o.Points[100+k-1] {
			t.Fatalf("%d appends: %v; n %d, T %d, %d appends, %d points", k, err, s.p.N(), s.p.T(), len(s.appendedAt), len(s.opts.Points))
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := reopenWith(2000), reopenWith(8000)
	t.Logf("2000 appends: %d bytes; 8000: %d bytes", small, large)
	if large > 6*small {
		t.Errorf("reopening 8000 appends allocates %d bytes, 2000 %d: %.1f times, want at most 6 (linear)", large, small, float64(large)/float64(small))
	}
}

// TestSaveAtMaxTrainNReopens: the real limit. Data of MaxPoints
// points takes no point more, so the session saved from it reopens (on
// e5ea84d the point went in and setup refused the file: "trains on at
// most 1000000").
func TestSaveAtMaxTrainNReopens(t *testing.T) {
	if testing.Short() {
		t.Skip("a million points")
	}
	o := builtin(t, "moons", MaxPoints)
	s, err := NewSession(o)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.AddPoint(0.5, 0.5, 1)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprint(MaxPoints)) {
		t.Errorf("adding point %d: %v; want an error naming the limit %d", MaxPoints+1, err, MaxPoints)
	}
	var buf strings.Builder
	if err := WriteSession(&buf, s.Snapshot()); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSession(strings.NewReader(buf.String()), "saved.json")
	if err != nil {
		t.Fatalf("the saved session does not reopen: %v", err)
	}
	if len(back.Points) != MaxPoints {
		t.Errorf("reopened with %d points, want %d", len(back.Points), MaxPoints)
	}
}

// TestOpenSessionInterrupted: a replay its context stops (ctrl+c, serve
// shutting down) says so in words, with how far it got, and still
// errors.Is context.Canceled (exit 130). It used to read "--steps 500:
// context canceled" (serve: "the class's run: --steps 500: context
// canceled").
func TestOpenSessionInterrupted(t *testing.T) {
	for _, session := range []string{"", "s.json"} {
		o := builtin(t, "moons", 100)
		o.Session, o.Replay = session, Replay{Steps: 500}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := OpenSession(ctx, o, nil)
		if err == nil || err.Error() != "interrupted while replaying step 0 of 500" || !errors.Is(err, context.Canceled) {
			t.Errorf("session %q, cancelled: %v; want \"interrupted while replaying step 0 of 500\", errors.Is context.Canceled", session, err)
		}
	}
}
