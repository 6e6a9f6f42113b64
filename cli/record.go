package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/setup"
	"kernelscope/tui"
	"kernelscope/tui/tape"
)

// recordColor is a value of --colors: the profile a recording is drawn in
// and the environment (TERM) its header gives.
type recordColor struct {
	name    string
	profile colorprofile.Profile
	env     map[string]string
}

// recordColors are --colors' values (made when record runs: nothing is
// built at start).
func recordColors() []recordColor {
	return []recordColor{
		{"true", colorprofile.TrueColor, map[string]string{"TERM": "xterm-256color", "COLORTERM": "truecolor"}},
		{"256", colorprofile.ANSI256, map[string]string{"TERM": "xterm-256color"}},
		{"16", colorprofile.ANSI, map[string]string{"TERM": "xterm"}},
		{"none", colorprofile.Ascii, map[string]string{"TERM": "xterm", "NO_COLOR": "1"}},
	}
}

// recordMarks are --marks' values.
var recordMarks = []string{"step", "mistake", "key", "none"}

// maxRecordHold is the longest a recording lets the program run by itself
// after the last key (autoplay or a run still going).
const maxRecordHold = 10 * time.Minute

// newRecordCmd is `kernelscope record`: the terminal program driven by a
// script of keys, without a terminal, written as an asciicast.
func newRecordCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "record --out FILE.cast",
		Short: "Record the terminal program, driven by a script of keys, as an asciicast for slides",
		Long: `Run the terminal program without a terminal, as if a terminal of --size had pressed --keys (--pace apart), and write what that terminal would receive as an asciicast v2 file: asciinema play FILE.cast, the asciinema web player (docs/tapes.md) and cat into a terminal of that size all end on the screen the program shows. The recording never leaves the alternate screen, so it ends on its last frame.

Time is virtual and the file is the same byte for byte for the same arguments: keys come --pace apart after the first screen; autoplay (p) draws at its speed, at most --fps frames a second of the program's own clock; on that clock a step of a run (c, e) takes 1 µs, a fast machine's, so a run of a few thousand steps (a small set's to convergence) is one frame and a run of a million steps a second of frames at --fps; after the last key the program runs by itself until training stops, for at most --hold. The header's timestamp is --timestamp (default 0, so that nothing depends on the clock).

Markers, where the player pauses: --marks step, one per learning step at the frame that first shows it, labelled with its pass, its example and whether it was a mistake ("step 5 · t=2, i=1 · ✓"); mistake, one per mistake; key, one per key of the script; none. A tape takes at most 10000 markers; record says where they stop.

With --session FILE (the terminal program's w then s) and no --keys, the saved run is recorded from its start, one space a step; a file whose run stops before its steps is refused, as trace refuses it. Every flag of the terminal program (--dataset, --kernel, --algo, …) sets up the run as it does there. The keys that write a file there (w, R, F, O) do nothing here, and record says which it skipped: it writes --out and nothing else. --out is a file, never stdout (- is refused), and is never replaced. Ctrl-C stops the recording within a step: exit 130, nothing written.

` + exitCodes,
		Example: `
# the notes' worked example, stepped four times then run to convergence
kernelscope record --dataset worked4 --keys 'space space space space c' --out worked4.cast
kernelscope record --dataset moons --kernel 'rbf(sigma=0.4)' --keys 'p' --marks mistake --size 120x40 --out moons.cast
kernelscope record --session kernelscope-xor-session.json --colors 256 --out xor.cast
asciinema play worked4.cast
`,
		Args: noArgs,
	}
	out := c.Flags().String("out", "", "the recording's file, .cast (required; never replaced)")
	keys := c.Flags().String("keys", "", "the keys pressed, separated by spaces: one character (c, ?, K) or a name (space, esc, enter, up, ctrl+c, …)")
	size := c.Flags().String("size", "100x30", "the terminal's size, COLUMNSxLINES")
	colors := c.Flags().String("colors", "256", "the terminal's colours: true, 256, 16 or none")
	theme := c.Flags().String("theme", "dark", "the terminal's background: dark or light")
	marks := c.Flags().String("marks", "step", "a marker per: step, mistake, key or none")
	pace := c.Flags().Duration("pace", 600*time.Millisecond, "the time from one key to the next")
	hold := c.Flags().Duration("hold", time.Minute, fmt.Sprintf("after the last key, the longest the program runs by itself (autoplay, a run), at most %v", maxRecordHold))
	timestamp := c.Flags().Int64("timestamp", 0, "the header's timestamp, Unix seconds (default 0: no clock)")
	program := bindProgram(c, "record")
	c.RunE = func(c *cobra.Command, _ []string) error {
		switch *out {
		case "":
			return setup.Usagef("record needs --out FILE.cast")
		case "-":
			// As plot's figure: a tape is never half written, and never
			// written when interrupted, which a stream cannot promise.
			return setup.Usagef("--out -: record writes its tape to a file, never to stdout: give a name such as run.cast")
		}
		w, h, err := parseTermSize(*size)
		if err != nil {
			return err
		}
		var rc *recordColor
		for _, c := range recordColors() {
			if c.name == *colors {
				rc = &c
			}
		}
		if rc == nil {
			return setup.Usagef("--colors takes true, 256, 16 or none, not %q", *colors)
		}
		if *theme != "dark" && *theme != "light" {
			return setup.Usagef("--theme takes dark or light, not %q", *theme)
		}
		if !slices.Contains(recordMarks, *marks) {
			return setup.Usagef("--marks takes step, mistake, key or none, not %q", *marks)
		}
		if *pace <= 0 || *pace > maxRecordPace {
			return setup.Usagef("--pace must be a time longer than 0 and at most 1h, such as 0.6s, not %v", *pace)
		}
		if *hold < 0 || *hold > maxRecordHold {
			return setup.Usagef("--hold must be from 0 to %v, not %v", maxRecordHold, *hold)
		}
		var script []tea.KeyPressMsg
		names := strings.Fields(*keys)
		for _, k := range names {
			msg, err := tui.ParseKey(k)
			if err != nil {
				return setup.Usagef("--keys: %v", err)
			}
			script = append(script, msg)
		}
		o, display, err := program.resolve(c)
		if err != nil {
			return err
		}
		// steps spaces come before the script: the saved run, from its
		// start, one step a key.
		steps := 0
		if o.Session != "" && len(names) == 0 {
			if len(o.Replay.AppendedAt) > 0 {
				return setup.Usagef("--session %s added points during its run, which a script of steps cannot replay: give --keys", safetext.Name(o.Session))
			}
			steps = o.Replay.Steps
		}
		if _, err := os.Lstat(*out); err == nil {
			return fmt.Errorf("record: %s exists; it is never replaced: give another --out or move it", safetext.Name(*out))
		}
		// record writes its temporary file from the first frame on, and
		// replays a session first: a signal is caught from the start, or
		// its default would end the program halfway, the file left behind.
		ctx, stop := interrupt(c.Context())
		defer stop()
		catchNow(ctx)
		if steps > 0 {
			// A run that stops before the file's steps is refused, as
			// trace, plot and the program refuse it: else its last
			// spaces would record a frozen screen.
			if err := checkRecordReplay(ctx, c.ErrOrStderr(), o); err != nil {
				return err
			}
			o.Replay.Steps = 0
		}
		if err := checkRecordLength(steps+len(script), *pace, *hold); err != nil {
			return err
		}
		space, _ := tui.ParseKey("space")
		keyName := func(i int) string {
			if i < steps {
				return "space"
			}
			return names[i-steps]
		}
		var stats recordStats
		sc := tui.Script{
			Width: w, Height: h, Pace: *pace, FPS: display.FPS,
			Light: *theme == "light", Profile: rc.profile, Hold: *hold,
			Keys: func(yield func(tea.KeyPressMsg) bool) {
				for range steps {
					if !yield(space) {
						return
					}
				}
				for _, k := range script {
					if !yield(k) {
						return
					}
				}
			},
			Keep: stats.keeper(*marks),
		}
		hdr := tape.Header{Width: w, Height: h, Timestamp: *timestamp, Env: rc.env, Title: recordTitle(o)}
		err = datasets.CreateFile(*out, func(f io.Writer) error {
			return writeTape(ctx, f, o, sc, hdr, *marks, keyName, &stats)
		}, nil)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("record: %s exists; it is never replaced: give another --out or move it", safetext.Name(*out))
		}
		if err != nil {
			if ctx.Err() != nil {
				return &interruptedError{fmt.Sprintf("record: interrupted at key %d of %d; nothing written", stats.keys, steps+len(script))}
			}
			return fmt.Errorf("record: %w", err)
		}
		_, err = fmt.Fprintf(c.OutOrStdout(), "wrote %s: %d×%d, %s, %s, %s\n", safetext.Name(*out), w, h,
			strconv.FormatFloat(stats.length.Seconds(), 'f', 1, 64)+" s", plural(stats.frames, "frame"), plural(stats.marks, "marker"))
		if err != nil {
			return fmt.Errorf("record: wrote %s, but could not say so on stdout: %w", safetext.Name(*out), err)
		}
		stats.notes(c.ErrOrStderr())
		return nil
	}
	return c
}

