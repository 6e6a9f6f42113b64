package datasets

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// recordReader is the one CSV reader of the package: ReadCSV and
// ReadCSVColumns both take their rows from it, so that they split fields
// and read quotes alike. encoding/csv splits each line into fields, as
// RFC 4180 reads them: a quoted field ("a, b", "say ""hi""") may hold
// commas and quotes. Around it, recordReader keeps what kernelscope has
// always allowed and RFC 4180 does not:
//
//   - Lines come from a lineReader, within the limits of limits.go (a
//     line over 1 MiB, MaxLines, MaxBytes), without their line ending and
//     the byte order mark; encoding/csv, which reads a whole record
//     however long, sees one line at a time and never more. A quoted field
//     must therefore close on its line.
//   - Blank lines (only white space) are skipped.
//   - Spaces and tabs may stand around a quoted field (` "a" ,1`), and
//     every field is trimmed of them, inside its quotes too.
type recordReader struct {
	lines *lineReader
	gate  gate
	csv   *csv.Reader
	line  []byte // the current line as read, for messages; valid until the next call
	norm  []byte // the current line with the blanks around quoted fields dropped (reused)
}

func newRecordReader(r io.Reader, hint string) *recordReader {
	rr := &recordReader{lines: newLineReader(r, hint)}
	rr.csv = csv.NewReader(&rr.gate)
	rr.csv.FieldsPerRecord = -1 // each reader checks the count in its own words
	rr.csv.ReuseRecord = true
	return rr
}

// next returns the fields of the next non-blank line, each trimmed of
// spaces and tabs, and the line's number (from 1). The slice and the line
// (r.line) are valid until the next call. After the last line it returns
// io.EOF; a failing reader's error is wrapped, and a limit or a field
// encoding/csv cannot read is a *ParseError.
func (r *recordReader) next() ([]string, int, error) {
	for {
		line, err := r.lines.next()
		if err != nil {
			return nil, 0, err
		}
		// Checking the bytes first spares a blank line the parse.
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		r.line = line
		if bytes.IndexByte(line, '"') >= 0 {
			r.norm = dropQuoteBlanks(r.norm[:0], line)
			line = r.norm
		}
		r.gate.line = line
		rec, err := r.csv.Read()
		if err != nil {
			return nil, 0, r.fieldError(err, rec, line)
		}
		for i, f := range rec {
			if t := trimBlanks(f); len(t) != len(f) {
				rec[i] = t
			}
		}
		return rec, r.lines.n, nil
	}
}

// fieldError words encoding/csv's error for line (as it read it), whose
// fields before the one at fault are done.
func (r *recordReader) fieldError(err error, done []string, line []byte) error {
	n := r.lines.n
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return fmt.Errorf("reading line %d: %w", n, err)
	}
	field := len(done) + 1
	switch {
	case errors.Is(err, csv.ErrQuote) && pe.Column > len(line):
		return &ParseError{Line: n, Msg: fmt.Sprintf(
			"field %d opens a quote it does not close on its line (fields cannot span lines)", field)}
	case errors.Is(err, csv.ErrQuote):
		// Column is the closing quote's, counting from 1.
		rest := strings.TrimLeft(string(line[pe.Column:]), " \t")
		return &ParseError{Line: n, Msg: fmt.Sprintf(
			"field %d has %s after its closing quote; put a comma there, or write a quote inside quotes as \"\"",
			field, quoted(cutAt(rest, ',')))}
	case errors.Is(err, csv.ErrBareQuote):
		return &ParseError{Line: n, Msg: fmt.Sprintf(
			"field %d has a quote inside it; put the whole field in quotes and double the quote (\"a \"\"b\"\" c\"), or delete it", field)}
	}
	return &ParseError{Line: n, Msg: fmt.Sprintf("field %d: %v", field, pe.Err)}
}

// trimBlanks is f without its leading and trailing spaces and tabs.
func trimBlanks(f string) string {
	for len(f) > 0 && (f[0] == ' ' || f[0] == '\t') {
		f = f[1:]
	}
	for len(f) > 0 && (f[len(f)-1] == ' ' || f[len(f)-1] == '\t') {
		f = f[:len(f)-1]
	}
	return f
}

// gate is what encoding/csv reads: one line, then io.EOF until the next
// line is put in. csv.Reader buffers what it reads and keeps no end of
// file: after an io.EOF it reads on.
type gate struct {
	line []byte
}

func (g *gate) Read(p []byte) (int, error) {
	if len(g.line) == 0 {
		return 0, io.EOF
	}
	n := copy(p, g.line)
	g.line = g.line[n:]
	return n, nil
}

// dropQuoteBlanks appends line to dst without the spaces and tabs that
// stand between a quoted field and its commas (or the line's ends), which
// encoding/csv would take for a quote out of place. Blanks anywhere else
// stay, and so does anything encoding/csv should refuse: text after a
// closing quote, a quote inside an unquoted field, a quote left open.
func dropQuoteBlanks(dst, line []byte) []byte {
	const (
		fieldStart = iota // blanks so far are held back
		unquoted
		inQuotes
		closed // after a closing quote: blanks are held back
	)
	state, held := fieldStart, 0 // held: where the held-back blanks start
	for i, c := range line {
		blank := c == ' ' || c == '\t'
		switch state {
		case fieldStart:
			switch {
			case blank:
				continue
			case c == '"':
				state = inQuotes // the blanks before it go
			default:
				dst = append(dst, line[held:i]...)
				if c != ',' {
					state = unquoted
				}
			}
		case unquoted:
			if c == ',' {
				state = fieldStart
			}
		case inQuotes:
			if c == '"' {
				state = closed
			}
		case closed:
			switch {
			case blank:
				continue
			case c == ',':
				state = fieldStart // the blanks before it go
			case c == '"' && held == i:
				state = inQuotes // "" is a quote inside the field
			default:
				dst = append(dst, line[held:i]...) // for encoding/csv to refuse
				state = unquoted
			}
		}
		dst = append(dst, c)
		held = i + 1
	}
	if state == fieldStart {
		dst = append(dst, line[held:]...) // a last field of blanks
	}
	return dst
}
