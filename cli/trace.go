package cli

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/setup"
)

// newTraceCmd is `kernelscope trace`: train headless and print every step.
func newTraceCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "trace",
		Short: "Train headless and print every step",
		Long: `Train a learner headless (the kernel perceptron unless --algo says another) and print every step, in the notation the terminal program narrates with.

Formats (--format):
` + formatList(traceFormats) + `The SVM (--algo svm) steps a pair at a time and writes its own formats, as 'kernelscope svm' does:
` + formatList(svmFormats) + `
` + exitCodes,
		Example: `
# the worked example of the lecture notes
kernelscope trace --dataset worked4
kernelscope trace --data points.csv --kernel rbf --sigma 0.5 --format jsonl
kernelscope trace --dataset worked4 --algo pa --C inf
`,
		Args: noArgs,
	}
	flags := setup.Bind(c.Flags(), "trace", setup.Train)
	flags.BindLearner()
	flags.BindSplit()
	flags.BindSession()
	format := c.Flags().String("format", "text", "output: "+formatNames(traceFormats)+"; for the SVM "+formatNames(svmFormats))
	approx := c.Flags().String("approx", "", "train in the primal on approximate features: rff:D (D random Fourier features of the RBF kernel) or nystrom:m (m Nyström landmarks, any kernel); --format summary only")
	c.RunE = func(c *cobra.Command, _ []string) error {
		// The format is a flag value: say it is wrong before anything else.
		if _, err := chooseFormat(traceFormats, *format); err != nil {
			if _, err2 := chooseFormat(svmFormats, *format); err2 != nil {
				return err
			}
		}
		if strings.HasPrefix(*approx, "rff:") && !c.Flags().Changed("kernel") && !presetRBF(c) {
			// Random Fourier features are the RBF kernel's: a preset's
			// other kernel (or a file's linear default) gives way to it,
			// with --sigma if given; a preset RBF kernel (moons: σ = 0.5)
			// stays as it is.
			if err := c.Flags().Set("kernel", "rbf"); err != nil {
				return err
			}
		}
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		if *approx != "" {
			f, err := chooseFormat(traceFormats, *format)
			if err != nil {
				return err
			}
			return traceApprox(c.OutOrStdout(), &s, f, *approx)
		}
		return trace(c.Context(), c.OutOrStdout(), c.ErrOrStderr(), &s, *format)
	}
	return c
}

// trace trains s's learner on s and writes the run in the format named
// format: a learner that visits example by example in one of
// traceFormats, one that steps a pair at a time (the SVM) in one of
// svmFormats ("summary" is its "json").
// The training that writes nothing (the dry run, or the summary's run)
// shows its progress; ctrl+c stops it (longWork), and stops the steps as
// they are written after a whole step.
func trace(ctx context.Context, stdout, stderr io.Writer, s *lab.Options, format string) error {
	if s.Session != "" {
		// The trace trains from α = 0 on every point, but a session whose
		// run does not go where the file says is refused, by the rule plot
		// and the terminal program apply (lab.ReplayOn): its replay, with
		// a progress bar, stopped by ctrl+c.
		if err := checkReplay(ctx, stderr, s); err != nil {
			return err
		}
	}
	if !s.Config.Kind().Passes {
		if format == "summary" {
			format = "json"
		}
		f, err := chooseFormat(svmFormats, format)
		if err != nil {
			return setup.Usagef("--format %s writes a learner that steps example by example; %s steps a pair at a time and writes %s, as kernelscope svm does", format, s.Config.Kind().Title, formatNames(svmFormats))
		}
		return trainSVM(ctx, stdout, stderr, s, f)
	}
	if format == "json" {
		format = "summary"
	}
	f, err := chooseFormat(traceFormats, format)
	if err != nil {
		return setup.Usagef("--format %s is the SVM's; %s writes %s", format, s.Config.Kind().Title, formatNames(traceFormats))
	}
	cfg := s.Config
	cfg.NoHistory = true
	train, _ := s.Split()
	examples := datasets.Examples(train)
	ctx, stop := interrupt(ctx)
	defer stop()
	work := newLongWork(ctx, stderr, "trace")
	if f.name != "summary" {
		// A numerical failure can come late in a run, after output a reader
		// would take for a whole trace. Train once silently (the fast path
		// makes the same decisions) so bad data prints nothing at all.
		dry, err := learn.NewLearner(cfg, examples)
		if err != nil {
			return err
		}
		if err := work.run(dry); err != nil {
			return work.stopped(err)
		}
		// Every format but summary writes f as the notes define it: the sum
		// in dataset order, which costs O(#SV) a step.
		cfg.Narrate = true
	}
	if f.name == "summary" {
		defer quietGC(cfg.RowCacheBytes, len(examples))()
	}
	l, err := learn.NewLearner(cfg, examples)
	if err != nil {
		return err
	}
	p, ok := l.(learn.Passer)
	if !ok {
		return fmt.Errorf("trace: the %s does not visit pass by pass", cfg.Kind().Name)
	}
	if f.name == "summary" {
		if err := work.run(l); err != nil {
			return work.stopped(err)
		}
	}
	work.done()
	// Ctrl-C stays caught while the steps are written: it stops them
	// after a whole step, and what was written goes out.
	out := &streamOut{ctx: ctx, w: stdout}
	w := bufio.NewWriterSize(out, 1<<16)
	err = f.write(ctx, w, s, p)
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		out.ending = true
		w.Flush()
		return work.cut(p)
	}
	if err != nil {
		return err
	}
	out.ending = true
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	return nil
}

