package lab

import (
	"math"

	"kernelscope/datasets"
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

// Resize sets the lattice size of the field for a plot of w×h pixels (two
// per cell vertically) and recomputes it. When that is too much work for
// one frame it returns a job that computes the field off the UI path (see
// AttachField).
func (s *Session) Resize(w, h int) FieldJob {
	s.plotW, s.plotH = w, h
	w, h = s.latticeFor(w, h)
	if w == s.fieldW && h == s.fieldH {
		return nil
	}
	s.fieldW, s.fieldH = w, h
	s.view = viewport(s.opts.Points)
	s.fitView()
	return s.AttachField()
}

// latticeFor is the field's lattice for a plot of w×h pixels: at most
// maxFieldPixels, and for points on a line (OneD) one row, f along the
// line x₂ = 0, a value a pixel across.
func (s *Session) latticeFor(w, h int) (int, int) {
	if s.OneD() {
		return min(w, maxFieldPixels), min(h, 1)
	}
	if px := w * h; px > maxFieldPixels {
		f := math.Sqrt(float64(maxFieldPixels) / float64(px))
		w, h = max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
	}
	return w, h
}

// relattice sets the lattice again for the plot the screen last asked
// for (Resize), as the data may have gone from a plane to a line or back;
// nothing before the first Resize (a field of no size, or a follower's,
// given by Follow).
func (s *Session) relattice() {
	if s.plotW > 0 {
		s.fieldW, s.fieldH = s.latticeFor(s.plotW, s.plotH)
	}
}

// SyncFieldWork is the most kernel evaluations (lattice points × support
// vectors) a field is computed with at once, a few milliseconds; a larger
// recomputation (a resize with thousands of support vectors) runs off the
// UI path.
const SyncFieldWork = 1_000_000

// FieldJob computes a field off the UI path; its result goes to
// Session.FieldReady.
type FieldJob func() FieldResult

// FieldResult is a field computed from a frozen copy of the learner.
type FieldResult struct {
	owner *Session // the session that asked for it
	gen   int      // session.fieldGen when it was asked for
	field *learn.Field
	from  *learn.Frozen
}

// AttachField makes a field for the current viewport and lattice size and
// has the learner keep it up to date. Small ones are computed at once; a
// large one is returned as a job (or, while another job runs, started
// when that one is back), and until it is ready the previous field stays
// on screen (s.computing).
func (s *Session) AttachField() FieldJob {
	fd := learn.NewField(s.view, s.fieldW, s.fieldH)
	s.fieldGen++
	if len(fd.Values)*len(s.p.SupportVectors()) <= SyncFieldWork || s.field == nil {
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
func (s *Session) recompute(fd *learn.Field) FieldJob {
	gen, from := s.fieldGen, learn.Freeze(s.p)
	s.inFlight = true
	return func() FieldResult {
		fd.RecomputeAside(from)
		return FieldResult{s, gen, fd, from}
	}
}

// FieldReady takes a field computed off the UI path, unless a newer one was
// asked for since (then it returns the job for the newest): it catches up
// with the steps taken meanwhile and replaces the field on screen. When
// many coefficients changed meanwhile, catching up is itself a job.
func (s *Session) FieldReady(r FieldResult) FieldJob {
	s.inFlight = false
	if r.gen != s.fieldGen {
		if fd := s.pending; fd != nil {
			s.pending = nil
			return s.recompute(fd)
		}
		return nil
	}
	if learn.Changes(r.from, s.p)*len(r.field.Values) > SyncFieldWork {
		now := learn.Freeze(s.p)
		s.inFlight = true
		return func() FieldResult {
			r.field.CatchUp(r.from, now)
			return FieldResult{s, r.gen, r.field, now}
		}
	}
	r.field.CatchUp(r.from, s.p)
	s.useField(r.field)
	s.p.Observe(r.field)
	return nil
}

// useField puts fd on screen in place of the field shown so far.
func (s *Session) useField(fd *learn.Field) {
	if s.field != nil {
		s.p.Unobserve(s.field)
	}
	s.field, s.computing = fd, false
	s.version++
}

// viewport is the data's bounding box with a margin (datasets.ViewOf), so
// the region and a figure of it frame the data alike. For points on the
// line x₂ = 0 it is [−1, 1] across x₂ (ViewOf's least height, about 0), so
// a lattice of one row lies on the line itself, at x₂ = 1 − ½·2 = 0
// exactly (Field.Point).
func viewport(pts []datasets.Point) learn.Rect { return datasets.ViewOf(pts) }

// fitView widens one axis of the viewport so that lattice pixels are square
// (a half-block pixel is about as wide as it is tall), so circles look round.
// A line has no shape to keep: its view is the data's range, with x₂ as
// viewport leaves it.
func (s *Session) fitView() {
	if s.fieldW <= 0 || s.fieldH <= 0 || s.OneD() {
		return
	}
	r := &s.view
	dx, dy := r.MaxX1-r.MinX1, r.MaxX2-r.MinX2
	want := float64(s.fieldW) / float64(s.fieldH) // dx/dy for square pixels
	if dx/dy < want {
		grow := (dy*want - dx) / 2
		r.MinX1, r.MaxX1 = r.MinX1-grow, r.MaxX1+grow
	} else {
		grow := (dx/want - dy) / 2
		r.MinX2, r.MaxX2 = r.MinX2-grow, r.MaxX2+grow
	}
}

// Follow gives s the viewport and lattice of p, so the two regions of
// comparison mode are drawn on one grid; a large field comes back as a job.
func (s *Session) Follow(p Grid) FieldJob {
	w, h := p.FieldSize()
	if s.view == p.View() && s.fieldW == w && s.fieldH == h && s.field != nil {
		return nil
	}
	s.view, s.fieldW, s.fieldH = p.View(), w, h
	return s.AttachField()
}

// A Grid is where a session's field is computed: the viewport and the
// lattice's size. A Session is one.
type Grid interface {
	View() learn.Rect
	FieldSize() (w, h int)
}

// FieldSize is the size of the lattice the field is computed on.
func (s *Session) FieldSize() (w, h int) { return s.fieldW, s.fieldH }

// Owner is the session that asked for r (nil for none).
func (r FieldResult) Owner() *Session { return r.owner }
