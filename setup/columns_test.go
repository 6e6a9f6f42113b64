package setup

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kernelscope/datasets"
)

// TestColumnFlags: --columns, --label and --positive pick from a --data
// file; a pick that does not fit it is a usage error that still unwraps to
// the *datasets.ColumnError, and they are refused without --data.
func TestColumnFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "iris.csv")
	csv := "sepal_length,sepal_width,petal_length,petal_width,species\n5.1,3.5,1.4,0.2,setosa\n7.0,3.2,4.7,1.4,versicolor\n"
	if err := os.WriteFile(file, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := resolve(Export, "--data", file, "--columns", "petal_width,3", "--positive", "setosa", "--standardize")
	if err != nil {
		t.Fatal(err)
	}
	if s.Columns.X1.Number != 4 || s.Columns.X2.Name != "petal_length" || len(s.Points) != 2 || s.Points[0].Y != 1 || s.Points[1].Y != -1 {
		t.Errorf("picked %+v, points %v", s.Columns, s.Points)
	}
	_, err = resolve(Train, "--data", file, "--columns", "9,1")
	var ue *UsageError
	var ce *datasets.ColumnError
	if !errors.As(err, &ue) || !errors.As(err, &ce) || ce.Part != datasets.PartX1 {
		t.Errorf("--columns 9,1: %v; want a usage error wrapping a *datasets.ColumnError about x1", err)
	}
	for _, args := range [][]string{
		{"--columns", "1,2"},
		{"--dataset", "xor", "--label", "3"},
		{"--data", file, "--columns", "1,2,3"},
		{"--data", file, "--label", ""},
		{"--data", file, "--positive", ""},
	} {
		if _, err := resolve(Export, args...); !errors.As(err, &ue) {
			t.Errorf("%q: %v; want a usage error", args, err)
		}
	}
}

func TestExample(t *testing.T) {
	for in, want := range map[string]string{
		"setosa": "setosa", "Iris-setosa": "Iris-setosa", "2.5": "2.5",
		"Iris setosa": "'Iris setosa'", "it's": `'it'\''s'`, "a\x1b[2J": "VALUE",
	} {
		if got := example(in); got != want {
			t.Errorf("example(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestOneColumn: --columns naming one column reads points on a line, x₂ =
// 0, the data 1-D (lab.Options.OneD); a usage error about it names the
// one column given.
func TestOneColumn(t *testing.T) {
	file := filepath.Join(t.TempDir(), "iris.csv")
	csv := "sepal_length,sepal_width,petal_length,petal_width,species\n5.1,3.5,1.4,0.2,setosa\n7.0,3.2,4.7,1.4,versicolor\n"
	if err := os.WriteFile(file, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := resolve(Train, "--data", file, "--columns", "petal_length", "--positive", "versicolor", "--kernel", "poly(d=2,c=1)")
	if err != nil {
		t.Fatal(err)
	}
	want := []datasets.Point{{X1: 1.4, Y: -1}, {X1: 4.7, Y: 1}}
	if !s.OneD() || !slices.Equal(s.Points, want) || s.Columns.X1.Number != 3 || s.Columns.X2 != (datasets.Column{}) {
		t.Errorf("--columns petal_length: 1-D %v, points %v, columns %+v; want the line, %v", s.OneD(), s.Points, s.Columns, want)
	}
	if a, _ := s.AxisNames(); a != "petal_length" {
		t.Errorf("the line's name: %q, want petal_length", a)
	}
	_, err = resolve(Train, "--data", file, "--columns", "5")
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, "--columns 5: ") {
		t.Errorf("--columns 5 (the label's column): %v; want a usage error that names --columns 5", err)
	}
}
