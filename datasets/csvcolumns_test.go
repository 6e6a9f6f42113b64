package datasets

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// iris is the first two rows of each species of Fisher's iris data (UCI
// iris.data, with seaborn's header).
const iris = `sepal_length,sepal_width,petal_length,petal_width,species
5.1,3.5,1.4,0.2,setosa
4.9,3.0,1.4,0.2,setosa
7.0,3.2,4.7,1.4,versicolor
6.4,3.2,4.5,1.5,versicolor
6.3,3.3,6.0,2.5,virginica
5.8,2.7,5.1,1.9,virginica
`

// irisVersicolor is iris's petals, versicolor against the rest.
var irisVersicolor = []Point{{1.4, 0.2, -1}, {1.4, 0.2, -1}, {4.7, 1.4, 1}, {4.5, 1.5, 1}, {6.0, 2.5, -1}, {5.1, 1.9, -1}}

func num(n int) Column     { return Column{Number: n} }
func name(s string) Column { return Column{Name: s} }

func TestReadCSVColumns(t *testing.T) {
	versicolor := Columns{X1: num(3), X2: num(4), Label: num(5), Positive: "versicolor", HasPositive: true}
	petals := Columns{X1: Column{3, "petal_length"}, X2: Column{4, "petal_width"}, Label: Column{5, "species"},
		Positive: "versicolor", HasPositive: true}
	tests := []struct {
		name   string
		in     string
		cols   Columns
		header []string
		pts    []Point
		picked Columns // Table.Columns
	}{
		{"by number", iris, versicolor, []string{"petal_length", "petal_width", "species"}, irisVersicolor, petals},
		{"by name, any case, spaces trimmed", iris,
			Columns{X1: name(" Petal_Length "), X2: name("PETAL_WIDTH"), Label: name("Species"), Positive: " versicolor ", HasPositive: true},
			[]string{"petal_length", "petal_width", "species"}, irisVersicolor, petals},
		{"label by default the last", iris, Columns{X1: name("petal_length"), X2: num(4), Positive: "versicolor", HasPositive: true},
			[]string{"petal_length", "petal_width", "species"}, irisVersicolor, petals},
		{"coordinates by default the first two", iris, Columns{Positive: "setosa", HasPositive: true},
			[]string{"sepal_length", "sepal_width", "species"},
			[]Point{{5.1, 3.5, 1}, {4.9, 3.0, 1}, {7.0, 3.2, -1}, {6.4, 3.2, -1}, {6.3, 3.3, -1}, {5.8, 2.7, -1}},
			Columns{X1: Column{1, "sepal_length"}, X2: Column{2, "sepal_width"}, Label: Column{5, "species"}, Positive: "setosa", HasPositive: true}},
		{"labels first, no header: no row lost", "setosa,5.1,3.5\nvirginica,6.3,3.3\n", Columns{Label: num(1), Positive: "setosa", HasPositive: true},
			nil, []Point{{5.1, 3.5, 1}, {6.3, 3.3, -1}},
			Columns{X1: num(2), X2: num(3), Label: num(1), Positive: "setosa", HasPositive: true}},
		{"numeric labels need no Positive", "id,a,b,y\n1,0.5,2,1\n2,1.5,3,-1\n", Columns{X1: num(2), X2: name("b")},
			[]string{"a", "b", "y"}, []Point{{0.5, 2, 1}, {1.5, 3, -1}},
			Columns{X1: Column{2, "a"}, X2: Column{3, "b"}, Label: Column{4, "y"}}},
		{"labels 0/1", "a,b,c,y\n1,2,3,0\n4,5,6,1\n", Columns{X1: num(3), X2: num(1)},
			[]string{"c", "a", "y"}, []Point{{3, 1, -1}, {6, 4, 1}},
			Columns{X1: Column{3, "c"}, X2: Column{1, "a"}, Label: Column{4, "y"}}},
		{"Positive on numeric labels", "a,b,digit\n1,2,7\n3,4,1\n5,6,7\n", Columns{Positive: "7", HasPositive: true},
			[]string{"a", "b", "digit"}, []Point{{1, 2, 1}, {3, 4, -1}, {5, 6, 1}},
			Columns{X1: Column{1, "a"}, X2: Column{2, "b"}, Label: Column{3, "digit"}, Positive: "7", HasPositive: true}},
		{"quoted fields, CRLF, BOM, blank lines",
			"\ufeffname,\"x, cm\",y,kind\r\n\r\n\"Smith, J.\",1,2,\"say \"\"hi\"\"\"\r\n  \"Doe\" , \" 3 \" ,4, other \r\n",
			Columns{X1: name("x, cm"), X2: name("y"), Label: name("kind"), Positive: `say "hi"`, HasPositive: true},
			[]string{"x, cm", "y", "kind"}, []Point{{1, 2, 1}, {3, 4, -1}},
			Columns{X1: Column{2, "x, cm"}, X2: Column{3, "y"}, Label: Column{4, "kind"}, Positive: `say "hi"`, HasPositive: true}},
		{"pandas index column", ",a,b,y\n0,1,2,1\n1,3,4,-1\n", Columns{X1: name("a"), X2: name("b")},
			[]string{"a", "b", "y"}, []Point{{1, 2, 1}, {3, 4, -1}},
			Columns{X1: Column{2, "a"}, X2: Column{3, "b"}, Label: Column{4, "y"}}},
		{"numpy header", "# a,b,c,y\n1,2,3,1\n", Columns{X1: name("a"), X2: name("c")},
			[]string{"a", "c", "y"}, []Point{{1, 3, 1}},
			Columns{X1: Column{1, "a"}, X2: Column{3, "c"}, Label: Column{4, "y"}}},
		{"no header", "1,2,3,1\n4,5,6,-1\n", Columns{X1: num(3), X2: num(2)},
			nil, []Point{{3, 2, 1}, {6, 5, -1}}, Columns{X1: num(3), X2: num(2), Label: num(4)}},
	}
	for _, tt := range tests {
		got, err := ReadCSVColumns(strings.NewReader(tt.in), tt.cols)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !slices.Equal(got.Header, tt.header) || (got.Header == nil) != (tt.header == nil) {
			t.Errorf("%s: header %q, want %q", tt.name, got.Header, tt.header)
		}
		if !slices.Equal(got.Points, tt.pts) {
			t.Errorf("%s: points %v, want %v", tt.name, got.Points, tt.pts)
		}
		if got.Columns != tt.picked {
			t.Errorf("%s: columns %+v, want %+v", tt.name, got.Columns, tt.picked)
		}
	}
}

