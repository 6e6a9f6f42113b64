package tui

import (
	"kernelscope/tui/common"

	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// rgb256 is the colour of xterm palette index n (the 6×6×6 cube and the
// grey ramp; the 16 basic colours are not used by the region's shades).
func rgb256(n int) [3]float64 {
	c := ansi.IndexedColor(n)
	r, g, b, _ := color.Color(c).RGBA()
	return [3]float64{float64(r >> 8), float64(g >> 8), float64(b >> 8)}
}

var bg256 = regexp.MustCompile(`48;5;(\d+)m`)

// TestPalette256KeepsHueFamilies: in 256 colours the +1 shades are blue
// (blue the largest channel) and the −1 shades orange (red the largest,
// blue the smallest), and each class's shades move monotonically away
// from the background as |f| grows, so no shade reads as another class.
func TestPalette256KeepsHueFamilies(t *testing.T) {
	for _, dark := range []bool{true, false} {
		th := common.NewTheme(dark, false, colorprofile.ANSI256)
		neutral := bg256.FindStringSubmatch(th.CellStyle(common.ColText, common.ColNeutral))
		if neutral == nil {
			t.Fatalf("dark %v: no 256-colour background in %q", dark, th.CellStyle(common.ColText, common.ColNeutral))
		}
		n0, _ := strconv.Atoi(neutral[1])
		base := rgb256(n0)
		for _, class := range []struct {
			name  string
			first int
			hue   func(c [3]float64) bool
		}{
			{"+1", common.ColPos, func(c [3]float64) bool { return c[2] >= c[0] && c[2] >= c[1] && c[2] > c[0] }},
			{"−1", common.ColNeg, func(c [3]float64) bool { return c[0] >= c[1] && c[1] >= c[2] && c[0] > c[2] }},
		} {
			last := -1.0
			for s := range common.Shades {
				m := bg256.FindStringSubmatch(th.CellStyle(common.ColText, uint8(class.first+s)))
				if m == nil {
					t.Fatalf("dark %v %s level %d: no 256-colour escape", dark, class.name, s)
				}
				n, _ := strconv.Atoi(m[1])
				c := rgb256(n)
				if !class.hue(c) {
					t.Errorf("dark %v %s level %d: index %d = %v is outside the class's hue family", dark, class.name, s, n, c)
				}
				d := math.Sqrt((c[0]-base[0])*(c[0]-base[0]) + (c[1]-base[1])*(c[1]-base[1]) + (c[2]-base[2])*(c[2]-base[2]))
				if d <= last {
					t.Errorf("dark %v %s level %d: distance from the background %.0f is not above level %d's %.0f", dark, class.name, s, d, s-1, last)
				}
				last = d
			}
		}
	}
}

// TestRegionGoldensInColour: the region of worked4 (after one step) and of
// moons (converged) at 256 and 16 colours, escapes kept.
func TestRegionGoldensInColour(t *testing.T) {
	for _, profile := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI} {
		for _, c := range []struct {
			name string
			keys []string
		}{{"worked4", []string{"space"}}, {"moons", []string{"c"}}} {
			m := newModel(t, builtinOptions(t, c.name, 0), 100, 30)
			m.Update(tea.ColorProfileMsg{Profile: profile})
			pressRun(m, c.keys...)
			got := m.region.View()
			if profile == colorprofile.ANSI && strings.Contains(got, "48;2;") { // cell colours; text styles are downsampled by the renderer
				t.Errorf("%s in 16 colours writes truecolor cell escapes", c.name)
			}
			path := filepath.Join("testdata", "colour", fmt.Sprintf("%s_%s.golden", c.name, profile))
			goldenRaw(t, path, got)
		}
	}
}

// TestNoColorStaysReadable: under NO_COLOR the program starts color-free
// and m says it stays so, instead of drawing grey stripes of ▀.
func TestNoColorStaysReadable(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	m := New(builtinOptions(t, "worked4", 0))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.Ascii})
	press(m, "space", "m")
	if !m.th.Mono || !strings.Contains(m.message, "color-free mode stays on") {
		t.Errorf("after m under NO_COLOR: mono %v, message %q", m.th.Mono, m.message)
	}
	if strings.Contains(ansi.Strip(m.region.View()), "▀") {
		t.Error("the region is drawn with half blocks, which carry nothing without colour")
	}
}
