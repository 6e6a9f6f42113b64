package cli

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kernelscope/datasets"
)

// irisCSV is the first two rows of each species of Fisher's iris data (UCI
// iris.data), with seaborn's header.
const irisCSV = `sepal_length,sepal_width,petal_length,petal_width,species
5.1,3.5,1.4,0.2,setosa
4.9,3.0,1.4,0.2,setosa
7.0,3.2,4.7,1.4,versicolor
6.4,3.2,4.5,1.5,versicolor
6.3,3.3,6.0,2.5,virginica
5.8,2.7,5.1,1.9,virginica
`

// TestColumnsTrace: trace and export read the petals of iris, versicolor
// against the rest, whether the columns are given by number or by name.
func TestColumnsTrace(t *testing.T) {
	file := writeFile(t, "iris.csv", irisCSV)
	var first string
	for _, pick := range [][]string{
		{"--columns", "3,4", "--label", "5", "--positive", "versicolor"},
		{"--columns", "Petal_Length, petal_width", "--label", "species", "--positive", "versicolor"},
		{"--columns", "petal_length,4", "--positive", "versicolor"}, // the label is the last column
	} {
		args := append([]string{"trace", "--data", file, "--format", "csv", "--epochs", "1"}, pick...)
		out, stderr, code := runCLI(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", pick, code, stderr)
		}
		// t,epoch,i,x1,x2,y,…: one pass visits each of the 6 points once.
		rows := strings.Split(strings.TrimRight(out, "\n"), "\n")[1:]
		if len(rows) != 6 {
			t.Fatalf("%v: %d steps in one pass, want 6:\n%s", pick, len(rows), out)
		}
		var xs, ys []string
		for _, r := range rows {
			f := strings.Split(r, ",")
			xs = append(xs, f[3]+","+f[4])
			ys = append(ys, f[5])
		}
		if xs[0] != "1.4,0.2" || xs[2] != "4.7,1.4" {
			t.Errorf("%v: points %v, want petal length and width, (1.4, 0.2) first", pick, xs)
		}
		if want := []string{"-1", "-1", "1", "1", "-1", "-1"}; !slices.Equal(ys, want) {
			t.Errorf("%v: labels %v, want %v (versicolor +1, the rest −1)", pick, ys, want)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("%v: a different trace from %v", pick, [][]string{{"--columns", "3,4"}})
		}
	}
	out, stderr, code := runCLI("export", "--data", file, "--columns", "3,4", "--positive", "virginica")
	if want := "x1,x2,y\n1.4,0.2,-1\n1.4,0.2,-1\n4.7,1.4,-1\n4.5,1.5,-1\n6,2.5,1\n5.1,1.9,1\n"; code != 0 || out != want {
		t.Errorf("export --columns 3,4 --positive virginica: exit %d, %s\n%s\nwant\n%s", code, stderr, out, want)
	}
}

// TestColumnsOptions: the session knows what was picked, so that the
// terminal program names its axes petal_length and petal_width.
func TestColumnsOptions(t *testing.T) {
	file := writeFile(t, "iris.csv", irisCSV)
	opts := rootOptions(t, "--data", file, "--columns", "PETAL_LENGTH,4", "--positive", "setosa")
	if want := []string{"petal_length", "petal_width", "species"}; !slices.Equal(opts.Header, want) {
		t.Errorf("header %q, want %q", opts.Header, want)
	}
	want := datasets.Columns{X1: datasets.Column{Number: 3, Name: "petal_length"}, X2: datasets.Column{Number: 4, Name: "petal_width"},
		Label: datasets.Column{Number: 5, Name: "species"}, Positive: "setosa", HasPositive: true}
	if opts.Columns != want || len(opts.Points) != 6 || opts.Points[0] != (datasets.Point{X1: 1.4, X2: 0.2, Y: 1}) {
		t.Errorf("columns %+v, %d points starting %v; want %+v", opts.Columns, len(opts.Points), opts.Points[0], want)
	}
	// Without the new flags a file is rows x1,x2,y, as it always was.
	plain := rootOptions(t, "--data", writeFile(t, "xy.csv", "a,b,y\n1,2,1\n3,4,-1\n"))
	if !plain.Columns.IsZero() || !slices.Equal(plain.Header, []string{"a", "b", "y"}) || len(plain.Points) != 2 {
		t.Errorf("plain --data: columns %+v, header %q, %d points", plain.Columns, plain.Header, len(plain.Points))
	}
}