// A traceFormat is one way to write a whole run of a learner that visits
// pass by pass: the registry below is what --format accepts, lists in its
// help, and completes.
type traceFormat = outputFormat[func(ctx context.Context, w *bufio.Writer, s *lab.Options, p learn.Passer) error]

var traceFormats = []traceFormat{
	{"text", "the steps as the lecture notes write them, then a summary", writeText},
	{"jsonl", `one JSON object per step, then {"done":true,...} (see README)`, writeJSONL},
	{"csv", "one row per step: t,epoch,i,x1,x2,y,f,prediction,mistake,alpha_i", writeCSV},
	{"summary", `only the final {"done":true,...} object`, writeSummary},
	{"markdown", "the steps as a GitHub table in the notes' notation, then the summary: for a handout", writeMarkdown},
	{"latex", "the same as a LaTeX document (pdflatex, booktabs): for a handout", writeLatex},
}

// steps runs l until it stops, calling each for every step, and returns
// the error that stopped it, if any (nil when it converged or reached its
// cap), or ctx's once ctx is done: between two steps, so that what each
// writes ends on a whole step.
func steps(ctx context.Context, l learn.Learner, each func(learn.Step)) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		s, err := l.Step()
		if errors.Is(err, learn.ErrStopped) {
			return nil
		}
		if err != nil {
			return err
		}
		each(s)
	}
}

// heldout is the accuracy of l's classifier on the rows s holds out, and
// their number (0 when none are).
func heldout(s *lab.Options, l learn.Learner) (float64, int, error) {
	if s == nil {
		return 0, 0, nil
	}
	_, test := s.Split()
	if len(test) == 0 {
		return 0, 0, nil
	}
	acc, err := crossval.Accuracy(context.Background(), l, datasets.Examples(test))
	return acc, len(test), err
}

// writeJSONL writes one object a step: the step (fᵢ, the prediction, the
// mistake, α after it), and for a learner with a rule of its own whether
// it updated α (unless it does at every step: a Dense learner) and its own
// quantities (PA's loss and τ; logistic regression's p, g and w₀); then
// the summary.
func writeJSONL(ctx context.Context, w *bufio.Writer, s *lab.Options, p learn.Passer) error {
	e, explains := p.(learn.Explainer)
	_, dense := p.(learn.Dense)
	var werr error
	err := steps(ctx, p, func(st learn.Step) {
		o := jsonObject{{"t", st.T}, {"epoch", st.Epoch}, {"i", st.I + 1}, {"f", jnum(st.F)}, {"y", st.Y},
			{"prediction", st.Prediction}, {"mistake", st.Mistake}}
		if explains {
			if !dense {
				o = append(o, jsonField{"update", st.Update})
			}
			o = appendValues(o, e.StepValues(st))
		}
		// A budget learner's mistake can change other α too.
		o = append(o, jsonField{"alpha", jnums(p.Alphas())})
		werr = cmp.Or(werr, writeJSONLine(w, o))
	})
	if err = cmp.Or(err, werr); err != nil {
		return err
	}
	return writeSummary(ctx, w, s, p)
}

