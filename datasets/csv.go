package datasets

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
)

// Table is what a CSV file holds.
type Table struct {
	Header []string // the header's fields as written, trimmed (nil if the file had no header)
	Points []Point
}

// ParseError is a problem with CSV data. Line is the 1-based line it concerns,
// or 0 when it concerns the whole file.
type ParseError struct {
	Line int
	Msg  string
}

// Error returns "line N: msg", or just msg for a whole-file problem.
func (e *ParseError) Error() string {
	if e.Line <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// maxLine is the longest line ReadCSV accepts, not counting its line ending.
// A row of three numbers in shortest form fits in under 80 bytes, so a longer
// line is not data; the limit also keeps a file without newlines from being
// read whole into memory.
const maxLine = 4096

// tooLong is the message for a line over maxLine bytes.
const tooLong = "line is too long to be data (over 4096 bytes)"

// utf8BOM is the byte order mark some spreadsheets put at the start of a CSV
// file. Left in place it would make "1,2,1" look like a header.
const utf8BOM = "\xef\xbb\xbf"

// ReadCSV parses rows x1,x2,y, one per line.
//
// Fields are trimmed of spaces and tabs and of one pair of surrounding double
// quotes; CRLF line endings, a leading UTF-8 byte order mark and blank lines
// are accepted. The first non-blank line is a header iff its first field is
// not a number. Coordinates must be finite. Labels are −1/+1, or 0/1 with 0
// read as −1, written as any number equal to those; a file must not mix −1
// and 0. A line over 4096 bytes is rejected as soon as it is seen.
//
// Problems with the data are returned as *ParseError; a failing reader's error
// is wrapped.
func ReadCSV(r io.Reader) (Table, error) {
	br := bufio.NewReaderSize(r, maxLine+len("\r\n"))
	var (
		t          Table
		lineNo     int
		headerLine int  // line of the header, 0 if none
		seen       bool // a non-blank line has been read
		labels     labelStyle
	)
	for {
		raw, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return Table{}, &ParseError{Line: lineNo + 1, Msg: tooLong}
		}
		if err != nil && err != io.EOF {
			return Table{}, fmt.Errorf("reading line %d: %w", lineNo+1, err)
		}
		if len(raw) == 0 && err == io.EOF {
			break
		}
		lineNo++
		line := raw
		line = trimSuffix(line, '\n')
		line = trimSuffix(line, '\r')
		if len(line) > maxLine {
			return Table{}, &ParseError{Line: lineNo, Msg: tooLong}
		}
		s := string(line)
		if lineNo == 1 {
			s = strings.TrimPrefix(s, utf8BOM)
		}
		if strings.TrimSpace(s) != "" {
			fields, nf := splitFields(s)
			switch {
			case nf != 3:
				return Table{}, &ParseError{Line: lineNo, Msg: fmt.Sprintf("want 3 fields x1,x2,y, got %d", nf)}
			case !seen && !isNumber(fields[0]):
				// A copy, so that fields stays on the stack for every other row.
				t.Header = []string{fields[0], fields[1], fields[2]}
				headerLine = lineNo
			default:
				p, err := parseRow(fields, lineNo, &labels)
				if err != nil {
					return Table{}, err
				}
				t.Points = append(t.Points, p)
			}
			seen = true
		}
		if err == io.EOF {
			break
		}
	}
	switch {
	case !seen:
		return Table{}, &ParseError{Msg: "the file is empty: want rows x1,x2,y"}
	case len(t.Points) == 0:
		return Table{}, &ParseError{Msg: fmt.Sprintf("the file has a header (line %d) but no data rows", headerLine)}
	}
	return t, nil
}

// LoadCSV reads and parses the CSV file at path (see ReadCSV). Its errors
// begin "datasets: <path>: ", and wrap the *ParseError if there is one.
func LoadCSV(path string) (Table, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Table{}, missingFileError{path}
		}
		return Table{}, fmt.Errorf("datasets: %s: %w", path, unwrapPath(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return Table{}, fmt.Errorf("datasets: %s: is a directory, not a CSV file", path)
	}
	t, err := ReadCSV(f)
	if err != nil {
		return Table{}, fmt.Errorf("datasets: %s: %w", path, err)
	}
	return t, nil
}

// missingFileError says plainly that a file is not there, and is
// fs.ErrNotExist to errors.Is.
type missingFileError struct{ path string }

func (e missingFileError) Error() string {
	return fmt.Sprintf("datasets: %s: no such file; check the path", e.path)
}

func (e missingFileError) Unwrap() error { return fs.ErrNotExist }

// unwrapPath drops the "open <path>: " that *fs.PathError and *os.LinkError
// add, since the caller names the path already.
func unwrapPath(err error) error {
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

// splitFields splits a line at commas and cleans each field. It keeps the
// first three fields, and counts them all so the caller can report a wrong
// count; a fixed array saves allocating a slice per row.
func splitFields(s string) (fields [3]string, n int) {
	for {
		f, rest, more := strings.Cut(s, ",")
		if n < len(fields) {
			fields[n] = cleanField(f)
		}
		n++
		if !more {
			return fields, n
		}
		s = rest
	}
}

// cleanField trims spaces and tabs and one pair of surrounding double quotes.
func cleanField(f string) string {
	f = strings.Trim(f, " \t")
	if len(f) >= 2 && f[0] == '"' && f[len(f)-1] == '"' {
		f = strings.Trim(f[1:len(f)-1], " \t")
	}
	return f
}

// isNumber reports whether ParseFloat reads f as a number, out of range or not.
func isNumber(f string) bool {
	_, err := strconv.ParseFloat(f, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// labelStyle remembers the first line that used label −1 and the first that
// used 0, to catch a file that mixes the two conventions.
type labelStyle struct {
	minusOne, zero int
}

func parseRow(fields [3]string, line int, labels *labelStyle) (Point, error) {
	x1, err := parseCoord(fields[0], 1, line)
	if err != nil {
		return Point{}, err
	}
	x2, err := parseCoord(fields[1], 2, line)
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
func parseCoord(f string, i, line int) (float64, error) {
	v, err := strconv.ParseFloat(f, 64)
	var msg string
	switch {
	case errors.Is(err, strconv.ErrRange):
		msg = fmt.Sprintf("x%d %q is out of range; coordinates must be finite numbers", i, f)
	case err != nil:
		msg = fmt.Sprintf("field %d %q is not a number", i, f)
		if i == 1 {
			msg += " (only the first line may be a header)"
		}
	case math.IsNaN(v):
		msg = fmt.Sprintf("x%d is NaN; coordinates must be finite numbers", i)
	case math.IsInf(v, 0):
		msg = fmt.Sprintf("x%d is infinite (%q); coordinates must be finite numbers", i, f)
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
		return 0, &ParseError{Line: line, Msg: fmt.Sprintf("label %q is not one of -1, +1 (or 0, 1)", f)}
	}
	if other != 0 {
		return 0, &ParseError{Line: line, Msg: fmt.Sprintf("label %s on line %d; use either -1/+1 or 0/1", mixed, other)}
	}
	return y, nil
}
