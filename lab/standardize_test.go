package lab

import (
	"context"
	"math"
	"strings"
	"testing"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/learn"
)

// extremeData is 12 rows of income and age whose last three, the rows a
// 0.25 hold-out keeps back, are far outside the others.
func extremeData() Options {
	return Options{
		File: "extreme.csv",
		Points: []datasets.Point{
			{X1: 31000, X2: 25, Y: 1}, {X1: 42000, X2: 37, Y: -1}, {X1: 38500, X2: 51, Y: 1},
			{X1: 55000, X2: 29, Y: -1}, {X1: 47250, X2: 44, Y: 1}, {X1: 29900, X2: 63, Y: -1},
			{X1: 61000, X2: 35, Y: 1}, {X1: 50500, X2: 58, Y: -1}, {X1: 44000, X2: 22, Y: 1},
			{X1: 9.5e6, X2: -400, Y: -1}, {X1: 8.25e6, X2: 910, Y: 1}, {X1: -7e6, X2: 1200, Y: -1},
		},
		Config:  learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 100, Seed: 1},
		Holdout: Holdout{Fraction: 0.25},
	}
}

// checkZ fails unless z are raw's z-scores with the mean and population sd
// of raw's rows fit, computed here by the textbook's two passes (sum, then
// divide; then the squared deviations), to 1e-12 relative; and unless the
// rows fit then have mean 0 and sd 1 in z, to 1e-12.
func checkZ(t *testing.T, what string, raw, z []datasets.Point, fit []int) {
	t.Helper()
	if len(z) != len(raw) {
		t.Fatalf("%s: %d points, want %d", what, len(z), len(raw))
	}
	coord := func(p datasets.Point, k int) float64 { return [2]float64{p.X1, p.X2}[k] }
	n := float64(len(fit))
	for k := range 2 {
		var mean, sd, zm, zv float64
		for _, i := range fit {
			mean += coord(raw[i], k)
			zm += coord(z[i], k)
		}
		mean, zm = mean/n, zm/n
		for _, i := range fit {
			sd += (coord(raw[i], k) - mean) * (coord(raw[i], k) - mean)
			zv += (coord(z[i], k) - zm) * (coord(z[i], k) - zm)
		}
		sd = math.Sqrt(sd / n)
		if zsd := math.Sqrt(zv / n); math.Abs(zm) > 1e-12 || math.Abs(zsd-1) > 1e-12 {
			t.Errorf("%s: coordinate %d over the %d rows it is fitted on: mean %g, sd %.17g; want 0 and 1 to 1e-12", what, k+1, len(fit), zm, zsd)
		}
		for i := range raw {
			want := (coord(raw[i], k) - mean) / sd
			if got := coord(z[i], k); math.Abs(got-want) > 1e-12*max(1, math.Abs(want)) {
				t.Errorf("%s: row %d coordinate %d: z = %.17g, want %.17g (the first row of this coordinate that differs)", what, i+1, k+1, got, want)
				break
			}
		}
	}
}

