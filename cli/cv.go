package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/internal/progress"
	"kernelscope/lab"
	"kernelscope/setup"
)

// newCVCmd is `kernelscope cv`: k-fold cross-validation of a kernel
// parameter or the SVM's C, the way seed 001 says to choose a kernel.
func newCVCmd() *cobra.Command { return newCVCmdWith(cvDefaults) }

// cvEnv is what cv takes from the process: whether stderr is a terminal
// (the progress bar), the context that Ctrl-C cancels, and the clock that
// throttles the bar. Tests replace each.
type cvEnv struct {
	terminal func(io.Writer) bool
	context  func(parent context.Context) (context.Context, context.CancelFunc)
	now      func() time.Time
}

var cvDefaults = cvEnv{terminal: isTerminal, context: interruptible, now: time.Now}

// cvRequest is what cv's own flags ask for, checked.
type cvRequest struct {
	param        crossval.Param
	values       []float64
	folds        int
	shuffleFolds bool
	format       cvFormat
}

func newCVCmdWith(env cvEnv) *cobra.Command {
	c := &cobra.Command{
		Use:   "cv",
		Short: "Cross-validate a kernel parameter or the SVM's C over k folds",
		Long: `Choose a kernel's parameter by k-fold cross-validation, as the lecture notes suggest: cut the data into --folds parts, contiguous in dataset order (scikit-learn's KFold without shuffling; --shuffle-folds permutes the rows first, drawn from --seed). For each value of --param and each fold, train on the other folds (in dataset order) with every other setting as given, and score the fold it never saw with the tie rule. A value's score is the mean of its folds' accuracies, ± their sample standard deviation; the best value has the highest mean (on a tie, the smaller value).

Training accuracy far above validation accuracy is overfitting: the table shows the gap.

--param is one of ` + crossval.ParamNames() + ` (C is the SVM's and PA's, eta the perceptron's and logistic regression's, lambda Pegasos's and logistic regression's: with their --algo). --values is a list of numbers and ranges: 0.1,1,10; 1:6 (the whole numbers 1 to 6); 0.1:10:log:9 (9 values evenly spaced on a log scale); 0:2:lin:5 (5 values evenly spaced).

The trainings run on every core. On a terminal a progress bar is drawn on stderr; Ctrl-C stops the run, and nothing is written on stdout.

Formats (--format):
` + formatList(cvFormats) + `
` + exitCodes,
		Example: `
# the width of the Gaussian kernel on the two moons
kernelscope cv --dataset moons --kernel rbf --param sigma --values 0.1:10:log:9
kernelscope cv --dataset circles --kernel poly --param degree --values 1:6 --folds 10
kernelscope cv --dataset moons --kernel rbf --algo svm --param C --values 0.01:100:log:5 --format json
`,
		Args: noArgs,
	}
	flags := setup.Bind(c.Flags(), "cv", setup.Train)
	flags.BindLearner()
	param := c.Flags().String("param", "", "the parameter to cross-validate: "+crossval.ParamNames()+" (required)")
	values := c.Flags().String("values", "", "its values: numbers and ranges, e.g. 0.1,1,10 or 1:6 or 0.1:10:log:9 or 0:2:lin:5 (required)")
	folds := c.Flags().Int("folds", 5, "the number of folds k, from 2 to the number of points")
	shuffleFolds := c.Flags().Bool("shuffle-folds", false, "permute the rows before cutting them into folds, drawn from --seed")
	format := c.Flags().String("format", "text", "output: "+formatNames(cvFormats))
	c.RunE = func(c *cobra.Command, _ []string) error {
		// The command line's own mistakes first, before any data is read.
		f, err := chooseFormat(cvFormats, *format)
		if err != nil {
			return err
		}
		req := cvRequest{folds: *folds, shuffleFolds: *shuffleFolds, format: f}
		if !c.Flags().Changed("param") {
			return usagef(c, "--param is required: the parameter to cross-validate, one of %s", crossval.ParamNames())
		}
		if req.param, err = crossval.ParseParam(*param); err != nil {
			return usagef(c, "--param: %v", err)
		}
		if !c.Flags().Changed("values") {
			return usagef(c, "--values is required: the values of %s to try, e.g. 0.1,1,10 or 0.1:10:log:9", req.param)
		}
		if req.values, err = crossval.ParseValues(*values, req.param); err != nil {
			return usagef(c, "--values: %v", err)
		}
		if req.folds < 2 {
			return usagef(c, "--folds: cross-validation needs at least 2 folds, not %d", req.folds)
		}
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		plan, err := cvPlan(c, &s, req)
		if err != nil {
			return err
		}
		ctx, stop := env.context(c.Context())
		defer stop()
		return crossValidate(ctx, c.OutOrStdout(), c.ErrOrStderr(), env, &s, plan, f)
	}
	return c
}

