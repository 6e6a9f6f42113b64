package datasets

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"kernelscope/internal/safetext"
)

// FuzzReadCSV checks that ReadCSV never panics; that its errors are safe to
// print; that whatever it accepts is finite, labelled ±1, and survives
// WriteCSV → ReadCSV unchanged; and that it loses no line: every non-blank
// line is a point, but for a header, which only the first can be and only
// if its first field starts with a letter or '_' (after a '#').
func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{
		"x1,x2,y\n1,2,1\n-3,4.5,-1\n",
		"1,2,0\n3,4,1\r\n",
		"\ufeff\"x1\", \"x2\" ,y\r\n\n 0x1p-3 ,\t-1e-300, +1\n",
		"1,2,-1\n3,4,0\n",
		"x1,x2,y\n",
		"",
		"\n\n",
		"1,NaN,1\n",
		"inf,0,1\n1e400,0,1\n",
		"1,2\n",
		"a,b,c\nd,e,f\n",
		"1,2,2\n",
		"1\x00,2,1\n\xff\xfe,1,1\n",
		strings.Repeat("9", 5000),
		"1,2,1\r\r\n",
		"\"\",\"\",\"\"\n",
		"\",\",1\n",
		"0x10,1,1\n2,3,1\n",
		"\u22121,2,1\n2,3,1\n",
		"# x1,x2,y\n1,2,1\n",
		"H\u00f6he,b,y\n1,2,1\n",
		"1 000,2,1\n",
		"\uff11,2,1\n",
		"12%,1,1\n",
		"1;2;1\n",
		"#1,2,1\n",
		"_,_,_\n\r\n1_0,0x1p0,1\n",
		"\"a, b\",\"say \"\"hi\"\"\" ,c\n \"1\" ,2,\"-1\"\n",
		"x,y\"s,z\n1,\"2\" x,1\n1,\"2,1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := ReadCSV(bytes.NewReader(data))
		if err != nil {
			if msg := err.Error(); safetext.Name(msg) != msg {
				t.Fatalf("ReadCSV(%q): the error %q is not safe to print", data, msg)
			}
			return
		}
		nonBlank := 0
		for i, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSuffix(line, "\r")
			if i == 0 {
				line = strings.TrimPrefix(line, "\ufeff")
			}
			if strings.TrimSpace(line) != "" {
				nonBlank++
			}
		}
		if tab.Header != nil {
			nonBlank--
			r, _ := utf8.DecodeRuneInString(tab.Header[0])
			if r != '_' && !unicode.IsLetter(r) {
				t.Fatalf("ReadCSV(%q) took %q for a header", data, tab.Header)
			}
		}
		if len(tab.Points) != nonBlank {
			t.Fatalf("ReadCSV(%q) read %d points from %d non-blank lines that are not a header", data, len(tab.Points), nonBlank)
		}
		if len(tab.Points) == 0 {
			t.Fatalf("ReadCSV(%q) accepted a file with no points", data)
		}
		for i, p := range tab.Points {
			if math.IsNaN(p.X1) || math.IsInf(p.X1, 0) || math.IsNaN(p.X2) || math.IsInf(p.X2, 0) {
				t.Fatalf("ReadCSV(%q): point %d = %v is not finite", data, i, p)
			}
			if p.Y != 1 && p.Y != -1 {
				t.Fatalf("ReadCSV(%q): point %d has label %d", data, i, p.Y)
			}
		}
		var buf bytes.Buffer
		if err := WriteCSV(&buf, tab.Points); err != nil {
			t.Fatalf("WriteCSV of what ReadCSV(%q) accepted: %v", data, err)
		}
		back, err := ReadCSV(&buf)
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.String(), err)
		}
		if !sameBits(back.Points, tab.Points) {
			t.Fatalf("round trip changed %v to %v", tab.Points, back.Points)
		}
	})
}