// TestReadCSVColumnsColumnErrors: a selection that does not fit the file
// is a *ColumnError naming the part at fault, the column, and what the file
// does have.
func TestReadCSVColumnsColumnErrors(t *testing.T) {
	petals := func(label string) Columns {
		return Columns{X1: num(3), X2: num(4), Label: num(5), Positive: label, HasPositive: true}
	}
	many := "a,b,y\n1,2,one\n1,2,two\n1,2,three\n1,2,one\n1,2,four\n1,2,five\n1,2,six\n1,2,seven\n"
	tests := []struct {
		name   string
		in     string
		cols   Columns
		part   Part
		line   int
		msg    string // the whole Msg
		values []string
	}{
		{"number out of range", iris, Columns{X1: num(9), X2: num(1), Label: num(5)}, PartX1, 1,
			"no column 9: the header names 5 columns: sepal_length, sepal_width, petal_length, petal_width, species", nil},
		{"number out of range, no header", "1,2,3\n", Columns{X1: num(1), X2: num(4)}, PartX2, 1,
			"no column 4: the rows have 3 fields", nil},
		{"label out of range", iris, Columns{Label: num(6)}, PartLabel, 1,
			"no column 6: the header names 5 columns: sepal_length, sepal_width, petal_length, petal_width, species", nil},
		{"unknown name", iris, Columns{X1: name("petal_len"), X2: num(4)}, PartX1, 1,
			`no column named "petal_len": the header names sepal_length, sepal_width, petal_length, petal_width, species`, nil},
		{"many names", "c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11,c12\n", Columns{Label: name("y")}, PartLabel, 1,
			`no column named "y": the header names c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, … (12 in all)`, nil},
		{"name without a header", "\n5.1,3.5,1.4,0.2,setosa\n", Columns{X1: name("petal_length"), X2: num(4)}, PartX1, 2,
			`no column named "petal_length": the file has no header (this line is data); give column numbers, from 1 to 5`, nil},
		{"name twice in the header", "x,X,y,label\n", Columns{X1: name("x"), X2: num(3)}, PartX1, 1,
			`the header names 2 columns "x": 1, 2; give the one you mean by number`, nil},
		{"one column twice", iris, Columns{X1: num(3), X2: name("Petal_Length")}, PartX2, 1,
			"x1 and x2 are both column 3 (petal_length); pick two different columns", nil},
		{"coordinate on the default label", iris, Columns{X1: num(3), X2: num(5)}, PartX2, 1,
			"column 5 (species) is both x2 and the label (the last column is the label unless another is picked)", nil},
		{"label on a coordinate", iris, Columns{X1: num(4), X2: num(3), Label: num(4)}, PartLabel, 1,
			"column 4 (petal_width) is both x1 and the label", nil},
		{"string labels without Positive", iris, Columns{X1: num(3), X2: num(4)}, PartLabel, 2,
			`column 5 (species) holds "setosa", not a label -1/+1 (or 0/1); its labels include "setosa", "versicolor", "virginica"`,
			[]string{"setosa", "versicolor", "virginica"}},
		{"a label 2 without Positive", "a,b,y\n1,2,1\n3,4,2\n5,6,-1\n", Columns{X1: num(2), X2: num(1)}, PartLabel, 3,
			`column 3 (y) holds "2", not a label -1/+1 (or 0/1); its labels include "1", "2", "-1"`, []string{"1", "2", "-1"}},
		{"more labels than a message lists", many, Columns{X1: num(1), X2: num(2)}, PartLabel, 2,
			`column 3 (y) holds "one", not a label -1/+1 (or 0/1); its labels include "one", "two", "three", "four", "five", …`,
			[]string{"one", "two", "three", "four", "five"}},
		{"Positive no row has", iris, petals("Versicolor"), PartPositive, 0,
			`no label in column 5 (species) is "Versicolor"; the labels include "setosa", "versicolor", "virginica" (labels are compared as written: did you mean "versicolor"?)`,
			[]string{"setosa", "versicolor", "virginica"}},
		{"Positive every row has", "a,b,species\n1,2,setosa\n3,4,setosa\n", Columns{Positive: "setosa", HasPositive: true}, PartPositive, 0,
			`every label in column 3 (species) is "setosa": one class against the rest needs rows of another class too`,
			[]string{"setosa"}},
	}
	for _, tt := range tests {
		tab, err := ReadCSVColumns(strings.NewReader(tt.in), tt.cols)
		var ce *ColumnError
		if !errors.As(err, &ce) {
			t.Errorf("%s: %d points, %v; want a *ColumnError", tt.name, len(tab.Points), err)
			continue
		}
		if ce.Part != tt.part || ce.Line != tt.line || ce.Msg != tt.msg || !slices.Equal(ce.Values, tt.values) {
			t.Errorf("%s: part %d, line %d:\n %s\n values %q\nwant part %d, line %d:\n %s\n values %q",
				tt.name, ce.Part, ce.Line, ce.Msg, ce.Values, tt.part, tt.line, tt.msg, tt.values)
		}
		if tab.Points != nil {
			t.Errorf("%s: %d points returned with the error", tt.name, len(tab.Points))
		}
	}
}