// maxRecordPace is the longest --pace.
const maxRecordPace = time.Hour

// maxRecordLength is the longest a recording may last, its keys and
// --hold: a century, well within the clock's 292 years.
const maxRecordLength = 100 * 365 * 24 * time.Hour

// checkRecordLength refuses n keys pace apart and hold after them that
// make a recording longer than maxRecordLength.
func checkRecordLength(n int, pace, hold time.Duration) error {
	if pace > (maxRecordLength-hold)/time.Duration(n+1) {
		return setup.Usagef("--pace %v: %s that far apart make a recording longer than a century: give a shorter --pace", pace, plural(n, "key"))
	}
	return nil
}

// checkRecordReplay replays session o as it was saved, to refuse a file
// whose run does not go where it says, as trace's checkReplay does.
func checkRecordReplay(ctx context.Context, stderr io.Writer, o lab.Options) error {
	work := newLongWork(ctx, stderr, "record")
	l, err := lab.Fresh(o, learn.RunOptions{NoHistory: true, RowCacheBytes: o.Config.RowCacheBytes})
	if err == nil {
		err = work.replay(o, l)
	}
	if err != nil {
		return work.stopped(err)
	}
	work.done()
	return nil
}

// maxMarkers is the most markers a recording holds. A player pauses at
// every one, so a lecture's tape has dozens; a run of millions of steps
// marked step by step would make a cast of hundreds of MB that no player
// steps through.
const maxMarkers = 10000

