package inputguard

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// canonical is what the guard hands on for in, read in one piece, with
// the input's end after it.
func canonical(in string) string {
	var f filter
	return string(f.end(f.feed(nil, []byte(in))))
}

// The cases say what the guard keeps, rewrites and drops; each expected
// output follows from the grammar in the package comment (ECMA-48's, the
// bounds, the kinds dropped), not from running the guard.
func TestCanonicalForm(t *testing.T) {
	csi40 := "\x1b[" + strings.Repeat(";", 40) + "1m"
	csi31 := "\x1b[" + strings.Repeat(";", 31) + "1m"
	cases := []struct{ name, in, want string }{
		{"text and controls", "ab c\r\t\x7f\x03", "ab c\r\t\x7f\x03"},
		{"UTF-8", "é→🙂", "é→🙂"},
		{"arrow key", "\x1b[A", "\x1b[A"},
		{"modified arrow", "\x1b[1;5C", "\x1b[1;5C"},
		{"SGR mouse click", "\x1b[<0;10;5M\x1b[<0;10;5m", "\x1b[<0;10;5M\x1b[<0;10;5m"},
		{"kitty key with text", "\x1b[97;;97u", "\x1b[97;;97u"},
		{"focus", "\x1b[I\x1b[O", "\x1b[I\x1b[O"},
		{"SS3 arrow and F1", "\x1bOA\x1bOP", "\x1bOA\x1bOP"},
		{"alt and a key", "\x1bx\x1b\r", "\x1b[120;3u\x1b[13;3u"},
		{"alt and a rune", "\x1bé", "\x1b[233;3u"},
		{"U+FFFD", "a\uFFFDb", "ab"},
		{"the Escape key at the end", "q\x1b", "q\x1b[27u"},
		{"Escape, then an arrow", "\x1b\x1b[A", "\x1b[27u\x1b[A"},
		{"Escape before a C1 introducer", "\x1b\x9bA", "\x1b[27u\x1b[A"},
		// Issue 33: 40 parameters end x/ansi's decoder (index 40, length 32).
		{"a CSI of 40 parameters", csi40 + "x", "x"},
		{"a CSI of 32 parameters is kept", csi31, csi31},
		{"a parameter of 10 digits", "\x1b[2147483848~x", "x"},
		{"a parameter of 9 digits", "\x1b[123456789~", "\x1b[123456789~"},
		{"three intermediates", "\x1b[1 !\"px", "x"},
		{"a late prefix", "\x1b[1;<2Mx", "x"},
		{"8-bit CSI in 7-bit form", "\x9b1;5C", "\x1b[1;5C"},
		// ultraviolet reads an X10 report's three bytes at [3:6], past
		// the end of an 8-bit one (found by fuzzing, FuzzGuard's corpus).
		{"8-bit X10 report", "\x9bM000x", "x"},
		{"7-bit X10 report", "\x1b[M !!x", "x"},
		{"urxvt mouse report", "\x1b[32;10;5Mx", "x"},
		{"window size report", "\x1b[8;9999;9999tx", "x"},
		{"in-band resize", "\x1b[48;9999;9999;1;1tx", "x"},
		{"Windows console record", "\x1b[0;0;27;1;0;1_x", "x"},
		{"bracketed paste", "a\x1b[200~q" + csi40 + "\x1b[201~b", "ab"},
		{"paste start with more parameters", "\x1b[200;5~qq\x1b[201;9~b", "b"},
		{"a paste end alone", "\x1b[201~b", "b"},
		{"a prefixed 200~ is no paste", "\x1b[?200~b", "\x1b[?200~b"},
		{"OSC colour answer, BEL", "\x1b]11;rgb:1e1e/1e1e/2e2e\x07", "\x1b]11;rgb:1e1e/1e1e/2e2e\x1b\\"},
		{"OSC colour answer, ST", "\x1b]11;rgb:0/0/0\x1b\\", "\x1b]11;rgb:0/0/0\x1b\\"},
		{"OSC in 8-bit form", "\x9d11;rgb:0/0/0\x9c", "\x1b]11;rgb:0/0/0\x1b\\"},
		{"DCS capability answer", "\x1bP1+r5463=31\x1b\\", "\x1bP1+r5463=31\x1b\\"},
		{"DCS of 17 parameters", "\x1bP" + strings.Repeat("1;", 16) + "1|\x1b\\x", "x"},
		{"OSC too long", "\x1b]52;c;" + strings.Repeat("A", 600) + "\x07x", "x"},
		{"OSC with a control inside", "\x1b]2;a\x01b\x07x", "x"},
		{"OSC cut by ESC", "\x1b]2;abc\x1b[Ax", "\x1b[Ax"},
		{"OSC cancelled", "\x1b]2;abc\x18x", "x"},
		{"OSC without data", "\x1b]11;\x07\x1b]\x07\x1b]abc\x07x", "x"},
		{"APC, PM and SOS", "\x1b_Gi=1\x1b\\\x1b^p\x1b\\\x1bXs\x1b\\\x9fa\x9cx", "x"},
		{"CSI cut by a control", "\x1b[1;\rx", "\rx"},
		{"CSI cancelled", "\x1b[1;\x18x", "x"},
		{"invalid UTF-8", "\xc3(\xff\x80x", "(x"},
		{"a C1 control that starts nothing", "\x85x", "x"},
		{"an invalid lead byte before an 8-bit CSI", "\xe2\x9bAx", "\x1b[Ax"},
		{"an unfinished sequence at the end", "x\x1b[1;2", "x"},
		// Issue 40: PuTTY's "Linux" function keys; F4's D was the
		// previous dataset.
		{"the Linux console's F1–F5", "\x1b[[A\x1b[[B\x1b[[C\x1b[[D\x1b[[E", "\x1bOP\x1bOQ\x1bOR\x1bOS\x1b[15~"},
		{"CSI [ and no letter", "\x1b[[x", "x"},
	}
	for _, c := range cases {
		if got := canonical(c.in); got != c.want {
			t.Errorf("%s: %q became %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// TestSplitAnywhere: a sequence cut between two reads reads as it does
// whole; only a lone ESC, or ESC and an introducer, waits for a pause.
func TestSplitAnywhere(t *testing.T) {
	in := "a\x1b[1;5C\x1b]11;rgb:0/0/0\x07é\x1bOP\x1b[200~zz\x1b[201~\x9b5~b"
	want := canonical(in)
	for i := 0; i <= len(in); i++ {
		var f filter
		out := f.feed(nil, []byte(in[:i]))
		out = f.feed(out, []byte(in[i:]))
		if got := string(f.end(out)); got != want {
			t.Errorf("split at %d: %q, want %q", i, got, want)
		}
	}
}

// TestPauseMakesEscape: a pause after a lone ESC makes it the Escape key;
// a pause inside a longer sequence changes nothing.
func TestPauseMakesEscape(t *testing.T) {
	var f filter
	out := f.feed(nil, []byte("\x1b"))
	if !f.waiting() {
		t.Fatal("a lone ESC does not wait")
	}
	out = f.flush(out)
	out = f.feed(out, []byte("[A"))
	if got, want := string(out), "\x1b[27u[A"; got != want {
		t.Errorf("ESC, a pause, [A: %q, want %q", got, want)
	}

	f = filter{}
	out = f.feed(nil, []byte("\x1b[1;"))
	if f.waiting() {
		t.Error("a CSI with parameters waits for a pause")
	}
	out = f.flush(out)
	out = f.feed(out, []byte("5C"))
	if got, want := string(out), "\x1b[1;5C"; got != want {
		t.Errorf("ESC [ 1 ;, a pause, 5C: %q, want %q", got, want)
	}

	f = filter{}
	out = f.flush(f.feed(nil, []byte("\x1b[")))
	out = f.feed(out, []byte("x"))
	if got, want := string(out), "x"; got != want {
		t.Errorf("alt+[, a pause, x: %q, want %q", got, want)
	}
}

// decode is what Bubble Tea's decoder makes of b: its events, as the
// program's messages.
func decode(t testing.TB, b []byte) []tea.Msg {
	r := uv.NewTerminalReader(bytes.NewReader(b), "xterm-256color")
	events := make(chan uv.Event)
	done := make(chan error, 1)
	go func() {
		done <- r.StreamEvents(context.Background(), events)
		close(events)
	}()
	var msgs []tea.Msg
	for e := range events {
		msgs = append(msgs, e)
	}
	if err := <-done; err != nil {
		t.Fatalf("decoding %q: %v", b, err)
	}
	return msgs
}

// TestDecoderReadsTheCanonicalForm: the keys the program binds reach it as
// the same keys through the guard (the Escape key too, in its CSI u form).
func TestDecoderReadsTheCanonicalForm(t *testing.T) {
	cases := []struct{ in, want string }{
		{"\x1b", "esc"},
		{"\x1b[A", "up"},
		{"\x1bOA", "up"},
		{"\x1b[1;2A", "shift+up"},
		{" ", "space"},
		{"Q", "Q"},
		{"\x1b[3~", "delete"},
		{"\x7f", "backspace"},
		{"\x03", "ctrl+c"},
		{"\x1bx", "alt+x"},
		{"\x1b\r", "alt+enter"},
		{"\x1b\x7f", "alt+backspace"},
		{"\x1b[[A", "f1"},
		{"\x1b[[D", "f4"},
		{"\x1b[[E", "f5"},
	}
	for _, c := range cases {
		msgs := decode(t, []byte(canonical(c.in)))
		if len(msgs) != 1 {
			t.Errorf("%q: %d events %v, want one key", c.in, len(msgs), msgs)
			continue
		}
		k, ok := msgs[0].(uv.KeyPressEvent)
		if !ok || tea.KeyPressMsg(k).String() != c.want {
			t.Errorf("%q: %#v, want the key %q", c.in, msgs[0], c.want)
		}
	}
}

// TestReaderEscapeAfterAPause: through a Reader, a lone ESC followed by
// nothing becomes the Escape key within EscTimeout and a little.
func TestReaderEscapeAfterAPause(t *testing.T) {
	src, w := io.Pipe()
	r := NewReader(src)
	defer r.Close()
	go w.Write([]byte("\x1b"))
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 64)
		n, _ := r.Read(buf)
		got <- string(buf[:n])
	}()
	select {
	case s := <-got:
		if s != string(escapeKey) {
			t.Errorf("a lone ESC read as %q, want %q", s, escapeKey)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a lone ESC never became the Escape key")
	}
	w.Close()
	if n, err := r.Read(make([]byte, 8)); n != 0 || err != io.EOF {
		t.Errorf("after the source's end: %d, %v; want 0, EOF", n, err)
	}
}

// TestReaderCloseEndsARead: Close ends a Read that waits, and the reader's
// goroutine once its source returns.
func TestReaderCloseEndsARead(t *testing.T) {
	src, w := io.Pipe()
	r := NewReader(src)
	errc := make(chan error, 1)
	go func() {
		_, err := r.Read(make([]byte, 8))
		errc <- err
	}()
	r.Close()
	select {
	case err := <-errc:
		if err != io.EOF {
			t.Errorf("Read after Close: %v, want EOF", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not end a Read")
	}
	w.Close() // the goroutine's read returns, and it ends
}

// TestReaderBoundsMemory: a client that sends a paste that never ends, or
// an OSC that never ends, is read and dropped as it comes; the guard holds
// one chunk and one bounded sequence however much it reads.
func TestReaderBoundsMemory(t *testing.T) {
	for name, ends := range map[string][2]string{"paste": {"\x1b[200~", "\x1b[201~x"}, "OSC": {"\x1b]2;", "\x07x"}} {
		src := io.MultiReader(strings.NewReader(ends[0]), &repeat{b: byte('a'), n: 64 << 20}, strings.NewReader(ends[1]))
		r := NewReader(src)
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != "x" {
			t.Errorf("%s of 64 MiB: read %q, want x", name, out)
		}
		if c := cap(r.f.seq); c > 2*maxString {
			t.Errorf("%s of 64 MiB: the sequence grew to %d bytes", name, c)
		}
	}
}

// repeat is n bytes b.
type repeat struct {
	b byte
	n int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	n := min(len(p), r.n)
	for i := range p[:n] {
		p[i] = r.b
	}
	r.n -= n
	return n, nil
}

func ExampleNewReader() {
	// A student's client sends a CSI of 40 parameters (which ends
	// x/ansi's decoder), then q.
	in := strings.NewReader("\x1b[" + strings.Repeat(";", 40) + "1mq")
	out, _ := io.ReadAll(NewReader(in))
	fmt.Printf("%q\n", out)
	// Output: "q"
}
