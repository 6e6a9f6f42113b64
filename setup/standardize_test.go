package setup

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"kernelscope/crossval"
	"kernelscope/datasets"
	"kernelscope/lab"
)

// resolveWithSplit is resolve with --test and --split-seed bound, as trace and
// the terminal program have them.
func resolveWithSplit(t *testing.T, args ...string) lab.Options {
	t.Helper()
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	f := Bind(fs, "test", Train)
	f.BindSplit()
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	s, err := f.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// extremeRows are 12 rows of income and age whose last three (the rows
// --test 0.25 holds out) are far outside the others: a mean and sd taken
// over every row would be dominated by them.
var extremeRows = []datasets.Point{
	{X1: 31000, X2: 25, Y: 1}, {X1: 42000, X2: 37, Y: -1}, {X1: 38500, X2: 51, Y: 1},
	{X1: 55000, X2: 29, Y: -1}, {X1: 47250, X2: 44, Y: 1}, {X1: 29900, X2: 63, Y: -1},
	{X1: 61000, X2: 35, Y: 1}, {X1: 50500, X2: 58, Y: -1}, {X1: 44000, X2: 22, Y: 1},
	{X1: 9.5e6, X2: -400, Y: -1}, {X1: 8.25e6, X2: 910, Y: 1}, {X1: -7e6, X2: 1200, Y: -1},
}

// refScale is the mean and population sd of each coordinate of pts, by the
// textbook's two passes (sum, then divide; then the squared deviations):
// written apart from datasets.FitScale, which divides as it sums.
func refScale(pts []datasets.Point) (mean, sd [2]float64) {
	n := float64(len(pts))
	for _, p := range pts {
		mean[0] += p.X1
		mean[1] += p.X2
	}
	mean[0] /= n
	mean[1] /= n
	for _, p := range pts {
		sd[0] += (p.X1 - mean[0]) * (p.X1 - mean[0])
		sd[1] += (p.X2 - mean[1]) * (p.X2 - mean[1])
	}
	sd[0], sd[1] = math.Sqrt(sd[0]/n), math.Sqrt(sd[1]/n)
	return mean, sd
}

// TestStandardizeFitsTrainingRowsOnly: with --test, --standardize takes
// each coordinate's mean and sd from the rows training visits, never from
// the held-out ones. Over the training rows the z-scores have mean 0 and
// population sd 1 (to 1e-12), although the held-out rows are thousands of
// times larger; each held-out row is (x − mean)/sd with the training rows'
// mean and sd computed here (refScale), to 1e-12 relative. Held out as the
// last rows and as rows drawn from --split-seed.
func TestStandardizeFitsTrainingRowsOnly(t *testing.T) {
	var b strings.Builder
	b.WriteString("income,age,y\n")
	for _, p := range extremeRows {
		fmt.Fprintf(&b, "%v,%v,%d\n", p.X1, p.X2, p.Y)
	}
	path := filepath.Join(t.TempDir(), "extreme.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, split := range [][]string{nil, {"--split-seed", "7"}} {
		args := append([]string{"--data", path, "--standardize", "--test", "0.25"}, split...)
		name := strings.Join(args[3:], " ")
		s := resolveWithSplit(t, args...)
		rows, err := crossval.HoldOut(len(extremeRows), 0.25, split != nil, 7)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Points) != len(extremeRows) || len(rows.Test) != 3 {
			t.Fatalf("%s: %d points, %d held out", name, len(s.Points), len(rows.Test))
		}
		mean, sd := refScale(crossval.Pick(extremeRows, rows.Train))
		train, test := s.Split()
		if len(train) != len(rows.Train) || len(test) != len(rows.Test) {
			t.Fatalf("%s: split %d/%d, want %d/%d", name, len(train), len(test), len(rows.Train), len(rows.Test))
		}
		// Mean 0 and sd 1 over the training rows.
		for k, get := range []func(datasets.Point) float64{
			func(p datasets.Point) float64 { return p.X1 },
			func(p datasets.Point) float64 { return p.X2 },
		} {
			m, v := 0.0, 0.0
			for _, p := range train {
				m += get(p)
			}
			m /= float64(len(train))
			for _, p := range train {
				v += (get(p) - m) * (get(p) - m)
			}
			if sdz := math.Sqrt(v / float64(len(train))); math.Abs(m) > 1e-12 || math.Abs(sdz-1) > 1e-12 {
				t.Errorf("%s: coordinate %d over the training rows: mean %g, sd %.17g; want 0 and 1 to 1e-12", name, k+1, m, sdz)
			}
		}
		// Every row, held out or not, with the training rows' statistics.
		for _, i := range append(append([]int(nil), rows.Train...), rows.Test...) {
			raw, got := extremeRows[i], s.Points[i]
			want := [2]float64{(raw.X1 - mean[0]) / sd[0], (raw.X2 - mean[1]) / sd[1]}
			for k, g := range [2]float64{got.X1, got.X2} {
				if math.Abs(g-want[k]) > 1e-12*max(1, math.Abs(want[k])) {
					t.Errorf("%s: row %d coordinate %d: z = %.17g, want (x − mean)/sd = %.17g with the training rows' mean %g and sd %g", name, i+1, k+1, g, want[k], mean[k], sd[k])
				}
			}
			if got.Y != raw.Y {
				t.Errorf("%s: row %d: label %d, want %d", name, i+1, got.Y, raw.Y)
			}
		}
	}
}
