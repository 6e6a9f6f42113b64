package tui

import (
	"context"
	"fmt"
	"image/color"
	"iter"
	"math"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/lab"
	"kernelscope/setup"
	"kernelscope/tui/action"
	"kernelscope/tui/player"
)

// MinSize is the smallest terminal the program draws in; below it the
// screen only says it is too small.
func MinSize() (w, h int) { return tooSmallW, tooSmallH }

// Script is a run of the program without a terminal: the size and colours
// of the terminal it pretends to be, and the keys pressed, Pace apart.
type Script struct {
	Width, Height int
	// Keys are the keys pressed, read one at a time as each is pressed:
	// a script of a million steps takes no memory of its own.
	Keys iter.Seq[tea.KeyPressMsg]
	// Pace is the time from one key to the next (and from the first
	// screen to the first key).
	Pace time.Duration
	// FPS is the most frames a second autoplay and runs draw, as --fps
	// (0: setup.DefaultFPS).
	FPS int
	// Light draws for a light background; Profile is the terminal's
	// colours (colorprofile.Ascii or NoTTY: none).
	Light   bool
	Profile colorprofile.Profile
	// Hold is the longest the program is left running by itself after
	// the last key (autoplay, a run): a script that ends in p records
	// until training stops or Hold has passed.
	Hold time.Duration
	// Keep says, as each step is taken, whether a frame lists it in
	// Frame.Steps; nil lists none. A recorder keeps the steps it marks
	// and no others, so a run of millions of steps holds a frame's worth.
	Keep func(lab.Shown) bool
}

// Frame is one screen of a headless run.
type Frame struct {
	// At is when it was drawn, from the start of the run.
	At time.Duration
	// Screen is the view's content, with the colours of the theme for
	// Script.Profile (a terminal writer downsamples it).
	Screen string
	// Key is the index in Script.Keys of the key this frame answers, or
	// −1.
	Key int
	// Skipped reports that the key did nothing because it would have
	// written a file (see refuseWrites); the screen says so.
	Skipped bool
	// Steps are the learning steps this frame is the first to show,
	// oldest first, of those Script.Keep keeps.
	Steps []lab.Shown
}

// timer is a tick the player asked for, due at a time of the virtual clock.
type timer struct {
	due time.Duration
	seq int // the order it was asked in, among timers due at once
	fn  func(time.Time) tea.Msg
}

// afterMsg is the message a headless run's tick command returns instead of
// waiting: the driver files it as a timer.
type afterMsg struct {
	d  time.Duration
	fn func(time.Time) tea.Msg
}

// epoch is the virtual clock's start: a fixed instant, so that nothing a
// run shows depends on when it was made.
var epoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// runStep is the time a step of a run (c, e) takes on the virtual clock: a
// fast machine's step of a small linear problem. A run goes as fast as the
// machine lets it, which a recording must fix to give the same frames
// every time; at this cost a run of up to 8 333 steps is one chunk of the
// player's (1/120 s), and one frame, and a million steps take a second,
// drawn at --fps as autoplay is.
// Autoplay is paced by its speed and a key's step by the script: their
// steps cost nothing.
const runStep = time.Microsecond

// halt is how far the clock jumps when the run is interrupted in the
// middle of a chunk: past the chunk's deadline (a chunk lasts 1/120 s of
// the player's clock), so that the player ends it after the next step.
const halt = time.Second

