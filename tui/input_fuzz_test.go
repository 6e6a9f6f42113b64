package tui

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/internal/inputguard"
)

// eofSignal reads r and closes eof when it ends.
type eofSignal struct {
	r   io.Reader
	eof chan struct{}
}

func (s *eofSignal) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil {
		close(s.eof)
	}
	return n, err
}

// FuzzProgramInput drives the terminal program itself, a real tea.Program
// of the root model, with any bytes on its input, through the input guard
// as Run and serve connect it. Any panic fails: one in Bubble Tea's input
// goroutine ends the test binary (as it ended kernelscope serve, issue 33),
// one in the model comes back from the guard model. The program is a
// follower's (it writes no file), at 80×24, and quits once its input has
// ended and a little more.
func FuzzProgramInput(f *testing.F) {
	seeds := []string{
		"\x1b[" + strings.Repeat(";", 40) + "1m", // issue 33: x/ansi's index out of range
		"\x9bM000",                               // ultraviolet's X10 report read past its end
		"\x1b[200~" + "\x1b[" + strings.Repeat(";", 40) + "1m\x1b[201~", // the same, pasted
		"  c \x1b[A\x1b[B\x1b[1;2C kk ll ?\x1b",
		"\x1b[<0;30;10M\x1b[<0;30;10m\x1b[<64;30;10M\x1b[<0;99999999;99999999M",
		"\x1b]11;rgb:ffff/ffff/ffff\x07\x1bP1+r5463=31\x1b\\",
		"\x1b[8;9999;9999t\x1b[48;4096;4096;1;1t\x1b[0;0;27;1;0;1_",
		"g g g f f M U |  d d d D",
		"Q + y space - n space Q",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	o := builtinOptions(f, "worked4", 0)
	f.Fuzz(func(t *testing.T, in []byte) {
		m := New(o)
		m.files.Guest = true
		g := &guard{m: m}
		src := &eofSignal{r: bytes.NewReader(in), eof: make(chan struct{})}
		input := inputguard.NewReader(src)
		defer input.Close()
		prog := tea.NewProgram(g,
			tea.WithInput(input), tea.WithOutput(io.Discard), tea.WithoutSignalHandler(),
			tea.WithWindowSize(80, 24), tea.WithEnvironment([]string{"TERM=xterm-256color"}))
		g.quit = prog.Quit
		go func() {
			<-src.eof
			time.Sleep(2 * inputguard.EscTimeout)
			prog.Quit()
		}()
		if _, err := prog.Run(); err != nil && g.err == nil {
			t.Fatalf("%q: %v", in, err)
		}
		if g.err != nil {
			t.Fatalf("%q: %v", in, g.err)
		}
	})
}
