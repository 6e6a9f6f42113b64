package tui

import (
	"kernelscope/tui/common"

	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
)

// TestProjectorMode: B gives the region the whole width, a key line, and
// markers that differ in shape without colour: ++ and −− for points, [+]
// and [−] for support vectors (⊕ and + look alike from the back of a
// room). Worked4 after one step (seed 003): x₁ = (1, 1), y = +1 is the
// only support vector; x₂ = (−1, 1) is the next example.
func TestProjectorMode(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	m := New(builtinOptions(t, "worked4", 0))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.Ascii})
	press(m, "space", "B")
	if !m.big || m.region.W != 100 {
		t.Fatalf("projector mode %v, region %d wide: want the whole 100", m.big, m.region.W)
	}
	out := screen(m)
	lines := strings.Split(out, "\n")
	if !strings.Contains(lines[1], "[+] [−] support vectors") {
		t.Errorf("no key line under the title:\n%s", out)
	}
	plot := strings.Join(strings.Split(ansi.Strip(m.region.View()), "\n")[2:], "\n")
	if strings.Count(plot, "[+]") != 1 || strings.Count(plot, "−−") != 2 || strings.Count(plot, "++") != 1 {
		t.Errorf("want one [+] (x₁), two −− (x₂, x₄) and one ++ (x₃) in the plot:\n%s", out)
	}
	golden(t, filepath.Join("testdata", "screens", "projector_mono_100x30.golden"), out)

	// The boundary is thick: in every plot row it is at least 3 cells wide.
	d := &m.region.Draw
	for cy := range d.H {
		n := 0
		for cx := range d.W {
			if d.Base[2*(cy*d.W+cx)] == common.ColBoundary {
				n++
			}
		}
		if n < 3 {
			t.Errorf("plot row %d has %d boundary cells, want ≥ 3", cy, n)
		}
	}
	press(m, "B")
	if m.big || m.region.W == 100 {
		t.Errorf("B again: projector mode %v, region %d wide", m.big, m.region.W)
	}
}

// TestProjectorSupportVectorOnTop: the duplicate-point case of the issue in
// projector mode: the support vector's [+] shows over its twin's ++.
func TestProjectorSupportVectorOnTop(t *testing.T) {
	pts := []datasets.Point{{X1: 1, X2: 1, Y: 1}, {X1: 1, X2: 1, Y: 1}, {X1: -1, X2: -1, Y: -1}}
	m := newModel(t, fileOptions(t, "dup.csv", pts, "linear", 1), 120, 40)
	pressRun(m, "c", "B")
	_, plot, _ := strings.Cut(ansi.Strip(m.region.View()), "\n")
	_, plot, _ = strings.Cut(plot, "\n") // the key line shows [+] too
	if !strings.Contains(plot, "[+]") {
		t.Errorf("the support vector is hidden under its twin:\n%s", plot)
	}
}

// TestGoToExample: digits move the cursor to the example they name, at
// once, and further digits refine the number while it names an example.
func TestGoToExample(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 200), 120, 40)
	press(m, "1")
	if got := m.region.Under(); !contains(got, 0) {
		t.Errorf("after 1 the cursor's cell holds %v, want x₁ (index 0)", got)
	}
	press(m, "2")
	if got := m.region.Under(); !contains(got, 11) || !strings.Contains(m.message, "x₁₂") {
		t.Errorf("after 1 2 the cursor's cell holds %v (message %q), want x₁₂", got, m.message)
	}
	press(m, "5") // 125 ≤ 200
	if !strings.Contains(m.message, "x₁₂₅") {
		t.Errorf("after 1 2 5: %q, want x₁₂₅", m.message)
	}
	press(m, "7") // 1257 > 200: a new number, x₇
	if !strings.Contains(m.message, "cursor on x₇ ") {
		t.Errorf("after 1 2 5 7: %q, want x₇", m.message)
	}
	press(m, "right", "3") // another key ends the number: 3, not 73
	if !strings.Contains(m.message, "cursor on x₃ ") {
		t.Errorf("after → 3: %q, want x₃", m.message)
	}
	press(m, "0") // 30 ≤ 200
	if !strings.Contains(m.message, "cursor on x₃₀ ") {
		t.Errorf("after 3 0: %q, want x₃₀", m.message)
	}
	press(m, "esc", "0")
	if !strings.Contains(m.message, "no example 0") {
		t.Errorf("0 after another key: %q, want the numbering explained", m.message)
	}
}

func contains(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}
