package safetext

import (
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"points.csv", "points.csv"},
		{"höhe_m", "höhe_m"},
		{"a\x1b[2Jb", "a[2Jb"},           // ESC dropped: the rest is harmless text
		{"x\u202etxt.exe", "xtxt.exe"},   // right-to-left override
		{"zero\u200bwidth", "zerowidth"}, // zero-width space
		{"bom\ufeff", "bom"},
		{"c1\u009bx", "c1x"}, // C1 control (CSI)
		{"bad\xffutf8", "badutf8"},
		{"tab\tnl\n", "tabnl"},
	} {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"points.csv", "points.csv"},
		{"data dir/höhe.csv", "data dir/höhe.csv"},
		{"evil\x1b[2J.csv", `"evil\x1b[2J.csv"`},
		{"x\u202etxt.exe", `"x\u202etxt.exe"`},
		{"bad\xff", `"bad\xff"`},
	} {
		if got := Name(c.in); got != c.want {
			t.Errorf("Name(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestShort: up to 50 characters a value is quoted whole; past that its
// first 40 characters (not bytes: "é" is two) and its length in bytes.
func TestShort(t *testing.T) {
	long := strings.Repeat("x", 20<<20)
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"svm", "svm"},
		{strings.Repeat("a", 50), strings.Repeat("a", 50)},
		{strings.Repeat("a", 51), strings.Repeat("a", 40) + "… (51 bytes)"},
		{strings.Repeat("é", 60), strings.Repeat("é", 40) + "… (120 bytes)"},
		{long, strings.Repeat("x", 40) + "… (20971520 bytes)"},
	} {
		if got := Short(c.in); got != c.want {
			t.Errorf("Short(%.60q) = %q, want %q", c.in, got, c.want)
		}
	}
}
