package lab

import (
	"cmp"
	"fmt"
	"strings"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// Options is what a session opens on: the data, where it came from, and how
// to train. Package setup fills it in from the flags, and session files
// hold it (sessionfile.go).
type Options struct {
	// Dataset is the built-in the points came from ("" for a file).
	Dataset string
	// File is the CSV file the points came from ("" for a built-in).
	File string
	// N, Noise and Seed made a generated built-in.
	N     int
	Noise float64
	Seed  uint64
	// Columns are what --columns, --label and --positive pick from File:
	// zero when File is read as rows x1,x2,y; once loaded, each column with
	// its number and header name (datasets.Table.Columns).
	Columns datasets.Columns
	// Points are the training examples; Header the CSV header's names of
	// x1, x2 and y, if the file has a header (of the picked columns, with
	// Columns).
	Points []datasets.Point
	Header []string
	// Standardized reports that Points are z-scores of the data, not the
	// data as written: z = (x − mean)/sd per coordinate, with the mean and
	// sd of the rows training visits (Standardize), so mean 0 and sd 1
	// over those rows.
	Standardized bool
	// Raw are the points before they were standardized, row for row with
	// Points: nil when they are not standardized, or when that scale is not
	// known (a session file holds only the z-scores it trained on; points
	// edited by hand in z-scores).
	Raw []datasets.Point
	// Edited reports that Points were changed by hand after they came from
	// the dataset or file (the terminal program's o, x and del): only a
	// session file recreates them.
	Edited bool
	// Config is the training configuration (kernel, bias, tie rule, η, cap,
	// shuffle, the row cache's budget); zero for Export, which does not
	// train.
	Config learn.Config
	// Holdout is the part of Points held out as test data (--test): Split
	// gives the two parts.
	Holdout Holdout
	// Replay is how far training went in a session file (--session), or
	// the steps --steps asks for: zero to start from α = 0.
	Replay Replay
	// Session is the session file these options were read from (--session),
	// "" otherwise.
	Session string
}

// AxisNames are the names of the two coordinates, as the screen and the
// figures write them: the CSV header's (made safe for a terminal), or x₁
// and x₂ when the file has none or the points were edited by hand (x for
// points on a line, OneD); each as z(…) when the points are z-scores
// (Standardized).
func (o Options) AxisNames() (string, string) {
	a, b := "x₁", "x₂"
	if o.OneD() {
		a = "x" // the line's one coordinate, as seed 003 names it
	}
	if h := o.Header; len(h) >= 2 && !o.Edited {
		a, b = safetext.Clean(h[0]), cmp.Or(safetext.Clean(h[1]), b) // one column: no x₂ name
	}
	if o.Standardized {
		return "z(" + a + ")", "z(" + b + ")"
	}
	return a, b
}

// ScaleHintRatio is the datasets.ScaleRatio from which a run that stops at
// its cap suggests z-scores: one coordinate ten times the other's size.
const ScaleHintRatio = 10

// ScaleMismatch reports how many times one coordinate's typical size
// exceeds the other's (datasets.ScaleRatio) when that is at least
// ScaleHintRatio and the points are not z-scores already: raw units, which
// may be what keeps the perceptron from converging.
func (o Options) ScaleMismatch() (float64, bool) {
	if o.Standardized {
		return 0, false
	}
	r := datasets.ScaleRatio(o.Points)
	return r, r >= ScaleHintRatio
}

// SessionName is how a header names data that came from a session file:
// "session s.json (moons, edited)" for name "moons"; name itself for
// options that did not come from one.
func (o Options) SessionName(name string) string {
	if o.Session == "" {
		return name
	}
	var about []string
	if name != "" {
		about = append(about, name)
	}
	if o.Edited {
		about = append(about, "edited")
	}
	s := "session " + safetext.Name(o.Session)
	if len(about) > 0 {
		s += " (" + strings.Join(about, ", ") + ")"
	}
	return s
}

// TraceNote is what a trace of o, which trains from α = 0 on every point,
// says about a session that added points while it trained: that the trace
// does not; "" for any other options.
func (o Options) TraceNote() string {
	k := len(o.Replay.AppendedAt)
	if o.Session == "" || k == 0 {
		return ""
	}
	return fmt.Sprintf(" (the session added %s while it trained; this trace trains on all %d from α = 0)", plural(k, "point", "points"), len(o.Points))
}
