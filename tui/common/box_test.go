package common

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// plainBox is DrawBox as it was written before boxes kept their lines
// (16a85a8): every line fitted and copied between the sides on every call.
// The boxes that keep lines are checked against it.
func plainBox(th *Theme, title string, lines []string, w, h int, exact bool) []string {
	if fw, fh := Border.GetFrameSize(); w < fw || h < fh {
		return Blank(w, h)
	}
	iw, ih := Inner(w, h)
	title = ansi.Truncate(title, max(0, iw-2), "…")
	top := "╭" + title + strings.Repeat("─", max(0, iw-ansi.StringWidth(title))) + "╮"
	if title != "" {
		top = "╭─" + title + strings.Repeat("─", max(0, iw-1-ansi.StringWidth(title))) + "╮"
	}
	out := make([]string, 0, h)
	out = append(out, th.border.Render(top))
	for i := range ih {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		if !exact || i >= len(lines) {
			line = Fit(line, iw)
		}
		out = append(out, th.side+line+th.side)
	}
	out = append(out, th.border.Render("╰"+strings.Repeat("─", iw)+"╯"))
	return out
}

// TestBoxCacheDrawsAsPlainBox: a box that keeps what it drew draws, call
// after call, the box drawn from nothing: as lines come and go, repeat in
// other rows, scroll, are cut (too wide, wide runes, escapes) or padded,
// fewer or more than the box holds, and as the title, the size, the theme
// and exactness change. DrawSided of lines written with Sided is the same
// box, and so is the DrawBox function.
func TestBoxCacheDrawsAsPlainBox(t *testing.T) {
	t.Parallel()
	themes := []*Theme{
		NewTheme(true, false, colorprofile.TrueColor),
		NewTheme(false, false, colorprofile.ANSI256),
		NewTheme(true, true, colorprofile.TrueColor),
	}
	pool := []string{
		"", "a", "α  SV 3/200", "▶    3   0.43  −0.304  +1", "\x1b[1mbold\x1b[m and not",
		strings.Repeat("x", 30), "漢字 are two cells each", "\x1b[38;2;1;2;3m" + strings.Repeat("▀", 18) + "\x1b[m",
		"   ", "end ", "x₁₀₀", strings.Repeat("long ", 9),
	}
	titles := []string{"", " α ", " mistakes per pass: 3 in pass 2 ", " a title much longer than the box is wide "}
	sizes := [][2]int{{20, 8}, {20, 8}, {20, 8}, {12, 5}, {2, 2}, {1, 1}, {40, 3}, {24, 10}}
	rng := rand.New(rand.NewPCG(25, 1))
	var kept, sided BoxCache
	th, title, size, exact := themes[0], titles[1], sizes[0], false
	var lines []string
	for call := range 3000 {
		switch r := rng.IntN(100); {
		case r < 2:
			th = themes[rng.IntN(len(themes))]
		case r < 4:
			size = sizes[rng.IntN(len(sizes))]
		case r < 7:
			title = titles[rng.IntN(len(titles))]
		case r < 9:
			exact = !exact
		}
		// The next lines: last call's scrolled by one, or with a line
		// changed, or new.
		switch r := rng.IntN(4); {
		case r == 0 && len(lines) > 0:
			lines = append(slices.Clone(lines[1:]), pool[rng.IntN(len(pool))])
		case r == 1 && len(lines) > 0:
			lines = slices.Clone(lines)
			lines[rng.IntN(len(lines))] = pool[rng.IntN(len(pool))]
		default:
			lines = make([]string, rng.IntN(size[1]+3))
			for i := range lines {
				lines[i] = pool[rng.IntN(len(pool))]
			}
		}
		w, h := size[0], size[1]
		want := plainBox(th, title, lines, w, h, exact)
		what := fmt.Sprintf("call %d: %d×%d, exact %v, title %q, lines %q", call, w, h, exact, title, lines)
		if got := kept.DrawBox(th, title, lines, w, h, exact); !slices.Equal(got, want) {
			t.Fatalf("%s: BoxCache.DrawBox\n%q\nwant\n%q", what, got, want)
		}
		if got := DrawBox(th, title, lines, w, h, exact); !slices.Equal(got, want) {
			t.Fatalf("%s: DrawBox\n%q\nwant\n%q", what, got, want)
		}
		if exact {
			continue
		}
		iw, _ := Inner(w, h)
		written := make([]string, len(lines))
		for i, l := range lines {
			written[i] = th.Sided(l, iw)
		}
		if got := sided.DrawSided(th, title, written, w, h); !slices.Equal(got, want) {
			t.Fatalf("%s: DrawSided of Sided lines\n%q\nwant\n%q", what, got, want)
		}
	}
}
