package datasets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorsQuoteNames: a path with escape sequences or bidi controls in it
// reaches the error message quoted and escaped, so printing the error cannot
// clear the screen or reorder the text.
func TestErrorsQuoteNames(t *testing.T) {
	dir := t.TempDir()
	evil := "evil\x1b[2J\u202e.csv"
	path := filepath.Join(dir, evil)
	if err := os.WriteFile(path, []byte("1,2,1\n1,2\n"), 0o644); err != nil {
		t.Skip("this file system takes no such name:", err)
	}
	sub := filepath.Join(dir, "sub\x1b]0;title\a")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}

	errs := map[string]error{}
	_, errs["LoadCSV(bad data)"] = LoadCSV(path)
	_, errs["LoadCSV(missing)"] = LoadCSV(path + "\x1b[31m")
	_, errs["LoadCSV(directory)"] = LoadCSV(sub)
	errs["SaveCSV(bad points)"] = SaveCSV(path, []Point{{0, 0, 0}})
	errs["SaveCSV(directory)"] = SaveCSV(sub, worked4)
	errs["SaveCSV(no such directory)"] = SaveCSV(filepath.Join(sub, "no\x1b[Kdir", "x.csv"), worked4)
	errs["CreateCSV(exists)"] = CreateCSV(path, worked4)
	errs["CreateCSV(no such directory)"] = CreateCSV(filepath.Join(sub, "no\x1b[Kdir", "x.csv"), worked4)
	_, errs["SaveNew(no such directory)"] = SaveNew(filepath.Join(sub, "no\x1b[Kdir"), "x", worked4)
	for name, err := range errs {
		if err == nil {
			t.Errorf("%s succeeded", name)
			continue
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\x1b\a\u202e") {
			t.Errorf("%s: the message %q holds raw control characters", name, msg)
		}
		if !strings.Contains(msg, `\x1b`) {
			t.Errorf("%s: the message %q does not show the name escaped", name, msg)
		}
	}
}
