package serve

import (
	"sync"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2/bubbletea"
)

// programOptions connect a program to an SSH session with a terminal
// (wish's bubbletea.MakeOptions): its input and output are the channel's,
// its environment is the client's (NO_COLOR, LANG) with the TERM its PTY
// asked for, its colours come from that environment, never the server's,
// and ctrl+z, which would stop the program with no one to resume it, is
// ignored. A server adds no signal handler of the program's own: SIGTERM
// is the server's (Run tells every session).
func programOptions(sess ssh.Session) []tea.ProgramOption {
	return append(bubbletea.MakeOptions(sess), tea.WithoutSignalHandler())
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
			prog.Send(tea.WindowSizeMsg{Width: size.Width, Height: size.Height})
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
		go prog.Send(tea.WindowSizeMsg{Width: last.Width, Height: last.Height})
	}
}
