package datasets

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"kernelscope/internal/safetext"
)

// compressions are the compressed formats a CSV file may have been saved
// in by mistake (points.csv.gz from a download, an export zipped for
// mail): the bytes each starts with and the command that undoes it. Each
// magic holds a byte no CSV text starts with (0x1f, 0x03, 0xfd, 0xb5),
// so no text file is taken for one. bzip2's "BZh" is text and is left out.
var compressions = []struct {
	name, magic, ext, command string
}{
	{"gzip", "\x1f\x8b", ".gz", "gunzip"},
	{"zip", "PK\x03\x04", ".zip", "unzip"},
	{"xz", "\xfd7zXZ\x00", ".xz", "unxz"},
	{"zstd", "\x28\xb5\x2f\xfd", ".zst", "unzstd"},
}

// maxMagic is the longest magic of compressions.
const maxMagic = 6

// compressed is the *ParseError for input that starts as a compressed
// file does, nil for any other.
func compressed(first []byte) *ParseError {
	for _, c := range compressions {
		if bytes.HasPrefix(first, []byte(c.magic)) {
			return &ParseError{Msg: fmt.Sprintf("the data is compressed (%s), not CSV text: decompress it first (%s)", c.name, c.command), Compressed: c.name}
		}
	}
	return nil
}

// compressedFileError is a file that is compressed: it names the file and
// the command that decompresses it, "points.csv.gz is compressed (gzip):
// decompress it first, e.g. gunzip points.csv.gz". It unwraps to the
// *ParseError.
type compressedFileError struct {
	path string
	pe   *ParseError
}

func (e *compressedFileError) Error() string {
	return fmt.Sprintf("%s is compressed (%s): decompress it first, e.g. %s", safetext.Name(e.path), e.pe.Compressed, decompressCommand(e.path, e.pe.Compressed))
}

func (e *compressedFileError) Unwrap() error { return e.pe }

// decompressCommand is the shell command that decompresses the file at
// path, compressed as format: gunzip points.csv.gz leaves points.csv; a
// file without the format's extension is decompressed to a new name
// beside it, never onto itself (a shell's > would empty it first).
func decompressCommand(path, format string) string {
	for _, c := range compressions {
		if c.name != format {
			continue
		}
		switch {
		case c.name == "zip":
			return "unzip " + shellWord(path)
		case strings.HasSuffix(path, c.ext):
			return c.command + " " + shellWord(path)
		}
		out := strings.TrimSuffix(path, filepath.Ext(path)) + "-" + c.command + "ped.csv"
		return fmt.Sprintf("%s -c %s > %s", c.command, shellWord(path), shellWord(out))
	}
	return ""
}

// shellWord is s as a POSIX shell reads it back as one word: as it is when
// it holds only characters no shell treats specially, else in single
// quotes. Characters a terminal would act on are escaped (safetext.Name).
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+,:=@%") == "" {
		return s
	}
	if n := safetext.Name(s); n != s {
		return n
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