// Drive runs the program on o without a terminal, as Script says, and
// hands each screen drawn to frame, in order. Time is virtual: keys come
// Script.Pace apart, autoplay ticks on the player's own clock, a step of
// a run costs runStep and any other step nothing, so a run shows what a
// fast machine draws (a run to convergence of a small set is one frame)
// and the same script gives the same frames. The run writes no file of its
// own (see refuseWrites). It stops at the first error of frame, at a key
// that quits, or when ctx is done (returning ctx.Err()), which it looks at
// before every key and tick and after every step.
func Drive(ctx context.Context, o Options, sc Script, frame func(Frame) error) error {
	noColor := sc.Profile == colorprofile.Ascii || sc.Profile == colorprofile.NoTTY
	m := openWith(ctx, o, nil, noColor)
	if err := ctx.Err(); err != nil {
		return err
	}
	if m.openErr != nil && (o.Session != "" || !o.Replay.IsZero()) {
		return m.openErr
	}
	d := &driver{m: m, frame: frame, ctx: ctx, done: ctx.Done(), keep: sc.Keep}
	fps := sc.FPS
	if fps <= 0 {
		fps = setup.DefaultFPS
	}
	m.player.Frame = time.Second / time.Duration(fps)
	m.player.Now = func() time.Time { return epoch.Add(d.now) }
	m.player.After = func(dt time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return afterMsg{dt, fn} }
	}
	m.s.Observe(d.observe)
	d.refuseWrites()

	// What Bubble Tea tells a program at start: its colours, the
	// terminal's background and size.
	bg := color.Color(color.Black)
	if sc.Light {
		bg = color.White
	}
	for _, msg := range []tea.Msg{tea.ColorProfileMsg{Profile: sc.Profile}, tea.BackgroundColorMsg{Color: bg}} {
		if err := d.run(func() tea.Msg { return msg }); err != nil {
			return err
		}
	}
	d.sized = true
	if err := d.send(tea.WindowSizeMsg{Width: sc.Width, Height: sc.Height}, -1); err != nil {
		return err
	}
	keys := sc.Keys
	if keys == nil {
		keys = slices.Values([]tea.KeyPressMsg(nil))
	}
	i, at, answer := 0, time.Duration(0), false
	for k := range keys {
		at = later(at, sc.Pace)
		if err := d.until(at); err != nil || d.quit {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		// A run may have taken the clock past the key's time (by less
		// than a chunk): the key comes then.
		d.now = max(d.now, at)
		var err error
		if answer {
			// The answer to a w that was refused: w asked nothing, so it
			// would act as a key of its own. It is skipped too.
			answer = false
			err = d.draw(i, true)
		} else {
			err = d.send(k, i)
			answer = d.skipped && d.save.Has(k)
		}
		if err != nil || d.quit {
			return err
		}
		i++
	}
	return d.until(later(d.now, sc.Hold))
}

// later is t + dt, or the clock's end when that is beyond it.
func later(t, dt time.Duration) time.Duration {
	if dt > math.MaxInt64-t {
		return math.MaxInt64
	}
	return t + dt
}

// driver is one headless run: the model, the virtual clock and the timers
// pending on it.
type driver struct {
	m      *Model
	ctx    context.Context
	done   <-chan struct{} // ctx.Done(), looked at after every step
	frame  func(Frame) error
	now    time.Duration
	timers []timer
	seq    int
	quit   bool
	sized  bool // the size was sent: frames are drawn
	// keep and pending are the steps the frames list (Script.Keep):
	// those taken that no frame showed yet (lab.Session.Observe).
	keep    func(lab.Shown) bool
	pending []lab.Shown
	twin    *lab.Session // comparison mode's second learner, observed
	// refusals are the messages of the keys refuseWrites turns off, by
	// key; save is w, whose answer is skipped with it; skipped reports
	// that the key just sent was refused.
	refusals map[string]string
	save     *action.Action
	skipped  bool
}

// observe is told of every step the session takes: it charges a run's
// step to the clock, keeps the step for the next frame if Script.Keep
// says so, and ends a chunk at the next step once ctx is done.
func (d *driver) observe(sh lab.Shown) {
	d.charge()
	if d.keep != nil && d.keep(sh) {
		d.pending = append(d.pending, sh)
	}
	d.check()
}

// observeTwin is told of every step of comparison mode's second learner,
// which steps in lockstep with the first: its step is charged when the
// first has stopped and it runs on alone.
func (d *driver) observeTwin(lab.Shown) {
	if !player.Running(d.m.s) {
		d.charge()
	}
	d.check()
}

// charge puts a step on the clock when it is a run's.
func (d *driver) charge() {
	if d.m.player.Converging || d.m.player.Finishing {
		d.now = later(d.now, runStep)
	}
}

// check moves the clock past the player's deadline once ctx is done, so
// that the player ends its chunk at the next step.
func (d *driver) check() {
	select {
	case <-d.done:
		d.now = later(d.now, halt)
	default:
	}
}

