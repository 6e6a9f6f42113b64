package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"image/gif"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// xorPoly are the flags of the run: xor with K = (x·z + 1)²,
// trained to convergence.
var xorPoly = []string{"--dataset", "xor", "--kernel", "poly(d=2,c=1)"}

// traceCounts are the mistakes and the passes of a run to convergence, as
// trace's JSON lines count them (a step a line, its mistake and its pass).
func traceCounts(t *testing.T, args ...string) (steps, mistakes, passes int) {
	t.Helper()
	out, stderr, code := runCLI(append([]string{"trace", "--format", "jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, stderr)
	}
	for line := range strings.Lines(out) {
		var st struct {
			T       int  `json:"t"`
			Mistake bool `json:"mistake"`
			Epoch   int  `json:"epoch"`
		}
		if err := json.Unmarshal([]byte(line), &st); err != nil {
			t.Fatalf("trace line %q: %v", line, err)
		}
		if st.Mistake {
			mistakes++
		}
		passes, steps = max(passes, st.Epoch), max(steps, st.T)
	}
	return steps, mistakes, passes
}

// pdfPages counts a PDF's /Type /Page objects.
func pdfPages(t *testing.T, path string) int {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return len(regexp.MustCompile(`/Type /Page\b`).FindAll(doc, -1))
}

// TestPlotAnimateMistakes: the check. plot --animate --every
// mistake and plot --pages mistake on xor with poly(d=2,c=1) have a frame
// for the start and one a mistake: trace's mistakes + 1 (44 + 1 when the
// issue was written), the GIF's frames --delay apart and the last held 4
// times as long; --pages pass has one page more than the passes.
func TestPlotAnimateMistakes(t *testing.T) {
	_, mistakes, passes := traceCounts(t, xorPoly...)
	dir := t.TempDir()
	anim := filepath.Join(dir, "xor.gif")
	out, stderr, code := runCLI(append([]string{"plot", "--animate", "--every", "mistake", "--delay", "0.3s", "--size", "300x300", "--out", anim}, xorPoly...)...)
	if code != 0 {
		t.Fatalf("--animate: exit %d: %s", code, stderr)
	}
	if want := fmt.Sprintf("wrote %s: %d frames, ending step ", anim, mistakes+1); !strings.HasPrefix(out, want) {
		t.Errorf("stdout %q, want it to start %q", out, want)
	}
	f, err := os.Open(anim)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != mistakes+1 {
		t.Errorf("%d frames; want trace's %d mistakes + 1", len(g.Image), mistakes)
	}
	for k, d := range g.Delay {
		if want := map[bool]int{false: 30, true: 200}[k == len(g.Delay)-1]; d != want {
			t.Errorf("frame %d: delay %d/100 s; want %d (0.3 s, the last at least 2 s)", k+1, d, want)
		}
	}
	book := filepath.Join(dir, "xor.pdf")
	if _, stderr, code := runCLI(append([]string{"plot", "--pages", "mistake", "--size", "300x300", "--out", book}, xorPoly...)...); code != 0 {
		t.Fatalf("--pages: exit %d: %s", code, stderr)
	}
	if n := pdfPages(t, book); n != mistakes+1 {
		t.Errorf("--pages mistake: %d pages; want trace's %d mistakes + 1", n, mistakes)
	}
	book = filepath.Join(dir, "passes.pdf")
	if _, stderr, code := runCLI(append([]string{"plot", "--pages", "pass", "--size", "300x300", "--out", book}, xorPoly...)...); code != 0 {
		t.Fatalf("--pages pass: exit %d: %s", code, stderr)
	}
	if n := pdfPages(t, book); n != passes+1 {
		t.Errorf("--pages pass: %d pages; want trace's %d passes + 1", n, passes)
	}
}

// TestPlotFramesRefused: more frames than figure.MaxFrames (xor's 900
// steps, one a frame, and the start), an --out that exists, and flags that do not go
// together are refused with one line that says what to do, exit 2 for
// usage and 1 for the file, and write nothing; the existing file is left
// as it was.
func TestPlotFramesRefused(t *testing.T) {
	if steps, _, _ := traceCounts(t, xorPoly...); steps+1 <= 500 {
		t.Fatalf("xor with poly(d=2,c=1) takes %d steps: --every step makes no more than 500 frames", steps)
	}
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.gif")
	if err := os.WriteFile(kept, []byte("a lecturer's GIF"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--animate", "--out", "steps.gif"}, 2, "kernelscope: --every step: the run has more than the 500 frames a file may have (frame 501 comes after step 500); take fewer with --every mistake or --every pass, or stop sooner with --steps 499\n"},
		{[]string{"--pages", "step", "--out", "steps.pdf"}, 2, "take fewer with --pages mistake or --pages pass"},
		{[]string{"--animate", "--every", "mistake", "--out", kept}, 1, "kernelscope: --out " + kept + ": a file of that name exists already; nothing was written (choose another name)\n"},
		{[]string{"--animate", "--out", "x.png"}, 2, "must end in .gif"},
		{[]string{"--pages", "mistake", "--out", "x.gif"}, 2, "must end in .pdf"},
		{[]string{"--pages", "mistakes", "--out", "x.pdf"}, 2, `--pages must be step, mistake or pass, not "mistakes"`},
		{[]string{"--animate", "--every", "epoch", "--out", "x.gif"}, 2, `--every must be step, mistake or pass`},
		{[]string{"--every", "mistake", "--out", "x.png"}, 2, "--every and --delay go with --animate"},
		{[]string{"--out", "x.gif"}, 2, "add --animate"},
		{[]string{"--animate", "--pages", "step", "--out", "x.gif"}, 2, "choose one"},
		{[]string{"--animate", "--delay", "0s", "--out", "x.gif"}, 2, "--delay must be 10ms to 1m"},
		{[]string{"--pages", "pass", "--algo", "svm", "--out", "x.pdf"}, 2, "kernelscope: --pages pass: svm neither trains pass by pass nor makes mistakes to step by (each of its iterations updates a pair); use --pages step\n"},
	} {
		args := append([]string{"plot"}, tc.args...)
		for i, a := range args {
			if !filepath.IsAbs(a) && (strings.HasSuffix(a, ".gif") || strings.HasSuffix(a, ".pdf") || strings.HasSuffix(a, ".png")) {
				args[i] = filepath.Join(dir, a)
			}
		}
		out, stderr, code := runCLI(append(args, xorPoly...)...)
		want := strings.ReplaceAll(tc.want, "steps.gif", filepath.Join(dir, "steps.gif"))
		if code != tc.code || out != "" || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, stderr, tc.code, want)
		}
	}
	if b, _ := os.ReadFile(kept); string(b) != "a lecturer's GIF" {
		t.Errorf("kept.gif holds %q", b)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("files beside kept.gif: %v", files)
	}
}

// TestPlotFramesInterrupted: Ctrl-C while the frames are drawn (once the
// temporary file is there) stops the run with exit 130 and leaves no file,
// neither --out nor a temporary one.
func TestPlotFramesInterrupted(t *testing.T) {
	dir := t.TempDir()
	interrupt = func(parent context.Context) (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(parent)
		go func() {
			// Ctrl-C once the file is being written.
			for ctx.Err() == nil {
				if tmps, _ := filepath.Glob(filepath.Join(dir, ".kernelscope-*.tmp")); len(tmps) > 0 {
					cancel()
					return
				}
				time.Sleep(time.Millisecond)
			}
		}()
		return ctx, cancel
	}
	t.Cleanup(func() { interrupt = interruptible })
	for _, flag := range [][]string{{"--animate", "--every", "mistake"}, {"--pages", "mistake"}} {
		out := filepath.Join(dir, "run.gif")
		if flag[0] == "--pages" {
			out = filepath.Join(dir, "run.pdf")
		}
		stdout, stderr, code := runCLI(append(append([]string{"plot", "--out", out}, flag...), xorPoly...)...)
		if code != exitInterrupted || stdout != "" || stderr != "kernelscope: plot: interrupted while drawing; nothing written\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, interrupted while drawing", flag, code, stdout, stderr, exitInterrupted)
		}
		if files, _ := os.ReadDir(dir); len(files) != 0 {
			t.Errorf("%v: left %v", flag, files)
		}
	}
}

