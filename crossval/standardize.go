package crossval

import (
	"kernelscope/datasets"
	"kernelscope/learn"
)

// StandardizeFold returns a fold's training and validation examples as
// z-scores with the mean and population sd of the training examples alone
// (datasets.FitScale): z = (x − mean)/sd per coordinate, scikit-learn's
// Pipeline(StandardScaler(), …) in cross_val_score. Neither argument is
// changed.
func StandardizeFold(train, test []learn.Example) (ztrain, ztest []learn.Example) {
	pts := make([]datasets.Point, len(train))
	for k, e := range train {
		pts[k] = datasets.Point(e)
	}
	c := datasets.FitScale(pts)
	return scaled(c, train), scaled(c, test)
}

// scaled is c applied to examples.
func scaled(c datasets.Scale, es []learn.Example) []learn.Example {
	out := make([]learn.Example, len(es))
	for k, e := range es {
		out[k] = learn.Example(c.Point(datasets.Point(e)))
	}
	return out
}
