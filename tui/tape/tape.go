// Package tape writes a terminal recording in asciinema's asciicast v2
// format (docs.asciinema.org/manual/asciicast/v2): a JSON header line,
// then one JSON array a line, [seconds, "o", text] for what the terminal
// receives and [seconds, "m", label] for a marker, where the player
// pauses. Screens go in as the program's views; what comes out is what a
// terminal of the header's size and the writer's colour profile would
// receive, so a player, or cat into such a terminal, ends on the last
// screen.
package tape

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Header is the asciicast header: the terminal's size, when the recording
// was made (Unix seconds), its environment (TERM) and a title.
type Header struct {
	Version   int               `json:"version"`
	Width     int               `json:"width"`
	Height    int               `json:"height"`
	Timestamp int64             `json:"timestamp"`
	Env       map[string]string `json:"env"`
	Title     string            `json:"title"`
}

// Terminal sequences a recording sends.
const (
	// enter switches to the alternate screen, hides the cursor and
	// clears the screen: the program's own start. The recording never
	// leaves it, so it ends on the last screen.
	enter = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J"
	reset = "\x1b[m"
	// eraseLine clears the rest of a line shorter than the terminal (in
	// the default colours, after reset).
	eraseLine = "\x1b[K"
)

// Writer writes a recording. Screens that do not change the terminal
// write nothing; times must never go back.
type Writer struct {
	w       *bufio.Writer
	profile colorprofile.Profile
	width   int
	height  int
	shown   []string // the lines on the terminal now, as sent
	started bool
	last    time.Duration
	err     error
}

// NewWriter writes the header h (its Version set to 2) to w and returns a
// writer of the events after it; screens are written in colours for
// profile.
func NewWriter(w io.Writer, h Header, profile colorprofile.Profile) (*Writer, error) {
	if h.Width <= 0 || h.Height <= 0 {
		return nil, fmt.Errorf("tape: the terminal must be at least 1×1, not %d×%d", h.Width, h.Height)
	}
	h.Version = 2
	t := &Writer{w: bufio.NewWriter(w), profile: profile, width: h.Width, height: h.Height}
	b, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("tape: the header: %w", err)
	}
	t.w.Write(b)
	t.w.WriteByte('\n')
	return t, nil
}

// Screen writes what the terminal must receive at time at to show screen
// (lines of the terminal's width, with the program's colours): the lines
// that differ from those shown, each after a move to its row.
func (t *Writer) Screen(at time.Duration, screen string) error {
	lines := strings.Split(screen, "\n")
	if len(lines) > t.height {
		lines = lines[:t.height]
	}
	for len(lines) < t.height {
		lines = append(lines, "")
	}
	var b strings.Builder
	if !t.started {
		b.WriteString(enter)
		t.started, t.shown = true, make([]string, t.height)
	}
	for row, l := range lines {
		if l == t.shown[row] {
			continue
		}
		b.WriteString(ansi.CursorPosition(1, row+1))
		b.WriteString(reset)
		b.WriteString(t.downsample(l))
		if ansi.StringWidth(l) < t.width {
			// Not after a line as wide as the terminal: there the cursor
			// waits on its last cell, which the erase would clear.
			b.WriteString(reset + eraseLine)
		}
		// A copy: l is part of the whole screen, which would otherwise
		// stay in memory, one for every row that kept a line of its own.
		t.shown[row] = strings.Clone(l)
	}
	if b.Len() == 0 {
		return t.err
	}
	return t.event(at, "o", b.String())
}

// Marker writes a marker labelled label at time at.
func (t *Writer) Marker(at time.Duration, label string) error { return t.event(at, "m", label) }

// Flush writes out what is buffered, and reports the first error of any
// write.
func (t *Writer) Flush() error {
	if t.err != nil {
		return t.err
	}
	if err := t.w.Flush(); err != nil {
		t.err = err
	}
	return t.err
}

// event writes one event line.
func (t *Writer) event(at time.Duration, kind, data string) error {
	if t.err != nil {
		return t.err
	}
	if at < t.last {
		return fmt.Errorf("tape: an event at %v after one at %v: times never go back", at, t.last)
	}
	t.last = at
	text, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("tape: %w", err)
	}
	t.w.WriteByte('[')
	t.w.WriteString(strconv.FormatFloat(at.Seconds(), 'f', 6, 64))
	t.w.WriteString(`, "` + kind + `", `)
	t.w.Write(text)
	if _, err := t.w.WriteString("]\n"); err != nil {
		t.err = err
	}
	return t.err
}

// downsample writes s's colours in the writer's profile.
func (t *Writer) downsample(s string) string {
	if t.profile == colorprofile.TrueColor {
		return s
	}
	var b strings.Builder
	w := &colorprofile.Writer{Forward: &b, Profile: t.profile}
	w.WriteString(s)
	return b.String()
}
