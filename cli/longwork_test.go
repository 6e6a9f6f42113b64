package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kernelscope/datasets"
	"kernelscope/internal/progress"
	"kernelscope/learn"
)

// cancelledInterrupt puts a context that Ctrl-C has already cancelled in
// place of the commands' interruptible one, for the test.
func cancelledInterrupt(t *testing.T) {
	t.Helper()
	interrupt = func(parent context.Context) (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(parent)
		cancel()
		return ctx, cancel
	}
	t.Cleanup(func() { interrupt = interruptible })
}

// TestLongCommandsInterrupted: Ctrl-C stops every long command where it
// looks first, with exit code 130, one line on stderr that says where it
// stopped, and nothing on stdout; plot leaves the file it would have
// replaced as it was, and nothing else beside it. They used to train on
// (and plot, killed by the signal, left its temporary file behind).
func TestLongCommandsInterrupted(t *testing.T) {
	cancelledInterrupt(t)
	dir := t.TempDir()
	fig := filepath.Join(dir, "keep.png")
	if err := os.WriteFile(fig, []byte("the figure of before"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"plot", "--dataset", "moons", "--out", fig}, "kernelscope: plot: interrupted while training (step 1, pass 1); nothing written\n"},
		{[]string{"plot", "--dataset", "moons", "--steps", "30", "--out", fig}, "kernelscope: plot: interrupted while training (step 1, pass 1); nothing written\n"},
		{[]string{"features", "--dataset", "moons"}, "kernelscope: features: interrupted while training (step 1, pass 1); nothing written\n"},
		{[]string{"trace", "--dataset", "moons"}, "kernelscope: trace: interrupted while training (step 1, pass 1); nothing written\n"},
		{[]string{"trace", "--dataset", "moons", "--format", "summary"}, "kernelscope: trace: interrupted while training (step 1, pass 1); nothing written\n"},
		{[]string{"svm", "--dataset", "moons", "--format", "json"}, "kernelscope: svm: interrupted while training (iteration 1); nothing written\n"},
		{[]string{"--dataset", "moons", "--steps", "200"}, "kernelscope: interrupted while replaying step 0 of 200; the terminal program did not open\n"},
	} {
		out, stderr, code := runCLI(tc.args...)
		if code != exitInterrupted || out != "" || stderr != tc.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, stderr, exitInterrupted, tc.want)
		}
	}
	if b, _ := os.ReadFile(fig); string(b) != "the figure of before" {
		t.Errorf("keep.png holds %q after interrupted plots", b)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("%d files beside the figure: %v", len(files)-1, files)
	}
}

// TestLongWorkProgress: on a terminal the bar counts the passes of a run
// to convergence (up to the cap) or the steps asked for, under the
// command's name and what it is doing, and is cleared before what comes
// next.
func TestLongWorkProgress(t *testing.T) {
	moons, _ := datasets.Lookup("moons")
	data := datasets.Examples(moons.Generate(200, 0.2, 1))
	cfg := learn.Config{Kernel: learn.RBF{Sigma: 0.5}, Tie: learn.TieMistake, Params: learn.NewParams("eta", 1), Epochs: 40}
	for _, tc := range []struct {
		steps int
		want  []string
	}{
		{-1, []string{"\rplot: training [", "] 1/40 passes", "\rplot: training [████████████████████████] 40/40 passes"}},
		{700, []string{"\rplot: training [", "/700 steps"}},
	} {
		var stderr bytes.Buffer
		// Every look at the clock is a tick later: every update draws.
		clock := time.Unix(0, 0)
		now := func() time.Time { clock = clock.Add(progress.Tick); return clock }
		w := &longWork{ctx: t.Context(), cmd: "plot", bar: progress.New(&stderr, "plot", "", now, 0)}
		l, err := learn.NewLearner(cfg, data)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.train(l, tc.steps); err != nil {
			t.Fatal(err)
		}
		if tc.steps < 0 && l.State() != learn.Capped {
			t.Fatalf("moons with noise 0.2 stopped %v before the cap: the bar does not reach its end", l.State())
		}
		w.done()
		e := stderr.String()
		for _, want := range tc.want {
			if !strings.Contains(e, want) {
				t.Errorf("steps %d: stderr lacks %q: %q", tc.steps, want, e[max(0, len(e)-300):])
			}
		}
		if parts := strings.Split(e, "\r"); len(parts) < 3 || parts[len(parts)-1] != "" || strings.TrimLeft(parts[len(parts)-2], " ") != "" {
			t.Errorf("steps %d: the bar is not cleared: %q", tc.steps, e[max(0, len(e)-300):])
		}
	}
}