// cvPlan is the sweep req asks for on the session s, or a usage error that
// says which flag cannot be: a parameter the kernel or the learner does
// not have, a value the kernel refuses, more folds than points.
func cvPlan(c *cobra.Command, s *lab.Options, req cvRequest) (crossval.Plan, error) {
	plan := crossval.Plan{
		Config: s.Config, Data: datasets.Examples(lab.FoldPoints(*s)), Param: req.param, Values: req.values,
		Folds: req.folds, ShuffleFolds: req.shuffleFolds, Seed: s.Seed, Standardize: s.Standardized,
	}
	if !req.param.Has(plan.Config) {
		_, err := req.param.Set(plan.Config, 0) // says why it is missing
		return plan, usagef(c, "--param %s: %v", req.param, err)
	}
	for _, v := range req.values {
		if _, err := req.param.Set(plan.Config, v); err != nil {
			return plan, usagef(c, "--values: %s = %v: %v", req.param, v, err)
		}
	}
	if _, err := crossval.Folds(len(plan.Data), plan.Folds, plan.ShuffleFolds, plan.Seed); err != nil {
		return plan, usagef(c, "--folds: %v", err)
	}
	if err := plan.Check(); err != nil {
		return plan, usagef(c, "%v", err) // a check the ones above missed
	}
	return plan, nil
}

// crossValidate runs plan, with a progress bar on stderr when stderr is a
// terminal, and writes the report in format f. Nothing reaches stdout
// unless every training finished: an interrupted or failed run writes no
// part of a report.
func crossValidate(ctx context.Context, stdout, stderr io.Writer, env cvEnv, s *lab.Options, plan crossval.Plan, f cvFormat) error {
	done := 0
	var bar *progress.Bar
	if env.terminal(stderr) {
		bar = progress.New(stderr, "cv", "trainings", env.now, 0)
		bar.Update(0, plan.Jobs())
	}
	report, err := crossval.Run(ctx, plan, func(d, total int) {
		done = d
		bar.Update(d, total)
	})
	bar.Clear()
	if ctx.Err() != nil {
		// Even a run whose last trainings beat the interrupt is not
		// written: the user asked it to stop.
		return &interruptedError{fmt.Sprintf("cv: interrupted after %d of %d trainings; no results written", done, plan.Jobs())}
	}
	if err != nil {
		return fmt.Errorf("cv: %w", err)
	}
	w := bufio.NewWriterSize(stdout, 1<<16)
	if err := f.write(w, s, plan, report); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	return nil
}

// A cvFormat is one way to write a sweep: the registry below is what
// --format accepts, lists in its help, and completes.
type cvFormat = outputFormat[func(w *bufio.Writer, s *lab.Options, plan crossval.Plan, r crossval.Report) error]

var cvFormats = []cvFormat{
	{"text", "a table of the values (mean ± std, training accuracy, the gap, each fold), a chart, and where it overfits", writeCVText},
	{"json", `one object {"param","folds","results":[{"value","mean","std","folds","train"}…],"best"}`, writeCVJSON},
}

// cvJSON is the json format's one object. mean is the mean of folds (the
// validation accuracies), std their sample standard deviation (k − 1),
// train each fold's learner's accuracy on its own training rows, and best
// the value with the highest mean (on a tie, the smaller value).
type cvJSON struct {
	Param   string            `json:"param"`
	Folds   int               `json:"folds"`
	Results []crossval.Result `json:"results"`
	Best    float64           `json:"best"`
}

func writeCVJSON(w *bufio.Writer, _ *lab.Options, _ crossval.Plan, r crossval.Report) error {
	if err := writeJSONLine(w, cvJSON{Param: r.Param.String(), Folds: r.Folds, Results: r.Results, Best: r.BestValue()}); err != nil {
		return fmt.Errorf("cv: %w", err)
	}
	return nil
}
