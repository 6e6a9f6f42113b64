package tui

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// session is the training state the program shows: the data, the stepper
// driving it (the same learn.Perceptron as `kernelscope trace`), the
// decision field over the viewport, and the narration of recent steps. It
// knows nothing about the terminal.
type session struct {
	opts   Options
	edited bool // points were added or deleted by hand
	p      *learn.Perceptron
	field  *learn.Field
	view   learn.Rect
	fieldW int // lattice size of the field (0 before the first layout)
	fieldH int
	steps  []shownStep // recent steps, newest last, for narration and undo
	err    error       // a numerical problem that stopped training
	// version counts changes to the field or the points, so views cached on
	// them know when to redraw.
	version int
	// built counts rebuilds: new data, kernel, bias or tie rule.
	built int
}

// shownStep is one step as the narration shows it.
type shownStep struct {
	step  learn.Step // Terms dropped
	terms string     // the sum, written out
}

// maxShownSteps bounds the narration kept for stepping back; older steps
// undo fine but are narrated as "earlier step".
const maxShownSteps = 20000

func newSession(o Options) *session {
	s := &session{opts: o}
	s.rebuild()
	return s
}

// rebuild makes a fresh perceptron (every α = 0) for the current points and
// configuration, and a field for the current lattice size.
func (s *session) rebuild() {
	cfg := s.opts.Config
	cfg.Narrate = true
	cfg.NoHistory = false
	p, err := learn.New(cfg, datasets.Examples(s.opts.Points))
	if err != nil {
		// The command line validated the configuration, and the TUI only
		// builds valid kernels; keep the old perceptron if this happens.
		s.err = err
		return
	}
	s.p, s.err = p, nil
	s.built++
	s.steps = s.steps[:0]
	s.view = viewport(s.opts.Points)
	s.fitView()
	s.attachField()
}

// maxFieldPixels bounds the field's lattice: a full recomputation costs
// pixels × support vectors kernel evaluations, and every mistake pixels
// more. Larger plots sample a coarser lattice.
const maxFieldPixels = 24000

// resize sets the lattice size of the field for a plot of w×h pixels (two
// per cell vertically) and recomputes it.
func (s *session) resize(w, h int) {
	if px := w * h; px > maxFieldPixels {
		f := math.Sqrt(float64(maxFieldPixels) / float64(px))
		w, h = max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
	}
	if w == s.fieldW && h == s.fieldH {
		return
	}
	s.fieldW, s.fieldH = w, h
	s.view = viewport(s.opts.Points)
	s.fitView()
	s.attachField()
}

func (s *session) attachField() {
	if s.field != nil {
		s.p.Detach(s.field)
	}
	s.field = learn.NewField(s.view, s.fieldW, s.fieldH)
	s.p.Attach(s.field)
	s.version++
}

// viewport is the data's bounding box with a margin, at least [−1.5, 1.5]²
// around the data's centre so small sets are not blown up.
func viewport(pts []datasets.Point) learn.Rect {
	if len(pts) == 0 {
		return learn.Rect{MinX1: -1.5, MaxX1: 1.5, MinX2: -1.5, MaxX2: 1.5}
	}
	r := learn.Rect{MinX1: math.Inf(1), MaxX1: math.Inf(-1), MinX2: math.Inf(1), MaxX2: math.Inf(-1)}
	for _, p := range pts {
		r.MinX1, r.MaxX1 = math.Min(r.MinX1, p.X1), math.Max(r.MaxX1, p.X1)
		r.MinX2, r.MaxX2 = math.Min(r.MinX2, p.X2), math.Max(r.MaxX2, p.X2)
	}
	pad := func(lo, hi float64) (float64, float64) {
		mid, half := (lo+hi)/2, (hi-lo)/2*1.25
		half = math.Max(half, 1)
		if half == 0 || math.IsInf(half, 0) || math.IsNaN(half) {
			half = 1.5
		}
		return mid - half, mid + half
	}
	r.MinX1, r.MaxX1 = pad(r.MinX1, r.MaxX1)
	r.MinX2, r.MaxX2 = pad(r.MinX2, r.MaxX2)
	return r
}

