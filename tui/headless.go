package tui

import (
	"context"
	"image/color"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/lab"
	"kernelscope/setup"
)

// MinSize is the smallest terminal the program draws in; below it the
// screen only says it is too small.
func MinSize() (w, h int) { return tooSmallW, tooSmallH }

// Script is a run of the program without a terminal: the size and colours
// of the terminal it pretends to be, and the keys pressed, Pace apart.
type Script struct {
	Width, Height int
	Keys          []tea.KeyPressMsg
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
	// Steps are the learning steps this frame is the first to show,
	// oldest first.
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

// Drive runs the program on o without a terminal, as Script says, and
// hands each screen drawn to frame, in order. Time is virtual: keys come
// Script.Pace apart, autoplay and runs tick on the player's own clock, and
// a learning step costs no time, so a run shows what a fast machine draws
// (a run to convergence of a small set is one frame) and the same script
// gives the same frames. It stops at the first error of frame, at a key
// that quits, or when ctx is done (returning ctx.Err()).
func Drive(ctx context.Context, o Options, sc Script, frame func(Frame) error) error {
	noColor := sc.Profile == colorprofile.Ascii || sc.Profile == colorprofile.NoTTY
	m := openWith(ctx, o, nil, noColor)
	if m.openErr != nil && (o.Session != "" || !o.Replay.IsZero()) {
		return m.openErr
	}
	d := &driver{m: m, frame: frame, ctx: ctx}
	fps := sc.FPS
	if fps <= 0 {
		fps = setup.DefaultFPS
	}
	m.player.Frame = time.Second / time.Duration(fps)
	m.player.Now = func() time.Time { return epoch.Add(d.now) }
	m.player.After = func(dt time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return afterMsg{dt, fn} }
	}
	m.s.Observe(func(sh lab.Shown) { d.pending = append(d.pending, sh) })

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
	for i, k := range sc.Keys {
		at := time.Duration(i+1) * sc.Pace
		if err := d.until(at); err != nil || d.quit {
			return err
		}
		d.now = at
		if err := d.send(k, i); err != nil || d.quit {
			return err
		}
	}
	return d.until(d.now + sc.Hold)
}

// driver is one headless run: the model, the virtual clock and the timers
// pending on it.
type driver struct {
	m      *Model
	ctx    context.Context
	frame  func(Frame) error
	now    time.Duration
	timers []timer
	seq    int
	quit   bool
	sized  bool // the size was sent: frames are drawn
	// pending are the steps taken that no frame showed yet
	// (lab.Session.Observe).
	pending []lab.Shown
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
		d.now = t.due
		if err := d.send(t.fn(epoch.Add(t.due)), -1); err != nil {
			return err
		}
	}
	return nil
}

// send hands msg to the model, draws the frame it leads to, and runs the
// commands it returns (their messages are sent in turn; ticks are filed
// as timers).
func (d *driver) send(msg tea.Msg, key int) error {
	_, cmd := d.m.Update(msg)
	if d.sized {
		if err := d.draw(key); err != nil {
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
		d.timers = append(d.timers, timer{due: d.now + msg.d, seq: d.seq, fn: msg.fn})
		d.seq++
	case tea.QuitMsg:
		d.quit = true
	default:
		return d.send(msg, -1)
	}
	return nil
}

// draw takes the screen after a message, with the steps it shows first.
func (d *driver) draw(key int) error {
	if d.m.quitting {
		// The program leaves the terminal as it was; a recording stays
		// on its last screen.
		return nil
	}
	// Steps undone, or of a learner since replaced, before a frame
	// showed them are forgotten (taken again, they are marked again).
	t := d.m.s.Learner().T()
	d.pending = slices.DeleteFunc(d.pending, func(sh lab.Shown) bool { return sh.Step.T > t })
	screen := d.m.View().Content
	f := Frame{At: d.now, Screen: screen, Key: key}
	if d.m.frames.Fresh() {
		f.Steps, d.pending = d.pending, nil
	}
	return d.frame(f)
}
