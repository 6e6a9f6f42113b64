package chart

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// charts are the charts every size must survive: typical, degenerate and
// broken data.
func charts() map[string]func(w, h int) Grid {
	nan := math.NaN()
	return map[string]func(w, h int) Grid{
		"cv sigma":     sigmaCV().Draw,
		"cv degree":    degreeCV().Draw,
		"cv empty":     CV{}.Draw,
		"cv one value": CV{Values: []float64{1}, Valid: []float64{0.9}, Std: []float64{0.1}, Best: 0}.Draw,
		"cv all equal": CV{Values: []float64{2, 2, 2}, LogX: true, Valid: []float64{0.5, 0.5, 0.5}, Train: []float64{0.5, 0.5, 0.5}, Best: 1}.Draw,
		"cv log ≤ 0":   CV{Values: []float64{-1, 0, 1}, LogX: true, Valid: []float64{0.8, 0.9, 1}, Best: 2}.Draw,
		"cv nan": CV{
			Values: []float64{0.1, nan, 1, math.Inf(1), 10},
			LogX:   true,
			Valid:  []float64{nan, 0.9, 0.8, 0.7, math.Inf(-1)},
			Std:    []float64{0.1, nan, math.Inf(1), 0.1},
			Train:  []float64{1.5, -0.5, nan},
			Best:   7,
			XLabel: "宽度", // two cells a rune: written as ?
		}.Draw,
		"cv short series": CV{Values: []float64{1, 2, 3, 4}, Valid: []float64{0.9}, Best: -1}.Draw,
		"cv full":         CV{Values: []float64{1, 2}, Valid: []float64{0, 1}, fullY: true}.Draw,
		"passes":          run().Draw,
		"passes long":     longRun().Draw,
		"passes none":     Passes{}.Draw,
		"passes one":      Passes{Mistakes: []int{7}, Train: []float64{0.9}, Test: []float64{0.8}}.Draw,
		"passes zero":     Passes{Mistakes: []int{0, 0}, Test: []float64{1, 1}}.Draw,
		"passes nan":      Passes{Mistakes: []int{3, -2, 5}, Train: []float64{nan, math.Inf(1)}, Test: []float64{nan}}.Draw,
		"passes no acc":   Passes{Mistakes: []int{5, 3, 2, 1}}.Draw,
	}
}

// TestWidths checks that every line of every chart is exactly w cells at
// every size, that the styled text is the plain text plus escapes, and
// that nothing panics.
func TestWidths(t *testing.T) {
	t.Parallel()
	pre := DefaultStyles(true).Prefixes()
	for name, draw := range charts() {
		for _, w := range []int{-1, 0, 1, 2, 3, 4, 5, 7, 8, 12, 13, 14, 20, 33, 40, 72, 80, 121} {
			for _, h := range []int{-1, 0, 1, 2, 3, 4, 5, 6, 7, 10, 16, 30} {
				g := draw(w, h)
				plain := g.Plain()
				if w <= 0 || h <= 0 {
					if plain != "" {
						t.Errorf("%s %d×%d: got %q, want nothing", name, w, h, plain)
					}
					continue
				}
				lines := strings.Split(plain, "\n")
				if len(lines) != h {
					t.Errorf("%s %d×%d: %d lines", name, w, h, len(lines))
				}
				for i, l := range lines {
					if n := ansi.StringWidth(l); n != w {
						t.Errorf("%s %d×%d: line %d is %d cells: %q", name, w, h, i, n, l)
					}
				}
				if s := g.Styled(&pre); ansi.Strip(s) != plain {
					t.Errorf("%s %d×%d: styled text without escapes is not the plain text", name, w, h)
				}
			}
		}
	}
}

// find returns the cells of g holding r.
func find(g Grid, r rune) [][2]int {
	var out [][2]int
	for i, c := range g.cells {
		if c.r == r {
			out = append(out, [2]int{i % g.w, i / g.w})
		}
	}
	return out
}

