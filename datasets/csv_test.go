package datasets

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadCSV(t *testing.T) {
	rowMax := "1,2," + strings.Repeat(" ", maxLine-len("1,2,1")) + "1" // exactly maxLine (1 MiB) bytes
	tests := []struct {
		name   string
		in     string
		header []string
		pts    []Point
	}{
		{"plain", "1,2,1\n-3,4.5,-1\n", nil, []Point{{1, 2, 1}, {-3, 4.5, -1}}},
		{"header", "x1,x2,y\n1,2,1\n", []string{"x1", "x2", "y"}, []Point{{1, 2, 1}}},
		{"header verbatim after trimming", " Feature A\t, \"b c\" ,Label!\n1,2,1\n",
			[]string{"Feature A", "b c", "Label!"}, []Point{{1, 2, 1}}},
		{"no final newline", "1,2,1\n3,4,-1", nil, []Point{{1, 2, 1}, {3, 4, -1}}},
		{"CRLF", "x1,x2,y\r\n1,2,1\r\n3,4,-1\r\n", []string{"x1", "x2", "y"}, []Point{{1, 2, 1}, {3, 4, -1}}},
		{"CRLF, last line ends in CR", "1,2,1\r\n3,4,-1\r", nil, []Point{{1, 2, 1}, {3, 4, -1}}},
		{"spaces and tabs", " 1 ,\t2\t, -1 \n", nil, []Point{{1, 2, -1}}},
		{"quoted fields", "\"x1\",\"x2\",\"y\"\n\"1\",\" 2 \", \"-1\"\n", []string{"x1", "x2", "y"}, []Point{{1, 2, -1}}},
		{"blank lines anywhere", "\n  \n\t\r\nx1,x2,y\n\n1,2,1\r\n \n3,4,-1\n\n",
			[]string{"x1", "x2", "y"}, []Point{{1, 2, 1}, {3, 4, -1}}},
		{"byte order mark", "\ufeff1,2,1\n", nil, []Point{{1, 2, 1}}},
		{"byte order mark and header", "\ufeffx1,x2,y\n1,2,1\n", []string{"x1", "x2", "y"}, []Point{{1, 2, 1}}},
		{"labels written as numbers equal to ±1", "0,0,+1\n0,1,1.0\n1,0,-1.0\n1,1,1e0\n2,2,-1\n",
			nil, []Point{{0, 0, 1}, {0, 1, 1}, {1, 0, -1}, {1, 1, 1}, {2, 2, -1}}},
		{"labels 0/1", "0,0,0\n1,1,1\n2,2,0.0\n", nil, []Point{{0, 0, -1}, {1, 1, 1}, {2, 2, -1}}},
		{"label -0 is 0", "0,0,-0\n1,1,1\n", nil, []Point{{0, 0, -1}, {1, 1, 1}}},
		{"number forms", "1e-3,-.5,1\n0x1p-2,1E+2,-1\n", nil, []Point{{0.001, -0.5, 1}, {0.25, 100, -1}}},
		{"underflow reads as 0", "1e-400,0,1\n", nil, []Point{{0, 0, 1}}},
		{"1 MiB line", rowMax + "\n", nil, []Point{{1, 2, 1}}},
		{"1 MiB line with CRLF", rowMax + "\r\n" + rowMax + "\r\n", nil, []Point{{1, 2, 1}, {1, 2, 1}}},
		{"1 MiB line, no newline", "1,2,1\n" + rowMax, nil, []Point{{1, 2, 1}, {1, 2, 1}}},
	}
	for _, tt := range tests {
		got, err := ReadCSV(strings.NewReader(tt.in))
		if err != nil {
			t.Errorf("%s: ReadCSV(%q): %v", tt.name, tt.in, err)
			continue
		}
		if !slices.Equal(got.Header, tt.header) || (got.Header == nil) != (tt.header == nil) {
			t.Errorf("%s: header %q, want %q", tt.name, got.Header, tt.header)
		}
		if !slices.Equal(got.Points, tt.pts) {
			t.Errorf("%s: points %v, want %v", tt.name, got.Points, tt.pts)
		}
	}
}

