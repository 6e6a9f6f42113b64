package common

import (
	"math"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// TextBlock word-wraps texts into exactly n lines of width w: each text
// starts on a line of its own, the first gets the room the others leave,
// and text that does not fit ends in "…". With fewer lines than texts the
// first texts get one each and the rest are left out.
func TextBlock(n, w int, texts ...string) []string {
	var parts [][]string
	for _, t := range texts {
		if t != "" {
			parts = append(parts, strings.Split(ansi.Wrap(t, w, " "), "\n"))
		}
	}
	out := make([]string, 0, n)
	for k, p := range parts {
		left := n - len(out)
		if left <= 0 {
			break
		}
		room := max(1, left-(len(parts)-1-k)) // leave a line for each later text that can have one
		if len(p) > room {
			p = append(p[:room-1:room-1], ansi.Truncate(p[room-1], max(0, w-1), "")+"…")
		}
		out = append(out, p...)
	}
	for len(out) < n {
		out = append(out, "")
	}
	for i := range out {
		out[i] = Fit(out[i], w)
	}
	return out
}

// PadLeft right-aligns s in w cells, measured by display width (a CJK
// character takes two cells), cutting it to w cells when it is wider.
func PadLeft(s string, w int) string {
	n := ansi.StringWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "")
		n = ansi.StringWidth(s)
	}
	return strings.Repeat(" ", max(0, w-n)) + s
}

// IsFinite reports whether v is a number other than ±Inf and NaN.
func IsFinite(v float64) bool { return math.Abs(v) <= math.MaxFloat64 }

func PadRight(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}
