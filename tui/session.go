package tui

import (
	"fmt"
	"math"

	"kernelscope/lab"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
	"kernelscope/notation"
)

// session is the training state the program shows: the data, the stepper
// driving it (the same learn.Perceptron as `kernelscope trace`), the
// decision field over the viewport, and the narration of recent steps. It
// knows nothing about the terminal.
//
// Every change of data or configuration goes through apply, which builds the
// new perceptron first and changes nothing when that fails: the session
// always has a working perceptron, whatever the user asked for.
type session struct {
	opts   Options
	edited bool // points were added or deleted by hand
	// yours is the data the user brought (--data FILE) or made by editing
	// points, with the configuration last used on it; nil when there is
	// none. It heads the d/D cycle, so switching away never loses it.
	yours *Options
	// onYours reports whether the current data is yours.
	onYours bool
	// unsaved reports whether yours holds edits that no save has written;
	// yoursEdited whether yours differs from where it came from.
	unsaved, yoursEdited bool
	// editVersion counts edits of the points, so a save that finishes
	// knows whether it wrote the latest ones.
	editVersion int
	p           learn.Learner
	field       *learn.Field
	view        learn.Rect
	fieldW      int // lattice size of the field (0 before the first layout)
	fieldH      int
	steps       []shownStep // recent steps, newest last, for narration and undo
	err         error       // a numerical problem that stopped training
	// version counts changes to the field or the points, so views cached on
	// them know when to redraw.
	version int
	// built counts rebuilds: new data, kernel, bias or tie rule.
	built int
	// raw is the data before u standardized it (nil when it is not).
	raw []datasets.Point
	// fieldGen counts the fields asked for, so a field computed off the UI
	// path for an older size is dropped; computing reports one is pending.
	fieldGen  int
	computing bool
	// inFlight reports a field job running; pending is the field asked
	// for meanwhile, computed when it is back (fieldjob.go).
	inFlight bool
	pending  *learn.Field
	// overflow caches the count of lattice values of the field that are not
	// finite numbers, for the field version overflowAt.
	overflow, overflowAt int
	// flash is the example of the last mistake, −1 for none, flashed until
	// step flashUntil.
	flash, flashUntil int
	// shown is what the region shows for the averaged and voted
	// perceptrons (shownFinal, shownAveraged, shownVote), and ens those two
	// at the field's lattice, for the field ensField.
	shown    int
	ens      *learn.Ensemble
	ensField *learn.Field
	// test is the held-out part of the data (h, --test), lastHoldout the
	// split h puts back.
	test        heldOut
	lastHoldout lab.Holdout
	// passes is the run pass by pass, for the chart of mistakes per pass.
	passes passLog
	// appendedAt are the steps at which points were appended mid-run
	// since α was last 0 (a session file replays them); file is the
	// session file that holds the state last saved (sessionfile.go).
	appendedAt []int
	file       savedSession
}

// newSession opens o. When o cannot be trained on (data that is not finite,
// a kernel outside its domain), it opens empty data with a linear kernel
// instead and returns the reason, so the program starts and can say why.
func newSession(o Options) (*session, error) {
	s := &session{overflowAt: -1, flash: -1}
	err := s.apply(o)
	if err != nil {
		empty := Options{Dataset: "empty", Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 100}}
		if o.Config.RowCacheBytes > 0 {
			empty.Config.RowCacheBytes = o.Config.RowCacheBytes
		}
		if err2 := s.apply(empty); err2 != nil {
			panic("tui: cannot build an empty session: " + err2.Error())
		}
	}
	if o.File != "" && err == nil {
		y := s.opts
		s.yours, s.onYours = &y, true
	}
	return s, err
}

// build makes a fresh learner (every α = 0), the one o.Config.Algo names,
// for the points and configuration of o, narrating and keeping its undo
// history.
func build(o Options) (learn.Learner, error) {
	cfg := o.Config
	cfg.Narrate = true
	cfg.NoHistory = false
	cfg.UndoMistakes = undoMistakes
	return learn.NewLearner(cfg, datasets.Examples(trainingPoints(o)))
}

// undoMistakes is how many of the latest mistakes b can put back: far more
// than anyone steps back by hand, and 4.8 MB of history, so that c or
// autoplay left running for an hour holds the program's memory flat.
const undoMistakes = 200_000

// apply switches to o: a fresh perceptron for its points and configuration,
// a new viewport and field. When the perceptron cannot be built it returns
// the reason and the session stays exactly as it was.
func (s *session) apply(o Options) error {
	p, err := build(o)
	if err != nil {
		return err
	}
	if s.field != nil && s.p != nil {
		s.p.Unobserve(s.field)
	}
	s.field = nil
	if s.p == nil || s.p.Config().Kind() != p.Config().Kind() {
		// A new learner shows its own function first (A cycles).
		s.shown = shownDefault(p)
	}
	s.opts, s.p, s.err, s.appendedAt = o, p, nil, nil
	s.setTest(o)
	s.passes = passLog{}
	s.flash = -1
	s.built++
	s.steps = s.steps[:0]
	s.view = viewport(s.opts.Points)
	s.fitView()
	s.attachField()
	return nil
}

// reset sets every α to 0.
func (s *session) reset() {
	s.p.Reset()
	s.appendedAt = nil
	s.steps = s.steps[:0]
	s.passes = passLog{}
	s.err, s.flash = nil, -1
	s.version++
}

// setConfig changes how training runs; α starts again from 0 because α
// belongs to one kernel, bias and tie rule. On failure nothing changes.
func (s *session) setConfig(cfg learn.Config) error {
	o := s.opts
	o.Config = cfg
	return s.applyKeepData(o)
}

