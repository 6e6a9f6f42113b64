package datasets

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"kernelscope/internal/safetext"
)

// Table is what a CSV file holds.
type Table struct {
	// Header is the header's names of x1, x2 and y as written, trimmed (nil
	// if the file had no header): its fields for ReadCSV, the picked
	// columns' for ReadCSVColumns.
	Header []string
	Points []Point
	// Columns are the columns ReadCSVColumns read, each with its number and
	// its header name filled in; zero for ReadCSV, which reads x1,x2,y.
	Columns Columns
}

// ParseError is a problem with CSV data. Line is the 1-based line it concerns,
// or 0 when it concerns the whole file.
type ParseError struct {
	Line int
	Msg  string
	// Wide, from ReadCSV, is the number of fields of a first line that has
	// more than three: a wider file, whose columns ReadCSVColumns can pick
	// (the caller knows how its user asks for that). 0 otherwise.
	Wide int
	// Compressed names the compression of data that is not text but a
	// compressed file ("gzip", "zip"; compressed), "" otherwise.
	Compressed string
}

// Error returns "line N: msg", or just msg for a whole-file problem.
func (e *ParseError) Error() string {
	if e.Line <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// tooManyRows is the error for data row MaxRows+1.
func tooManyRows() error {
	return &ParseError{Msg: fmt.Sprintf(
		"more than %d data rows; kernelscope reads at most %d (split the file or sample it)", MaxRows, MaxRows)}
}

// UTF8BOM is the byte order mark some spreadsheets put at the start of a
// CSV file (and that may open any UTF-8 file). Left in place it would make
// "1,2,1" look like a header.
const UTF8BOM = "\xef\xbb\xbf"

// ReadCSV parses rows x1,x2,y, one per line.
//
// Fields are split and quoted as RFC 4180 (and encoding/csv) read them, on
// one line: a quoted field may hold commas and quotes ("a, b", "say
// ""hi"""), may have spaces around its quotes, and must close on its line
// (see recordReader, which ReadCSVColumns reads through too). Fields are
// trimmed of spaces and tabs, inside their quotes too; CRLF line endings, a
// leading UTF-8 byte order mark and blank lines are accepted. Coordinates
// must be finite. Labels are −1/+1, or 0/1 with 0 read as −1, written as any
// number equal to those; a file must not mix −1 and 0. A number is what
// strconv.ParseFloat reads: decimal with an ASCII sign, as Go writes it (so
// 1_000 and 0x1p-2 are read too).
//
// The first non-blank line is a header iff its first field is not a number
// and looks like a column name: it starts with a letter (in any script) or
// an underscore, as in x1, "height (cm)", temp_°C or Höhe, possibly after a
// '#' and spaces, as numpy.savetxt writes a header (the '#' is not kept). A
// first field that is neither, such as 0x10, −1 with a Unicode minus sign,
// "1 000" or 12%, makes the line a data row, and so an error that names the
// line and the field, says what is wrong and, where it can, what to write
// instead; so do such fields on any other line. No line but the first
// non-blank one may be a header.
//
// Input is bounded, so that a stream that never ends (a FIFO, /dev/zero) ends
// in an error rather than in running out of memory: a line over 1 MiB is
// rejected as soon as it is seen, and so are row MaxRows+1, line
// MaxLines+1 (blank lines count) and the line that takes the input past
// MaxBytes, before they are stored; the last three are whole-file errors
// (Line 0).
//
// Problems with the data are returned as *ParseError; a failing reader's error
// is wrapped.
func ReadCSV(r io.Reader) (Table, error) {
	rows := newRecordReader(r, "is it a CSV file of rows x1,x2,y?")
	var (
		t          Table
		headerLine int  // line of the header, 0 if none
		seen       bool // a non-blank line has been read
		labels     labelStyle
	)
	for {
		fields, lineNo, err := rows.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Table{}, err
		}
		switch nf := len(fields); {
		case nf != 3:
			e := &ParseError{Line: lineNo, Msg: fmt.Sprintf("want 3 fields x1,x2,y, got %d%s", nf, separatorHint(string(rows.line)))}
			if !seen && nf > 3 {
				e.Wide = nf
			}
			return Table{}, e
		case !seen && !isNumber(fields[0]) && looksLikeName(fields[0]):
			t.Header = []string{headerName(fields[0]), fields[1], fields[2]}
			headerLine = lineNo
		case len(t.Points) == MaxRows:
			return Table{}, tooManyRows()
		default:
			p, err := parseRow(fields, lineNo, !seen, &labels)
			if err != nil {
				return Table{}, err
			}
			t.Points = append(t.Points, p)
		}
		seen = true
	}
	switch {
	case !seen:
		return Table{}, &ParseError{Msg: "the file is empty: want rows x1,x2,y"}
	case len(t.Points) == 0:
		return Table{}, &ParseError{Msg: fmt.Sprintf("the file has a header (line %d) but no data rows", headerLine)}
	}
	return t, nil
}

