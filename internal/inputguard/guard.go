// Package inputguard stands between a terminal's input and Bubble Tea's
// decoder: every byte a user types or pastes into the terminal program,
// and every byte an SSH client sends to a class, passes it before any
// parser sees it.
//
// The decoder (charmbracelet/ultraviolet over charmbracelet/x/ansi) trusts
// what it reads, and a few bytes it does not expect end the process: its
// input goroutine has no recover, so a panic there takes every session of
// a class with it. docs/terminal.md ("The input guard") lists the upstream
// bugs, the bytes that reach them and which bound below stops each, so the
// guard can shrink when they are fixed.
//
// The guard reads its input by its own small grammar (ECMA-48: text, C0
// controls, and ESC, CSI, DCS, OSC, SS3, APC, PM and SOS sequences, in
// their 7- and 8-bit forms) and hands the decoder a canonical form of it:
//
//   - valid UTF-8 text and C0 controls, as they came;
//   - whole sequences within fixed bounds, in their 7-bit form, never one
//     cut between two reads: at most 31 separators and 9 digits a
//     parameter, 2 intermediates, 512 bytes of printable string data,
//     strings ended by ESC \ (or BEL for OSC);
//   - the Linux console's F1–F5 (CSI [ A to CSI [ E) as xterm's (SS3 P to
//     S, CSI 15 ~), which the decoder reads whole;
//   - the Escape key as CSI 27 u and alt and a key as CSI code ; 3 u (the
//     kitty keyboard protocol's forms): the decoder keeps everything after
//     an event of ESC and one byte until the input pauses for 50 ms, so a
//     client that never pauses would grow its buffer for ever;
//   - nothing of a bracketed paste (the program takes no paste, and the
//     decoder would keep all of it in memory), of a window report (CSI …
//     t: a client could claim any size that way), of a Windows console
//     record (CSI … _, which the decoder turns back into arbitrary bytes),
//     of an X10 mouse report (CSI M and its three raw bytes; terminals
//     send SGR reports, CSI < … M, which pass), of APC, PM or SOS, of an
//     OSC without a command number and data (the decoder waits after one
//     as after ESC and a byte), of invalid UTF-8 or U+FFFD (which it reads
//     as invalid, and waits after), or of a C1 control that starts nothing.
//
// A sequence that breaks a bound is read to its end and dropped whole;
// one that a byte outside its grammar cuts short is dropped, and that byte
// read afresh. Memory is bounded by the longest sequence kept (well under
// a kilobyte), whatever the client sends.
package inputguard

import (
	"strconv"
	"unicode/utf8"
)

// The bytes the grammar names (ECMA-48).
const (
	bel = 0x07
	can = 0x18
	sub = 0x1a
	esc = 0x1b
	// The 8-bit introducers of C1.
	ss3C1 = 0x8f
	dcsC1 = 0x90
	sosC1 = 0x98
	csiC1 = 0x9b
	stC1  = 0x9c
	oscC1 = 0x9d
	pmC1  = 0x9e
	apcC1 = 0x9f
)

// The bounds of what is kept. The decoder holds 32 parameters a CSI and
// indexes past them (x/ansi's parser_decode.go), its DCS holds 16, and a
// parameter of 10 digits can reach 2³¹, which its Param wraps into the
// low 31 bits (so 2147483848 would read as 200, a paste's start).
const (
	maxSeparators    = 31
	maxDCSSeparators = 15
	maxDigits        = 9
	maxParamBytes    = 128
	maxIntermediates = 2
	maxString        = 512
	maxSS3Digits     = 3
)

// escapeKey is how the Escape key is handed on: CSI 27 u, complete, so
// the decoder never waits to see whether a lone ESC starts a sequence.
var escapeKey = []byte("\x1b[27u")

// state is where the filter is in the grammar.
type state uint8

const (
	ground        state = iota
	escape              // after ESC
	escapeRune          // after ESC, inside a UTF-8 rune (alt+rune)
	csi                 // a CSI's parameters and intermediates
	dcs                 // a DCS's parameters and intermediates
	dcsData             // a DCS's string, after its final byte
	osc                 // an OSC's string
	ignoredString       // an APC, PM or SOS: read to its end and dropped
	ss3                 // SS3: digits, then one character
	x10                 // the three raw bytes of an X10 mouse report
	linuxKey            // CSI [ and a letter: the Linux console's F1–F5
)

