package cli

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/setup"
)

// newSVMCmd is `kernelscope svm`: trace with the SVM as the learner. It
// trains the soft-margin SVM headless by SMO and prints every pair update,
// by trace's own code (trace --algo svm writes the same).
func newSVMCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "svm",
		Short: "Train a support vector machine headless (SMO) and print every pair update",
		Long: `Train the soft-margin support vector machine of the lecture notes headless: maximise the dual D(α) = Σαᵢ − ½ΣᵢΣⱼ αᵢαⱼyᵢyⱼK(xᵢ, xⱼ) subject to Σαᵢyᵢ = 0 and 0 ≤ αᵢ ≤ C by SMO, one pair (i, j) at a time (LIBSVM's working-set selection), until the largest KKT violation m − M is at most --tol. The result is f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) + b. The same as trace --algo svm.

--C inf is the hard margin; on data that no function of the kernel separates its dual has no maximum, and svm stops with "not separable with this kernel: use a finite C" (exit 1).

Formats (--format):
` + formatList(svmFormats) + `
` + exitCodes,
		Example: `
# the worked example of the lecture notes, soft margin C = 1
kernelscope svm --dataset worked4
kernelscope svm --dataset worked3 --C inf
kernelscope svm --dataset circles --kernel rbf --sigma 0.5 --format json
`,
		Args: noArgs,
	}
	flags := setup.Bind(c.Flags(), "svm", setup.Train)
	flags.BindFixedLearner("svm")
	format := c.Flags().String("format", "text", "output: "+formatNames(svmFormats))
	c.RunE = func(c *cobra.Command, _ []string) error {
		// The format is a flag value: say it is wrong before anything else.
		if _, err := chooseFormat(svmFormats, *format); err != nil {
			return err
		}
		s, err := flags.Resolve()
		if err != nil {
			return err
		}
		return trace(c.Context(), c.OutOrStdout(), c.ErrOrStderr(), &s, *format)
	}
	return c
}

// trainSVM trains an SVM on s and writes the run in format f. On an error
// the pair updates already written stay (text, jsonl), but nothing that
// reads as the end of a run is written. json, which writes nothing until
// the end, trains with its progress shown and stops on ctrl+c
// (longWork); the others write every update, and ctrl+c stops them after
// a whole one.
func trainSVM(ctx context.Context, stdout, stderr io.Writer, s *lab.Options, f svmFormat) error {
	cfg := s.Config
	cfg.NoHistory = true
	// Every format but json writes D(α) and b after each update, which
	// costs O(n) a step.
	cfg.Narrate = f.name != "json"
	train, _ := s.Split()
	l, err := learn.NewLearner(cfg, datasets.Examples(train))
	if err != nil {
		return err
	}
	m, ok := l.(notation.SVM)
	if !ok {
		return fmt.Errorf("svm: the %s is not solved a pair at a time", cfg.Kind().Name)
	}
	if err := m.Err(); err != nil {
		// Known before the first update (a kernel value out of range, a
		// pair that no hard margin separates): no header for a run that
		// cannot start.
		return notSeparable(err, 0)
	}
	ctx, stop := interrupt(ctx)
	defer stop()
	work := newLongWork(ctx, stderr, "svm")
	if f.name == "json" {
		if err := work.train(m, -1); err != nil && work.ctx.Err() != nil {
			return work.stopped(err)
		}
		work.done()
	}
	out := &streamOut{ctx: ctx, w: stdout}
	w := bufio.NewWriterSize(out, 1<<16)
	werr := f.write(ctx, w, s, m)
	out.ending = true
	ferr := w.Flush()
	if ctx.Err() != nil && errors.Is(werr, context.Canceled) {
		return work.cut(m)
	}
	if ferr != nil && werr == nil {
		return fmt.Errorf("writing the output: %w", ferr)
	}
	return notSeparable(werr, m.T())
}

// notSeparable says what to do about learn.ErrNotSeparable, found after t
// iterations; other errors pass as they are.
func notSeparable(err error, t int) error {
	if !errors.Is(err, learn.ErrNotSeparable) {
		return err
	}
	when := fmt.Sprintf("stopped at iteration %d", t)
	if t == 0 {
		when = "found before the first iteration"
	}
	return fmt.Errorf("%w (--C 1, say) or a kernel that separates these points (with C = ∞ the dual D(α) grows without bound; %s)", err, when)
}

// An svmFormat is one way to write an SVM run: the registry below is what
// --format accepts, lists in its help, and completes.
type svmFormat = outputFormat[func(ctx context.Context, w *bufio.Writer, s *lab.Options, m notation.SVM) error]

var svmFormats = []svmFormat{
	{"text", "the pair updates as the lecture notes write them, then b, the margin γ and the width 2/‖w‖, the support vectors and f", writeSVMText},
	{"jsonl", `one JSON object per pair update, then the json object (see README)`, writeSVMJSONL},
	{"json", `only the final {"done":true,...} object`, writeSVMJSON},
}

