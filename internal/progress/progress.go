// Package progress draws the progress bar of long work on a terminal's
// stderr, `cv [██████░░░░░░] 23/45 trainings`, redrawn in place: cv's
// trainings, the steps a long command trains for, the steps the terminal
// program replays before its first frame. The bar itself is bubbles'
// progress component, as in the terminal program's cross-validation view.
package progress

import (
	"fmt"
	"image/color"
	"io"
	"strings"
	"time"

	"charm.land/bubbles/v2/progress"
	"charm.land/lipgloss/v2"
)

// Bar draws `label [██████░░░░░░] 23/45 unit` on a terminal, redrawn in
// place (\r) at most once a Tick, and the last state always. It draws
// nothing before its delay has passed, so work that ends sooner leaves no
// trace. A nil Bar draws nothing: callers make one only when stderr is a
// terminal.
type Bar struct {
	w           io.Writer
	now         func() time.Time
	label, unit string
	from        time.Time // nothing is drawn before it
	last        time.Time
	drawn       int // the width of the line on screen, 0 for none
	// shown is the count on screen: the same count is not drawn again.
	shown [2]int
}

const (
	// Tick is the most often a bar is redrawn.
	Tick = 100 * time.Millisecond
	// Delay is how long long work goes silent before its bar appears.
	Delay = time.Second
	cells = 24
)

// New is a bar on w that counts unit ("trainings", "steps") under label
// ("cv"), drawn from delay after now() on.
func New(w io.Writer, label, unit string, now func() time.Time, delay time.Duration) *Bar {
	return &Bar{w: w, now: now, label: label, unit: unit, from: now().Add(delay)}
}

// Phase makes the bar count something else from now on: the next
// Update draws the new label and unit.
func (b *Bar) Phase(label, unit string) {
	if b == nil {
		return
	}
	b.label, b.unit, b.last, b.shown = label, unit, time.Time{}, [2]int{-1, -1}
}

// Update draws done of total; with total ≤ 0, only the label (work that
// has no count yet).
func (b *Bar) Update(done, total int) {
	if b == nil {
		return
	}
	t := b.now()
	if t.Before(b.from) || b.drawn > 0 && (done < total && t.Sub(b.last) < Tick || b.shown == [2]int{done, total}) {
		return
	}
	b.last, b.shown = t, [2]int{done, total}
	var line string
	if total > 0 {
		line = fmt.Sprintf("%s [%s] %d/%d %s", b.label, Cells(cells, done, total, Plain), done, total, b.unit)
	} else {
		line = b.label + "…"
	}
	width := len([]rune(line))
	// Pad over a longer line drawn before; the bar's cells are one column
	// each.
	fmt.Fprint(b.w, "\r"+line+strings.Repeat(" ", max(0, b.drawn-width)))
	b.drawn = max(b.drawn, width)
}

// Plain is a bar without color: stderr may be read by anything, and a
// view draws it plain as well.
var Plain = Style{Full: lipgloss.NoColor{}, Empty: lipgloss.NoColor{}}

// A Style colors a bar's done and to-do cells.
type Style struct{ Full, Empty color.Color }

// Cells is done of total as a bar of width cells, bubbles' progress
// component drawn in st: █ for what is done, rounded down so that the bar
// is full only when the work is, and ░ for the rest.
func Cells(width, done, total int, st Style) string {
	bar := progress.New(progress.WithFillCharacters('█', '░'), progress.WithoutPercentage(), progress.WithWidth(width), progress.WithColors(st.Full))
	bar.EmptyColor = st.Empty
	frac := 0.0
	if total > 0 && width > 0 {
		frac = float64(width*min(done, total)/total) / float64(width)
	}
	return bar.ViewAs(frac)
}

// Clear blanks the bar's line, so what stderr says next starts clean.
func (b *Bar) Clear() {
	if b == nil || b.drawn == 0 {
		return
	}
	fmt.Fprint(b.w, "\r"+strings.Repeat(" ", b.drawn)+"\r")
	b.drawn = 0
}
