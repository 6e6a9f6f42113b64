package crossval

import (
	"context"
	"errors"
	"fmt"

	"kernelscope/learn"
)

// Train steps l until training stops (converged, the epoch or iteration
// cap, or a numerical problem, which it returns), or ctx is done. It
// looks at ctx after every step that moved a coefficient (a kernel row:
// O(n), milliseconds at a million points) and every 1024 steps, so it
// stops within a step's time.
func Train(ctx context.Context, l learn.Learner) error {
	for n := 0; l.State() == learn.Running; n++ {
		st, err := l.Step()
		if err != nil {
			if errors.Is(err, learn.ErrStopped) {
				break
			}
			return err
		}
		if st.Changed() || n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	return l.Err()
}

// Scores are what l's classifier says at the points: f(x) for the
// perceptron, the SVM and the budget learners; f̄(x) = Σⱼ ᾱⱼ yⱼ K(xⱼ, x)
// for the averaged perceptron; V(x)/T, the vote as a fraction of the
// steps, for the voted perceptron (Freund & Schapire 1999, seed 002: each
// is what that learner predicts with). The voted perceptron walks every
// vector it went through, so it fails once its undo history no longer
// reaches the first step. Each point costs #SV kernel evaluations, so it
// looks at ctx every scoreCheck points and returns its error once it is
// done.
func Scores(ctx context.Context, l learn.Learner, pts []learn.Example) ([]float64, error) {
	out := make([]float64, len(pts))
	decide := l.Decide
	if a, ok := l.(learn.Averaging); ok {
		switch a.Predicts() {
		case learn.AveragedMember:
			decide = a.Averaged().Decide
		case learn.VotedMember:
			xs := make([]learn.Vec, len(pts))
			for k, e := range pts {
				xs[k] = a.Embed(e.X1, e.X2)
			}
			if err := a.Vote(xs, out); err != nil {
				return nil, err
			}
			return out, nil
		}
	}
	for k, e := range pts {
		if k%scoreCheck == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[k] = decide(e.X1, e.X2)
	}
	return out, nil
}

// scoreCheck is how many points Scores scores between looks at its
// context: 64 points of a million support vectors are tenths of a second.
const scoreCheck = 64

// Accuracy is the fraction of pts that l's classifier gets right under its
// tie rule (Scores, then learn.Tie.Predict: under tie mistake a score of 0
// is wrong); 1 for no points. It stops with ctx's error once ctx is done.
func Accuracy(ctx context.Context, l learn.Learner, pts []learn.Example) (float64, error) {
	if len(pts) == 0 {
		return 1, nil
	}
	scores, err := Scores(ctx, l, pts)
	if err != nil {
		return 0, err
	}
	tie, right := l.Config().Tie, 0
	for k, e := range pts {
		if _, mistake := tie.Predict(scores[k], e.Y); !mistake {
			right++
		}
	}
	return float64(right) / float64(len(pts)), nil
}

// TrainAccuracy is the fraction of its own training examples l's
// classifier gets right: the averaged and voted perceptrons' for them,
// l.Accuracy() for the rest.
func TrainAccuracy(l learn.Learner) float64 {
	if a, ok := l.(learn.Averaging); ok {
		switch a.Predicts() {
		case learn.AveragedMember:
			return a.AveragedAccuracy()
		case learn.VotedMember:
			return a.VotedAccuracy()
		}
	}
	return l.Accuracy()
}

// FitResult is one training run scored: accuracy on its training examples
// and on the held-out ones, and how training ended.
type FitResult struct {
	Train, Test float64
	State       learn.State
	Steps       int
}

// Fit trains the learner cfg names on train until it stops and scores it
// on train and test. It keeps no narration and no undo history (the voted
// perceptron keeps the one it votes with).
func Fit(ctx context.Context, cfg learn.Config, train, test []learn.Example) (FitResult, error) {
	cfg.Narrate = false
	cfg.NoHistory = true
	l, err := learn.NewLearner(cfg, train)
	if err != nil {
		return FitResult{}, err
	}
	if err := Train(ctx, l); err != nil {
		return FitResult{}, err
	}
	acc, err := Accuracy(ctx, l, test)
	if err != nil {
		return FitResult{}, fmt.Errorf("scoring the held-out examples: %w", err)
	}
	return FitResult{Train: TrainAccuracy(l), Test: acc, State: l.State(), Steps: l.T()}, nil
}
