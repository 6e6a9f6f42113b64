package region

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// TestColourGoldens: the region of worked4 (after one step) and of moons
// (converged) at 256 and 16 colours, escapes kept, at 64×24, its size in a
// 100×30 terminal; in 16 colours no cell is written in truecolor.
func TestColourGoldens(t *testing.T) {
	t.Parallel()
	for _, profile := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI} {
		for _, name := range []string{"worked4", "moons"} {
			hs := newHarness(t, tuitest.Builtin(t, name, 0), 64, 24)
			hs.r.Th = common.NewTheme(true, false, profile)
			if name == "worked4" {
				hs.step(1)
			} else {
				hs.converge()
			}
			got := hs.r.View()
			if profile == colorprofile.ANSI && strings.Contains(got, "48;2;") { // cell colours; text styles are downsampled by the renderer
				t.Errorf("%s in 16 colours writes truecolor cell escapes", name)
			}
			tuitest.GoldenRaw(t, filepath.Join("testdata", "colour", fmt.Sprintf("%s_%s.golden", name, profile)), got)
		}
	}
}
