package lab

import "kernelscope/datasets"

// Z-scores are computed from the rows training visits, never from the rows
// held out (--test, h): a held-out row is scaled with the training rows'
// mean and sd, as a new point would be, so that its values do not leak
// into the data the learner sees (scikit-learn's StandardScaler fitted on
// the training part). Cross-validation does the same per fold
// (crossval.Plan.Standardize).

// TrainingScale is the mean and sd of each coordinate over the rows o
// trains on (TrainingPoints: all of them when nothing is held out).
func TrainingScale(o Options) datasets.Scale {
	return datasets.FitScale(TrainingPoints(o))
}

// Standardize makes o's points z-scores with TrainingScale, keeping the
// points as they were as Raw: over the training rows each coordinate then
// has mean 0 and sd 1; the held-out rows are transformed with the same
// statistics and add nothing to them.
func (o *Options) Standardize() {
	raw := o.Points
	o.Points, o.Raw, o.Standardized = TrainingScale(*o).Apply(raw), raw, true
}

// restandardize computes standardized points again for o's split, after
// it changed which rows are held out. It starts from Raw when o keeps it,
// or else from the z-scores themselves: z-scores do not change when a
// coordinate is moved and stretched (x ↦ a + b·x, b > 0), so those of the
// z-scores are the same numbers, up to rounding.
func (o *Options) restandardize() {
	if !o.Standardized {
		return
	}
	base := o.Points
	if o.Raw != nil {
		base = o.Raw
	}
	fit := *o
	fit.Points = base
	o.Points = TrainingScale(fit).Apply(base)
}

// FoldPoints are the rows cross-validation cuts into folds: the rows o
// trains on (TrainingPoints), before standardizing when o keeps them (Raw);
// with Standardized, crossval.Plan.Standardize makes each fold's z-scores
// from them. Without Raw they are the z-scores themselves, whose own
// z-scores are the same numbers up to rounding (restandardize).
func FoldPoints(o Options) []datasets.Point {
	if o.Standardized && o.Raw != nil {
		o.Points = o.Raw
	}
	return TrainingPoints(o)
}