// TestPlotFramesLimitEarly: a run with more frames than a file may have
// stops at the frame past the limit, and says after which step it came,
// the --steps that keeps to the limit, and only the events that come less
// often than the one given: --every mistake on moons with noise 0.3 (5503
// mistakes in 40000 steps) stops at its 500th mistake. It used to train
// the whole run to count its frames (15.6 s on a larger one) and then
// suggest --every mistake, the option given (and to the SVM, mistakes and
// passes, which it has not).
func TestPlotFramesLimitEarly(t *testing.T) {
	moons := []string{"--dataset", "moons", "--n", "400", "--noise", "0.3"}
	out, stderr, code := runCLI(append([]string{"trace", "--format", "csv"}, moons...)...)
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, stderr)
	}
	at, mistakes := 0, 0 // the step of the 500th mistake: frame 501
	for line := range strings.Lines(out) {
		f := strings.Split(line, ",")
		if f[8] == "true" {
			if mistakes++; mistakes == 500 {
				at, _ = strconv.Atoi(f[0])
				break
			}
		}
	}
	if at == 0 {
		t.Fatalf("the run has %d mistakes; want more than 500", mistakes)
	}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--animate", "--every", "mistake", "--out", "m.gif"}, fmt.Sprintf("kernelscope: --every mistake: the run has more than the 500 frames a file may have (frame 501 comes after step %d); take fewer with --every pass, or stop sooner with --steps %d\n", at, at-1)},
		{[]string{"--pages", "mistake", "--out", "m.pdf"}, fmt.Sprintf("kernelscope: --pages mistake: the run has more than the 500 frames a file may have (frame 501 comes after step %d); take fewer with --pages pass, or stop sooner with --steps %d\n", at, at-1)},
	} {
		dir := t.TempDir()
		c.flags[len(c.flags)-1] = filepath.Join(dir, c.flags[len(c.flags)-1])
		out, stderr, code := runCLI(append(append([]string{"plot"}, c.flags...), moons...)...)
		if code != exitUsage || out != "" || stderr != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.flags, code, out, stderr, c.want)
		}
		if files, _ := os.ReadDir(dir); len(files) != 0 {
			t.Errorf("%q: left %v", c.flags, files)
		}
	}
	// The SVM steps by pairs only: it has no mistakes or passes to suggest
	// (--every mistake is refused for it).
	path := filepath.Join(t.TempDir(), "svm.gif")
	want := "kernelscope: --every step: the run has more than the 500 frames a file may have (frame 501 comes after iteration 500); stop sooner with --steps 499\n"
	if out, stderr, code := runCLI(append([]string{"plot", "--animate", "--algo", "svm", "--C", "1000", "--out", path}, moons...)...); code != exitUsage || out != "" || stderr != want {
		t.Errorf("the SVM: exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, stderr, want)
	}
}

