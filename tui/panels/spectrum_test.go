package panels

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// spectrumPoints are n points on a spiral of radius 1.2 to 2.4 (norm > 1,
// so tanh(x·z − 1) has a positive diagonal and fails, if at all, on a pair
// or a triple); the same n give the same points.
func spectrumPoints(n int) []learn.Vec {
	xs := make([]learn.Vec, n)
	for i := range xs {
		t := float64(i) / float64(max(1, n-1))
		r, a := 1.2+1.2*t, 2.4*math.Pi*t
		xs[i] = learn.Vec{X1: r * math.Cos(a), X2: r * math.Sin(a)}
	}
	return xs
}

// spectrumOf is a spectrum panel showing kernel k's Gram matrix of xs at
// w×h, with its Mercer check and counter-example.
func spectrumOf(t *testing.T, mono bool, k learn.Kernel, xs []learn.Vec, w, h int) (*SpectrumView, learn.Mercer, learn.Counterexample) {
	t.Helper()
	g := learn.Gram(k, xs)
	mc, err := learn.CheckMercer(g)
	if err != nil {
		t.Fatal(err)
	}
	ce, err := learn.MercerCounterexample(g)
	if err != nil {
		t.Fatal(err)
	}
	v := &SpectrumView{th: common.NewTheme(true, mono, colorprofile.TrueColor)}
	v.Set(&mc, &ce, len(xs), "")
	v.SetSize(w, h)
	return v, mc, ce
}

// checkSize fails unless view is exactly w×h cells.
func checkSize(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if h == 0 {
		lines = nil // an empty view is zero lines
		if view != "" {
			t.Fatalf("%dx%d: view %q, want none", w, h, view)
		}
	}
	if len(lines) != h {
		t.Fatalf("%dx%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if ansi.StringWidth(l) != w {
			t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, ansi.StringWidth(l), ansi.Strip(l))
		}
	}
}

// TestSpectrumGoldens: an RBF Gram matrix (PSD), sigmoid ones that fail on
// a pair (in colour and color-free) and on a triple, a sigmoid one of 120
// points (bucketed bars), no points, and a check not run, at the sizes the
// panel gets beside the Gram matrix.
func TestSpectrumGoldens(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		k    learn.Kernel
		n    int
		w, h int
		mono bool
	}{
		{"rbf", learn.RBF{Sigma: 1}, 8, 48, 16, false},
		{"sigmoid", learn.Sigmoid{Gamma: 1, C: -1}, 10, 48, 16, false},
		{"sigmoid", learn.Sigmoid{Gamma: 1, C: -1}, 10, 36, 10, false},
		{"sigmoid_mono", learn.Sigmoid{Gamma: 1, C: -1}, 10, 64, 20, true},
		{"sigmoid120", learn.Sigmoid{Gamma: 1, C: -1}, 120, 48, 16, false},
		{"triple", learn.Sigmoid{Gamma: 0.5}, 3, 48, 16, false},
		{"n0", learn.RBF{Sigma: 1}, 0, 36, 8, false},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s_%dx%d", c.name, c.w, c.h)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v, _, _ := spectrumOf(t, c.mono, c.k, spectrumPoints(c.n), c.w, c.h)
			got := v.View()
			checkSize(t, got, c.w, c.h)
			tuitest.Golden(t, filepath.Join("testdata", "spectrum_"+name+".golden"), got)
		})
	}
	t.Run("notrun_36x8", func(t *testing.T) {
		t.Parallel()
		v := &SpectrumView{th: common.NewTheme(true, false, colorprofile.TrueColor)}
		v.Set(nil, nil, 250, "Mercer check not run: n = 250 > 200")
		v.SetSize(36, 8)
		got := v.View()
		checkSize(t, got, 36, 8)
		tuitest.Golden(t, filepath.Join("testdata", "spectrum_notrun_36x8.golden"), got)
	})
}

