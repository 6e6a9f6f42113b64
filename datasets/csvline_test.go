package datasets

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestReadCSVColumnsOneD: one column read as the coordinate puts every
// point on the line x₂ = 0 (Columns.OneD); a file of two fields, x and y,
// is enough, and the label's default is still the last column.
func TestReadCSVColumnsOneD(t *testing.T) {
	for _, tt := range []struct {
		name   string
		in     string
		cols   Columns
		header []string
		pts    []Point
		picked Columns
	}{
		{"x,y", "x,y\n-1,-1\n0,1\n1,-1\n", Columns{X1: num(1), OneD: true}, []string{"x", "", "y"},
			[]Point{{-1, 0, -1}, {0, 0, 1}, {1, 0, -1}},
			Columns{X1: Column{1, "x"}, Label: Column{2, "y"}, OneD: true}},
		{"a column of a wider file", iris, Columns{X1: name("petal_length"), Positive: "versicolor", HasPositive: true, OneD: true},
			[]string{"petal_length", "", "species"},
			[]Point{{1.4, 0, -1}, {1.4, 0, -1}, {4.7, 0, 1}, {4.5, 0, 1}, {6.0, 0, -1}, {5.1, 0, -1}},
			Columns{X1: Column{3, "petal_length"}, Label: Column{5, "species"}, Positive: "versicolor", HasPositive: true, OneD: true}},
		{"no header, the default column", "0.5,1\n-0.5,-1\n", Columns{OneD: true}, nil,
			[]Point{{0.5, 0, 1}, {-0.5, 0, -1}}, Columns{X1: num(1), Label: num(2), OneD: true}},
	} {
		tab, err := ReadCSVColumns(strings.NewReader(tt.in), tt.cols)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !slices.Equal(tab.Points, tt.pts) || !slices.Equal(tab.Header, tt.header) || tab.Columns != tt.picked {
			t.Errorf("%s: points %v header %q columns %+v;\nwant %v %q %+v", tt.name, tab.Points, tab.Header, tab.Columns, tt.pts, tt.header, tt.picked)
		}
	}
	// Two fields are enough for one coordinate, not for two; one is never.
	if _, err := ReadCSVColumns(strings.NewReader("x,y\n1,1\n"), Columns{}); err == nil || !strings.Contains(err.Error(), "want 3 fields") {
		t.Errorf("x,y read as a plane: %v", err)
	}
	if _, err := ReadCSVColumns(strings.NewReader("1\n2\n"), Columns{OneD: true}); err == nil || !strings.Contains(err.Error(), "want 2 fields at least (x and a label)") {
		t.Errorf("one field: %v", err)
	}
	// The label and the coordinate cannot be one column, nor can x₂ be picked.
	var ce *ColumnError
	if _, err := ReadCSVColumns(strings.NewReader("x,y\n1,1\n"), Columns{X1: num(2), OneD: true}); !errors.As(err, &ce) {
		t.Errorf("x is the label: %v", err)
	}
	if _, err := ReadCSVColumns(strings.NewReader("a,b,y\n1,2,1\n"), Columns{X1: num(1), X2: num(2), OneD: true}); !errors.As(err, &ce) || ce.Part != PartX2 {
		t.Errorf("x₂ picked for a line: %v", err)
	}
}
