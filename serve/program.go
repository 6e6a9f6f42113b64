package serve

import (
	"io"
	"sync"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2/bubbletea"

	"kernelscope/internal/inputguard"
)

// programOptions connect a program to an SSH session with a terminal
// (wish's bubbletea.MakeOptions): its input and output are the channel's,
// its environment is the client's (NO_COLOR, LANG) with the TERM its PTY
// asked for, its colours come from that environment, never the server's,
// and ctrl+z, which would stop the program with no one to resume it, is
// ignored. A server adds no signal handler of the program's own: SIGTERM
// is the server's (Run tells every session).
//
// The size is clamped (clamp): a client may ask for billions of cells, and
// the program draws every one. The input passes the input guard (package
// inputguard) before Bubble Tea's decoder, which a crafted sequence would
// crash; it is in, which the caller closes when the program has ended.
// The input ends the session when it ends: a client that closes the
// channel but keeps the connection (OpenSSH's ControlMaster) would
// otherwise leave the program running until the connection's idle
// timeout; end is called then.
func programOptions(sess ssh.Session, in *inputguard.Reader) []tea.ProgramOption {
	opts := append(bubbletea.MakeOptions(sess), tea.WithoutSignalHandler(), tea.WithInput(in))
	if pty, _, ok := sess.Pty(); ok {
		w, h := clamp(pty.Window)
		opts = append(opts, tea.WithWindowSize(w, h)) // the last of an option wins
	}
	return opts
}

// The largest terminal a session is drawn for: a wall of 4K screens is
// less than this; a client that asks for more is drawn this big.
const maxCols, maxRows = 512, 256

// clamp is w's size within maxCols × maxRows.
func clamp(w ssh.Window) (cols, rows int) {
	return min(max(w.Width, 0), maxCols), min(max(w.Height, 0), maxRows)
}

// endsWith reads r and calls end once r ends (EOF or an error).
type endsWith struct {
	r   io.Reader
	end func()
}

func (e endsWith) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil {
		e.end()
	}
	return n, err
}

// windowSizes takes a session's window sizes, from the PTY request to the
// channel's end, and gives them to its program once there is one. It takes
// every size, program or not: the SSH library's request loop blocks for
// good on a size no one takes (a resize while a session is refused would
// leave its goroutine behind).
type windowSizes struct {
	mu   sync.Mutex
	prog *tea.Program
	last ssh.Window
}

// follow takes the sizes of win until it closes (the channel ended). A
// program that has ended takes a size at once, and drops it.
func (w *windowSizes) follow(win <-chan ssh.Window) {
	for size := range win {
		w.mu.Lock()
		w.last = size
		prog := w.prog
		w.mu.Unlock()
		if prog != nil {
			w, h := clamp(size)
			prog.Send(tea.WindowSizeMsg{Width: w, Height: h})
		}
	}
}

// attach gives the sizes to prog, which was made at size made; a size
// that came while it was being made is sent to it as it starts.
func (w *windowSizes) attach(prog *tea.Program, made ssh.Window) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.prog = prog
	if last := w.last; last != made && last != (ssh.Window{}) {
		cols, rows := clamp(last)
		go prog.Send(tea.WindowSizeMsg{Width: cols, Height: rows})
	}
}
