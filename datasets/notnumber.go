package datasets

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file says why a field that was meant as a number is not one: a
// Unicode minus sign from a word processor, digits grouped in thousands,
// hexadecimal, a unit after the number. Each reason ends, where it can, in
// what to write instead, so the user fixes the file in one go.

// lookalike is a character that is easily typed or pasted for an ASCII one.
type lookalike struct {
	ascii rune
	name  string
}

// lookalikeOf is the ASCII character r is easily typed or pasted for, and
// r's name (the zero lookalike when r is none): word processors turn "-"
// into U+2212 or U+2013; Japanese and Chinese input methods give the
// fullwidth forms. A switch, not a map: nothing is built at start.
func lookalikeOf(r rune) lookalike {
	switch r {
	case '\u2212':
		return lookalike{'-', "the Unicode minus sign"}
	case '\u2012':
		return lookalike{'-', "the figure dash"}
	case '\u2013':
		return lookalike{'-', "the en dash"}
	case '\u2014':
		return lookalike{'-', "the em dash"}
	case '\u2010':
		return lookalike{'-', "the hyphen"}
	case '\u2011':
		return lookalike{'-', "the non-breaking hyphen"}
	case '\u2796':
		return lookalike{'-', "the heavy minus sign"}
	case '\uFE63':
		return lookalike{'-', "the small hyphen-minus"}
	case '\uFF0D':
		return lookalike{'-', "the fullwidth hyphen-minus"}
	case '\uFF0B':
		return lookalike{'+', "the fullwidth plus sign"}
	case '\uFF0E':
		return lookalike{'.', "the fullwidth full stop"}
	}
	return lookalike{}
}

// spaceName names the spaces that group digits, which look alike on screen
// ("" for any other character).
func spaceName(r rune) string {
	switch r {
	case '\u00A0':
		return "the no-break space"
	case '\u2009':
		return "the thin space"
	case '\u202F':
		return "the narrow no-break space"
	}
	return ""
}

// whyNotNumber explains why f, which strconv.ParseFloat refused, is not a
// number, as a clause to append to "field 1 "…" is not a number"; it is ""
// when there is nothing more useful to say than that.
func whyNotNumber(f string) string {
	switch {
	case strings.IndexByte(f, 0) >= 0:
		return ": it holds NUL bytes (is the file UTF-16? save it as UTF-8)"
	case !utf8.ValidString(f):
		return ": it is not UTF-8 text (save the file as UTF-8)"
	}
	fixed, odd := asciiForm(f)
	if odd != 0 && isNumber(fixed) {
		return fmt.Sprintf(": it uses %s; write %s", describe(odd), clipped(fixed))
	}
	if why := otherBase(f); why != "" {
		return why
	}
	if fixed, sep, ok := ungroup(f); ok {
		return fmt.Sprintf(": it groups digits with %s; write %s", describe(sep), clipped(fixed))
	}
	if rest, ok := strings.CutPrefix(f, "#"); ok && isNumber(strings.Trim(rest, " \t")) {
		return `: "#" does not start a comment in a CSV file; delete the line or the "#"`
	}
	if num, rest, ok := trailingText(f); ok {
		return fmt.Sprintf(": it has %s after the number %s", quoted(rest), num)
	}
	if odd != 0 {
		return fmt.Sprintf(": it uses %s", describe(odd))
	}
	return ""
}

// describe names a character for a message: "the Unicode minus sign U+2212".
func describe(r rune) string {
	switch {
	case r == ' ' || r == '\'':
		return fmt.Sprintf("%q", r)
	case lookalikeOf(r).name != "":
		return fmt.Sprintf("%s U+%04X", lookalikeOf(r).name, r)
	case spaceName(r) != "":
		return fmt.Sprintf("%s U+%04X", spaceName(r), r)
	case unicode.IsDigit(r):
		return fmt.Sprintf("the digit %q U+%04X, not an ASCII digit", r, r)
	case unicode.Is(unicode.Cf, r):
		return fmt.Sprintf("the invisible character U+%04X", r)
	case unicode.IsSpace(r):
		return fmt.Sprintf("the space character U+%04X", r)
	}
	return fmt.Sprintf("%q U+%04X", r, r)
}