// applyKeepData is apply for a change that keeps the data: the edited
// flag and, when the data is yours, the configuration remembered with it.
func (s *session) applyKeepData(o Options) error {
	edited := s.edited
	if err := s.apply(o); err != nil {
		return err
	}
	s.edited = edited
	if s.onYours {
		y := s.opts
		s.yours = &y
	}
	return nil
}

// useBuiltin switches to a built-in dataset with its preset (keepSize keeps
// n and noise when it is the dataset already shown). On failure nothing
// changes.
func (s *session) useBuiltin(b datasets.Builtin, keepSize bool) error {
	o := s.opts
	if !keepSize || o.Dataset != b.Name || s.onYours {
		o.N, o.Noise = b.DefaultN, b.DefaultNoise
	}
	if o.Dataset != b.Name || s.onYours {
		k, err := learn.ParseKernel(b.Preset.Kernel)
		if err != nil {
			return fmt.Errorf("preset of %s: %w", b.Name, err)
		}
		o.Config.Kernel, o.Config.Bias, o.Config.Tie = k, b.Preset.Bias, b.Preset.Tie
	}
	o.Dataset, o.File, o.Header, o.Columns, o.Standardized, o.Session = b.Name, "", nil, datasets.Columns{}, false, ""
	pts, err := generate(b, o.N, o.Noise, o.Seed)
	if err != nil {
		return err
	}
	o.Points = pts
	if err := s.apply(o); err != nil {
		return err
	}
	s.edited, s.onYours, s.raw = false, false, nil
	return nil
}

// generate makes a built-in's points and checks that every coordinate is a
// finite number (a huge noise can push them past float64).
func generate(b datasets.Builtin, n int, noise float64, seed uint64) ([]datasets.Point, error) {
	pts := b.Generate(n, noise, seed)
	for i, p := range pts {
		if math.IsNaN(p.X1) || math.IsInf(p.X1, 0) || math.IsNaN(p.X2) || math.IsInf(p.X2, 0) {
			return nil, fmt.Errorf("%s with noise %s makes point %d (%s, %s), which is not a finite number: lower the noise", b.Name, learn.Num(noise), i+1, learn.Num(p.X1), learn.Num(p.X2))
		}
	}
	return pts, nil
}

// name is what the status line calls the data.
func (s *session) name() string {
	name := s.opts.Dataset
	if s.opts.File != "" {
		name = safetext.Clean(s.opts.File)
	}
	if s.edited && s.opts.Session != "" {
		name = safetext.Clean(s.opts.Session) // points of a session file's
	}
	if s.edited {
		name += "*"
	}
	return name
}

// generated reports whether the data comes from a generator that takes n,
// noise and seed.
func (s *session) generated() bool {
	if s.onYours || s.opts.File != "" || s.opts.Dataset == "" {
		return false
	}
	b, ok := datasets.Lookup(s.opts.Dataset)
	return ok && b.Generated
}

// columns are the names of the coordinates: the CSV header's, when the
// file had one, or x₁ and x₂.
func (s *session) columns() (string, string) {
	a, b := "x₁", "x₂"
	if h := s.opts.Header; len(h) >= 2 && !s.edited {
		a, b = safetext.Clean(h[0]), safetext.Clean(h[1])
	}
	if s.opts.Standardized {
		// z-scores: the axes say so.
		return "z(" + a + ")", "z(" + b + ")"
	}
	return a, b
}

// standardize switches the points to their z-scores (datasets.Standardize)
// or back to the data as it was; α starts again from 0.
func (s *session) standardize() (string, error) {
	o := s.opts
	if o.Standardized {
		if s.raw == nil {
			return "", fmt.Errorf("the original scale of these points is not kept (they were standardized with --standardize, or before a switch of data)")
		}
		o.Points, o.Standardized = s.raw, false
		if err := s.applyKeepData(o); err != nil {
			return "", err
		}
		s.raw = nil
		return "original scale: α reset", nil
	}
	raw := o.Points
	o.Points, o.Standardized = datasets.Standardize(raw), true
	if err := s.applyKeepData(o); err != nil {
		return "", err
	}
	s.raw = raw
	return "standardized: each coordinate rescaled to mean 0 and sd 1 (z-scores), α reset", nil
}

// fieldOverflow counts the lattice values of the field that are not finite
// numbers (the kernel overflowed there), and the lattice size.
func (s *session) fieldOverflow() (int, int) {
	if s.field == nil {
		return 0, 0
	}
	if s.overflowAt != s.version {
		s.overflow, s.overflowAt = 0, s.version
		for _, v := range s.field.Values {
			if !isFinite(v) {
				s.overflow++
			}
		}
	}
	return s.overflow, len(s.field.Values)
}

// raiseCap doubles the cap on passes, keeping α, so training stopped at
// the cap goes on; it says what it did.
func (s *session) raiseCap() string {
	c, ok := s.p.(interface{ SetEpochCap(int) error })
	if !ok {
		return "this learner's pass cap cannot change while it trains"
	}
	n := max(1, 2*s.opts.Config.Epochs)
	if err := c.SetEpochCap(n); err != nil {
		return err.Error()
	}
	s.opts.Config.Epochs = n
	return fmt.Sprintf("the cap is now %s: training goes on from the current α", notation.Passes(n))
}

// focus is the example the panels follow: the one about to be visited, or
// after training stopped the one visited last (−1: none).
func (s *session) focus() int {
	if n := s.p.Next(); n >= 0 {
		return n
	}
	if ls, ok := s.last(); ok {
		return ls.step.I
	}
	return -1
}

// accuracy is the training accuracy in percent.
func (s *session) accuracy() float64 { return 100 * s.p.Accuracy() }