// filter is the guard's parser: fed bytes, it appends the canonical form
// of what it has read whole. The zero value is ready.
type filter struct {
	st state
	// seq is the sequence being read, as it will be written (7-bit
	// introducer); bad reports that it broke a bound and will be dropped.
	seq []byte
	bad bool
	// afterIntro counts the bytes read after the introducer; typed
	// reports an introducer of two bytes (ESC [), which a person can type
	// as alt+[ and which a pause therefore ends.
	afterIntro int
	typed      bool
	// A CSI's or DCS's parameters: bytes, separators, digits of the one
	// being read, the first one's value and digits, a prefix (< = > ?)
	// and the intermediates.
	params, seps, digits int
	first, firstDigits   int
	prefix               bool
	inters               int
	// stringEsc is set after an ESC inside a string: ESC \ ends it.
	stringEsc bool
	// r is a UTF-8 rune being read.
	r []byte
	// x10Left counts the raw bytes of an X10 report still to drop.
	x10Left int
	// paste is set inside a bracketed paste, which is read and dropped.
	paste bool
}

// feed reads in and appends to out what is read whole.
func (f *filter) feed(out, in []byte) []byte {
	for _, c := range in {
		out = f.step(out, c)
	}
	return out
}

// waiting reports whether what was read last may be a key that is already
// whole: a lone ESC (the Escape key) or an introducer of two bytes (alt+[,
// alt+O …). Anything longer is the start of a sequence, and waits for its
// end however long it takes.
func (f *filter) waiting() bool {
	switch f.st {
	case escape:
		return true
	case csi, dcs, osc, ss3, ignoredString:
		return f.typed && f.afterIntro == 0
	}
	return false
}

// flush ends what waits (see waiting) as a pause after it does: a lone
// ESC is the Escape key, and ESC and an introducer with nothing after it
// is dropped (alt+[ and its like, which no key of the program is).
func (f *filter) flush(out []byte) []byte {
	if !f.waiting() {
		return out
	}
	if f.st == escape {
		out = f.emit(out, escapeKey...)
	}
	f.st = ground
	return out
}

// end ends the input: a lone ESC is the Escape key, and any sequence or
// rune not yet whole is dropped.
func (f *filter) end(out []byte) []byte {
	out = f.flush(out)
	f.st, f.r = ground, f.r[:0]
	return out
}

// emit appends b to out, unless a paste is being dropped.
func (f *filter) emit(out []byte, b ...byte) []byte {
	if f.paste {
		return out
	}
	return append(out, b...)
}

func (f *filter) step(out []byte, c byte) []byte {
	switch f.st {
	case escape:
		return f.escape(out, c)
	case escapeRune:
		return f.rune(out, c)
	case csi, dcs:
		return f.control(out, c)
	case dcsData, osc, ignoredString:
		return f.str(out, c)
	case ss3:
		return f.ss3(out, c)
	case x10:
		if f.x10Left--; f.x10Left == 0 {
			f.st = ground
		}
		return out
	case linuxKey:
		f.st = ground
		if key := linuxFunctionKey(c); key != "" {
			return f.emit(out, []byte(key)...)
		}
		return f.ground(out, c)
	}
	return f.ground(out, c)
}

// linuxFunctionKey is F1–F5 as the Linux console sends them (CSI [ A to
// CSI [ E; PuTTY's "Linux" function keys), in the form xterm sends them:
// the decoder splits the console's form, and its letter would act as a
// key of its own (F4 as D, the previous dataset).
func linuxFunctionKey(c byte) string {
	switch c {
	case 'A', 'B', 'C', 'D':
		return "\x1bO" + string(rune('P'+c-'A')) // F1–F4: SS3 P to S
	case 'E':
		return "\x1b[15~" // F5
	}
	return ""
}

// ground reads text and controls.
func (f *filter) ground(out []byte, c byte) []byte {
	switch {
	case len(f.r) > 0 || c >= 0xc0:
		return f.rune(out, c)
	case c == esc:
		f.st = escape
		return out
	case c < 0x80:
		return f.emit(out, c) // ASCII and the C0 controls, DEL
	}
	switch c {
	case csiC1:
		f.begin(csi, '[', false)
	case dcsC1:
		f.begin(dcs, 'P', false)
	case oscC1:
		f.begin(osc, ']', false)
	case apcC1, pmC1, sosC1:
		f.begin(ignoredString, 0, false)
	case ss3C1:
		f.begin(ss3, 'O', false)
	}
	// Any other C1 control, and a continuation byte without its start,
	// is dropped.
	return out
}