// all is the rows 0…n−1.
func all(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// TestStandardizeKeyFitsTrainingRows: u with rows held out takes the mean
// and sd of the training rows only, the held-out rows scaled with them; h
// then puts the rows back and the z-scores are every row's, and h again
// holds them out and the z-scores are the training rows' again, bit for
// bit as before (computed from the points as they were, which u keeps);
// u once more brings those back exactly. Held out as the last rows and as
// a drawn subset.
func TestStandardizeKeyFitsTrainingRows(t *testing.T) {
	for _, h := range []Holdout{{Fraction: 0.25}, {Fraction: 0.25, Shuffled: true, Seed: 7}} {
		o := extremeData()
		o.Holdout = h
		raw := o.Points
		rows, err := crossval.HoldOut(len(raw), h.Fraction, h.Shuffled, h.Seed)
		if err != nil {
			t.Fatal(err)
		}
		s := open(t, o)
		if _, err := s.Standardize(); err != nil {
			t.Fatal(err)
		}
		held := s.Options().Points
		checkZ(t, "u, rows held out", raw, held, rows.Train)
		if err := s.ToggleHoldout(); err != nil {
			t.Fatal(err)
		}
		checkZ(t, "u, then h: nothing held out", raw, s.Options().Points, all(len(raw)))
		if err := s.ToggleHoldout(); err != nil {
			t.Fatal(err)
		}
		for i, p := range s.Options().Points {
			if p != held[i] {
				t.Fatalf("u, h, h: row %d is %v, was %v before h put the rows back", i+1, p, held[i])
			}
		}
		if _, err := s.Standardize(); err != nil {
			t.Fatal(err)
		}
		for i, p := range s.Options().Points {
			if p != raw[i] {
				t.Fatalf("u, h, h, u: row %d is %v, want the original %v", i+1, p, raw[i])
			}
		}
	}
}

// TestStandardizedFlagThenHoldout: points standardized when the session
// opens (--standardize; Options.Standardize) keep the data as it was, so h
// refits on the new training rows from it, and u goes back to it. Without
// it (a session file holds only z-scores), h refits on the z-scores, which
// give the same z-scores to rounding: checked to 1e-12 against the raw
// rows all the same.
func TestStandardizedFlagThenHoldout(t *testing.T) {
	o := extremeData()
	raw := o.Points
	rows, _ := crossval.HoldOut(len(raw), 0.25, false, 0)
	o.Standardize()
	checkZ(t, "--standardize --test 0.25", raw, o.Points, rows.Train)
	for _, keep := range []bool{true, false} {
		oo := o
		if !keep {
			oo.Raw = nil
		}
		s := open(t, oo)
		if err := s.ToggleHoldout(); err != nil {
			t.Fatal(err)
		}
		checkZ(t, "--standardize --test 0.25, then h", raw, s.Options().Points, all(len(raw)))
		if err := s.ToggleHoldout(); err != nil {
			t.Fatal(err)
		}
		checkZ(t, "--standardize --test 0.25, then h h", raw, s.Options().Points, rows.Train)
		_, err := s.Standardize()
		switch {
		case keep && (err != nil || s.Options().Standardized || s.Options().Points[9] != raw[9]):
			t.Errorf("u after --standardize: %v, standardized %v; want the original points", err, s.Options().Standardized)
		case !keep && (err == nil || !strings.Contains(err.Error(), "not kept")):
			t.Errorf("u on z-scores of a session file: %v; want a refusal that says the original scale is not kept", err)
		}
	}
}

// TestEditInZScoresKeepsTheEdit: a point added as a z-score has no
// original scale, so u refuses to go back rather than drop it (on
// 16a85a8 u went back to the points before u, and the added point was
// gone).
func TestEditInZScoresKeepsTheEdit(t *testing.T) {
	s := open(t, builtin(t, "moons", 20))
	if _, err := s.Standardize(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddPoint(0.1, 0.2, 1); err != nil {
		t.Fatal(err)
	}
	_, err := s.Standardize()
	if o := s.Options(); err == nil || len(o.Points) != 21 || !o.Standardized || o.Points[20] != (datasets.Point{X1: 0.1, X2: 0.2, Y: 1}) {
		t.Errorf("u after adding a point as a z-score: %v; %d points, standardized %v; want a refusal and the 21 points kept", err, len(o.Points), o.Standardized)
	}
}

// TestStandardizedSessionReopens: a session standardized with rows held
// out (u, then h) saves its z-scores, and reopens with the same points bit
// for bit, the same α at the same step, and the original scale known
// again (the points are moons', regenerated), so u goes back to it.
func TestStandardizedSessionReopens(t *testing.T) {
	o := builtin(t, "moons", 40)
	s := open(t, o)
	if _, err := s.Standardize(); err != nil {
		t.Fatal(err)
	}
	if err := s.ToggleHoldout(); err != nil {
		t.Fatal(err)
	}
	for range 25 {
		s.Step()
	}
	snap := s.Snapshot()
	rows, _ := snap.SplitRows()
	checkZ(t, "u, h", o.Points, snap.Points, rows.Train)
	var buf strings.Builder
	if err := WriteSession(&buf, snap); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSession(strings.NewReader(buf.String()), "z.json")
	if err != nil {
		t.Fatalf("the saved session does not reopen: %v", err)
	}
	r, err := OpenSession(context.Background(), back, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range r.Options().Points {
		if p != snap.Points[i] {
			t.Fatalf("reopened: point %d is %v, saved %v", i+1, p, snap.Points[i])
		}
	}
	if r.p.T() != s.p.T() {
		t.Fatalf("reopened at step %d, saved at %d", r.p.T(), s.p.T())
	}
	for i := range s.p.N() {
		if r.p.Alpha(i) != s.p.Alpha(i) {
			t.Errorf("reopened: α%d = %v, saved %v", i+1, r.p.Alpha(i), s.p.Alpha(i))
		}
	}
	if _, err := r.Standardize(); err != nil || r.Options().Points[0] != o.Points[0] {
		t.Errorf("u on the reopened session: %v; want moons' own points back", err)
	}
}

// TestOldStandardizedSessionStillOpens: a file written before z-scores
// were the training rows' holds points standardized over every row, held
// out or not. It still opens as unedited moons, and replays on exactly
// its points: α after its steps is a perceptron's trained here on the
// training rows of those points.
func TestOldStandardizedSessionStillOpens(t *testing.T) {
	o := builtin(t, "moons", 40)
	o.Points, o.Standardized = datasets.Standardize(o.Points), true
	o.Holdout = Holdout{Fraction: 0.3}
	o.Replay = Replay{Steps: 30}
	var buf strings.Builder
	if err := WriteSession(&buf, o); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSession(strings.NewReader(buf.String()), "old.json")
	if err != nil {
		t.Fatalf("a file of every row's z-scores does not reopen: %v", err)
	}
	s, err := OpenSession(context.Background(), back, nil)
	if err != nil {
		t.Fatal(err)
	}
	train, _ := o.Split()
	ref, err := learn.NewLearner(o.Config, datasets.Examples(train))
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		if _, err := ref.Step(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range ref.N() {
		if s.p.Alpha(i) != ref.Alpha(i) {
			t.Errorf("α%d = %v after the replay, want %v", i+1, s.p.Alpha(i), ref.Alpha(i))
		}
	}
}