// writeSVMText writes the run in the notation the terminal program
// narrates with (notation.Pair), one line an iteration,
//
//	iteration 1: pair (3, 1), violation m − M = 2; α₃ 0 → 0.5, α₁ 0 → 0.5; D(α) 0 → 0.5
//
// then the outcome, D(α) and the training accuracy, b, the margin γ, the
// width 2/‖w‖ and the support vectors, and f: as Σⱼ αⱼ yⱼ K(xⱼ, x) + b and, for a kernel with a
// finite feature map, as w on φ (as `kernelscope features` writes it).
func writeSVMText(ctx context.Context, w *bufio.Writer, s *lab.Options, m notation.SVM) error {
	cfg := m.Config()
	c := notation.C(m.C())
	if math.IsInf(m.C(), 1) {
		c += " (the hard margin)"
	}
	fmt.Fprintf(w, "%s: %d points; K(x,z) = %s; %s; SVM: C = %s, tol %s; at most %s\n",
		sourceName(s), m.N(), cfg.Kernel, biasText(cfg.Bias), c, learn.Num(m.Tol()), plural(m.MaxIter(), "iteration"))
	err := steps(ctx, m, func(st learn.Step) {
		w.WriteString(notation.Pair(st.T, *st.Pair, m.C()) + "\n")
	})
	if err != nil {
		return err
	}
	w.WriteString(notation.SVMOutcome(m) + "\n")
	right := m.N() - m.Mistakes()
	fmt.Fprintf(w, "D(α) = %s; training accuracy %s%% (%d of %d classified right)\n",
		learn.Num(m.Objective()), learn.Num(100*m.Accuracy()), right, m.N())
	w.WriteString(notation.Margin(m) + "\n")
	dual := m.Function()
	w.WriteString(dual + "\n")
	if len(m.SupportVectors()) == 0 {
		return nil // f = b: no w to write out
	}
	prim, err := learn.Weights(m)
	if err != nil {
		writeNoMap(w, m.Kernel(), err)
		return nil
	}
	writeWeights(w, m.Kernel(), prim)
	// The dual form usually ends in the same polynomial w·φ(x) + b already.
	if primal := prim.Function(); !strings.HasSuffix(dual, " = "+strings.TrimPrefix(primal, "f(x) = ")) {
		w.WriteString(primal + "\n")
	}
	return nil
}

func writeSVMJSONL(ctx context.Context, w *bufio.Writer, s *lab.Options, m notation.SVM) error {
	var werr error
	err := steps(ctx, m, func(st learn.Step) {
		p := st.Pair
		werr = cmp.Or(werr, writeJSONLine(w, jsonObject{{"iter", st.T}, {"i", p.I + 1}, {"j", p.J + 1},
			{"alpha_i", jnum(p.AlphaI[1])}, {"alpha_j", jnum(p.AlphaJ[1])}, {"objective", jnum(p.Objective[1])}, {"gap", jnum(p.Gap)}}))
	})
	if err = cmp.Or(err, werr); err != nil {
		return err
	}
	return writeSVMJSON(ctx, w, s, m)
}

// svmJSON is the final object; see the README for what each key means.
// Lists are never nil, so they are written [] when empty.
type svmJSON struct {
	Done           bool   `json:"done"`
	Converged      bool   `json:"converged"`
	Iterations     int    `json:"iterations"`
	Objective      jnum   `json:"objective"`
	B              jnum   `json:"b"`
	Alpha          []jnum `json:"alpha"`
	SupportVectors []int  `json:"support_vectors"`
	AtBound        []int  `json:"at_bound"`
	// Margin is the width 2/‖w‖ under the name it had before the margin
	// meant γ everywhere, kept for the scripts that read it (null while
	// w = 0: 2/‖w‖ is +Inf).
	Margin jnum `json:"margin"`
	// GeometricMargin is the margin γ = min yᵢf(xᵢ)/‖w‖, as for every
	// learner; Width the width 2/‖w‖ of the band between f = ±1. Both are
	// null while w = 0 (no ‖w‖) or when ‖w‖² ≤ 0.
	GeometricMargin jnum   `json:"geometric_margin"`
	Width           jnum   `json:"width"`
	Accuracy        jnum   `json:"accuracy"`
	State           string `json:"state"`
	C               jnum   `json:"C"` // null for the hard margin, C = ∞
	Tol             jnum   `json:"tol"`
	Gap             jnum   `json:"gap"`
}

// writeSVMJSON trains m to the end and writes the final object.
func writeSVMJSON(_ context.Context, w *bufio.Writer, _ *lab.Options, m notation.SVM) error {
	if err := m.Run(); err != nil {
		return err
	}
	out := svmJSON{
		Done: true, Converged: m.State() == learn.Converged, Iterations: m.T(),
		Objective: jnum(m.Objective()), B: jnum(m.Offset()), Alpha: jnums(m.Alphas()),
		SupportVectors: []int{}, AtBound: []int{},
		Width: jnum(m.Width()), Margin: jnum(m.Width()), Accuracy: jnum(m.Accuracy()), State: stateName(m.State()),
		C: jnum(m.C()), Tol: jnum(m.Tol()), Gap: jnum(m.Gap()),
	}
	out.GeometricMargin = jnum(math.NaN())
	if g, err := learn.GeometricMargin(m); err == nil {
		out.GeometricMargin = jnum(g)
	}
	for _, i := range m.SupportVectors() {
		out.SupportVectors = append(out.SupportVectors, i+1)
		if m.AtBound(i) {
			out.AtBound = append(out.AtBound, i+1)
		}
	}
	if err := writeJSONLine(w, out); err != nil {
		return fmt.Errorf("svm: %w", err)
	}
	return nil
}
