package figure

import (
	"context"
	"fmt"
	"math"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// Of is the figure of learner l where it stands: trained on train (l's
// examples, in its order), test held out, over view (ViewOf all the
// points, say), under a title that starts with name (the data's). The
// function is frozen, so l may go on training while the figure is drawn.
// The example the next step visits is marked when l stopped mid-pass.
// The accuracy on test is computed here: O(len(test)·#SV) kernel
// evaluations (OfScored takes one already known), stopped with ctx's
// error once ctx is done.
func Of(ctx context.Context, l learn.Learner, train, test []datasets.Point, view learn.Rect, name string) (Spec, error) {
	acc := 1.0
	if len(test) > 0 {
		var err error
		if acc, err = crossval.Accuracy(ctx, l, datasets.Examples(test)); err != nil {
			return Spec{}, err
		}
	}
	return OfScored(l, train, test, view, name, acc), nil
}

// OfScored is Of with the accuracy on test known: NaN leaves it out of
// the subtitle (it could not be computed), and it is ignored when test is
// empty.
func OfScored(l learn.Learner, train, test []datasets.Point, view learn.Rect, name string, testAccuracy float64) Spec {
	spec := Spec{
		F:     learn.Freeze(l),
		Train: append([]datasets.Point(nil), train...),
		Test:  append([]datasets.Point(nil), test...),
		View:  view,
		Next:  -1,
	}
	testText := ""
	if len(test) > 0 && !math.IsNaN(testAccuracy) {
		testText = fmt.Sprintf("test accuracy %s%% (%d held out)", learn.Num(100*testAccuracy), len(test))
	}
	if _, ok := l.(learn.DualSolver); ok {
		spec.Margins = true // f = ±1 bound the margin
	}
	if pr, ok := l.(learn.Probabilistic); ok {
		spec.Link = pr // P(y = +1 | x) = σ(f) is shaded
	}
	if d, ok := l.(learn.Dense); ok {
		spec.Marked = []int{}
		for j := range d.N() {
			if d.Heavy(j) {
				spec.Marked = append(spec.Marked, j)
			}
		}
	}
	if m, ok := l.(learn.Boxed); ok {
		for _, j := range m.SupportVectors() {
			if m.AtBound(j) {
				spec.AtC = append(spec.AtC, j)
			}
		}
	}
	if p, ok := l.(learn.Passer); ok && p.State() == learn.Running && !p.AtPassStart() {
		spec.Next = p.Next()
	}
	spec.Title, spec.Subtitle = Describe(l, testText)
	if name != "" {
		spec.Title = name + " · " + spec.Title
	}
	return spec
}

// Describe writes a run's title and subtitle: the kernel's formula and the
// learner, then the numbers a slide quotes,
//
//	K(x,z) = (x·z)² · perceptron, tie neg, η = 1
//	step 3 (pass 1) · 1 mistake · #SV 1 · training accuracy 100%
//
// with the test accuracy appended when test is. An SVM counts SMO
// iterations, not steps, quotes C, the training points it gets wrong and
// how many support vectors are free (0 < α < C) and at C.
func Describe(l learn.Learner, test string) (title, subtitle string) {
	cfg := l.Config()
	title = "K(x,z) = " + cfg.Kernel.String() + " · " + cfg.Kind().Name
	if cfg.Bias {
		title += ", bias x₀ = 1" // x̃ = (x₀, x₁, x₂), seed 004; a combining tilde draws apart from its x
	}
	svs := len(l.SupportVectors())
	acc := fmt.Sprintf("training accuracy %s%%", learn.Num(100*l.Accuracy()))
	if p, ok := l.(learn.Passer); ok {
		title += fmt.Sprintf(", tie %s", cfg.Tie) + cfg.Kind().Header(cfg)
		if _, ok := l.(learn.Averaging); ok {
			title += " (the final perceptron)"
		}
		subtitle = fmt.Sprintf("step %d (pass %d) · %s · #SV %d · %s", l.T(), max(1, p.Epoch()), mistakes(l.Mistakes()), svs, acc)
		if pr, ok := l.(learn.Probabilistic); ok {
			// Every example has α > 0: the loss, not the support vectors.
			subtitle = fmt.Sprintf("step %d (pass %d) · %s · mean log-loss %s · %s", l.T(), max(1, p.Epoch()), mistakes(l.Mistakes()), learn.Num(pr.LogLoss()), acc)
		}
	} else {
		title += cfg.Kind().Header(cfg)
		subtitle = fmt.Sprintf("SMO iteration %d · %d misclassified · #SV %d", l.T(), l.Mistakes(), svs)
		if m, ok := l.(learn.Boxed); ok {
			atC := 0
			for _, j := range m.SupportVectors() {
				if m.AtBound(j) {
					atC++
				}
			}
			subtitle += fmt.Sprintf(" (%d free, %d at C)", svs-atC, atC)
		}
		subtitle += " · " + acc
	}
	if test != "" {
		subtitle += " · " + test
	}
	return title, subtitle
}

func mistakes(n int) string {
	if n == 1 {
		return "1 mistake"
	}
	return fmt.Sprintf("%d mistakes", n)
}
