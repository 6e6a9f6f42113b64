package serve

import (
	"context"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/colorprofile"

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
// colors, unless Unknown, is the class's colour profile (serve --colors):
// the program draws in it whatever TERM says (plink says xterm, 16
// colours, whatever the terminal shows), unless the client's environment
// has NO_COLOR, which wins as it does in the program (tui.Model).
//
// The size is clamped (clamp): a client may ask for billions of cells, and
// the program draws every one. The input passes the input guard (package
// inputguard) before Bubble Tea's decoder, which a crafted sequence would
// crash; it is in, which the caller closes when the program has ended.
// The input ends the session when it ends: a client that closes the
// channel but keeps the connection (OpenSSH's ControlMaster) would
// otherwise leave the program running until the connection's idle
// timeout; end is called then. The output is out, which tells how long a
// write has waited.
func programOptions(sess ssh.Session, in *inputguard.Reader, out *output, colors colorprofile.Profile) []tea.ProgramOption {
	opts := append(bubbletea.MakeOptions(sess), tea.WithoutSignalHandler(), tea.WithInput(in), tea.WithOutput(out))
	if pty, _, ok := sess.Pty(); ok {
		w, h := clamp(pty.Window)
		opts = append(opts, tea.WithWindowSize(w, h)) // the last of an option wins
	}
	if colors != colorprofile.Unknown && !noColor(sess.Environ()) {
		opts = append(opts, tea.WithColorProfile(colors))
	}
	return opts
}

// noColor reports whether env says NO_COLOR (https://no-color.org: set
// and not empty).
func noColor(env []string) bool {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "NO_COLOR="); ok && v != "" {
			return true
		}
	}
	return false
}

// The largest terminal a session is drawn for: a wall of 4K screens is
// less than this; a client that asks for more is drawn this big.
const maxCols, maxRows = 512, 256

// clamp is w's size within maxCols × maxRows.
func clamp(w ssh.Window) (cols, rows int) {
	return min(max(w.Width, 0), maxCols), min(max(w.Height, 0), maxRows)
}

// activity reads a session's input: it calls end once the input ends
// (EOF or an error), and keeps when it last read anything (idle).
type activity struct {
	r    io.Reader
	end  func()
	last atomic.Int64 // unix nanoseconds
}

func newActivity(r io.Reader, end func()) *activity {
	a := &activity{r: r, end: end}
	a.last.Store(time.Now().UnixNano())
	return a
}

func (a *activity) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if n > 0 {
		a.last.Store(time.Now().UnixNano())
	}
	if err != nil {
		a.end()
	}
	return n, err
}

// lastInput is when the session last sent anything.
func (a *activity) lastInput() time.Time { return time.Unix(0, a.last.Load()) }

// output is a session's output, which tells how long a write has waited:
// a client that reads nothing (its SSH window full) holds the program's
// renderer, and its session is ended (watch).
type output struct {
	w     io.Writer
	since atomic.Int64 // when the write under way began (unix ns), 0 for none
}

func (o *output) Write(p []byte) (int, error) {
	o.since.CompareAndSwap(0, time.Now().UnixNano())
	defer o.since.Store(0)
	return o.w.Write(p)
}

// stalled is how long the write under way has waited (0: none).
func (o *output) stalled(now time.Time) time.Duration {
	if t := o.since.Load(); t != 0 {
		return now.Sub(time.Unix(0, t))
	}
	return 0
}

// windowSizes keeps a session's newest window size, from the PTY request
// to the channel's end, and hands it to its program. The SSH library's
// request loop sends every window-change on a channel of one: follow takes
// each at once and never waits on the program, so a client's flood of
// resizes cannot stop the loop (which, waiting, stopped the connection's
// reads, and with them the window-adjusts the program's writes waited
// for: a deadlock that held the seat for ever).
type windowSizes struct {
	mu   sync.Mutex
	last ssh.Window
	news chan struct{} // a token when a size came that was not handed on
}

func newWindowSizes() *windowSizes { return &windowSizes{news: make(chan struct{}, 1)} }

// follow takes the sizes of win until it closes (the channel ended).
func (w *windowSizes) follow(win <-chan ssh.Window) {
	for size := range win {
		w.mu.Lock()
		w.last = size
		w.mu.Unlock()
		select {
		case w.news <- struct{}{}:
		default: // the newest is kept; one token says so
		}
	}
}

// send hands prog the newest size each time new ones came, until ctx is
// done; prog was made at size made. It waits on the program, on its own
// goroutine: the sizes that come meanwhile are one, the newest.
func (w *windowSizes) send(ctx context.Context, prog *tea.Program, made ssh.Window) {
	sent := made
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.news:
		}
		w.mu.Lock()
		size := w.last
		w.mu.Unlock()
		if size == sent || size == (ssh.Window{}) {
			continue
		}
		sent = size
		cols, rows := clamp(size)
		prog.Send(tea.WindowSizeMsg{Width: cols, Height: rows}) // returns once taken, or once the program ended
	}
}