// TestColumnsErrors: a selection that does not fit the file is a usage
// error (exit 2) naming the flag, the file and what it holds; bad data in
// the picked columns is a data error (exit 1) with its line. Each is one
// line on stderr.
func TestColumnsErrors(t *testing.T) {
	file := writeFile(t, "iris.csv", irisCSV)
	bad := writeFile(t, "bad.csv", irisCSV+"6.0,2.2,abc,1.5,virginica\n")
	setosa := writeFile(t, "setosa.csv", "a,b,species\n1,2,setosa\n3,4,setosa\n")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--columns", "9,1", "--label", "5"}, exitUsage,
			"--columns 9,1: " + file + ": line 1: no column 9: the header names 5 columns: sepal_length, sepal_width, petal_length, petal_width, species"},
		{[]string{"--columns", "petal_len,petal_width", "--positive", "setosa"}, exitUsage,
			`--columns petal_len,petal_width: ` + file + `: line 1: no column named "petal_len": the header names sepal_length, sepal_width, petal_length, petal_width, species`},
		{[]string{"--columns", "3,4", "--label", "5"}, exitUsage,
			`--label 5: ` + file + `: line 2: column 5 (species) holds "setosa", not a label -1/+1 (or 0/1); its labels include "setosa", "versicolor", "virginica"; to learn one of them against the rest, add --positive LABEL, e.g. --positive setosa`},
		{[]string{"--columns", "3,4", "--positive", "Setosa"}, exitUsage,
			`--positive Setosa: ` + file + `: no label in column 5 (species) is "Setosa"`},
		{[]string{"--columns", "3,5"}, exitUsage, "--columns 3,5: " + file + ": line 1: column 5 (species) is both x2 and the label"},
		{[]string{"--columns", "3,4,5"}, exitUsage, "--columns 3,4,5: want two columns, x₁ and x₂, as 3,4 or petal_length,petal_width; or one, for points on a line (1-D), as 3"},
		{[]string{"--columns", "5", "--positive", "setosa"}, exitUsage, "--columns 5: " + file + ": line 1: column 5 (species) is both x1 and the label"},
		{[]string{"--columns", "0,1"}, exitUsage, "--columns 0,1: column 0: columns are numbered from 1"},
		{[]string{"--positive", " "}, exitUsage, "--positive needs a value"},
	} {
		args := append([]string{"trace", "--data", file}, c.args...)
		out, stderr, code := runCLI(args...)
		if code != c.code || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want exit %d and %q", c.args, code, out, stderr, c.code, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"trace", "--data", bad, "--columns", "3,4", "--positive", "setosa"}, exitData,
			`kernelscope: ` + bad + `: line 8: column 3 (petal_length) "abc" is not a number`},
		{[]string{"trace", "--data", setosa, "--positive", "setosa"}, exitUsage,
			`--positive setosa: ` + setosa + `: every label in column 3 (species) is "setosa": one class against the rest needs rows of another class too`},
		{[]string{"trace", "--dataset", "xor", "--columns", "1,2"}, exitUsage, "--columns picks columns of a --data file"},
		{[]string{"export", "--label", "3"}, exitUsage, "--label picks columns of a --data file"},
		// No new flag: the file is rows x1,x2,y, and iris is not.
		{[]string{"trace", "--data", file}, exitData, "line 1: want 3 fields x1,x2,y, got 5"},
	} {
		out, stderr, code := runCLI(c.args...)
		if code != c.code || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want exit %d and %q", c.args, code, out, stderr, c.code, c.want)
		}
	}
	// What is not picked is not read: the bad petal length is no matter
	// for the sepals.
	if out, stderr, code := runCLI("export", "--data", bad, "--columns", "1,2", "--positive", "setosa"); code != 0 || strings.Count(out, "\n") != 8 {
		t.Errorf("export of the sepals of a file with a bad petal: exit %d, %s\n%s", code, stderr, out)
	}
}

// TestColumnsWide: a 1000-column CSV (about 20 KB a row, past the old
// 4096-byte line limit) is read with --columns: its trace is the trace of
// a three-column file of the same two columns and label. Without
// --columns, the error says how to pick them.
func TestColumnsWide(t *testing.T) {
	const cols, rows = 1000, 40
	rng := rand.New(rand.NewPCG(28, 13))
	var wide, narrow strings.Builder
	for j := range cols {
		if j > 0 {
			wide.WriteByte(',')
		}
		fmt.Fprintf(&wide, "feature_%d", j+1)
	}
	wide.WriteString("\n")
	narrow.WriteString("feature_7,feature_500,feature_1000\n")
	for range rows {
		row := make([]string, cols)
		for j := range cols - 1 {
			row[j] = strconv.FormatFloat(rng.NormFloat64(), 'g', -1, 64) // full precision: ~19 bytes
		}
		row[cols-1] = []string{"-1", "1"}[rng.IntN(2)]
		wide.WriteString(strings.Join(row, ",") + "\n")
		narrow.WriteString(row[6] + "," + row[499] + "," + row[cols-1] + "\n")
	}
	if line, _, _ := strings.Cut(wide.String()[strings.IndexByte(wide.String(), '\n')+1:], "\n"); len(line) < 16<<10 {
		t.Fatalf("a row of the wide file is %d bytes; want it well past 4096", len(line))
	}
	wideFile := writeFile(t, "wide.csv", wide.String())
	narrowFile := writeFile(t, "narrow.csv", narrow.String())
	got, stderr, code := runCLI("trace", "--data", wideFile, "--columns", "7,feature_500", "--format", "csv")
	if code != 0 {
		t.Fatalf("1000 columns with --columns: exit %d, %s", code, stderr)
	}
	want, stderr, code := runCLI("trace", "--data", narrowFile, "--format", "csv")
	if code != 0 || got != want || strings.Count(got, "\n") <= rows {
		t.Errorf("the 1000-column trace differs from the 3-column one (exit %d %s):\n%.300s\nwant\n%.300s", code, stderr, got, want)
	}

	out, stderr, code := runCLI("trace", "--data", wideFile)
	if code != exitData || out != "" || strings.Count(stderr, "\n") != 1 ||
		!strings.Contains(stderr, "line 1: want 3 fields x1,x2,y, got 1000; to read two of its 1000 columns, pick them: --columns X1,X2") {
		t.Errorf("1000 columns without --columns: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}
