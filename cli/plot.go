package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/figure"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/setup"
)

// newPlotCmd is `kernelscope plot`: train, then write the decision region
// as a figure for slides and handouts.
func newPlotCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "plot --out FIG.png|svg|pdf",
		Short: "Train, then write the decision region as a figure (PNG, SVG or PDF)",
		Long: `Train as trace does (the same flags), for --steps steps or until training stops, then write a figure: f as a heat map (blue where f > 0, orange where f < 0: the terminal program's colour-blind-safe Okabe–Ito pair, paler near the boundary), the boundary f = 0 as a solid black line and, for the SVM, the margins f = ±1 dashed; +1 points as triangles and −1 points as squares, held-out points hollow, support vectors ringed (the SVM's at α = C dashed), and the example the next step visits in a large square when --steps stops mid-pass. Both axes are in data units, at the same scale, and named after the data's columns (the CSV header's names, x₁ and x₂ without one; z(name) with --standardize). The title gives the data, the kernel, the learner and the run's numbers (steps, mistakes, support vectors, accuracy). It reads in black and white too: the classes differ by shape, the two sides of the boundary by shade.

The format is the --out file's extension. The file is replaced atomically, and only once the line plot prints on stdout is written: a failed run leaves it as it was.

A run frame by frame: --animate writes an animated GIF (--out FILE.gif, 640×640 unless --size says otherwise), --pages EVENT a PDF flip-book (--out FILE.pdf), a frame a page: the figure at the start, then after each event, a step, a mistake or the end of a pass (--every for the GIF). The GIF's frames are --delay apart and the last is held 4 times as long (at least 2 s); its palette keeps the classes' colours and the black of the lines exact. At most ` + strconv.Itoa(figure.MaxFrames) + ` frames: a run with more is refused with a suggestion (--every mistake or pass). These files are never replaced: an existing --out is an error, and Ctrl-C leaves nothing.

` + exitCodes,
		Example: `
kernelscope plot --dataset moons --kernel 'rbf(sigma=0.4)' --out moons.png
kernelscope plot --dataset worked4 --steps 3 --out step3.pdf
kernelscope plot --dataset circles --algo svm --C 10 --out svm.svg --size 1600x1200
kernelscope plot --dataset xor --kernel 'poly(d=2,c=1)' --animate --every mistake --out xor.gif
kernelscope plot --dataset xor --kernel 'poly(d=2,c=1)' --pages pass --out xor.pdf
`,
		Args: noArgs,
	}
	flags := setup.Bind(c.Flags(), "plot", setup.Train)
	flags.BindLearner()
	flags.BindSplit()
	flags.BindSession()
	out := c.Flags().String("out", "", "the figure's file: .png, .svg or .pdf (required)")
	nSteps := c.Flags().Int("steps", -1, "take this many steps (SMO iterations for the SVM), ≥ 0 (default: until training stops)")
	size := c.Flags().String("size", "1200x1200", "the figure's size in pixels, WxH, each 100 to 8000 (a vector format keeps the physical size at --dpi)")
	dpi := c.Flags().Int("dpi", figure.DefaultSize.DPI, "dots per inch, 30 to 1200: sets the size of the text and glyphs against the pixels")
	var frames frameFlags
	frames.bind(c)
	c.RunE = func(c *cobra.Command, _ []string) error {
		if frames.on() {
			sz, err := parseSize(*size, *dpi)
			if err != nil {
				return err
			}
			if c.Flags().Changed("steps") && *nSteps < 0 {
				return setup.Usagef("--steps must be ≥ 0, not %d", *nSteps)
			}
			return runFrames(c, flags, &frames, *out, sz, *nSteps)
		}
		if c.Flags().Changed("every") || c.Flags().Changed("delay") {
			return setup.Usagef("--every and --delay go with --animate (--pages takes its event as its value: --pages mistake)")
		}
		if strings.EqualFold(filepath.Ext(*out), ".gif") {
			return setup.Usagef("--out %s: a GIF is an animation of the run: add --animate (a still figure is .png, .svg or .pdf)", safetext.Name(*out))
		}
		format, err := figure.FormatOf(*out)
		if *out == "" {
			return setup.Usagef("plot needs --out FILE (.png, .svg or .pdf)")
		}
		if err != nil {
			return setup.Usagef("--out %v", err)
		}
		sz, err := parseSize(*size, *dpi)
		if err != nil {
			return err
		}
		if c.Flags().Changed("steps") && *nSteps < 0 {
			return setup.Usagef("--steps must be ≥ 0, not %d", *nSteps)
		}
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		ctx, stop := interrupt(c.Context())
		defer stop()
		work := newLongWork(ctx, c.ErrOrStderr(), "plot")
		spec, err := plotSpec(work, &s, *nSteps)
		if err != nil {
			return work.stopped(err)
		}
		// The report goes out after the figure is written and before it
		// replaces --out: a report that cannot be written (stdout on a
		// full disk) fails the run with the old file still there, and so
		// does Ctrl-C while the file is synced.
		report := func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			work.done()
			if _, err := fmt.Fprintf(c.OutOrStdout(), "wrote %s: %s\n", safetext.Name(*out), spec.Subtitle); err != nil {
				return fmt.Errorf("writing the output: %w (%s was left as it was)", err, safetext.Name(*out))
			}
			return nil
		}
		work.phase("drawing", "glyphs")
		// From the temporary file's creation on, Ctrl-C must be caught, or
		// its default would leave the file behind.
		catchNow(ctx)
		if err := datasets.SaveFile(*out, func(w io.Writer) error { return figure.Write(ctx, w, format, spec, sz, work.bar.Update) }, report); err != nil {
			return work.stopped(err)
		}
		return nil
	}
	return c
}

