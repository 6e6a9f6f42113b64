package lab

import (
	"fmt"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// The user's own data: a --data file, or points added and deleted by hand.
// It heads the d/D cycle, so switching datasets never loses it, and the
// session knows whether its edits were saved.

// UseYours switches back to the user's own data with the configuration
// last used on it.
func (s *Session) UseYours() error {
	if s.yours == nil {
		return fmt.Errorf("no data of yours yet: add points with o and x, or open a file with --data")
	}
	edited := s.yoursEdited
	if err := s.Apply(*s.yours); err != nil {
		return err
	}
	s.onYours, s.edited = true, edited
	return nil
}

// YoursName is what the d/D cycle calls the user's data.
func (s *Session) YoursName() string {
	if s.yours == nil {
		return ""
	}
	name := "your points"
	if s.yours.File != "" {
		name = "your file " + safetext.Clean(s.yours.File)
	} else if s.yours.Dataset != "" {
		name = "your points (from " + s.yours.Dataset + ")"
	}
	if s.unsaved {
		name += ", unsaved"
	}
	return name
}

// WouldReplaceYours reports whether editing the current data would replace
// unsaved edits of other data: editing makes the current data yours.
func (s *Session) WouldReplaceYours() bool {
	return !s.onYours && s.unsaved && s.yours != nil
}

// edit records that the points were changed by hand: the data becomes
// yours (heading the d/D cycle) with edits no save has written yet.
func (s *Session) edit() {
	s.edited, s.onYours, s.unsaved, s.yoursEdited = true, true, true, true
	// Points edited as z-scores have no original scale: Raw no longer
	// matches them row for row, and u back to it would lose the edit.
	s.opts.Raw = nil
	s.editVersion++
	y := s.opts
	s.yours = &y
}

// Saved records that a save wrote the points of edit version v.
func (s *Session) Saved(v int) {
	if v == s.editVersion {
		s.unsaved = false
	}
}

// AddPoint adds a labelled point; to 1-D data (OneD), at (x1, 0). A
// learner that takes new examples (the perceptron, a learn.Appender)
// keeps training where it was: α stays, the
// new point is visited at the end of the current pass (online learning, as
// the perceptron was meant to be used), and steps before the edit can no
// longer be stepped back. Any other (the SVM, whose α solve one problem
// on one set of data) is built afresh for the new data: α starts again
// from 0. kept reports which happened.
func (s *Session) AddPoint(x1, x2 float64, y int) (kept bool, err error) {
	if s.Full() {
		return false, s.ErrFullNow()
	}
	if s.OneD() {
		x2 = 0 // points on a line stay on it
	}
	// The points in a new array: the old one may be shared (yours, a save
	// under way).
	pt := datasets.Point{X1: x1, X2: x2, Y: y}
	return s.addLast(append(append([]datasets.Point(nil), s.opts.Points...), pt))
}

// addLast is addPoint of the last of pts, which are the session's points
// and that one after them, in an array no one writes to: a replay passes
// its file's points, a prefix longer by one each time, so that n appends
// cost O(n) and not a copy of the points each (issue 28: 100 000
// appended points took 35 s to reopen).
func (s *Session) addLast(pts []datasets.Point) (kept bool, err error) {
	pt := pts[len(pts)-1]
	x1, x2, y := pt.X1, pt.X2, pt.Y
	a, ok := s.p.(learn.Appender)
	if ok && !s.Kind().Appends {
		// The vote at a new point would need every vector so far: the
		// averaged and voted perceptrons start again on the new data.
		ok = false
	}
	if !ok {
		o := s.opts
		o.Points = pts
		if err := s.rebuildKeepView(o); err != nil {
			return false, err
		}
		return false, nil
	}
	if err := a.Append(learn.Example{X1: x1, X2: x2, Y: y}); err != nil {
		return false, err
	}
	s.appendedAt = append(s.appendedAt, s.p.T())
	s.opts.Points = pts
	s.edit()
	if n := len(s.steps); n > 0 {
		s.steps = append(s.steps[:0], s.steps[n-1]) // keep the narration of the last step
	}
	s.built++
	s.version++
	return true, nil
}

// MaxPoints is the most points the data may hold: datasets.MaxRows, the
// most a session file or a CSV file may hold to be read again, so that no
// edit makes data that a save cannot write for the program to reopen. A
// variable so that tests can make it small.
var MaxPoints = datasets.MaxRows

// Full reports whether the data holds as many points as the session may
// (MaxPoints, or a follower's cap, Confine): adding one is refused.
func (s *Session) Full() bool { return len(s.opts.Points) >= s.PointCap() }

// ErrFull says why a point cannot be added to full data.
func ErrFull() error { return errFull(MaxPoints, "kernelscope trains on") }

func errFull(n int, what string) error {
	return fmt.Errorf("n = %d is the most points %s: del a point to add one", n, what)
}

// PointCap is the most points the session's data may hold: MaxPoints,
// or less for a follower's copy in a class (Confine).
func (s *Session) PointCap() int {
	if n := s.confined.Points; n > 0 && n < MaxPoints {
		return n
	}
	return MaxPoints
}

// Confinement is what a follower's copy in a class served to many
// (package serve) keeps to, so that no one session takes the server's
// memory or a second core; the zero Confinement keeps to nothing.
type Confinement struct {
	// Points is the most points the data may grow to (0: MaxPoints);
	// data that holds more already is kept, it cannot grow.
	Points int
	// UndoBytes is the undo history's budget (0: the session's own), and
	// RowCacheBytes the kernel rows' (0: the session's own).
	UndoBytes, RowCacheBytes int64
	// OneCore trains on one core (learn.RunOptions.OneCore).
	OneCore bool
}

// Follower is a follower's confinement: 20 000 points, a history of 256K
// (the presenter's b is followed by undo; 2M reached back 200 000 steps
// and more, and sixty followers held 60 × 4 MB of it), 8M of kernel rows
// (all of them up to n = 1000), one core.
var Follower = Confinement{Points: 20000, UndoBytes: 256 << 10, RowCacheBytes: 8 << 20, OneCore: true}

// Apply is o with its training kept to c.
func (c Confinement) Apply(o Options) Options {
	r := &o.Config.RunOptions
	r.OneCore = r.OneCore || c.OneCore
	if c.UndoBytes > 0 {
		r.UndoBytes = c.UndoBytes
	}
	if c.RowCacheBytes > 0 && (r.RowCacheBytes == 0 || r.RowCacheBytes > c.RowCacheBytes) {
		r.RowCacheBytes = c.RowCacheBytes
	}
	return o
}

// Confine keeps the session to c from now on: every learner built from
// now on (open the session with c's training for the first: OpenFollowed,
// or Options with it), and the points it may grow to.
func (s *Session) Confine(c Confinement) { s.confined = c }

// Confinement is what the session keeps to (Confine).
func (s *Session) Confinement() Confinement { return s.confined }

// DeletePoint removes the point nearest to (x1, x2) within radius; α
// starts again from 0, since every score depended on it.
func (s *Session) DeletePoint(x1, x2, radius float64) bool {
	best, bestD := -1, radius*radius
	for i, p := range s.opts.Points {
		d := (p.X1-x1)*(p.X1-x1) + (p.X2-x2)*(p.X2-x2)
		if d <= bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return false
	}
	pts := append([]datasets.Point(nil), s.opts.Points[:best]...)
	o := s.opts
	o.Points = append(pts, s.opts.Points[best+1:]...)
	return s.rebuildKeepView(o) == nil
}

// rebuildKeepView switches to the edited points of o with a fresh learner,
// keeping the viewport so the points stay under the cursor; the data
// becomes yours. On failure nothing changes.
func (s *Session) rebuildKeepView(o Options) error {
	view := s.view
	if err := s.Apply(o); err != nil {
		return err
	}
	s.edit()
	if s.fieldW > 0 {
		s.view = view
		s.AttachField()
	}
	return nil
}

// ErrFullNow is why a point cannot be added to the session's full data.
func (s *Session) ErrFullNow() error { return errFull(s.PointCap(), s.capHolder()) }

// capHolder names what PointCap bounds, for its messages.
func (s *Session) capHolder() string {
	if s.PointCap() < MaxPoints {
		return "a follower's own copy holds"
	}
	return "kernelscope trains on"
}
