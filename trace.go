package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/setup"
)

// newTraceCmd is `kernelscope trace`: train headless and print every step.
func newTraceCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "trace",
		Short: "Train headless and print every step",
		Long: `Train the kernel perceptron headless and print every step, in the notation the terminal program narrates with.

Formats (--format):
` + formatList(traceFormats) + `
` + exitCodes,
		Example: `
# the worked example of seed 003
kernelscope trace --dataset worked4
kernelscope trace --data points.csv --kernel rbf --sigma 0.5 --format jsonl
`,
		Args: noArgs,
	}
	flags := setup.Bind(c.Flags(), "trace", setup.Train)
	flags.BindLearner(true)
	flags.BindSplit()
	flags.BindSession()
	format := c.Flags().String("format", "text", "output: "+formatNames(traceFormats))
	approx := c.Flags().String("approx", "", "train in the primal on approximate features: rff:D (D random Fourier features of the RBF kernel) or nystrom:m (m Nyström landmarks, any kernel); --format summary only")
	c.RunE = func(c *cobra.Command, _ []string) error {
		// The format is a flag value: say it is wrong before anything else.
		f, err := chooseFormat(traceFormats, *format)
		if err != nil {
			return err
		}
		if strings.HasPrefix(*approx, "rff:") && !c.Flags().Changed("kernel") {
			// Random Fourier features are the RBF kernel's: a preset's
			// other kernel gives way to it (with --sigma, if given).
			if err := c.Flags().Set("kernel", "rbf"); err != nil {
				return err
			}
		}
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		if *approx != "" {
			return traceApprox(c.OutOrStdout(), &s, f, *approx)
		}
		return trace(c.Context(), c.OutOrStdout(), c.ErrOrStderr(), &s, f)
	}
	return c
}

// trace trains on s and writes the run in format f. The training that
// writes nothing (the dry run, or the summary's run) shows its progress
// and stops on ctrl+c (longWork); the steps are written with ctrl+c's
// default, which ends the program at once.
func trace(ctx context.Context, stdout, stderr io.Writer, s *setup.Options, f traceFormat) error {
	cfg := s.Config
	if cfg.Algo == learn.AlgoSVM {
		return setup.Usagef("trace steps the perceptron and its relatives; for the SVM's iterations use: kernelscope svm")
	}
	if s.Session != "" {
		// The trace trains from α = 0 on every point, but a session whose
		// run does not go where the file says is refused, by the rule plot
		// and the terminal program apply (setup.ReplayOn).
		if _, err := setup.Open(*s, learn.RunOptions{NoHistory: true, RowCacheBytes: cfg.RowCacheBytes}); err != nil {
			return err
		}
	}
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
		dry, err := learn.New(cfg, examples)
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
	p, err := learn.New(cfg, examples)
	if err != nil {
		return err
	}
	if f.name == "summary" {
		if err := work.run(p); err != nil {
			return work.stopped(err)
		}
	}
	work.done()
	stop()
	w := bufio.NewWriterSize(stdout, 1<<16)
	if err := f.write(w, s, p); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	return nil
}