// row is line y of g as text.
func row(g Grid, y int) string { return strings.Split(g.Plain(), "\n")[y] }

func TestBestMarker(t *testing.T) {
	t.Parallel()
	for _, c := range []CV{sigmaCV(), degreeCV()} {
		for _, size := range [][2]int{{72, 16}, {40, 10}, {30, 8}, {100, 30}} {
			w, h := size[0], size[1]
			g := c.Draw(w, h)
			f := newFrame(w, h, 3)
			marks := find(g, '▲')
			// One ▲ on the axis, one in the legend.
			if len(marks) != 2 || marks[1][1] != f.axis {
				t.Fatalf("%d×%d: ▲ at %v, want one in the legend and one on the axis row %d", w, h, marks, f.axis)
			}
			x := marks[1][0]
			if want := f.gx + c.columns(f.pw)[c.Best]; x != want {
				t.Errorf("%d×%d: ▲ in column %d, want %d", w, h, x, want)
			}
			// The best value's ● is in the marker's column, the ┊ line
			// above or below it, and its label right under it.
			ax := fitAcc(f.ph, false, c.least())
			if y := f.top + ax.row(c.Valid[c.Best]); g.cells[y*w+x].r != '●' {
				t.Errorf("%d×%d: no ● at the best value (%d, %d)", w, h, x, y)
			}
			dashed := 0
			for _, p := range find(g, '┊') {
				if p[0] != x {
					t.Errorf("%d×%d: ┊ at %v, off the best column %d", w, h, p, x)
				}
				dashed++
			}
			if dashed == 0 {
				t.Errorf("%d×%d: no ┊ line", w, h)
			}
			s := num(c.Values[c.Best])
			l := row(g, f.labels)
			at := strings.Index(l, s)
			if at < 0 || !strings.Contains(string([]rune(l)[x-(width(s)-1)/2:]), s) {
				t.Errorf("%d×%d: label %q not under column %d: %q", w, h, s, x, l)
			}
			if w >= 40 && !strings.Contains(row(g, 0), "best "+c.XLabel+" = "+s) && !strings.Contains(row(g, 0), c.XLabel+"="+s) {
				t.Errorf("%d×%d: legend does not name the best value: %q", w, h, row(g, 0))
			}
		}
	}
}

// TestRange checks that 100% is the top row and the bottom of the range
// the bottom row, on the full axis and on one fitted to the data.
func TestRange(t *testing.T) {
	t.Parallel()
	const w, h = 72, 16
	f := newFrame(w, h, 3)
	points := func(g Grid) map[int]int { // x → y of each ●
		out := map[int]int{}
		for _, p := range find(g, '●') {
			if p[1] > 0 { // not the legend
				out[p[0]] = p[1]
			}
		}
		return out
	}
	full := CV{Values: []float64{1, 2, 3}, Valid: []float64{1, 0.5, 0}, fullY: true, Best: -1}
	g := full.Draw(w, h)
	cols := full.columns(f.pw)
	ys := points(g)
	bottom := f.top + f.ph - 1
	for i, want := range []int{f.top, f.top + (f.ph-1)/2, bottom} {
		if y := ys[f.gx+cols[i]]; y != want {
			t.Errorf("full axis: %v at row %d, want %d", full.Valid[i], y, want)
		}
	}
	if l := row(g, bottom); !strings.HasPrefix(l, "  0%┤") {
		t.Errorf("full axis: bottom row %q, want it labelled 0%%", l)
	}

	// A range fitted to the data: its bottom lo is below the data by less
	// than half a tick step (the narrowest the rule allows), lo is on the
	// bottom row, and the bottom row, if labelled, says lo.
	for _, least := range []float64{0.62, 0.77, 0.835, 0.9, 0.99} {
		ax := fitAcc(f.ph, false, least)
		if !(ax.lo <= min(least, 0.9)) || ax.lo < min(least, 0.9)-ax.step/2-1e-9 {
			t.Errorf("data down to %v: range [%v, 1] with step %v", least, ax.lo, ax.step)
		}
		fit := CV{Values: []float64{1, 2, 3}, Valid: []float64{1, least, ax.lo}, Best: -1}
		g = fit.Draw(w, h)
		ys = points(g)
		if y := ys[f.gx+cols[0]]; y != f.top {
			t.Errorf("data down to %v: 100%% at row %d, want %d", least, y, f.top)
		}
		if y := ys[f.gx+cols[2]]; y != bottom {
			t.Errorf("data down to %v: lo = %v at row %d, want %d", least, ax.lo, y, bottom)
		}
		if l := row(g, bottom); strings.Contains(l, "┤") && !strings.Contains(l, pct(ax.lo)+"┤") {
			t.Errorf("data down to %v: bottom row %q, want it labelled %s", least, l, pct(ax.lo))
		}
	}
}

