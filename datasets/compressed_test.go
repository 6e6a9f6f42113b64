package datasets

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadCSVCompressed: a CSV file saved compressed (a download's
// points.csv.gz, an export zipped for mail) is named as such, with the
// command that decompresses it, whichever reader reads it and however far
// its first newline is. It used to read as a line of nonsense: "line 1:
// want 3 fields x1,x2,y, got 1", or "line 3: … this line uses "\t"" for a
// zip.
func TestLoadCSVCompressed(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	csv := "x1,x2,y\n1,2,1\n-1,-2,-1\n"
	gz := func(text string) string {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(text))
		w.Close()
		return b.String()
	}
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	f, _ := zw.Create("points.csv")
	f.Write([]byte(csv))
	zw.Close()
	noNewline := gz(strings.Repeat("1,2,1 ", 400_000)) // no '\n' in the first MiB of text
	for _, c := range []struct{ name, data, want string }{
		{"points.csv.gz", gz(csv), "points.csv.gz is compressed (gzip): decompress it first, e.g. gunzip points.csv.gz"},
		{"points.csv", gz(csv), "points.csv is compressed (gzip): decompress it first, e.g. gunzip -c points.csv > points-gunzipped.csv"},
		{"my points.gz", gz(csv), "my points.gz is compressed (gzip): decompress it first, e.g. gunzip 'my points.gz'"},
		{"long.csv.gz", noNewline, "long.csv.gz is compressed (gzip): decompress it first, e.g. gunzip long.csv.gz"},
		{"points.zip", zb.String(), "points.zip is compressed (zip): decompress it first, e.g. unzip points.zip"},
		{"points.csv.xz", "\xfd7zXZ\x00\x00\x04", "points.csv.xz is compressed (xz): decompress it first, e.g. unxz points.csv.xz"},
		{"points.csv.zst", "\x28\xb5\x2f\xfd\x00", "points.csv.zst is compressed (zstd): decompress it first, e.g. unzstd points.csv.zst"},
	} {
		writeFile(t, filepath.Join(dir, c.name), c.data)
		path, want := c.name, c.want // in dir
		for reader, load := range map[string]func(string) (Table, error){
			"LoadCSV":        LoadCSV,
			"LoadCSVColumns": func(p string) (Table, error) { return LoadCSVColumns(p, Columns{}) },
		} {
			_, err := load(path)
			var pe *ParseError
			if err == nil || err.Error() != want || !errors.As(err, &pe) || pe.Compressed == "" {
				t.Errorf("%s(%s):\n got %v\nwant %s", reader, c.name, err, want)
			}
		}
	}
	// A reader without a name says what the data is; text that starts
	// with the letters of a magic is text.
	if _, err := ReadCSV(strings.NewReader(gz(csv))); err == nil || err.Error() != "the data is compressed (gzip), not CSV text: decompress it first (gunzip)" {
		t.Errorf("ReadCSV(gzip) = %v", err)
	}
	if tb, err := ReadCSV(strings.NewReader("PK,x2,y\n1,2,1\n")); err != nil || len(tb.Points) != 1 {
		t.Errorf("ReadCSV(a header PK,x2,y) = %v, %v", tb, err)
	}
}

// TestShellWord: a path as a shell reads it back.
func TestShellWord(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"points.csv.gz", "points.csv.gz"},
		{"data/2024-01/p_1.csv", "data/2024-01/p_1.csv"},
		{"my points.gz", "'my points.gz'"},
		{"it's.gz", `'it'\''s.gz'`},
		{"$HOME.gz", "'$HOME.gz'"},
		{"evil\x1b[2J.gz", `"evil\x1b[2J.gz"`},
	} {
		if got := shellWord(c.in); got != c.want {
			t.Errorf("shellWord(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