// writeSummary trains p to the end and writes the final object of the
// JSONL contract.
func writeSummary(_ context.Context, w *bufio.Writer, s *lab.Options, p learn.Passer) error {
	if err := p.Run(); err != nil {
		return err
	}
	test, nTest, err := heldout(s, p)
	if err != nil {
		return err
	}
	svs := []int{}
	for _, j := range p.SupportVectors() {
		svs = append(svs, j+1)
	}
	o := jsonObject{{"done", true}}
	if _, ok := p.(learn.Explainer); ok {
		// A learner with a rule of its own, whose keys are its own, names
		// itself (PA, Pegasos, logistic regression).
		o = append(o, jsonField{"algo", p.Config().Kind().Name})
	}
	if _, dense := p.(learn.Dense); dense {
		// Every example has α > 0 and the run takes every pass: neither
		// convergence nor support vectors mean anything.
		o = append(o, jsonField{"epochs", p.Epoch()}, jsonField{"steps", p.T()}, jsonField{"mistakes", p.Mistakes()},
			jsonField{"alpha", jnums(p.Alphas())})
	} else {
		o = append(o, jsonField{"converged", p.State() == learn.Converged}, jsonField{"epochs", p.Epoch()},
			jsonField{"steps", p.T()}, jsonField{"mistakes", p.Mistakes()}, jsonField{"alpha", jnums(p.Alphas())},
			jsonField{"support_vectors", svs})
	}
	// Training accuracy under the tie rule, of the final α.
	o = append(o, jsonField{"accuracy", jnum(p.Accuracy())})
	if e, ok := p.(learn.Explainer); ok {
		o = appendValues(o, e.RunValues())
	}
	if a, ok := p.(learn.Averaging); ok {
		// The averaged and voted perceptrons (Freund & Schapire 1999).
		o = append(o, jsonField{"averaged_alpha", jnums(a.AveragedAlpha())},
			jsonField{"averaged_predictions", a.AveragedPredictions()},
			jsonField{"voted_predictions", a.VotedPredictions()})
	}
	if nTest > 0 {
		// The rows --test held out, which training never visited.
		o = append(o, jsonField{"train_accuracy", jnum(crossval.TrainAccuracy(p))}, jsonField{"n_test", nTest},
			jsonField{"test_accuracy", jnum(test)})
	}
	return writeJSONLine(w, o)
}

// appendValues adds a learner's own quantities to o, whole numbers as
// such.
func appendValues(o jsonObject, vs []learn.Value) jsonObject {
	for _, v := range vs {
		if v.Int {
			o = append(o, jsonField{v.Key, int64(v.V)})
		} else {
			o = append(o, jsonField{v.Key, jnum(v.V)})
		}
	}
	return o
}

func writeCSV(ctx context.Context, w *bufio.Writer, _ *lab.Options, p learn.Passer) error {
	w.WriteString("t,epoch,i,x1,x2,y,f,prediction,mistake,alpha_i\n")
	return steps(ctx, p, func(s learn.Step) {
		x := p.X(s.I)
		fmt.Fprintf(w, "%d,%d,%d,%s,%s,%d,%s,%d,%t,%s\n", s.T, s.Epoch, s.I+1,
			strconv.FormatFloat(x.X1, 'g', -1, 64), strconv.FormatFloat(x.X2, 'g', -1, 64),
			s.Y, strconv.FormatFloat(s.F, 'g', -1, 64), s.Prediction, s.Mistake,
			strconv.FormatFloat(s.Alpha, 'g', -1, 64))
	})
}

// writeText writes the trace the way the lecture notes write their worked
// examples, in the notation the terminal program narrates with (package
// notation): one line a step, and after a mistake its update,
//
//	t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)   [step 1]
//	  mistake → α₁ += 1, new α = [1, 0, 0, 0]
//
// where t counts passes, as seed 003 does; then the summary.
func writeText(ctx context.Context, w *bufio.Writer, s *lab.Options, p learn.Passer) error {
	w.WriteString(traceHeader(s, p) + "\n")
	err := steps(ctx, p, func(st learn.Step) {
		w.WriteString(notation.Step(p, st))
		w.WriteByte('\n')
		if u := notation.Update(p, st); u != "" {
			w.WriteString(updateIndent + strings.ReplaceAll(u, "\n", "\n"+updateIndent) + "\n")
		}
	})
	if err != nil {
		return err
	}
	tail, err := traceSummary(s, p)
	w.WriteString(tail)
	return err
}

