package setup

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// BindSession adds --session FILE, which opens a saved session: its data,
// training and steps. Call it after Bind and BindLearner.
func (f *Flags) BindSession() {
	f.fs.StringVar(&f.session, "session", "", "reopen a session file (the terminal program's w then s): its points, kernel, learner and steps; the data and training flags cannot be given with it")
}

// sessionKeeps are the flags that may go with --session: they say how to
// run or show the session, not what it is.
var sessionKeeps = map[string]bool{"session": true, "memory": true, "big": true, "out": true, "size": true, "dpi": true, "format": true, "help": true}

// resolveSession reads --session; any flag that would set the data or the
// training is a usage error, since the file sets them.
func (f *Flags) resolveSession() (Options, error) {
	var clash string
	f.fs.Visit(func(fl *pflag.Flag) {
		if !sessionKeeps[fl.Name] && clash == "" {
			clash = fl.Name
		}
	})
	if clash != "" {
		return Options{}, Usagef("--session sets the data and training; --%s cannot be combined with it", clash)
	}
	if f.session == "" {
		return Options{}, Usagef("--session needs a file name")
	}
	var budget int64
	if f.use == Train {
		b, err := f.rowBudget()
		if err != nil {
			return Options{}, err
		}
		budget = b
	}
	o, err := LoadSession(f.session)
	if err != nil {
		return Options{}, err
	}
	o.Config.RowCacheBytes = budget
	return o, nil
}

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

// ReplayOn replays o.Replay on l, a fresh learner of o.ReplayBase():
// steps up to each append, appends, and steps to o.Replay.Steps. step
// takes one step and reports whether it did (the terminal program's keeps
// its narration); nil steps l itself. A run that stops before the steps
// recorded is an error: the file claims more than training does.
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
			if !ok {
				return fmt.Errorf("the %v learner cannot take a point mid-run", l.Config().Algo)
			}
			return a.Append(learn.Example{X1: p.X1, X2: p.X2, Y: p.Y})
		}
	}
	to := func(t int) error {
		for l.T() < t {
			ok, err := step()
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("%d steps asked for, but training stops at step %d (%s)", t, l.T(), stopWord(l))
			}
		}
		return nil
	}
	for k, p := range o.Appended() {
		if err := to(o.Replay.AppendedAt[k]); err != nil {
			return err
		}
		if err := add(p); err != nil {
			return fmt.Errorf("appending point %d of the session: %w", len(o.Points)-len(o.Replay.AppendedAt)+k+1, err)
		}
	}
	return to(o.Replay.Steps)
}

func stopWord(l learn.Learner) string {
	switch {
	case l.Err() != nil:
		return l.Err().Error()
	case l.State() == learn.Converged:
		return "converged"
	}
	return "at the pass cap"
}