func TestLogPlacement(t *testing.T) {
	t.Parallel()
	const w, h = 72, 12 // the plot's span of columns, 64, is even
	f := newFrame(w, h, 3)
	c := CV{Values: geomspace(0.1, 10, 9), LogX: true, Valid: []float64{0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9}, Best: -1}
	xs := func(c CV) []int {
		var out []int
		for _, p := range find(c.Draw(w, h), '●') {
			if p[1] > 0 {
				out = append(out, p[0]-f.gx)
			}
		}
		return out
	}
	got := xs(c)
	if len(got) != 9 {
		t.Fatalf("%d points, want 9", len(got))
	}
	if got[4] != (got[0]+got[8])/2 {
		t.Errorf("log axis: σ = 1 in column %d, want the middle %d of %d…%d", got[4], (got[0]+got[8])/2, got[0], got[8])
	}
	for i := 1; i < 9; i++ {
		if d := got[i] - got[i-1]; d != 8 {
			t.Errorf("log axis: columns %v not evenly spaced", got)
			break
		}
	}
	c.LogX = false
	g := c.Draw(w, h)
	// On a linear axis σ = 1 is 0.9/9.9 of the way: column 1 + 64·0.0909
	// of the plot; the log axis's middle is empty.
	y := find(g, '●')[1][1]
	if x := f.gx + 1 + int(math.Round(64*0.9/9.9)); g.cells[y*w+x].r != '●' {
		t.Errorf("linear axis: no point at σ = 1, column %d: %q", x, row(g, y))
	}
	if x := f.gx + got[4]; g.cells[y*w+x].r == '●' {
		t.Errorf("linear axis: a point in the log axis's middle, column %d: %q", x, row(g, y))
	}
	// A value ≤ 0 has no log: the axis falls back to linear.
	c = CV{Values: []float64{0, 5, 10}, LogX: true, Valid: []float64{0.9, 0.9, 0.9}, Best: -1}
	if got := xs(c); len(got) != 3 || got[1] != (got[0]+got[2])/2 {
		t.Errorf("log axis with 0: columns %v, want a linear axis", got)
	}
}

func TestMissing(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	c := CV{Values: []float64{1, 2, nan, 4, 5}, Valid: []float64{0.9, nan, 0.9, 0.8}, Best: -1}
	// Points: 1 and 4 (2 has no accuracy, the third no value, 5 no entry).
	if n := len(find(c.Draw(60, 12), '●')) - 1; n != 2 {
		t.Errorf("%d points drawn, want 2", n)
	}
	one := CV{Values: []float64{3}, Valid: []float64{0.9}, Best: 0}
	f := newFrame(41, 12, 3)
	if marks := find(one.Draw(41, 12), '▲'); marks[1][0] != f.gx+f.pw/2 {
		t.Errorf("one value in column %d, want the middle %d", marks[1][0], f.gx+f.pw/2)
	}
	if !strings.Contains(CV{}.Draw(40, 5).Plain(), "no cross-validation yet") {
		t.Error("an empty CV does not say so")
	}
	if !strings.Contains(Passes{}.Draw(40, 5).Plain(), "no pass finished yet") {
		t.Error("an empty record does not say so")
	}
	onePass := Passes{Mistakes: []int{7}, Train: []float64{0.9}}
	g := onePass.Draw(40, 10)
	if _, _, hb, _ := onePass.layout(40, 10); !strings.Contains(row(g, 0), "pass 1") || len(find(g, '█')) != 3*hb {
		t.Errorf("one pass: want a full bar and \"pass 1\":\n%s", g.Plain())
	}
}