// traceHeader is the line that opens a trace: the data and how it trains,
// the learner's settings among it ("η = 1").
func traceHeader(s *lab.Options, p learn.Learner) string {
	cfg := p.Config()
	settings := strings.ReplaceAll(cfg.Kind().Header(cfg), ", ", "; ")
	learner := ""
	if name := cfg.Kind().Name; name != learn.DefaultLearner {
		learner = "; " + cfg.Kind().Title
	}
	points := "points"
	if s.OneD() {
		points = "points on a line (x₂ = 0)"
	}
	return fmt.Sprintf("%s: %d %s; K(x,z) = %s; %s; tie %s (%s)%s%s; at most %s%s",
		sourceName(s), p.N(), points, cfg.Kernel, biasText(cfg.Bias), cfg.Tie, cfg.Tie.Describe(),
		learner, settings, notation.Passes(cfg.Epochs), shuffleText(cfg)) + s.TraceNote()
}

// traceSummary is what closes a trace, each line ending in a newline: the
// outcome, the support vectors and the function (notation.Summary), for
// points on a line f along it and where it is positive (notation.OnLine), the
// averaged, voted and budget learners' lines, and the held-out accuracy
// (on an error, the lines before it).
func traceSummary(s *lab.Options, p learn.Passer) (string, error) {
	out := notation.Summary(p)
	if s.OneD() {
		// Points on a line: f along it, in x, and where it is +1.
		v := datasets.ViewOf(s.Points)
		out += notation.OnLine(p, v.MinX1, v.MaxX1) + "\n"
	}
	if r, ok := s.ScaleMismatch(); ok && p.State() == learn.Capped {
		// Under the outcome it explains: raw units may be what stopped it.
		outcome, rest, _ := strings.Cut(out, "\n")
		out = outcome + "\n" + notation.ScaleHint(r, "--standardize") + "\n" + rest
	}
	out += notation.RunValues(p) + notation.Averages(p) + notation.Budget(p)
	test, nTest, err := heldout(s, p)
	if err != nil {
		return out, err // what came before the failure, as text has always written it
	}
	if nTest > 0 {
		out += notation.Heldout(s.HoldoutText(), crossval.TrainAccuracy(p), p.N(), test, nTest)
	}
	return out, nil
}

// updateIndent sets a mistake's update off under its step.
const updateIndent = "  "

func sourceName(s *lab.Options) string {
	name := s.Dataset
	if s.File != "" {
		name = safetext.Name(s.File)
	}
	if s.Standardized {
		name += " (standardized: z-scores)"
	}
	return s.SessionName(name) // "session s.json (moons, edited)"
}

func biasText(bias bool) string {
	if bias {
		return "bias on: x̃ = (1, x₁, x₂)"
	}
	return "no bias"
}

func shuffleText(cfg learn.Config) string {
	if cfg.Shuffle {
		return fmt.Sprintf("; shuffled each epoch (seed %d)", cfg.Seed)
	}
	return ""
}

// checkReplay replays session s as it was saved, to refuse a file whose
// run does not go where it says, under ctrl+c and with a progress bar.
func checkReplay(ctx context.Context, stderr io.Writer, s *lab.Options) error {
	ctx, stop := interrupt(ctx)
	defer stop()
	work := newLongWork(ctx, stderr, "trace")
	l, err := lab.Fresh(*s, learn.RunOptions{NoHistory: true, RowCacheBytes: s.Config.RowCacheBytes})
	if err == nil {
		err = work.replay(*s, l)
	}
	if err != nil {
		return work.stopped(err)
	}
	work.done()
	return nil
}

// presetRBF reports whether the run opens on a built-in dataset whose
// preset kernel is an RBF kernel (no --data, no --session).
func presetRBF(c *cobra.Command) bool {
	if c.Flags().Changed("data") || c.Flags().Changed("session") {
		return false
	}
	name := c.Flags().Lookup("dataset").Value.String()
	if name == "" {
		name = setup.DefaultDataset
	}
	b, ok := datasets.Lookup(name)
	if !ok {
		return false
	}
	k, err := learn.ParseKernel(b.Preset.Kernel)
	_, rbf := k.(learn.RBF)
	return err == nil && rbf
}