// TestSpectrumAnySize: every size from 0×0 to 70×25 draws exactly its
// size, for each kind of content.
func TestSpectrumAnySize(t *testing.T) {
	t.Parallel()
	views := map[string]*SpectrumView{}
	views["rbf"], _, _ = spectrumOf(t, false, learn.RBF{Sigma: 1}, spectrumPoints(8), 0, 0)
	views["sigmoid"], _, _ = spectrumOf(t, false, learn.Sigmoid{Gamma: 1, C: -1}, spectrumPoints(10), 0, 0)
	views["sigmoid120"], _, _ = spectrumOf(t, true, learn.Sigmoid{Gamma: 1, C: -1}, spectrumPoints(120), 0, 0)
	views["triple"], _, _ = spectrumOf(t, false, learn.Sigmoid{Gamma: 0.5}, spectrumPoints(3), 0, 0)
	views["single"], _, _ = spectrumOf(t, false, learn.Sigmoid{Gamma: 1, C: -1}, []learn.Vec{{X1: 2}, {}, {X2: 1.5}}, 0, 0)
	views["n0"], _, _ = spectrumOf(t, false, learn.RBF{Sigma: 1}, nil, 0, 0)
	views["computing"] = &SpectrumView{th: common.NewTheme(false, false, colorprofile.ANSI256)}
	views["computing"].Set(nil, nil, 12, "computing…")
	for name, v := range views {
		for w := range 71 {
			for h := range 26 {
				v.SetSize(w, h)
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("%s at %dx%d: panic %v", name, w, h, r)
						}
					}()
					checkSize(t, v.View(), w, h)
				}()
			}
		}
	}
}

// TestSpectrumShowsCounterexample: the view writes λmin as the stats line
// formats it, and names the counter-example's points (1-based): a pair for
// the spiral under tanh(x·z − 1), a single point at the origin, where
// K(0, 0) = tanh(−1) < 0, and a triple under tanh(x·z/2), every pair of
// which passes.
func TestSpectrumShowsCounterexample(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		k    learn.Kernel
		xs   []learn.Vec
		size int
	}{
		{"spiral", learn.Sigmoid{Gamma: 1, C: -1}, spectrumPoints(10), 2},
		{"origin", learn.Sigmoid{Gamma: 1, C: -1}, []learn.Vec{{X1: 2}, {}, {X2: 1.5}}, 1},
		{"triple", learn.Sigmoid{Gamma: 0.5}, spectrumPoints(3), 3},
	} {
		v, mc, ce := spectrumOf(t, false, c.k, c.xs, 56, 18)
		if mc.PSD || !ce.Found || len(ce.Points) != c.size {
			t.Fatalf("%s: want a %d-point counter-example, got PSD %v, %+v", c.name, c.size, mc.PSD, ce)
		}
		got := ansi.Strip(v.View())
		if lmin := common.Num(mc.Eigenvalues[0], 8); !strings.Contains(got, "λmin = "+lmin) {
			t.Errorf("%s: λmin = %s not in\n%s", c.name, lmin, got)
		}
		for _, i := range ce.Points {
			if x := "x" + learn.Sub(i+1); !strings.Contains(got, x) {
				t.Errorf("%s: counter-example point %s not in\n%s", c.name, x, got)
			}
		}
		if !strings.Contains(got, "not PSD ✗") || !strings.Contains(got, common.Num(ce.MinEig, 8)+" < 0") {
			t.Errorf("%s: verdict or λ of the submatrix missing:\n%s", c.name, got)
		}
	}
	v, _, _ := spectrumOf(t, false, learn.RBF{Sigma: 1}, spectrumPoints(8), 56, 18)
	if got := ansi.Strip(v.View()); !strings.Contains(got, "PSD ✓") || strings.Contains(got, "counter-example") {
		t.Errorf("RBF: want PSD ✓ and no counter-example:\n%s", got)
	}
}

// TestSpectrumColumns: all eigenvalues when they fit, else the largest, a
// gap and the smallest, λmin (index n−1) always last.
func TestSpectrumColumns(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n, cols, neg int
		want         string
	}{
		{5, 10, 0, "[0 1 2 3 4]"},
		{10, 0, 0, "[]"},
		{10, 1, 0, "[9]"},
		{10, 2, 0, "[0 9]"},
		{10, 7, 0, "[0 1 2 3 -1 8 9]"},
		{10, 7, 3, "[0 1 2 -1 7 8 9]"},
		{100, 10, 50, "[0 1 2 3 4 -1 96 97 98 99]"},
	} {
		if got := fmt.Sprint(spectrumColumns(c.n, c.cols, c.neg)); got != c.want {
			t.Errorf("spectrumColumns(%d, %d, %d) = %s, want %s", c.n, c.cols, c.neg, got, c.want)
		}
	}
}