// watchTwin observes comparison mode's second learner, a new one each
// time comparison starts or changes it.
func (d *driver) watchTwin() {
	if tw := d.m.compare.Twin(); tw != nil && tw != d.twin {
		d.twin = tw
		tw.Observe(d.observeTwin)
	}
}

// refuseWrites turns off the keys that write a file in the working
// directory: w (its answer c or s would save), R (it may save a session),
// F and O. A headless run writes nothing but what its caller makes of its
// frames: a script's `w s` or `F` would leave files in the directory of
// the recording, and a nested O a second recording that takes its name.
// The keys are held as the quiz holds keys (action.Guard): one pressed
// does nothing, the screen says why, help shows them off, and the frame
// says the key was skipped.
func (d *driver) refuseWrites() {
	d.refusals = map[string]string{}
	acts := d.m.files.Actions() // w, R, F, O
	d.save = acts[0]
	for _, a := range acts {
		why := fmt.Sprintf("kernelscope record writes no file but its tape: %s is off", a.Binding.Help().Key)
		a.Guard(func() string { return why })
		for _, k := range a.Binding.Keys() {
			d.refusals[k] = why
		}
	}
}

// until fires the timers due by at, in order, moving the clock to each.
func (d *driver) until(at time.Duration) error {
	for len(d.timers) > 0 && !d.quit {
		if err := d.ctx.Err(); err != nil {
			return err
		}
		i := 0
		for j, t := range d.timers[1:] {
			if t.due < d.timers[i].due || (t.due == d.timers[i].due && t.seq < d.timers[i].seq) {
				i = j + 1
			}
		}
		t := d.timers[i]
		if t.due > at {
			break
		}
		d.timers = slices.Delete(d.timers, i, i+1)
		// A stale tick may be due before a run's chunk ended: the clock
		// never goes back.
		d.now = max(d.now, t.due)
		if err := d.send(t.fn(epoch.Add(t.due)), -1); err != nil {
			return err
		}
	}
	return nil
}

// send hands msg to the model, draws the frame it leads to, and runs the
// commands it returns (their messages are sent in turn; ticks are filed
// as timers). key is the index of the script's key msg is, or −1.
func (d *driver) send(msg tea.Msg, key int) error {
	_, cmd := d.m.Update(msg)
	if err := d.ctx.Err(); err != nil {
		return err
	}
	d.watchTwin()
	d.skipped = false
	if k, ok := msg.(tea.KeyPressMsg); ok && key >= 0 {
		// Refused, the key's message is the refusal (action.List.Handle).
		why, refused := d.refusals[k.String()]
		d.skipped = refused && d.m.message == why
	}
	if d.sized {
		if err := d.draw(key, d.skipped); err != nil {
			return err
		}
	}
	return d.run(cmd)
}

// run runs cmd and what its messages return, depth first, as Bubble Tea
// would (but at once and in order, so the run is the same every time).
func (d *driver) run(cmd tea.Cmd) error {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			if err := d.run(c); err != nil {
				return err
			}
		}
	case afterMsg:
		d.timers = append(d.timers, timer{due: later(d.now, msg.d), seq: d.seq, fn: msg.fn})
		d.seq++
	case tea.QuitMsg:
		d.quit = true
	default:
		return d.send(msg, -1)
	}
	return nil
}

// draw hands on the screen after a message, with the kept steps it shows
// first; key is the script's key it answers (−1: none), skipped whether
// that key was refused. A screen not due (autoplay and runs draw at most
// --fps frames a second: player.Frames) is the last one again, and is
// handed on only when it answers a key.
func (d *driver) draw(key int, skipped bool) error {
	if d.m.quitting {
		// The program leaves the terminal as it was; a recording stays
		// on its last screen.
		return nil
	}
	fresh := d.m.frames.Fresh()
	if !fresh && key < 0 {
		return nil
	}
	// Steps undone, or of a learner since replaced, before a frame
	// showed them are forgotten (taken again, they are kept again).
	t := d.m.s.Learner().T()
	d.pending = slices.DeleteFunc(d.pending, func(sh lab.Shown) bool { return sh.Step.T > t })
	f := Frame{At: d.now, Screen: d.m.View().Content, Key: key, Skipped: skipped}
	if fresh {
		f.Steps, d.pending = d.pending, nil
	}
	return d.frame(f)
}