// parseSize reads --size WxH and --dpi.
func parseSize(size string, dpi int) (figure.Size, error) {
	w, h, ok := strings.Cut(strings.ToLower(size), "x")
	width, err1 := strconv.Atoi(w)
	height, err2 := strconv.Atoi(h)
	if !ok || err1 != nil || err2 != nil || width < figure.MinSide || height < figure.MinSide || width > figure.MaxSide || height > figure.MaxSide {
		return figure.Size{}, setup.Usagef("--size must be WxH in pixels, each %d to %d, like 1200x1200, not %q", figure.MinSide, figure.MaxSide, size)
	}
	if dpi < figure.MinDPI || dpi > figure.MaxDPI {
		return figure.Size{}, setup.Usagef("--dpi must be %d to %d, not %d", figure.MinDPI, figure.MaxDPI, dpi)
	}
	return figure.Size{Width: width, Height: height, DPI: dpi}, nil
}

// plotSpec trains on s for steps steps (all of them when steps < 0) and
// describes the figure of where it stopped. --steps beyond where training
// stops is an error: the figure would not be of the step asked for. It
// stops with the work's context.
func plotSpec(work *longWork, s *lab.Options, steps int) (figure.Spec, error) {
	train, test := s.Split()
	run := s.Config.RunOptions
	run.NoHistory = true
	l, err := lab.Fresh(*s, run)
	if err != nil {
		return figure.Spec{}, err
	}
	if r := s.Replay; s.Session != "" || r.Steps > 0 || len(r.AppendedAt) > 0 {
		// A session (--session): the run as it was saved, appends and all.
		if err := work.replay(*s, l); err != nil {
			return figure.Spec{}, err
		}
		return work.figureOf(l, train, test, s)
	}
	if err := work.train(l, steps); err != nil {
		return figure.Spec{}, err
	}
	if steps >= 0 && l.T() < steps {
		return figure.Spec{}, fmt.Errorf("--steps %d: training stops after %s (%s)", steps, plural(l.T(), "step"), stateWord(l))
	}
	return work.figureOf(l, train, test, s)
}

// figureOf is figure.Of, stopped by the work's context: scoring the
// held-out points is len(test)·#SV kernel evaluations.
func (w *longWork) figureOf(l learn.Learner, train, test []datasets.Point, s *lab.Options) (figure.Spec, error) {
	if len(test) > 0 {
		w.phase("scoring the held-out points", "")
	}
	spec, err := figure.Of(w.ctx, l, train, test, datasets.ViewOf(s.Points), sourceName(s))
	spec.Axes[0], spec.Axes[1] = s.AxisNames()
	spec.OneD = s.OneD()
	return spec, err
}

func stateWord(l learn.Learner) string {
	if l.State() == learn.Converged {
		return "converged"
	}
	return "capped at " + notation.Passes(l.Config().Epochs)
}