// TestReadCSVColumnsParseErrors: problems with the data are *ParseError,
// with the line and the column.
func TestReadCSVColumnsParseErrors(t *testing.T) {
	versicolor := Columns{X1: num(3), X2: num(4), Label: num(5), Positive: "versicolor", HasPositive: true}
	tests := []struct {
		name string
		in   string
		cols Columns
		line int
		msg  string // the whole Msg
	}{
		{"not a number", iris + "6.0,2.2,abc,1.5,virginica\n", versicolor, 8, `column 3 (petal_length) "abc" is not a number`},
		{"not a number, no header", "1,2,x,1\n", Columns{X1: num(1), X2: num(3)}, 1, `column 3 "x" is not a number`},
		{"mistyped number", iris + "6.0,2.2,−4.1,1.5,virginica\n", versicolor, 8,
			`column 3 (petal_length) "−4.1" is not a number: it uses the Unicode minus sign U+2212; write -4.1`},
		{"missing value", iris + "6.0,2.2,5.0,NA,virginica\n", versicolor, 8,
			`column 4 (petal_width) "NA" is not a number: is the value missing? every row needs its coordinates; drop the row, or pick other columns`},
		{"empty value", "a,b,y\n1,,1\n", Columns{X1: num(2), X2: num(1)}, 2,
			`column 2 (b) "" is not a number: is the value missing? every row needs its coordinates; drop the row, or pick other columns`},
		{"second header", iris + iris, versicolor, 8, `column 3 (petal_length) "petal_length" is not a number (a second header? only the first line may be one)`},
		{"not finite", "a,b,y\n1,inf,1\n", Columns{X1: num(1), X2: num(2)}, 2, `column 2 (b) is infinite ("inf"); coordinates must be finite numbers`},
		{"out of range", "a,b,y\n1,1e999,1\n", Columns{X1: num(1), X2: num(2)}, 2, `column 2 (b) "1e999" is out of range; coordinates must be finite numbers`},
		{"row too short", iris + "6.0,2.2,5.0,1.5\n", versicolor, 8, "want 5 fields, as line 1 has, got 4"},
		{"row too long", "a,b,c,y\n1,2,3,1\n1,2,3,1,\n", Columns{X1: num(1), X2: num(2)}, 3, "want 4 fields, as line 1 has, got 5"},
		{"semicolons", "a;b;c;y\n", Columns{}, 1, `want 3 fields at least (x1, x2 and a label), got 1 (fields are separated by commas; this line uses ";")`},
		{"empty label", iris + "6.0,2.2,5.0,1.5,\n", versicolor, 8, "the label, column 5 (species), is empty"},
		{"mistyped label", "a,b,c,y\n1,2,3,\u22121\n", Columns{X1: num(1), X2: num(2)}, 2,
			`label "−1" is not one of -1, +1 (or 0, 1): it uses the Unicode minus sign U+2212; write -1`},
		{"labels -1 and 0 mixed", "a,b,c,y\n1,2,3,-1\n1,2,3,0\n", Columns{X1: num(1), X2: num(2)}, 3,
			"label 0 mixed with label -1 on line 2; use either -1/+1 or 0/1"},
		{"unclosed quote", "a,b,y\n1,\"2,1\n", Columns{}, 2, "field 2 opens a quote it does not close on its line (fields cannot span lines)"},
		{"text after a quote", "a,b,y\n1,\"2\"x,1\n", Columns{}, 2,
			`field 2 has "x" after its closing quote; put a comma there, or write a quote inside quotes as ""`},
		{"empty", "\n \n", Columns{}, 0, "the file is empty: want rows of comma-separated values"},
		{"header only", iris[:strings.IndexByte(iris, '\n')+1], versicolor, 0, "the file has a header (line 1) but no data rows"},
	}
	for _, tt := range tests {
		tab, err := ReadCSVColumns(strings.NewReader(tt.in), tt.cols)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %d points, %v; want a *ParseError", tt.name, len(tab.Points), err)
			continue
		}
		if pe.Line != tt.line || pe.Msg != tt.msg {
			t.Errorf("%s: line %d:\n %s\nwant line %d:\n %s", tt.name, pe.Line, pe.Msg, tt.line, tt.msg)
		}
	}
}

