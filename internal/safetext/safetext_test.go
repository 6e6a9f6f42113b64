package safetext

import "testing"

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