// TestPlotFramesNameTaken: plot --animate and --pages say "wrote" only of a
// file that has its name. A name taken while the frames are drawn is an
// error (exit 1) with nothing on stdout, what took it kept and nothing
// left beside it; a name too long for the file system is refused before
// training. Both used to print "wrote FILE" and then fail.
func TestPlotFramesNameTaken(t *testing.T) {
	t.Cleanup(func() { interrupt = interruptible })
	dir := t.TempDir()
	for _, flag := range [][]string{{"--animate", "--every", "mistake"}, {"--pages", "mistake"}} {
		out := filepath.Join(dir, "run.gif")
		if flag[0] == "--pages" {
			out = filepath.Join(dir, "run.pdf")
		}
		interrupt = func(parent context.Context) (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(parent)
			go func() {
				// Someone takes the name once the file is being written.
				for ctx.Err() == nil {
					if tmps, _ := filepath.Glob(filepath.Join(dir, ".kernelscope-*.tmp")); len(tmps) > 0 {
						os.WriteFile(out, []byte("someone else's"), 0o644)
						return
					}
					time.Sleep(time.Millisecond)
				}
			}()
			return ctx, cancel
		}
		stdout, stderr, code := runCLI(append(append([]string{"plot", "--out", out}, flag...), xorPoly...)...)
		want := "kernelscope: --out " + out + ": a file of that name exists already; nothing was written (choose another name)\n"
		if code != exitData || stdout != "" || stderr != want {
			t.Errorf("%v, the name taken: exit %d, stdout %q, stderr %q; want exit 1, nothing on stdout and %q", flag, code, stdout, stderr, want)
		}
		if b, _ := os.ReadFile(out); string(b) != "someone else's" {
			t.Errorf("%v: the file that took the name holds %.20q", flag, b)
		}
		if files, _ := os.ReadDir(dir); len(files) != 1 {
			t.Errorf("%v: left %v", flag, files)
		}
		os.Remove(out)
	}
	interrupt = interruptible
	long := filepath.Join(dir, strings.Repeat("x", 300)+".gif")
	stdout, stderr, code := runCLI(append([]string{"plot", "--animate", "--every", "mistake", "--out", long}, xorPoly...)...)
	want := "kernelscope: --out " + long + ": the name is too long for the file system; choose a shorter one\n"
	if code != exitData || stdout != "" || stderr != want {
		t.Errorf("a name too long: exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, want)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a name too long: left %v", files)
	}
}
