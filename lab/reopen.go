package lab

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// OpenSession opens o and replays o.Replay on it: the steps, and the
// points appended mid-run where they were appended, through the same
// paths as c and o/x, so the narration, the pass log, the undo floor and
// the edits come out as they were. As c does, it narrates only the steps
// the screen shows (the last, and the last before each append): millions
// of steps replay in seconds, not minutes. progress (nil: none) is told
// the step reached and the steps to replay every ReplayTick steps, and
// once ctx is done the replay stops within a step with a
// *ReplayInterrupted, which errors.Is ctx's error.
func OpenSession(ctx context.Context, o Options, progress func(done, total int)) (*Session, error) {
	s, err := NewSession(o.ReplayBase())
	if err != nil {
		return s, err
	}
	n := 0
	step := func() (bool, error) {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if n++; n%ReplayTick == 0 && progress != nil {
			progress(s.p.T(), o.Replay.Steps)
		}
		if s.Take(false) {
			return true, nil
		}
		return false, s.err
	}
	add := func(p datasets.Point) error {
		s.NarrateLast() // what the screen showed when the point went in
		// The file's points are the session's and the appended ones in
		// order: the session's grow as a prefix of them, never copied.
		var kept bool
		var err error
		if n := len(s.opts.Points); n < len(o.Points) && o.Points[n] == p {
			kept, err = s.addLast(o.Points[: n+1 : n+1])
		} else {
			kept, err = s.AddPoint(p.X1, p.X2, p.Y)
		}
		if err == nil && !kept {
			err = fmt.Errorf("the %s cannot take a point while it trains", s.LearnerName())
		}
		return err
	}
	if err := ReplayOn(o, s.p, step, add); err != nil {
		if ctx.Err() != nil {
			// Not "--steps 500: context canceled": ctrl+c, in words.
			return s, &ReplayInterrupted{T: s.p.T(), Steps: o.Replay.Steps, cause: ctx.Err()}
		}
		return s, err
	}
	s.NarrateLast()
	if o.Edited {
		// Points edited by hand: yours, and saved, in the session file.
		s.edited, s.onYours, s.yoursEdited = true, true, true
		y := s.opts
		s.yours = &y
	}
	s.unsaved = false
	if o.Session != "" {
		s.file = SavedSession{Path: o.Session, At: s.Mark()}
	}
	return s, nil
}

// ReplayInterrupted is a replay that its context stopped (ctrl+c, a
// server shutting down) at step T of Steps.
type ReplayInterrupted struct {
	T, Steps int
	cause    error
}

func (e *ReplayInterrupted) Error() string {
	return fmt.Sprintf("interrupted while replaying step %d of %d", e.T, e.Steps)
}

// Unwrap is the context's error: errors.Is(err, context.Canceled) after
// ctrl+c.
func (e *ReplayInterrupted) Unwrap() error { return e.cause }

// ReplayTick is how many steps OpenSession replays between reports of
// its progress (a look at the clock).
const ReplayTick = 256

// SavedSession is the session file written last, and the state it holds.
type SavedSession struct {
	Path string
	At   SessionMark
}

// SessionMark tells states apart: a rebuild, a step, an edit, a raised
// cap or a reset changes it.
type SessionMark struct{ built, t, epochs, edits, appends, kept int }

func (s *Session) Mark() SessionMark {
	return SessionMark{s.built, s.p.T(), s.p.Config().Epochs, s.editVersion, len(s.appendedAt), s.kept}
}

// Snapshot is the session's state as a session file holds it.
func (s *Session) Snapshot() Options {
	o := s.opts
	o.Config.Epochs = s.p.Config().Epochs    // E raises the cap in place
	o.Config.RunOptions = learn.RunOptions{} // how it is recorded, not what it is
	o.Edited = s.edited
	if _, ok := datasets.Lookup(o.Dataset); !ok {
		o.Dataset, o.N, o.Noise = "", 0, 0 // the empty plane of data that could not open
	}
	o.Replay = Replay{Steps: s.p.T(), AppendedAt: slices.Clone(s.appendedAt)}
	return o
}

// stemSuffix is what a name of kernelscope's own adds to its data's,
// compiled on first use (not at start).
var stemSuffix = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`-session(-[0-9]+)?$|-[0-9]+$`) })

// FileStem is the data's name as a saved file's name holds it: moons for
// moons, points for points.csv, and moons again for
// kernelscope-moons-session-2.json, not kernelscope-kernelscope-….
func (s *Session) FileStem() string {
	base := strings.TrimSuffix(filepath.Base(s.Name()), "*")
	base = strings.TrimSuffix(base, filepath.Ext(base))
	if b, ok := strings.CutPrefix(base, "kernelscope-"); ok {
		base = stemSuffix().ReplaceAllString(b, "")
	}
	return base
}