func TestReadCSVErrors(t *testing.T) {
	long := strings.Repeat("1", maxLine+1)
	tests := []struct {
		name string
		in   string
		line int
		msg  string // a distinctive part of ParseError.Msg
	}{
		{"empty", "", 0, "the file is empty: want rows x1,x2,y"},
		{"only blank lines", "\n \r\n\t\n\n", 0, "the file is empty: want rows x1,x2,y"},
		{"header only", "x1,x2,y\n", 0, "the file has a header (line 1) but no data rows"},
		{"header after blank lines, then blanks", "\n\nx,y,z\n\n \n", 0, "the file has a header (line 3) but no data rows"},
		{"later non-number first field", "x1,x2,y\n1,2,1\nabc,2,1\n", 3, `field 1 "abc" is not a number`},
		{"second header", "x1,x2,y\nx1,x2,y\n1,2,1\n", 2, `field 1 "x1" is not a number`},
		{"header after data", "1,2,1\nx1,x2,y\n", 2, `field 1 "x1" is not a number`},
		{"number first means no header", "1,x2,y\n2,3,1\n", 1, `field 2 "x2" is not a number`},
		{"empty field", "1,,1\n", 1, `field 2 "" is not a number`},
		{"two fields", "1,2\n", 1, "want 3 fields x1,x2,y, got 2"},
		{"four fields", "\n1,2,1\n1,2,1,\n", 3, "want 3 fields x1,x2,y, got 4"},
		{"one field", "1,2,1\n5\n", 2, "want 3 fields x1,x2,y, got 1"},
		{"header with two fields", "x,y\n1,2,1\n", 1, "want 3 fields x1,x2,y, got 2"},
		{"NaN x2", "1,NaN,1\n", 1, "x2 is NaN; coordinates must be finite numbers"},
		{"nan x1 on line 1 is data, not a header", "nan,0,1\n", 1, "x1 is NaN; coordinates must be finite numbers"},
		{"inf", "1,2,1\ninf,0,1\n", 2, "x1 is infinite"},
		{"-Infinity", "1,-Infinity,1\n", 1, "x2 is infinite"},
		{"+INF", "+INF,0,1\n", 1, "coordinates must be finite numbers"},
		{"out of range x1", "1e400,0,1\n", 1, `x1 "1e400" is out of range; coordinates must be finite numbers`},
		{"out of range x2", "x1,x2,y\n0,-1e400,1\n", 2, `x2 "-1e400" is out of range`},
		{"label 2", "0,0,2\n", 1, `label "2" is not one of -1, +1 (or 0, 1)`},
		{"label 0.5", "0,0,1\n0,0,0.5\n", 2, `label "0.5" is not one of -1, +1 (or 0, 1)`},
		{"label a", "0,0,a\n", 1, `label "a" is not one of -1, +1 (or 0, 1)`},
		{"label empty", "0,0,\n", 1, `label "" is not one of -1, +1 (or 0, 1)`},
		{"label NaN", "0,0,NaN\n", 1, `label "NaN" is not one of`},
		{"label out of range", "0,0,1e999\n", 1, `label "1e999" is not one of`},
		{"0 after -1", "0,0,-1\n1,1,1\n\n2,2,0\n", 4, "label 0 mixed with label -1 on line 1; use either -1/+1 or 0/1"},
		{"-1 after 0", "x1,x2,y\n0,0,0\n1,1,-1.0\n", 3, "label -1 mixed with label 0 on line 2; use either -1/+1 or 0/1"},
		{"line too long", long + "\n", 1, "line is too long to be data (over 1 MiB)"},
		// A field of a long line is quoted in part, with its length: the
		// message stays one short line.
		{"long field", "1,2,1\n" + strings.Repeat("9", 5000) + ",1,1\n", 2, `x1 "` + strings.Repeat("9", 64) + `"… (5000 bytes) is out of range; coordinates must be finite numbers`},
		{"long label", "1,2," + strings.Repeat("7", 100) + "\n", 1, `label "` + strings.Repeat("7", 64) + `"… (100 bytes) is not one of -1, +1 (or 0, 1)`},
		{"long field cut at a character", "1,2,1\n" + strings.Repeat("9", 63) + "é" + strings.Repeat("x", 100) + ",1,1\n", 2, `field 1 "` + strings.Repeat("9", 63) + `"… (165 bytes) is not a number`},
		{"line too long, no newline", "1,2,1\n" + long, 2, "line is too long to be data (over 1 MiB)"},
		{"1 MiB + 1 byte and CRLF", "1,2,1\r\n" + long + "\r\n", 2, "line is too long to be data (over 1 MiB)"},
		{"1 MiB ending in CR", "\n" + long[:maxLine] + "\r\r\n", 2, "line is too long to be data (over 1 MiB)"},
		{"NUL byte", "1,2,1\n1\x00,2,1\n", 2, `field 1 "1\x00" is not a number`},
		{"invalid UTF-8", "1,2,1\n\xff,2,1\n", 2, `field 1 "\xff" is not a number`},
		{"invalid UTF-8 first field is neither a number nor a name", "\xff,2,1\n", 1, `field 1 "\xff" is not a number: it is not UTF-8 text`},
	}
	for _, tt := range tests {
		tab, err := ReadCSV(strings.NewReader(tt.in))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: ReadCSV(%.40q) = %v, %v; want a *ParseError", tt.name, tt.in, tab, err)
			continue
		}
		if pe.Line != tt.line || !strings.Contains(pe.Msg, tt.msg) {
			t.Errorf("%s: ReadCSV(%.40q) error on line %d %q; want line %d containing %q",
				tt.name, tt.in, pe.Line, pe.Msg, tt.line, tt.msg)
		}
		if tab.Header != nil || tab.Points != nil {
			t.Errorf("%s: ReadCSV returned a table %v along with its error", tt.name, tab)
		}
	}
}

