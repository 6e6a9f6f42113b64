//go:build unix

package datasets

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLoadCSVEndlessFIFO: LoadCSV reads a FIFO as a stream, within the same
// limits, so a writer that never stops ends in an error, not in the OOM
// killer.
func TestLoadCSVEndlessFIFO(t *testing.T) {
	for _, c := range []struct{ pattern, msg string }{
		{"1,2,1\n", "more than 1000000 data rows; kernelscope reads at most 1000000 (split the file or sample it)"},
		{"\n", "more than 3000000 lines"},
	} {
		fifo := filepath.Join(t.TempDir(), "endless.csv")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		done := make(chan error, 1)
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				done <- err
				return
			}
			defer f.Close()
			chunk := []byte(strings.Repeat(c.pattern, 4096/len(c.pattern)))
			for {
				// Ends with EPIPE once LoadCSV has given up and closed its end.
				if _, err := f.Write(chunk); err != nil {
					done <- nil
					return
				}
			}
		}()
		_, err := LoadCSV(fifo)
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), fifo+": "+c.msg) {
			t.Errorf("LoadCSV(FIFO of %q forever) = %v; want it to start %q", c.pattern, err, fifo+": "+c.msg)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoadCSVDevices: character devices are streams too.
func TestLoadCSVDevices(t *testing.T) {
	for _, c := range []struct{ path, msg string }{
		{"/dev/zero", "/dev/zero: line 1: line is too long to be data (over 1 MiB)"},
		{"/dev/null", "/dev/null: the file is empty: want rows x1,x2,y"},
		{"/dev/urandom", "/dev/urandom: line "},
	} {
		if _, err := os.Stat(c.path); err != nil {
			continue
		}
		_, err := LoadCSV(c.path)
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), c.msg) {
			t.Errorf("LoadCSV(%s) = %v; want a *ParseError starting %q", c.path, err, c.msg)
		}
	}
}
