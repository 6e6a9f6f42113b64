package datasets

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestReadCSVHeaderRule: a first line is a header when its first field looks
// like a column name, in any script, quoted or after numpy's '#'.
func TestReadCSVHeaderRule(t *testing.T) {
	tests := []struct {
		in     string
		header []string
	}{
		{"x1,x2,y\n1,2,1\n", []string{"x1", "x2", "y"}},
		{"\"height (cm)\",weight,label\n1,2,1\n", []string{"height (cm)", "weight", "label"}},
		{"temp_°C,humidity,y\n1,2,1\n", []string{"temp_°C", "humidity", "y"}},
		{"Höhe,Breite,Klasse\n1,2,1\n", []string{"Höhe", "Breite", "Klasse"}},
		{"_a,_b,_y\n1,2,1\n", []string{"_a", "_b", "_y"}},
		{"高さ,幅,ラベル\n1,2,1\n", []string{"高さ", "幅", "ラベル"}},
		{"Ωmega,b,c\n1,2,1\n", []string{"Ωmega", "b", "c"}},
		{"# x1,x2,y\n1,2,1\n", []string{"x1", "x2", "y"}}, // numpy.savetxt(header="x1,x2,y")
		{"#x1,x2,y\n1,2,1\n", []string{"x1", "x2", "y"}},
		{"\ufeff\n \n  y , 2 , 1 \n1,2,1\n", []string{"y", "2", "1"}}, // only the first field decides
	}
	// Numbers as Go writes them are data, not headers: 1_000 is 1000.
	if tab, err := ReadCSV(strings.NewReader("1_000,-0x1p-2,1\n")); err != nil || tab.Header != nil || !slices.Equal(tab.Points, []Point{{1000, -0.25, 1}}) {
		t.Errorf("ReadCSV(1_000,-0x1p-2,1) = %q, %v, %v; want the point (1000, -0.25, 1)", tab.Header, tab.Points, err)
	}
	for _, tt := range tests {
		tab, err := ReadCSV(strings.NewReader(tt.in))
		if err != nil || !slices.Equal(tab.Header, tt.header) || !slices.Equal(tab.Points, []Point{{1, 2, 1}}) {
			t.Errorf("ReadCSV(%q) = %q, %v, %v; want header %q and one point", tt.in, tab.Header, tab.Points, err, tt.header)
		}
	}
}

