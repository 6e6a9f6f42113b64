package datasets

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// errNotStopped ends an endless reader in the tests, far past every limit,
// so that a ReadCSV without limits fails the test instead of eating memory.
var errNotStopped = errors.New("ReadCSV read on past its limits")

// endless repeats a pattern until it has handed out stop bytes in all, then
// fails with errNotStopped.
type endless struct {
	pattern string
	n, stop int64
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n >= e.stop {
		return 0, errNotStopped
	}
	p = p[:min(int64(len(p)), e.stop-e.n)]
	for i := range p {
		p[i] = e.pattern[(e.n+int64(i))%int64(len(e.pattern))]
	}
	e.n += int64(len(p))
	return len(p), nil
}

// TestReadCSVLimits feeds streams that never end: each must stop with the
// error that names its limit, having read no further than that limit (the
// buffer aside), and quickly.
func TestReadCSVLimits(t *testing.T) {
	const buffered = readAhead // what ReadCSV may read ahead
	blankLine := strings.Repeat(" ", 4000) + "\n"
	tests := []struct {
		name    string
		head    string // before the pattern
		pattern string
		msg     string
		maxRead int64
	}{
		{"rows", "", "1,2,1\n", "more than 1000000 data rows; kernelscope reads at most 1000000 (split the file or sample it)",
			(MaxRows+1)*6 + buffered},
		{"rows after a header and blank lines", "x1,x2,y\n\n\n", "0.5,-2,0\n\n", "more than 1000000 data rows",
			11 + (MaxRows+1)*10 + buffered},
		{"blank lines", "", "\n", "more than 3000000 lines; kernelscope reads at most 3000000, blank ones included",
			MaxLines + 1 + buffered},
		{"CRLF blank lines after a row", "1,2,1\r\n", "\r\n", "more than 3000000 lines", 7 + 2*MaxLines + buffered},
		{"long blank lines", "", blankLine, "more than 256 MiB; kernelscope reads at most 268435456 bytes",
			MaxBytes + int64(len(blankLine)) + buffered},
	}
	for _, tt := range tests {
		start := time.Now()
		// 512 MiB is past every limit, whatever the pattern: a ReadCSV
		// without limits fails the test there instead of crashing it.
		r := &countingReader{r: io.MultiReader(strings.NewReader(tt.head), &endless{pattern: tt.pattern, stop: 2 * MaxBytes})}
		tab, err := ReadCSV(r)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != 0 || !strings.HasPrefix(pe.Msg, tt.msg) {
			t.Errorf("%s: ReadCSV(endless) = %d points, %v; want a whole-file *ParseError starting %q", tt.name, len(tab.Points), err, tt.msg)
			continue
		}
		if tab.Points != nil {
			t.Errorf("%s: ReadCSV returned %d points with its error", tt.name, len(tab.Points))
		}
		if r.n > tt.maxRead {
			t.Errorf("%s: ReadCSV read %d bytes; want at most %d", tt.name, r.n, tt.maxRead)
		}
		t.Logf("%s: %v, %d bytes", tt.name, time.Since(start), r.n)
	}
}

// TestReadCSVAtLimits: exactly MaxRows rows, after a header and with a blank
// line after each, is a file ReadCSV reads.
func TestReadCSVAtLimits(t *testing.T) {
	head := "x1,x2,y\n"
	rows := &endless{pattern: "1,2,1\n\n", stop: MaxRows * 7}
	tab, err := ReadCSV(io.MultiReader(strings.NewReader(head), io.LimitReader(rows, rows.stop)))
	if err != nil || len(tab.Points) != MaxRows {
		t.Errorf("ReadCSV(%d rows) = %d points, %v; want them all", MaxRows, len(tab.Points), err)
	}
	if MaxLines < 2*MaxRows+1 {
		t.Errorf("MaxLines = %d leaves no room for a header and a blank line after each of %d rows", MaxLines, MaxRows)
	}
}

func TestLimitConstants(t *testing.T) {
	if MaxRows != 1_000_000 || MaxLines != 3_000_000 || MaxBytes != 256<<20 || MaxGenerate != 10_000_000 || maxLine != 1<<20 {
		t.Errorf("MaxRows, MaxLines, MaxBytes, MaxGenerate, maxLine = %d, %d, %d, %d, %d; want 1e6, 3e6, 256 MiB, 1e7, 1 MiB (the README lists them)",
			MaxRows, MaxLines, MaxBytes, MaxGenerate, maxLine)
	}
}