// TestReadCSVColumnsLimits: the columns path stops where ReadCSV does.
func TestReadCSVColumnsLimits(t *testing.T) {
	for _, c := range []struct {
		pattern, msg string
	}{
		{"1,2,3,a\n", "more than 1000000 data rows"},
		{"\n", "more than 3000000 lines; kernelscope reads at most 3000000, blank ones included (is it a CSV file?)"},
		{strings.Repeat("1", 5000), tooLong},
	} {
		r := io.MultiReader(strings.NewReader("a,b,c,y\n"), &endless{pattern: c.pattern, stop: 2 * MaxBytes})
		_, err := ReadCSVColumns(r, Columns{Positive: "a", HasPositive: true})
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("endless %.10q: %v; want %q", c.pattern, err, c.msg)
		}
	}
}

func TestParseColumn(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Column
		err  string
	}{
		{"3", num(3), ""}, {" 12 ", num(12), ""}, {"+2", num(2), ""}, {"petal_length", name("petal_length"), ""},
		{" Petal Length ", name("Petal Length"), ""}, {"3a", name("3a"), ""},
		{"0", Column{}, "column 0: columns are numbered from 1"}, {"-1", Column{}, "column -1: columns are numbered from 1"},
		{"99999999999999999999", Column{}, "columns are numbered from 1"}, {" ", Column{}, "a column is empty"},
	} {
		got, err := ParseColumn(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseColumn(%q) = %+v, %v; want an error %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseColumn(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

// BenchmarkReadCSVColumns reads 4000 rows of five columns, two coordinates
// and a string label; compare BenchmarkReadCSV, 4000 rows x1,x2,y.
func BenchmarkReadCSVColumns(b *testing.B) {
	var buf strings.Builder
	buf.WriteString("id,x1,x2,noise,kind\n")
	for i := range 4000 {
		fmt.Fprintf(&buf, "%d,%g,%g,%g,%s\n", i, float64(i)/7, -float64(i)/3, float64(i%13), []string{"a", "b", "c"}[i%3])
	}
	data := buf.String()
	cols := Columns{X1: name("x1"), X2: num(3), Positive: "b", HasPositive: true}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadCSVColumns(strings.NewReader(data), cols); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadCSVColumnsWide reads 200 rows of 1000 columns (about 20 KB
// a row, read through lineReader's long-line path) and picks two.
func BenchmarkReadCSVColumnsWide(b *testing.B) {
	var buf strings.Builder
	for i := range 200 {
		for j := range 999 {
			fmt.Fprintf(&buf, "%.17g,", float64(i*j)/7)
		}
		buf.WriteString([]string{"-1\n", "1\n"}[i%2])
	}
	data := buf.String()
	cols := Columns{X1: num(3), X2: num(500)}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadCSVColumns(strings.NewReader(data), cols); err != nil {
			b.Fatal(err)
		}
	}
}