// rune reads a UTF-8 rune, in ground or after ESC (alt+rune). An invalid
// one loses its first byte and the rest is read afresh, as the decoder's
// utf8.DecodeRune does.
func (f *filter) rune(out []byte, c byte) []byte {
	f.r = append(f.r, c)
	if !utf8.FullRune(f.r) {
		return out
	}
	r, size := utf8.DecodeRune(f.r)
	alt := f.st == escapeRune
	f.st = ground
	if r == utf8.RuneError && size <= 1 {
		var rest [utf8.UTFMax]byte
		n := copy(rest[:], f.r[1:])
		f.r = f.r[:0]
		if alt {
			out = f.emit(out, escapeKey...)
		}
		for _, b := range rest[:n] {
			out = f.step(out, b)
		}
		return out
	}
	if r == utf8.RuneError {
		// U+FFFD, valid: the decoder takes it for an invalid byte.
		f.r = f.r[:0]
		return out
	}
	if alt {
		out = f.emitAlt(out, r)
	} else {
		out = f.emit(out, f.r...)
	}
	f.r = f.r[:0]
	return out
}

// emitAlt appends alt and the key r in the kitty keyboard protocol's
// form, CSI r ; 3 u (3 = 1 + alt's 2).
func (f *filter) emitAlt(out []byte, r rune) []byte {
	if f.paste {
		return out
	}
	out = append(out, esc, '[')
	out = strconv.AppendInt(out, int64(r), 10)
	return append(out, ";3u"...)
}

// escape reads the byte after ESC.
func (f *filter) escape(out []byte, c byte) []byte {
	switch c {
	case '[':
		f.begin(csi, '[', true)
	case 'P':
		f.begin(dcs, 'P', true)
	case ']':
		f.begin(osc, ']', true)
	case '_', '^', 'X':
		f.begin(ignoredString, 0, true)
	case 'O':
		f.begin(ss3, 'O', true)
	case esc:
		// The first was the Escape key; the second starts anew.
		return f.emit(out, escapeKey...)
	default:
		switch {
		case c < 0x80:
			// alt and a key: a character, a control, backspace.
			f.st = ground
			return f.emitAlt(out, rune(c))
		case c >= 0xc0:
			f.st = escapeRune
			return f.rune(out, c)
		}
		// A C1 byte or a stray continuation byte: the ESC was the
		// Escape key, and c is read afresh.
		f.st = ground
		out = f.emit(out, escapeKey...)
		return f.ground(out, c)
	}
	return out
}

// begin starts a sequence of state st, written with the introducer ESC
// intro (none for a sequence that is dropped whatever it holds); typed
// reports that it came as ESC and intro.
func (f *filter) begin(st state, intro byte, typed bool) {
	f.st, f.typed, f.afterIntro = st, typed, 0
	f.seq = append(f.seq[:0], esc, intro)
	f.bad = st == ignoredString
	f.params, f.seps, f.digits, f.first, f.firstDigits, f.prefix, f.inters = 0, 0, 0, 0, 0, false, 0
	f.stringEsc = false
}

// keep appends c to the sequence, unless it is already to be dropped.
func (f *filter) keep(c byte) {
	if !f.bad {
		f.seq = append(f.seq, c)
	}
}

