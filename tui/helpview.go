package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/action"
	"kernelscope/tui/common"
)

// fullHelp lays the groups of the program's actions out (every key, the
// mouse included; keys that do nothing now are listed too, dimmed, since
// the full help says what the program can do, not only what it can do now)
// in as many columns as fit in w cells and
// as few rows as that allows, so every key shows from 80×24 up: a heading
// never ends a column, a group runs on into the next column only when it
// must, and each column's keys are as wide as its widest. Descriptions are
// cut only when even that does not fit in h rows.
func fullHelp(th *common.Theme, groups []action.Group, w, h int) []string {
	type line struct {
		key, desc string
		kw        int // the width of its group's keys
		head, off bool
	}
	blocks := make([][]line, len(groups)) // a heading and its keys
	for gi, g := range groups {
		kw := 0
		for _, it := range g.Items {
			kw = max(kw, ansi.StringWidth(it.Key))
		}
		blocks[gi] = append(blocks[gi], line{desc: g.Name, head: true})
		for _, it := range g.Items {
			blocks[gi] = append(blocks[gi], line{key: it.Key, desc: it.Desc, kw: kw, off: it.Off()})
		}
	}
	blank := func(l line) bool { return !l.head && l.key == "" && l.desc == "" }
	// split packs whole groups into columns of at most rows lines, a blank
	// line between groups; a group taller than a column runs on into the
	// next one, never leaving its heading alone at the bottom.
	split := func(rows int) [][]line {
		var columns [][]line
		var cur []line
		for _, blk := range blocks {
			if len(cur) > 0 && len(cur)+1+len(blk) > rows {
				columns, cur = append(columns, cur), nil
			}
			if len(cur) > 0 {
				cur = append(cur, line{})
			}
			for i, l := range blk {
				if len(cur) == rows || (len(cur) == rows-1 && i == 0) {
					columns, cur = append(columns, cur), nil
				}
				cur = append(cur, l)
			}
		}
		return append(columns, cur)
	}
	// width is a column's: its widest heading or key and description, the
	// keys of each group aligned.
	width := func(col []line) (dw int) {
		for _, l := range col {
			if l.head {
				dw = max(dw, ansi.StringWidth(l.desc))
			} else if !blank(l) {
				dw = max(dw, ansi.StringWidth(l.desc)+l.kw+1)
			}
		}
		return dw
	}
	const gap = 2
	// The fewest rows, from the tallest group's, whose columns fit the
	// width; failing that, h rows.
	tallest := 0
	for _, g := range groups {
		tallest = max(tallest, 1+len(g.Items))
	}
	var columns [][]line
	for rows := max(1, min(h, tallest)); ; rows++ {
		columns = split(rows)
		total := gap * (len(columns) - 1)
		for _, c := range columns {
			total += width(c)
		}
		if total <= w || rows >= h {
			break
		}
	}
	// When the columns do not fit side by side, the widest is narrowed
	// (its descriptions cut with …) until they do.
	widths := make([]int, len(columns))
	need := gap * (len(columns) - 1)
	for i, c := range columns {
		widths[i] = width(c)
		need += widths[i]
	}
	for ; need > w; need-- {
		widest := 0
		for i := range widths {
			if widths[i] > widths[widest] {
				widest = i
			}
		}
		if widths[widest] <= 1 {
			break
		}
		widths[widest]--
	}
	out := make([]string, 0, h)
	for r := range min(h, rowsOf(columns)) {
		var b strings.Builder
		for c, col := range columns {
			cw := widths[c]
			if c > 0 {
				b.WriteString(strings.Repeat(" ", gap))
			}
			if r >= len(col) {
				b.WriteString(strings.Repeat(" ", cw))
				continue
			}
			l := col[r]
			text := l.desc
			if !l.head && !blank(l) {
				text = common.PadRight(l.key, l.kw) + " " + l.desc
			}
			cell := common.Fit(text, cw)
			switch {
			case l.head:
				cell = th.Bold.Render(cell)
			case l.off:
				cell = th.Dim.Render(cell)
			}
			b.WriteString(cell)
		}
		out = append(out, b.String())
	}
	return out
}

func rowsOf[T any](columns [][]T) int {
	n := 0
	for _, c := range columns {
		n = max(n, len(c))
	}
	return n
}
