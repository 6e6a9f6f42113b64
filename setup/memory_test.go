package setup

import "testing"

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"1073741824", 1 << 30}, {"512M", 512 << 20}, {"512MB", 512 << 20}, {"1G", 1 << 30},
		{"2GiB", 2 << 30}, {"1.5g", 3 << 29}, {"64k", 64 << 10}, {" 3 MiB ", 3 << 20},
	} {
		if got, err := parseSize(c.in); err != nil || got != c.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "lots", "-1G", "NaNM", "1e30G"} {
		if got, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", bad, got)
		}
	}
}
