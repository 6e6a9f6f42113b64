package tui

import (
	"regexp"
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
	if !screenSays(m, "color-free mode stays on: NO_COLOR is set") {
		t.Errorf("after m under NO_COLOR:\n%s", screen(m))
	}
	if out := screen(m); strings.Contains(out, "▀") || !strings.Contains(out, "·") {
		t.Errorf("the region is drawn with half blocks, which carry nothing without colour:\n%s", out)
	}
}

// pressColors presses C and runs what it returns, as Bubble Tea would
// (whose renderer draws in the profile of a ColorProfileMsg from then);
// it returns the profile C's command told the program, Unknown for none,
// and whether the program then asked for the whole screen to be drawn
// again (the renderer writes only cells that changed, and a lipgloss
// cell is the same cell in every profile).
func pressColors(m *Model) (told colorprofile.Profile, redrawn bool) {
	_, cmd := m.Update(keyMsg("C"))
	var do func(cmd tea.Cmd, depth int)
	do = func(cmd tea.Cmd, depth int) {
		if cmd == nil || depth == 0 {
			return
		}
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				do(c, depth)
			}
			return
		}
		if p, ok := msg.(tea.ColorProfileMsg); ok {
			told = p.Profile
		}
		redrawn = redrawn || msg == tea.ClearScreen()
		_, next := m.Update(msg)
		do(next, depth-1)
	}
	do(cmd, 10)
	return told, redrawn
}

var (
	bg16Escape = regexp.MustCompile(`\x1b\[[0-9;]*\b(4[0-7]|10[0-7])m`)
	bg256      = regexp.MustCompile(`\x1b\[[0-9;]*48;5;\d+m`)
	bgRGB      = regexp.MustCompile(`\x1b\[[0-9;]*48;2;\d+;\d+;\d+m`)
)

// TestColorsKey: C draws the program in the next colour profile, 24-bit →
// 256 → 16 → none → 24-bit, and says which in the message line: its
// command hands Bubble Tea the profile (its renderer converts to it), and
// the model draws the region in it, color-free with none and in colour
// again after it. m's color-free mode holds through C; NO_COLOR holds C.
// A terminal that says TERM=xterm (plink) is drawn in 16 colours, and one
// whose TERM says 256 colours may show 24-bit: C is how a student tries.
func TestColorsKey(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 100, 30)
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256}) // the terminal's TERM=xterm-256color
	press(m, "space")
	for _, c := range []struct {
		want  colorprofile.Profile
		says  string
		drawn *regexp.Regexp // the region's cells' background (nil: none)
	}{
		{colorprofile.ANSI, "16 colours now; C tries no colour next", bg16Escape},
		{colorprofile.Ascii, "no colour now (color-free mode); C tries 24-bit colour next", nil},
		{colorprofile.TrueColor, "24-bit colour now; C tries 256 colours next", bgRGB},
		{colorprofile.ANSI256, "256 colours now; C tries 16 colours next", bg256},
	} {
		if told, redrawn := pressColors(m); told != c.want || !redrawn {
			t.Fatalf("C told the program %v (want %v), the whole screen drawn again: %v", told, c.want, redrawn)
		}
		if !shows(m, c.says) {
			t.Errorf("C to %v: the message line does not say %q:\n%s", c.want, c.says, screen(m))
		}
		view := m.View().Content
		others := 0
		for _, re := range []*regexp.Regexp{bg16Escape, bg256, bgRGB} {
			if re != c.drawn && re.MatchString(view) {
				others++
			}
		}
		switch {
		case c.drawn == nil && (others > 0 || strings.Contains(view, "▀") || !strings.Contains(view, "·")):
			t.Errorf("C to none: the region is not color-free (coloured cells %d, half blocks %v):\n%s", others, strings.Contains(view, "▀"), screen(m))
		case c.drawn != nil && (!c.drawn.MatchString(view) || others > 0 || !strings.Contains(view, "▀")):
			t.Errorf("C to %v: the region is not drawn in it (its cells %v, others %d)", c.want, c.drawn.MatchString(view), others)
		}
	}

	// m's color-free mode is the student's: C changes the profile under
	// it, and says that m ends it.
	press(m, "m")
	pressColors(m)
	if view := m.View().Content; bg16Escape.MatchString(view) || strings.Contains(view, "▀") || !shows(m, "16 colours now (m ends color-free mode)") {
		t.Errorf("C under m: colour came back, or the message does not say m ends color-free mode:\n%s", screen(m))
	}
	pressColors(m)
	if press(m, "m"); !shows(m, "color-free mode stays on: the program draws in no colour (C tries 24-bit colour, then 256 and 16)") {
		t.Errorf("m with no colour:\n%s", screen(m))
	}

	// NO_COLOR (the user's, or a seat's from its client) holds C.
	t.Setenv("NO_COLOR", "1")
	nc := New(builtinOptions(t, "worked4", 0))
	nc.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	nc.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
	if told, _ := pressColors(nc); told != colorprofile.Unknown || !shows(nc, "NO_COLOR is set: the program stays color-free") || strings.Contains(nc.View().Content, "▀") {
		t.Errorf("C under NO_COLOR told %v:\n%s", told, screen(nc))
	}
}
