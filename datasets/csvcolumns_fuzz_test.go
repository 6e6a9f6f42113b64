package datasets

import (
	"bytes"
	"math"
	"testing"

	"kernelscope/internal/safetext"
)

// FuzzReadCSVColumns checks that ReadCSVColumns never panics, whatever the
// file and the columns asked for; that its errors are safe to print; and
// that what it accepts is finite points labelled ±1, both labels present
// with Positive, read from three different columns that exist (two, and
// every x₂ = 0, for one coordinate: x2 given as oneD).
func FuzzReadCSVColumns(f *testing.F) {
	const oneD = "(1-D)" // as x2: no x₂ column, Columns.OneD
	for _, c := range []struct {
		data               string
		x1, x2, label, pos string
	}{
		{iris, "3", "4", "5", "versicolor"},
		{iris, "petal_length", "PETAL_WIDTH", "", "setosa"},
		{iris, "3", "4", "", ""},
		{iris, "9", "1", "5", ""},
		{iris + "6.0,2.2,NA,1.5,virginica\n", "3", "4", "species", "virginica"},
		{"setosa,5.1,3.5\nvirginica,6.3,3.3\n", "", "", "1", "setosa"},
		{"\ufeff,\"a, b\",c,y\r\n0,\"1\",2,1\r\n1, \"3\" ,4,-1\r\n", "a, b", "c", "", ""},
		{"a,b,y\n1,\"2\"x,1\n", "", "", "", ""},
		{"a,b,y\n1,\"2,1\n", "", "", "", ""},
		{"# a,b,c,y\n1,2,3,0\n4,5,6,1\n", "a", "c", "y", ""},
		{"x,X,y\n1,2,1\n", "x", "2", "", ""},
		{"a;b;c\n", "", "", "", ""},
		{"", "", "", "", "a"},
		{iris, "3", oneD, "5", "versicolor"},
		{"x,y\n-1,1\n1,-1\n", "", oneD, "", ""},
		{"1\n", "", oneD, "", ""},
	} {
		f.Add([]byte(c.data), c.x1, c.x2, c.label, c.pos)
	}
	f.Fuzz(func(t *testing.T, data []byte, x1, x2, label, pos string) {
		var cols Columns
		if x2 == oneD {
			cols.OneD, x2 = true, ""
		}
		for _, p := range []struct {
			s   string
			dst *Column
		}{{x1, &cols.X1}, {x2, &cols.X2}, {label, &cols.Label}} {
			if p.s == "" {
				continue // the default
			}
			c, err := ParseColumn(p.s)
			if err != nil {
				return
			}
			*p.dst = c
		}
		cols.Positive, cols.HasPositive = pos, pos != ""
		tab, err := ReadCSVColumns(bytes.NewReader(data), cols)
		if err != nil {
			if msg := err.Error(); safetext.Name(msg) != msg {
				t.Fatalf("ReadCSVColumns(%q, %+v): the error %q is not safe to print", data, cols, msg)
			}
			return
		}
		if len(tab.Points) == 0 {
			t.Fatalf("ReadCSVColumns(%q, %+v) accepted a file with no points", data, cols)
		}
		var pos1, neg1 int
		for i, p := range tab.Points {
			if math.IsNaN(p.X1) || math.IsInf(p.X1, 0) || math.IsNaN(p.X2) || math.IsInf(p.X2, 0) {
				t.Fatalf("ReadCSVColumns(%q, %+v): point %d = %v is not finite", data, cols, i, p)
			}
			switch p.Y {
			case 1:
				pos1++
			case -1:
				neg1++
			default:
				t.Fatalf("ReadCSVColumns(%q, %+v): point %d has label %d", data, cols, i, p.Y)
			}
		}
		if cols.HasPositive && (pos1 == 0 || neg1 == 0) {
			t.Fatalf("ReadCSVColumns(%q, %+v): %d points +1 and %d −1", data, cols, pos1, neg1)
		}
		c := tab.Columns
		if cols.OneD {
			// One coordinate: no x₂ column, every point on the line.
			if c.X1.Number < 1 || c.Label.Number < 1 || c.X1.Number == c.Label.Number || c.X2 != (Column{}) || !c.OneD {
				t.Fatalf("ReadCSVColumns(%q, %+v) read columns %+v", data, cols, c)
			}
			for i, p := range tab.Points {
				if p.X2 != 0 {
					t.Fatalf("ReadCSVColumns(%q, %+v): point %d = %v is off the line", data, cols, i, p)
				}
			}
		} else if c.X1.Number < 1 || c.X2.Number < 1 || c.Label.Number < 1 ||
			c.X1.Number == c.X2.Number || c.X1.Number == c.Label.Number || c.X2.Number == c.Label.Number {
			t.Fatalf("ReadCSVColumns(%q, %+v) read columns %+v", data, cols, c)
		}
		if tab.Header != nil && (len(tab.Header) != 3 || tab.Header[0] != c.X1.Name || tab.Header[2] != c.Label.Name) {
			t.Fatalf("ReadCSVColumns(%q, %+v): header %q, columns %+v", data, cols, tab.Header, c)
		}
	})
}
