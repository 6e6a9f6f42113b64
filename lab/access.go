package lab

import "kernelscope/learn"

// What a view reads of a Session. A view never changes a Session through
// these: every change goes through the Session's methods that name it
// (Step, Back, SetConfig, AddPoint …), which keep the learner, the field,
// the narration and the edits in step.

// Options are the data and configuration the session trains on now (a
// copy: change them with ApplyKeepData, SetConfig and the data methods).
func (s *Session) Options() Options { return s.opts }

// Learner is the learner; read it, and step it only through the session.
func (s *Session) Learner() learn.Learner { return s.p }

// Field is f over the viewport at the lattice size of the last Resize
// (nil before the first).
func (s *Session) Field() *learn.Field { return s.field }

// View is the rectangle of the plane the field covers.
func (s *Session) View() learn.Rect { return s.view }

// Computing reports that a field is being computed off the UI path (the
// one on screen is the previous one).
func (s *Session) Computing() bool { return s.computing }

// Steps are the narrations of the recent steps, oldest first (the
// session's own: do not change them).
func (s *Session) Steps() []Shown { return s.steps }

// Err is the numerical problem that stopped training, if any.
func (s *Session) Err() error { return s.err }

// Version counts changes of the field or the points, and Built the
// rebuilds (new data, kernel, learner or setting): views cached on them
// redraw when they move.
func (s *Session) Version() int { return s.version }
func (s *Session) Built() int   { return s.built }

// Shown is the function the region shows of an averaging learner (its
// own first; CycleShown goes on to the next).
func (s *Session) Shown() learn.EnsembleMember { return s.shown }

// Show shows member m of the three functions (a follower shows what the
// presenter shows).
func (s *Session) Show(m learn.EnsembleMember) {
	if s.shown != m && m >= 0 && m < numMembers {
		s.shown = m
		s.version++
	}
}

// CycleShown shows the next of the three functions.
func (s *Session) CycleShown() {
	s.shown = (s.shown + 1) % numMembers
	s.version++
}

// numMembers is how many functions an averaging learner keeps.
const numMembers = 3

// Test is the held-out part of the data (no points when none is held out).
func (s *Session) Test() *TestSet { return &s.test }

// Passes is the log of the passes ended so far (the session's own: read
// it only).
func (s *Session) Passes() *PassLog { return &s.passes }

// AppendedAt are the steps at which points were appended mid-run since α
// was last 0.
func (s *Session) AppendedAt() []int { return s.appendedAt }

// File is the session file written or opened last, and the state it
// holds; SetFile records one just written.
func (s *Session) File() SavedSession { return s.file }
func (s *Session) SetFile(path string, at SessionMark) {
	s.file = SavedSession{Path: path, At: at}
}

// Yours is the user's own data with the configuration last used on it
// (nil when there is none); OnYours reports that it is on screen.
func (s *Session) Yours() *Options { return s.yours }
func (s *Session) OnYours() bool   { return s.onYours }

// Unsaved reports edits no save has written; Edited that the points on
// screen were changed by hand; EditVersion counts the edits.
func (s *Session) Unsaved() bool    { return s.unsaved }
func (s *Session) Edited() bool     { return s.edited }
func (s *Session) EditVersion() int { return s.editVersion }