// recordStats are what a recording holds, for the lines record prints.
type recordStats struct {
	frames, marks int
	length        time.Duration
	keys          int      // the keys pressed so far
	capped        bool     // a step to mark came after maxMarkers
	lastMarked    int      // the step of the last step marker
	skipped       []string // the keys skipped: "key 3 (F)"
}

// keeper is the steps a recording keeps for its markers (marks): every
// step, the mistakes, or none, up to maxMarkers.
func (st *recordStats) keeper(marks string) func(lab.Shown) bool {
	if marks != "step" && marks != "mistake" {
		return nil
	}
	return func(sh lab.Shown) bool {
		if marks == "mistake" && !sh.Step.Mistake {
			return false
		}
		if st.marks >= maxMarkers {
			st.capped = true
			return false
		}
		return true
	}
}

// notes says on stderr what the recording left out: markers past the cap,
// keys that would have written a file.
func (st *recordStats) notes(stderr io.Writer) {
	if st.capped {
		fmt.Fprintf(stderr, "record: the tape has %d markers, the most it takes; the steps after step %d have none (--marks mistake or key marks fewer)\n", maxMarkers, st.lastMarked)
	}
	if len(st.skipped) > 0 {
		fmt.Fprintf(stderr, "record: skipped %s: a recording writes no file but its tape\n", strings.Join(st.skipped, ", "))
	}
}

// writeTape drives the program through sc and writes the asciicast to w,
// with a marker per step, mistake or key (marks) up to maxMarkers; key
// names the script's keys.
func writeTape(ctx context.Context, w io.Writer, o lab.Options, sc tui.Script, hdr tape.Header, marks string, key func(int) string, stats *recordStats) error {
	t, err := tape.NewWriter(w, hdr, sc.Profile)
	if err != nil {
		return err
	}
	mark := func(at time.Duration, label string) error {
		if stats.marks >= maxMarkers {
			stats.capped = true
			return nil
		}
		stats.marks++
		return t.Marker(at, label)
	}
	err = tui.Drive(ctx, o, sc, func(f tui.Frame) error {
		if err := t.Screen(f.At, f.Screen); err != nil {
			return err
		}
		stats.frames++
		stats.length = f.At
		if f.Key >= 0 {
			stats.keys = f.Key + 1
			if f.Skipped {
				stats.skipped = append(stats.skipped, fmt.Sprintf("key %d (%s)", f.Key+1, key(f.Key)))
			}
			if marks == "key" {
				if err := mark(f.At, fmt.Sprintf("key %d · %s", f.Key+1, key(f.Key))); err != nil {
					return err
				}
			}
		}
		for _, sh := range f.Steps {
			if err := mark(f.At, StepLabel(sh.Step.T, sh.Step.Epoch, sh.Step.I, sh.Step.Mistake)); err != nil {
				return err
			}
			if !stats.capped {
				stats.lastMarked = sh.Step.T
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return t.Flush()
}

// StepLabel is a step's marker: its number, its pass t and example i
// (1-based, as trace writes them) and ✗ for a mistake, ✓ otherwise.
func StepLabel(step, pass, i int, mistake bool) string {
	mark := "✓"
	if mistake {
		mark = "✗"
	}
	return fmt.Sprintf("step %d · t=%d, i=%d · %s", step, pass, i+1, mark)
}

// recordTitle is the recording's title: the program and its data.
func recordTitle(o lab.Options) string {
	name := o.Dataset
	switch {
	case o.Session != "":
		name = safetext.Name(filepath.Base(o.Session))
	case name == "" && o.File != "":
		name = safetext.Name(filepath.Base(o.File))
	case name == "":
		name = "points"
	}
	return "kernelscope · " + name
}

// parseTermSize reads --size COLUMNSxLINES, no smaller than the terminal
// program draws in.
func parseTermSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(s, "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if !ok || errW != nil || errH != nil {
		return 0, 0, setup.Usagef("--size takes COLUMNSxLINES, such as 100x30, not %q", s)
	}
	minW, minH := tui.MinSize()
	if w < minW || h < minH || w > 1000 || h > 1000 {
		return 0, 0, setup.Usagef("--size %s is outside what the terminal program draws in: from %dx%d to 1000x1000", s, minW, minH)
	}
	return w, h, nil
}
