package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// TestComponentGoldens renders each panel alone, after three steps of seed
// 003's worked example, at a narrow and a wide size: a panel draws exactly
// its size and needs nothing of the root but its session and theme.
func TestComponentGoldens(t *testing.T) {
	for _, size := range [][2]int{{40, 12}, {72, 20}} {
		m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
		press(m, "space", "space", "space")
		w, h := size[0], size[1]
		m.alpha.SetSize(w, h)
		m.gram.SetSize(w, h)
		m.region.SetSize(w, h)
		m.region.Refresh()
		for name, view := range map[string]func() string{"alpha": m.alpha.View, "gram": m.gram.View, "region": m.region.View} {
			got := view()
			lines := strings.Split(got, "\n")
			if len(lines) != h {
				t.Errorf("%s at %dx%d: %d lines", name, w, h, len(lines))
			}
			for i, l := range lines {
				if ansi.StringWidth(l) != w {
					t.Errorf("%s at %dx%d: line %d is %d wide", name, w, h, i, ansi.StringWidth(l))
					break
				}
			}
			golden(t, filepath.Join("testdata", "components", fmt.Sprintf("%s_%dx%d.golden", name, w, h)), got)
		}
	}
}

// TestScreenGoldens: the help overlay, color-free mode, and the narrow
// layout where g shows the α and then the Gram panel instead of the region.
func TestScreenGoldens(t *testing.T) {
	cases := []struct {
		name string
		w, h int
		keys []string
	}{
		{"help_120x40", 120, 40, []string{"space", "?"}},
		{"mono_100x30", 100, 30, []string{"space", "space", "space", "m"}},
		{"narrow_alpha_80x24", 80, 24, []string{"space", "g"}},
		{"narrow_gram_80x24", 80, 24, []string{"space", "g", "g"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, builtinOptions(t, "worked4", 0), c.w, c.h)
			press(m, c.keys...)
			golden(t, filepath.Join("testdata", "screens", c.name+".golden"), screen(m))
		})
	}
}

// TestFullHelpShowsEveryKey: the full help lists every key of the program
// and the mouse, each with its whole description, from 80×24 up.
func TestFullHelpShowsEveryKey(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
		m := newModel(t, builtinOptions(t, "worked4", 0), size[0], size[1])
		press(m, "?")
		out := screen(m)
		for _, g := range helpGroups(m.list) {
			if !strings.Contains(out, g.name) {
				t.Errorf("%dx%d: no heading %q", size[0], size[1], g.name)
			}
			for _, it := range g.items {
				if !strings.Contains(out, it[0]+" ") || !strings.Contains(out, it[1]) {
					t.Errorf("%dx%d: %q %q missing or cut:\n%s", size[0], size[1], it[0], it[1], out)
				}
			}
		}
		golden(t, filepath.Join("testdata", "screens", fmt.Sprintf("fullhelp_%dx%d.golden", size[0], size[1])), out)
	}
}

// TestGramLabelsFitLargeIndices: at n = 2000 the Gram panel's labels for
// indices ≥ 1000 are whole (x₁₀₀₀, not x₁₀₀ cut to x₁₀₀ x₁₀₀ …).
func TestGramLabelsFitLargeIndices(t *testing.T) {
	m := newModel(t, builtinOptions(t, "circles", 2000), 160, 48)
	for range 1500 {
		m.player.Step(1)
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	out := ansi.Strip(m.gram.View())
	focus := m.s.Focus()
	if focus < 999 {
		t.Fatalf("the focus is x%s: the test needs an index of 1000 or more", learn.Sub(focus+1))
	}
	if want := "x" + learn.Sub(focus+1); !strings.Contains(out, want) {
		t.Errorf("the Gram panel lacks the whole label %s:\n%s", want, out)
	}
}