// asciiForm replaces the lookalikes and non-ASCII decimal digits in f by
// their ASCII forms and drops invisible (format) characters, and returns the
// result with the first character it changed (0 if none).
func asciiForm(f string) (fixed string, first rune) {
	var b strings.Builder
	for _, r := range f {
		out := r
		switch {
		case r < utf8.RuneSelf:
		case lookalikeOf(r).ascii != 0:
			out = lookalikeOf(r).ascii
		case unicode.IsDigit(r):
			out = '0' + digitValue(r)
		case unicode.Is(unicode.Cf, r):
			out = -1
		}
		if out != r && first == 0 {
			first = r
		}
		if out >= 0 {
			b.WriteRune(out)
		}
	}
	if first == 0 {
		return f, 0
	}
	return b.String(), first
}

// digitValue is the value of a decimal digit r (Unicode category Nd). Unicode
// encodes every decimal digit in a run of ten, 0 to 9 in order, so the value
// is the distance from the start of the run of digits, modulo 10.
func digitValue(r rune) rune {
	start := r
	for unicode.IsDigit(start - 1) {
		start--
	}
	return (r - start) % 10
}

// otherBase explains a number written in hexadecimal (without the p exponent
// that makes it a Go hexadecimal float, which ParseFloat reads), binary or
// octal, and gives it in decimal.
func otherBase(f string) string {
	sign, digits := splitSign(f)
	if len(digits) < 3 || digits[0] != '0' {
		return ""
	}
	var base string
	switch digits[1] {
	case 'x', 'X':
		base = "hexadecimal"
		if strings.ContainsAny(digits, "pP") {
			return ""
		}
		v, err := strconv.ParseFloat(sign+digits+"p0", 64)
		if err != nil {
			return ""
		}
		kind := "integers"
		if strings.Contains(digits, ".") {
			kind = "fractions"
		}
		return fmt.Sprintf(" (%s %s are not read; write %s)", base, kind, strconv.FormatFloat(v, 'g', -1, 64))
	case 'b', 'B':
		base = "binary"
	case 'o', 'O':
		base = "octal"
	default:
		return ""
	}
	v, err := strconv.ParseInt(sign+digits, 0, 64)
	if err != nil {
		return ""
	}
	return fmt.Sprintf(" (%s is not read; write %d)", base, v)
}

func splitSign(f string) (sign, rest string) {
	if f != "" && (f[0] == '+' || f[0] == '-') {
		return f[:1], f[1:]
	}
	return "", f
}

// groupSeps are the characters that group digits in thousands: "1 000",
// "1'000" (Swiss), and the no-break and thin spaces that French and SI
// typesetting use. A comma cannot be one (it splits fields), a point cannot
// be told from a decimal point, and "1_000" is a number to ParseFloat, as
// in Go.
const groupSeps = " '\u2019\u00A0\u2009\u202F"

// ungroup reads f as digits grouped in thousands with one separator, as
// 12 345 678.9, and returns it without the separator if that is a number.
func ungroup(f string) (fixed string, sep rune, ok bool) {
	sign, s := splitSign(f)
	lead := countDigits(s)
	if lead == 0 || lead > 3 || lead == len(s) {
		return "", 0, false
	}
	sep, w := utf8.DecodeRuneInString(s[lead:])
	if !strings.ContainsRune(groupSeps, sep) {
		return "", 0, false
	}
	var b strings.Builder
	b.WriteString(sign)
	b.WriteString(s[:lead])
	rest := s[lead:]
	for strings.HasPrefix(rest, string(sep)) {
		rest = rest[w:]
		if countDigits(rest) != 3 {
			return "", 0, false
		}
		b.WriteString(rest[:3])
		rest = rest[3:]
	}
	b.WriteString(rest)
	fixed = b.String()
	return fixed, sep, isNumber(fixed)
}

func countDigits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// trailingText splits f, which starts like a number (a digit, perhaps after
// a sign or a point), into the longest leading number and the text after
// it: "12%" is 12 and "%", "3 cm" is 3 and " cm".
func trailingText(f string) (num, rest string, ok bool) {
	_, s := splitSign(f)
	s = strings.TrimPrefix(s, ".")
	if countDigits(s) == 0 {
		return "", "", false
	}
	// Numbers are short; a long field is not worth a quadratic search.
	end := min(len(f)-1, 40)
	for i := end; i > 0; i-- {
		if utf8.RuneStart(f[i]) && isNumber(f[:i]) {
			return f[:i], f[i:], true
		}
	}
	return "", "", false
}
