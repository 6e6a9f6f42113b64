package lab

import "context"

// Following another session: a class over SSH (package class) shares the
// presenter's Snapshot, and each follower's session becomes that state
// itself, so that it draws it at its own size. A state further on in the
// same run is reached by stepping, an earlier one by undo; any other is
// opened afresh (OpenSession, off the UI path when it replays many steps)
// and adopted.

// SameRun reports whether two marks are states of one run: the same data,
// edits, appends and cap, so that they differ only in their steps.
func (m SessionMark) SameRun(o SessionMark) bool {
	m.t, o.t = 0, 0
	return m == o
}

// Steps is the step the marked state is at.
func (m SessionMark) Steps() int { return m.t }

// TrackSteps is the most steps Track takes at once (a few milliseconds at
// n = 400): a follower further behind catches up over several calls, a
// frame's worth at a time, and its keys are answered in between.
const TrackSteps = 20000

// Tracking is what Track did.
type Tracking int

const (
	// Reopen: o is another run, or behind the undo floor; nothing
	// changed. Open o (OpenFollowed) and Adopt it.
	Reopen Tracking = iota
	// Tracked: s is at o's step.
	Tracked
	// Behind: s took TrackSteps steps towards o's step; call again.
	Behind
)

// Track brings s towards o, a state of the run s already follows
// (sameRun), steps steps in: forward by quiet steps (TrackSteps at most
// a call), back by undo, and narrates the step it ends on as if every
// step had been narrated. A run that stops before o's step (it cannot,
// if o came from the same run) stops where it stops: Tracked.
func (s *Session) Track(o Options, sameRun bool) Tracking {
	t, now := o.Replay.Steps, s.p.T()
	if !sameRun || t < now && (!s.p.CanUndo() || now-t > s.UndoDepth()) {
		return Reopen
	}
	for k := 0; s.p.T() < t; k++ {
		if k == TrackSteps {
			return Behind
		}
		if !s.Take(false) {
			break
		}
	}
	for s.p.T() > t && s.Back() {
	}
	s.NarrateLast()
	return Tracked
}

// UndoDepth is how many steps back undo reaches from here.
func (s *Session) UndoDepth() int { return s.p.T() - s.p.UndoFloor() }

// Adopt makes s the session n is (n is not used afterwards), keeping the
// lattice the screen asked of s, and counters that only go up, so that
// views cached on s draw again and a field computed for s's old state is
// dropped. A large field comes back as a job, as AttachField's.
func (s *Session) Adopt(n *Session) FieldJob {
	w, h, pw, ph := s.fieldW, s.fieldH, s.plotW, s.plotH
	version, built, gen, kept := s.version, s.built, s.fieldGen, s.kept
	logs := s.passes.version
	confined := s.confined
	if s.field != nil && s.p != nil {
		s.p.Unobserve(s.field)
	}
	if n.field != nil {
		n.p.Unobserve(n.field)
	}
	*s = *n
	s.version, s.built, s.fieldGen, s.kept = version+n.version+1, built+n.built+1, gen+n.fieldGen+1, kept+n.kept
	s.passes.version = logs + n.passes.version + 1
	s.field, s.pending, s.computing, s.inFlight = nil, nil, false, false
	s.fieldW, s.fieldH, s.plotW, s.plotH = w, h, pw, ph
	s.relattice() // n's data may be a line, s's a plane, or the other way
	s.confined = confined
	s.view = viewport(s.opts.Points)
	s.fitView()
	return s.AttachField()
}

// OpenFollowed opens o (a state another session published) as a session
// of its own, for Adopt: as OpenSession, with a field of no size, since
// the screen gives it one when it is adopted, kept to c (Confine).
func OpenFollowed(ctx context.Context, o Options, c Confinement) (*Session, error) {
	o.Session = "" // a path on the presenter's side, never opened here
	s, err := OpenSession(ctx, c.Apply(o), nil)
	if s != nil {
		s.confined = c
	}
	return s, err
}