func TestBucketing(t *testing.T) {
	t.Parallel()
	const w, h = 40, 10
	p := Passes{Mistakes: make([]int, 1), Train: make([]float64, 1)}
	p.Mistakes[0] = 9 // the count axis's width: one digit
	p.Train[0] = 0.5
	f, ha, hb, _ := p.layout(w, h)
	n := 3 * f.pw // three passes a column
	p = Passes{Mistakes: make([]int, n), Train: make([]float64, n)}
	copy(p.Mistakes, []int{9, 9, 9, 0, 0, 9}) // column means 9 and 3
	for i := range p.Train {
		p.Train[i] = 0.5
	}
	p.Train[5] = 1 // the end of column 1: its accuracy
	p.Train[4] = 0.5
	g := p.Draw(w, h)
	if l := row(g, 0); !strings.Contains(l, "3 per column") && !strings.Contains(l, "3/col") {
		t.Errorf("legend %q does not say 3 passes a column", l)
	}
	// The accuracy strip on top, the bars below it, on the x axis.
	height := func(x int) int { // eighths
		e := 0
		for y := f.top + ha; y < f.top+ha+hb; y++ {
			for k, r := range eighths {
				if g.cells[y*w+x].r == r {
					e += k
				}
			}
		}
		return e
	}
	if e := height(f.gx); e != 8*hb {
		t.Errorf("column 0: bar of %d eighths, want %d", e, 8*hb)
	}
	if e, want := height(f.gx+1), int(math.Round(8*float64(hb)/3)); e != want {
		t.Errorf("column 1: bar of %d eighths, want the mean 3/9 of full: %d", e, want)
	}
	if c := g.cells[f.top*w+f.gx+1]; c.r != '○' {
		t.Errorf("column 1: %q on the 100%% row, want ○ (its last pass's accuracy)", c.r)
	}
	if !strings.Contains(row(g, f.labels), strings.TrimSpace(num(float64(n)))) {
		t.Errorf("labels %q do not reach pass %d", row(g, f.labels), n)
	}
	// As many passes as columns: one each, nothing said.
	p = Passes{Mistakes: make([]int, f.pw)}
	if l := row(p.Draw(w, h), 0); strings.Contains(l, "col") {
		t.Errorf("unbucketed legend %q mentions columns", l)
	}
}

