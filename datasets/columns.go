package datasets

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kernelscope/internal/safetext"
)

// This file is how a wider CSV file, such as iris's four measurements and
// species, is cut down to the plane: which two columns are x1 and x2, which
// one holds the labels, and which label is +1 (ReadCSVColumns reads it).

// Column names a column of a CSV file, by its number or by its header name.
type Column struct {
	// Number, if not 0, picks the column: 1 is the first.
	Number int
	// Name picks the column when Number is 0: the header field equal to it,
	// ignoring case and surrounding spaces. In a Table's Columns it is the
	// header's name of the column as written, "" if the file had no header.
	Name string
}

// ParseColumn reads a column as a user writes it: a whole number is a
// column number ("3"), anything else a header name ("petal_length"). A
// number below 1 is an error: columns are numbered from 1.
func ParseColumn(s string) (Column, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Column{}, errors.New("a column is empty: give a number from 1 or a header name")
	}
	n, err := strconv.Atoi(t)
	switch {
	case err == nil && n >= 1:
		return Column{Number: n}, nil
	case err == nil || errors.Is(err, strconv.ErrRange):
		return Column{}, fmt.Errorf("column %s: columns are numbered from 1", safetext.Name(t))
	}
	return Column{Name: t}, nil
}

// String is the column as a user would write it: its number, or its name.
func (c Column) String() string {
	if c.Number > 0 {
		return strconv.Itoa(c.Number)
	}
	return c.Name
}

// describe names a resolved column in a message: "column 3 (petal_length)",
// or "column 3" in a file without a header.
func (c Column) describe() string {
	if c.Name == "" {
		return fmt.Sprintf("column %d", c.Number)
	}
	return fmt.Sprintf("column %d (%s)", c.Number, safetext.Name(c.Name))
}

// Columns picks, from a CSV file of any number of columns, the two read as
// the coordinates x1, x2 and the one read as labels, and how labels are
// read. A zero Column takes its default: Label is the last column, X1 and
// X2 the first two columns that are not picked otherwise.
type Columns struct {
	X1, X2, Label Column
	// OneD reads one coordinate, X1, and puts every point on the line
	// x₂ = 0: a 1-D dataset (--columns naming one column; seed 003's "1D
	// input"). X2 must then be zero, and a file needs two fields a row,
	// the coordinate and the label.
	OneD bool
	// Positive, if HasPositive, is the label read as +1; every other label
	// is −1 (one-vs-rest). Labels are then compared with it as text, after
	// the trimming every field gets, so that any column, such as iris's
	// species, can be the labels. Without it, labels are numbers as ReadCSV
	// reads them: −1/+1, or 0/1.
	Positive    string
	HasPositive bool
}

// IsZero reports whether c picks nothing: every column takes its default
// and labels are numbers.
func (c Columns) IsZero() bool { return c == Columns{} }

// Part is one field of a Columns: what a ColumnError is about.
type Part int

// The parts of a Columns.
const (
	PartX1 Part = iota + 1
	PartX2
	PartLabel
	PartPositive
)

// A ColumnError is a Columns that does not fit the file it reads, rather
// than a problem with the data: a column number past the last column, a
// name the header does not hold (or holds twice, or a file without a
// header), one column picked twice, labels that are not numbers ±1 without
// Positive, a Positive that leaves a single class. Part says which field of
// the Columns is at fault, so that a command line can name its flag.
type ColumnError struct {
	Part Part
	Line int // the line it concerns, 0 when it concerns the whole file
	Msg  string
	// Values are the first distinct labels of the file (at most
	// maxValues), for a label or Positive error: what Positive could be.
	Values []string
}

// Error returns "line N: msg", or just msg for a whole-file problem.
func (e *ColumnError) Error() string {
	return (&ParseError{Line: e.Line, Msg: e.Msg}).Error()
}

// maxValues is how many distinct labels a message lists, and maxNames how
// many header names.
const (
	maxValues = 5
	maxNames  = 10
)

// layout is what the first non-blank line says about a file: how many
// fields a row has, and the header's names if it is a header.
type layout struct {
	line   int      // the first non-blank line
	width  int      // its number of fields
	header []string // its fields, if it is a header; nil otherwise
}

