package feature

import (
	"fmt"
	"testing"

	"kernelscope/tui/internal/tuitest"
)

// BenchmarkFeatureLines: drawing the view (what Refresh does when the
// camera or the state changed) of xor at convergence in the panel of a
// 100×30 terminal and of a 160×48 one.
func BenchmarkFeatureLines(b *testing.B) {
	for _, size := range [][2]int{{64, 24}, {103, 42}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			t := &testing.T{}
			hs := newHarness(t, tuitest.Builtin(b, "xor", 0), size[0], size[1])
			hs.t = t
			for hs.s.Step() {
			}
			if cmd := hs.v.Request(); cmd != nil {
				hs.v.Update(cmd())
			}
			b.ReportAllocs()
			for b.Loop() {
				hs.v.lines()
			}
		})
	}
}
