package lab

import (
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// lineFile is a session on one column of a file: points on a line.
func lineFile(t testing.TB) Options {
	t.Helper()
	return Options{
		File: "iris.csv", Seed: 1,
		Columns: datasets.Columns{X1: datasets.Column{Number: 3, Name: "petal_length"},
			Label: datasets.Column{Number: 5, Name: "species"}, Positive: "versicolor", HasPositive: true, OneD: true},
		Header: []string{"petal_length", "", "species"},
		Points: []datasets.Point{{X1: 1.4, Y: -1}, {X1: 4.7, Y: 1}, {X1: 6, Y: -1}},
		Config: learn.Config{Kernel: learn.Poly{D: 2, C: 1}, Tie: learn.TieMistake, Epochs: 100, Seed: 1,
			Learner: "perceptron", Params: learn.NewParams("budget", 10).With("C", 1).With("tol", learn.DefaultTol)},
	}
}

// TestOneD: what makes data 1-D is where it came from (interval, or one
// column of a file), not its values.
func TestOneD(t *testing.T) {
	if !builtin(t, "interval", 0).OneD() || !lineFile(t).OneD() {
		t.Error("interval, or one column of a file, is not 1-D")
	}
	flat := builtin(t, "xor", 0)
	for i := range flat.Points {
		flat.Points[i].X2 = 0
	}
	if flat.OneD() || builtin(t, "worked4", 0).OneD() {
		t.Error("a plane's points (with x₂ = 0 or not) are 1-D")
	}
}

// TestSessionOnLine: a session file of 1-D data reads back as 1-D (the
// file's column leaves x2 out), and one with a point off its line is
// refused.
func TestSessionOnLine(t *testing.T) {
	for name, o := range map[string]Options{"interval": builtin(t, "interval", 0), "one column": lineFile(t)} {
		o.Config.Learner, o.Config.Params = "perceptron", lineFile(t).Config.Params
		file := writeSession(t, o)
		got, err := ReadSession(strings.NewReader(file), "s.json")
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, file)
		}
		sameOptions(t, got, o)
		if !got.OneD() {
			t.Errorf("%s: read back as a plane", name)
		}
		if name == "one column" && strings.Contains(file, `"x2"`) {
			t.Errorf("one column: the file names an x2 column:\n%s", file)
		}
	}
	o := lineFile(t)
	o.Points[1].X2 = 0.5
	_, err := ReadSession(strings.NewReader(writeSession(t, o)), "s.json")
	if err == nil || !strings.Contains(err.Error(), "point 2 has x2 = 0.5; the data are points on a line (1-D), x2 = 0") {
		t.Errorf("a point off the line: %v", err)
	}
}

// TestFieldOnLine: the field of 1-D data is one row of lattice points on
// the line x₂ = 0, a point a pixel across, f(x, 0) at each; the view is
// the data's range, not widened for square pixels. Back on a plane the
// lattice is the plane's again, for the same plot.
func TestFieldOnLine(t *testing.T) {
	s := open(t, builtin(t, "interval", 0))
	s.Resize(60, 20)
	train(s)
	fd := s.Field()
	if fd.W != 60 || fd.H != 1 {
		t.Fatalf("lattice %d×%d, want 60×1", fd.W, fd.H)
	}
	if v := s.View(); v.MinX1 != -1.25 || v.MaxX1 != 1.25 {
		t.Errorf("view %+v, want x₁ over [−1.25, 1.25]: interval's range with a quarter each side", v)
	}
	for c := range fd.W {
		x1, x2 := fd.Point(c, 0)
		// f(x) = 2 − 6x² (learn's TestIntervalConverges).
		if want := 2 - 6*x1*x1; x2 != 0 || abs(fd.At(c, 0)-want) > 1e-9 {
			t.Errorf("lattice point %d at (%v, %v): f = %v, want f(x, 0) = %v", c, x1, x2, fd.At(c, 0), want)
		}
	}
	xor, _ := datasets.Lookup("xor")
	if err := s.UseBuiltin(xor, false); err != nil {
		t.Fatal(err)
	}
	if fd := s.Field(); fd.W != 60 || fd.H != 20 {
		t.Errorf("xor after interval: lattice %d×%d, want 60×20", fd.W, fd.H)
	}
	// Editing keeps the points on their line.
	s2 := open(t, builtin(t, "interval", 0))
	if _, err := s2.AddPoint(0.3, 0.7, 1); err != nil {
		t.Fatal(err)
	}
	if p := s2.Options().Points[20]; p.X1 != 0.3 || p.X2 != 0 {
		t.Errorf("added %v to 1-D data, want (0.3, 0)", p)
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