// TestReadCSVAlmostNumbers: a field meant as a number but written so that
// ParseFloat refuses it is an error that says why, on the first line (where
// it used to be taken for a header, losing the row) as on any other.
func TestReadCSVAlmostNumbers(t *testing.T) {
	tests := []struct {
		in   string
		line int
		msg  string // the whole ParseError.Msg
	}{
		// First lines: never a header, and the row is not lost.
		{"0x10,1,1\n2,3,1\n", 1, `field 1 "0x10" is not a number (hexadecimal integers are not read; write 16)`},
		{"−1,2,1\n2,3,1\n", 1, `field 1 "−1" is not a number: it uses the Unicode minus sign U+2212; write -1`},
		{"–1.5,2,1\n2,3,1\n", 1, `field 1 "–1.5" is not a number: it uses the en dash U+2013; write -1.5`},
		{"‒1,2,1\n2,3,1\n", 1, `field 1 "‒1" is not a number: it uses the figure dash U+2012; write -1`},
		{"﹣1,2,1\n2,3,1\n", 1, `field 1 "﹣1" is not a number: it uses the small hyphen-minus U+FE63; write -1`},
		{"－1,2,1\n2,3,1\n", 1, `field 1 "－1" is not a number: it uses the fullwidth hyphen-minus U+FF0D; write -1`},
		{"-0x1.8,2,1\n2,3,1\n", 1, `field 1 "-0x1.8" is not a number (hexadecimal fractions are not read; write -1.5)`},
		{"0b101,2,1\n2,3,1\n", 1, `field 1 "0b101" is not a number (binary is not read; write 5)`},
		{"0o17,2,1\n2,3,1\n", 1, `field 1 "0o17" is not a number (octal is not read; write 15)`},
		{"1'000,2,1\n2,3,1\n", 1, `field 1 "1'000" is not a number: it groups digits with '\''; write 1000`},
		{"-12 345.5,2,1\n", 1, `field 1 "-12 345.5" is not a number: it groups digits with ' '; write -12345.5`},
		{"1\u202f000,2,1\n", 1, `field 1 "1\u202f000" is not a number: it groups digits with the narrow no-break space U+202F; write 1000`},
		{"12%,2,1\n", 1, `field 1 "12%" is not a number: it has "%" after the number 12`},
		{"3 cm,2,1\n", 1, `field 1 "3 cm" is not a number: it has " cm" after the number 3`},
		{".5.5,2,1\n", 1, `field 1 ".5.5" is not a number: it has ".5" after the number .5`},
		{"１,2,1\n", 1, `field 1 "１" is not a number: it uses the digit '１' U+FF11, not an ASCII digit; write 1`},
		{"٣.٥,2,1\n", 1, `field 1 "٣.٥" is not a number: it uses the digit '٣' U+0663, not an ASCII digit; write 3.5`},
		{"\u200b1,2,1\n", 1, `field 1 "\u200b1" is not a number: it uses the invisible character U+200B; write 1`},
		{"# 1,2,1\n", 1, `field 1 "# 1" is not a number: "#" does not start a comment in a CSV file; delete the line or the "#"`},
		{",2,1\n", 1, `field 1 "" is not a number, nor a column name (a header's first field starts with a letter or _)`},
		{"-,2,1\n", 1, `field 1 "-" is not a number, nor a column name (a header's first field starts with a letter or _)`},
		{"(cm),2,1\n", 1, `field 1 "(cm)" is not a number, nor a column name (a header's first field starts with a letter or _)`},
		{"1\x00,2,1\n", 1, `field 1 "1\x00" is not a number: it holds NUL bytes (is the file UTF-16? save it as UTF-8)`},
		// Later lines, other fields, labels.
		{"1,2,1\n−1,2,1\n", 2, `field 1 "−1" is not a number: it uses the Unicode minus sign U+2212; write -1`},
		{"x1,x2,y\n1,−2e3,1\n", 2, `field 2 "−2e3" is not a number: it uses the Unicode minus sign U+2212; write -2e3`},
		{"1,0x10,1\n", 1, `field 2 "0x10" is not a number (hexadecimal integers are not read; write 16)`},
		{"1,2,−1\n", 1, `label "−1" is not one of -1, +1 (or 0, 1): it uses the Unicode minus sign U+2212; write -1`},
		{"1,2,＋1\n", 1, `label "＋1" is not one of -1, +1 (or 0, 1): it uses the fullwidth plus sign U+FF0B; write +1`},
		{"x1,x2,y\nabc,2,1\n", 2, `field 1 "abc" is not a number (only the first line may be a header)`},
		{"−x,2,1\n", 1, `field 1 "−x" is not a number: it uses the Unicode minus sign U+2212`},
		// Separators other than commas.
		{"1;2;1\n", 1, `want 3 fields x1,x2,y, got 1 (fields are separated by commas; this line uses ";")`},
		{"x1\tx2\ty\n", 1, `want 3 fields x1,x2,y, got 1 (fields are separated by commas; this line uses "\t")`},
	}
	for _, tt := range tests {
		tab, err := ReadCSV(strings.NewReader(tt.in))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ReadCSV(%q) = %q, %v, %v; want a *ParseError", tt.in, tab.Header, tab.Points, err)
			continue
		}
		if pe.Line != tt.line || pe.Msg != tt.msg {
			t.Errorf("ReadCSV(%q) error on line %d:\n %s\nwant line %d:\n %s", tt.in, pe.Line, pe.Msg, tt.line, tt.msg)
		}
	}
}

func TestDigitValue(t *testing.T) {
	for _, c := range []struct {
		r    rune
		want rune
	}{{'0', 0}, {'7', 7}, {'٠', 0}, {'٩', 9}, {'０', 0}, {'９', 9}, {'𝟎', 0}, {'𝟗', 9}, {'𝟘', 0}, {'𝟡', 9}, {'𝟿', 9}} {
		if got := digitValue(c.r); got != c.want {
			t.Errorf("digitValue(%q U+%04X) = %d, want %d", c.r, c.r, got, c.want)
		}
	}
}
