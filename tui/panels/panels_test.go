package panels

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// theme is the program's theme on a dark terminal in true colour (the
// goldens strip the colours).
func theme() *common.Theme { return common.NewTheme(true, false, colorprofile.TrueColor) }

// trained opens o and takes n steps, narrated as the screen shows them
// (n < 0: until training stops).
func trained(t testing.TB, o lab.Options, n int) *lab.Session {
	t.Helper()
	s := tuitest.Session(t, o)
	for k := 0; k != n && s.Step(); k++ {
		if k > 1_000_000 {
			t.Fatal("training never stops")
		}
	}
	return s
}

// svmOptions is a built-in dataset with its preset kernel and the SVM
// with C (0: its default, 1), as --algo svm --C does.
func svmOptions(t testing.TB, name string, c float64) lab.Options {
	t.Helper()
	o := tuitest.Builtin(t, name, 0)
	if c != 0 {
		o.Config = o.Config.With("C", c)
	}
	o.Config.Learner = "svm"
	return o
}

// noisy is a built-in dataset of n points with the given noise (seed 1).
func noisy(t testing.TB, name string, n int, noise float64) lab.Options {
	t.Helper()
	o := tuitest.Builtin(t, name, n)
	b, _ := datasets.Lookup(name)
	o.Noise, o.Points = noise, b.Generate(n, noise, 1)
	return o
}

// split is moons with 30 of its 100 rows held out, drawn by split seed 7.
func split(t testing.TB) lab.Options {
	o := tuitest.Builtin(t, "moons", 0)
	o.Holdout = lab.Holdout{Fraction: 0.3, Shuffled: true, Seed: 7}
	return o
}

// sized is a panel that can be drawn at any size.
type sized interface {
	SetSize(w, h int)
	View() string
}

// fitsEverySize checks that v draws exactly its size at every size from
// 1×1 to w×h.
func fitsEverySize(t *testing.T, name string, v sized, w, h int) {
	t.Helper()
	for x := 1; x <= w; x++ {
		for y := 1; y <= h; y++ {
			v.SetSize(x, y)
			if tuitest.Fits(t, v.View(), x, y); t.Failed() {
				t.Fatalf("%s does not draw its size", name)
			}
		}
	}
}

// golden draws v at each size and compares it with testdata/NAME_WxH.golden.
func golden(t *testing.T, name string, v sized, sizes ...[2]int) {
	t.Helper()
	for _, sz := range sizes {
		v.SetSize(sz[0], sz[1])
		got := v.View()
		tuitest.Fits(t, got, sz[0], sz[1])
		tuitest.Golden(t, fmt.Sprintf("testdata/%s_%dx%d.golden", name, sz[0], sz[1]), got)
	}
}