// TestPassesGrouped: a run given in groups of two passes (lab.PassLog's,
// for a long run: the mistakes of the two together, the accuracies at the
// end of the second, the last group one pass) draws exactly the chart of
// the run given pass by pass, when the chart puts a whole number of groups
// in each column (here four passes a column); groups of one are passes.
func TestPassesGrouped(t *testing.T) {
	t.Parallel()
	const w, h = 60, 14
	f, _, _, _ := Passes{Mistakes: []int{9}, Train: []float64{1}, Test: []float64{1}}.layout(w, h)
	n := 4*f.pw - 3
	var one, two Passes
	for k := range n {
		m := (k * 7) % 10
		if k < 2 {
			m = 9 // the largest, in a group of its own: both axes are one digit wide
		}
		one.Mistakes = append(one.Mistakes, m)
		one.Train = append(one.Train, float64(k%5)/4)
		one.Test = append(one.Test, float64(k%3)/2)
		if k%2 == 0 {
			two.Mistakes = append(two.Mistakes, m)
			two.Train, two.Test = append(two.Train, 0), append(two.Test, 0)
		} else {
			two.Mistakes[k/2] += m
		}
		two.Train[k/2], two.Test[k/2] = one.Train[k], one.Test[k]
	}
	two.Per, two.Total = 2, n
	a, b := one.Draw(w, h), two.Draw(w, h)
	if a.Plain() != b.Plain() || !slices.Equal(a.cells, b.cells) {
		t.Errorf("pass by pass:\n%s\nin groups of two:\n%s", a.Plain(), b.Plain())
	}
	if l := row(a, 0); !strings.Contains(l, "4 per column") && !strings.Contains(l, "4/col") {
		t.Errorf("legend %q does not say 4 passes a column", l)
	}
	one.Per, one.Total = 1, n
	if c := one.Draw(w, h); !slices.Equal(a.cells, c.cells) {
		t.Errorf("Per 1 and Total n differ from the passes alone:\n%s", c.Plain())
	}
}

// TestStyled checks that each cell is written in its ink's style: walking
// the styled text, the escape in effect at each rune is its ink's prefix.
func TestStyled(t *testing.T) {
	t.Parallel()
	var pre [NumInks]string
	for i := inkAxis; i < NumInks; i++ {
		pre[i] = "\x1b[" + string(rune('0'+i)) + ";3" + string(rune('0'+i%8)) + "m"
	}
	for name, g := range map[string]Grid{"cv": sigmaCV().Draw(72, 16), "passes": run().Draw(72, 16)} {
		s := g.Styled(&pre)
		on, i := "", 0
		for len(s) > 0 {
			if strings.HasPrefix(s, "\x1b[") {
				end := strings.IndexByte(s, 'm') + 1
				if on = s[:end]; on == reset {
					on = ""
				}
				s = s[end:]
				continue
			}
			r, size := rune(s[0]), 1
			if r >= 0x80 {
				r = []rune(s[:min(len(s), 4)])[0]
				size = len(string(r))
			}
			s = s[size:]
			if r == '\n' {
				if on != "" {
					t.Fatalf("%s: a style runs over the end of a line", name)
				}
				continue
			}
			c := g.cells[i]
			if on != pre[c.ink] {
				t.Fatalf("%s: cell %d (%q, ink %d) written under %q", name, i, c.r, c.ink, on)
			}
			i++
		}
		if i != len(g.cells) {
			t.Errorf("%s: %d cells written, want %d", name, i, len(g.cells))
		}
	}
	// The default styles give every ink but blank its own colour.
	for _, dark := range []bool{true, false} {
		p := DefaultStyles(dark).Prefixes()
		if p[inkBlank] != "" {
			t.Errorf("blank has a prefix %q", p[inkBlank])
		}
		for i := inkAxis; i < NumInks; i++ {
			if !strings.HasPrefix(p[i], "\x1b[") {
				t.Errorf("ink %d has no escape: %q", i, p[i])
			}
		}
	}
}

func TestNum(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0.1, "0.1"}, {0.17782794, "0.18"}, {0.31622777, "0.32"}, {5.6234133, "5.6"},
		{1, "1"}, {10, "10"}, {6, "6"}, {240, "240"}, {1000, "1000"}, {1778.3, "1.8k"},
		{12345, "12k"}, {1e6, "1e6"}, {999999.9, "1e6"}, {3.2e-5, "3.2e−5"},
		{0.001, "0.001"}, {-0.5, "−0.5"}, {0, "0"},
		{math.NaN(), "NaN"}, {math.Inf(1), "+Inf"}, {math.Inf(-1), "−Inf"},
	} {
		if got := num(c.v); got != c.want {
			t.Errorf("num(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
