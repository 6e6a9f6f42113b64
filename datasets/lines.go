package datasets

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
)

// lineReader hands out the lines of a CSV stream within the limits of
// limits.go, so that ReadCSV and ReadCSVColumns stop at the same place with
// the same words: a line over maxLine bytes as soon as it is seen, and line
// MaxLines+1 and the line that takes the input past MaxBytes before they
// are handed out.
type lineReader struct {
	br    *bufio.Reader
	long  []byte // a line longer than br's buffer, put together (reused)
	n     int    // lines handed out
	bytes int    // bytes read, line endings included
	eof   bool   // the last line has been handed out
	hint  string // what the input should be, for the limits' messages: "is it a CSV file?"
}

// readAhead is the size of lineReader's buffer: a line that fits (every
// row of a narrow file) is handed out from it without a copy; a longer one,
// up to maxLine, is put together in lineReader.long, so that reading a
// small file does not cost a 1 MiB buffer.
const readAhead = 4 << 10

func newLineReader(r io.Reader, hint string) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, readAhead), hint: hint}
}

// readLine is bufio.Reader.ReadSlice('\n') for lines up to maxLine bytes
// and their line ending, whatever the buffer's size; errTooLong for a line
// longer than that, as soon as it has read that much.
func (l *lineReader) readLine() ([]byte, error) {
	raw, err := l.br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return raw, err
	}
	l.long = append(l.long[:0], raw...)
	for {
		raw, err = l.br.ReadSlice('\n')
		n := len(l.long) + len(raw)
		if n > maxLine+len("\r\n") {
			return nil, errTooLong
		}
		if n > cap(l.long) {
			// Doubling, capped at the limit: append's gentler growth
			// for large slices would allocate twice as much in all.
			l.long = slices.Grow(l.long, min(max(2*cap(l.long), n), maxLine+len("\r\n"))-len(l.long))
		}
		l.long = append(l.long, raw...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return l.long, err
		}
	}
}

// errTooLong is readLine's error for a line over maxLine bytes.
var errTooLong = errors.New(tooLong)

// next returns line l.n (counting from 1, after the call) without its line
// ending, and line 1 without a UTF-8 byte order mark. The slice is valid
// until the next call. After the last line it returns io.EOF; a failing
// reader's error is wrapped, and a limit is a *ParseError.
func (l *lineReader) next() ([]byte, error) {
	if l.eof {
		return nil, io.EOF
	}
	if l.n == 0 {
		// A compressed file's bytes would read as a line of nonsense, or
		// as no line ending within 1 MiB: look at how it starts.
		start, _ := l.br.Peek(maxMagic)
		if pe := compressed(start); pe != nil {
			return nil, pe
		}
	}
	raw, err := l.readLine()
	if err == errTooLong {
		return nil, &ParseError{Line: l.n + 1, Msg: tooLong}
	}
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("reading line %d: %w", l.n+1, err)
	}
	if err == io.EOF {
		l.eof = true
		if len(raw) == 0 {
			return nil, io.EOF
		}
	}
	l.n++
	l.bytes += len(raw)
	switch {
	case l.n > MaxLines:
		return nil, &ParseError{Msg: fmt.Sprintf(
			"more than %d lines; kernelscope reads at most %d, blank ones included (%s)",
			MaxLines, MaxLines, l.hint)}
	case l.bytes > MaxBytes:
		return nil, &ParseError{Msg: fmt.Sprintf(
			"more than %d MiB; kernelscope reads at most %d bytes (%s if so, split it or sample it)",
			MaxBytes>>20, MaxBytes, l.hint)}
	}
	line := trimSuffix(trimSuffix(raw, '\n'), '\r')
	if len(line) > maxLine {
		return nil, &ParseError{Line: l.n, Msg: tooLong}
	}
	if l.n == 1 {
		line = bytes.TrimPrefix(line, []byte(UTF8BOM))
	}
	return line, nil
}