// fitView widens one axis of the viewport so that lattice pixels are square
// (a half-block pixel is about as wide as it is tall), so circles look round.
func (s *session) fitView() {
	if s.fieldW <= 0 || s.fieldH <= 0 {
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

// step takes one step and records its narration. It reports whether a step
// was taken.
func (s *session) step() bool {
	st, err := s.p.Step()
	if err != nil {
		if err != learn.ErrStopped {
			s.err = err
		}
		return false
	}
	if st.Mistake {
		s.version++
	}
	if len(s.steps) == maxShownSteps {
		s.steps = append(s.steps[:0], s.steps[maxShownSteps/2:]...)
	}
	terms := sumText(s.p, st)
	st.Terms = nil
	s.steps = append(s.steps, shownStep{step: st, terms: terms})
	return true
}

// back undoes one step.
func (s *session) back() bool {
	n := len(s.steps)
	var undone *learn.Step
	if n > 0 {
		undone = &s.steps[n-1].step
	}
	if !s.p.Undo() {
		return false
	}
	if n > 0 {
		s.steps = s.steps[:n-1]
	}
	if undone == nil || undone.Mistake {
		s.version++
	}
	s.err = nil
	return true
}

// last is the newest step still in effect, if its narration is kept.
func (s *session) last() (shownStep, bool) {
	if len(s.steps) == 0 || s.p.T() == 0 {
		return shownStep{}, false
	}
	ls := s.steps[len(s.steps)-1]
	return ls, ls.step.T == s.p.T()
}

// reset sets every α to 0.
func (s *session) reset() {
	s.p.Reset()
	s.steps = s.steps[:0]
	s.err = nil
	s.version++
}

// setConfig changes how training runs; α starts again from 0 because α
// belongs to one kernel, bias and tie rule.
func (s *session) setConfig(cfg learn.Config) {
	s.opts.Config = cfg
	s.rebuild()
}

// setPoints replaces the data (α starts again from 0).
func (s *session) setPoints(pts []datasets.Point) {
	s.opts.Points = pts
	s.rebuild()
}

// useBuiltin switches to a built-in dataset with its preset.
func (s *session) useBuiltin(b datasets.Builtin, keepSize bool) error {
	if !keepSize || s.opts.Dataset != b.Name {
		s.opts.N, s.opts.Noise = b.DefaultN, b.DefaultNoise
	}
	if s.opts.Dataset != b.Name {
		k, err := learn.ParseKernel(b.Preset.Kernel)
		if err != nil {
			return fmt.Errorf("preset of %s: %w", b.Name, err)
		}
		s.opts.Config.Kernel, s.opts.Config.Bias, s.opts.Config.Tie = k, b.Preset.Bias, b.Preset.Tie
	}
	s.opts.Dataset, s.opts.File, s.opts.Header, s.edited = b.Name, "", nil, false
	s.setPoints(b.Generate(s.opts.N, s.opts.Noise, s.opts.Seed))
	return nil
}

// name is what the status line calls the data.
func (s *session) name() string {
	name := s.opts.Dataset
	if s.opts.File != "" {
		name = printable(s.opts.File)
	}
	if s.edited {
		name += "*"
	}
	return name
}

// generated reports whether the data comes from a generator that takes n,
// noise and seed.
func (s *session) generated() bool {
	if s.opts.File != "" || s.opts.Dataset == "" {
		return false
	}
	b, ok := datasets.Lookup(s.opts.Dataset)
	return ok && b.Generated
}

// addPoint adds a labelled point and keeps training where it was: α stays,
// the new point is visited at the end of the current pass (online learning,
// as the perceptron was meant to be used). Steps before the edit can no
// longer be stepped back.
func (s *session) addPoint(x1, x2 float64, y int) error {
	if err := s.p.Append(learn.Example{X1: x1, X2: x2, Y: y}); err != nil {
		return err
	}
	s.opts.Points = append(append([]datasets.Point(nil), s.opts.Points...), datasets.Point{X1: x1, X2: x2, Y: y})
	s.edited = true
	if n := len(s.steps); n > 0 {
		s.steps = append(s.steps[:0], s.steps[n-1]) // keep the narration of the last step
	}
	s.built++
	s.version++
	return nil
}

// deletePoint removes the point nearest to (x1, x2) within radius; α
// starts again from 0, since every score depended on it.
func (s *session) deletePoint(x1, x2, radius float64) bool {
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
	s.opts.Points = append(pts, s.opts.Points[best+1:]...)
	s.edited = true
	s.rebuildKeepView()
	return true
}

// rebuildKeepView rebuilds after an edit without moving the viewport, so
// the point just added stays under the cursor.
func (s *session) rebuildKeepView() {
	view := s.view
	s.rebuild()
	if s.fieldW > 0 {
		s.view = view
		s.attachField()
	}
}

// columns are the names of the coordinates: the CSV header's, when the
// file had one, or x₁ and x₂.
func (s *session) columns() (string, string) {
	if h := s.opts.Header; len(h) >= 2 && !s.edited {
		return printable(h[0]), printable(h[1])
	}
	return "x₁", "x₂"
}

// printable drops control characters (escape sequences included) from a
// string that came from a file, so it cannot disturb the terminal.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
}

// accuracy is the training accuracy in percent.
func (s *session) accuracy() float64 { return 100 * s.p.Accuracy() }
