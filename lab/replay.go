package lab

import (
	"errors"
	"fmt"
	"strconv"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// Replay is how far a run went: Steps steps in all (SMO iterations for
// the SVM), and the last len(AppendedAt) points of Options.Points
// appended while training went on, the k-th when T was AppendedAt[k]
// (ascending); the other points were trained on from α = 0. A session
// file holds one (--session), and --steps N is Replay{Steps: N}.
//
// That is the whole state of a run: every other change of data or
// configuration starts again from α = 0, undo cannot go below an append
// (learn.Perceptron.Append clears the history), and E raises the pass
// cap in place, which the cap written with the session covers.
type Replay struct {
	Steps      int
	AppendedAt []int
}

// IsZero reports whether r starts from α = 0 and takes no step.
func (r Replay) IsZero() bool { return r.Steps == 0 && len(r.AppendedAt) == 0 }

// ReplayBase is o as its run started: the points but the ones appended
// mid-run, and no replay.
func (o Options) ReplayBase() Options {
	b := o
	b.Points = o.Points[:len(o.Points)-len(o.Replay.AppendedAt)]
	b.Replay = Replay{}
	return b
}

// Appended are the points o's run appended mid-run, in order.
func (o Options) Appended() []datasets.Point {
	return o.Points[len(o.Points)-len(o.Replay.AppendedAt):]
}

// Fresh builds o's learner, with run's options, at step 0 on the points
// o.ReplayBase() trains on: where o.Replay starts (ReplayOn), and for
// options without a replay, o's learner.
func Fresh(o Options, run learn.RunOptions) (learn.Learner, error) {
	base := o.ReplayBase()
	train, _ := base.Split()
	cfg := o.Config
	cfg.RunOptions = run
	return learn.NewLearner(cfg, datasets.Examples(train))
}

// Open builds o's learner (Fresh) and replays o.Replay on it (ReplayOn).
func Open(o Options, run learn.RunOptions) (learn.Learner, error) {
	l, err := Fresh(o, run)
	if err != nil {
		return nil, err
	}
	if err := ReplayOn(o, l, nil, nil); err != nil {
		return nil, err
	}
	return l, nil
}

// ReplayOn replays o.Replay on l, a fresh learner of o.ReplayBase(): it
// steps up to each append, appends, and steps to o.Replay.Steps, with
// nothing of training written twice: the learner's own Step and Append
// do it all. step takes one step and reports whether it did (the terminal
// program's keeps its narration); nil steps l itself. add appends a point
// (the terminal program's keeps its edits); nil appends to l. A run that
// stops before a step the replay needs is an error that says where it
// stopped: the file claims more than training does.
func ReplayOn(o Options, l learn.Learner, step func() (bool, error), add func(datasets.Point) error) error {
	if step == nil {
		step = func() (bool, error) {
			_, err := l.Step()
			if errors.Is(err, learn.ErrStopped) {
				return false, nil
			}
			return err == nil, err
		}
	}
	if add == nil {
		add = func(p datasets.Point) error {
			a, ok := l.(learn.Appender)
			if !ok || !l.Config().Kind().Appends {
				return fmt.Errorf("the %s learner cannot take a point while it trains", l.Config().Kind().Name)
			}
			return a.Append(learn.Example{X1: p.X1, X2: p.X2, Y: p.Y})
		}
	}
	// One pass over the appends, each step and append once: what a failure
	// says is written only when there is one.
	first := len(o.Points) - len(o.Replay.AppendedAt) // 0-based, of the first appended point
	appended := func(k int) string {
		return fmt.Sprintf("point %d is appended at step %d", first+k+1, o.Replay.AppendedAt[k])
	}
	to := func(t int, field string, k int) error {
		for l.T() < t {
			ok, err := step()
			if err == nil && !ok {
				err = fmt.Errorf("training stops at step %d (%s)", l.T(), stopWord(l))
			}
			if err != nil {
				what := strconv.Itoa(t)
				if k >= 0 {
					what = appended(k)
				}
				return o.replayError(field, what, err)
			}
		}
		return nil
	}
	for k, p := range o.Appended() {
		if err := to(o.Replay.AppendedAt[k], "appended_at", k); err != nil {
			return err
		}
		if err := add(p); err != nil {
			return o.replayError("appended_at", appended(k), err)
		}
	}
	return to(o.Replay.Steps, "steps", -1)
}

// replayError says that the run does not go where o.Replay says: in a
// session file's words (`s.json: "steps": 500, but training stops at step
// 12 (converged)`), or --steps's.
func (o Options) replayError(field, what string, err error) error {
	if o.Session != "" {
		return fmt.Errorf("%s: %q: %s, but %w", safetext.Name(o.Session), field, what, err)
	}
	return fmt.Errorf("--steps %d: %w", o.Replay.Steps, err)
}

// stopWord says why a learner stopped: converged, at its cap, or the
// error that stopped it.
func stopWord(l learn.Learner) string {
	switch {
	case l.Err() != nil:
		return l.Err().Error()
	case l.State() == learn.Converged:
		return "converged"
	}
	return "at its cap"
}