// LoadCSV reads and parses the CSV file at path (see ReadCSV), which may also
// be a FIFO or a device: it is read as a stream, within ReadCSV's limits.
// Its errors begin "<path>: ", with the path quoted and escaped if
// it holds characters a terminal would act on (see safetext.Name), and wrap
// the *ParseError if there is one.
func LoadCSV(path string) (Table, error) {
	return loadFile(path, ReadCSV)
}

// loadFile opens path and reads it with read, for LoadCSV and
// LoadCSVColumns.
func loadFile(path string, read func(io.Reader) (Table, error)) (Table, error) {
	name := safetext.Name(path)
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Table{}, missingFileError{path}
		}
		return Table{}, fmt.Errorf("%s: %w", name, UnwrapPath(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return Table{}, fmt.Errorf("%s: is a directory, not a CSV file", name)
	}
	t, err := read(f)
	var pe *ParseError
	if errors.As(err, &pe) && pe.Compressed != "" {
		return Table{}, &compressedFileError{path: path, pe: pe}
	}
	if err != nil {
		return Table{}, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// missingFileError says plainly that a file is not there, and is
// fs.ErrNotExist to errors.Is.
type missingFileError struct{ path string }

func (e missingFileError) Error() string {
	return fmt.Sprintf("%s: no such file; check the path", safetext.Name(e.path))
}

func (e missingFileError) Unwrap() error { return fs.ErrNotExist }

// UnwrapPath drops the "open <path>: " that *fs.PathError and
// *os.LinkError add, path raw, since the caller names the path already
// (quoted: safetext.Name).
func UnwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

func trimSuffix(b []byte, c byte) []byte {
	if len(b) > 0 && b[len(b)-1] == c {
		return b[:len(b)-1]
	}
	return b
}

// isNumber reports whether ParseFloat reads f as a number, out of range or not.
func isNumber(f string) bool {
	_, err := strconv.ParseFloat(f, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// looksLikeName reports whether the first field of a first line reads as a
// column name: it starts with a letter or an underscore, perhaps after a '#'
// and spaces. Anything else that is not a number, such as "−1" or "0x10",
// was meant as data.
func looksLikeName(f string) bool {
	r, _ := utf8.DecodeRuneInString(headerName(f))
	return r == '_' || unicode.IsLetter(r)
}

// headerName is the first field of a header without the '#' and spaces that
// numpy.savetxt puts before it.
func headerName(f string) string {
	if rest, ok := strings.CutPrefix(f, "#"); ok {
		return strings.TrimLeft(rest, " \t")
	}
	return f
}

// maxQuoted is the most bytes of a field that a message quotes: a field
// may be most of a 1 MiB line, and an error is one line to read.
const maxQuoted = 64

// quoted is f quoted for a message, as %q quotes it, cut after maxQuoted
// bytes (at a character's start) when it is longer, with its length:
// "99999…"… (5000 bytes).
func quoted(f string) string {
	if len(f) <= maxQuoted {
		return strconv.Quote(f)
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(f[:cutPoint(f)]), len(f))
}

// clipped is quoted without the quotes, for a number a message suggests.
func clipped(f string) string {
	if len(f) <= maxQuoted {
		return f
	}
	return fmt.Sprintf("%s… (%d bytes)", f[:cutPoint(f)], len(f))
}

// cutPoint is where quoted and clipped cut a long f: after maxQuoted
// bytes, or before the character that straddles them.
func cutPoint(f string) int {
	n := maxQuoted
	for n > maxQuoted-utf8.UTFMax && !utf8.RuneStart(f[n]) {
		n--
	}
	return n
}

// separatorHint explains a wrong field count on a line that separates its
// fields with semicolons or tabs, as spreadsheets set to some locales write.
func separatorHint(line string) string {
	for _, sep := range []string{";", "\t"} {
		if strings.Contains(line, sep) {
			return fmt.Sprintf(" (fields are separated by commas; this line uses %q)", sep)
		}
	}
	return ""
}

// labelStyle remembers the first line that used label −1 and the first that
// used 0, to catch a file that mixes the two conventions.
type labelStyle struct {
	minusOne, zero int
}

// parseRow reads a data row; first says whether it is the first non-blank
// line, the one line that might have been a header.
func parseRow(fields []string, line int, first bool, labels *labelStyle) (Point, error) {
	x1, err := parseCoord(fields[0], 1, line, first)
	if err != nil {
		return Point{}, err
	}
	x2, err := parseCoord(fields[1], 2, line, first)
	if err != nil {
		return Point{}, err
	}
	y, err := parseLabel(fields[2], line, labels)
	if err != nil {
		return Point{}, err
	}
	return Point{X1: x1, X2: x2, Y: y}, nil
}

// parseCoord reads coordinate x<i> (field i) of a row.
func parseCoord(f string, i, line int, first bool) (float64, error) {
	v, err := strconv.ParseFloat(f, 64)
	var msg string
	switch {
	case errors.Is(err, strconv.ErrRange):
		msg = fmt.Sprintf("x%d %s is out of range; coordinates must be finite numbers", i, quoted(f))
	case err != nil:
		msg = fmt.Sprintf("field %d %s is not a number", i, quoted(f))
		why := whyNotNumber(f)
		switch {
		case why != "":
			msg += why
		case i == 1 && first:
			msg += ", nor a column name (a header's first field starts with a letter or _)"
		case i == 1:
			msg += " (only the first line may be a header)"
		}
	case math.IsNaN(v):
		msg = fmt.Sprintf("x%d is NaN; coordinates must be finite numbers", i)
	case math.IsInf(v, 0):
		msg = fmt.Sprintf("x%d is infinite (%s); coordinates must be finite numbers", i, quoted(f))
	default:
		return v, nil
	}
	return 0, &ParseError{Line: line, Msg: msg}
}

// parseLabel reads a label: −1 or +1, or 0 or 1 with 0 read as −1.
func parseLabel(f string, line int, labels *labelStyle) (int, error) {
	v, err := strconv.ParseFloat(f, 64)
	if err != nil {
		v = math.NaN()
	}
	var why string
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		why = whyNotNumber(f)
	}
	var y int
	var mixed string
	var other int
	switch v {
	case 1:
		return 1, nil
	case -1:
		y = -1
		if labels.minusOne == 0 {
			labels.minusOne = line
		}
		mixed, other = "-1 mixed with label 0", labels.zero
	case 0:
		y = -1
		if labels.zero == 0 {
			labels.zero = line
		}
		mixed, other = "0 mixed with label -1", labels.minusOne
	default:
		return 0, &ParseError{Line: line, Msg: fmt.Sprintf("label %s is not one of -1, +1 (or 0, 1)%s", quoted(f), why)}
	}
	if other != 0 {
		return 0, &ParseError{Line: line, Msg: fmt.Sprintf("label %s on line %d; use either -1/+1 or 0/1", mixed, other)}
	}
	return y, nil
}
