// Package safetext makes text that came from outside the program (file
// names, CSV headers, flag values) safe to show in a terminal: no control
// characters or escape sequences that could move the cursor or recolour the
// screen, no bidirectional overrides that could make "exe.txt" read as
// "txt.exe", and no zero-width characters that hide what a name really is.
package safetext

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden reports whether r must not reach a terminal as it is: control
// characters (C0, C1, DEL), format characters (category Cf: the bidi
// embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the
// marks U+200E, U+200F and U+061C, the zero-width U+200B–U+200D, U+2060 and
// U+FEFF), and the replacement rune that stands for invalid UTF-8.
func Hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError
}

// Clean drops every character of s that must not reach a terminal (see
// Hidden); what is left prints as it reads.
func Clean(s string) string {
	if !needsWork(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if Hidden(r) {
			return -1
		}
		return r
	}, s)
}

// Name returns s unchanged when every character of it prints as it reads,
// and otherwise s in Go quotes with the offending characters escaped
// (strconv.QuoteToGraphic), so a message shows exactly which name it means:
// "evil\x1b[2J.csv" names the file and clears no screen.
func Name(s string) string {
	if !needsWork(s) {
		return s
	}
	return strconv.QuoteToGraphic(s)
}

// Short is s as a message quotes it: whole when it has at most 50
// characters, else its first 40 and its length, "xxxx… (20971520 bytes)",
// so that a hostile value (a session file may hold megabytes of one) makes
// a one-line message, not a megabyte one. Quote the result as s would be
// (%q, Name): Short keeps the bytes it keeps as they are.
func Short(s string) string {
	const keep = 40 // characters
	if utf8.RuneCountInString(s) <= keep+10 {
		return s
	}
	n := 0
	for i := range s {
		if n == keep {
			return fmt.Sprintf("%s… (%d bytes)", s[:i], len(s))
		}
		n++
	}
	return s
}

func needsWork(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if Hidden(r) {
			return true
		}
	}
	return false
}
