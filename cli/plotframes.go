package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/figure"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/setup"
)

// A run frame by frame: `plot --animate` writes an animated GIF for
// slides, `plot --pages` a PDF flip-book for handouts, each frame the
// figure plot draws, one for the start and one after each event (a step,
// a mistake, the end of a pass).

// frameEvents are the events a frame is taken after: --every's and
// --pages' values.
var frameEvents = []string{"step", "mistake", "pass"}

// frameFlags are plot's flags for a run frame by frame.
type frameFlags struct {
	animate bool
	every   string
	delay   time.Duration
	pages   string
}

// bind adds the flags to c.
func (f *frameFlags) bind(c *cobra.Command) {
	c.Flags().BoolVar(&f.animate, "animate", false, "write an animated GIF (--out FILE.gif): a frame for the start, one after each --every event")
	c.Flags().StringVar(&f.every, "every", "step", "with --animate, a frame after each step, mistake or pass")
	c.Flags().DurationVar(&f.delay, "delay", 500*time.Millisecond, "with --animate, the time between frames, 10ms to 1m (the last is held 4 times as long, at least 2s)")
	c.Flags().StringVar(&f.pages, "pages", "", "write a PDF flip-book (--out FILE.pdf): a page for the start, one after each step, mistake or pass")
}

// on reports whether plot draws frame by frame.
func (f *frameFlags) on() bool { return f.animate || f.pages != "" }

// check checks the flags against each other and --out, and returns the
// event a frame is taken after.
func (f *frameFlags) check(c *cobra.Command, out string) (event string, err error) {
	changed := c.Flags().Changed
	ext := strings.ToLower(filepath.Ext(out))
	switch {
	case f.animate && f.pages != "":
		return "", setup.Usagef("--animate writes a GIF and --pages a PDF: choose one")
	case !f.animate && (changed("every") || changed("delay")):
		return "", setup.Usagef("--every and --delay go with --animate (--pages takes its event as its value: --pages mistake)")
	case out == "":
		if f.animate {
			return "", setup.Usagef("plot --animate needs --out FILE.gif")
		}
		return "", setup.Usagef("plot --pages needs --out FILE.pdf")
	case f.animate && ext != ".gif":
		return "", setup.Usagef("--out %s: an animation is a GIF; its name must end in .gif", safetext.Name(out))
	case f.pages != "" && ext != ".pdf":
		return "", setup.Usagef("--out %s: a flip-book is a PDF; its name must end in .pdf", safetext.Name(out))
	case f.animate && (f.delay < 10*time.Millisecond || f.delay > time.Minute):
		return "", setup.Usagef("--delay must be 10ms to 1m, not %v", f.delay)
	}
	event, flag := f.every, "--every"
	if f.pages != "" {
		event, flag = f.pages, "--pages"
	}
	if !slices.Contains(frameEvents, event) {
		return "", setup.Usagef("%s must be step, mistake or pass, not %q", flag, event)
	}
	return event, nil
}

// name is the flag and its event, for messages: "--every mistake".
func (f *frameFlags) name(event string) string {
	if f.pages != "" {
		return "--pages " + event
	}
	return "--every " + event
}

// runFrames is plot --animate or --pages: the run's frames, then the file,
// written new (an existing --out is never replaced: a GIF or a flip-book
// is minutes of a lecturer's choosing, not a figure redrawn).
func runFrames(c *cobra.Command, flags *setup.Flags, f *frameFlags, out string, sz figure.Size, steps int) error {
	event, err := f.check(c, out)
	if err != nil {
		return err
	}
	if f.animate && !c.Flags().Changed("size") {
		// A slide's GIF: 640 pixels at 80 dpi, the same 8 inches as the
		// default figure, so the same layout, at a quarter of the pixels.
		sz.Width, sz.Height = 640, 640
		if !c.Flags().Changed("dpi") {
			sz.DPI = 80
		}
	}
	s, err := flags.Resolve()
	if err != nil {
		return err
	}
	if r := s.Replay; s.Session != "" || r.Steps > 0 || len(r.AppendedAt) > 0 {
		return setup.Usagef("%s draws a run from its start; a saved session's run cannot be drawn frame by frame yet (draw its end with plot --out FIG.png)", f.name(event))
	}
	if err := datasets.CheckNew(out); err != nil {
		return existingOut(out, err)
	}
	ctx, stop := interrupt(c.Context())
	defer stop()
	work := newLongWork(ctx, c.ErrOrStderr(), "plot")
	specs, err := plotFrames(work, &s, steps, event, f.name(event))
	if err != nil {
		return work.stopped(err)
	}
	// The report goes out once the file has its name (a name taken
	// meanwhile, or refused, is an error, with nothing said of the file);
	// if it cannot be written, or Ctrl-C came as the file was synced, the
	// file is removed again.
	report := func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		work.done()
		what := plural(len(specs), "frame")
		if f.pages != "" {
			what = plural(len(specs), "page")
		}
		if _, err := fmt.Fprintf(c.OutOrStdout(), "wrote %s: %s, ending %s\n", safetext.Name(out), what, specs[len(specs)-1].Subtitle); err != nil {
			return fmt.Errorf("writing the output: %w (%s was not written)", err, safetext.Name(out))
		}
		return nil
	}
	work.phase("drawing", "frames")
	write := func(w io.Writer) error {
		if f.animate {
			return figure.WriteGIF(ctx, w, specs, sz, f.delay, work.bar.Update)
		}
		return figure.WritePages(ctx, w, specs, sz, work.bar.Update)
	}
	// From the temporary file's creation on, Ctrl-C must be caught, or its
	// default would leave the file behind.
	catchNow(ctx)
	if err := datasets.CreateFile(out, write, report); err != nil {
		if errors.Is(err, fs.ErrExist) && ctx.Err() == nil {
			work.done()
			return existingOut(out, err)
		}
		return work.stopped(err)
	}
	return nil
}

