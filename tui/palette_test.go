package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// The palettes themselves are package common's tests, the region drawn
// in them package region's.

// TestNoColorStaysReadable: under NO_COLOR the program starts color-free
// and m says it stays so, instead of drawing grey stripes of ▀: the
// region draws its sides as textures.
func TestNoColorStaysReadable(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	m := New(builtinOptions(t, "worked4", 0))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.Ascii})
	press(m, "space", "m")
	if !screenSays(m, "color-free mode stays on: NO_COLOR is set or the terminal shows no colours") {
		t.Errorf("after m under NO_COLOR:\n%s", screen(m))
	}
	if out := screen(m); strings.Contains(out, "▀") || !strings.Contains(out, "·") {
		t.Errorf("the region is drawn with half blocks, which carry nothing without colour:\n%s", out)
	}
}
