package datasets

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestReadersQuoteAlike: ReadCSV and ReadCSVColumns read through one
// reader, so a file of three columns reads the same with both, quotes and
// all: the same header and points, or the same error. (They used to
// differ: ReadCSV split "a, b" at its comma.)
func TestReadersQuoteAlike(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		header []string
		pts    []Point
		line   int
		msg    string // in ParseError.Msg, when it fails
	}{
		{"a comma in a quoted name", "\"a, b\",c,y\n1,2,1\n", []string{"a, b", "c", "y"}, []Point{{1, 2, 1}}, 0, ""},
		{"a doubled quote", "\"say \"\"hi\"\"\",b,c\n1,2,1\n", []string{`say "hi"`, "b", "c"}, []Point{{1, 2, 1}}, 0, ""},
		{"blanks around quotes", "x,y,z\n \"1\" ,\t\" 2 \"\t, \"-1\"\n", []string{"x", "y", "z"}, []Point{{1, 2, -1}}, 0, ""},
		{"an empty quoted field", "x,y,z\n1,\"\",1\n", nil, nil, 2, `"" is not a number`},
		{"a quoted number with a comma", "x,y,z\n\"1,5\",2,1\n", nil, nil, 2, `"1,5" is not a number`},
		{"text after a closing quote", "x,y,z\n1,\"2\" x,1\n", nil, nil, 2,
			`field 2 has "x" after its closing quote; put a comma there, or write a quote inside quotes as ""`},
		{"a quote left open", "x,y,z\n1,2,\"1\n", nil, nil, 2, "field 3 opens a quote it does not close on its line (fields cannot span lines)"},
		{"a quote inside an unquoted field", "x,y\"s,z\n1,2,1\n", nil, nil, 1,
			`field 2 has a quote inside it; put the whole field in quotes and double the quote ("a ""b"" c"), or delete it`},
	}
	for _, tt := range tests {
		for name, read := range map[string]func(io.Reader) (Table, error){
			"ReadCSV":        ReadCSV,
			"ReadCSVColumns": func(r io.Reader) (Table, error) { return ReadCSVColumns(r, Columns{}) },
		} {
			tab, err := read(strings.NewReader(tt.in))
			if tt.msg == "" {
				if err != nil || !slices.Equal(tab.Header, tt.header) || !slices.Equal(tab.Points, tt.pts) {
					t.Errorf("%s: %s(%q) = %q, %v, %v; want %q, %v", tt.name, name, tt.in, tab.Header, tab.Points, err, tt.header, tt.pts)
				}
				continue
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line != tt.line || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("%s: %s(%q) error %v; want line %d: %s", tt.name, name, tt.in, err, tt.line, tt.msg)
			}
		}
	}
}

// TestQuoteStaysOnItsLine: a quote left open ends the read on its line,
// whatever follows; encoding/csv, which would read on into the next lines
// for the rest of the field, never sees more than the one line.
func TestQuoteStaysOnItsLine(t *testing.T) {
	head := "x,y,z\n1,\"2,1\n"
	for name, read := range map[string]func(io.Reader) (Table, error){
		"ReadCSV":        ReadCSV,
		"ReadCSVColumns": func(r io.Reader) (Table, error) { return ReadCSVColumns(r, Columns{}) },
	} {
		r := &countingReader{r: io.MultiReader(strings.NewReader(head), &endless{pattern: "3,4\"\n", stop: 2 * MaxBytes})}
		_, err := read(r)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(pe.Msg, "does not close on its line") {
			t.Errorf("%s: %v; want line 2: a quote it does not close on its line", name, err)
		}
		if limit := int64(len(head) + readAhead); r.n > limit {
			t.Errorf("%s read %d bytes; want at most %d", name, r.n, limit)
		}
	}
}

func TestDropQuoteBlanks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`1,2,3`, `1,2,3`},
		{` a b , c `, ` a b , c `}, // unquoted fields are trimmed after the split
		{` "a" , "b"`, `"a","b"`},
		{"\t\"a\"\t,\t", "\"a\",\t"},
		{`"a ""b"" c" ,d`, `"a ""b"" c",d`},
		{`"a" "b",c`, `"a" "b",c`}, // text after a closing quote stays, to be refused
		{`"a" x`, `"a" x`},
		{`a "b" c`, `a "b" c`}, // a quote inside an unquoted field stays
		{` "a`, `"a`},
		{`"",""`, `"",""`},
		{`, "",`, `,"",`},
	} {
		if got := string(dropQuoteBlanks(nil, []byte(c.in))); got != c.want {
			t.Errorf("dropQuoteBlanks(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
