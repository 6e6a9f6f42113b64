// Package lab is the training session without a terminal: the data (with
// edits, your data, held-out rows, standardising), the learner and its
// history, stepping and runs, the field the region draws, the averaged and
// voted perceptrons' functions, and session files (save, open, replay).
// The terminal program drives a Session; the commands that step open its
// Options (setup turns flags into them). It imports nothing of a terminal.
package lab

import (
	"fmt"
	"math"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
	"kernelscope/notation"
)

// Session is the training state the program shows: the data, the stepper
// driving it (the same learn.Perceptron as `kernelscope trace`), the
// decision field over the viewport, and the narration of recent steps. It
// knows nothing about the terminal.
//
// Every change of data or configuration goes through apply, which builds the
// new perceptron first and changes nothing when that fails: the session
// always has a working perceptron, whatever the user asked for.
type Session struct {
	opts Options
	// observe, if set, is told of every step taken (Observe).
	observe func(Shown)
	edited  bool // points were added or deleted by hand
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
	// plotW and plotH are the plot's pixels the screen last asked for
	// (Resize; 0 before), which the lattice is made for (relattice).
	plotW, plotH int
	steps        []Shown // recent steps, newest last, for narration and undo
	err          error   // a numerical problem that stopped training
	// version counts changes to the field or the points, so views cached on
	// them know when to redraw.
	version int
	// built counts rebuilds: new data, kernel, bias or tie rule.
	built int
	// fieldGen counts the fields asked for, so a field computed off the UI
	// path for an older size is dropped; computing reports one is pending.
	fieldGen  int
	computing bool
	// inFlight reports a field job running; pending is the field asked
	// for meanwhile, computed when it is back (field.go).
	inFlight bool
	pending  *learn.Field
	// overflow caches the count of lattice values of the field that are not
	// finite numbers, for the field version overflowAt.
	overflow, overflowAt int
	// flash is the example of the last mistake, −1 for none, flashed until
	// step flashUntil.
	flash, flashUntil int
	// shown is what the region shows for the averaged and voted
	// perceptrons (learn.FinalMember, AveragedMember, VotedMember), and ens those two
	// at the field's lattice, for the field ensField.
	shown    learn.EnsembleMember
	ens      *learn.Ensemble
	ensField *learn.Field
	// ensVals hold the average's and the vote's values at the lattice
	// (EnsembleValues), kept from call to call.
	ensVals [2][]float64
	// test is the held-out part of the data (h, --test), lastHoldout the
	// split h puts back.
	test        TestSet
	lastHoldout Holdout
	// passes is the run pass by pass, for the chart of mistakes per pass.
	passes PassLog
	// appendedAt are the steps at which points were appended mid-run
	// since α was last 0 (a session file replays them); file is the
	// session file that holds the state last saved (sessionfile.go).
	appendedAt []int
	file       SavedSession
	// confined is what a follower's copy keeps to (Confine; zero:
	// nothing).
	confined Confinement
	// kept counts the settings kept for another learner (KeepConfig):
	// the state a session file holds changed, though nothing was rebuilt.
	kept int
}

