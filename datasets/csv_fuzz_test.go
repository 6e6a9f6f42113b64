package datasets

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// FuzzReadCSV checks that ReadCSV never panics, and that whatever it accepts
// is finite, labelled ±1, and survives WriteCSV → ReadCSV unchanged.
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
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := ReadCSV(bytes.NewReader(data))
		if err != nil {
			return
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
