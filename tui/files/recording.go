package files

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/tui/tape"
)

// recording is the session being recorded (O) as an asciicast, held in
// memory until O stops it: the screens as the terminal received them,
// and a marker per learning step.
type recording struct {
	start   time.Time
	buf     bytes.Buffer
	tw      *tape.Writer
	w, h    int
	pending []lab.Shown // steps taken that no screen recorded yet
	last    time.Duration
	err     error
}

// RecordingMsg reports a recording written by O.
type RecordingMsg struct {
	path   string
	length time.Duration
	err    error
}

// Recording reports whether O is recording the session.
func (f *Model) Recording() bool { return f.rec != nil }

// toggleRecording starts recording the screen at its size w×h and in its
// colours, or stops and writes the recording to a new file in the
// working directory, kernelscope-NAME.cast or the first free -k name, in
// a command.
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
	hdr := tape.Header{Width: w, Height: h, Timestamp: r.start.Unix(), Env: env, Title: "kernelscope · " + f.s.Name()}
	tw, err := tape.NewWriter(&r.buf, hdr, colorprofile.TrueColor)
	if err != nil {
		f.host.Say("cannot record: " + err.Error())
		return nil
	}
	r.tw = tw
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

// stopRecording ends the recording and writes it, in a command; why is
// said first when it is not O that stopped it.
func (f *Model) stopRecording(why string) tea.Cmd {
	r := f.rec
	f.rec = nil
	if o, ok := f.s.(interface{ Observe(func(lab.Shown)) }); ok {
		o.Observe(nil)
	}
	if r.err == nil {
		r.err = r.tw.Flush()
	}
	if r.err != nil {
		f.host.Say("the recording was not written: " + r.err.Error())
		return nil
	}
	if why != "" {
		f.host.Say(why + "; writing it")
	}
	stem, data, length := f.s.FileStem(), r.buf.Bytes(), r.last
	return func() tea.Msg {
		path, err := datasets.SaveNewFile(".", stem, ".cast", func(w io.Writer) error { _, err := w.Write(data); return err })
		return RecordingMsg{path: path, length: length, err: err}
	}
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

// Written reports whether the recording msg reports was written.
func (msg RecordingMsg) Written() bool { return msg.err == nil }

// recordingWritten says where the recording went.
func (f *Model) recordingWritten(msg RecordingMsg) {
	if msg.err != nil {
		f.host.Say("the recording was not written: " + msg.err.Error())
		return
	}
	secs := strconv.FormatFloat(msg.length.Seconds(), 'f', 1, 64)
	f.host.Say(fmt.Sprintf("recorded %s s to %s: asciinema play %s", secs, msg.path, msg.path))
}