// existingOut is the error for an --out that is there already.
func existingOut(out string, err error) error {
	return fmt.Errorf("--out %s: %s", safetext.Name(out), strings.TrimPrefix(err.Error(), "cannot save "+safetext.Name(out)+": "))
}

// plotFrames trains on s as plot does, for steps steps (until training
// stops when steps < 0), and describes the figure at the start and after
// each event: every step, every mistake, or every pass's end (and where
// training stops mid-pass). A frame past figure.MaxFrames stops the run
// there, with an error that says after which step it came; flag is the
// flag and its event, for messages.
func plotFrames(work *longWork, s *lab.Options, steps int, event, flag string) ([]figure.Spec, error) {
	train, test := s.Split()
	run := s.Config.RunOptions
	run.NoHistory = true
	l, err := lab.Fresh(*s, run)
	if err != nil {
		return nil, err
	}
	p, passes := l.(learn.Passer)
	if event != "step" && !passes {
		return nil, setup.Usagef("%s: %s neither trains pass by pass nor makes mistakes to step by (each of its iterations updates a pair); use %s step", flag, l.Config().Kind().Name, strings.Fields(flag)[0])
	}
	view := datasets.ViewOf(s.Points)
	var specs []figure.Spec
	frame := func() error {
		if len(specs) == figure.MaxFrames {
			return tooManyFrames(flag, event, passes, l.T())
		}
		spec, err := figure.Of(work.ctx, l, train, test, view, sourceName(s))
		// The points do not change during a run: every frame shares
		// them, rather than keep a copy of a million points each.
		spec.Train, spec.Test = train, test
		spec.Axes[0], spec.Axes[1] = s.AxisNames()
		spec.OneD = s.OneD()
		specs = append(specs, spec)
		return err
	}
	if err := frame(); err != nil {
		return nil, err
	}
	check := work.training(l, steps)
	for n := 0; steps < 0 || n < steps; n++ {
		st, err := l.Step()
		if errors.Is(err, learn.ErrStopped) {
			break
		}
		if err != nil {
			return nil, err
		}
		taken := event == "step" ||
			event == "mistake" && st.Mistake ||
			event == "pass" && (p.AtPassStart() || l.State() != learn.Running)
		if taken {
			if err := frame(); err != nil {
				return nil, err
			}
		}
		if taken || st.Changed() || n%checkEvery == 0 {
			if err := check(); err != nil {
				return nil, err
			}
		}
	}
	if err := l.Err(); err != nil {
		return nil, err
	}
	if steps >= 0 && l.T() < steps {
		return nil, fmt.Errorf("--steps %d: training stops after %s (%s)", steps, plural(l.T(), "step"), stateWord(l))
	}
	return specs, nil
}

// tooManyFrames is the error of a run whose frame figure.MaxFrames + 1
// comes after step t, for flag (with its event): it suggests the events
// that come less often than event (a learner that steps a pair at a time
// has only steps) and the --steps that keeps to the limit.
func tooManyFrames(flag, event string, passes bool, t int) error {
	option, unit := strings.Fields(flag)[0], "iteration"
	var fewer []string
	if passes {
		unit = "step"
		for _, e := range frameEvents[slices.Index(frameEvents, event)+1:] {
			fewer = append(fewer, option+" "+e)
		}
	}
	how := ""
	if len(fewer) > 0 {
		how = "take fewer with " + strings.Join(fewer, " or ") + ", or "
	}
	return setup.Usagef("%s: the run has more than the %d frames a file may have (frame %d comes after %s %d); %sstop sooner with --steps %d",
		flag, figure.MaxFrames, figure.MaxFrames+1, unit, t, how, t-1)
}
