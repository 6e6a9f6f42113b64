package region

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// axisTicks reads the region's ticks as drawn: the numbers in the x₂
// gutter (top to bottom) and under the plot (left to right).
func axisTicks(t *testing.T, hs *harness) (x2, x1 []float64) {
	t.Helper()
	lines := strings.Split(ansi.Strip(hs.r.View()), "\n")
	lines = lines[1+hs.r.headerLines() : len(lines)-1] // inside the border, under the key lines
	num := func(s string) (float64, bool) {
		v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), "−", "-"), 64)
		return v, err == nil
	}
	for _, l := range lines[:len(lines)-1] {
		rs := []rune(l)
		if v, ok := num(string(rs[1 : 1+gutter])); ok {
			x2 = append(x2, v)
		}
	}
	for _, f := range strings.Fields(strings.Trim(lines[len(lines)-1], "│")) {
		if v, ok := num(f); ok {
			x1 = append(x1, v)
		}
	}
	return x2, x1
}

// TestTicksEitherSideOfZero: both axes keep a tick on either side of 0
// (so x₂ has at least 3) where the plot is short: xor (view about ±2.35)
// in projector mode, NO_COLOR, in an 80×24 terminal (the region 80×18, or
// 80×20 with one status line fewer) and in normal mode in a 60×18 one (the
// region 60×13, or 60×14). Before, x₂ had 0 alone: about ph/5 = 2 ticks
// over 4.7 is a round step of 5.
func TestTicksEitherSideOfZero(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w, h int
		big  bool
	}{{80, 18, true}, {80, 20, true}, {60, 13, false}, {60, 14, false}} {
		t.Run(fmt.Sprintf("%dx%d big=%v", c.w, c.h, c.big), func(t *testing.T) {
			t.Parallel()
			hs := newHarness(t, tuitest.Builtin(t, "xor", 0), c.w, c.h)
			hs.r.Th = common.NewTheme(true, true, colorprofile.Ascii)
			hs.r.Big = c.big
			hs.converge()
			x2, x1 := axisTicks(t, hs)
			for _, axis := range []struct {
				name  string
				ticks []float64
			}{{"x₂", x2}, {"x₁", x1}} {
				below, zero, above := 0, 0, 0
				for _, v := range axis.ticks {
					switch {
					case v < 0:
						below++
					case v > 0:
						above++
					default:
						zero++
					}
				}
				if below == 0 || zero != 1 || above == 0 {
					t.Errorf("%s ticks %v: want 0 and one either side of it\n%s", axis.name, axis.ticks, ansi.Strip(hs.r.View()))
				}
			}
		})
	}
}