func TestParseErrorString(t *testing.T) {
	if got := (&ParseError{Line: 7, Msg: "oops"}).Error(); got != "line 7: oops" {
		t.Errorf("Error() = %q, want %q", got, "line 7: oops")
	}
	if got := (&ParseError{Msg: "the file is empty"}).Error(); got != "the file is empty" {
		t.Errorf("Error() = %q, want %q", got, "the file is empty")
	}
}

// countingReader counts the bytes ReadCSV asks for.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestReadCSVHugeLine feeds 100 MB without a newline: ReadCSV and
// ReadCSVColumns must give up past the 1 MiB line limit (and the buffer
// read ahead) rather than read or hold it all, allocating a few MiB at
// most: the line as far as the limit, and the buffer.
func TestReadCSVHugeLine(t *testing.T) {
	const size = 100 << 20
	for name, read := range map[string]func(io.Reader) (Table, error){
		"ReadCSV":        ReadCSV,
		"ReadCSVColumns": func(r io.Reader) (Table, error) { return ReadCSVColumns(r, Columns{}) },
	} {
		cr := &countingReader{r: io.LimitReader(infiniteOnes{}, size)}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := read(cr)
		runtime.ReadMemStats(&after)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != 1 || pe.Msg != "line is too long to be data (over 1 MiB)" {
			t.Fatalf("%s(100 MB line) error %v; want line 1 too long", name, err)
		}
		if limit := int64(maxLine + 2 + readAhead); cr.n > limit {
			t.Errorf("%s read %d bytes of a line it rejects; want at most %d", name, cr.n, limit)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
			t.Errorf("%s allocated %d bytes for a line it rejects; want at most 4 MiB", name, got)
		}
		t.Logf("%s: read %d bytes, allocated %d", name, cr.n, after.TotalAlloc-before.TotalAlloc)
	}
}

type infiniteOnes struct{}

func (infiniteOnes) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '1'
	}
	return len(p), nil
}

func TestReadCSVReaderError(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := ReadCSV(io.MultiReader(strings.NewReader("1,2,1\n"), iotest.ErrReader(boom)))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("ReadCSV(failing reader) = %v; want it to wrap %v and name line 2", err, boom)
	}
	var pe *ParseError
	if errors.As(err, &pe) {
		t.Errorf("a reader's error was reported as a *ParseError: %v", err)
	}
	// A reader that hands out one byte at a time still parses.
	tab, err := ReadCSV(iotest.OneByteReader(strings.NewReader("x1,x2,y\r\n1,2,1\r\n")))
	if err != nil || !slices.Equal(tab.Points, []Point{{1, 2, 1}}) {
		t.Errorf("ReadCSV(one byte at a time) = %v, %v", tab, err)
	}
}

