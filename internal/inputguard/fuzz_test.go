package inputguard

import (
	"strings"
	"testing"
	"unicode/utf8"

	uv "github.com/charmbracelet/ultraviolet"
)

// FuzzGuard feeds the guard any bytes, cut in two reads with a pause
// between them, and checks what it hands on: Bubble Tea's decoder reads
// it without a panic, sees no paste and no window size in it, and never
// has to wait for more to read an event of it (what would let its buffer
// grow); it is canonical (the guard hands it on unchanged) and bounded (at
// most eight bytes out for a byte in: alt+a is CSI 97;3u).
func FuzzGuard(f *testing.F) {
	seeds := []string{
		"\x1b[" + strings.Repeat(";", 40) + "1m", // issue 33: the decoder's index out of range
		"\x9bM000",                               // ultraviolet's X10 report read past its end
		"\x1b[1;5C\x1b[<0;10;5M\x1b[<0;10;5m\x1bOP",
		"\x1b[200~paste\x1b[201~",
		"\x1b]11;rgb:0000/0000/0000\x07\x1bP1+r5463=31\x1b\\",
		"\x1b[0;0;27;1;0;1_",
		"\x1b[8;9999;9999t",
		"\x1b\x1bx\x1bé\xc3(",
	}
	for _, s := range seeds {
		f.Add([]byte(s), uint16(len(s)/2))
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint16) {
		at := int(cut) % (len(in) + 1)
		var g filter
		out := g.feed(nil, in[:at])
		out = g.flush(out)
		out = g.end(g.feed(out, in[at:]))
		if len(out) > 8*len(in) {
			t.Fatalf("%d bytes in, %d out", len(in), len(out))
		}
		if again := canonical(string(out)); again != string(out) {
			t.Fatalf("not canonical: %q became %q, then %q", in, out, again)
		}
		for _, msg := range decode(t, out) {
			switch msg.(type) {
			case uv.PasteStartEvent, uv.PasteEndEvent, uv.PasteEvent, uv.WindowSizeEvent:
				t.Fatalf("%q became %q, which the decoder reads as %T", in, out, msg)
			}
		}
		if !utf8.Valid(out) {
			t.Fatalf("%q became %q, not UTF-8", in, out)
		}
		noWait(t, out)
	})
}

// noWait checks that the decoder reads every event of b without waiting
// for more input: ultraviolet's scanner keeps the rest of its buffer after
// an UnknownEvent, or after an event of ESC and at most one byte, until
// the input pauses (terminal_reader.go, scanEvents).
func noWait(t *testing.T, b []byte) {
	t.Helper()
	var d uv.EventDecoder
	for at := 0; at < len(b); {
		n, e := d.Decode(b[at:])
		switch {
		case n <= 0:
			t.Fatalf("the decoder reads nothing at %d of %q", at, b)
		case b[at] == esc && n <= 2:
			t.Fatalf("the decoder waits after %q (%T) in %q", b[at:at+n], e, b)
		}
		if _, ok := e.(uv.UnknownEvent); ok {
			t.Fatalf("the decoder waits after %q, unknown to it, in %q", b[at:at+n], b)
		}
		at += n
	}
}
