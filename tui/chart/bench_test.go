package chart

import (
	"fmt"
	"strings"
	"testing"
)

// The benchmarks draw and style a chart at a typical panel size, as View
// does each frame.
func BenchmarkCVDraw(b *testing.B) {
	c := sigmaCV()
	pre := DefaultStyles(true).Prefixes()
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Draw(80, 20).Styled(&pre)
	}
}

func BenchmarkPassesDraw(b *testing.B) {
	pre := DefaultStyles(true).Prefixes()
	for _, p := range []struct {
		name string
		p    Passes
	}{{"12passes", run()}, {"240passes", longRun()}} {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = p.p.Draw(80, 20).Styled(&pre)
			}
		})
	}
}

// BenchmarkStyled is the rendering alone, from a drawn grid.
func BenchmarkStyled(b *testing.B) {
	g := sigmaCV().Draw(80, 20)
	pre := DefaultStyles(true).Prefixes()
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Styled(&pre)
	}
}

func ExamplePasses_Draw() {
	p := Passes{
		Mistakes: []int{12, 5, 3, 1, 0},
		Test:     []float64{0.7, 0.85, 0.9, 0.95, 0.95},
	}
	for _, l := range strings.Split(p.Draw(34, 8).Plain(), "\n") {
		fmt.Println(strings.TrimRight(l, " "))
	}
	// Output:
	// ▇ mistakes  ● test      passes 1–5
	//       ___●───●──╱●───●       ├100%
	//      ●                       ├50%
	// 12┤ ███
	//   │ ███ ▂▂▂
	//   │ ███ ███ ▆▆▆ ▂▂▂
	//  0└──┬───┬───┬───┬───┬───────
	//      1   2   3   4   5 pass
}