func TestLoadCSV(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.csv")
	bad := filepath.Join(dir, "bad.csv")
	writeFile(t, good, "x1,x2,y\n1,2,1\n3,4,0\n")
	writeFile(t, bad, "x1,x2,y\n1,2,1\n3,4\n")

	tab, err := LoadCSV(good)
	if err != nil || !slices.Equal(tab.Points, []Point{{1, 2, 1}, {3, 4, -1}}) || !slices.Equal(tab.Header, []string{"x1", "x2", "y"}) {
		t.Errorf("LoadCSV(good) = %v, %v", tab, err)
	}

	_, err = LoadCSV(bad)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Errorf("LoadCSV(bad) = %v; want a *ParseError on line 3", err)
	} else if want := bad + ": line 3: want 3 fields"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("LoadCSV(bad) = %q; want it to start %q", err, want)
	}

	missing := filepath.Join(dir, "missing.csv")
	_, err = LoadCSV(missing)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing+": no such file") {
		t.Errorf("LoadCSV(missing) = %v; want fs.ErrNotExist and the path with no such file", err)
	}

	_, err = LoadCSV(dir)
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("LoadCSV(dir) = %v; want an error saying it is a directory", err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestWriteCSV(t *testing.T) {
	pts := []Point{{0.1, -2, 1}, {1e21, 5e-324, -1}, {math.Copysign(0, -1), 1.0 / 3, 1}}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, pts); err != nil {
		t.Fatal(err)
	}
	want := "x1,x2,y\n0.1,-2,1\n1e+21,5e-324,-1\n-0,0.3333333333333333,1\n"
	if buf.String() != want {
		t.Errorf("WriteCSV wrote\n%s\nwant\n%s", buf.String(), want)
	}

	buf.Reset()
	if err := WriteCSV(&buf, nil); err != nil || buf.String() != "x1,x2,y\n" {
		t.Errorf("WriteCSV(nil) wrote %q, %v; want the header alone", buf.String(), err)
	}

	for _, bad := range []struct {
		pts []Point
		msg string
	}{
		{[]Point{{0, 0, 1}, {0, 0, 0}}, "point 2 has label 0"},
		{[]Point{{0, 0, 2}}, "point 1 has label 2"},
		{[]Point{{math.NaN(), 0, 1}}, "point 1 has x1 = NaN"},
		{[]Point{{0, 0, 1}, {0, math.Inf(-1), 1}}, "point 2 has x2 = -Inf"},
	} {
		buf.Reset()
		err := WriteCSV(&buf, bad.pts)
		if err == nil || !strings.Contains(err.Error(), bad.msg) || buf.Len() != 0 {
			t.Errorf("WriteCSV(%v) = %v, wrote %q; want an error containing %q and nothing written", bad.pts, err, buf.String(), bad.msg)
		}
	}

	boom := errors.New("pipe closed")
	if err := WriteCSV(failingWriter{boom}, pts); !errors.Is(err, boom) {
		t.Errorf("WriteCSV(failing writer) = %v; want it to wrap %v", err, boom)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestRoundTrip checks that what WriteCSV writes, ReadCSV reads back bit for
// bit, for every generated set.
func TestRoundTrip(t *testing.T) {
	for _, b := range Builtins() {
		for _, seed := range []uint64{1, 2, 3} {
			pts := b.Generate(b.DefaultN, b.DefaultNoise, seed)
			var buf bytes.Buffer
			if err := WriteCSV(&buf, pts); err != nil {
				t.Fatalf("%s: %v", b.Name, err)
			}
			tab, err := ReadCSV(&buf)
			if err != nil {
				t.Fatalf("%s seed %d: reading back: %v", b.Name, seed, err)
			}
			if !slices.Equal(tab.Header, []string{"x1", "x2", "y"}) {
				t.Errorf("%s: header read back as %q", b.Name, tab.Header)
			}
			if !sameBits(tab.Points, pts) {
				t.Errorf("%s seed %d: points changed in a round trip", b.Name, seed)
			}
		}
	}
}

// sameBits compares points bit for bit, so −0 and 0 differ.
func sameBits(a, b []Point) bool {
	return slices.EqualFunc(a, b, func(p, q Point) bool {
		return math.Float64bits(p.X1) == math.Float64bits(q.X1) &&
			math.Float64bits(p.X2) == math.Float64bits(q.X2) && p.Y == q.Y
	})
}

func BenchmarkReadCSV(b *testing.B) {
	c := mustLookup(b, "circles")
	var buf bytes.Buffer
	if err := WriteCSV(&buf, c.Generate(4000, c.DefaultNoise, 1)); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadCSV(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
