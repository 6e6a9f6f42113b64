package tui

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// TestProjectorMode: B gives the region the whole width (the α and Gram
// panels fold away behind g), a key line, and markers that differ in
// shape without colour: ++ and −− for points, [+] and [−] for support
// vectors (⊕ and + look alike from the back of a room). Worked4 after
// one step (seed 003): x₁ = (1, 1), y = +1 is the only support vector;
// x₂ = (−1, 1) is the next example. In a 100×30 terminal the region is
// the top 24 lines (six below for the narration, status and help). (Its
// thick boundary is package region's test.)
func TestProjectorMode(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	m := New(builtinOptions(t, "worked4", 0))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.Ascii})
	press(m, "space")
	if top := strings.Split(screen(m), "\n")[0]; strings.Count(top, "╭") != 2 {
		t.Fatalf("without B the region has the α panel beside it: %q", top)
	}
	press(m, "B")
	out := screen(m)
	lines := strings.Split(out, "\n")
	if strings.Count(lines[0], "╭") != 1 || !strings.HasPrefix(lines[0], "╭") || !strings.HasSuffix(lines[0], "╮") {
		t.Fatalf("projector mode: the region does not take the whole 100 columns: %q", lines[0])
	}
	if !strings.Contains(lines[1], "[+] [−] support vectors") {
		t.Errorf("no key line under the title:\n%s", out)
	}
	plot := strings.Join(lines[2:24], "\n")
	if strings.Count(plot, "[+]") != 1 || strings.Count(plot, "−−") != 2 || strings.Count(plot, "++") != 1 {
		t.Errorf("want one [+] (x₁), two −− (x₂, x₄) and one ++ (x₃) in the plot:\n%s", out)
	}
	golden(t, filepath.Join("testdata", "screens", "projector_mono_100x30.golden"), out)
	press(m, "B")
	if top := strings.Split(screen(m), "\n")[0]; strings.Count(top, "╭") != 2 || strings.Contains(screen(m), "[+]") {
		t.Errorf("B again: the region is still the whole width, or its markers big:\n%s", screen(m))
	}
}

// TestGoToExample: digits move the cursor to the example they name, at
// once, and further digits refine the number while it names an example.
// (That the cursor's cell holds that example is package edit's test.)
func TestGoToExample(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 200), 120, 40)
	press(m, "1")
	if !screenSays(m, "cursor on x₁ ") {
		t.Errorf("after 1 the cursor is not on x₁:\n%s", screen(m))
	}
	press(m, "2")
	if !screenSays(m, "cursor on x₁₂ ") {
		t.Errorf("after 1 2 the cursor is not on x₁₂:\n%s", screen(m))
	}
	press(m, "5") // 125 ≤ 200
	if !screenSays(m, "cursor on x₁₂₅ ") {
		t.Errorf("after 1 2 5: want x₁₂₅:\n%s", screen(m))
	}
	press(m, "7") // 1257 > 200: a new number, x₇
	if !screenSays(m, "cursor on x₇ ") {
		t.Errorf("after 1 2 5 7: want x₇:\n%s", screen(m))
	}
	press(m, "right", "3") // another key ends the number: 3, not 73
	if !screenSays(m, "cursor on x₃ ") {
		t.Errorf("after → 3: want x₃:\n%s", screen(m))
	}
	press(m, "0") // 30 ≤ 200
	if !screenSays(m, "cursor on x₃₀ ") {
		t.Errorf("after 3 0: want x₃₀:\n%s", screen(m))
	}
	press(m, "esc", "0")
	if !screenSays(m, "no example 0: they are numbered 1 to 200") {
		t.Errorf("0 after another key: want the numbering explained:\n%s", screen(m))
	}
}
