package tui

import (
	"math"

	"kernelscope/learn"
)

// The field off the UI path. A full recomputation costs lattice points ×
// support vectors kernel evaluations: a resize with thousands of support
// vectors is seconds of work. It runs in a command on a frozen copy of the
// learner, one at a time (a drag of the window's edge asks for dozens of
// sizes; only the newest is computed next), while the region draws the
// field it had. A result for an older request is dropped (fieldGen); a
// result whose learner went on training catches up with it, off the UI
// path too when the learner changed a lot meanwhile.

// maxFieldPixels bounds the field's lattice: a full recomputation costs
// pixels × support vectors kernel evaluations, and every mistake pixels
// more. Larger plots sample a coarser lattice.
const maxFieldPixels = 24000

// resize sets the lattice size of the field for a plot of w×h pixels (two
// per cell vertically) and recomputes it. When that is too much work for
// one frame it returns a job that computes the field off the UI path (see
// attachField).
func (s *session) resize(w, h int) fieldJob {
	if px := w * h; px > maxFieldPixels {
		f := math.Sqrt(float64(maxFieldPixels) / float64(px))
		w, h = max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
	}
	if w == s.fieldW && h == s.fieldH {
		return nil
	}
	s.fieldW, s.fieldH = w, h
	s.view = viewport(s.opts.Points)
	s.fitView()
	return s.attachField()
}

// syncFieldWork is the most kernel evaluations (lattice points × support
// vectors) a field is computed with at once, a few milliseconds; a larger
// recomputation (a resize with thousands of support vectors) runs off the
// UI path.
const syncFieldWork = 1_000_000

// fieldJob computes a field off the UI path; its result goes to
// session.fieldReady.
type fieldJob func() fieldResult

// fieldResult is a field computed from a frozen copy of the learner.
type fieldResult struct {
	owner *session // the session that asked for it
	gen   int      // session.fieldGen when it was asked for
	field *learn.Field
	from  *learn.Frozen
}

// attachField makes a field for the current viewport and lattice size and
// has the learner keep it up to date. Small ones are computed at once; a
// large one is returned as a job (or, while another job runs, started
// when that one is back), and until it is ready the previous field stays
// on screen (s.computing).
func (s *session) attachField() fieldJob {
	fd := learn.NewField(s.view, s.fieldW, s.fieldH)
	s.fieldGen++
	if len(fd.Values)*len(s.p.SupportVectors()) <= syncFieldWork || s.field == nil {
		s.pending = nil
		s.useField(fd)
		fd.Follow(s.p)
		return nil
	}
	s.computing = true
	if s.inFlight {
		s.pending = fd
		return nil
	}
	return s.recompute(fd)
}

// recompute is the job that computes fd from a frozen copy of the learner.
func (s *session) recompute(fd *learn.Field) fieldJob {
	gen, from := s.fieldGen, learn.Freeze(s.p)
	s.inFlight = true
	return func() fieldResult {
		fd.RecomputeAside(from)
		return fieldResult{s, gen, fd, from}
	}
}

// fieldReady takes a field computed off the UI path, unless a newer one was
// asked for since (then it returns the job for the newest): it catches up
// with the steps taken meanwhile and replaces the field on screen. When
// many coefficients changed meanwhile, catching up is itself a job.
func (s *session) fieldReady(r fieldResult) fieldJob {
	s.inFlight = false
	if r.gen != s.fieldGen {
		if fd := s.pending; fd != nil {
			s.pending = nil
			return s.recompute(fd)
		}
		return nil
	}
	if learn.Changes(r.from, s.p)*len(r.field.Values) > syncFieldWork {
		now := learn.Freeze(s.p)
		s.inFlight = true
		return func() fieldResult {
			r.field.CatchUp(r.from, now)
			return fieldResult{s, r.gen, r.field, now}
		}
	}
	r.field.CatchUp(r.from, s.p)
	s.useField(r.field)
	s.p.Observe(r.field)
	return nil
}

// useField puts fd on screen in place of the field shown so far.
func (s *session) useField(fd *learn.Field) {
	if s.field != nil {
		s.p.Unobserve(s.field)
	}
	s.field, s.computing = fd, false
	s.version++
}
