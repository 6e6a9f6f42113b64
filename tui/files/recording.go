package files

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/tui/tape"
)

// recording is the session being recorded (O) as an asciicast: the
// screens as the terminal received them, and a marker per learning step.
// It is written to its file as it is recorded, under a temporary name in
// the working directory (datasets.Growing), which takes its name,
// kernelscope-NAME.cast or the first free -k name, when the recording
// stops: O again, q, a change of size, or the end of the program (SIGTERM,
// SIGHUP: run.go). So it holds a few KB of memory however long it runs
// (it held the whole cast: 210 MB in 3 minutes of autoplay at 200×60,
// issue 34), and a cast under its name is always whole.
type recording struct {
	start   time.Time
	file    *datasets.Growing
	tw      *tape.Writer
	w, h    int
	pending []lab.Shown // steps taken that no screen recorded yet
	last    time.Duration
	err     error
	// saving names the file once, whoever asks first: the command of O or
	// q, or the program's end, which must not leave before it is done.
	saving sync.Mutex
	saved  bool
	path   string
	// serr is why the file could not be named.
	serr error
}

// save names the finished file kernelscope-STEM.cast or the first free
// -k name, once; a second call waits for the first and reports the same.
func (r *recording) save(stem string) (string, error) {
	r.saving.Lock()
	defer r.saving.Unlock()
	if !r.saved {
		r.saved = true
		r.path, r.serr = r.file.SaveNew(stem, ".cast")
	}
	return r.path, r.serr
}

// RecordingMsg reports a recording written by O.
type RecordingMsg struct {
	rec    *recording
	path   string
	length time.Duration
	err    error
}

// Recording reports whether O is recording the session.
func (f *Model) Recording() bool { return f.rec != nil }

// toggleRecording starts recording the screen at its size w×h and in its
// colours, to a temporary file in the working directory, or stops and
// names the file kernelscope-NAME.cast or the first free -k name, in a
// command.
func (f *Model) toggleRecording() tea.Cmd {
	if f.rec != nil {
		return f.stopRecording("")
	}
	w, h := f.Screen()
	r := &recording{start: f.now(), w: w, h: h}
	env := map[string]string{}
	if term := os.Getenv("TERM"); term != "" {
		env["TERM"] = term
	}
	file, err := datasets.StartNew(".")
	if err != nil {
		f.host.Say("cannot record: " + err.Error())
		return nil
	}
	hdr := tape.Header{Width: w, Height: h, Timestamp: r.start.Unix(), Env: env, Title: "kernelscope · " + f.s.Name()}
	tw, err := tape.NewWriter(file, hdr, colorprofile.TrueColor)
	if err != nil {
		file.Discard()
		f.host.Say("cannot record: " + err.Error())
		return nil
	}
	r.file, r.tw = file, tw
	f.rec = f.observing(r)
	f.host.Say("recording to kernelscope-" + f.s.FileStem() + ".cast: O stops and writes it")
	return nil
}

// observing has the session tell r of every step, for its markers.
func (f *Model) observing(r *recording) *recording {
	if o, ok := f.s.(interface{ Observe(func(lab.Shown)) }); ok {
		o.Observe(func(sh lab.Shown) { r.pending = append(r.pending, sh) })
	}
	return r
}

// Record adds the screen just drawn to the recording, at the time it was
// drawn; fresh is false when it is the last one again. A change of the
// terminal's size ends the recording (a cast has one size) and writes it.
func (f *Model) Record(screen string, w, h int, fresh bool) tea.Cmd {
	r := f.rec
	if r == nil || r.err != nil {
		return nil
	}
	if w != r.w || h != r.h {
		return f.stopRecording("the terminal changed size, so the recording stopped")
	}
	at := max(r.last, f.now().Sub(r.start))
	r.last = at
	if err := r.tw.Screen(at, screen); err != nil {
		r.err = err
		return nil
	}
	if !fresh {
		return nil
	}
	t := f.s.Learner().T()
	for _, sh := range r.pending {
		if sh.Step.T <= t {
			mark := "✓"
			if sh.Step.Mistake {
				mark = "✗"
			}
			r.err = r.tw.Marker(at, fmt.Sprintf("step %d · t=%d, i=%d · %s", sh.Step.T, sh.Step.Epoch, sh.Step.I+1, mark))
		}
	}
	r.pending = r.pending[:0]
	return nil
}

// stopRecording ends the recording and names its file, in a command; why
// is said first when it is not O that stopped it.
func (f *Model) stopRecording(why string) tea.Cmd {
	r := f.end()
	if r.err != nil {
		r.file.Discard()
		f.host.Say("the recording was not written: " + r.err.Error())
		return nil
	}
	if why != "" {
		f.host.Say(why + "; writing it")
	}
	stem, length := f.s.FileStem(), r.last
	f.stopped = append(f.stopped, r)
	return func() tea.Msg {
		path, err := r.save(stem)
		return RecordingMsg{rec: r, path: path, length: length, err: err}
	}
}

// end stops recording: the session no longer tells of its steps, and what
// the writer holds is written to the file.
func (f *Model) end() *recording {
	r := f.rec
	f.rec = nil
	if o, ok := f.s.(interface{ Observe(func(lab.Shown)) }); ok {
		o.Observe(nil)
	}
	if r.err == nil {
		r.err = r.tw.Flush()
	}
	return r
}

// FinishRecording stops a recording still going and returns the command
// that writes it (nil when none is going): the program quits once it is
// written, so that what was recorded is not lost.
func (f *Model) FinishRecording() tea.Cmd {
	if f.rec == nil {
		return nil
	}
	return f.stopRecording("")
}

// EndRecording finishes a recording still going and names its file now,
// not in a command, and waits for one that O or q stopped to be named
// (naming it if its command never ran): the program is ending (a signal,
// or the program ended otherwise: run.go), and its commands end with it.
// It reports the path written, "" when no recording was going or it could
// not be written (its temporary file is removed then, and err says why).
func (f *Model) EndRecording() (path string, err error) {
	for _, r := range f.stopped {
		path, err = r.save(f.s.FileStem())
	}
	f.stopped = nil
	if f.rec == nil {
		return path, err
	}
	r := f.end()
	if r.err != nil {
		r.file.Discard()
		return "", r.err
	}
	return r.save(f.s.FileStem())
}

// Written reports whether the recording msg reports was written.
func (msg RecordingMsg) Written() bool { return msg.err == nil }

// recordingWritten says where the recording went.
func (f *Model) recordingWritten(msg RecordingMsg) {
	f.stopped = slices.DeleteFunc(f.stopped, func(r *recording) bool { return r == msg.rec })
	if msg.err != nil {
		f.host.Say("the recording was not written: " + msg.err.Error())
		return
	}
	secs := strconv.FormatFloat(msg.length.Seconds(), 'f', 1, 64)
	f.host.Say(fmt.Sprintf("recorded %s s to %s: asciinema play %s", secs, msg.path, msg.path))
}