// A traceFormat is one way to write a whole run: the registry below is what
// --format accepts, lists in its help, and completes.
type traceFormat = outputFormat[func(w *bufio.Writer, s *setup.Options, p *learn.Perceptron) error]

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
// cap).
func steps(l learn.Learner, each func(learn.Step)) error {
	for {
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

// heldout is the accuracy of p's classifier on the rows s holds out, and
// their number (0 when none are).
func heldout(s *setup.Options, p *learn.Perceptron) (float64, int, error) {
	if s == nil {
		return 0, 0, nil
	}
	_, test := s.Split()
	if len(test) == 0 {
		return 0, 0, nil
	}
	acc, err := crossval.Accuracy(context.Background(), p, datasets.Examples(test))
	return acc, len(test), err
}

func writeJSONL(w *bufio.Writer, s *setup.Options, p *learn.Perceptron) error {
	alpha := make([]float64, p.N())
	err := steps(p, func(s learn.Step) {
		// A budget learner's mistake can change other α too.
		for j := range alpha {
			alpha[j] = p.Alpha(j)
		}
		fmt.Fprintf(w, `{"t":%d,"epoch":%d,"i":%d,"f":%s,"y":%d,"prediction":%d,"mistake":%t,"alpha":`,
			s.T, s.Epoch, s.I+1, jsonFloat(s.F), s.Y, s.Prediction, s.Mistake)
		writeFloats(w, alpha)
		w.WriteString("}\n")
	})
	if err != nil {
		return err
	}
	return writeSummary(w, s, p)
}

// writeSummary writes the final object of the JSONL contract.
func writeSummary(w *bufio.Writer, s *setup.Options, p *learn.Perceptron) error {
	if err := p.Run(); err != nil {
		return err
	}
	test, nTest, err := heldout(s, p)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, `{"done":true,"converged":%t,"epochs":%d,"steps":%d,"mistakes":%d,"alpha":`,
		p.State() == learn.Converged, p.Epoch(), p.T(), p.Mistakes())
	writeFloats(w, p.Alphas())
	w.WriteString(`,"support_vectors":[`)
	for n, j := range p.SupportVectors() {
		if n > 0 {
			w.WriteByte(',')
		}
		w.WriteString(strconv.Itoa(j + 1))
	}
	w.WriteByte(']')
	// Training accuracy under the tie rule, of the final α.
	fmt.Fprintf(w, `,"accuracy":%s`, jsonFloat(p.Accuracy()))
	if avg := p.AveragedAlpha(); avg != nil {
		// The averaged and voted perceptrons (Freund & Schapire 1999).
		w.WriteString(`,"averaged_alpha":`)
		writeFloats(w, avg)
		w.WriteString(`,"averaged_predictions":`)
		writeInts(w, p.AveragedPredictions())
		w.WriteString(`,"voted_predictions":`)
		writeInts(w, p.VotedPredictions())
	}
	if nTest > 0 {
		// The rows --test held out, which training never visited.
		fmt.Fprintf(w, `,"train_accuracy":%s,"n_test":%d,"test_accuracy":%s`,
			jsonFloat(crossval.TrainAccuracy(p)), nTest, jsonFloat(test))
	}
	w.WriteString("}\n")
	return nil
}

func writeInts(w *bufio.Writer, xs []int) {
	w.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteString(strconv.Itoa(x))
	}
	w.WriteByte(']')
}

func writeFloats(w *bufio.Writer, xs []float64) {
	w.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteString(jsonFloat(x))
	}
	w.WriteByte(']')
}

// jsonFloat writes a float as JSON the way the contract shows it: always
// with a decimal point or exponent ("1.0", "0.25", "1e-07"), shortest form
// that reads back exactly; null for a value that is not finite.
func jsonFloat(v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return "null"
	case v == 0:
		return "0.0" // also for −0
	}
	a := math.Abs(v)
	if a >= 1e-4 && a < 1e16 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.ContainsRune(s, '.') {
			s += ".0"
		}
		return s
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func writeCSV(w *bufio.Writer, _ *setup.Options, p *learn.Perceptron) error {
	w.WriteString("t,epoch,i,x1,x2,y,f,prediction,mistake,alpha_i\n")
	return steps(p, func(s learn.Step) {
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
func writeText(w *bufio.Writer, s *setup.Options, p *learn.Perceptron) error {
	w.WriteString(traceHeader(s, p) + "\n")
	err := steps(p, func(st learn.Step) {
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

// traceHeader is the line that opens a trace: the data and how it trains.
func traceHeader(s *setup.Options, p *learn.Perceptron) string {
	cfg := p.Config()
	return fmt.Sprintf("%s: %d points; K(x,z) = %s; %s; tie %s (%s); η = %s; at most %s%s",
		sourceName(s), p.N(), cfg.Kernel, biasText(cfg.Bias), cfg.Tie, cfg.Tie.Describe(),
		learn.Num(cfg.Eta), notation.Passes(cfg.Epochs), shuffleText(cfg)) + s.TraceNote()
}

// traceSummary is what closes a trace, each line ending in a newline: the
// outcome, the support vectors and the function (notation.Summary), the
// averaged, voted and budget learners' lines, and the held-out accuracy
// (on an error, the lines before it).
func traceSummary(s *setup.Options, p *learn.Perceptron) (string, error) {
	out := notation.Summary(p) + notation.Averages(p) + notation.Budget(p)
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

func sourceName(s *setup.Options) string {
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
