package datasets

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ReadCSVColumns reads, from a CSV file of any number of columns, the two
// that cols picks as the coordinates x1, x2 and the one it picks as labels
// (see Columns for the defaults). Labels are numbers −1/+1 or 0/1, as
// ReadCSV reads them, unless cols.HasPositive: then a label equal to
// cols.Positive is +1 and any other −1 (one-vs-rest), and the file must
// hold both.
//
// Lines, blank lines, CRLF, the byte order mark, quoted fields ("Smith,
// J.", closed on their line), the trimming of fields, the forms of numbers
// and the limits are as for ReadCSV: both read through one recordReader.
// Every row must have as many fields as the first non-blank line, and that
// must have three at least (two with cols.OneD: x and the label; every
// point's x₂ is then 0).
//
// The first non-blank line is a header iff none of its fields is a number,
// or a number mistyped (−1 with a Unicode minus, 12%; see ReadCSV), and one
// at least looks like a column name (starts with a letter or '_', after
// numpy's '#' on the first); a first column of class names, as in
// "setosa,5.1,3.5,1.4,0.2", so loses no row. Columns picked by name need a
// header.
//
// The Table's Header holds the header's names of x1, x2 and the label (nil
// without a header; x2's is "" with OneD), and its Columns are cols with
// every column's number and header name filled in.
//
// Columns that do not fit the file are *ColumnError; problems with the data
// are *ParseError, as for ReadCSV; a failing reader's error is wrapped.
func ReadCSVColumns(r io.Reader, cols Columns) (Table, error) {
	rows := newRecordReader(r, "is it a CSV file?")
	cr := columnReader{positive: strings.Trim(cols.Positive, " \t"), hasPositive: cols.HasPositive}
	var t Table
	for {
		fields, lineNo, err := rows.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Table{}, err
		}
		if cr.width == 0 {
			l := layout{line: lineNo, width: len(fields)}
			if l.width < 3 && !cols.OneD {
				return Table{}, &ParseError{Line: lineNo, Msg: fmt.Sprintf(
					"want 3 fields at least (x1, x2 and a label), got %d%s", l.width, separatorHint(string(rows.line)))}
			}
			if l.width < 2 {
				return Table{}, &ParseError{Line: lineNo, Msg: fmt.Sprintf(
					"want 2 fields at least (x and a label), got %d%s", l.width, separatorHint(string(rows.line)))}
			}
			if isHeader(fields) {
				l.header = append([]string(nil), fields...)
				l.header[0] = headerName(l.header[0])
			}
			if t.Columns, err = pick(cols, l); err != nil {
				return Table{}, err
			}
			t.Columns.Positive = cr.positive
			cr.layout, cr.cols = l, t.Columns
			if l.header != nil {
				t.Header = []string{t.Columns.X1.Name, t.Columns.X2.Name, t.Columns.Label.Name}
				continue
			}
		}
		if cr.badLabel != 0 {
			// Past a label that needs Positive: only the labels are of use
			// now, to list them, and only until there are enough.
			if len(fields) == cr.width {
				cr.note(fields[cr.cols.Label.Number-1])
			}
			if len(cr.values) > maxValues {
				break
			}
			continue
		}
		if len(fields) != cr.width {
			return Table{}, &ParseError{Line: lineNo, Msg: fmt.Sprintf(
				"want %d fields, as line %d has, got %d%s", cr.width, cr.line, len(fields), separatorHint(string(rows.line)))}
		}
		if len(t.Points) == MaxRows {
			return Table{}, tooManyRows()
		}
		p, err := cr.row(fields, lineNo)
		if err != nil {
			return Table{}, err
		}
		if cr.badLabel == 0 {
			t.Points = append(t.Points, p)
		}
	}
	if err := cr.finish(len(t.Points)); err != nil {
		return Table{}, err
	}
	return t, nil
}

// LoadCSVColumns reads the CSV file at path with ReadCSVColumns; it opens
// files, and words its errors, as LoadCSV does.
func LoadCSVColumns(path string, cols Columns) (Table, error) {
	return loadFile(path, func(r io.Reader) (Table, error) { return ReadCSVColumns(r, cols) })
}

// columnReader is the state of ReadCSVColumns past the first line.
type columnReader struct {
	layout
	cols        Columns // resolved
	positive    string  // cols.Positive, trimmed as fields are
	hasPositive bool
	labels      labelStyle
	pos, neg    int      // rows read as +1 and as −1, with Positive
	values      []string // the first distinct labels, at most maxValues+1
	badLabel    int      // the first line whose label needs Positive, 0 if none
	badValue    string
}

