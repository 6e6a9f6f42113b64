package region

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// TestProjector: projector mode gives the region a key line and markers
// that differ in shape without colour: ++ and −− for points, [+] and [−]
// for support vectors (⊕ and + look alike from the back of a room), and a
// boundary at least 3 cells wide in every row. Worked4 after one step
// (seed 003): x₁ = (1, 1), y = +1 is the only support vector; x₂ =
// (−1, 1) is the next example. 100×24 is the region in a 100×30 terminal
// in projector mode (the whole width), color-free as under NO_COLOR.
func TestProjector(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 100, 24)
	hs.r.Th = common.NewTheme(true, true, colorprofile.Ascii)
	hs.r.Big = true
	hs.step(1)
	lines := strings.Split(ansi.Strip(hs.r.View()), "\n")
	if !strings.Contains(lines[1], "[+] [−] support vectors") {
		t.Errorf("no key line under the title:\n%s", strings.Join(lines, "\n"))
	}
	plot := strings.Join(lines[2:], "\n")
	if strings.Count(plot, "[+]") != 1 || strings.Count(plot, "−−") != 2 || strings.Count(plot, "++") != 1 {
		t.Errorf("want one [+] (x₁), two −− (x₂, x₄) and one ++ (x₃) in the plot:\n%s", plot)
	}
	d := &hs.r.draw
	for cy := range d.h {
		n := 0
		for cx := range d.w {
			if d.base[2*(cy*d.w+cx)] == common.ColBoundary {
				n++
			}
		}
		if n < 3 {
			t.Errorf("plot row %d has %d boundary cells, want ≥ 3", cy, n)
		}
	}
	for _, size := range [][2]int{{100, 24}, {40, 12}, {20, 6}} {
		hs.resize(size[0], size[1])
		tuitest.Fits(t, hs.r.View(), size[0], size[1])
		tuitest.Golden(t, filepath.Join("testdata", fmt.Sprintf("projector_mono_%dx%d.golden", size[0], size[1])), hs.r.View())
	}
	hs.r.Big = false
	hs.resize(100, 24)
	if strings.Contains(ansi.Strip(hs.r.View()), "[+]") {
		t.Error("projector mode off: the big markers are still drawn")
	}
}