// control reads a CSI's or a DCS's parameters, intermediates and final
// byte.
func (f *filter) control(out []byte, c byte) []byte {
	f.afterIntro++
	switch {
	case c >= 0x30 && c <= 0x3f: // a parameter byte
		if f.inters > 0 {
			// A parameter after an intermediate: the sequence is cut
			// short, and c read afresh.
			f.st = ground
			return f.ground(out, c)
		}
		maxSeps := maxSeparators
		if f.st == dcs {
			maxSeps = maxDCSSeparators
		}
		switch {
		case f.params == 0 && c >= '<':
			f.prefix = true
		case c >= '0' && c <= '9':
			if f.digits++; f.digits > maxDigits {
				f.bad = true
			}
			if f.seps == 0 {
				f.first = f.first*10 + int(c-'0')
				f.firstDigits++
			}
		case c == ';' || c == ':':
			f.digits = 0
			if f.seps++; f.seps > maxSeps {
				f.bad = true
			}
		default:
			// < = > ? after the first byte: the decoders disagree on it.
			f.bad = true
		}
		if f.params++; f.params > maxParamBytes {
			f.bad = true
		}
		f.keep(c)
		return out
	case c >= 0x20 && c <= 0x2f: // an intermediate byte
		if f.inters++; f.inters > maxIntermediates {
			f.bad = true
		}
		f.keep(c)
		return out
	case c >= 0x40 && c <= 0x7e: // the final byte
		if f.st == dcs {
			f.keep(c)
			f.st = dcsData
			return out
		}
		return f.final(out, c)
	case c == can || c == sub:
		// They cancel a sequence.
		f.st = ground
		return out
	}
	// Any other byte cuts the sequence short, and is read afresh.
	f.st = ground
	return f.ground(out, c)
}

// final ends a CSI with its final byte c: what the program takes is
// written whole, the rest dropped.
func (f *filter) final(out []byte, c byte) []byte {
	f.st = ground
	if f.bad {
		return out
	}
	if !f.prefix && f.inters == 0 {
		switch c {
		case '~':
			// CSI 200 ~ starts a bracketed paste and CSI 201 ~ ends it,
			// however many parameters follow (the decoder reads only the
			// first).
			if f.params > 0 && f.firstDigits > 0 {
				switch f.first {
				case 200:
					f.paste = true
					return out
				case 201:
					f.paste = false
					return out
				}
			}
		case 't', '_':
			// A window report, a Windows console record.
			return out
		case 'M':
			// An X10 mouse report: CSI M and three raw bytes (with
			// parameters, urxvt's form, none).
			if f.params == 0 {
				f.st, f.x10Left = x10, 3
			}
			return out
		case '[':
			// The Linux console's F1–F5 are CSI [ and a letter.
			if f.params == 0 {
				f.st = linuxKey
				return out
			}
		}
	}
	f.seq = append(f.seq, c)
	return f.emit(out, f.seq...)
}

// str reads the string of an OSC, a DCS, an APC, a PM or an SOS, up to
// ST (ESC \ or 0x9c), or BEL for an OSC; CAN or SUB cancels it, and an
// ESC that is not ST's starts a new sequence and drops it.
func (f *filter) str(out []byte, c byte) []byte {
	f.afterIntro++
	if f.stringEsc {
		f.stringEsc = false
		if c == '\\' {
			return f.endString(out)
		}
		f.st = escape
		return f.escape(out, c)
	}
	switch {
	case c == esc:
		f.stringEsc = true
	case c == stC1, c == bel && f.st == osc:
		return f.endString(out)
	case c == can || c == sub:
		f.st = ground
	case c < 0x20 || c > 0x7e || len(f.seq) >= maxString:
		// The program asks its terminal for colours and capabilities,
		// whose answers are short and printable.
		f.bad = true
	default:
		f.keep(c)
	}
	return out
}

// endString ends a string with ST.
func (f *filter) endString(out []byte) []byte {
	wasOSC := f.st == osc
	f.st = ground
	if f.bad || wasOSC && !oscAnswer(f.seq[2:]) {
		return out
	}
	return f.emit(out, append(f.seq, esc, '\\')...)
}

// oscAnswer reports whether an OSC's string is a command number and data,
// as the terminal's answers are (11;rgb:…): the decoder waits after one
// without data, as after a byte it does not know.
func oscAnswer(s []byte) bool {
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	return digits > 0 && digits <= 5 && len(s) > digits+1 && s[digits] == ';'
}

// ss3 reads SS3's digits and its character.
func (f *filter) ss3(out []byte, c byte) []byte {
	f.afterIntro++
	switch {
	case c >= '0' && c <= '9':
		if f.afterIntro > maxSS3Digits {
			f.bad = true
		}
		f.keep(c)
		return out
	case c >= 0x21 && c <= 0x7e:
		f.st = ground
		if f.bad {
			return out
		}
		f.seq = append(f.seq, c)
		return f.emit(out, f.seq...)
	}
	f.st = ground
	return f.ground(out, c)
}