// row reads a data row. A label that needs Positive is no error yet: the
// reader notes its line and goes on to list the labels.
func (cr *columnReader) row(fields []string, line int) (Point, error) {
	x1, err := cr.coord(fields, cr.cols.X1, line)
	if err != nil {
		return Point{}, err
	}
	x2 := 0.0 // on the line, for one coordinate (OneD)
	if !cr.cols.OneD {
		if x2, err = cr.coord(fields, cr.cols.X2, line); err != nil {
			return Point{}, err
		}
	}
	label := cr.cols.Label
	f := fields[label.Number-1]
	if f == "" {
		return Point{}, &ParseError{Line: line, Msg: fmt.Sprintf("the label, %s, is empty", label.describe())}
	}
	cr.note(f)
	if cr.hasPositive {
		if f == cr.positive {
			cr.pos++
			return Point{X1: x1, X2: x2, Y: 1}, nil
		}
		cr.neg++
		return Point{X1: x1, X2: x2, Y: -1}, nil
	}
	if v, err := strconv.ParseFloat(f, 64); (err != nil || (v != 1 && v != -1 && v != 0)) && whyNotNumber(f) == "" {
		cr.badLabel, cr.badValue = line, f
		return Point{}, nil
	}
	y, err := parseLabel(f, line, &cr.labels)
	return Point{X1: x1, X2: x2, Y: y}, err
}

// coord reads the coordinate in column c of a row.
func (cr *columnReader) coord(fields []string, c Column, line int) (float64, error) {
	f := fields[c.Number-1]
	v, err := strconv.ParseFloat(f, 64)
	var msg string
	switch {
	case errors.Is(err, strconv.ErrRange):
		msg = fmt.Sprintf("%s %s is out of range; coordinates must be finite numbers", c.describe(), quoted(f))
	case err != nil:
		msg = fmt.Sprintf("%s %s is not a number", c.describe(), quoted(f))
		if why := whyNotNumber(f); why != "" {
			msg += why
		} else if missing(f) {
			msg += ": is the value missing? every row needs its coordinates; drop the row, or pick other columns"
		} else if strings.EqualFold(f, c.Name) {
			msg += " (a second header? only the first line may be one)"
		}
	case math.IsNaN(v):
		msg = fmt.Sprintf("%s is NaN; coordinates must be finite numbers", c.describe())
	case math.IsInf(v, 0):
		msg = fmt.Sprintf("%s is infinite (%s); coordinates must be finite numbers", c.describe(), quoted(f))
	default:
		return v, nil
	}
	return 0, &ParseError{Line: line, Msg: msg}
}

// missing reports whether f is how spreadsheets, R and pandas write a
// missing value.
func missing(f string) bool {
	switch strings.ToLower(f) {
	case "", "na", "n/a", "null", "none", "?", "-", ".":
		return true
	}
	return false
}

// note remembers a label if it is one of the first maxValues+1 distinct.
func (cr *columnReader) note(f string) {
	if len(cr.values) <= maxValues && !slices.Contains(cr.values, f) {
		cr.values = append(cr.values, strings.Clone(f))
	}
}

// finish checks the whole file once it is read: it has data, its labels
// are numbers or Positive picks a class, and there are two classes.
func (cr *columnReader) finish(rows int) error {
	label := cr.cols.Label
	switch {
	case cr.width == 0:
		return &ParseError{Msg: "the file is empty: want rows of comma-separated values"}
	case cr.badLabel != 0:
		return &ColumnError{Part: PartLabel, Line: cr.badLabel, Values: cr.shown(), Msg: fmt.Sprintf(
			"%s holds %s, not a label -1/+1 (or 0/1); its labels include %s",
			label.describe(), quoted(cr.badValue), cr.valueList())}
	case rows == 0:
		return &ParseError{Msg: fmt.Sprintf("the file has a header (line %d) but no data rows", cr.line)}
	case !cr.hasPositive:
		return nil
	case cr.pos == 0:
		msg := fmt.Sprintf("no label in %s is %s; the labels include %s",
			label.describe(), quoted(cr.positive), cr.valueList())
		for _, v := range cr.values {
			if strings.EqualFold(v, cr.positive) {
				msg += fmt.Sprintf(" (labels are compared as written: did you mean %s?)", quoted(v))
				break
			}
		}
		return &ColumnError{Part: PartPositive, Values: cr.shown(), Msg: msg}
	case cr.neg == 0:
		return &ColumnError{Part: PartPositive, Values: cr.shown(), Msg: fmt.Sprintf(
			"every label in %s is %s: one class against the rest needs rows of another class too",
			label.describe(), quoted(cr.positive))}
	}
	return nil
}

// shown is the labels a message lists.
func (cr *columnReader) shown() []string {
	return cr.values[:min(len(cr.values), maxValues)]
}

// valueList writes the labels seen, quoted: "setosa", "versicolor", ….
func (cr *columnReader) valueList() string {
	out := list(cr.shown(), maxValues, quoted)
	if len(cr.values) > maxValues {
		out += ", …"
	}
	return out
}

// isHeader reports whether a first line is a header: no field of it is a
// number or a number mistyped, and one looks like a column name.
func isHeader(fields []string) bool {
	name := false
	for i, f := range fields {
		if isNumber(f) || whyNotNumber(f) != "" {
			return false
		}
		if i == 0 {
			f = headerName(f)
		}
		name = name || looksLikeName(f)
	}
	return name
}

// cutAt is s up to the first sep.
func cutAt(s string, sep byte) string {
	if i := strings.IndexByte(s, sep); i >= 0 {
		return s[:i]
	}
	return s
}