// pick resolves cols against the file's layout: every column gets its
// number and header name, and the defaults are filled in.
func pick(cols Columns, l layout) (Columns, error) {
	labelGiven := cols.Label != Column{}
	var err error
	if cols.Label, err = l.find(cols.Label, PartLabel); err != nil {
		return cols, err
	}
	if cols.X1, err = l.find(cols.X1, PartX1); err != nil {
		return cols, err
	}
	if cols.OneD && (cols.X2 != Column{}) {
		return cols, &ColumnError{Part: PartX2, Line: l.line, Msg: "a 1-D file has one coordinate, x₁: x₂ is 0 on the line, not a column"}
	}
	if cols.X2, err = l.find(cols.X2, PartX2); err != nil {
		return cols, err
	}
	taken := []int{cols.Label.Number, cols.X1.Number, cols.X2.Number}
	coords := []*Column{&cols.X1, &cols.X2}
	if cols.OneD {
		coords = coords[:1]
	}
	for _, c := range coords {
		if c.Number > 0 {
			continue
		}
		// The default: the first column not picked for anything else.
		for n := 1; n <= l.width; n++ {
			if !slices.Contains(taken, n) {
				*c = l.column(n)
				taken = append(taken, n)
				break
			}
		}
	}
	if cols.X1.Number == cols.X2.Number && !cols.OneD {
		return cols, &ColumnError{Part: PartX2, Line: l.line, Msg: fmt.Sprintf(
			"x1 and x2 are both %s; pick two different columns", cols.X1.describe())}
	}
	xs := []struct {
		part Part
		name string
		c    Column
	}{{PartX1, "x1", cols.X1}, {PartX2, "x2", cols.X2}}
	if cols.OneD {
		xs = xs[:1]
	}
	for _, x := range xs {
		if x.c.Number != cols.Label.Number {
			continue
		}
		msg := fmt.Sprintf("%s is both %s and the label", x.c.describe(), x.name)
		if !labelGiven {
			// The coordinates took the label's default place.
			return cols, &ColumnError{Part: x.part, Line: l.line, Msg: msg + " (the last column is the label unless another is picked)"}
		}
		return cols, &ColumnError{Part: PartLabel, Line: l.line, Msg: msg}
	}
	return cols, nil
}

// find resolves one column against the first line; a zero X1 or X2 stays
// zero, for pick to fill in.
func (l layout) find(c Column, part Part) (Column, error) {
	switch {
	case c.Number > l.width:
		msg := fmt.Sprintf("no column %d: the rows have %d fields", c.Number, l.width)
		if l.header != nil {
			msg = fmt.Sprintf("no column %d: the header names %d columns: %s", c.Number, l.width, l.names())
		}
		return c, &ColumnError{Part: part, Line: l.line, Msg: msg}
	case c.Number > 0:
		return l.column(c.Number), nil
	case c.Name == "" && part == PartLabel:
		return l.column(l.width), nil
	case c.Name == "":
		return c, nil // filled in by pick once the others are known
	case l.header == nil:
		return c, &ColumnError{Part: part, Line: l.line, Msg: fmt.Sprintf(
			"no column named %q: the file has no header (this line is data); give column numbers, from 1 to %d",
			c.Name, l.width)}
	}
	var found []string // numbers of the columns of that name
	n := 0
	for i, h := range l.header {
		if strings.EqualFold(h, strings.TrimSpace(c.Name)) {
			found, n = append(found, strconv.Itoa(i+1)), i+1
		}
	}
	switch len(found) {
	case 0:
		return c, &ColumnError{Part: part, Line: l.line, Msg: fmt.Sprintf(
			"no column named %q: the header names %s", c.Name, l.names())}
	case 1:
		return l.column(n), nil
	}
	return c, &ColumnError{Part: part, Line: l.line, Msg: fmt.Sprintf(
		"the header names %d columns %q: %s; give the one you mean by number",
		len(found), c.Name, strings.Join(found, ", "))}
}

// column is column n (1-based) with its header name.
func (l layout) column(n int) Column {
	c := Column{Number: n}
	if l.header != nil {
		c.Name = l.header[n-1]
	}
	return c
}

// names lists the header's names for a message, the first maxNames of them.
func (l layout) names() string {
	return list(l.header, maxNames, func(s string) string {
		switch {
		case s == "":
			return `""` // as pandas writes its index column's name
		case len(s) > maxQuoted:
			return quoted(s)
		}
		return safetext.Name(s)
	})
}

// list writes the first most of items, each through show, separated by
// commas, with "…" and the count after them if there are more.
func list(items []string, most int, show func(string) string) string {
	shown := make([]string, 0, min(len(items), most))
	for _, s := range items[:min(len(items), most)] {
		shown = append(shown, show(s))
	}
	out := strings.Join(shown, ", ")
	if len(items) > most {
		out += fmt.Sprintf(", … (%d in all)", len(items))
	}
	return out
}