// NewSession opens o. When o cannot be trained on (data that is not finite,
// a kernel outside its domain), it opens empty data with a linear kernel
// instead and returns the reason, so the program starts and can say why.
func NewSession(o Options) (*Session, error) {
	s := &Session{overflowAt: -1, flash: -1}
	err := s.Apply(o)
	if err != nil {
		empty := Options{Dataset: "empty", Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 100}}
		empty.Config.RowCacheBytes, empty.Config.UndoBytes = o.Config.RowCacheBytes, o.Config.UndoBytes
		if err2 := s.Apply(empty); err2 != nil {
			panic("lab: cannot build an empty session: " + err2.Error())
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
// history within o.Config.UndoBytes (0: UndoBytes).
func build(o Options) (learn.Learner, error) {
	cfg := o.Config
	cfg.Narrate = true
	cfg.NoHistory = false
	if cfg.UndoBytes == 0 {
		cfg.UndoBytes = UndoBytes
	}
	return learn.NewLearner(cfg, datasets.Examples(TrainingPoints(o)))
}

// UndoBytes is the memory a session's undo history takes by default: far
// more than anyone steps back by hand (on issue 25's runs at n = 400, the
// last 790 000 steps of the perceptron, 540 000 of the SVM's, 200 000 of
// the Forgetron's, PA's and Pegasos's: 40 s of autoplay at 5000 steps a
// second at the least; the status line says where it stops), and small
// enough that autoplay holds the program's memory flat (the garbage
// collector lets the heap grow to twice what is live, so 2M of history
// costs about 4M of the process's), and sixty sessions share a laptop.
const UndoBytes = 2 << 20

// Apply switches to o: a fresh perceptron for its points and configuration,
// a new viewport and field. When the perceptron cannot be built it returns
// the reason and the session stays exactly as it was.
func (s *Session) Apply(o Options) error {
	o = s.confined.Apply(o)
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
	s.passes.clear()
	s.flash = -1
	s.built++
	s.steps = s.steps[:0]
	s.relattice()
	s.view = viewport(s.opts.Points)
	s.fitView()
	s.AttachField()
	return nil
}

// Reset sets every α to 0.
func (s *Session) Reset() {
	s.p.Reset()
	s.appendedAt = nil
	s.steps = s.steps[:0]
	s.passes.clear()
	s.err, s.flash = nil, -1
	s.version++
}

// SetConfig changes how training runs; α starts again from 0 because α
// belongs to one kernel, bias and tie rule. On failure nothing changes.
func (s *Session) SetConfig(cfg learn.Config) error {
	o := s.opts
	o.Config = cfg
	return s.ApplyKeepData(o)
}

// ApplyKeepData is apply for a change that keeps the data: the edited
// flag and, when the data is yours, the configuration remembered with it.
func (s *Session) ApplyKeepData(o Options) error {
	edited := s.edited
	if err := s.Apply(o); err != nil {
		return err
	}
	s.edited = edited
	if s.onYours {
		y := s.opts
		s.yours = &y
	}
	return nil
}

// UseBuiltin switches to a built-in dataset with its preset (keepSize keeps
// n and noise when it is the dataset already shown). On failure nothing
// changes.
func (s *Session) UseBuiltin(b datasets.Builtin, keepSize bool) error {
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
	o.Dataset, o.File, o.Header, o.Columns, o.Standardized, o.Raw, o.Session = b.Name, "", nil, datasets.Columns{}, false, nil, ""
	pts, err := generate(b, o.N, o.Noise, o.Seed)
	if err != nil {
		return err
	}
	o.Points = pts
	if err := s.Apply(o); err != nil {
		return err
	}
	s.edited, s.onYours = false, false
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

// Name is what the status line calls the data.
func (s *Session) Name() string {
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

// Generated reports whether the data comes from a generator that takes n,
// noise and seed.
func (s *Session) Generated() bool {
	if s.onYours || s.opts.File != "" || s.opts.Dataset == "" {
		return false
	}
	b, ok := datasets.Lookup(s.opts.Dataset)
	return ok && b.Generated
}

// Columns are the names of the coordinates, as Options.AxisNames writes
// them for the data as it is now (edited by hand or not).
func (s *Session) Columns() (string, string) {
	o := s.opts
	o.Edited = s.edited
	return o.AxisNames()
}

// Standardize switches the points to their z-scores (Options.Standardize:
// the mean and sd of the training rows, not of rows held out) or back to
// the data as it was; α starts again from 0.
func (s *Session) Standardize() (string, error) {
	o := s.opts
	if o.Standardized {
		if o.Raw == nil {
			return "", fmt.Errorf("the original scale of these points is not kept (they were edited as z-scores, or opened from a session file that holds only z-scores)")
		}
		o.Points, o.Raw, o.Standardized = o.Raw, nil, false
		if err := s.ApplyKeepData(o); err != nil {
			return "", err
		}
		return "original scale: α reset", nil
	}
	o.Standardize()
	if err := s.ApplyKeepData(o); err != nil {
		return "", err
	}
	over := ""
	if o.Holdout.On() {
		over = " over the training rows, the held-out rows with their mean and sd"
	}
	return "standardized: each coordinate rescaled to mean 0 and sd 1" + over + " (z-scores), α reset", nil
}

// FieldOverflow counts the lattice values of the field that are not finite
// numbers (the kernel overflowed there), and the lattice size.
func (s *Session) FieldOverflow() (int, int) {
	if s.field == nil {
		return 0, 0
	}
	if s.overflowAt != s.version {
		s.overflow, s.overflowAt = 0, s.version
		for _, v := range s.field.Values {
			if !finite(v) {
				s.overflow++
			}
		}
	}
	return s.overflow, len(s.field.Values)
}

// RaiseCap doubles the cap on passes, keeping α, so training stopped at
// the cap goes on; it says what it did.
func (s *Session) RaiseCap() string {
	c := s.Passer()
	if c == nil {
		return "this learner's pass cap cannot change while it trains"
	}
	n := max(1, 2*s.opts.Config.Epochs)
	if err := c.SetEpochCap(n); err != nil {
		return err.Error()
	}
	s.opts.Config.Epochs = n
	return fmt.Sprintf("the cap is now %s: training goes on from the current α", notation.Passes(n))
}

// Focus is the example the panels follow: the one about to be visited, or
// after training stopped the one visited last (−1: none).
func (s *Session) Focus() int {
	if n := s.p.Next(); n >= 0 {
		return n
	}
	if ls, ok := s.Last(); ok {
		return ls.Step.I
	}
	return -1
}

// Accuracy is the training accuracy in percent.
func (s *Session) Accuracy() float64 { return 100 * s.p.Accuracy() }

// Regenerate draws a generated built-in again with n points, the noise and
// the seed given (the seed of the shuffle too); α starts again from 0. It
// fails, changing nothing, for data that is not generated.
func (s *Session) Regenerate(n int, noise float64, seed uint64) error {
	b, ok := datasets.Lookup(s.opts.Dataset)
	if !ok || !b.Generated || s.onYours {
		return fmt.Errorf("%s is not a generated dataset", s.Name())
	}
	if limit := s.PointCap(); n > limit && n > len(s.opts.Points) {
		return fmt.Errorf("n = %d: %d is the most points %s", n, limit, s.capHolder())
	}
	was := s.opts
	s.opts.N, s.opts.Noise, s.opts.Seed, s.opts.Config.Seed = n, noise, seed, seed
	if err := s.UseBuiltin(b, true); err != nil {
		s.opts = was
		return err
	}
	return nil
}

// KeepConfig records cfg as the configuration without rebuilding the
// learner: for a change of a setting this learner does not read (C beside
// the perceptron), kept for when one that reads it comes.
func (s *Session) KeepConfig(cfg learn.Config) { s.opts.Config, s.kept = cfg, s.kept+1 }

// ToggleHoldout holds out DefaultTestFraction of the rows (or the split
// held out last, as --test gave it), or puts them back; α starts again
// from 0 either way. On failure nothing changes.
func (s *Session) ToggleHoldout() error {
	o := s.opts
	last := s.lastHoldout
	if o.Holdout.On() {
		last, o.Holdout = o.Holdout, Holdout{}
	} else {
		o.Holdout = last
		if !o.Holdout.On() {
			o.Holdout.Fraction = DefaultTestFraction
		}
		if _, err := crossval.TestCount(len(o.Points), o.Holdout.Fraction); err != nil {
			return fmt.Errorf("cannot hold rows out: %w", err)
		}
	}
	// z-scores are the training rows' (Options.Standardize): other rows
	// now train.
	o.restandardize()
	if err := s.ApplyKeepData(o); err != nil {
		return err
	}
	s.lastHoldout = last
	return nil
}

// Reseed takes the next seed for the data and the shuffle: a generated
// built-in is drawn again (regenerated reports it), other data keeps its
// points and shuffles in another order; α starts again from 0.
func (s *Session) Reseed() (regenerated bool, err error) {
	o := s.opts
	seed := o.Seed + 1
	if s.Generated() {
		return true, s.Regenerate(o.N, o.Noise, seed)
	}
	cfg := o.Config
	cfg.Seed = seed
	if err := s.SetConfig(cfg); err != nil {
		return false, err
	}
	s.opts.Seed = seed
	return false, nil
}
