package serve

import (
	"bytes"
	"image/color"
	"regexp"
	"sync"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"kernelscope/tui"
)

// The escapes a program's colours come as: 24-bit, 256 colours, and the
// XTGETTCAP query for 24-bit colour (RGB, hex 524742; Tc, 5463).
var (
	rgbSGR   = regexp.MustCompile(`\x1b\[[0-9;]*[34]8;2;`)
	sgr256   = regexp.MustCompile(`\x1b\[[0-9;]*[34]8;5;`)
	anySGR   = regexp.MustCompile(`\x1b\[[0-9;]*(?:[34]8;[25];|\b(?:3[0-7]|4[0-7]|9[0-7]|10[0-7])m)`)
	rgbQuery = []byte("\x1bP+q524742\x1b\\")
)

// rawTerm keeps the bytes a session's terminal received, and answers the
// program's query for 24-bit colour with yes, as a terminal that has it
// does (xterm with its direct colour, kitty; none of plink, dbclient or
// OpenSSH through tmux did, but one may).
type rawTerm struct {
	mu  sync.Mutex
	raw bytes.Buffer
}

func (r *rawTerm) drawn(emu *vt.Emulator, b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.raw.Write(b)
	if bytes.Contains(b, rgbQuery) {
		// Answered off the screen's lock: the answer goes through the
		// emulator's input pipe, which the session reads.
		go emu.SendText("\x1bP1+r524742\x1b\\")
	}
}

// since is what the terminal received from byte n on, and its length.
func (r *rawTerm) since(n int) ([]byte, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bytes.Clone(r.raw.Bytes()[n:]), r.raw.Len()
}

// colours counts the screen's cells by the kind of colour their
// foreground and background are in: the 16 basic colours, 256 (an index)
// or 24-bit. A terminal keeps each cell as it was last written: a cell the
// program did not write again after a change of profile keeps the old
// profile's colour.
func (tm *term) colours() (basic, indexed, rgb int) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	for y := range tm.emu.Height() {
		for x := range tm.emu.Width() {
			c := tm.emu.CellAt(x, y)
			if c == nil {
				continue
			}
			for _, col := range []color.Color{c.Style.Fg, c.Style.Bg} {
				switch col.(type) {
				case nil:
				case ansi.BasicColor:
					basic++
				case ansi.IndexedColor:
					indexed++
				default:
					rgb++
				}
			}
		}
	}
	return basic, indexed, rgb
}

// TestClassColors: a plink student (PTY type xterm, 80×24) is drawn in 16
// colours by default, and asks the terminal for 24-bit colour: a terminal
// that says yes gets it. A class served with --colors 256 draws every
// seat in 256 colours whatever its TERM says, and asks nothing; a
// student's NO_COLOR still wins. C then tries the next profile, over SSH
// as at home.
func TestClassColors(t *testing.T) {
	for _, c := range []struct {
		name    string
		colors  colorprofile.Profile
		env     map[string]string
		asks    bool
		drawn   *regexp.Regexp // the escapes the screen is drawn with (nil: no colour)
		notDraw *regexp.Regexp
	}{
		{"default", colorprofile.Unknown, nil, true, rgbSGR, nil},
		{"--colors 256", colorprofile.ANSI256, nil, false, sgr256, rgbSGR},
		{"--colors 256, NO_COLOR", colorprofile.ANSI256, map[string]string{"NO_COLOR": "1"}, false, nil, anySGR},
	} {
		t.Run(c.name, func(t *testing.T) {
			cls := serveClass(t, Config{Display: tui.Display{Colors: c.colors}})
			r := &rawTerm{}
			tm := cls.endpoint().joinAs(t, "student", newKey(t), terminal{Type: "xterm", Env: c.env}, 80, 24, r.drawn)
			tm.waitFor("following")
			tm.waitFor("q quit")
			if c.drawn != nil {
				eventually(t, "the screen drawn with "+c.drawn.String(), func() bool {
					b, _ := r.since(0)
					return c.drawn.Match(b) || c.notDraw != nil && c.notDraw.Match(b)
				})
			}
			raw, n := r.since(0)
			if asked := bytes.Contains(raw, rgbQuery); asked != c.asks {
				t.Errorf("the program asked the terminal for 24-bit colour: %v, want %v", asked, c.asks)
			}
			if c.notDraw != nil && c.notDraw.Match(raw) {
				t.Errorf("the screen was drawn with %s: %q", c.notDraw, c.notDraw.Find(raw))
			}
			basic, indexed, rgb := tm.colours()
			switch {
			case c.drawn == nil && basic+indexed+rgb > 0,
				c.drawn == sgr256 && (indexed == 0 || rgb > 0),
				c.drawn == rgbSGR && rgb == 0:
				t.Errorf("the screen's cells are in 16 colours %d, 256 %d, 24-bit %d", basic, indexed, rgb)
			}
			if c.colors == colorprofile.ANSI256 && c.env == nil {
				// The class's 256 colours: from C on, 16 colours (the
				// basic SGR parameters), no 256 and no 24-bit.
				tm.press("C")
				tm.waitFor("16 colours now, on your screen only")
				eventually(t, "every cell on screen in 16 colours", func() bool {
					basic, indexed, rgb := tm.colours()
					return basic > 0 && indexed == 0 && rgb == 0
				})
				after, _ := r.since(n)
				if sgr256.Match(after) || rgbSGR.Match(after) || !anySGR.Match(after) {
					t.Errorf("after C the screen was not redrawn in 16 colours: 256 %v, 24-bit %v", sgr256.Match(after), rgbSGR.Match(after))
				}
				if bytes.Contains(after, rgbQuery) {
					t.Error("C asked the terminal for 24-bit colour")
				}
			}
		})
	}
}
